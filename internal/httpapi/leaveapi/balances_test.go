package leaveapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestLedgerBalances: balances are sums of the ledger as at a date;
// posting a pay run again replaces its entries; reversing removes them.
func TestLedgerBalances(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		balances := func(q string) map[string]any {
			t.Helper()
			out := map[string]any{}
			for _, b := range list(t, e.Do("GET", e.E(e.ann)+"/leavebalances"+q, e.Key, nil)) {
				out[b["leaveCategoryName"].(string)] = b["accruedAmount"]
				if b["unitType"] != "Hours" {
					t.Errorf("unitType %v", b["unitType"])
				}
			}
			return out
		}
		if got := balances(""); len(got) != 0 {
			t.Fatalf("balances before any entry %v", got)
		}
		run1 := []leave.Entry{
			{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindAccrual, Hours: h("10.5"), Date: date("2026-10-01")},
			{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindTaken, Hours: h("3.25"), Date: date("2026-10-15")},
			{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindAdjustment, Hours: h("-0.123456"), Date: date("2026-10-20")},
			{EmployeeID: e.ben, LeaveCategoryID: e.annual, Kind: leave.KindAccrual, Hours: h("1"), Date: date("2026-10-01")},
		}
		if err := e.post(7, run1...); err != nil {
			t.Fatal(err)
		}
		// 10.5 - 3.25 - 0.123456, exactly.
		if got := balances(""); fmt.Sprint(got["Test Annual"]) != "7.126544" || len(got) != 1 {
			t.Fatalf("balances today %v", got)
		}
		if got := balances("?asAtDate=2026-10-10T00:00:00"); fmt.Sprint(got["Test Annual"]) != "10.5" {
			t.Fatalf("balances as at 10 Oct %v", got)
		}
		// Posting the same pay run again is idempotent.
		if err := e.post(7, run1...); err != nil {
			t.Fatal(err)
		}
		if got := balances(""); fmt.Sprint(got["Test Annual"]) != "7.126544" {
			t.Fatalf("after re-posting %v", got)
		}
		// A second pay run adds; reversing the first leaves the second.
		if err := e.post(8, leave.Entry{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindAccrual, Hours: h("2.923077"), Date: date("2026-10-29")}); err != nil {
			t.Fatal(err)
		}
		if got := balances(""); fmt.Sprint(got["Test Annual"]) != "10.049621" {
			t.Fatalf("after second pay run %v", got)
		}
		for i := 0; i < 2; i++ {
			if err := d.InTx(context.Background(), func(q *store.Queries) error { return e.App.Leave.ReversePayRun(context.Background(), q, e.Biz, 7) }); err != nil {
				t.Fatal(err)
			}
		}
		if got := balances(""); fmt.Sprint(got["Test Annual"]) != "2.923077" {
			t.Fatalf("after reversing the first %v", got)
		}
		// Hours beyond six places and unknown kinds are refused, naming them.
		err := e.post(9, leave.Entry{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindAccrual, Hours: h("0.1234567"), Date: date("2026-10-29")})
		if payroll.KindOf(err) != payroll.KindInvalid {
			t.Fatalf("seven decimals: %v", err)
		}
		if err := e.post(9, leave.Entry{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: "Opening", Hours: h("1"), Date: date("2026-10-29")}); payroll.KindOf(err) != payroll.KindInvalid {
			t.Fatalf("opening through a pay run: %v", err)
		}
		if err := e.post(9, leave.Entry{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindTaken, Hours: h("-1"), Date: date("2026-10-29")}); payroll.KindOf(err) != payroll.KindInvalid {
			t.Fatalf("negative taken: %v", err)
		}

		e.RunCases(t, []testkit.Case{
			{Name: "bad asAtDate", Method: "GET", Path: e.E(e.ann) + "/leavebalances?asAtDate=soon", Key: e.Key, Status: 400, Field: "asAtDate"},
			{Name: "anonymous", Method: "GET", Path: e.E(e.ann) + "/leavebalances", Status: 401},
			{Name: "other tenant's business", Method: "GET", Path: e.E(e.ann) + "/leavebalances", Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "GET", Path: fmt.Sprintf("%s/employee/%d/leavebalances", e.OtherB, e.ann), Key: e.OtherKey, Status: 404},
			{Name: "employee of another business", Method: "GET", Path: e.E(e.bobEmp) + "/leavebalances", Key: e.Key, Status: 404},
		})
	})
}
