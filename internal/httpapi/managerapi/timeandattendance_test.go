package managerapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestRestrictedTimeAndAttendance: the permissions of time and attendance for
// restricted users. Tess may create timesheets over Sydney (Ann) without
// approving them or seeing shift costs, and view rosters over Melbourne
// (Ben); she operates one kiosk by name. Uma only views employee documents
// over Sydney and has no kiosk access. carol has every manager permission
// over Sydney, ViewShiftCosts included.
func TestRestrictedTimeAndAttendance(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		// Ann is paid 30 an hour: an 8-hour line costs 8 x 30 = 240.00.
		e.Do("PUT", p("%s/employee/unstructured/%d", e.B, e.ann), e.Key, map[string]any{"rate": 30, "rateUnit": "Hourly"}).Expect(t, 200)
		kioskOf := func(name string, all bool) int64 {
			return e.id(e.Do("POST", e.B+"/kiosk", e.Key, map[string]any{"name": name, "availableToAllRestrictedUsersWithKioskAccess": all}))
		}
		front, shared, back := kioskOf("Front", false), kioskOf("Shared", true), kioskOf("Back", false)
		_, tess := e.NewUser("tess@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "tess@example.com", "accessType": "Restricted", "locationAccess": []any{
			map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "CreateTimesheets"},
			map[string]any{"filterType": "Location", "locationIds": []int64{e.melb}, "permissions": "ViewRosters"}},
			"kioskAccess": map[string]any{"accessType": "SpecificKiosks", "kiosks": []int64{front}}}).Expect(t, 200)
		_, uma := e.NewUser("uma@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "uma@example.com", "accessType": "Restricted", "locationAccess": []any{
			map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ViewEmployeeDocuments"}}}).Expect(t, 200)
		line := e.id(e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-16T09:00:00", "endTime": "2026-11-16T17:00:00"}))
		e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-17T09:00:00", "endTime": "2026-11-17T17:00:00", "status": "Submitted"}).Expect(t, 200)

		costs := func(cost any, formatted string, canView bool) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["cost"] != cost || m["costFormatted"] != formatted || m["canViewCosts"] != canView || (cost == nil) != (m["rate"] == nil) {
					t.Fatalf("cost %v (%v), rate %v, canViewCosts %v; want %v (%q), %v", m["cost"], m["costFormatted"], m["rate"], m["canViewCosts"], cost, formatted, canView)
				}
			}
		}
		body := func(emp int64, extra ...string) map[string]any {
			m := map[string]any{"employeeId": emp, "startTime": "2026-11-18T09:00:00", "endTime": "2026-11-18T17:00:00"}
			if len(extra) == 2 {
				m[extra[0]] = extra[1]
			}
			return m
		}
		count := func(member string, n float64) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				if got := r.Map(t)[member].(map[string]any)["itemCount"]; got != n {
					t.Fatalf("%s %v, want %v: %s", member, got, n, r.Body)
				}
			}
		}
		kiosks := func(want ...int64) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				got := ids(t, r)
				if len(got) != len(want) {
					t.Fatalf("kiosks %v, want %v", got, want)
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("kiosks %v, want %v", got, want)
					}
				}
			}
		}
		e.RunCases(t, []testkit.Case{
			// (a) Costs need ViewShiftCosts over the employee.
			{Name: "costs with ViewShiftCosts", Method: "GET", Path: p("%s/timesheet/%d", e.B, line), Key: e.carol, Status: 200, Check: costs(240.0, "$240.00", true)},
			{Name: "costs unrestricted", Method: "GET", Path: p("%s/timesheet/%d", e.B, line), Key: e.Key, Status: 200, Check: costs(240.0, "$240.00", true)},
			{Name: "no costs without ViewShiftCosts", Method: "GET", Path: p("%s/timesheet/%d", e.B, line), Key: tess, Status: 200, Check: costs(nil, "", false)},
			{Name: "manager read without ViewShiftCosts", Method: "GET", Path: p("%s/%d/timesheet/%d", e.M, e.ann, line), Key: tess, Status: 200, Check: costs(nil, "", false)},
			{Name: "list without ViewShiftCosts", Method: "GET", Path: e.B + "/timesheet", Key: tess, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				items := r.Map(t)["items"].([]any)
				if len(items) != 2 {
					t.Fatalf("%d lines", len(items))
				}
				for _, it := range items {
					if m := it.(map[string]any); m["cost"] != nil || m["rate"] != nil || m["costFormatted"] != "" || m["canViewCosts"] != false {
						t.Fatalf("costs shown: %v", m)
					}
				}
			}},
			{Name: "list with ViewShiftCosts", Method: "GET", Path: e.M + "/timesheet", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				for _, it := range r.Map(t)["items"].([]any) {
					if m := it.(map[string]any); m["cost"] != 240.0 {
						t.Fatalf("cost %v, want 240", m["cost"])
					}
				}
			}},
			// (b) Created Approved needs ApproveTimesheets.
			{Name: "create Approved without ApproveTimesheets", Method: "POST", Path: e.B + "/timesheet", Key: tess, Body: body(e.ann, "status", "Approved"), Status: 403,
				Check: denied("ApproveTimesheets")},
			{Name: "bulk approved without ApproveTimesheets", Method: "POST", Path: e.B + "/timesheet/bulk", Key: tess, Body: map[string]any{"approved": true,
				"timesheets": map[string]any{p("%d", e.ann): []any{map[string]any{"startTime": "2026-11-19T09:00:00", "endTime": "2026-11-19T17:00:00"}}}}, Status: 403,
				Check: denied("ApproveTimesheets")},
			{Name: "kiosk line set Approved without ApproveTimesheets", Method: "PUT", Path: p("%s/kiosk/timesheet/%d", e.M, line), Key: tess,
				Body: body(e.ann, "status", "Approved"), Status: 403, Check: denied("ApproveTimesheets")},
			{Name: "create Submitted", Method: "POST", Path: e.B + "/timesheet", Key: tess, Body: body(e.ann), Status: 200},
			{Name: "create Approved with ApproveTimesheets", Method: "POST", Path: e.M + "/timesheet", Key: e.carol, Body: body(e.ann, "status", "Approved"), Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if s := r.Map(t)["status"]; s != "Approved" {
						t.Fatalf("status %v", s)
					}
				}},
			// (c) An employee in scope whose grants lack the permission: 403; out of scope: 400.
			{Name: "create for an employee without CreateTimesheets", Method: "POST", Path: e.B + "/timesheet", Key: tess, Body: body(e.ben), Status: 403,
				Check: denied("CreateTimesheets")},
			{Name: "create for an employee outside the scope", Method: "POST", Path: e.B + "/timesheet", Key: e.carol, Body: body(e.ben), Status: 400, Field: "employeeId"},
			{Name: "roster shift without ManageRosters", Method: "POST", Path: e.B + "/rostershift", Key: tess, Body: body(e.ann), Status: 403, Check: denied("ManageRosters")},
			{Name: "roster shift with ManageRosters", Method: "POST", Path: e.M + "/rostershift", Key: e.carol, Body: body(e.ann), Status: 200},
			// (d) The dashboard counts each family under its own permission; leave balances need a leave permission.
			{Name: "dashboard", Method: "GET", Path: e.M + "/dashboard", Key: tess, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				count("submittedTimesheets", 3)(t, r)
				count("pendingLeaveRequests", 0)(t, r)
			}},
			{Name: "dashboard without any family", Method: "GET", Path: e.M + "/dashboard", Key: uma, Status: 403},
			{Name: "leave balances without a leave permission", Method: "GET", Path: p("%s/employee/%d/leavebalances", e.B, e.ann), Key: tess, Status: 403,
				Check: denied("ViewLeaveRequests")},
			{Name: "leave balances", Method: "GET", Path: p("%s/employee/%d/leavebalances", e.B, e.ann), Key: e.carol, Status: 200},
			// (e) Kiosks: those the kiosk access names, and those available to all with kiosk access.
			{Name: "kiosks listed", Method: "GET", Path: e.B + "/kiosk", Key: tess, Status: 200, Check: kiosks(front, shared)},
			{Name: "kiosks listed unrestricted", Method: "GET", Path: e.B + "/kiosk", Key: e.Key, Status: 200, Check: kiosks(front, shared, back)},
			{Name: "kiosks listed without kiosk access", Method: "GET", Path: e.M + "/kiosk", Key: uma, Status: 200, Check: kiosks()},
			{Name: "kiosk named", Method: "GET", Path: p("%s/kiosk/%d", e.B, front), Key: tess, Status: 200},
			{Name: "kiosk available to all", Method: "GET", Path: p("%s/manager/kiosk/%d/staff", e.B, shared), Key: tess, Status: 200},
			{Name: "kiosk not granted", Method: "GET", Path: p("%s/kiosk/%d", e.B, back), Key: tess, Status: 403, Check: denied("kiosk access")},
			{Name: "kiosk action not granted", Method: "POST", Path: p("%s/kiosk/%d/checkid", e.B, back), Key: tess, Body: map[string]any{"employeeId": e.ann}, Status: 403},
			{Name: "no kiosk access", Method: "GET", Path: p("%s/kiosk/%d/staff", e.B, front), Key: uma, Status: 403},
			{Name: "other tenant's kiosk", Method: "GET", Path: p("%s/kiosk/%d", e.OtherB, front), Key: e.OtherKey, Status: 404},
		})
	})
}
