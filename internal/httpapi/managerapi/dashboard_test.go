package managerapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerDashboard: the counts are of the caller's employees.
func TestManagerDashboard(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		for _, emp := range []int64{e.ann, e.ben} {
			e.Do("POST", p("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": e.unpaid,
				"fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-07T00:00:00", "hours": 4}).Expect(t, 200)
			e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": emp, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T17:00:00"}).Expect(t, 200)
			// The test clock reads 2 November 2026: a shift today.
			e.Do("POST", e.B+"/rostershift", e.Key, map[string]any{"employeeId": emp, "startTime": "2026-11-02T10:00:00", "endTime": "2026-11-02T14:00:00"}).Expect(t, 200)
		}
		e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-03T09:00:00", "endTime": "2026-11-03T17:00:00"}).Expect(t, 200)
		e.Do("POST", e.B+"/rostershift", e.Key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-03T10:00:00", "endTime": "2026-11-03T14:00:00"}).Expect(t, 200)
		count := func(m map[string]any, member string) float64 {
			return m[member].(map[string]any)["itemCount"].(float64)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "restricted", Method: "GET", Path: e.M + "/dashboard", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				by := m["submittedTimesheets"].(map[string]any)["itemCountByEmployeeId"].([]any)
				if count(m, "pendingLeaveRequests") != 1 || count(m, "submittedTimesheets") != 2 || count(m, "pendingExpenseRequests") != 0 ||
					count(m, "shiftsToday") != 1 || len(by) != 1 || by[0].(map[string]any)["employeeId"] != float64(e.ann) {
					t.Fatalf("carol's dashboard %v", m)
				}
			}},
			{Name: "unrestricted", Method: "GET", Path: e.M + "/dashboard", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if count(m, "pendingLeaveRequests") != 2 || count(m, "submittedTimesheets") != 3 || count(m, "shiftsToday") != 2 {
					t.Fatalf("alice's dashboard %v", m)
				}
			}},
			{Name: "no credentials", Method: "GET", Path: e.M + "/dashboard", Status: 401},
			{Name: "other tenant", Method: "GET", Path: e.M + "/dashboard", Key: e.OtherKey, Status: 404},
		})
	})
}
