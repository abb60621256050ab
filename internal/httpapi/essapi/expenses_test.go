package essapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Self-service expenses: the portal setting, the employee's own requests,
// paging, categories, cancel (Pending only).
func TestESSExpenses(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cat := int64(e.Do("POST", e.B+"/employeeexpensecategory", e.Key, map[string]any{"name": "Ess2 Travel"}).Expect(t, 200).Map(t)["id"].(float64))
		req := func(amount float64) map[string]any {
			return map[string]any{"description": "Client visit", "lineItems": []any{map[string]any{"expenseCategoryId": cat, "amount": amount,
				"dateIncurred": "2026-11-03T00:00:00"}}}
		}
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeExpensesSelfService": false}).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "expenses off for the employee", Method: "POST", Path: e.SA + "/expense", Key: e.annKey, Body: req(10), Status: 403},
			{Name: "expenses still for the business", Method: "POST", Path: e.SA + "/expense", Key: e.Key, Body: req(10), Status: 200},
		})
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeExpensesSelfService": true}).Expect(t, 200)
		var id int64
		benReq := int64(e.Do("POST", e.SB+"/expense", e.Key, req(5)).Expect(t, 200).Map(t)["id"].(float64))
		e.RunCases(t, []testkit.Case{
			{Name: "submit", Method: "POST", Path: e.SA + "/expense", Key: e.annKey, Body: req(12.34), Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				id = int64(m["id"].(float64))
				items := m["lineItems"].([]any)
				if m["status"] != "Pending" || m["employeeId"] != float64(e.ann) || m["canCancel"] != true || len(items) != 1 ||
					items[0].(map[string]any)["amount"] != 12.34 {
					t.Fatalf("submitted %v", m)
				}
			}},
			{Name: "unknown category", Method: "POST", Path: e.SA + "/expense", Key: e.annKey, Status: 400, Field: "lineItems[0].expenseCategoryId",
				Body: map[string]any{"lineItems": []any{map[string]any{"expenseCategoryId": 999999, "amount": 1, "dateIncurred": "2026-11-03T00:00:00"}}}},
			{Name: "bad page size", Method: "GET", Path: e.SA + "/expense?pageSize=500", Key: e.annKey, Status: 400, Field: "pageSize"},
			{Name: "page size not a number", Method: "GET", Path: e.SA + "/expense?pageSize=many", Key: e.annKey, Status: 400, Field: "pageSize"},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/expense", Status: 401},
			{Name: "Ben's request through Ann's path", Method: "GET", Path: fmt.Sprintf("%s/expense/%d", e.SA, benReq), Key: e.annKey, Status: 404},
			{Name: "Ben's list by Ann", Method: "GET", Path: e.SB + "/expense", Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: e.SA + "/expense/categories", Key: e.OtherKey, Status: 404},
			{Name: "categories", Method: "GET", Path: e.SA + "/expense/categories", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var l []map[string]any
				r.JSON(t, &l)
				found := false
				for _, c := range l {
					found = found || c["id"] == float64(cat) && c["name"] == "Ess2 Travel"
				}
				if !found {
					t.Fatalf("categories %v", l)
				}
			}},
			{Name: "summary before any is paid", Method: "GET", Path: e.SA + "/expense/summary", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var l []map[string]any
				r.JSON(t, &l)
				if len(l) != 0 {
					t.Fatalf("summary %v", l)
				}
			}},
		})
		// Newest first, one a page.
		var page []map[string]any
		e.Do("GET", e.SA+"/expense?currentPage=1&pageSize=1", e.annKey, nil).Expect(t, 200).JSON(t, &page)
		if len(page) != 1 || page[0]["id"] != float64(id) {
			t.Fatalf("page 1 %v", page)
		}
		e.Do("GET", e.SA+"/expense?currentPage=2&pageSize=1", e.annKey, nil).Expect(t, 200).JSON(t, &page)
		if len(page) != 1 || page[0]["id"] == float64(id) {
			t.Fatalf("page 2 %v", page)
		}
		item := fmt.Sprintf("%s/expense/%d", e.SA, id)
		if got := e.Do("GET", item, e.annKey, nil).Expect(t, 200).Map(t); got["description"] != "Client visit" {
			t.Fatalf("get %v", got)
		}
		if got := e.Do("DELETE", item, e.annKey, nil).Expect(t, 200).Map(t); got["status"] != "Cancelled" || got["canCancel"] != false {
			t.Fatalf("cancelled %v", got)
		}
		e.Do("DELETE", item, e.annKey, nil).Expect(t, 409)
		// An approved request cannot be cancelled by the employee.
		approved := int64(e.Do("POST", e.SA+"/expense", e.annKey, req(7)).Expect(t, 200).Map(t)["id"].(float64))
		e.Do("POST", fmt.Sprintf("%s/employee/%d/expenserequest/%d/approve", e.B, e.ann, approved), e.Key, nil).Expect(t, 200)
		e.Do("DELETE", fmt.Sprintf("%s/expense/%d", e.SA, approved), e.annKey, nil).Expect(t, 409)
	})
}
