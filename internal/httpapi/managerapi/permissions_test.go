package managerapi_test

import (
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// denied is a 403 naming the permission.
func denied(perm string) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		if !strings.Contains(string(r.Body), perm) {
			t.Fatalf("403 without %s: %s", perm, r.Body)
		}
	}
}

// TestManagerPermissions: the permissions of a restricted user's grants
// are enforced per family, per employee group / location. Erin may approve
// leave and timesheets and create timesheets over Sydney (Ann), and only
// view leave and rosters over Melbourne (Ben).
func TestManagerPermissions(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		_, erin := e.NewUser("erin@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "erin@example.com", "accessType": "Restricted", "locationAccess": []any{
			map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ApproveLeaveRequests,ApproveTimesheets,CreateTimesheets"},
			map[string]any{"filterType": "Location", "locationIds": []int64{e.melb}, "permissions": "ViewLeaveRequests,ViewRosters"}}}).Expect(t, 200)
		leaveOf := func(emp int64) int64 {
			return e.id(e.Do("POST", p("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": e.unpaid,
				"fromDate": "2026-12-08T00:00:00", "toDate": "2026-12-08T00:00:00", "hours": 4}))
		}
		annLeave, benLeave := leaveOf(e.ann), leaveOf(e.ben)
		lineOf := func(emp int64) int64 {
			return e.id(e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": emp, "startTime": "2026-11-16T09:00:00", "endTime": "2026-11-16T17:00:00"}))
		}
		annLine, benLine := lineOf(e.ann), lineOf(e.ben)
		shiftOf := func(emp int64) int64 {
			return e.id(e.Do("POST", e.B+"/rostershift", e.Key, map[string]any{"employeeId": emp, "startTime": "2026-11-24T09:00:00", "endTime": "2026-11-24T17:00:00"}))
		}
		shiftOf(e.ann)
		benShift := shiftOf(e.ben)
		count := func(n int, items func(r *testkit.Response) int) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				if got := items(r); got != n {
					t.Fatalf("%d items, want %d: %s", got, n, r.Body)
				}
			}
		}
		arr := func(r *testkit.Response) int { return len(list(t, r)) }
		paged := func(r *testkit.Response) int { return len(r.Map(t)["items"].([]any)) }
		e.RunCases(t, []testkit.Case{
			// Leave: viewing covers both locations, approving Sydney only, creating nowhere.
			{Name: "leave list sees both", Method: "GET", Path: e.M + "/leaverequest", Key: erin, Status: 200, Check: count(2, arr)},
			{Name: "leave approve without the flag there", Method: "POST", Path: p("%s/%d/leaverequest/%d/approve", e.M, e.ben, benLeave), Key: erin, Status: 403,
				Check: denied("ApproveLeaveRequests")},
			{Name: "business leave approve without the flag there", Method: "POST", Path: p("%s/employee/%d/leaverequest/%d/approve", e.B, e.ben, benLeave), Key: erin,
				Status: 403, Check: denied("ApproveLeaveRequests")},
			{Name: "leave approve with the flag", Method: "POST", Path: p("%s/%d/leaverequest/%d/approve", e.M, e.ann, annLeave), Key: erin, Status: 200},
			{Name: "leave create without the flag", Method: "POST", Path: p("%s/%d/leaverequest", e.M, e.ann), Key: erin, Body: map[string]any{"leaveCategoryId": e.unpaid,
				"fromDate": "2026-12-09T00:00:00", "toDate": "2026-12-09T00:00:00"}, Status: 403, Check: denied("CreateLeaveRequests")},
			{Name: "leave balances with view", Method: "GET", Path: p("%s/%d/leaverequest/balances", e.M, e.ben), Key: erin, Status: 200},
			// Timesheets: Sydney only, filtered in the list's query.
			{Name: "timesheet list filtered", Method: "GET", Path: e.M + "/timesheet", Key: erin, Status: 200, Check: count(1, paged)},
			{Name: "business timesheet list filtered", Method: "GET", Path: e.B + "/timesheet", Key: erin, Status: 200, Check: count(1, paged)},
			{Name: "timesheet approve other location", Method: "POST", Path: p("%s/%d/timesheet/%d/approve", e.M, e.ben, benLine), Key: erin, Status: 403,
				Check: denied("ApproveTimesheets")},
			// Addressed by the line's own id: the line's employee decides.
			{Name: "timesheet of other location by id", Method: "GET", Path: p("%s/timesheet/%d", e.B, benLine), Key: erin, Status: 403, Check: denied("ApproveTimesheets")},
			{Name: "timesheet edit of other location by id", Method: "PUT", Path: p("%s/timesheet/%d", e.B, benLine), Key: erin, Body: map[string]any{"employeeId": e.ben,
				"startTime": "2026-11-16T10:00:00", "endTime": "2026-11-16T17:00:00"}, Status: 403, Check: denied("CreateTimesheets")},
			{Name: "timesheet edit by id", Method: "PUT", Path: p("%s/timesheet/%d", e.B, annLine), Key: erin, Body: map[string]any{"employeeId": e.ann,
				"startTime": "2026-11-16T10:00:00", "endTime": "2026-11-16T17:00:00"}, Status: 200},
			// Ben is in Erin's scope (Melbourne) without CreateTimesheets there: 403 naming it.
			{Name: "timesheet create for other location", Method: "POST", Path: e.B + "/timesheet", Key: erin, Body: map[string]any{"employeeId": e.ben,
				"startTime": "2026-11-17T09:00:00", "endTime": "2026-11-17T17:00:00"}, Status: 403, Check: denied("CreateTimesheets")},
			{Name: "timesheet approve", Method: "POST", Path: p("%s/%d/timesheet/%d/approve", e.M, e.ann, annLine), Key: erin, Status: 200},
			// Rosters: Melbourne only, view only.
			{Name: "roster list filtered", Method: "GET", Path: e.B + "/rostershift?fromDate=2026-11-23&toDate=2026-11-29", Key: erin, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if got := ids(t, r); len(got) != 1 || got[0] != benShift {
						t.Fatalf("erin's shifts %v", got)
					}
				}},
			{Name: "roster create without the flag", Method: "POST", Path: e.B + "/rostershift", Key: erin, Body: map[string]any{"employeeId": e.ben,
				"startTime": "2026-11-25T09:00:00", "endTime": "2026-11-25T17:00:00"}, Status: 403, Check: denied("ManageRosters")},
			// Expenses: nothing granted.
			{Name: "expenses without the flag", Method: "GET", Path: e.M + "/expense", Key: erin, Status: 403, Check: denied("ViewExpenses")},
			{Name: "business expenses without the flag", Method: "GET", Path: p("%s/employee/%d/expenserequest", e.B, e.ann), Key: erin, Status: 403},
			// Out of scope stays 404; a business admin is unaffected.
			{Name: "out of scope employee", Method: "POST", Path: p("%s/%d/leaverequest/%d/approve", e.M, e.ben, benLeave), Key: e.carol, Status: 404},
			{Name: "admin approves", Method: "POST", Path: p("%s/%d/leaverequest/%d/approve", e.M, e.ben, benLeave), Key: e.Key, Status: 200},
			{Name: "admin lists expenses", Method: "GET", Path: e.M + "/expense", Key: e.Key, Status: 200},
		})
	})
}
