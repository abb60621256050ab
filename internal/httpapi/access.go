package httpapi

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// The permissions any one of which lets a restricted user see a family's
// records: an approver or a creator sees what they act on (the manager
// area's families; ApproveLeaveRequests implies ViewLeaveRequests,
// ApproveExpenses ViewExpenses, ManageRosters ViewRosters).
var (
	ViewTimesheets = []string{business.ApproveTimesheets, business.CreateTimesheets}
	ViewLeave      = []string{business.ViewLeaveRequests, business.CreateLeaveRequests}
	ViewRosters    = []string{business.ViewRosters}
	ViewExpenses   = []string{business.ViewExpenses, business.CreateExpenses}
)

// familyPermissions are the permissions of the manager area's families
// (timesheets, leave, rosters, expenses, shift costs), whose operations
// keep the description they had before the other permissions were
// enforced.
var familyPermissions = []string{business.ApproveTimesheets, business.CreateTimesheets, business.ApproveLeaveRequests,
	business.CreateLeaveRequests, business.ViewLeaveRequests, business.ManageRosters, business.ViewRosters,
	business.ViewExpenses, business.CreateExpenses, business.ApproveExpenses, business.ViewShiftCosts}

func familyOperation(perms []string) bool {
	for _, p := range perms {
		if !slices.Contains(familyPermissions, p) {
			return false
		}
	}
	return true
}

// familyDoc is the sentence a family operation's description gains.
func familyDoc(perms []string) string {
	return "A restricted user needs the " + strings.Join(perms, " or ") + " permission (a stronger permission includes the view one) and acts " +
		"only on the employees of the employee groups and locations that grant it: lists leave the others out; an employee in the user's scope " +
		"whose grants lack it, named by the path or owning the record the path names, is 403; an employee named in the body is refused as one " +
		"outside the scope (timesheet and roster shift creation: 403 naming the permission when the user sees the employee); without the " +
		"permission anywhere the operation is 403."
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

// PayRunAccess is what the layer asks of the pay run area to decide a
// restricted user's access to a run (payrun.Service).
type PayRunAccess interface {
	// PayScheduleOf is the pay schedule of run id (NotFound when biz has
	// no such run).
	PayScheduleOf(ctx context.Context, biz business.Business, id int64) (int64, error)
	// PaysOutsideScope reports whether run id pays an employee outside
	// the scope of p under the access in ctx.
	PaysOutsideScope(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (bool, error)
}

// authorise applies an operation's declared needs to the caller's access
// acc of the addressed business: the one decision of what a restricted
// user may do (docs/access.md). An employee outside the caller's scope is
// 404 (as another tenant's); in scope without the permission, 403 naming
// it. It returns ctx with the access the handler and its services decide
// scope from: narrowed to the grants holding the operation's grant flags,
// so lists filtered in SQL and employees named in a body honour them.
// Unrestricted callers, and self-service employees on their own records
// (self), pass unchanged.
func (a *API) authorise(ctx context.Context, n Needs, path string, acc business.Access, p *payroll.Principal, self bool,
	param func(string) string) (context.Context, error) {
	if self || !acc.Restricted() {
		return ctx, nil
	}
	ctx = context.WithValue(ctx, grantedKey{}, acc)
	perm := n.Permission
	narrowed, ok := acc, true
	switch perm.kind {
	case permUnrestricted, permUndeclared:
		return ctx, payroll.Forbidden("this operation needs unrestricted access to the business")
	case permFlags:
		narrowed, ok = acc.Permitted(perm.names...)
	case permReport:
		if !acc.RunsReport(perm.report) {
			return ctx, business.ReportDenied(perm.report)
		}
		if acc.ReportRowsUnrestricted() {
			narrowed.Unrestricted = true // the report's rows: every employee
		}
	case permPayroll:
		if !acc.PayrollAllows(perm.payroll, 0) {
			return ctx, business.PayrollDenied(perm.payroll, 0)
		}
	case permKiosk:
		if err := a.operatesKiosk(ctx, path, acc, param); err != nil {
			return ctx, err
		}
		if len(perm.names) > 0 {
			narrowed, ok = acc.Permitted(perm.names...)
		}
	}
	var employee int64 // the employee the path names, 0 when none
	switch n.Employee.kind {
	case refPath:
		id, err := strconv.ParseInt(param("employeeId"), 10, 64)
		if err != nil {
			return ctx, payroll.NotFound("employee")
		}
		employee = id
	case refRecord:
		id, err := strconv.ParseInt(param(n.Employee.param), 10, 64)
		if err != nil {
			return ctx, payroll.NotFound(n.Employee.record)
		}
		if employee, err = a.RecordOwners[n.Employee.record](ctx, acc.Business, id); err != nil {
			return ctx, err
		}
	case refPayRun:
		if err := a.payRunAccess(ctx, path, acc, p, perm.payroll, param); err != nil {
			return ctx, err
		}
		if strings.Contains(path, employeeParam) {
			id, err := strconv.ParseInt(param("employeeId"), 10, 64)
			if err != nil {
				return ctx, payroll.NotFound("employee")
			}
			employee = id
		}
	default:
		// Kiosk and report operations may name an employee too.
		if strings.Contains(path, employeeParam) {
			id, err := strconv.ParseInt(param("employeeId"), 10, 64)
			if err != nil {
				return ctx, payroll.NotFound("employee")
			}
			employee = id
		}
	}
	if employee != 0 {
		in, err := a.inScope(ctx, acc, p, employee)
		if err != nil {
			return ctx, err
		}
		if !in {
			return ctx, payroll.NotFound("employee")
		}
		if ok && len(perm.names) > 0 {
			// Narrowed to the grants holding the permission: the employee
			// must be in one of them.
			if ok, err = a.inScope(ctx, narrowed, p, employee); err != nil {
				return ctx, err
			}
		}
	}
	if !ok {
		return ctx, business.PermissionDenied(perm.names...)
	}
	return business.WithAccess(ctx, narrowed), nil
}

// inScope reports whether acc's scope holds employee id.
func (a *API) inScope(ctx context.Context, acc business.Access, p *payroll.Principal, id int64) (bool, error) {
	if a.EmployeeInScope == nil {
		return false, payroll.NotFound("employee")
	}
	switch err := a.EmployeeInScope(business.WithAccess(ctx, acc), acc.Business, p, id); {
	case err == nil:
		return true, nil
	case payroll.KindOf(err) == payroll.KindNotFound:
		return false, nil
	default:
		return false, err
	}
}

// payRunAccess decides a restricted user's access to the path's pay run:
// their payroll access must allow action on its pay schedule, and an
// operation on the whole run (no {employeeId}) is refused when the run
// pays anyone outside their scope: its totals, files and state cover them
// too.
func (a *API) payRunAccess(ctx context.Context, path string, acc business.Access, p *payroll.Principal, action business.PayrollAction,
	param func(string) string) error {
	id, err := strconv.ParseInt(param("payRunId"), 10, 64)
	if err != nil {
		return payroll.NotFound("pay run")
	}
	schedule, err := a.PayRuns.PayScheduleOf(ctx, acc.Business, id)
	if err != nil {
		return err
	}
	if !acc.PayrollAllows(action, schedule) {
		return business.PayrollDenied(action, schedule)
	}
	if strings.Contains(path, employeeParam) {
		return nil
	}
	outside, err := a.PayRuns.PaysOutsideScope(business.WithAccess(ctx, acc), acc.Business, p, id)
	if err != nil {
		return err
	}
	if outside {
		return payroll.Forbidden("pay run %d pays employees outside your access (your employee groups and locations)", id)
	}
	return nil
}

// operatesKiosk refuses (403) a restricted user an operation on a kiosk of
// the business they may not operate (OperatesKiosk); a kiosk the business
// does not have is 404.
func (a *API) operatesKiosk(ctx context.Context, path string, acc business.Access, param func(string) string) error {
	name := kioskParam(path)
	id, err := strconv.ParseInt(param(name), 10, 64)
	if err != nil {
		return payroll.NotFound("kiosk")
	}
	if OperatesKiosk(acc, id, false) {
		return nil
	}
	all, err := a.KioskAvailableToAll(ctx, acc.Business, id)
	if err != nil {
		return err
	}
	if OperatesKiosk(acc, id, all) {
		return nil
	}
	return payroll.Forbidden("this needs kiosk access (kioskAccess AllKiosks, or SpecificKiosks including kiosk %d)", id)
}
