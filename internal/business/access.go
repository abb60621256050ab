package business

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Permission names a restricted user's grant over an employee group or
// location can hold (UserPermission). Each is what its name says; the
// manager area's timesheet, leave, roster and expense permissions include
// the view permission of their family (implied below).
const (
	ApproveTimesheets            = "ApproveTimesheets"
	ApproveLeaveRequests         = "ApproveLeaveRequests"
	CreateTimesheets             = "CreateTimesheets"
	CreateLeaveRequests          = "CreateLeaveRequests"
	ViewLeaveRequests            = "ViewLeaveRequests"
	ManageRosters                = "ManageRosters"
	ViewRosters                  = "ViewRosters"
	ViewShiftCosts               = "ViewShiftCosts"
	ViewExpenses                 = "ViewExpenses"
	CreateExpenses               = "CreateExpenses"
	ApproveExpenses              = "ApproveExpenses"
	CreateTasks                  = "CreateTasks"
	ViewEmployeeDocuments        = "ViewEmployeeDocuments"
	ManageEmployeeDocuments      = "ManageEmployeeDocuments"
	ViewEmployeeQualifications   = "ViewEmployeeQualifications"
	ManageEmployeeQualifications = "ManageEmployeeQualifications"
	InitiateEmployeeSelfSetup    = "InitiateEmployeeSelfSetup"
	AddEmployeeFromKiosk         = "AddEmployeeFromKiosk"
	ViewEmployeeDetails          = "ViewEmployeeDetails"
	EditBasicEmployeeDetails     = "EditBasicEmployeeDetails"
	EditAllEmployeeDetails       = "EditAllEmployeeDetails"
	ViewTimesheetReports         = "ViewTimesheetReports"
	EmployeeNotes                = "EmployeeNotes"
)

// Permissions a restricted user can hold (UserPermission names).
var Permissions = []string{
	ApproveTimesheets, ApproveLeaveRequests, CreateTimesheets, CreateLeaveRequests, ViewLeaveRequests,
	ManageRosters, ViewRosters, ViewShiftCosts, ViewExpenses, CreateExpenses, ApproveExpenses,
	CreateTasks, ViewEmployeeDocuments, ManageEmployeeDocuments, ViewEmployeeQualifications,
	ManageEmployeeQualifications, InitiateEmployeeSelfSetup, AddEmployeeFromKiosk, ViewEmployeeDetails,
	EditBasicEmployeeDetails, EditAllEmployeeDetails, ViewTimesheetReports, EmployeeNotes,
}

// IsPermission reports whether name is one of Permissions (any case).
func IsPermission(name string) bool {
	for _, p := range Permissions {
		if strings.EqualFold(p, name) {
			return true
		}
	}
	return false
}

// Flags is a comma-joined list of flag-enum names (UserPermission,
// ReportEnum). With no flag set the member is left out of the answer
// (omitempty on every Flags member): "" is no name a client can map, the
// published description has no zero name, and it declares the member
// non-nullable, so null fails generated clients where an absent member
// reads as unset.
type Flags string

// Access types.
const (
	AccessUnrestricted = "Unrestricted"
	AccessRestricted   = "Restricted"
)

// EmployeeGroupAccess grants permissions over an employee group.
type EmployeeGroupAccess struct {
	EmployeeGroupID int64 `json:"employeeGroupId"`
	Permissions     Flags `json:"permissions,omitempty" nullable:"true" maxLength:"2000"`
}

// LocationAccess grants permissions over locations.
type LocationAccess struct {
	FilterType  string  `json:"filterType" enum:"Location,LocationOrParents"`
	LocationIDs []int64 `json:"locationIds"`
	Permissions Flags   `json:"permissions,omitempty" nullable:"true" maxLength:"2000"`
}

// ReportAccess says which reports a restricted user may run.
type ReportAccess struct {
	AccessType             string `json:"accessType" enum:"None,AllReports,SpecificReports,ReportPack"`
	SpecificReports        Flags  `json:"specificReports,omitempty" nullable:"true" maxLength:"4000"`
	NoReportingRestriction bool   `json:"noReportingRestriction"`
}

// KioskAccess says which kiosks a restricted user may operate.
type KioskAccess struct {
	Kiosks      []int64 `json:"kiosks"`
	AccessType  string  `json:"accessType" enum:"None,AllKiosks,SpecificKiosks"`
	Permissions Flags   `json:"permissions,omitempty" nullable:"true" maxLength:"2000"`
}

// PayrollAccess covers pay run creation and approval rights.
type PayrollAccess struct {
	ApproveElectronicPayrollLodgement     bool    `json:"approveElectronicPayrollLodgement"`
	UserBusinessRestrictionCount          int     `json:"userBusinessRestrictionCount"`
	PayRunApprovalAccess                  *string `json:"payRunApprovalAccess" nullable:"true" enum:"PayEventApprover,PayRunApproverAllSchedules,PayRunApproverSelectedSchedules,PaymentApproverAllSchedules,PaymentApproverSelectedSchedules,PayRunCreatorAllSchedules,PayRunCreatorSelectedSchedules"`
	PayRunCreationAccess                  *string `json:"payRunCreationAccess" nullable:"true" enum:"PayEventApprover,PayRunApproverAllSchedules,PayRunApproverSelectedSchedules,PaymentApproverAllSchedules,PaymentApproverSelectedSchedules,PayRunCreatorAllSchedules,PayRunCreatorSelectedSchedules"`
	SelectedPaySchedulesForPayRunApproval []int64 `json:"selectedPaySchedulesForPayRunApproval"`
	SelectedPaySchedulesForPayRunCreation []int64 `json:"selectedPaySchedulesForPayRunCreation"`
}

// Restrictions is the stored detail of a restricted access record.
type Restrictions struct {
	EmployeeGroups []EmployeeGroupAccess `json:"employeeGroups"`
	LocationAccess []LocationAccess      `json:"locationAccess"`
	Reports        *ReportAccess         `json:"reports"`
	KioskAccess    *KioskAccess          `json:"kioskAccess"`
	PayrollAccess  *PayrollAccess        `json:"payrollAccess"`
}

// Grant is one user's access to one business.
type Grant struct {
	AccessType string
	Restrictions
	Name  string
	Email string
}

// Validate checks a grant; permissions are comma-joined permission names.
func (g *Grant) Validate() error {
	var v payroll.Validation
	g.Email = strings.TrimSpace(g.Email)
	v.Required("email", g.Email)
	if g.Email != "" && !payroll.ValidEmail(g.Email) {
		v.Add("email", "email is not a valid email address")
	}
	if g.AccessType == "" {
		g.AccessType = AccessUnrestricted
	}
	if g.AccessType != AccessUnrestricted && g.AccessType != AccessRestricted {
		v.Add("accessType", "accessType must be Unrestricted or Restricted")
	}
	for i, eg := range g.EmployeeGroups {
		if eg.EmployeeGroupID <= 0 {
			v.Add("employeeGroups", "employeeGroups[%d].employeeGroupId is required", i)
		}
		checkPermissions(&v, "employeeGroups", string(eg.Permissions))
	}
	for _, la := range g.LocationAccess {
		if len(la.LocationIDs) == 0 {
			v.Add("locationAccess", "locationAccess.locationIds must name at least one location")
		}
		checkPermissions(&v, "locationAccess", string(la.Permissions))
	}
	if g.KioskAccess != nil {
		checkPermissions(&v, "kioskAccess", string(g.KioskAccess.Permissions))
	}
	if g.Reports != nil {
		for _, r := range strings.Split(string(g.Reports.SpecificReports), ",") {
			if r = strings.TrimSpace(r); r != "" && !IsReportType(r) {
				v.Add("reports.specificReports", "unknown report %q (ReportEnum names)", r)
			}
		}
	}
	if g.AccessType == AccessRestricted && len(g.EmployeeGroups) == 0 && len(g.LocationAccess) == 0 {
		v.Add("accessType", "restricted access needs employeeGroups or locationAccess")
	}
	return v.Err()
}

// HasPermission reports whether the restrictions grant perm anywhere.
func (r Restrictions) HasPermission(perm string) bool {
	for _, eg := range r.EmployeeGroups {
		if hasPerm(string(eg.Permissions), perm) {
			return true
		}
	}
	for _, la := range r.LocationAccess {
		if hasPerm(string(la.Permissions), perm) {
			return true
		}
	}
	return false
}

func hasPerm(list, perm string) bool {
	for _, p := range strings.Split(list, ",") {
		if strings.EqualFold(strings.TrimSpace(p), perm) {
			return true
		}
	}
	return false
}

func checkPermissions(v *payroll.Validation, field, list string) {
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		ok := false
		for _, known := range Permissions {
			if strings.EqualFold(known, p) {
				ok = true
			}
		}
		if !ok {
			v.Add(field, "unknown permission %q", p)
		}
	}
}

func (r Restrictions) encode() string {
	b, _ := json.Marshal(r)
	return string(b)
}

func decodeRestrictions(s string) Restrictions {
	if s == noRestrictions {
		return Restrictions{} // every unrestricted grant: skip the decoding
	}
	var r Restrictions
	_ = json.Unmarshal([]byte(s), &r)
	return r
}

// noRestrictions is how an empty Restrictions is stored (what every
// unrestricted grant holds), decoded on every authorised request.
var noRestrictions = Restrictions{}.encode()

type accessKey struct{}

// WithAccess returns ctx carrying the caller's access to the business the
// request addresses (set once by the HTTP layer).
func WithAccess(ctx context.Context, a Access) context.Context {
	return context.WithValue(ctx, accessKey{}, a)
}

// AccessFrom returns the access stored by WithAccess.
func AccessFrom(ctx context.Context) (Access, bool) {
	a, ok := ctx.Value(accessKey{}).(Access)
	return a, ok
}

// implied are the permissions a grant of a stronger one includes: an
// approver sees what they approve, a roster manager sees the roster
// (the can* flags of the manager security operation say the same).
var implied = map[string][]string{
	"viewleaverequests": {"ApproveLeaveRequests"},
	"viewexpenses":      {"ApproveExpenses"},
	"viewrosters":       {"ManageRosters"},
}

// Grants reports whether a permission list grants any of perms, directly
// or through a stronger permission (ApproveLeaveRequests includes
// ViewLeaveRequests, ApproveExpenses ViewExpenses, ManageRosters
// ViewRosters).
func (f Flags) Grants(perms ...string) bool {
	for _, p := range perms {
		if hasPerm(string(f), p) {
			return true
		}
		for _, s := range implied[strings.ToLower(p)] {
			if hasPerm(string(f), s) {
				return true
			}
		}
	}
	return false
}

// Permitted narrows a to what grants any of perms: a restricted user keeps
// only the employee groups and locations whose permissions include one of
// them, so the employee scope decided from the narrowed access (the same
// SQL predicate every list applies) covers exactly the employees the
// permission applies to. ok is false when nothing grants it. Unrestricted
// access and an employee's self-service access are returned unchanged.
func (a Access) Permitted(perms ...string) (_ Access, ok bool) {
	if a.Unrestricted || a.SelfEmployeeID != 0 {
		return a, true
	}
	n := a
	n.Restrictions.EmployeeGroups, n.Restrictions.LocationAccess = nil, nil
	for _, g := range a.Restrictions.EmployeeGroups {
		if g.Permissions.Grants(perms...) {
			n.Restrictions.EmployeeGroups = append(n.Restrictions.EmployeeGroups, g)
		}
	}
	for _, l := range a.Restrictions.LocationAccess {
		if l.Permissions.Grants(perms...) {
			n.Restrictions.LocationAccess = append(n.Restrictions.LocationAccess, l)
		}
	}
	return n, len(n.Restrictions.EmployeeGroups)+len(n.Restrictions.LocationAccess) > 0
}

// Restricted reports whether a limits the caller to employee groups /
// locations (a business user who is not a payroll administrator).
func (a Access) Restricted() bool { return !a.Unrestricted && a.SelfEmployeeID == 0 }

// WithPermission returns ctx with its access narrowed to the grants of any
// of perms (Permitted), and whether anything grants them. Without access
// in ctx it returns ctx unchanged and true.
func WithPermission(ctx context.Context, perms ...string) (context.Context, bool) {
	a, ok := AccessFrom(ctx)
	if !ok {
		return ctx, true
	}
	n, ok := a.Permitted(perms...)
	return WithAccess(ctx, n), ok
}

// PermissionDenied is the 403 of a restricted user whose grants over the
// addressed employee lack every one of perms.
func PermissionDenied(perms ...string) error {
	return payroll.Forbidden("this needs the %s permission for the employee's employee group or location", strings.Join(perms, " or "))
}
