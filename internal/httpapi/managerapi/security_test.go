package managerapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerBusinesses: each caller sees the businesses they manage with
// their permissions.
func TestManagerBusinesses(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		const path = "/api/v2/manager/security/businesses"
		// lena may approve (and so view) the leave of Sydney, nothing else.
		_, lena := e.NewUser("lena@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "lena@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ApproveLeaveRequests"}}}).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "restricted", Method: "GET", Path: path, Key: lena, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				l := list(t, r)
				if len(l) != 1 || l[0]["id"] != float64(e.Biz) || l[0]["isPayrollAdmin"] != false || l[0]["canApproveLeaveRequests"] != true ||
					l[0]["canViewLeaveRequests"] != true || l[0]["canApproveTimesheets"] != false || l[0]["noTimesheetPermissions"] != true {
					t.Fatalf("lena's businesses %v", l)
				}
				lp := l[0]["locationPermissions"].([]any)
				if len(lp) != 1 || lp[0].(map[string]any)["id"].([]any)[0] != float64(e.sydney) {
					t.Fatalf("location permissions %v", lp)
				}
			}},
			{Name: "owner", Method: "GET", Path: path, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				l := list(t, r)
				if len(l) != 1 || l[0]["isPayrollAdmin"] != true || l[0]["canManageRosterShifts"] != true || l[0]["name"] != "Alice AU" {
					t.Fatalf("alice's businesses %v", l)
				}
			}},
			{Name: "other user", Method: "GET", Path: path, Key: e.OtherKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if l := list(t, r); len(l) != 1 || l[0]["id"] != float64(e.Other) {
					t.Fatalf("bob's businesses %v", l)
				}
			}},
			{Name: "no credentials", Method: "GET", Path: path, Status: 401},
		})
	})
}
