package managerapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerExpenses: carol handles Ann's expense requests, not Ben's;
// the business list is scoped and paged in SQL.
func TestManagerExpenses(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cat := e.id(e.Do("POST", e.B+"/employeeexpensecategory", e.Key, map[string]any{"name": "Travel"}))
		req := func(amount float64, day string) map[string]any {
			return map[string]any{"description": "Client visit", "lineItems": []any{map[string]any{"expenseCategoryId": cat, "amount": amount,
				"dateIncurred": day + "T00:00:00", "locationId": e.sydney}}}
		}
		A := p("%s/%d/expense", e.M, e.ann)
		created := e.Do("POST", A, e.carol, req(12.5, "2026-11-03")).Expect(t, 200).Map(t)
		id := int64(created["id"].(float64))
		if created["canApprove"] != true || created["status"] != "Pending" || created["employeeName"] != "Ann Tester" {
			t.Fatalf("created %v", created)
		}
		second := e.id(e.Do("POST", A, e.carol, req(40, "2026-11-20")))
		benReq := e.id(e.Do("POST", p("%s/employee/%d/expenserequest", e.B, e.ben), e.Key, req(7, "2026-11-03")))
		I := p("%s/%d", A, id)
		e.RunCases(t, []testkit.Case{
			{Name: "get", Method: "GET", Path: I, Key: e.carol, Status: 200},
			{Name: "get out of scope", Method: "GET", Path: p("%s/%d/expense/%d", e.M, e.ben, benReq), Key: e.carol, Status: 404},
			{Name: "no credentials", Method: "GET", Path: I, Status: 401},
			{Name: "create out of scope", Method: "POST", Path: p("%s/%d/expense", e.M, e.ben), Key: e.carol, Body: req(1, "2026-11-03"), Status: 404},
			{Name: "create bad amount", Method: "POST", Path: A, Key: e.carol, Body: req(0, "2026-11-03"), Status: 400, Field: "lineItems[0].amount"},
			{Name: "update", Method: "PUT", Path: I, Key: e.carol, Body: req(15, "2026-11-03"), Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if li := r.Map(t)["lineItems"].([]any); li[0].(map[string]any)["amount"] != 15.0 {
					t.Fatalf("updated %v", li)
				}
			}},
			{Name: "list scoped", Method: "GET", Path: e.M + "/expense", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["itemCount"] != 2.0 || len(m["items"].([]any)) != 2 {
					t.Fatalf("carol's list %v", m)
				}
			}},
			{Name: "list unrestricted paged", Method: "GET", Path: e.M + "/expense?pageSize=2&currentPage=2", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["itemCount"] != 3.0 || m["pageCount"] != 2.0 || len(m["items"].([]any)) != 1 {
					t.Fatalf("alice's page %v", m)
				}
			}},
			// Lines incurred 1 to 10 November: the first request and Ben's.
			{Name: "list dates", Method: "GET", Path: e.M + "/expense?filter.fromDate=2026-11-01&filter.toDate=2026-11-10", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["itemCount"] != 2.0 {
					t.Fatalf("by dates %v", m)
				}
			}},
			{Name: "list bad page size", Method: "GET", Path: e.M + "/expense?pageSize=500", Key: e.Key, Status: 400, Field: "pageSize"},
			{Name: "list bad status", Method: "GET", Path: e.M + "/expense?status=Lost", Key: e.Key, Status: 400, Field: "status"},
			{Name: "categories", Method: "GET", Path: e.M + "/expense/categories", Key: e.carol, Status: 200},
			{Name: "taxcodes", Method: "GET", Path: e.M + "/expense/taxcodes", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if len(list(t, r)) == 0 {
					t.Fatal("no AU tax codes")
				}
			}},
			{Name: "reference", Method: "GET", Path: A + "/reference", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["defaultLocationId"] != float64(e.sydney) || len(m["expenseCategories"].([]any)) != 1 {
					t.Fatalf("reference %v", m)
				}
			}},
			{Name: "reference out of scope", Method: "GET", Path: p("%s/%d/expense/reference", e.M, e.ben), Key: e.carol, Status: 404},
			{Name: "decline", Method: "POST", Path: p("%s/%d/decline", A, second), Key: e.carol, Body: map[string]any{"reason": "Not business"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["status"] != "Declined" || m["statusUpdateNotes"] != "Not business" || m["canApprove"] != false {
						t.Fatalf("declined %v", m)
					}
				}},
			{Name: "approve declined", Method: "POST", Path: p("%s/%d/approve", A, second), Key: e.carol, Status: 409},
			{Name: "approve out of scope", Method: "POST", Path: p("%s/%d/expense/%d/approve", e.M, e.ben, benReq), Key: e.carol, Status: 404},
		})
		att := e.UploadWith("PUT", I+"/attachment?fileName=receipt.png", e.carol, testkit.File{Name: "r.png", ContentType: "image/png", Data: []byte("\x89PNG receipt")}).Expect(t, 200).Map(t)
		if att["friendlyName"] != "receipt.png" || att["id"] == 0.0 {
			t.Fatalf("attachment %v", att)
		}
		if got := race(e.Server, "POST", I+"/approve", e.carol); got != [2]int{200, 409} {
			t.Fatalf("racing approvals: %v", got)
		}
		e.Do("DELETE", p("%s/%d/expense/%d", e.M, e.ben, benReq), e.carol, nil).Expect(t, 404)
		e.Do("DELETE", p("%s/%d", A, second), e.carol, nil).Expect(t, 200)
		e.Do("GET", p("%s/%d", A, second), e.carol, nil).Expect(t, 404)
	})
}
