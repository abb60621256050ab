package conformance_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/conformance"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// payRunCollectionOps are the pay run collections and actions
// TestPayRunCollectionShapes exercises and checks (so TestPublishedShapes
// need not: its scenario is shared by every area).
var payRunCollectionOps = func() []string {
	P := "/api/v2/business/{businessId}/payrun/{payRunId}/"
	var ops []string
	for _, c := range []string{"EmployeeExpenses", "employerliabilities", "leaveaccrued", "paygadjustments", "superadjustments"} {
		ops = append(ops, "GET "+P+c, "POST "+P+c, "DELETE "+P+c, "GET "+P+c+"/{employeeId}")
	}
	for _, a := range []string{"nettogross", "terminate", "setuiunlockstate", "bulkapplyleaverequests"} {
		ops = append(ops, "POST "+P+a)
	}
	return ops
}()

func init() {
	for _, op := range payRunCollectionOps {
		notExercised[op] = "exercised and shape-checked by TestPayRunCollectionShapes"
	}
}

func TestPayRunCollectionShapes(t *testing.T) {
	t.Parallel()
	pub, err := conformance.Load()
	if err != nil {
		t.Fatal(err)
	}
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		r := &run{t: t, s: b.Server, pub: pub, covered: map[string]bool{}, bad: map[string][]conformance.Mismatch{}}
		key, biz := b.Key, b.Biz
		B := "/api/v2/business/{businessId}"
		P := B + "/payrun/{payRunId}"
		sched := r.id(r.call(key, "POST", B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"}, biz))
		pc := r.id(r.call(key, "POST", B+"/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}, biz))
		ec := r.id(r.call(key, "POST", B+"/employeeexpensecategory", map[string]any{"name": "Travel"}, biz))
		lia := r.id(r.call(key, "POST", B+"/employerliabilitycategory", map[string]any{"name": "Workers comp"}, biz))
		lc := r.id(r.call(key, "POST", B+"/leavecategory", map[string]any{"name": "Annual Leave"}, biz))
		r.call(key, "POST", B+"/location", map[string]any{"name": "Sydney"}, biz)
		emp := func(first string) int64 {
			return r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": first, "surname": "Test",
				"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
				"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Weekly", "primaryPayCategory": "Ordinary Hours",
				"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney",
				"residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": "Sydney", "bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678",
				"bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100, "superFund1_ProductCode": "AUS0001AU",
				"superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}, biz, "?matchType=None"))
		}
		ann, ben := emp("Ann"), emp("Ben")
		run := r.id(r.call(key, "POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}, biz))
		a := fmt.Sprint(ann)
		lines := map[string]map[string]any{
			"EmployeeExpenses":    {"expenses": map[string]any{a: []any{map[string]any{"employeeExpenseCategoryId": fmt.Sprint(ec), "amount": 12.5}}}},
			"employerliabilities": {"employerLiabilities": map[string]any{a: []any{map[string]any{"employerLiabilityCategoryId": fmt.Sprint(lia), "amount": 40}}}},
			"leaveaccrued":        {"leave": map[string]any{a: []any{map[string]any{"leaveCategoryId": lc, "amount": 2.92}}}},
			"paygadjustments":     {"paygAdjustments": map[string]any{a: []any{map[string]any{"amount": 10, "notes": "catch up"}}}},
			"superadjustments":    {"superAdjustments": map[string]any{a: []any{map[string]any{"amount": 20, "contributionType": "EmployerContribution"}}}},
		}
		for _, c := range []string{"EmployeeExpenses", "employerliabilities", "leaveaccrued", "paygadjustments", "superadjustments"} {
			r.call(key, "POST", P+"/"+c, lines[c], biz, run)
			r.call(key, "GET", P+"/"+c, nil, biz, run)
			got := r.call(key, "GET", P+"/"+c+"/{employeeId}", nil, biz, run, ann)
			// The one line's id, to delete it.
			var body map[string]any
			got.JSON(t, &body)
			var id any
			for k, v := range body {
				if k == "payRunId" {
					continue
				}
				m, _ := v.(map[string]any)
				if l, ok := m[a].([]any); ok && len(l) == 1 {
					id = l[0].(map[string]any)["id"]
				}
			}
			if id == nil {
				t.Fatalf("%s: no line in %s", c, got.Body)
			}
			r.call(key, "DELETE", P+"/"+c, nil, biz, run, fmt.Sprintf("?id=%v", id))
		}
		totals := r.s.Do("GET", fmt.Sprintf("/api/v2/business/%d/payrun/%d/totals/%d", biz, run, ann), key, nil).Expect(t, 200).Map(t)
		total := totals["payRunTotals"].(map[string]any)[a].(map[string]any)["id"]
		r.call(key, "POST", P+"/nettogross", map[string]any{"netAmount": 100, "payCategoryId": pc, "payRunTotalId": total}, biz, run)
		lr := r.id(r.call(key, "POST", B+"/employee/{employeeId}/leaverequest", map[string]any{"leaveCategoryId": lc, "fromDate": "2026-11-16T00:00:00",
			"toDate": "2026-11-16T00:00:00", "hours": 7.6, "automaticallyApprove": true}, biz, ann))
		r.call(key, "POST", P+"/bulkapplyleaverequests", map[string]any{"leaveRequestIds": []int64{lr}}, biz, run)
		r.call(key, "POST", P+"/terminate", map[string]any{"employeeId": ben, "terminationReason": "Redundancy", "terminationDate": "2026-11-19T00:00:00"}, biz, run)
		// Finalise is not one of these (its shape is TestPublishedShapes' business).
		r.s.Do("POST", fmt.Sprintf("/api/v2/business/%d/payrun/%d/finalise", biz, run), key, nil).Expect(t, 200)
		r.call(key, "POST", P+"/setuiunlockstate", map[string]any{"enableUIUnlock": true}, biz, run)

		var missing, report []string
		for _, op := range payRunCollectionOps {
			if published, ok := pub.Lookup(op); !ok || !r.covered[published] {
				missing = append(missing, op)
			}
		}
		for op, bad := range r.bad {
			for _, m := range bad {
				report = append(report, op+"  "+m.String())
			}
		}
		sort.Strings(report)
		if len(missing) > 0 {
			t.Errorf("not exercised:\n%s", strings.Join(missing, "\n"))
		}
		if len(report) > 0 {
			t.Errorf("%d mismatches with the published response shapes:\n%s", len(report), strings.Join(report, "\n"))
		}
	})
}
