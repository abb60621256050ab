package httpapi

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Permission names (business.Permissions) the operations below need.
const (
	permApproveTimesheets    = "ApproveTimesheets"
	permCreateTimesheets     = "CreateTimesheets"
	permApproveLeaveRequests = "ApproveLeaveRequests"
	permCreateLeaveRequests  = "CreateLeaveRequests"
	permViewLeaveRequests    = "ViewLeaveRequests"
	permManageRosters        = "ManageRosters"
	permViewRosters          = "ViewRosters"
	permViewExpenses         = "ViewExpenses"
	permCreateExpenses       = "CreateExpenses"
	permApproveExpenses      = "ApproveExpenses"
	permViewShiftCosts       = "ViewShiftCosts"
)

// The permissions any one of which lets a restricted user see a family's
// records.
var (
	ViewTimesheets = []string{permApproveTimesheets, permCreateTimesheets}
	ViewLeave      = []string{permViewLeaveRequests, permCreateLeaveRequests} // ApproveLeaveRequests implies View
	ViewRosters    = []string{permViewRosters}                                // ManageRosters implies View
	ViewExpenses   = []string{permViewExpenses, permCreateExpenses}           // ApproveExpenses implies View
)

// operationPermissions is the permission model of restricted business
// users: each operation a restricted user can reach that acts on
// timesheets, leave requests, roster shifts, unavailability or expenses,
// with the permissions any one of which allows it ("METHOD path"). Seeing
// needs any permission of the family (an approver or a creator sees what
// they act on); creating, editing and deleting need Create (ManageRosters
// for rosters); approving and declining need Approve. TestPermissionTable
// insists every key is a registered operation.
var operationPermissions = map[string][]string{
	// Timesheets.
	"POST /api/v2/business/{businessId}/employee/{employeeId}/timesheet/shiftcosting":                  {permViewShiftCosts},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/timesheet/shiftperiods":                  append(append([]string{}, ViewTimesheets...), permViewRosters, permManageRosters),
	"GET /api/v2/business/{businessId}/timesheet":                                                      ViewTimesheets,
	"GET /api/v2/business/{businessId}/manager/timesheet":                                              ViewTimesheets,
	"GET /api/v2/business/{businessId}/timesheet/{timesheetLineId}":                                    ViewTimesheets,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}":                   ViewTimesheets,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/timesheet/reference":                       ViewTimesheets,
	"GET /api/v2/business/{businessId}/manager/kiosk/timesheet":                                        ViewTimesheets,
	"POST /api/v2/business/{businessId}/timesheet":                                                     {permCreateTimesheets},
	"POST /api/v2/business/{businessId}/manager/timesheet":                                             {permCreateTimesheets},
	"PUT /api/v2/business/{businessId}/timesheet/{timesheetLineId}":                                    {permCreateTimesheets},
	"PUT /api/v2/business/{businessId}/manager/timesheet/{timesheetLineId}":                            {permCreateTimesheets},
	"DELETE /api/v2/business/{businessId}/timesheet/{timesheetLineId}":                                 {permCreateTimesheets},
	"POST /api/v2/business/{businessId}/timesheet/bulk":                                                {permCreateTimesheets},
	"PUT /api/v2/business/{businessId}/timesheet/bulk":                                                 {permCreateTimesheets},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}":                  {permCreateTimesheets},
	"DELETE /api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}":                {permCreateTimesheets},
	"POST /api/v2/business/{businessId}/manager/kiosk/timesheet":                                       {permCreateTimesheets},
	"PUT /api/v2/business/{businessId}/manager/kiosk/timesheet/{timesheetLineId}":                      {permCreateTimesheets},
	"PUT /api/v2/business/{businessId}/manager/kiosk/timesheetcomments/{timesheetLineId}":              {permCreateTimesheets},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}/approve":          {permApproveTimesheets},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/timesheet/{timesheetId}/reject":           {permApproveTimesheets},
	"GET /api/v2/business/{businessId}/leaverequest":                                                   ViewLeave,
	"GET /api/v2/business/{businessId}/employee/{employeeId}/leavebalances":                            ViewLeave,
	"GET /api/v2/business/{businessId}/employee/{employeeId}/leaverequest":                             ViewLeave,
	"GET /api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}":            ViewLeave,
	"GET /api/v2/business/{businessId}/employee/{employeeId}/leaverequest/estimate":                    ViewLeave,
	"GET /api/v2/business/{businessId}/manager/leaverequest":                                           ViewLeave,
	"GET /api/v2/business/{businessId}/manager/leaverequest/overlapping":                               ViewLeave,
	"GET /api/v2/business/{businessId}/manager/leaverequest/categories":                                ViewLeave,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}":             ViewLeave,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/overlapping": ViewLeave,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/attachment":  ViewLeave,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/balances":                     ViewLeave,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/categories":                   ViewLeave,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/estimate":                     ViewLeave,
	"POST /api/v2/business/{businessId}/employee/{employeeId}/leaverequest":                            {permCreateLeaveRequests},
	"PUT /api/v2/business/{businessId}/employee/{employeeId}/leaverequest":                             {permCreateLeaveRequests},
	"PUT /api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}":            {permCreateLeaveRequests},
	"DELETE /api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}":         {permCreateLeaveRequests},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/leaverequest":                             {permCreateLeaveRequests},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}":            {permCreateLeaveRequests},
	"DELETE /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}":          {permCreateLeaveRequests},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}/approve":   {permApproveLeaveRequests},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}/decline":   {permApproveLeaveRequests},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/approve":    {permApproveLeaveRequests},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/leaverequest/{leaveRequestId}/decline":    {permApproveLeaveRequests},
	// Roster shifts and unavailability (the roster's input).
	"GET /api/v2/business/{businessId}/rostershift":                                                           ViewRosters,
	"GET /api/v2/business/{businessId}/manager/rostershift":                                                   ViewRosters,
	"GET /api/v2/business/{businessId}/manager/rostershift/{rosterShiftId}":                                   ViewRosters,
	"GET /api/v2/business/{businessId}/manager/rostershift/manage":                                            ViewRosters,
	"GET /api/v2/business/{businessId}/manager/rostershift/roles":                                             ViewRosters,
	"GET /api/v2/business/{businessId}/rostershift/{employeeId}/matchingclockon":                              ViewRosters,
	"GET /api/v2/business/{businessId}/rostershift/{employeeId}/matchingclockoff":                             ViewRosters,
	"GET /api/v2/business/{businessId}/rostershift/{employeeId}/nearby":                                       ViewRosters,
	"GET /api/v2/business/{businessId}/manager/rostershift/{employeeId}/matchingclockon":                      ViewRosters,
	"GET /api/v2/business/{businessId}/manager/rostershift/{employeeId}/matchingclockoff":                     ViewRosters,
	"GET /api/v2/business/{businessId}/manager/rostershift/{employeeId}/nearby":                               ViewRosters,
	"POST /api/v2/business/{businessId}/rostershift":                                                          {permManageRosters},
	"POST /api/v2/business/{businessId}/manager/rostershift":                                                  {permManageRosters},
	"PUT /api/v2/business/{businessId}/rostershift/{rosterShiftId}":                                           {permManageRosters},
	"PUT /api/v2/business/{businessId}/manager/rostershift/{rosterShiftId}":                                   {permManageRosters},
	"POST /api/v2/business/{businessId}/rostershift/{rosterShiftId}/stub":                                     {permManageRosters},
	"POST /api/v2/business/{businessId}/manager/rostershift/{rosterShiftId}/stub":                             {permManageRosters},
	"GET /api/v2/business/{businessId}/unavailability":                                                        ViewRosters,
	"GET /api/v2/business/{businessId}/unavailability/{id}":                                                   ViewRosters,
	"POST /api/v2/business/{businessId}/unavailability":                                                       {permManageRosters},
	"PUT /api/v2/business/{businessId}/unavailability/{id}":                                                   {permManageRosters},
	"DELETE /api/v2/business/{businessId}/unavailability/{id}":                                                {permManageRosters},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/rostershift/unavailability":                      {permManageRosters},
	"PUT /api/v2/business/{businessId}/manager/{employeeId}/rostershift/unavailability/{unavailabilityId}":    {permManageRosters},
	"DELETE /api/v2/business/{businessId}/manager/{employeeId}/rostershift/unavailability/{unavailabilityId}": {permManageRosters},
	// Expenses.
	"GET /api/v2/business/{businessId}/manager/expense":                                                    ViewExpenses,
	"GET /api/v2/business/{businessId}/manager/expense/categories":                                         ViewExpenses,
	"GET /api/v2/business/{businessId}/manager/expense/taxcodes":                                           ViewExpenses,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/expense/reference":                             ViewExpenses,
	"GET /api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}":                    ViewExpenses,
	"GET /api/v2/business/{businessId}/employee/{employeeId}/expenserequest":                               ViewExpenses,
	"GET /api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}":            ViewExpenses,
	"POST /api/v2/business/{businessId}/manager/{employeeId}/expense":                                      {permCreateExpenses},
	"PUT /api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}":                    {permCreateExpenses},
	"DELETE /api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}":                 {permCreateExpenses},
	"PUT /api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}/attachment":         {permCreateExpenses},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/expenserequest":                              {permCreateExpenses},
	"PUT /api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}":            {permCreateExpenses},
	"DELETE /api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}":         {permCreateExpenses},
	"PUT /api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}/attachment": {permCreateExpenses},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}/approve":           {permApproveExpenses},
	"POST /api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}/decline":           {permApproveExpenses},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}/approve":   {permApproveExpenses},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}/decline":   {permApproveExpenses},
	// The manager dashboard counts each family under its own view
	// permission (a family the user may not see counts nothing).
	"GET /api/v2/business/{businessId}/manager/dashboard": append(append(append(append([]string{}, ViewTimesheets...), ViewLeave...), ViewRosters...), ViewExpenses...),
}

// permissionsOf is what operation method path needs of a restricted user
// (nil: nothing beyond the employee scope).
func permissionsOf(method, path string) []string {
	return operationPermissions[method+" "+path]
}

// permissionDoc is the sentence the operation's description gains.
func permissionDoc(perms []string) string {
	return " A restricted user needs the " + strings.Join(perms, " or ") + " permission (a stronger permission includes the view one) and acts " +
		"only on the employees of the employee groups and locations that grant it: lists leave the others out; an employee in the user's scope " +
		"whose grants lack it, named by the path or owning the record the path names, is 403; an employee named in the body is refused as one " +
		"outside the scope (timesheet and roster shift creation: 403 naming the permission when the user sees the employee); without the " +
		"permission anywhere the operation is 403."
}

// recordTables are the records whose own id addresses an operation of the
// permission model without naming their employee: the path parameter and
// the table holding the record's employee_id.
var recordTables = []struct{ param, table string }{
	{"{timesheetLineId}", "timesheet_lines"},
	{"{rosterShiftId}", "roster_shifts"},
	{"/unavailability/{id}", "unavailabilities"},
}

// employeeNamed is the employee the request addresses: the {employeeId}
// of the path, or the employee of the record the path names (known false
// for a record not found, an unassigned shift, or no such parameter).
// valid is false for an {employeeId} that is no id.
func (a *API) employeeNamed(ctx context.Context, path string, bizID int64, param func(string) string) (id int64, known, valid bool) {
	if strings.Contains(path, "{employeeId}") {
		id, err := strconv.ParseInt(param("employeeId"), 10, 64)
		return id, true, err == nil
	}
	for _, rt := range recordTables {
		if !strings.HasSuffix(path, rt.param) || a.DB == nil {
			continue
		}
		name := strings.Trim(rt.param[strings.LastIndex(rt.param, "/")+1:], "{}")
		rid, err := strconv.ParseInt(param(name), 10, 64)
		if err != nil {
			return 0, false, true
		}
		var emp sql.NullInt64
		// The table name is one of the constants above.
		if a.DB.R.QueryRowContext(ctx, "SELECT employee_id FROM "+rt.table+" WHERE id = $1 AND business_id = $2", rid, bizID).Scan(&emp) != nil || !emp.Valid {
			return 0, false, true
		}
		return emp.Int64, true, true
	}
	return 0, false, true
}

// enforcePermissions applies the operation's permissions to a restricted
// caller. Where the request addresses an employee (the path's, or the
// employee of the timesheet line / roster shift / unavailability it
// names): one outside the caller's scope stays a 404 (the handler answers
// it); one in scope whose groups / locations lack the permissions is 403.
// Elsewhere, 403 when no grant holds them. Otherwise the access in the
// context is narrowed to the granting groups and locations, so every scope
// the services decide from it (lists filtered in SQL, single records 404,
// an employee named in a body refused) honours the permission.
func (a *API) enforcePermissions(ctx context.Context, method, path string, acc business.Access, p *payroll.Principal, param func(string) string) (context.Context, error) {
	if !acc.Restricted() {
		return ctx, nil
	}
	ctx = context.WithValue(ctx, grantedKey{}, acc)
	if err := a.enforceKioskAccess(ctx, path, acc, param); err != nil {
		return ctx, err
	}
	perms := permissionsOf(method, path)
	if perms == nil {
		return ctx, nil
	}
	narrowed, ok := acc.Permitted(perms...)
	nctx := business.WithAccess(ctx, narrowed)
	if id, known, valid := a.employeeNamed(ctx, path, acc.Business.ID, param); known && a.EmployeeInScope != nil {
		if !valid || a.EmployeeInScope(ctx, acc.Business, p, id) != nil {
			return nctx, nil // not an employee the caller sees: the handler's 404
		}
		if ok {
			switch err := a.EmployeeInScope(nctx, acc.Business, p, id); {
			case payroll.KindOf(err) == payroll.KindNotFound:
				ok = false
			case err != nil:
				return ctx, err
			}
		}
	}
	if !ok {
		return ctx, business.PermissionDenied(perms...)
	}
	return nctx, nil
}

type grantedKey struct{}

// GrantedAccess is the caller's access as granted, before an operation's
// permissions narrowed it (business.AccessFrom after the narrowing): for a
// decision under another permission than the operation's, such as
// whether costs are shown (ViewShiftCosts).
func GrantedAccess(ctx context.Context) (business.Access, bool) {
	if acc, ok := ctx.Value(grantedKey{}).(business.Access); ok {
		return acc, true
	}
	return business.AccessFrom(ctx)
}

// RequireForEmployee is nil when the caller may act with one of perms on
// employee id named in a request body. A restricted user whose scope
// holds the employee but whose grants over them lack perms gets a 403
// naming perms; an employee outside the scope is left to the service,
// which refuses it as one it cannot see.
func (a *API) RequireForEmployee(ctx context.Context, id int64, perms ...string) error {
	acc, ok := GrantedAccess(ctx)
	if !ok || !acc.Restricted() || id <= 0 || a.EmployeeInScope == nil {
		return nil
	}
	p := payroll.PrincipalFrom(ctx)
	switch err := a.EmployeeInScope(business.WithAccess(ctx, acc), acc.Business, p, id); {
	case payroll.KindOf(err) == payroll.KindNotFound:
		return nil
	case err != nil:
		return err
	}
	if n, ok := acc.Permitted(perms...); ok {
		switch err := a.EmployeeInScope(business.WithAccess(ctx, n), acc.Business, p, id); {
		case err == nil:
			return nil
		case payroll.KindOf(err) != payroll.KindNotFound:
			return err
		}
	}
	return business.PermissionDenied(perms...)
}

// OperatesKiosk reports whether acc may operate kiosk id: an unrestricted
// user any; a restricted one by their grant's kioskAccess: AllKiosks, or
// SpecificKiosks listing it, or, for a kiosk available to all restricted
// users with kiosk access (availableToAll), any kioskAccess but None.
func OperatesKiosk(acc business.Access, id int64, availableToAll bool) bool {
	if !acc.Restricted() {
		return true
	}
	ka := acc.Restrictions.KioskAccess
	if ka == nil {
		return false
	}
	switch {
	case strings.EqualFold(ka.AccessType, "AllKiosks"):
		return true
	case strings.EqualFold(ka.AccessType, "SpecificKiosks"):
		for _, k := range ka.Kiosks {
			if k == id {
				return true
			}
		}
		return availableToAll
	}
	return false
}

// kioskParams are the path parameters that name a kiosk.
var kioskParams = []string{"/kiosk/{kioskId}", "/kiosk/{id}"}

// enforceKioskAccess refuses (403) a restricted user an operation on a
// kiosk of the business they may not operate (OperatesKiosk); a kiosk the
// business does not have is left to the handler (404).
func (a *API) enforceKioskAccess(ctx context.Context, path string, acc business.Access, param func(string) string) error {
	var name string
	for _, kp := range kioskParams {
		if strings.Contains(path, kp+"/") || strings.HasSuffix(path, kp) {
			name = strings.Trim(kp[strings.LastIndex(kp, "/")+1:], "{}")
		}
	}
	if name == "" || a.DB == nil {
		return nil
	}
	id, err := strconv.ParseInt(param(name), 10, 64)
	if err != nil {
		return nil // the handler's 400
	}
	if OperatesKiosk(acc, id, false) {
		return nil
	}
	var settings string
	if a.DB.R.QueryRowContext(ctx, "SELECT settings FROM kiosks WHERE id = $1 AND business_id = $2", id, acc.Business.ID).Scan(&settings) != nil {
		return nil // no such kiosk here: the handler's 404
	}
	var k struct {
		AvailableToAll bool `json:"availableToAllRestrictedUsersWithKioskAccess"`
	}
	_ = json.Unmarshal([]byte(settings), &k)
	if OperatesKiosk(acc, id, k.AvailableToAll) {
		return nil
	}
	return payroll.Forbidden("this needs kiosk access (kioskAccess AllKiosks, or SpecificKiosks including kiosk %d)", id)
}
