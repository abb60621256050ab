package sgapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func num(t *testing.T, v any) float64 {
	t.Helper()
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("not a number: %#v", v)
	}
	return f
}

func employee(t *testing.T, b *testkit.Bundle, key, B, first string) int64 {
	t.Helper()
	r := b.Do("POST", B+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": first, "surname": "Tan"}).Expect(t, 200).Map(t)
	return int64(num(t, r["id"]))
}

// kindCase is one IRAS item kind: a valid body, a partial update and the
// member it changes, and bodies that must be refused naming a member.
type kindCase struct {
	seg           string
	body          map[string]any
	update        map[string]any
	changed, kept string
	invalid       map[string]map[string]any // field -> body
}

var kinds = []kindCase{
	{seg: "benefitsinkind",
		body: map[string]any{"basisPeriod": 2026, "addressLine1": "1 Orchard Rd", "periodOfOccupationFromDate": "2026-01-01T00:00:00",
			"periodOfOccupationToDate": "2026-12-31T00:00:00", "employeesSharingPremises": 1, "benefitType": "rent", "benefit": 24000,
			"furnishedType": "Fully", "utilitiesGadgets": 1200.5, "carBenefits": 3000},
		update: map[string]any{"carBenefits": 3500.25}, changed: "carBenefits", kept: "benefit",
		invalid: map[string]map[string]any{
			"basisPeriod":              {"benefitType": "Value", "benefit": 1},
			"benefitType":              {"basisPeriod": 2026, "benefitType": "Lease", "benefit": 1},
			"benefit":                  {"basisPeriod": 2026, "benefitType": "Value"},
			"carBenefits":              {"basisPeriod": 2026, "carBenefits": 10.005},
			"driver":                   {"basisPeriod": 2026, "driver": -1},
			"periodOfOccupationToDate": {"basisPeriod": 2026, "periodOfOccupationFromDate": "2026-06-01T00:00:00", "periodOfOccupationToDate": "2026-01-01T00:00:00"},
		}},
	{seg: "gainsorprofitsemployeeshareplan",
		body: map[string]any{"basisPeriod": 2026, "schemeType": "ERISSME", "companyName": "Lion Pte Ltd", "uen": "201912345K", "planType": "esop",
			"grantDate": "2024-03-01T00:00:00", "exerciseVestingDate": "2026-03-01T00:00:00", "exercisePriceAmount": 1.2,
			"marketValuePerShareDateOfGrantAmount": 1.5, "marketValuePerShareDateOfExerciseVestingAmount": 3.1, "numberOfSharesAcquired": 1000},
		update: map[string]any{"numberOfSharesAcquired": 1500}, changed: "numberOfSharesAcquired", kept: "companyName",
		invalid: map[string]map[string]any{
			"schemeType":          {"basisPeriod": 2026, "companyName": "X", "planType": "ESOW"},
			"planType":            {"basisPeriod": 2026, "companyName": "X", "schemeType": "ERISAll", "planType": "RSU"},
			"companyName":         {"basisPeriod": 2026, "schemeType": "ERISAll", "planType": "ESOW"},
			"exerciseVestingDate": {"basisPeriod": 2026, "companyName": "X", "schemeType": "ERISAll", "planType": "ESOW", "grantDate": "2026-03-01T00:00:00", "exerciseVestingDate": "2025-03-01T00:00:00"},
		}},
	{seg: "incomefromoverseassubjecttotaxremission",
		body: map[string]any{"basisPeriod": 2025, "incomeType": "TaxRemission", "incomeAmount": 50000, "periodOfOverseasPostingType": "Part",
			"exemptIncomeAmount": 20000, "contributionsToOverseasFunds": true, "overseasFundName": "Fund A", "contributionsMandatory": false},
		update: map[string]any{"exemptIncomeAmount": 25000}, changed: "exemptIncomeAmount", kept: "incomeAmount",
		invalid: map[string]map[string]any{
			"incomeType":                  {"basisPeriod": 2026, "periodOfOverseasPostingType": "Full"},
			"periodOfOverseasPostingType": {"basisPeriod": 2026, "incomeType": "Seaman"},
			"exemptIncomeAmount":          {"basisPeriod": 2026, "incomeType": "Seaman", "periodOfOverseasPostingType": "Full", "incomeAmount": 10, "exemptIncomeAmount": 11},
			"overseasFundName":            {"basisPeriod": 2026, "incomeType": "Seaman", "periodOfOverseasPostingType": "Full", "contributionsToOverseasFunds": true},
		}},
	{seg: "incometaxbornebyemployer",
		body:   map[string]any{"basisPeriod": 2026, "taxBorneByEmployerType": "Partially", "borneByEmployerAmount": 1500, "borneByEmployeeAmount": 500},
		update: map[string]any{"borneByEmployeeAmount": 750.75}, changed: "borneByEmployeeAmount", kept: "borneByEmployerAmount",
		invalid: map[string]map[string]any{
			"taxBorneByEmployerType": {"basisPeriod": 2026},
			"borneByEmployerAmount":  {"basisPeriod": 2026, "taxBorneByEmployerType": "FixedAmount"},
			"borneByEmployeeAmount":  {"basisPeriod": 2026, "taxBorneByEmployerType": "Partially", "borneByEmployerAmount": 1},
		}},
	{seg: "lumpsum",
		body: map[string]any{"basisPeriod": 2026, "approved": true, "dateOfApproval": "2026-05-01T00:00:00", "paymentReason": "Retrenchment",
			"serviceLength": "12 years", "paymentBasis": "Two weeks per year of service", "retirementBenefitsFund": ""},
		update: map[string]any{"paymentReason": "Retirement"}, changed: "paymentReason", kept: "serviceLength",
		invalid: map[string]map[string]any{
			"approved":          {"basisPeriod": 2026, "dateOfApproval": "2026-05-01T00:00:00"},
			"employingEntityId": {"basisPeriod": 2026, "employingEntityId": 999999},
			"basisPeriod":       {"basisPeriod": 26},
		}},
}

// TestIRASItemsAPI: every kind's create, read back, list, partial update,
// delete then 404, and its 400 (naming the member), 401, 404 (other
// tenant, other kind) and region answers, on both engines.
func TestIRASItemsAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "SG")
		key := b.Key
		emp := employee(t, b, key, b.B, "Mei")
		theirs := employee(t, b, b.OtherKey, b.OtherB, "Bob")
		_, auB := b.AddBusiness("Alice AU", "AU")
		auEmp := employee(t, b, key, auB, "Ann")
		E, EO := fmt.Sprintf("%s/employee/%d", b.B, emp), fmt.Sprintf("%s/employee/%d", b.OtherB, theirs)
		firstID := int64(0)
		for _, k := range kinds {
			t.Run(k.seg, func(t *testing.T) {
				coll := E + "/" + k.seg
				created := b.Do("POST", coll, key, k.body).Expect(t, 200).Map(t)
				id := int64(num(t, created["id"]))
				for m, want := range k.body {
					got := created[m]
					if s, ok := want.(string); ok && (m == "benefitType" || m == "planType") {
						// enums come back in their canonical spelling
						if fmt.Sprint(got) == s || got == nil {
							t.Fatalf("%s: %s = %v, want canonical spelling of %q", k.seg, m, got, s)
						}
						continue
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Fatalf("%s: %s = %v, want %v", k.seg, m, got, want)
					}
				}
				item := fmt.Sprintf("%s/%d", coll, id)
				if firstID == 0 {
					firstID = id
				} else {
					// another kind's id is not an item of this kind
					testkit.ExpectProblem(t, b.Do("GET", fmt.Sprintf("%s/%d", coll, firstID), key, nil), 404, "")
				}
				var list []map[string]any
				b.Do("GET", coll, key, nil).Expect(t, 200).JSON(t, &list)
				if len(list) != 1 || int64(num(t, list[0]["id"])) != id {
					t.Fatalf("%s list %v", k.seg, list)
				}
				got := b.Do("GET", item, key, nil).Expect(t, 200).Map(t)
				if fmt.Sprint(got) != fmt.Sprint(created) {
					t.Fatalf("%s read back %v, created %v", k.seg, got, created)
				}
				up := b.Do("PUT", item, key, k.update).Expect(t, 200).Map(t)
				if fmt.Sprint(up[k.changed]) != fmt.Sprint(k.update[k.changed]) || fmt.Sprint(up[k.kept]) != fmt.Sprint(created[k.kept]) {
					t.Fatalf("%s update %v", k.seg, up)
				}
				if again := b.Do("GET", item, key, nil).Expect(t, 200).Map(t); fmt.Sprint(again) != fmt.Sprint(up) {
					t.Fatalf("%s after update %v", k.seg, again)
				}
				cases := []testkit.Case{
					{Name: "anonymous", Method: "GET", Path: coll, Status: 401},
					{Name: "other tenant's employee", Method: "GET", Path: EO + "/" + k.seg, Key: key, Status: 404},
					{Name: "employee of another business", Method: "POST", Path: fmt.Sprintf("%s/employee/%d/%s", b.OtherB, emp, k.seg), Key: b.OtherKey, Body: k.body, Status: 404},
					{Name: "other tenant reads the item", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/%s/%d", b.B, emp, k.seg, id), Key: b.OtherKey, Status: 404},
					{Name: "AU business", Method: "POST", Path: fmt.Sprintf("%s/employee/%d/%s", auB, auEmp, k.seg), Key: key, Body: k.body, Status: 400, Field: "region"},
					{Name: "missing item", Method: "GET", Path: coll + "/999999", Key: key, Status: 404},
					{Name: "update refused", Method: "PUT", Path: item, Key: key, Body: map[string]any{"basisPeriod": 3000}, Status: 400, Field: "basisPeriod"},
				}
				for field, body := range k.invalid {
					cases = append(cases, testkit.Case{Name: "400 " + field, Method: "POST", Path: coll, Key: key, Body: body, Status: 400, Field: field})
				}
				b.RunCases(t, cases)
				// refused writes changed nothing
				if again := b.Do("GET", item, key, nil).Expect(t, 200).Map(t); fmt.Sprint(again) != fmt.Sprint(up) {
					t.Fatalf("%s after refused update %v", k.seg, again)
				}
				b.Do("DELETE", item, key, nil).Expect(t, 200)
				testkit.ExpectProblem(t, b.Do("GET", item, key, nil), 404, "")
				testkit.ExpectProblem(t, b.Do("DELETE", item, key, nil), 404, "")
				b.Do("GET", coll, key, nil).Expect(t, 200).JSON(t, &list)
				if len(list) != 0 {
					t.Fatalf("%s list after delete %v", k.seg, list)
				}
			})
		}
	})
}
