package managerapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerLeave: carol (restricted to Sydney) manages Ann's leave and
// not Ben's; the manager shape; approve and decline race-safe.
func TestManagerLeave(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		A := p("%s/%d/leaverequest", e.M, e.ann)
		B := p("%s/%d/leaverequest", e.M, e.ben)
		// Mon 7 to Tue 8 December 2026: two weekdays at 38/5 = 7.6 hours = 15.2 hours.
		body := map[string]any{"leaveCategoryId": e.unpaid, "fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-08T00:00:00", "notes": "Away"}
		created := e.Do("POST", A, e.carol, body).Expect(t, 200).Map(t)
		id := int64(created["id"].(float64))
		if created["totalHours"] != 15.2 || created["isPending"] != true || created["employeeName"] != "Ann Tester" || created["leaveCategoryName"] != "Test Unpaid" ||
			created["totalDays"] != 2.0 || created["hoursPerDay"] != 7.6 || created["canApprove"] != true || created["unitType"] != "Hours" || created["requestedDate"] == nil {
			t.Fatalf("created %v", created)
		}
		benReq := e.id(e.Do("POST", p("%s/employee/%d/leaverequest", e.B, e.ben), e.Key, map[string]any{"leaveCategoryId": e.unpaid,
			"fromDate": "2026-12-08T00:00:00", "toDate": "2026-12-08T00:00:00", "hours": 4}))
		second := e.id(e.Do("POST", A, e.carol, map[string]any{"leaveCategoryId": e.unpaid, "fromDate": "2026-12-14T00:00:00", "toDate": "2026-12-14T00:00:00", "units": 3}))
		I := p("%s/%d", A, id)
		e.RunCases(t, []testkit.Case{
			{Name: "get in scope", Method: "GET", Path: I, Key: e.carol, Status: 200},
			{Name: "get out of scope", Method: "GET", Path: p("%s/%d", B, benReq), Key: e.carol, Status: 404},
			{Name: "get other tenant", Method: "GET", Path: I, Key: e.OtherKey, Status: 404},
			{Name: "no credentials", Method: "GET", Path: I, Status: 401},
			{Name: "create out of scope", Method: "POST", Path: B, Key: e.carol, Body: body, Status: 404},
			{Name: "create without category", Method: "POST", Path: A, Key: e.carol, Body: map[string]any{"fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-07T00:00:00"}, Status: 400, Field: "leaveCategoryId"},
			{Name: "update notes", Method: "POST", Path: I, Key: e.carol, Body: map[string]any{"notes": "Beach"}, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["notes"] != "Beach" || m["totalHours"] != 15.2 {
					t.Fatalf("updated %v", m)
				}
			}},
			{Name: "units are hours", Method: "GET", Path: p("%s/%d", A, second), Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["totalHours"] != 3.0 {
					t.Fatalf("units %v", m)
				}
			}},
			{Name: "list is scoped", Method: "GET", Path: e.M + "/leaverequest", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 2 {
					t.Fatalf("carol sees %v", got)
				}
			}},
			{Name: "list unrestricted", Method: "GET", Path: e.M + "/leaverequest?filter.status=Pending", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 3 {
					t.Fatalf("alice sees %v", got)
				}
			}},
			{Name: "list bad date", Method: "GET", Path: e.M + "/leaverequest?fromDate=soon", Key: e.carol, Status: 400, Field: "fromDate"},
			// Ben's request overlaps Ann's on 8 December, but carol does not manage Ben.
			{Name: "overlapping scoped", Method: "GET", Path: I + "/overlapping", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 0 {
					t.Fatalf("carol overlaps %v", got)
				}
			}},
			{Name: "overlapping unrestricted", Method: "GET", Path: I + "/overlapping", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 1 || got[0] != benReq {
					t.Fatalf("alice overlaps %v", got)
				}
			}},
			{Name: "business overlapping", Method: "GET", Path: e.M + "/leaverequest/overlapping?fromDate=2026-12-08&toDate=2026-12-08", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 2 {
					t.Fatalf("alice overlaps %v", got)
				}
			}},
			{Name: "overlapping needs dates", Method: "GET", Path: e.M + "/leaverequest/overlapping?fromDate=2026-12-08", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "categories", Method: "GET", Path: A + "/categories", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 2 {
					t.Fatalf("categories %v", got)
				}
			}},
			{Name: "categories out of scope", Method: "GET", Path: B + "/categories", Key: e.carol, Status: 404},
			{Name: "balances out of scope", Method: "GET", Path: B + "/balances", Key: e.carol, Status: 404},
			{Name: "balances", Method: "GET", Path: A + "/balances", Key: e.carol, Status: 200},
			// Mon 7 to Fri 11 December 2026: five weekdays at 7.6 = 38 hours; nothing accrued, nothing approved.
			{Name: "estimate", Method: "GET", Path: A + "/estimate?fromDate=2026-12-07&toDate=2026-12-11&leaveCategoryId=" + fmt.Sprint(e.annual), Key: e.carol, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					req := m["leaveRequired"].(map[string]any)
					if req["hours"] != 38.0 || req["units"] != 38.0 || m["leaveBalance"] != 0.0 || m["availableBalance"] != 0.0 {
						t.Fatalf("estimate %v", m)
					}
				}},
			{Name: "estimate out of scope", Method: "GET", Path: B + "/estimate?fromDate=2026-12-07&toDate=2026-12-11", Key: e.carol, Status: 404},
			{Name: "decline out of scope", Method: "POST", Path: p("%s/%d/decline", B, benReq), Key: e.carol, Body: map[string]any{"reason": "no"}, Status: 404},
			{Name: "decline", Method: "POST", Path: p("%s/%d/decline", A, second), Key: e.carol, Body: map[string]any{"reason": "Busy week"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["isDeclined"] != true || m["statusUpdateNotes"] != "Busy week" || m["canApprove"] != false {
						t.Fatalf("declined %v", m)
					}
				}},
			{Name: "approve declined", Method: "POST", Path: p("%s/%d/approve", A, second), Key: e.carol, Status: 409},
		})
		// Two managers approve at once: one wins, the other gets 409.
		if got := race(e.Server, "POST", I+"/approve", e.carol); got != [2]int{200, 409} {
			t.Fatalf("racing approvals: %v", got)
		}
		e.Do("POST", I+"/approve", e.Key, nil).Expect(t, 409)
		got := e.Do("GET", I, e.carol, nil).Expect(t, 200).Map(t)
		if got["isApproved"] != true || got["canModify"] != false || got["canCancel"] != true {
			t.Fatalf("approved %v", got)
		}
		// Approved leave of the annual category counts against the estimate's balance.
		e.id(e.Do("POST", A, e.Key, map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-12-21T00:00:00", "toDate": "2026-12-21T00:00:00", "hours": 5}))
		e.Do("DELETE", I, e.carol, nil).Expect(t, 200)
		if got := e.Do("GET", I, e.carol, nil).Expect(t, 200).Map(t); got["isCancelled"] != true {
			t.Fatalf("cancelled %v", got)
		}
		e.Do("DELETE", p("%s/%d", B, benReq), e.carol, nil).Expect(t, 404)
	})
}
