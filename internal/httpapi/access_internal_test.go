package httpapi

import (
	"context"
	"testing"

	"github.com/payrolld/payrolld/internal/business"
)

// TestDeclarationsChecked: an operation that does not say what it needs,
// or whose declaration contradicts its path, does not register.
func TestDeclarationsChecked(t *testing.T) {
	a := &API{Deps: Deps{RecordOwners: map[string]EmployeeOf{TimesheetLine: nil}}}
	a.RecordOwners[TimesheetLine] = func(context.Context, business.Business, int64) (int64, error) { return 0, nil }
	const b = "/api/v2/business/{businessId}"
	cases := []struct {
		name   string
		needs  Needs
		path   string
		panics bool
	}{
		{"nothing declared", Needs{}, b + "/thing", true},
		{"level only", Needs{Level: LevelBusiness}, b + "/thing", true},
		{"no permission", Needs{Level: LevelBusiness, Employee: NoEmployee}, b + "/thing", true},
		{"public under a business", Public, b + "/thing", true},
		{"authenticated under a business", Authenticated, b + "/thing", true},
		{"employee path declared NoEmployee", BusinessReference, b + "/employee/{employeeId}/thing", true},
		{"FromPath without an employee", OnEmployee(business.ViewEmployeeDetails), b + "/thing", true},
		{"Can() without a permission", OnEmployee(), b + "/employee/{employeeId}/thing", true},
		{"unknown permission", OnEmployee("ViewEverything"), b + "/employee/{employeeId}/thing", true},
		{"unknown report", OnReport("EverythingReport"), b + "/report/x", true},
		{"record without its owner", OnEmployees(business.CreateTimesheets), b + "/timesheet/{timesheetLineId}", true},
		{"record kind without a lookup", OnRecord(RosterShift, "rosterShiftId", business.ManageRosters), b + "/rostershift/{rosterShiftId}", true},
		{"record param not in the path", OnRecord(TimesheetLine, "timesheetLineId", business.CreateTimesheets), b + "/timesheet", true},
		{"pay run path without payroll", OnEmployees(business.ViewEmployeeDetails), b + "/payrun/{payRunId}/x", true},
		{"pay run needs without the run", OnPayRun(business.ReadPayRuns), b + "/payrun", true},
		{"kiosk access without a kiosk", OnKiosk(), b + "/thing", true},
		{"self-service without an employee", SelfService(business.ViewEmployeeDetails), "/api/v2/ess/thing", true},
		{"reference", BusinessReference, b + "/location", false},
		{"admin on an employee path", BusinessAdmin, b + "/employee/{employeeId}/singlesignon", false},
		{"employee", OnEmployee(business.EditAllEmployeeDetails), b + "/employee/{employeeId}/bankaccount", false},
		{"record", OnRecord(TimesheetLine, "timesheetLineId", business.CreateTimesheets), b + "/timesheet/{timesheetLineId}", false},
		{"pay run", OnPayRun(business.ApprovePayRuns), b + "/payrun/{payRunId}/finalise", false},
		{"pay runs", OnPayRuns(business.CreatePayRuns), b + "/payrun", false},
		{"report", OnReport("GrossToNetReport"), b + "/report/grosstonet", false},
		{"kiosk", OnKiosk(business.AddEmployeeFromKiosk), b + "/kiosk/{kioskId}/staff", false},
		{"self-service", SelfService(business.ViewEmployeeDetails), "/api/v2/ess/{employeeId}/details", false},
		{"public", Public, "/api/v2/mobileaccountrecovery/attempt", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); (r != nil) != c.panics {
					t.Fatalf("panic %v, want a panic: %v", r, c.panics)
				}
			}()
			c.needs.check(a, "GET", c.path)
		})
	}
}

func TestPermitted(t *testing.T) {
	acc := business.Access{Restrictions: business.Restrictions{
		EmployeeGroups: []business.EmployeeGroupAccess{{EmployeeGroupID: 1, Permissions: "ApproveTimesheets,ManageRosters"}, {EmployeeGroupID: 2, Permissions: "ViewLeaveRequests"}},
		LocationAccess: []business.LocationAccess{{FilterType: "Location", LocationIDs: []int64{9}, Permissions: "ApproveExpenses"}},
	}}
	cases := []struct {
		perms  []string
		groups int
		locs   int
		ok     bool
	}{
		{[]string{"ApproveTimesheets"}, 1, 0, true},
		{[]string{"CreateTimesheets"}, 0, 0, false},
		{[]string{"ViewRosters"}, 1, 0, true},           // ManageRosters includes viewing
		{[]string{"ViewExpenses"}, 0, 1, true},          // ApproveExpenses includes viewing
		{[]string{"ApproveLeaveRequests"}, 0, 0, false}, // viewing does not include approving
		{ViewLeave, 1, 0, true},
	}
	for _, c := range cases {
		n, ok := acc.Permitted(c.perms...)
		if ok != c.ok || len(n.Restrictions.EmployeeGroups) != c.groups || len(n.Restrictions.LocationAccess) != c.locs {
			t.Errorf("%v: ok %v groups %d locations %d", c.perms, ok, len(n.Restrictions.EmployeeGroups), len(n.Restrictions.LocationAccess))
		}
	}
	if n, ok := (business.Access{Unrestricted: true}).Permitted("ApproveTimesheets"); !ok || !n.Unrestricted {
		t.Error("unrestricted access is not narrowed")
	}
}
