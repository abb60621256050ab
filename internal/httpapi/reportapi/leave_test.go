package reportapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestLeaveBalancesReport(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		annual := num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Report Annual"}).Expect(t, 200).Map(t)["id"])
		untracked := num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Report Unpaid", "isBalanceUntracked": true}).Expect(t, 200).Map(t)["id"])
		opening := func(emp, cat int64, hours string) {
			err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
				return e.App.Leave.SetOpening(context.Background(), q, e.Biz, emp, cat, payroll.MustRate(hours), time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC))
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		opening(e.ann, annual, "40")
		opening(e.bob, annual, "15.2")
		opening(e.ann, untracked, "8")
		mine := func(q url.Values) []map[string]any {
			var out []map[string]any
			for _, r := range e.get(t, "leavebalances", q) {
				if r["leaveCategoryName"] == "Report Annual" || r["leaveCategoryName"] == "Report Unpaid" {
					out = append(out, r)
				}
			}
			return out
		}
		rs := mine(url.Values{"asAtDate": {"2026-11-02"}})
		if len(rs) != 2 || rs[0]["firstName"] != "Ann" || rs[1]["firstName"] != "Bob" || rs[0]["unitType"] != "Hours" || rs[0]["location"] != "Sydney" {
			t.Fatalf("leave balances %v", rs)
		}
		m := payroll.MustMoney
		eqMoney(t, "ann hours", rs[0]["accruedAmountInHours"], m("40"))
		eqMoney(t, "ann days", rs[0]["accruedAmountInDays"], m("5.2632"))      // 40 / (38 / 5) = 5.26315...
		eqMoney(t, "ann value", rs[0]["leaveValue"], m("1404.94"))             // 40 x 35.1234 = 1,404.936
		eqMoney(t, "bob value", rs[1]["leaveValue"], m("702.31"))              // 15.2 x 91,300 / 52 / 38 = 702.3077
		eqMoney(t, "bob plus loading", rs[1]["leavePlusLoading"], m("702.31")) // no loading
		// As at a day before the openings: zero.
		for _, r := range mine(url.Values{"asAtDate": {"2026-06-30"}}) {
			eqMoney(t, "before", r["accruedAmount"], payroll.Money{})
		}
		if l := mine(url.Values{"leaveTypeId": {fmt.Sprint(annual)}, "locationId": {fmt.Sprint(e.melbourne)}}); len(l) != 1 || l[0]["employeeId"] != json.Number(fmt.Sprint(e.bob)) {
			t.Fatalf("filtered %v", l)
		}
		x := e.Do("GET", e.B+"/report/leavebalances/xlsx?hideLeaveValues=true&leaveTypeIds="+fmt.Sprint(annual), e.Key, nil).Expect(t, 200)
		s := sheet(t, x.Body)
		if len(s) != 3 || cell(t, s, fmt.Sprint(e.ann), "Hours") != "40" || len(s[0]) != 10 {
			t.Fatalf("leave balances sheet %v", s)
		}
		// Leave history: a pay run's accrual and leave taken between the
		// opening and closing balances.
		err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
			return e.App.Leave.PostPayRun(context.Background(), q, e.Biz, e.run, []leave.Entry{
				{EmployeeID: e.ann, LeaveCategoryID: annual, Kind: leave.KindAccrual, Hours: payroll.MustRate("2.9231"), Date: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)},
				{EmployeeID: e.ann, LeaveCategoryID: annual, Kind: leave.KindTaken, Hours: payroll.MustRate("7.6"), Date: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)}})
		})
		if err != nil {
			t.Fatal(err)
		}
		hist := e.get(t, "leavehistory", url.Values{"model.fromDate": {"2026-11-01"}, "model.toDate": {"2026-11-30"}, "model.employeeId": {fmt.Sprint(e.ann)}})
		if len(hist) != 1 || hist[0]["leaveCategoryType"] != "Report Annual" || hist[0]["unitType"] != "Hours" {
			t.Fatalf("leave history %v", hist)
		}
		eqMoney(t, "opening", hist[0]["openingBalance"], m("40"))
		eqMoney(t, "closing", hist[0]["closingBalance"], m("35.3231"))
		det := hist[0]["leaveHistoryDetails"].([]any)
		if len(det) != 1 || det[0].(map[string]any)["payPeriod"] != fmt.Sprintf("Pay run %d ending 2026-11-20", e.run) {
			t.Fatalf("details %v", det)
		}
		eqMoney(t, "accrued", det[0].(map[string]any)["leaveAccrued"], m("2.9231"))
		eqMoney(t, "taken", det[0].(map[string]any)["leaveTaken"], m("7.6"))
		if all := e.get(t, "leavehistory", url.Values{"fromDate": {"2026-07-01"}, "toDate": {"2026-11-30"}, "leaveCategoryId": {fmt.Sprint(annual)}}); len(all) != 2 || len(all[0]["leaveHistoryDetails"].([]any)) != 2 {
			t.Fatalf("history from the openings %v", all)
		}
		H := e.B + "/report/leavehistory"
		e.RunCases(t, []testkit.Case{
			{Name: "history bad fromDate", Method: "GET", Path: H + "?fromDate=x", Key: e.Key, Status: 400, Field: "fromDate"},
			{Name: "history toDate before fromDate", Method: "GET", Path: H + "?fromDate=2026-11-02&toDate=2026-11-01", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "history anonymous", Method: "GET", Path: H, Status: 401},
			{Name: "history other tenant", Method: "GET", Path: H, Key: e.OtherKey, Status: 404},
		})
		R := e.B + "/report/leavebalances"
		e.RunCases(t, []testkit.Case{
			{Name: "bad asAtDate", Method: "GET", Path: R + "?asAtDate=soon", Key: e.Key, Status: 400, Field: "asAtDate"},
			{Name: "bad groupBy", Method: "GET", Path: R + "?groupBy=Region", Key: e.Key, Status: 400, Field: "groupBy"},
			{Name: "xlsx bad groupBy", Method: "GET", Path: R + "/xlsx?groupBy=Region", Key: e.Key, Status: 400, Field: "groupBy"},
			{Name: "anonymous", Method: "GET", Path: R, Status: 401},
			{Name: "other tenant", Method: "GET", Path: R, Key: e.OtherKey, Status: 404},
			{Name: "xlsx other tenant", Method: "GET", Path: R + "/xlsx", Key: e.OtherKey, Status: 404},
		})
	})
}

// The leave reports value a salaried or fixed-rate employee's leave at the
// hourly rate the pay run pays leave taken at (the period's standard pay
// over its standard hours), not at nothing:
//   - Cal, a fixed $1,000 a week for 40 hours: $25 an hour; 38 hours =
//     950.00;
//   - Dee, a fixed $5,000 a month for 38 hours a week: the month's 38 × 52
//     ÷ 12 = 164.6667 hours, 5,000 ÷ 164.6667 = 30.3644 an hour; 20 hours
//     = 60,000 × 20 ÷ 1,976 = 607.287 → 607.29;
//   - Eve, $65,000 a year for 38 hours a week, paid monthly: 65,000 ÷ 12 =
//     5,416.67 ÷ 164.6667 = 32.8947 an hour (65,000 ÷ (38 × 52) = 32.8947);
//     10 hours = 328.95.
//
// Both reports add the category's 17.5% loading (the pay run pays it on
// leave taken; none of them has an allowance of their own overriding it):
// 166.25, 106.28 (607.29 × 0.175 = 106.276) and 57.57 (57.566); the
// balances report's leavePlusLoading is the sum. Before they shared one
// valuation the balances report left the category's loading out.
func TestLeaveReportsValueSalariedAndFixedRateLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Monthly", "frequency": "Monthly"}).Expect(t, 200)
		annual := num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Valued Annual", "leaveLoading": 17.5}).Expect(t, 200).Map(t)["id"])
		emp := func(first string, members map[string]any) int64 {
			body := map[string]any{"firstName": first, "surname": "Valued", "startDate": "2025-07-01T00:00:00", "employmentType": "FullTime",
				"primaryPayCategory": "Ordinary Hours"}
			for k, v := range members {
				body[k] = v
			}
			return num(t, e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, body).Expect(t, 200).Map(t)["id"])
		}
		cal := emp("Cal", map[string]any{"paySchedule": "Weekly", "rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40})
		dee := emp("Dee", map[string]any{"paySchedule": "Monthly", "rate": 5000, "rateUnit": "Fixed", "hoursPerWeek": 38})
		eve := emp("Eve", map[string]any{"paySchedule": "Monthly", "rate": 65000, "rateUnit": "Annually", "hoursPerWeek": 38})
		for emp, hours := range map[int64]string{cal: "38", dee: "20", eve: "10"} {
			err := e.DB.InTx(context.Background(), func(q *store.Queries) error {
				return e.App.Leave.SetOpening(context.Background(), q, e.Biz, emp, annual, payroll.MustRate(hours), time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC))
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		m := payroll.MustMoney
		wantValue := map[string]payroll.Money{"Cal": m("950"), "Dee": m("607.29"), "Eve": m("328.95")}
		wantLoading := map[string]payroll.Money{"Cal": m("166.25"), "Dee": m("106.28"), "Eve": m("57.57")}
		for _, rep := range []struct{ path, loading string }{{"leavebalances", "loadingValue"}, {"leaveliability", "leaveLoadingDollarValue"}} {
			seen := 0
			for _, r := range e.get(t, rep.path, url.Values{"asAtDate": {"2026-11-02"}}) {
				first, _ := r["firstName"].(string)
				w, ok := wantValue[first]
				if !ok || r["leaveCategoryName"] != "Valued Annual" {
					continue
				}
				seen++
				eqMoney(t, rep.path+" "+first+" value", r["leaveValue"], w)
				eqMoney(t, rep.path+" "+first+" loading", r[rep.loading], wantLoading[first])
				if rep.path == "leavebalances" {
					eqMoney(t, rep.path+" "+first+" plus loading", r["leavePlusLoading"], w.Add(wantLoading[first]))
				}
			}
			if seen != 3 {
				t.Errorf("%s: %d of the 3 employees' rows", rep.path, seen)
			}
		}
	})
}
