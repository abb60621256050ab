package payrunapi_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// runSummary is a member of GET B/payrun/summary.
type runSummary struct {
	ID              int64   `json:"id"`
	TotalHours      float64 `json:"totalHours"`
	TotalGrossWages float64 `json:"totalGrossWages"`
	TotalNetWages   float64 `json:"totalNetWages"`
}

// checkRunTotals compares what the run lists and P/summary show of run id
// with the sums over its employees' totals (P/totals), which are read from
// the employees' rows.
func (e *env) checkRunTotals(t *testing.T, step string, id int64) {
	t.Helper()
	P := fmt.Sprintf("%s/payrun/%d", e.B, id)
	var totals struct {
		PayRunTotals map[string]struct {
			TotalHours    float64 `json:"totalHours"`
			GrossEarnings float64 `json:"grossEarnings"`
			NetEarnings   float64 `json:"netEarnings"`
		} `json:"payRunTotals"`
	}
	e.Do("GET", P+"/totals", e.Key, nil).Expect(t, 200).JSON(t, &totals)
	var want runSummary
	for _, m := range totals.PayRunTotals {
		want.TotalHours += m.TotalHours
		want.TotalGrossWages += m.GrossEarnings
		want.TotalNetWages += m.NetEarnings
	}
	round := func(f float64) float64 { return math.Round(f*10000) / 10000 }
	same := func(got runSummary) bool {
		return round(got.TotalHours) == round(want.TotalHours) && round(got.TotalGrossWages) == round(want.TotalGrossWages) &&
			round(got.TotalNetWages) == round(want.TotalNetWages)
	}
	var list []runSummary
	e.Do("GET", e.B+"/payrun/summary", e.Key, nil).Expect(t, 200).JSON(t, &list)
	found := false
	for _, r := range list {
		if r.ID == id {
			found = true
			if !same(r) {
				t.Fatalf("%s: B/payrun/summary shows %+v, the employees' totals sum to %+v", step, r, want)
			}
		}
	}
	if !found {
		t.Fatalf("%s: run %d not in B/payrun/summary %+v", step, id, list)
	}
	var one runSummary
	e.Do("GET", P+"/summary", e.Key, nil).Expect(t, 200).JSON(t, &one)
	if !same(one) {
		t.Fatalf("%s: P/summary shows %+v, the employees' totals sum to %+v", step, one, want)
	}
}

// The run lists show totals kept with the run; every write to the run's
// employees keeps them equal to the sum of the employees' figures.
func TestRunListTotalsKeptWithRun(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		ann := e.employee(t, "Ann", "Weekly", nil)
		bob := e.employee(t, "Bob", "Weekly", map[string]any{"rate": 91300, "rateUnit": "Annually"})
		cat := e.employee(t, "Cat", "Monthly", nil)

		run := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)
		id := int64(num(t, run["id"]))
		P := fmt.Sprintf("%s/payrun/%d", B, id)
		e.checkRunTotals(t, "created", id)

		e.Do("POST", P+"/earningslines", key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(ann): []any{
			map[string]any{"payCategoryId": "BON", "earnings": 100}}}, "payCategoryIdType": "External"}).Expect(t, 200)
		e.checkRunTotals(t, "earnings line (recalculated)", id)

		e.Do("POST", P+"/deductions", key, map[string]any{"suppressCalculations": true, "deductions": map[string]any{fmt.Sprint(bob): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.union), "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P+"/recalculate", key, nil).Expect(t, 200)
		e.checkRunTotals(t, "deduction, then recalculate", id)

		e.Do("POST", fmt.Sprintf("%s/employee/%d", P, cat), key, nil).Expect(t, 200)
		e.checkRunTotals(t, "employee included", id)
		e.Do("DELETE", fmt.Sprintf("%s/employee/%d", P, bob), key, nil).Expect(t, 200)
		e.checkRunTotals(t, "employee removed", id)

		// A new date paid recalculates the run before it is finalised.
		e.Do("POST", P+"/finalise", key, map[string]any{"datePaid": "2026-11-23T00:00:00"}).Expect(t, 200)
		e.checkRunTotals(t, "finalised on another date", id)
		e.Do("POST", P+"/unlock", key, map[string]any{"comments": "fix"}).Expect(t, 200)
		e.Do("DELETE", fmt.Sprintf("%s/employee/%d", P, cat), key, nil).Expect(t, 200)
		e.checkRunTotals(t, "unlocked, employee removed", id)

		// A second run has its own totals; deleting it leaves the first's.
		run2 := e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-27T00:00:00"}).Expect(t, 200).Map(t)
		id2 := int64(num(t, run2["id"]))
		e.checkRunTotals(t, "second run", id2)
		e.Do("DELETE", fmt.Sprintf("%s/payrun/%d", B, id2), key, nil).Expect(t, 200)
		e.checkRunTotals(t, "second run deleted", id)

		// The kept totals are the sums over the rows, for every run.
		rows, err := d.R.Query(`SELECT r.id, r.total_employees, r.total_hours_e4, r.total_gross, r.total_net,
    (SELECT COUNT(*) FROM pay_run_employees e WHERE e.pay_run_id = r.id),
    (SELECT COALESCE(SUM(e.total_hours_e4), 0) FROM pay_run_employees e WHERE e.pay_run_id = r.id),
    (SELECT COALESCE(SUM(e.gross), 0) FROM pay_run_employees e WHERE e.pay_run_id = r.id),
    (SELECT COALESCE(SUM(e.net), 0) FROM pay_run_employees e WHERE e.pay_run_id = r.id)
FROM pay_runs r`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var run int64
			var kept, summed [4]int64
			if err := rows.Scan(&run, &kept[0], &kept[1], &kept[2], &kept[3], &summed[0], &summed[1], &summed[2], &summed[3]); err != nil {
				t.Fatal(err)
			}
			if kept != summed {
				t.Errorf("run %d keeps employees, hours, gross, net %v; its rows sum to %v", run, kept, summed)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	})
}
