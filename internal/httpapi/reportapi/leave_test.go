package reportapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
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
