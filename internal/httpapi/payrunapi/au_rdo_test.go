package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Rostered days off as a client sets them up: an "RDO" leave category
// accruing a fixed 2 hours per pay run (HoursPerPayRun: a 38-hour week
// worked as 40 hours banks the 2 hours), paid when taken through a pay
// category "RDO Taken" (ordinary hours, super 12%). An RDO taken is time
// off the standard hours paid from the bank: the week's pay does not
// change (the RDO's 8 hours replace 8 standard hours at the same rate) and
// the balance falls by 8 hours; nothing is paid twice. (An RDO has no
// statutory amount: the award or agreement sets the accrual; the figures
// below follow only from the category's settings.)
//
// Rob, $1,000 a week for 40 hours ($25 an hour), is paid four weeks, 15
// November to 6 December 2026 (each 1,000.00, 2 hours accrued: balance 8),
// then takes Monday 7 December as an RDO (8 hours): the week ending 13
// December pays 32 standard hours 800.00 + RDO 8 × 25 = 200.00 = 1,000.00
// gross (W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138; SG 12% ×
// 1,000 = 120.00); the RDO balance is 8 + 2 (this week's accrual) − 8 =
// 2 hours on the payslip and in the leave balances report (valued at $25
// an hour: 50.00).
func TestAURosteredDayOffAccruedAndTaken(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		rdoPay := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "RDO Taken", "rateUnit": "Hourly",
			"parentId": e.pay["Ordinary Hours"], "defaultSuperRate": 12}).Expect(t, 200).Map(t)["id"]))
		rdo := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "RDO", "units": 2, "unitType": "HoursPerPayRun",
			"leaveUnitType": "Hours", "automaticallyAccrues": true, "transferToPayCategoryId": rdoPay}).Expect(t, 200).Map(t)["id"]))
		rob := e.employee(t, "Rob", nil)
		for _, w := range [][2]string{{"2026-11-15", "2026-11-18"}, {"2026-11-22", "2026-11-25"}, {"2026-11-29", "2026-12-02"}, {"2026-12-06", "2026-12-09"}} {
			P := e.run(t, w[0], w[1])
			want(t, "week ending "+w[0], e.totals(t, P, rob), map[string]int64{"grossEarnings": 100000})
			e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		}
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, rob), e.Key, map[string]any{"leaveCategoryId": rdo,
			"fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-07T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-12-13", "2026-12-16")
		want(t, "RDO week", e.totals(t, P, rob), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000})
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, rob), e.Key, nil).Expect(t, 200).Map(t)
		var rdoPaid, ordinary int64
		for _, l := range slip["earningsLines"].([]any) {
			m := l.(map[string]any)
			switch m["payCategoryName"] {
			case "RDO Taken":
				rdoPaid += cents(t, m["grossEarnings"])
			case "Ordinary Hours":
				ordinary += cents(t, m["grossEarnings"])
			}
		}
		if rdoPaid != 20000 || ordinary != 80000 {
			t.Errorf("RDO taken %d, ordinary %d cents; want 20000 and 80000: %v", rdoPaid, ordinary, slip["earningsLines"])
		}
		balance := func(where string) {
			t.Helper()
			for _, b := range slip["totalAccruedLeave"].([]any) {
				if m := b.(map[string]any); m["leaveCategory"] == "RDO" {
					if num(t, m["amount"]) != 2 {
						t.Errorf("%s: RDO balance %v, want 2", where, m["amount"])
					}
					return
				}
			}
			t.Errorf("%s: no RDO balance in %v", where, slip["totalAccruedLeave"])
		}
		balance("draft payslip")
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		slip = e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, rob), e.Key, nil).Expect(t, 200).Map(t)
		balance("finalised payslip")
		var rows []map[string]any
		e.Do("GET", e.B+"/report/leavebalances?asAtDate=2026-12-13T00:00:00", e.Key, nil).Expect(t, 200).JSON(t, &rows)
		seen := false
		for _, r := range rows {
			if r["leaveCategoryName"] == "RDO" && int64(num(t, r["employeeId"])) == rob {
				seen = true
				if num(t, r["accruedAmount"]) != 2 || cents(t, r["leaveValue"]) != 5000 {
					t.Errorf("leave balances report RDO %v / %v, want 2 hours / 50.00", r["accruedAmount"], r["leaveValue"])
				}
			}
		}
		if !seen {
			t.Errorf("no RDO row in the leave balances report: %v", rows)
		}
	})
}
