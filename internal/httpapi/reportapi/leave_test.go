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
