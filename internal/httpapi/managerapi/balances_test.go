package managerapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerListBalances: the manager's leave list reads the page's
// balances at once (leave.PageBalances); each request's accruedBalance is
// still its employee's balance of the category, as the per-employee
// balances operation (leave.Balances) reports it.
func TestManagerListBalances(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		day := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
		// Ann: 10.5 accrued - 3.25 taken = 7.25 hours; Ben: 1 hour.
		entries := []leave.Entry{
			{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindAccrual, Hours: payroll.MustRate("10.5"), Date: day},
			{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindTaken, Hours: payroll.MustRate("3.25"), Date: day.AddDate(0, 0, 14)},
			{EmployeeID: e.ben, LeaveCategoryID: e.annual, Kind: leave.KindAccrual, Hours: payroll.MustRate("1"), Date: day},
		}
		if err := d.InTx(context.Background(), func(q *store.Queries) error {
			return e.App.Leave.PostPayRun(context.Background(), q, e.Biz, 5, entries)
		}); err != nil {
			t.Fatal(err)
		}
		request := func(emp, cat int64, from string) int64 {
			return e.id(e.Do("POST", p("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": cat,
				"fromDate": from, "toDate": from, "hours": 2}))
		}
		annReq, benReq, untracked := request(e.ann, e.annual, "2026-12-07T00:00:00"), request(e.ben, e.annual, "2026-12-08T00:00:00"), request(e.ann, e.unpaid, "2026-12-09T00:00:00")
		want := map[int64]any{annReq: 7.25, benReq: 1.0, untracked: nil}
		got := map[int64]any{}
		for _, m := range list(t, e.Do("GET", e.M+"/leaverequest", e.Key, nil)) {
			got[int64(m["id"].(float64))] = m["accruedBalance"]
		}
		for id, w := range want {
			if got[id] != w {
				t.Errorf("request %d: accruedBalance %v, want %v", id, got[id], w)
			}
		}
		// The same figures as each employee's balances.
		for emp, req := range map[int64]int64{e.ann: annReq, e.ben: benReq} {
			for _, b := range list(t, e.Do("GET", p("%s/%d/leaverequest/balances", e.M, emp), e.Key, nil)) {
				if int64(b["leaveCategoryId"].(float64)) == e.annual && b["accruedAmount"] != got[req] {
					t.Errorf("employee %d: balance %v, list %v", emp, b["accruedAmount"], got[req])
				}
			}
		}
	})
}
