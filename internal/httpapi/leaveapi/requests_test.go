package leaveapi_test

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestLeaveRequests: create (hours estimated from standard hours less
// weekends and public holidays), read back, partial update, list with
// filters and OData, approve / decline / cancel with their 409s, the
// balance rule, and the events.
func TestLeaveRequests(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.Do("POST", e.B+"/webhookregistrations", e.Key, map[string]any{"webHookUri": "http://127.0.0.1:9/hook", "secret": "0123456789abcdef0123456789abcdef", "filters": []string{"*"}}).Expect(t, 200)
		// A public holiday of the business on Wednesday 4 November 2026.
		e.Do("POST", e.B+"/publicholiday", e.Key, map[string]any{"date": "2026-11-04T00:00:00", "description": "Test Day"}).Expect(t, 200)
		R := e.E(e.ann) + "/leaverequest"

		// Monday to Sunday: five weekdays less the holiday, 38/5 = 7.6 hours each.
		est := e.Do("GET", R+"/estimate?leaveCategoryId="+fmt.Sprint(e.annual)+"&fromDate=2026-11-02&toDate=2026-11-08", e.Key, nil).Expect(t, 200).Map(t)
		if est["hours"] != 30.4 || len(est["details"].([]any)) != 7 || est["employeeId"] != float64(e.ann) {
			t.Fatalf("estimate %v", est)
		}
		r := e.Do("POST", R, e.Key, map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-11-02T00:00:00", "toDate": "2026-11-08T00:00:00", "notes": "Holiday"}).Expect(t, 200).Map(t)
		id := int64(r["id"].(float64))
		if r["totalHours"] != 30.4 || r["status"] != "Pending" || r["employee"] != "Ann Tester" || r["leaveCategory"] != "Test Annual" || r["hoursApplied"] != 0.0 || r["attachmentId"] != nil {
			t.Fatalf("created %v", r)
		}
		I := fmt.Sprintf("%s/%d", R, id)
		got := e.Do("GET", I, e.Key, nil).Expect(t, 200).Map(t)
		if fmt.Sprint(got) != fmt.Sprint(r) {
			t.Fatalf("read back %v, created %v", got, r)
		}
		// Partial update: notes only; then new dates are estimated again.
		e.Do("PUT", I, e.Key, map[string]any{"notes": "Beach"}).Expect(t, 200)
		got = e.Do("GET", I, e.Key, nil).Expect(t, 200).Map(t)
		if got["notes"] != "Beach" || got["totalHours"] != 30.4 {
			t.Fatalf("after notes update %v", got)
		}
		got = e.Do("PUT", R, e.Key, map[string]any{"id": id, "toDate": "2026-11-03T00:00:00"}).Expect(t, 200).Map(t)
		if got["totalHours"] != 15.2 || got["notes"] != "Beach" {
			t.Fatalf("after date update %v", got)
		}
		// Explicit hours win over the estimate.
		ben := int64(e.Do("POST", e.E(e.ben)+"/leaverequest", e.Key, map[string]any{"leaveCategoryId": e.unpaid, "fromDate": "2026-12-01T00:00:00", "toDate": "2026-12-01T00:00:00", "hours": 3.5}).Expect(t, 200).Map(t)["id"].(float64))

		// Lists: the employee's, and the business's with filters and OData.
		if l := list(t, e.Do("GET", R, e.Key, nil)); len(l) != 1 || l[0]["id"] != float64(id) {
			t.Fatalf("employee list %v", l)
		}
		all := list(t, e.Do("GET", e.B+"/leaverequest", e.Key, nil))
		if len(all) != 2 || all[0]["id"] != float64(id) {
			t.Fatalf("business list %v", all)
		}
		for q, want := range map[string]int{
			"?status=Pending": 2, "?filter.status=Approved": 0, "?employeeId=" + fmt.Sprint(e.ben): 1, "?leaveCategoryId=" + fmt.Sprint(e.annual): 1,
			"?fromDate=2026-11-03&toDate=2026-11-30": 1, "?fromDate=2026-11-03&toDate=2026-11-30&restrictOverlappingLeave=true": 0,
			"?locationId=" + fmt.Sprint(e.melb): 1, "?groupBy=LeaveType&$top=1": 1,
			"?$filter=" + url.QueryEscape("leaveCategoryId eq "+fmt.Sprint(e.unpaid)+" and fromDate ge datetime'2026-12-01T00:00:00'") + "&$top=20": 1,
			"?$orderby=fromDate%20desc&$skip=1": 1,
		} {
			if l := list(t, e.Do("GET", e.B+"/leaverequest"+q, e.Key, nil)); len(l) != want {
				t.Errorf("%s: %d requests, want %d", q, len(l), want)
			}
		}

		// Approve; approving again, declining or editing an approved one is a conflict.
		if got := e.Do("POST", I+"/approve", e.Key, nil).Expect(t, 200).Map(t); got["status"] != "Approved" {
			t.Fatalf("approve %v", got)
		}
		// The pay run owner sees it, pays part of it; then it cannot be cancelled.
		ap, err := e.App.Leave.ApprovedInPeriod(context.Background(), d.Queries(), e.Biz, []int64{e.ann, e.ben}, date("2026-11-01"), date("2026-11-07"))
		if err != nil || len(ap) != 1 || ap[0].LeaveRequestID != id || ap[0].Hours.String() != "15.2" {
			t.Fatalf("approved in period %+v %v", ap, err)
		}
		if err := e.post(11, leave.Entry{EmployeeID: e.ann, LeaveCategoryID: e.annual, Kind: leave.KindTaken, Hours: h("7.6"), Date: date("2026-11-06"), LeaveRequestID: id}); err != nil {
			t.Fatal(err)
		}
		if got := e.Do("GET", I, e.Key, nil).Expect(t, 200).Map(t); got["hoursApplied"] != 7.6 {
			t.Fatalf("hours applied %v", got)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "approve twice", Method: "POST", Path: I + "/approve", Key: e.Key, Status: 409},
			{Name: "decline approved", Method: "POST", Path: I + "/decline", Key: e.Key, Body: map[string]any{"reason": "no"}, Status: 409},
			{Name: "edit approved", Method: "PUT", Path: I, Key: e.Key, Body: map[string]any{"notes": "x"}, Status: 409},
			{Name: "cancel paid", Method: "DELETE", Path: I, Key: e.Key, Status: 409},
		})
		// Reversing the pay run makes it cancellable.
		if err := e.post(11); err != nil {
			t.Fatal(err)
		}
		if got := e.Do("DELETE", I, e.Key, nil).Expect(t, 200).Map(t); got["status"] != "Cancelled" {
			t.Fatalf("cancel %v", got)
		}
		testkit.ExpectProblem(t, e.Do("DELETE", I, e.Key, nil), 409, "")
		B := fmt.Sprintf("%s/leaverequest/%d", e.E(e.ben), ben)
		if got := e.Do("POST", B+"/decline", e.Key, map[string]any{"reason": "Short staffed"}).Expect(t, 200).Map(t); got["status"] != "Rejected" {
			t.Fatalf("decline %v", got)
		}
		testkit.ExpectProblem(t, e.Do("POST", B+"/approve", e.Key, nil), 409, "")

		// Automatically approved at creation.
		if got := e.Do("POST", R, e.Key, map[string]any{"leaveCategoryId": e.unpaid, "fromDate": "2026-12-07", "toDate": "2026-12-07", "automaticallyApprove": true}).Expect(t, 200).Map(t); got["status"] != "Approved" || got["totalHours"] != 7.6 {
			t.Fatalf("auto-approved %v", got)
		}

		// A category that prevents negative balances refuses more than is left.
		strict := int64(e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Strict", "preventNegativeBalanceUnpaidLeaveCategoryId": e.unpaid}).Expect(t, 200).Map(t)["id"].(float64))
		ask := map[string]any{"leaveCategoryId": strict, "fromDate": "2026-12-14", "toDate": "2026-12-14", "hours": 5}
		testkit.ExpectProblem(t, e.Do("POST", R, e.Key, ask), 400, "hours")
		if err := e.post(12, leave.Entry{EmployeeID: e.ann, LeaveCategoryID: strict, Kind: leave.KindAccrual, Hours: h("8"), Date: date("2026-11-01")}); err != nil {
			t.Fatal(err)
		}
		e.Do("POST", R, e.Key, ask).Expect(t, 200)
		// 8 accrued, 5 committed to the pending request: 3 left.
		ask["hours"] = 3.5
		testkit.ExpectProblem(t, e.Do("POST", R, e.Key, ask), 400, "hours")
		ask["hours"] = 3
		e.Do("POST", R, e.Key, ask).Expect(t, 200)

		other := int64(e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.OtherB, e.bobEmp), e.OtherKey, map[string]any{"leaveCategoryId": otherCategory(t, e), "fromDate": "2026-12-01", "toDate": "2026-12-01", "hours": 1}).Expect(t, 200).Map(t)["id"].(float64))
		e.RunCases(t, []testkit.Case{
			{Name: "no category", Method: "POST", Path: R, Key: e.Key, Body: map[string]any{"fromDate": "2026-12-01", "toDate": "2026-12-01"}, Status: 400, Field: "leaveCategoryId"},
			{Name: "other tenant's category", Method: "POST", Path: R, Key: e.Key, Body: map[string]any{"leaveCategoryId": otherCategory(t, e), "fromDate": "2026-12-01", "toDate": "2026-12-01"}, Status: 400, Field: "leaveCategoryId"},
			{Name: "backwards", Method: "POST", Path: R, Key: e.Key, Body: map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-12-02", "toDate": "2026-12-01"}, Status: 400, Field: "toDate"},
			{Name: "zero hours", Method: "POST", Path: R, Key: e.Key, Body: map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-12-01", "toDate": "2026-12-01", "hours": 0}, Status: 400, Field: "hours"},
			{Name: "weekend only", Method: "POST", Path: R, Key: e.Key, Body: map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-12-05", "toDate": "2026-12-06"}, Status: 400, Field: "hours"},
			{Name: "bad status filter", Method: "GET", Path: e.B + "/leaverequest?status=Maybe", Key: e.Key, Status: 400, Field: "status"},
			{Name: "bad $filter", Method: "GET", Path: e.B + "/leaverequest?$filter=" + url.QueryEscape("totalHours gt 1"), Key: e.Key, Status: 400, Field: "$filter"},
			{Name: "$top too big", Method: "GET", Path: e.B + "/leaverequest?$top=101", Key: e.Key, Status: 400, Field: "$top"},
			{Name: "update without id", Method: "PUT", Path: R, Key: e.Key, Body: map[string]any{"notes": "x"}, Status: 400, Field: "id"},
			{Name: "anonymous list", Method: "GET", Path: e.B + "/leaverequest", Status: 401},
			{Name: "anonymous create", Method: "POST", Path: R, Body: map[string]any{}, Status: 401},
			{Name: "anonymous approve", Method: "POST", Path: I + "/approve", Status: 401},
			{Name: "other tenant get", Method: "GET", Path: I, Key: e.OtherKey, Status: 404},
			{Name: "other tenant approve", Method: "POST", Path: B + "/approve", Key: e.OtherKey, Status: 404},
			{Name: "other tenant list", Method: "GET", Path: e.B + "/leaverequest", Key: e.OtherKey, Status: 404},
			{Name: "other tenant's request under own employee", Method: "GET", Path: fmt.Sprintf("%s/%d", R, other), Key: e.Key, Status: 404},
			{Name: "request of another employee", Method: "GET", Path: fmt.Sprintf("%s/leaverequest/%d", e.E(e.ben), id), Key: e.Key, Status: 404},
			{Name: "decline other tenant's", Method: "POST", Path: fmt.Sprintf("%s/employee/%d/leaverequest/%d/decline", e.OtherB, e.bobEmp, other), Key: e.Key, Status: 404},
		})
		if l := list(t, e.Do("GET", e.OtherB+"/leaverequest", e.OtherKey, nil)); len(l) != 1 {
			t.Fatalf("bob sees %v", l)
		}

		// A restricted user (Sydney only) sees and decides only Ann's requests.
		_, carol := e.NewUser("carol@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ApproveLeaveRequests"}}}).Expect(t, 200)
		for _, r := range list(t, e.Do("GET", e.B+"/leaverequest", carol, nil)) {
			if r["employeeId"] != float64(e.ann) {
				t.Fatalf("restricted user sees %v", r)
			}
		}
		testkit.ExpectProblem(t, e.Do("GET", B, carol, nil), 404, "")

		for _, ev := range []string{"LeaveRequestCreated", "LeaveRequestUpdated", "LeaveRequestApproved", "LeaveRequestDeclined", "LeaveRequestCancelled"} {
			var n int
			if err := d.R.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = $1`, ev).Scan(&n); err != nil || n == 0 {
				t.Errorf("%s deliveries = %d, %v", ev, n, err)
			}
		}
	})
}

func otherCategory(t *testing.T, e *env) int64 {
	t.Helper()
	for _, c := range list(t, e.Do("GET", e.OtherB+"/leavecategory", e.OtherKey, nil)) {
		if c["name"] == "Bob Leave" {
			return int64(c["id"].(float64))
		}
	}
	return int64(e.Do("POST", e.OtherB+"/leavecategory", e.OtherKey, map[string]any{"name": "Bob Leave"}).Expect(t, 200).Map(t)["id"].(float64))
}

// TestLeaveDecisionRace: two managers decide the same request at once;
// exactly one wins and the other gets 409, on both engines.
func TestLeaveDecisionRace(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		R := e.E(e.ann) + "/leaverequest"
		for round := 0; round < 5; round++ {
			id := int64(e.Do("POST", R, e.Key, map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-12-01", "toDate": "2026-12-01", "hours": 1}).Expect(t, 200).Map(t)["id"].(float64))
			I := fmt.Sprintf("%s/%d", R, id)
			var wg sync.WaitGroup
			statuses := make([]int, 2)
			for i, op := range []string{"/approve", "/decline"} {
				wg.Add(1)
				go func(i int, op string) {
					defer wg.Done()
					statuses[i] = e.Do("POST", I+op, e.Key, map[string]any{"reason": "race"}).Status
				}(i, op)
			}
			wg.Wait()
			if !(statuses[0] == 200 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 200) {
				t.Fatalf("round %d: approve %d, decline %d; want one 200 and one 409", round, statuses[0], statuses[1])
			}
			final := e.Do("GET", I, e.Key, nil).Expect(t, 200).Map(t)["status"]
			if (statuses[0] == 200) != (final == "Approved") {
				t.Fatalf("round %d: winner %v but status %v", round, statuses, final)
			}
		}
	})
}
