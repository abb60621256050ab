package settings

import (
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// Kinds of the business administration group (locations and journal
// accounts have theirs in kinds.go).
const (
	KindTag                  = "tag"
	KindBusinessNotification = "business_notification"
	// Row kinds that hold references (record_refs.from_kind) without being
	// records themselves.
)

// AdminCollections holds the business administration group: settings
// documents (employee portal, timesheet rounding, timesheet, leave,
// statutory, payslip, billing plan), tags and business notifications.
type AdminCollections struct {
	EmployeePortalSettings record.Settings[EmployeePortalSettings]
	RoundingRules          record.Settings[TimesheetRoundingRules]
	StatutorySettings      record.Settings[StatutorySettings]
	TimesheetSettings      record.Settings[TimesheetSettings]
	LeaveSettings          record.Settings[LeaveSettings]
	PayslipSettings        record.Settings[PayslipSettings]
	BillingPlan            record.Settings[BillingPlanChoice]
	Tags                   record.Collection[Tag, *Tag]
	Notifications          record.Collection[BusinessNotification, *BusinessNotification]
}

func NewAdminCollections(s *record.Service) *AdminCollections {
	return &AdminCollections{
		EmployeePortalSettings: record.Settings[EmployeePortalSettings]{S: s, Kind: "employee_portal_settings", Label: "employee portal settings",
			Default:  func(business.Business) EmployeePortalSettings { return defaultEmployeePortalSettings() },
			Validate: func(v *EmployeePortalSettings, val *payroll.Validation) { v.Validate(val) }},
		RoundingRules: record.Settings[TimesheetRoundingRules]{S: s, Kind: "timesheet_rounding_rules", Label: "timesheet rounding rules",
			Default:  func(business.Business) TimesheetRoundingRules { return defaultRoundingRules() },
			Validate: func(v *TimesheetRoundingRules, val *payroll.Validation) { v.Validate(val) }},
		StatutorySettings: record.Settings[StatutorySettings]{S: s, Kind: StatutorySettingsKind, Label: "statutory settings", Region: []string{"MY"},
			Default:  func(business.Business) StatutorySettings { return defaultStatutorySettings() },
			Validate: func(v *StatutorySettings, val *payroll.Validation) { v.Validate(val) }},
		TimesheetSettings: record.Settings[TimesheetSettings]{S: s, Kind: "timesheet_settings", Label: "timesheet settings",
			Default:  func(business.Business) TimesheetSettings { return defaultTimesheetSettings() },
			Validate: func(v *TimesheetSettings, val *payroll.Validation) { v.Validate(val) }},
		LeaveSettings: record.Settings[LeaveSettings]{S: s, Kind: "leave_settings", Label: "leave settings", Region: []string{"AU", "UK"},
			Default:  func(business.Business) LeaveSettings { return defaultLeaveSettings() },
			Validate: func(v *LeaveSettings, val *payroll.Validation) { v.Validate(val) }},
		PayslipSettings: record.Settings[PayslipSettings]{S: s, Kind: "payslip_settings", Label: "payslip configuration",
			Default:  defaultPayslipSettings,
			Validate: func(v *PayslipSettings, val *payroll.Validation) { v.Validate(val) }},
		BillingPlan: record.Settings[BillingPlanChoice]{S: s, Kind: "billing_plan", Label: "billing plan",
			Default: func(biz business.Business) BillingPlanChoice {
				return BillingPlanChoice{BillingPlanID: TrialPlanID, Since: biz.DateCreated}
			}},
		Tags:          record.Collection[Tag, *Tag]{S: s, Kind: KindTag, Label: "tag", UniqueName: true},
		Notifications: notificationCollection(s),
	}
}
