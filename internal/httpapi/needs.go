package httpapi

import (
	"context"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
)

// Needs is what an operation needs of its caller, declared where it is
// registered; the authenticate middleware decides from it (access.go)
// before the handler runs. An operation under a business or a
// self-service employee that declares no employee source and no
// permission does not register (Register panics), so no operation is
// reachable by default. docs/access.md is the table of what each
// permission allows.
type Needs struct {
	// Level is the kind of caller: Public, Authenticated, a user of the
	// path's business, or the self-service employee of the path.
	Level Level
	// Employee is where the employees the operation touches come from.
	Employee EmployeeRef
	// Permission is what a restricted business user must hold.
	Permission Permission
}

// Level is the principal an operation needs.
type Level int

const (
	// LevelPublic operations need no credentials.
	LevelPublic Level = iota
	// LevelAuthenticated operations need any valid credentials.
	LevelAuthenticated
	// LevelBusiness operations address {businessId} and need access to it.
	LevelBusiness
	// LevelSelf operations are the self-service (ESS) operations under
	// /api/v2/ess/{employeeId}: the employee's own self-service user, or a
	// business user whose scope covers the employee (with Permission).
	LevelSelf
)

type refKind int

const (
	refUndeclared refKind = iota
	refNone
	refPath
	refRecord
	refList
	refPayRun
)

// EmployeeRef says where the employees an operation touches come from.
type EmployeeRef struct {
	kind   refKind
	record string // refRecord: the RecordOwners kind
	param  string // refRecord: the path parameter naming the record
}

var (
	// NoEmployee: the operation touches no employee's records (reference
	// data, business settings).
	NoEmployee = EmployeeRef{kind: refNone}
	// FromPath: the {employeeId} of the path. Outside the caller's scope
	// it is 404; in scope without the permission 403.
	FromPath = EmployeeRef{kind: refPath}
	// ListInSQL: a list, aggregate or body-named set of employees; the
	// service applies the caller's scope (narrowed to the grants holding
	// the permission) in the same SQL, and refuses an employee named in a
	// body that the scope does not hold.
	ListInSQL = EmployeeRef{kind: refList}
	// PayRunEmployees: the employees of the path's {payRunId} (and its
	// {employeeId}, when the path has one).
	PayRunEmployees = EmployeeRef{kind: refPayRun}
)

// FromRecord: the employee of the record the path parameter param names
// (one of the RecordOwners kinds: TimesheetLine, RosterShift,
// Unavailability), found through the service that owns the record.
func FromRecord(kind, param string) EmployeeRef {
	return EmployeeRef{kind: refRecord, record: kind, param: param}
}

// Record kinds whose operations address them by their own id.
const (
	TimesheetLine  = "timesheet line"
	RosterShift    = "roster shift"
	Unavailability = "unavailability"
)

// EmployeeOf finds the employee a record of biz belongs to: 0 when it has
// none (an open shift), a NotFound error when biz has no such record.
type EmployeeOf func(ctx context.Context, biz business.Business, id int64) (int64, error)

type permKind int

const (
	permUndeclared permKind = iota
	permAny
	permUnrestricted
	permFlags
	permPayroll
	permReport
	permKiosk
)

// Permission is what a restricted business user must hold. Unrestricted
// users (and system and brand administrators) hold everything; the
// employee's own self-service user everything of their own records.
type Permission struct {
	kind    permKind
	names   []string // permFlags, permKiosk: any one of these grant flags
	payroll business.PayrollAction
	report  string
}

var (
	// AnyAccess: every user of the business (reference reads a manager
	// needs for their permitted work).
	AnyAccess = Permission{kind: permAny}
	// Unrestricted: only users with unrestricted access to the business.
	Unrestricted = Permission{kind: permUnrestricted}
)

// Can: any one of the grant flags (business.Permissions) over the
// employee's employee group or location.
func Can(perms ...string) Permission {
	return Permission{kind: permFlags, names: perms}
}

// Payroll: the grant's payroll access allows action on the run's pay
// schedule.
func Payroll(action business.PayrollAction) Permission {
	return Permission{kind: permPayroll, payroll: action}
}

// Report: the grant's report access includes report (a ReportEnum name).
func Report(report string) Permission {
	return Permission{kind: permReport, report: report}
}

// OperatesKiosk: the grant's kiosk access includes the path's kiosk, and,
// when perms are given, one of those grant flags.
func KioskAccess(perms ...string) Permission {
	return Permission{kind: permKiosk, names: perms}
}

// The needs most operations declare.
var (
	// Public operations need no credentials.
	Public = Needs{Level: LevelPublic}
	// Authenticated operations need any valid credentials and address no
	// business.
	Authenticated = Needs{Level: LevelAuthenticated}
	// BusinessAdmin operations need unrestricted access to the business:
	// settings, reference data writes and sensitive settings.
	BusinessAdmin = Needs{Level: LevelBusiness, Employee: NoEmployee, Permission: Unrestricted}
	// BusinessReference operations read the business's reference data,
	// open to every user of the business.
	BusinessReference = Needs{Level: LevelBusiness, Employee: NoEmployee, Permission: AnyAccess}
)

// OnEmployee: the path's {employeeId}, with one of perms.
func OnEmployee(perms ...string) Needs {
	return Needs{Level: LevelBusiness, Employee: FromPath, Permission: Can(perms...)}
}

// OnRecord: the employee owning the record param names, with one of perms.
func OnRecord(kind, param string, perms ...string) Needs {
	return Needs{Level: LevelBusiness, Employee: FromRecord(kind, param), Permission: Can(perms...)}
}

// OnEmployees: the employees of a list (or named in the body) in the
// caller's scope, narrowed to the grants holding one of perms.
func OnEmployees(perms ...string) Needs {
	return Needs{Level: LevelBusiness, Employee: ListInSQL, Permission: Can(perms...)}
}

// OnPayRun: the path's {payRunId} (and {employeeId}), with payroll access
// allowing action on its pay schedule.
func OnPayRun(action business.PayrollAction) Needs {
	return Needs{Level: LevelBusiness, Employee: PayRunEmployees, Permission: Payroll(action)}
}

// OnPayRuns: pay runs not yet named by the path (a list, a creation);
// the list's SQL keeps the runs the payroll access reads, the service
// refuses a schedule it does not cover.
func OnPayRuns(action business.PayrollAction) Needs {
	return Needs{Level: LevelBusiness, Employee: ListInSQL, Permission: Payroll(action)}
}

// OnReport: report access to report; the rows are the caller's scope (or
// every employee with noReportingRestriction).
func OnReport(report string) Needs {
	return Needs{Level: LevelBusiness, Employee: ListInSQL, Permission: Report(report)}
}

// OnKiosk: kiosk access to the path's kiosk ({kioskId} or kiosk/{id});
// employees named by it are in the caller's scope.
func OnKiosk(perms ...string) Needs {
	ref := ListInSQL
	return Needs{Level: LevelBusiness, Employee: ref, Permission: KioskAccess(perms...)}
}

// SelfService: the self-service operations of /api/v2/ess/{employeeId}:
// the employee's own user, or a business user with one of perms over the
// employee.
func SelfService(perms ...string) Needs {
	return Needs{Level: LevelSelf, Employee: FromPath, Permission: Can(perms...)}
}

// employeeParam and payRunParam are the path parameters the layer reads.
const (
	employeeParam = "{employeeId}"
	payRunParam   = "{payRunId}"
)

// kioskParams are the path segments that name a kiosk.
var kioskParams = []string{"/kiosk/{kioskId}", "/kiosk/{id}"}

// kioskParam is the parameter naming the path's kiosk ("" for none).
func kioskParam(path string) string {
	for _, kp := range kioskParams {
		if strings.Contains(path, kp+"/") || strings.HasSuffix(path, kp) {
			return strings.Trim(kp[strings.LastIndex(kp, "/")+1:], "{}")
		}
	}
	return ""
}

// check refuses a declaration that does not say what the operation needs
// (an operation is never reachable by default), or whose employee source
// contradicts its path.
func (n Needs) check(a *API, method, path string) {
	fail := func(format string, args ...any) {
		panic(fmt.Sprintf("httpapi: %s %s: ", method, path) + fmt.Sprintf(format, args...))
	}
	underBusiness := strings.Contains(path, "{businessId}")
	switch n.Level {
	case LevelPublic, LevelAuthenticated:
		if underBusiness {
			fail("an operation under a business declares its needs (BusinessAdmin, OnEmployee, ...), not Public or Authenticated")
		}
		return
	case LevelSelf:
		if !strings.Contains(path, employeeParam) {
			fail("a self-service operation without {employeeId}")
		}
	case LevelBusiness:
		if !underBusiness {
			fail("a business operation without {businessId}")
		}
	default:
		fail("unknown level")
	}
	if n.Employee.kind == refUndeclared {
		fail("declares no employee source (NoEmployee, FromPath, FromRecord, ListInSQL, PayRunEmployees)")
	}
	if n.Permission.kind == permUndeclared {
		fail("declares no permission (AnyAccess, Unrestricted, Can, Payroll, Report, KioskAccess)")
	}
	hasEmployee := strings.Contains(path, employeeParam)
	switch n.Employee.kind {
	case refPath:
		if !hasEmployee {
			fail("FromPath without {employeeId}")
		}
	case refRecord:
		if !strings.Contains(path, "{"+n.Employee.param+"}") {
			fail("FromRecord names {%s}, which the path lacks", n.Employee.param)
		}
		if a.RecordOwners[n.Employee.record] == nil {
			fail("no RecordOwners entry for %q", n.Employee.record)
		}
	case refPayRun:
		if !strings.Contains(path, payRunParam) {
			fail("PayRunEmployees without {payRunId}")
		}
		if n.Permission.kind != permPayroll {
			fail("PayRunEmployees needs a Payroll permission")
		}
	}
	// An employee in the path is always checked against the scope, so
	// the declaration must say it touches one.
	if hasEmployee && n.Employee.kind == refNone && n.Permission.kind != permUnrestricted {
		fail("the path names an employee but the declaration says NoEmployee")
	}
	if strings.Contains(path, payRunParam) && n.Permission.kind != permPayroll && n.Permission.kind != permUnrestricted &&
		n.Permission.kind != permReport {
		fail("the path names a pay run: declare Payroll (OnPayRun), Report or Unrestricted")
	}
	switch n.Permission.kind {
	case permFlags, permKiosk:
		for _, p := range n.Permission.names {
			if !business.IsPermission(p) {
				fail("unknown permission %q", p)
			}
		}
		if n.Permission.kind == permFlags && len(n.Permission.names) == 0 {
			fail("Can() without a permission")
		}
		if n.Permission.kind == permKiosk && kioskParam(path) == "" {
			fail("KioskAccess without a kiosk in the path")
		}
	case permReport:
		if !business.IsReportType(n.Permission.report) {
			fail("unknown report %q", n.Permission.report)
		}
	case permPayroll:
		if n.Permission.payroll < business.ReadPayRuns || n.Permission.payroll > business.LodgePayEvents {
			fail("unknown payroll action")
		}
	}
	// A record addressed by its own id without naming its employee must
	// be declared through its owner.
	if !hasEmployee {
		for param, kind := range ownedParams {
			if strings.HasSuffix(path, param) && n.Employee.kind != refRecord && n.Permission.kind != permUnrestricted {
				fail("the path names a %s: declare FromRecord(%q, ...)", kind, kind)
			}
		}
	}
}

// ownedParams are the path endings that name an employee's record by its
// own id.
var ownedParams = map[string]string{
	"{timesheetLineId}":    TimesheetLine,
	"{rosterShiftId}":      RosterShift,
	"/unavailability/{id}": Unavailability,
}

// describe is the sentence the operation's description gains: what a
// restricted user needs.
func (n Needs) describe() string {
	p := n.Permission
	switch p.kind {
	case permUnrestricted:
		if n.Level == LevelBusiness || n.Level == LevelSelf {
			return "Needs unrestricted access to the business."
		}
	case permAny:
		if n.Level == LevelBusiness {
			return "Open to every user with access to the business."
		}
	case permFlags:
		if n.Level == LevelSelf {
			return "The employee's own self-service user; a business user needs the " + strings.Join(p.names, " or ") +
				" permission over the employee (an employee outside their scope is 404)."
		}
		if familyOperation(p.names) {
			return familyDoc(p.names)
		}
		switch n.Employee.kind {
		case refNone:
			return "A restricted user needs the " + strings.Join(p.names, " or ") + " permission in one of their grants (403 naming it)."
		case refList:
			return "A restricted user needs the " + strings.Join(p.names, " or ") +
				" permission and sees only the employees of the employee groups and locations that grant it; without it anywhere the operation is 403."
		}
		return "A restricted user needs the " + strings.Join(p.names, " or ") +
			" permission over the employee's employee group or location (403 naming it); an employee outside their scope is 404."
	case permPayroll:
		switch n.Employee.kind {
		case refPayRun:
			return "A restricted user needs " + p.payroll.Names() + " for the run's pay schedule; an employee outside their scope is 404, " +
				"and an operation on the whole run is 403 when the run pays anyone outside their scope."
		}
		return "A restricted user needs " + p.payroll.Names() + "; they see and create only runs of the pay schedules it covers " +
			"whose employees are all in their scope."
	case permReport:
		return "A restricted user needs report access to " + p.report + " (reports.accessType AllReports, or SpecificReports naming it); " +
			"rows cover the employees in their scope unless the report access has noReportingRestriction."
	case permKiosk:
		s := "A restricted user needs kiosk access to the kiosk (kioskAccess AllKiosks, SpecificKiosks naming it, or a kiosk available to all restricted users with kiosk access)"
		if len(p.names) > 0 {
			s += " and the " + strings.Join(p.names, " or ") + " permission"
		}
		return s + "."
	}
	return ""
}

// What a declaration says, for tests and documentation.

// Payroll is the payroll action a Payroll permission needs (0 for none).
func (p Permission) Payroll() business.PayrollAction {
	if p.kind != permPayroll {
		return 0
	}
	return p.payroll
}

// Report is the report a Report permission needs ("" for none).
func (p Permission) Report() string { return p.report }

// Kiosk reports whether the permission needs kiosk access.
func (p Permission) Kiosk() bool { return p.kind == permKiosk }

// Names are the grant flags any one of which the permission needs.
func (p Permission) Names() []string { return p.names }

// IsUnrestricted reports whether only unrestricted users may call.
func (p Permission) IsUnrestricted() bool { return p.kind == permUnrestricted }

// IsAnyAccess reports whether every user of the business may call.
func (p Permission) IsAnyAccess() bool { return p.kind == permAny }

// TouchesPath reports whether the employees come from the path: its
// {employeeId}, the record it names, or its pay run.
func (r EmployeeRef) TouchesPath() bool {
	return r.kind == refPath || r.kind == refRecord || r.kind == refPayRun
}
