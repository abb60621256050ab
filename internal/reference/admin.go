package reference

import (
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Kinds of the business administration group (locations and journal
// accounts have theirs in kinds.go).
const (
	KindTag                  = "tag"
	KindBusinessNotification = "business_notification"
	// Row kinds that hold references (record_refs.from_kind) without being
	// records themselves.
	KindBusinessDocument               = "business_document"
	KindChartOfAccounts                = "chart_of_accounts"
	KindChartOfAccountsLocation        = "chart_of_accounts_location"
	KindChartOfAccountsEmployingEntity = "chart_of_accounts_employing_entity"
)

// AdminCollections holds the business administration group: settings
// documents (employee portal, timesheet rounding, timesheet, leave,
// statutory, payslip, billing plan), tags, business notifications,
// locations, documents, journal accounts and the chart of accounts.
type AdminCollections struct {
	EmployeePortalSettings Settings[EmployeePortalSettings]
	RoundingRules          Settings[TimesheetRoundingRules]
	StatutorySettings      Settings[StatutorySettings]
	TimesheetSettings      Settings[TimesheetSettings]
	LeaveSettings          Settings[LeaveSettings]
	PayslipSettings        Settings[PayslipSettings]
	BillingPlan            Settings[BillingPlanChoice]
	Tags                   Collection[Tag, *Tag]
	Notifications          Collection[BusinessNotification, *BusinessNotification]
	Locations              Collection[Location, *Location]
	Accounts               Collection[JournalAccount, *JournalAccount]
	ChartOfAccountsGroup   Settings[ChartOfAccountsGroup]
	ChartOfAccountsScoped  Settings[ChartOfAccountsOverrideGroup]
	Documents              *Documents
}

func newAdminCollections(s *Service) *AdminCollections {
	return &AdminCollections{
		EmployeePortalSettings: Settings[EmployeePortalSettings]{S: s, Kind: "employee_portal_settings", Label: "employee portal settings",
			Default:  func(business.Business) EmployeePortalSettings { return defaultEmployeePortalSettings() },
			Validate: func(v *EmployeePortalSettings, val *payroll.Validation) { v.Validate(val) }},
		RoundingRules: Settings[TimesheetRoundingRules]{S: s, Kind: "timesheet_rounding_rules", Label: "timesheet rounding rules",
			Default:  func(business.Business) TimesheetRoundingRules { return defaultRoundingRules() },
			Validate: func(v *TimesheetRoundingRules, val *payroll.Validation) { v.Validate(val) }},
		StatutorySettings: Settings[StatutorySettings]{S: s, Kind: "statutory_settings", Label: "statutory settings", Region: []string{"MY"},
			Default:  func(business.Business) StatutorySettings { return defaultStatutorySettings() },
			Validate: func(v *StatutorySettings, val *payroll.Validation) { v.Validate(val) }},
		TimesheetSettings: Settings[TimesheetSettings]{S: s, Kind: "timesheet_settings", Label: "timesheet settings",
			Default:  func(business.Business) TimesheetSettings { return defaultTimesheetSettings() },
			Validate: func(v *TimesheetSettings, val *payroll.Validation) { v.Validate(val) }},
		LeaveSettings: Settings[LeaveSettings]{S: s, Kind: "leave_settings", Label: "leave settings", Region: []string{"AU", "UK"},
			Default:  func(business.Business) LeaveSettings { return defaultLeaveSettings() },
			Validate: func(v *LeaveSettings, val *payroll.Validation) { v.Validate(val) }},
		PayslipSettings: Settings[PayslipSettings]{S: s, Kind: "payslip_settings", Label: "payslip configuration",
			Default:  func(business.Business) PayslipSettings { return defaultPayslipSettings() },
			Validate: func(v *PayslipSettings, val *payroll.Validation) { v.Validate(val) }},
		BillingPlan: Settings[BillingPlanChoice]{S: s, Kind: "billing_plan", Label: "billing plan",
			Default: func(biz business.Business) BillingPlanChoice {
				return BillingPlanChoice{BillingPlanID: TrialPlanID, Since: biz.DateCreated}
			}},
		Tags:          Collection[Tag, *Tag]{S: s, Kind: KindTag, Label: "tag", UniqueName: true},
		Notifications: notificationCollection(s),
		Locations: Collection[Location, *Location]{S: s, Kind: KindLocation, Label: "location",
			Decorate: decorateLocations, Check: checkLocation},
		Accounts:             Collection[JournalAccount, *JournalAccount]{S: s, Kind: KindAccount, Label: "journal account", UniqueName: true},
		ChartOfAccountsGroup: Settings[ChartOfAccountsGroup]{S: s, Kind: KindChartOfAccounts, Label: "chart of accounts"},
		ChartOfAccountsScoped: Settings[ChartOfAccountsOverrideGroup]{S: s, Kind: "chart_of_accounts_override",
			Label: "chart of accounts overrides"},
		Documents: &Documents{S: s},
	}
}

// IDName is a {id, name} pair (a document's groups and locations).
type IDName struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}
