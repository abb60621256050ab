package payrunapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	leavepkg "github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// collectionCategories creates an expense, a liability and a leave
// category in alice's business.
func (e *env) collectionCategories(t *testing.T) (expense, liability string, leave int64) {
	id := func(coll string, body map[string]any) string {
		return fmt.Sprint(int64(num(t, e.Do("POST", e.B+"/"+coll, e.Key, body).Expect(t, 200).Map(t)["id"])))
	}
	return id("employeeexpensecategory", map[string]any{"name": "Travel"}),
		id("employerliabilitycategory", map[string]any{"name": "Workers comp"}),
		int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Annual Leave", "unitType": "HoursPerHourWorked", "units": 0.0769}).Expect(t, 200).Map(t)["id"]))
}

// totalsOf is one employee's P/totals entry.
func (e *env) totalsOf(t *testing.T, P string, emp int64) map[string]any {
	m := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)
	return m["payRunTotals"].(map[string]any)[fmt.Sprint(emp)].(map[string]any)
}

// Each collection changes the figures it should, to the cent: expenses are
// paid beside net (not gross), liabilities show in totals only, tax
// adjustments change tax withheld and so net; net = gross - deductions -
// tax throughout. Ann is paid 38 h x 35.1234 = 1,334.69 a week; scale 2
// (2026-27): x = 1,334.99, 0.32 x 1,334.99 - 181.7319 = 245.46 -> 245.
func TestCollectionsFigures(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		exp, lia, leave := e.collectionCategories(t)
		a := fmt.Sprint(ann)
		check := func(step string, gross, payg, net, expenses, liabilities int64) {
			t.Helper()
			tot := e.totalsOf(t, P, ann)
			got := [5]int64{cents(t, tot["grossEarnings"]), cents(t, tot["paygWithheld"]), cents(t, tot["netEarnings"]),
				cents(t, tot["totalEmployeeExpenses"]), cents(t, tot["totalEmployerLiabilities"])}
			if want := [5]int64{gross, payg, net, expenses, liabilities}; got != want {
				t.Fatalf("%s: gross, payg, net, expenses, liabilities = %v, want %v", step, got, want)
			}
			if n := cents(t, tot["grossEarnings"]) - cents(t, tot["preTaxDeductions"]) - cents(t, tot["postTaxDeductions"]) -
				cents(t, tot["paygWithheld"]) - cents(t, tot["helpWithheld"]); n != got[2] {
				t.Fatalf("%s: net %d is not gross - deductions - tax = %d", step, got[2], n)
			}
		}
		check("standard pay", 133469, 24500, 108969, 0, 0)

		r := e.Do("POST", P+"/EmployeeExpenses", e.Key, map[string]any{"expenses": map[string]any{a: []any{
			map[string]any{"employeeExpenseCategoryId": exp, "amount": 45.5, "notes": "taxi", "taxCode": "GST"}}}}).Expect(t, 200).Map(t)
		line := r["employeeExpenses"].(map[string]any)[a].([]any)[0].(map[string]any)
		if cents(t, line["amount"]) != 4550 || line["taxCode"] != "GST" || line["employeeExpenseCategoryName"] != "Travel" || line["notes"] != "taxi" {
			t.Fatalf("expense line %v", line)
		}
		check("expense", 133469, 24500, 108969, 4550, 0)
		det := e.Do("GET", P+"/details", e.Key, nil).Expect(t, 200).Map(t)
		if bank := cents(t, det["payRunTotals"].([]any)[0].(map[string]any)["bankPaymentsTotal"]); bank != 108969+4550 {
			t.Fatalf("bank payments %d, want net + expenses", bank)
		}

		e.Do("POST", P+"/employerliabilities", e.Key, map[string]any{"employerLiabilities": map[string]any{a: []any{
			map[string]any{"employerLiabilityCategoryId": lia, "amount": 100}}}}).Expect(t, 200)
		check("liability", 133469, 24500, 108969, 4550, 10000)

		r = e.Do("POST", P+"/paygadjustments", e.Key, map[string]any{"paygAdjustments": map[string]any{a: []any{
			map[string]any{"amount": 20.25, "notes": "catch up"}}}}).Expect(t, 200).Map(t)
		adj := int64(num(t, r["paygAdjustments"].(map[string]any)[a].([]any)[0].(map[string]any)["id"]))
		check("PAYG adjustment", 133469, 26525, 106944, 4550, 10000)
		// One collection under three names.
		for _, name := range []string{"taxadjustments", "payeadjustments", "paygadjustments/" + a} {
			m := e.Do("GET", P+"/"+name, e.Key, nil).Expect(t, 200).Map(t)
			for k, v := range m {
				if k != "payRunId" && len(v.(map[string]any)[a].([]any)) != 1 {
					t.Fatalf("%s: %v", name, m)
				}
			}
		}
		e.Do("DELETE", fmt.Sprintf("%s/paygadjustments?id=%d", P, adj), e.Key, nil).Expect(t, 200)
		check("adjustment deleted", 133469, 24500, 108969, 4550, 10000)
		// SG's path to the same collection.
		e.Do("POST", P+"/taxadjustments", e.Key, map[string]any{"taxAdjustments": map[string]any{a: []any{map[string]any{"amount": 5}}}}).Expect(t, 200)
		check("tax adjustment", 133469, 25000, 108469, 4550, 10000)

		// Paths match in any case; an employee's list has their lines.
		m := e.Do("GET", fmt.Sprintf("%s/employeeexpenses/%d", P, ann), e.Key, nil).Expect(t, 200).Map(t)
		if len(m["employeeExpenses"].(map[string]any)[a].([]any)) != 1 {
			t.Fatalf("employee's expenses %v", m)
		}
		// replaceExisting with no lines empties the employee's expenses.
		e.Do("POST", P+"/EmployeeExpenses", e.Key, map[string]any{"replaceExisting": true, "expenses": map[string]any{a: []any{}}}).Expect(t, 200)
		check("expenses replaced", 133469, 25000, 108469, 0, 10000)
		// suppressCalculations stores without recalculating; P/recalculate
		// brings the figures up to date.
		e.Do("POST", P+"/employerliabilities", e.Key, map[string]any{"suppressCalculations": true, "employerLiabilities": map[string]any{a: []any{
			map[string]any{"employerLiabilityCategoryId": lia, "amount": 0.5}}}}).Expect(t, 200)
		check("suppressed", 133469, 25000, 108469, 0, 10000)
		e.Do("POST", P+"/recalculate", e.Key, nil).Expect(t, 200)
		check("recalculated", 133469, 25000, 108469, 0, 10050)

		// Super, SDL and voluntary CPF lines keep their contribution types.
		r = e.Do("POST", P+"/superadjustments", e.Key, map[string]any{"superAdjustments": map[string]any{a: []any{
			map[string]any{"amount": 50, "contributionType": "salarysacrifice"}, map[string]any{"amount": 12.34}}}}).Expect(t, 200).Map(t)
		sup := r["superAdjustments"].(map[string]any)[a].([]any)
		if len(sup) != 2 || sup[0].(map[string]any)["contributionType"] != "SalarySacrifice" || sup[1].(map[string]any)["contributionType"] != "SuperGuarantee" {
			t.Fatalf("super adjustments %v", sup)
		}
		e.Do("POST", P+"/voluntarycpf", e.Key, map[string]any{"voluntaryCpf": map[string]any{a: []any{map[string]any{"amount": 10, "contributionType": "Employer"}}}}).Expect(t, 200)
		e.Do("POST", P+"/sdladjustments", e.Key, map[string]any{"sdlAdjustments": map[string]any{a: []any{map[string]any{"amount": 1.25}}}}).Expect(t, 200)
		for name, key := range map[string]string{"voluntarycpf": "voluntaryCpf", "sdladjustments": "sdlAdjustments", "benefits": "benefits", "hmrcadjustments": "hmrcAdjustments"} {
			m := e.Do("GET", P+"/"+name, e.Key, nil).Expect(t, 200).Map(t)
			want := 1
			if name == "benefits" || name == "hmrcadjustments" {
				want = 0
			}
			if got := len(m[key].(map[string]any)); got != want {
				t.Fatalf("%s: %v", name, m)
			}
		}

		// Leave accruals: hours by category; LeaveTaken listed on request.
		r = e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{a: []any{
			map[string]any{"leaveCategoryId": leave, "amount": 2.92, "notes": "accrued"},
			map[string]any{"leaveCategoryId": leave, "amount": 7.6, "accrualType": "LeaveTaken"}}}}).Expect(t, 200).Map(t)
		if l := r["leave"].(map[string]any)[a].([]any); len(l) != 2 || num(t, l[0].(map[string]any)["amount"]) != 2.92 ||
			l[0].(map[string]any)["accrualType"] != "LeaveAccrued" || l[0].(map[string]any)["leaveCategoryName"] != "Annual Leave" {
			t.Fatalf("leave lines %v", l)
		}
		if l := e.Do("GET", P+"/leaveaccrued", e.Key, nil).Expect(t, 200).Map(t)["leave"].(map[string]any)[a].([]any); len(l) != 1 {
			t.Fatalf("leave without taken: %v", l)
		}
		if l := e.Do("GET", fmt.Sprintf("%s/leaveaccrued/%d?includeLeaveTaken=true", P, ann), e.Key, nil).Expect(t, 200).Map(t)["leave"].(map[string]any)[a].([]any); len(l) != 2 {
			t.Fatalf("leave with taken: %v", l)
		}
		// None of these change the earnings lines.
		if l := e.Do("GET", P+"/earningslines", e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[a].([]any); len(l) != 1 {
			t.Fatalf("earnings lines %v", l)
		}
	})
}

// Super adjustments move the figures: a salary sacrifice is a pre-tax
// deduction, a member voluntary contribution a post-tax one, and both add
// to super. Ann's 1,334.69 less 100.00 sacrificed is taxable 1,234.69;
// scale 2 (2026-27): x = 1,234.99, 0.32 x - 181.7319 = 213.47 -> 213;
// net 1,334.69 - 100 - 10 - 213 = 1,011.69; super 12% of 1,334.69 =
// 160.16, + 110 = 270.16. The same after a recalculation.
func TestSuperAdjustmentsMoveFigures(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		a := fmt.Sprint(ann)
		e.Do("POST", P+"/superadjustments", e.Key, map[string]any{"superAdjustments": map[string]any{a: []any{
			map[string]any{"amount": 100, "contributionType": "SalarySacrifice"},
			map[string]any{"amount": 10, "contributionType": "MemberVoluntary"}}}}).Expect(t, 200)
		for _, step := range []string{"added", "recalculated"} {
			tot := e.totalsOf(t, P, ann)
			got := [6]int64{cents(t, tot["preTaxDeductions"]), cents(t, tot["taxableEarnings"]), cents(t, tot["paygWithheld"]),
				cents(t, tot["postTaxDeductions"]), cents(t, tot["netEarnings"]), cents(t, tot["superContribution"])}
			if want := [6]int64{10000, 123469, 21300, 1000, 101169, 27016}; got != want {
				t.Fatalf("%s: pre-tax, taxable, PAYG, post-tax, net, super = %v, want %v", step, got, want)
			}
			e.Do("POST", P+"/recalculate", e.Key, nil).Expect(t, 200)
		}
	})
}

// What real clients send through the input policy: a negative PAYG
// adjustment (a refund of over-withholding) lowers tax, and leave accrued
// in hours to four decimals is kept as sent.
func TestNegativeAdjustmentAndLeaveHours(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		_, _, leave := e.collectionCategories(t)
		a := fmt.Sprint(ann)
		e.Do("POST", P+"/paygadjustments", e.Key, map[string]any{"paygAdjustments": map[string]any{a: []any{
			map[string]any{"amount": -20.25, "notes": "over-withheld last week"}}}}).Expect(t, 200)
		tot := e.totalsOf(t, P, ann)
		if payg, net := cents(t, tot["paygWithheld"]), cents(t, tot["netEarnings"]); payg != 24500-2025 || net != 108969+2025 {
			t.Fatalf("PAYG %d, net %d after a -20.25 adjustment", payg, net)
		}
		r := e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{a: []any{
			map[string]any{"leaveCategoryId": leave, "amount": 2.9231}}}}).Expect(t, 200).Map(t)
		if l := r["leave"].(map[string]any)[a].([]any); num(t, l[len(l)-1].(map[string]any)["amount"]) != 2.9231 {
			t.Fatalf("leave lines %v", l)
		}
	})
}

// 200/400/401/404/409 for every collection and action.
func TestCollectionsErrors(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		F, bob := e.newRun(t, "2026-11-27T00:00:00") // finalised below
		exp, lia, leave := e.collectionCategories(t)
		e.Do("POST", F+"/finalise", e.Key, nil).Expect(t, 200)
		B, key := e.B, e.Key
		OP := e.OtherB + P[len(B):]
		a := fmt.Sprint(ann)
		one := func(member string, line map[string]any) map[string]any {
			return map[string]any{member: map[string]any{a: []any{line}}}
		}
		field := func(member, f string) string { return fmt.Sprintf("%s.%s[0].%s", member, a, f) }
		totalID := int64(num(t, e.totalsOf(t, P, ann)["id"]))
		cases := []testkit.Case{
			{Name: "expense", Method: "POST", Path: P + "/EmployeeExpenses", Key: key, Body: one("expenses", map[string]any{"employeeExpenseCategoryId": exp, "amount": 1}), Status: 200},
			{Name: "expense without category", Method: "POST", Path: P + "/EmployeeExpenses", Key: key, Body: one("expenses", map[string]any{"amount": 1}), Status: 400,
				Field: field("expenses", "employeeExpenseCategoryId")},
			{Name: "negative expense", Method: "POST", Path: P + "/EmployeeExpenses", Key: key, Body: one("expenses", map[string]any{"employeeExpenseCategoryId": exp, "amount": -1}), Status: 400,
				Field: field("expenses", "amount")},
			{Name: "liability of an unknown category", Method: "POST", Path: P + "/employerliabilities", Key: key, Body: one("employerLiabilities", map[string]any{"employerLiabilityCategoryId": "999999", "amount": 1}), Status: 400,
				Field: field("employerLiabilities", "employerLiabilityCategoryId")},
			{Name: "liability by external category id", Method: "POST", Path: P + "/employerliabilities", Key: key, Body: map[string]any{"employerLiabilityCategoryIdType": "External",
				"employerLiabilities": map[string]any{a: []any{map[string]any{"employerLiabilityCategoryId": lia, "amount": 1}}}}, Status: 400, Field: field("employerLiabilities", "employerLiabilityCategoryId")},
			{Name: "PAYG adjustment without amount", Method: "POST", Path: P + "/paygadjustments", Key: key, Body: one("paygAdjustments", map[string]any{"notes": "x"}), Status: 400,
				Field: field("paygAdjustments", "amount")},
			{Name: "adjustment for an unknown employee", Method: "POST", Path: P + "/taxadjustments", Key: key,
				Body: map[string]any{"taxAdjustments": map[string]any{"999999": []any{map[string]any{"amount": 1}}}}, Status: 400, Field: "taxAdjustments.999999"},
			{Name: "super adjustment of an unknown type", Method: "POST", Path: P + "/superadjustments", Key: key, Body: one("superAdjustments", map[string]any{"amount": 1, "contributionType": "Lottery"}), Status: 400,
				Field: field("superAdjustments", "contributionType")},
			{Name: "negative voluntary CPF", Method: "POST", Path: P + "/voluntarycpf", Key: key, Body: one("voluntaryCpf", map[string]any{"amount": -1}), Status: 400,
				Field: field("voluntaryCpf", "amount")},
			{Name: "SDL adjustment without amount", Method: "POST", Path: P + "/sdladjustments", Key: key, Body: one("sdlAdjustments", map[string]any{}), Status: 400,
				Field: field("sdlAdjustments", "amount")},
			{Name: "leave without amount", Method: "POST", Path: P + "/leaveaccrued", Key: key, Body: one("leave", map[string]any{"leaveCategoryId": leave}), Status: 400,
				Field: field("leave", "amount")},
			{Name: "leave of an unknown category", Method: "POST", Path: P + "/leaveaccrued", Key: key, Body: one("leave", map[string]any{"leaveCategoryId": 999999, "amount": 1}), Status: 400,
				Field: field("leave", "leaveCategoryId")},
			{Name: "negative leave accrued", Method: "POST", Path: P + "/leaveaccrued", Key: key, Body: one("leave", map[string]any{"leaveCategoryId": leave, "amount": -1}), Status: 400,
				Field: field("leave", "amount")},
			{Name: "leave adjustment", Method: "POST", Path: P + "/leaveaccrued", Key: key, Body: one("leave", map[string]any{"leaveCategoryId": leave, "amount": 1, "accrualType": "leaveadjustment"}), Status: 200},
			{Name: "delete a missing line", Method: "DELETE", Path: P + "/employerliabilities?id=999999", Key: key, Status: 404},
			{Name: "employee not in the run", Method: "GET", Path: P + "/superadjustments/999999", Key: key, Status: 404},
			{Name: "net to gross without net", Method: "POST", Path: P + "/nettogross", Key: key, Body: map[string]any{"payCategoryId": e.ordinary, "payRunTotalId": totalID}, Status: 400, Field: "netAmount"},
			{Name: "net to gross of another run's row", Method: "POST", Path: P + "/nettogross", Key: key, Body: map[string]any{"netAmount": 10, "payCategoryId": e.ordinary, "payRunTotalId": 999999}, Status: 400, Field: "payRunTotalId"},
			{Name: "net to gross of an unknown category", Method: "POST", Path: P + "/nettogross", Key: key, Body: map[string]any{"netAmount": 10, "payCategoryId": 999999, "payRunTotalId": totalID}, Status: 400, Field: "payCategoryId"},
			{Name: "terminate without date", Method: "POST", Path: P + "/terminate", Key: key, Body: map[string]any{"employeeId": ann}, Status: 400, Field: "terminationDate"},
			{Name: "terminate someone not in the run", Method: "POST", Path: P + "/terminate", Key: key, Body: map[string]any{"employeeId": bob, "terminationDate": "2026-11-20T00:00:00"}, Status: 400, Field: "employeeId"},
			{Name: "UI unlock state of a draft", Method: "POST", Path: P + "/setuiunlockstate", Key: key, Body: map[string]any{"enableUIUnlock": true}, Status: 409},
			{Name: "UI unlock state of a finalised run", Method: "POST", Path: F + "/setuiunlockstate", Key: key, Body: map[string]any{"enableUIUnlock": true}, Status: 200},
			{Name: "net to gross on a finalised run", Method: "POST", Path: F + "/nettogross", Key: key, Body: map[string]any{"netAmount": 10, "payCategoryId": e.ordinary, "payRunTotalId": 1}, Status: 409},
			{Name: "terminate on a finalised run", Method: "POST", Path: F + "/terminate", Key: key, Body: map[string]any{"employeeId": bob, "terminationDate": "2026-11-20T00:00:00"}, Status: 409},
			{Name: "UI unlock state anonymous", Method: "POST", Path: F + "/setuiunlockstate", Body: map[string]any{"enableUIUnlock": true}, Status: 401},
			{Name: "UI unlock state via other business", Method: "POST", Path: e.OtherB + F[len(B):] + "/setuiunlockstate", Key: e.OtherKey, Body: map[string]any{"enableUIUnlock": true}, Status: 404},
			{Name: "net to gross via other business", Method: "POST", Path: OP + "/nettogross", Key: e.OtherKey, Body: map[string]any{"netAmount": 10, "payCategoryId": 1, "payRunTotalId": 1}, Status: 404},
			{Name: "terminate via other business", Method: "POST", Path: OP + "/terminate", Key: e.OtherKey, Body: map[string]any{"employeeId": ann, "terminationDate": "2026-11-20T00:00:00"}, Status: 404},
		}
		// Every collection: 401 anonymous, 404 from the other tenant, 409
		// writes to the finalised run.
		bodies := map[string]map[string]any{
			"EmployeeExpenses":    {"expenses": map[string]any{fmt.Sprint(bob): []any{map[string]any{"employeeExpenseCategoryId": exp, "amount": 1}}}},
			"employerliabilities": {"employerLiabilities": map[string]any{fmt.Sprint(bob): []any{map[string]any{"employerLiabilityCategoryId": lia, "amount": 1}}}},
			"paygadjustments":     {"paygAdjustments": map[string]any{fmt.Sprint(bob): []any{map[string]any{"amount": 1}}}},
			"taxadjustments":      {"taxAdjustments": map[string]any{fmt.Sprint(bob): []any{map[string]any{"amount": 1}}}},
			"sdladjustments":      {"sdlAdjustments": map[string]any{fmt.Sprint(bob): []any{map[string]any{"amount": 1}}}},
			"superadjustments":    {"superAdjustments": map[string]any{fmt.Sprint(bob): []any{map[string]any{"amount": 1}}}},
			"voluntarycpf":        {"voluntaryCpf": map[string]any{fmt.Sprint(bob): []any{map[string]any{"amount": 1}}}},
			"leaveaccrued":        {"leave": map[string]any{fmt.Sprint(bob): []any{map[string]any{"leaveCategoryId": leave, "amount": 1}}}},
		}
		for _, c := range []string{"EmployeeExpenses", "employerliabilities", "paygadjustments", "taxadjustments", "sdladjustments", "superadjustments",
			"voluntarycpf", "leaveaccrued", "payeadjustments", "hmrcadjustments", "benefits"} {
			cases = append(cases,
				testkit.Case{Name: c + " list", Method: "GET", Path: P + "/" + c, Key: key, Status: 200},
				testkit.Case{Name: c + " of an employee", Method: "GET", Path: fmt.Sprintf("%s/%s/%d", P, c, ann), Key: key, Status: 200},
				testkit.Case{Name: c + " anonymous", Method: "GET", Path: P + "/" + c, Status: 401},
				testkit.Case{Name: c + " via other business", Method: "GET", Path: OP + "/" + c, Key: e.OtherKey, Status: 404},
				testkit.Case{Name: c + " of an employee via other business", Method: "GET", Path: fmt.Sprintf("%s/%s/%d", OP, c, ann), Key: e.OtherKey, Status: 404})
			if body, ok := bodies[c]; ok {
				cases = append(cases,
					testkit.Case{Name: c + " post anonymous", Method: "POST", Path: P + "/" + c, Body: body, Status: 401},
					testkit.Case{Name: c + " post via other business", Method: "POST", Path: OP + "/" + c, Key: e.OtherKey, Body: body, Status: 404},
					testkit.Case{Name: c + " post to a finalised run", Method: "POST", Path: F + "/" + c, Key: key, Body: body, Status: 409},
					testkit.Case{Name: c + " delete on a finalised run", Method: "DELETE", Path: F + "/" + c + "?id=1", Key: key, Status: 409},
					testkit.Case{Name: c + " delete via other business", Method: "DELETE", Path: OP + "/" + c + "?id=1", Key: e.OtherKey, Status: 404})
			}
		}
		e.RunCases(t, cases)
	})
}

// Net to gross, checked by hand against the 2026-27 scale 2 weekly
// formula (tax = round(a x (whole dollars + 0.99) - b)):
//   - no other pay, net 862.00: gross 1,000.00 gives x = 1,000.99,
//     0.3227 x 1,000.99 - 185.1935 = 137.83 -> 138, net 862.00; every
//     gross from 999.00 to 999.99 is taxed 138 (137.50 rounds up), so
//     nets at most 861.99, and 998.xx is taxed 137 (137.18) and nets at
//     most 861.99 too. Net 861.99 is reached first at 998.99 (not 999.99).
//   - on top of 1,334.69 standard pay (tax 245, net 1,089.69), 500.00
//     more net: total 2,070.69 gives x = 2,070.99, 0.32 x 2,070.99 -
//     181.7319 = 480.98 -> 481, net 1,589.69; total 2,070.68 nets
//     1,589.68. So the line is 736.00.
func TestNetToGross(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		a := fmt.Sprint(ann)
		// Take Ann off her standard earnings.
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"replaceExisting": true, "earningsLines": map[string]any{a: []any{}}}).Expect(t, 200)
		tot := e.totalsOf(t, P, ann)
		if cents(t, tot["grossEarnings"]) != 0 {
			t.Fatalf("gross %v", tot["grossEarnings"])
		}
		gross := func(P string, row any, net float64) int64 {
			r := e.Do("POST", P+"/nettogross", e.Key, map[string]any{"netAmount": net, "payCategoryId": e.ordinary, "payRunTotalId": row}).Expect(t, 200).Map(t)
			return cents(t, r["grossAmount"])
		}
		if g := gross(P, tot["id"], 862); g != 100000 {
			t.Fatalf("net 862.00 grossed up to %d cents, want 100000", g)
		}
		if g := gross(P, tot["id"], 861.99); g != 99899 {
			t.Fatalf("net 861.99 grossed up to %d cents, want 99899", g)
		}

		Q, ben := e.newRun(t, "2026-11-27T00:00:00")
		before := e.totalsOf(t, Q, ben)
		if cents(t, before["grossEarnings"]) != 133469 || cents(t, before["netEarnings"]) != 108969 {
			t.Fatalf("standard pay %v", before)
		}
		g := gross(Q, before["id"], 500)
		if g != 73600 {
			t.Fatalf("500.00 net on top of standard pay grossed up to %d cents, want 73600", g)
		}
		// Adding the line gives exactly the net asked for.
		e.Do("POST", Q+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(ben): []any{
			map[string]any{"payCategoryId": fmt.Sprint(e.ordinary), "earnings": float64(g) / 100}}}}).Expect(t, 200)
		after := e.totalsOf(t, Q, ben)
		if d := cents(t, after["netEarnings"]) - cents(t, before["netEarnings"]); d != 50000 {
			t.Fatalf("net grew by %d cents, want 50000", d)
		}
	})
}

// Terminating in the pay run ends the employee's employment and marks
// their row in the run; a second termination is 409.
func TestTerminateInPayRun(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		body := map[string]any{"employeeId": ann, "terminationReason": "redundancy", "terminationDate": "2026-11-18T00:00:00"}
		e.Do("POST", P+"/terminate", e.Key, body).Expect(t, 200)
		emp := e.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, ann), e.Key, nil).Expect(t, 200).Map(t)
		if emp["status"] != "Terminated" || emp["terminationReason"] != "Redundancy" || emp["endDate"] != "2026-11-18T00:00:00" {
			t.Fatalf("employee after termination: status %v reason %v end %v", emp["status"], emp["terminationReason"], emp["endDate"])
		}
		det := e.Do("GET", P+"/details", e.Key, nil).Expect(t, 200).Map(t)
		row := det["payRunTotals"].([]any)[0].(map[string]any)
		if row["isTermination"] != true || row["terminationDate"] != "2026-11-18T00:00:00" {
			t.Fatalf("details row %v", row)
		}
		e.Do("POST", P+"/terminate", e.Key, body).Expect(t, 409)
	})
}

// Approved leave requests become LeaveTaken lines of the run; the others
// are reported with the reason. The run pays 14-20 November 2026.
func TestBulkApplyLeaveRequests(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		P, ann := e.newRun(t, "2026-11-20T00:00:00")
		_, _, leave := e.collectionCategories(t)
		R := fmt.Sprintf("%s/employee/%d/leaverequest", e.B, ann)
		request := func(from, to string, hours float64, approve bool) int64 {
			r := e.Do("POST", R, e.Key, map[string]any{"leaveCategoryId": leave, "fromDate": from, "toDate": to, "hours": hours, "automaticallyApprove": approve}).Expect(t, 200).Map(t)
			return int64(num(t, r["id"]))
		}
		inside := request("2026-11-16T00:00:00", "2026-11-17T00:00:00", 15.2, true)
		across := request("2026-11-19T00:00:00", "2026-11-22T00:00:00", 30.4, true) // 2 of its 4 days in the period
		pending := request("2026-11-18T00:00:00", "2026-11-18T00:00:00", 7.6, false)
		body := map[string]any{"leaveRequestIds": []int64{inside, across, pending, 999999}, "alignToPayRunPeriod": true}
		total := int64(num(t, e.totalsOf(t, P, ann)["id"]))
		for round := 0; round < 2; round++ { // applying again replaces
			r := e.Do("POST", P+"/bulkapplyleaverequests", e.Key, body).Expect(t, 200).Map(t)
			if up := r["updatedPayRunTotals"].([]any); len(up) != 1 || int64(num(t, up[0])) != total {
				t.Fatalf("updated %v, want [%d]", up, total)
			}
			failed := map[int64]string{}
			for _, f := range r["failedLeaveRequests"].([]any) {
				m := f.(map[string]any)
				failed[int64(num(t, m["leaveRequestId"]))] = m["errorMessage"].(string)
			}
			if len(failed) != 2 || failed[pending] == "" || failed[999999] == "" {
				t.Fatalf("failed %v", failed)
			}
			l := e.Do("GET", P+"/leaveaccrued?includeLeaveTaken=true", e.Key, nil).Expect(t, 200).Map(t)["leave"].(map[string]any)[fmt.Sprint(ann)].([]any)
			if len(l) != 2 || num(t, l[0].(map[string]any)["amount"]) != 15.2 || num(t, l[1].(map[string]any)["amount"]) != 15.2 ||
				l[0].(map[string]any)["accrualType"] != "LeaveTaken" {
				t.Fatalf("round %d: leave lines %v", round, l)
			}
		}
		// The lines are the run's leave movements for the ledger.
		ctx := context.Background()
		run, err := e.DB.Queries().GetPayRun(ctx, store.GetPayRunParams{ID: runIDOf(t, e, P), BusinessID: e.Biz})
		if err != nil {
			t.Fatal(err)
		}
		entries, err := payrun.LeaveEntries(ctx, e.DB.Queries(), run)
		if err != nil || len(entries) != 2 {
			t.Fatalf("entries %+v %v", entries, err)
		}
		for _, en := range entries {
			if en.Kind != leavepkg.KindTaken || en.Hours.String() != "15.2" || (en.LeaveRequestID != inside && en.LeaveRequestID != across) || en.EmployeeID != ann {
				t.Fatalf("entry %+v", en)
			}
		}
		if err := e.DB.InTx(ctx, func(q *store.Queries) error { return e.Leave.PostPayRun(ctx, q, e.Biz, run.ID, entries) }); err != nil {
			t.Fatal(err)
		}
		// Pay is unchanged: Ann is on standard earnings.
		if g := cents(t, e.totalsOf(t, P, ann)["grossEarnings"]); g != 133469 {
			t.Fatalf("gross %d", g)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "no ids", Method: "POST", Path: P + "/bulkapplyleaverequests", Key: e.Key, Body: map[string]any{}, Status: 400, Field: "leaveRequestIds"},
			{Name: "anonymous", Method: "POST", Path: P + "/bulkapplyleaverequests", Body: body, Status: 401},
			{Name: "via other business", Method: "POST", Path: e.OtherB + P[len(e.B):] + "/bulkapplyleaverequests", Key: e.OtherKey, Body: body, Status: 404},
		})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", P+"/bulkapplyleaverequests", e.Key, body).Expect(t, 409)
	})
}

// TestSubmitOrderDeterministic: a submission stores its lines in employee
// id order, each employee's in the order given, and recalculates the
// employees in id order, so two identical submissions give identical line
// ids (relative to the first new one) whatever Go's map order.
// Eight employees, two deductions each, submitted twice (the second
// replacing the first): the new rows in id order are the same sequence both
// times, and the deductions come employee by employee, ascending.
func TestSubmitOrderDeterministic(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var emps []int64
		for i := 0; i < 8; i++ {
			emps = append(emps, e.employee(t, fmt.Sprintf("E%d", i), "Weekly", nil))
		}
		run := int64(num(t, e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)["id"]))
		P := fmt.Sprintf("%s/payrun/%d", e.B, run)
		body := map[string]any{"replaceExisting": true, "deductions": map[string]any{}}
		for i := len(emps) - 1; i >= 0; i-- {
			body["deductions"].(map[string]any)[fmt.Sprint(emps[i])] = []any{
				map[string]any{"deductionCategoryId": fmt.Sprint(e.union), "amount": 10 + i, "notes": "second given first"},
				map[string]any{"deductionCategoryId": fmt.Sprint(e.union), "amount": 1 + i, "notes": "given second"}}
		}
		// submit returns the rows the submission wrote, in id order, as
		// (id - the first new id, employee, kind, notes, amount).
		submit := func() []string {
			t.Helper()
			var before int64
			if err := d.R.QueryRow(`SELECT COALESCE(MAX(id), 0) FROM pay_run_lines`).Scan(&before); err != nil {
				t.Fatal(err)
			}
			e.Do("POST", P+"/deductions", e.Key, body).Expect(t, 200)
			rows, err := d.R.Query(`SELECT id, employee_id, kind, notes, amount FROM pay_run_lines WHERE pay_run_id = $1 AND id > $2 ORDER BY id`, run, before)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out []string
			var first int64
			for rows.Next() {
				var id, emp, amount int64
				var kind, notes string
				if err := rows.Scan(&id, &emp, &kind, &notes, &amount); err != nil {
					t.Fatal(err)
				}
				if first == 0 {
					first = id
				}
				out = append(out, fmt.Sprintf("%d:%d:%s:%s:%d", id-first, emp, kind, notes, amount))
			}
			return out
		}
		one, two := submit(), submit()
		if fmt.Sprint(one) != fmt.Sprint(two) {
			t.Fatalf("two identical submissions stored\n%v\nand\n%v", one, two)
		}
		var want []string
		for i, emp := range emps {
			want = append(want, fmt.Sprintf("%d:%d:deduction:second given first:%d", 2*i, emp, (10+i)*100),
				fmt.Sprintf("%d:%d:deduction:given second:%d", 2*i+1, emp, (1+i)*100))
		}
		if len(one) < len(want) || fmt.Sprint(one[:len(want)]) != fmt.Sprint(want) {
			t.Fatalf("deductions stored as\n%v\nwant\n%v", one, want)
		}
		// Then the recalculated employees' lines, employee by employee.
		for i := len(want) + 1; i < len(one); i++ {
			var a, b int64
			fmt.Sscanf(strings.SplitN(one[i-1], ":", 3)[1], "%d", &a)
			fmt.Sscanf(strings.SplitN(one[i], ":", 3)[1], "%d", &b)
			if b < a {
				t.Fatalf("recalculated lines out of employee order: %v", one[len(want):])
			}
		}
	})
}
