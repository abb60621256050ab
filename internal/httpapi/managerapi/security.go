package managerapi

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Permissions are what a manager may do (the members of
// LocationPermissionModel and EmployeeGroupPermissionModel).
type Permissions struct {
	CanApproveLeaveRequests bool `json:"canApproveLeaveRequests"`
	CanViewLeaveRequests    bool `json:"canViewLeaveRequests"`
	CanApproveTimesheets    bool `json:"canApproveTimesheets"`
	CanCreateTimesheets     bool `json:"canCreateTimesheets"`
	CanApproveExpenses      bool `json:"canApproveExpenses"`
	CanViewExpenses         bool `json:"canViewExpenses"`
	CanViewShiftCosts       bool `json:"canViewShiftCosts"`
	CanManageRosters        bool `json:"canManageRosters"`
	CanViewRosters          bool `json:"canViewRosters"`
}

func permissions(f business.Flags) Permissions {
	has := func(name string) bool {
		return slices.ContainsFunc(strings.Split(string(f), ","), func(s string) bool { return strings.EqualFold(strings.TrimSpace(s), name) })
	}
	return Permissions{CanApproveLeaveRequests: has("ApproveLeaveRequests"), CanViewLeaveRequests: has("ViewLeaveRequests") || has("ApproveLeaveRequests"),
		CanApproveTimesheets: has("ApproveTimesheets"), CanCreateTimesheets: has("CreateTimesheets"), CanApproveExpenses: has("ApproveExpenses"),
		CanViewExpenses: has("ViewExpenses") || has("ApproveExpenses"), CanViewShiftCosts: has("ViewShiftCosts"), CanManageRosters: has("ManageRosters"),
		CanViewRosters: has("ViewRosters") || has("ManageRosters")}
}

func (p *Permissions) or(o Permissions) {
	p.CanApproveLeaveRequests = p.CanApproveLeaveRequests || o.CanApproveLeaveRequests
	p.CanViewLeaveRequests = p.CanViewLeaveRequests || o.CanViewLeaveRequests
	p.CanApproveTimesheets = p.CanApproveTimesheets || o.CanApproveTimesheets
	p.CanCreateTimesheets = p.CanCreateTimesheets || o.CanCreateTimesheets
	p.CanApproveExpenses = p.CanApproveExpenses || o.CanApproveExpenses
	p.CanViewExpenses = p.CanViewExpenses || o.CanViewExpenses
	p.CanViewShiftCosts = p.CanViewShiftCosts || o.CanViewShiftCosts
	p.CanManageRosters = p.CanManageRosters || o.CanManageRosters
	p.CanViewRosters = p.CanViewRosters || o.CanViewRosters
}

// LocationPermission is the permissions over some locations.
type LocationPermission struct {
	Permissions
	ID []int64 `json:"id" doc:"the locations"`
}

// EmployeeGroupPermission is the permissions over an employee group.
type EmployeeGroupPermission struct {
	Permissions
	ID int64 `json:"id" doc:"the employee group"`
}

// AvailableBusiness is a business the caller manages, with what they may
// do in it (AuAvailableBusinessModel).
type AvailableBusiness struct {
	ID                                   int64                     `json:"id"`
	Name                                 string                    `json:"name"`
	Region                               string                    `json:"region"`
	ExternalID                           string                    `json:"externalId"`
	DateCreated                          payroll.DateTime          `json:"dateCreated"`
	IsPayrollAdmin                       bool                      `json:"isPayrollAdmin" doc:"unrestricted access"`
	CanApproveLeaveRequests              bool                      `json:"canApproveLeaveRequests"`
	CanViewLeaveRequests                 bool                      `json:"canViewLeaveRequests"`
	CanApproveTimesheets                 bool                      `json:"canApproveTimesheets"`
	CanCreateTimesheets                  bool                      `json:"canCreateTimesheets"`
	CanCreateAndApproveTimesheets        bool                      `json:"canCreateAndApproveTimesheets"`
	NoTimesheetPermissions               bool                      `json:"noTimesheetPermissions"`
	CanApproveExpenses                   bool                      `json:"canApproveExpenses"`
	CanViewExpenses                      bool                      `json:"canViewExpenses"`
	CanViewShiftCosts                    bool                      `json:"canViewShiftCosts"`
	CanViewRosterShifts                  bool                      `json:"canViewRosterShifts"`
	CanManageRosterShifts                bool                      `json:"canManageRosterShifts"`
	LocationPermissions                  []LocationPermission      `json:"locationPermissions"`
	EmployeeGroupPermissions             []EmployeeGroupPermission `json:"employeeGroupPermissions"`
	Kiosks                               []kiosk.Kiosk             `json:"kiosks" doc:"the business's time and attendance kiosks"`
	Branding                             kiosk.Branding            `json:"branding" doc:"white-label branding is not modelled per business: the empty branding"`
	TimesheetEntryPeriodEnd              payroll.DateTimeOrMin     `json:"timesheetEntryPeriodEnd" doc:"no entry period is enforced: 0001-01-01T00:00:00"`
	TimesheetsRequireWorkType            bool                      `json:"timesheetsRequireWorkType"`
	TimesheetsRequireLocation            bool                      `json:"timesheetsRequireLocation"`
	AllowEmployeeTimesheetsWithoutTimes  bool                      `json:"allowEmployeeTimesheetsWithoutStartStopTimes"`
	PaidBreaksEnabled                    bool                      `json:"paidBreaksEnabled" doc:"true when any kiosk of the business pays breaks"`
	TimesheetDimensionsEnabled           bool                      `json:"timesheetDimensionsEnabled" doc:"true when any kiosk of the business records dimensions"`
	BillingStatus                        string                    `json:"billingStatus" enum:"NotBillable,Trial,Billable"`
	RegistrationNumberValidationBypassed bool                      `json:"registrationNumberValidationBypassed"`
	business.Details
}

func registerSecurity(a *httpapi.API, d Deps) {
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: "/api/v2/manager/security/businesses", Tags: tags,
		Summary: "The businesses the caller manages",
		Description: "Every business the caller can access, with their permissions: an unrestricted user (isPayrollAdmin) may do everything; a restricted " +
			"user what the permissions of their locations and employee groups grant (the can* members are their union). The business's kiosks are listed; " +
			"billingStatus is NotBillable (billing is not modelled)."},
		func(ctx context.Context, _ *struct{}) (*httpapi.BodyOf[[]AvailableBusiness], error) {
			p := principal(ctx)
			list, err := a.Businesses.List(ctx, p)
			if err != nil {
				return nil, err
			}
			out := make([]AvailableBusiness, 0, len(list))
			for _, b := range list {
				acc, err := a.Businesses.Authorize(ctx, p, b.ID)
				if err != nil {
					return nil, err
				}
				m := AvailableBusiness{ID: b.ID, Name: b.Name, Region: b.Region, ExternalID: b.ExternalID, DateCreated: b.DateCreated, Details: b.Details,
					IsPayrollAdmin: acc.Unrestricted, LocationPermissions: []LocationPermission{}, EmployeeGroupPermissions: []EmployeeGroupPermission{},
					BillingStatus: "NotBillable"}
				var all Permissions
				if acc.Unrestricted {
					all = permissions(business.Flags(strings.Join(business.Permissions, ",")))
				}
				for _, l := range acc.Restrictions.LocationAccess {
					lp := LocationPermission{Permissions: permissions(l.Permissions), ID: l.LocationIDs}
					if lp.ID == nil {
						lp.ID = []int64{}
					}
					all.or(lp.Permissions)
					m.LocationPermissions = append(m.LocationPermissions, lp)
				}
				for _, g := range acc.Restrictions.EmployeeGroups {
					gp := EmployeeGroupPermission{Permissions: permissions(g.Permissions), ID: g.EmployeeGroupID}
					all.or(gp.Permissions)
					m.EmployeeGroupPermissions = append(m.EmployeeGroupPermissions, gp)
				}
				m.CanApproveLeaveRequests, m.CanViewLeaveRequests = all.CanApproveLeaveRequests, all.CanViewLeaveRequests
				m.CanApproveTimesheets, m.CanCreateTimesheets = all.CanApproveTimesheets, all.CanCreateTimesheets
				m.CanCreateAndApproveTimesheets = all.CanApproveTimesheets && all.CanCreateTimesheets
				m.NoTimesheetPermissions = !all.CanApproveTimesheets && !all.CanCreateTimesheets
				m.CanApproveExpenses, m.CanViewExpenses, m.CanViewShiftCosts = all.CanApproveExpenses, all.CanViewExpenses, all.CanViewShiftCosts
				m.CanViewRosterShifts, m.CanManageRosterShifts = all.CanViewRosters, all.CanManageRosters
				if m.Kiosks, err = d.Kiosks.ListKiosks(ctx, b); err != nil {
					return nil, err
				}
				if m.Kiosks == nil {
					m.Kiosks = []kiosk.Kiosk{}
				}
				for _, k := range m.Kiosks {
					m.PaidBreaksEnabled = m.PaidBreaksEnabled || k.PaidBreaksEnabled
					m.TimesheetDimensionsEnabled = m.TimesheetDimensionsEnabled || k.TimesheetDimensionsEnabled
				}
				out = append(out, m)
			}
			return &httpapi.BodyOf[[]AvailableBusiness]{Body: out}, nil
		})
}
