package payschedule

import (
	"context"
	"encoding/json"
	"strings"
	"time"
	"unicode"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// PaySchedule is a pay cycle (AuPayScheduleModel; the SG/MY members too).
type PaySchedule struct {
	record.Base
	Name string `json:"name" maxLength:"100" required:"true"`
	// Frequency lists PayCycleFrequencyEnum in its declared order so integer
	// values sent by SDK clients map to the right names; only the
	// ScheduleFrequencies are accepted for a schedule.
	Frequency                          string                       `json:"frequency" required:"true" enum:"Weekly,Fortnightly,Monthly,AdHoc,Initial,PreviousEmployer,FourWeekly,Quarterly,Annually,HistoricGrossEarnings,HalfMonthly,HistoricGrossEarningsOWP,BiWeekly,SemiMonthly,Weekly52Or53,OffCycle"`
	EmployeeSelectionStrategy          string                       `json:"employeeSelectionStrategy" enum:"None,PayRunDefault,TimesheetLocations,PayRunDefaultWithTimesheets,ActiveSubcontractors,EmployingEntity"`
	LastDatePaid                       payroll.DateTime             `json:"lastDatePaid" doc:"date paid of the last pay run"`
	LastPayRun                         payroll.DateTime             `json:"lastPayRun" doc:"pay period ending of the last pay run"`
	ExternalID                         string                       `json:"externalId" maxLength:"50"`
	Source                             string                       `json:"source"`
	Locations                          []int64                      `json:"locations" doc:"locations whose employees the schedule pays"`
	EqualMonthlyPayments               bool                         `json:"equalMonthlyPayments"`
	IgnoredPayRunWarnings              []int                        `json:"ignoredPayRunWarnings" doc:"ids from GET payschedule/metadata payRunWarnings"`
	AbaDetailsID                       *int64                       `json:"abaDetailsId" doc:"AU: ABA settings (B/aba) used for this schedule's bank file"`
	PaygAccountBsb                     string                       `json:"paygAccountBsb"`
	PaygAccountNumber                  string                       `json:"paygAccountNumber"`
	PaygAccountName                    string                       `json:"paygAccountName" maxLength:"32"`
	PaygReference                      string                       `json:"paygReference" maxLength:"18"`
	EmptyPaysIncludeSystemDeductions   bool                         `json:"emptyPaysIncludeSystemDeductions" doc:"SG, MY"`
	AutoPayConfiguration               *AutoPayConfiguration        `json:"autoPayConfiguration"`
	DefaultFinaliseSettings            *FinaliseDefaultSettings     `json:"defaultFinaliseSettings"`
	PayScheduleApprovalSettings        *PayScheduleApprovalSettings `json:"payScheduleApprovalSettings"`
	PaySchedulePaymentApprovalSettings *PayScheduleApprovalSettings `json:"paySchedulePaymentApprovalSettings"`
}

// AutoPayConfiguration runs pay runs of a schedule automatically.
type AutoPayConfiguration struct {
	Enabled                          bool             `json:"enabled"`
	Paused                           bool             `json:"paused"`
	InitialPayPeriodEnding           payroll.DateTime `json:"initialPayPeriodEnding"`
	InitialDatePaid                  payroll.DateTime `json:"initialDatePaid"`
	InitialPayRunCreationDateTime    payroll.DateTime `json:"initialPayRunCreationDateTime"`
	ScheduledEndDate                 payroll.DateTime `json:"scheduledEndDate"`
	NextScheduledCreationDateTimeUtc payroll.DateTime `json:"nextScheduledCreationDateTimeUtc"`
	Finalise                         bool             `json:"finalise"`
	TimesheetImportOption            string           `json:"timesheetImportOption" enum:"None,ThisPayPeriod,AllOutstanding,CustomPeriod"`
	ExportJournals                   bool             `json:"exportJournals"`
	LodgePayRun                      bool             `json:"lodgePayRun"`
	PublishPaySlips                  string           `json:"publishPaySlips" enum:"Manual,Immediate,Scheduled"`
	PublishPaySlipsHour              int              `json:"publishPaySlipsHour"`
	SuppressNotifications            bool             `json:"suppressNotifications"`
	UsersToNotify                    []string         `json:"usersToNotify" doc:"email addresses of users with access to the business"`
	RunOnSpecificDayOfMonth          bool             `json:"runOnSpecificDayOfMonth"`
	AdjustRunDateToWorkDay           bool             `json:"adjustRunDateToWorkDay"`
	AdjustDatePaidToWorkDay          bool             `json:"adjustDatePaidToWorkDay"`
	SpecificDayOfMonth               int              `json:"specificDayOfMonth"`
	WeekOfMonth                      int              `json:"weekOfMonth"`
	DayOfWeek                        int              `json:"dayOfWeek"`
	ReportPacksToRun                 []int            `json:"reportPacksToRun"`
}

// MarshalJSON writes the four dates the published description declares
// non-nullable (.NET DateTime) as DateTime.MinValue while unset, where null
// fails generated clients; scheduledEndDate is nullable and stays null.
// A client sending the MinValue back sets nothing (it parses to the zero
// time).
func (a AutoPayConfiguration) MarshalJSON() ([]byte, error) {
	type plain AutoPayConfiguration
	return json.Marshal(struct {
		plain
		InitialPayPeriodEnding           payroll.DateTimeOrMin `json:"initialPayPeriodEnding"`
		InitialDatePaid                  payroll.DateTimeOrMin `json:"initialDatePaid"`
		InitialPayRunCreationDateTime    payroll.DateTimeOrMin `json:"initialPayRunCreationDateTime"`
		NextScheduledCreationDateTimeUtc payroll.DateTimeOrMin `json:"nextScheduledCreationDateTimeUtc"`
	}{plain(a), payroll.DateTimeOrMin{DateTime: a.InitialPayPeriodEnding}, payroll.DateTimeOrMin{DateTime: a.InitialDatePaid},
		payroll.DateTimeOrMin{DateTime: a.InitialPayRunCreationDateTime}, payroll.DateTimeOrMin{DateTime: a.NextScheduledCreationDateTimeUtc}})
}

// FinaliseDefaultSettings are the defaults of the finalise step
// (PayRunFinaliseDefaultSettingsModel).
type FinaliseDefaultSettings struct {
	ExportJournals               string `json:"exportJournals" enum:"Manual,Immediate,Scheduled"`
	ExportJournalsTimeline       string `json:"exportJournalsTimeline" enum:"Before,After,On"`
	ExportJournalsDay            int    `json:"exportJournalsDay"`
	ExportJournalsTimeOfDay      string `json:"exportJournalsTimeOfDay" doc:"HH:mm"`
	LodgePayRun                  string `json:"lodgePayRun" enum:"Manual,Immediate,Scheduled"`
	LodgePayRunTimeline          string `json:"lodgePayRunTimeline" enum:"Before,After,On"`
	LodgePayRunDay               int    `json:"lodgePayRunDay"`
	LodgePayRunTimeOfDay         string `json:"lodgePayRunTimeOfDay"`
	PublishPaySlips              string `json:"publishPaySlips" enum:"Manual,Immediate,Scheduled"`
	PublishPaySlipsTimeline      string `json:"publishPaySlipsTimeline" enum:"Before,After,On"`
	PublishPaySlipsDay           int    `json:"publishPaySlipsDay"`
	PublishPaySlipsTimeOfDay     string `json:"publishPaySlipsTimeOfDay"`
	SubmitToPensionSync          string `json:"submitToPensionSync" enum:"Manual,Immediate,Scheduled"`
	SubmitToPensionSyncTimeline  string `json:"submitToPensionSyncTimeline" enum:"Before,After,On"`
	SubmitToPensionSyncDay       int    `json:"submitToPensionSyncDay"`
	SubmitToPensionSyncTimeOfDay string `json:"submitToPensionSyncTimeOfDay"`
	RunReportPacks               string `json:"runReportPacks" enum:"Manual,Immediate,Scheduled"`
	RunReportPacksTimeline       string `json:"runReportPacksTimeline" enum:"Before,After,On"`
	RunReportPacksDay            int    `json:"runReportPacksDay"`
	RunReportPacksTimeOfDay      string `json:"runReportPacksTimeOfDay"`
	SuppressNotifications        bool   `json:"suppressNotifications"`
	ReportPacksToRun             []int  `json:"reportPacksToRun"`
	SuperPayment                 bool   `json:"superPayment"`
}

// PayScheduleApprovalSettings configure pay run (or payment) approval.
type PayScheduleApprovalSettings struct {
	RequireApproval      bool     `json:"requireApproval"`
	ReminderDay          int      `json:"reminderDay"`
	NotificationTemplate string   `json:"notificationTemplate" maxLength:"4000"`
	NotificationSubject  string   `json:"notificationSubject" maxLength:"200"`
	ReminderTemplate     string   `json:"reminderTemplate" maxLength:"4000"`
	ReminderSubject      string   `json:"reminderSubject" maxLength:"200"`
	SendReminder         bool     `json:"sendReminder"`
	ApproversToNotify    []string `json:"approversToNotify" doc:"email addresses of users with access to the business"`
}

// Metadata lists of GET B/payschedule/metadata; the enum members above
// accept the same names.
var (
	ScheduleFrequencies         = []string{"Weekly", "Fortnightly", "Monthly", "FourWeekly", "Quarterly", "Annually", "HalfMonthly"}
	EmployeeSelectionStrategies = []string{"None", "PayRunDefault", "TimesheetLocations", "PayRunDefaultWithTimesheets", "ActiveSubcontractors", "EmployingEntity"}
	TimesheetImportOptions      = []string{"None", "ThisPayPeriod", "AllOutstanding", "CustomPeriod"}
	PublishPaySlipsPreferences  = []string{"Manual", "Immediate", "Scheduled"}
	payRunWarningTypes          = strings.Split("PaymentFile,MoreLeaveThanAccrued,UnpaidEarnings,Birthday,Anniversary,NegativeEarnings,PreviouslyTerminated,TerminatedWithExpenseReimbursements,ExpiredQualification,DuplicateEarningsLines,TaxCodeMissing,Bpay,LeaveYearCapReached,AutoEnrolmentChanges,EmployeePensionContributionRefund,PensionSchemeRequiresAuthorization,UkTaxCodeUpdate,UkTaxCodeUpdateError,NINOUnknown,ProRataEarnings,HmrcLateReasonWarning,BelowMinimumWage,ExpiredSpecialTaxRate,ExpiredStudentLoanRate,PendingLeaveRequest,LeaveRequestBeyondPayPeriod,PrecedingLeaveRequest,IncompletePayRunTasks,PendingExpenseRequests,PayDayFiling,PayDayFilingAmendment,EmployeeInformation,IrdSettings,AutoUpdatedNICategory,UkStudentLoanUpdate,PensionProviderDoesNotAllowOverseasAddress,MissingLeaveYearEntitlement,LeaveRequestUnitTypeMismatch,ExpiredNric,ExcessOvertime,ForeignEmployee,ExcessDeductions,TerminatedForeignEmployee,StatutoryPaymentApplied,StatutoryPaymentAppliedPrevious,NationalInsuranceValidations,MixedOffsets,PendingSapPayment,ScheduledUpdateApplied,PensionSettingsUpdated,TaxReliefThresholdExceeded,UkNotNoticeUpdate,EarningsAutomaticallyAdjusted,EarningsRequireAdjustment,UkTaxCodeP9Update,HrdfEmployeeWarning,NewPayrolledBenefits,SubmitTerminatedEmployeeToHmrc,SuperReconciliationPreviousPayRun,SuperReconciliationThisPayRun,MoreThan28DaysWithoutTfnQuoted,BackCalculationsApplied,LeaveAccrualReconciliationPreviousPayRun,LeaveAccrualReconciliationThisPayRun,PublicHolidayAutomation,CisSubcontractorRequiresVerification,ItnRequiresUpdate,CisSubcontractorLastPaymentDate,CisSubcontractorUnmatched,CpfRefundRequired,CpfYearEndRecalculationRequired,TaxCodeDisplayNameTooLong,TimesheetOutOfSequence,ExpiredContractorTaxRate,ConcurrentPayRun,StudentLoanAdjustment,UnpaidLeaveWithAvailableBalance,OccupationalLeaveApplied,OccupationalLeaveAppliedPrevious,OccupationalLeaveEntitlementExhausted,AnnualLeaveCashedOut,EmployeeHasTakenPaidFamilyAndDomesticViolenceLeave,ConcurrentPayRunAU,EmployeePensionOptoutForPeriod,EmployeePensionContributionsCeased,EmployeePensionOptoutOrCease,PensionOptOutCouldNotConnect,PensionOptoutScopeUnauthorised,PensionOptoutUnmatched,PensionCeaseUnmatched,RolledUpHolidayPayAndStatutoryPayWarning,PendingDeductions", ",")
)

const schedTimeOfDay = "15:04"

// PayRunWarning is one entry of the metadata's payRunWarnings.
type PayRunWarning struct {
	ID          int    `json:"id"`
	Description string `json:"description"`
}

// PayRunWarnings are the pay run warning types a schedule can ignore; the
// id is the position in PayRunWarningType (how the API numbers enums).
func PayRunWarnings() []PayRunWarning {
	out := make([]PayRunWarning, len(payRunWarningTypes))
	for i, name := range payRunWarningTypes {
		out[i] = PayRunWarning{ID: i, Description: schedHumanise(name)}
	}
	return out
}

// schedHumanise turns "MoreLeaveThanAccrued" into "More leave than accrued",
// keeping acronyms ("NINOUnknown" -> "NINO unknown").
func schedHumanise(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) && (unicode.IsLower(r[i-1]) || i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(r[i-1])) {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	words := strings.Fields(b.String())
	for i, w := range words {
		if i > 0 && len(w) > 1 && unicode.IsUpper(rune(w[0])) && unicode.IsLower(rune(w[1])) {
			words[i] = strings.ToLower(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

func (p *PaySchedule) RecordName() string       { return p.Name }
func (p *PaySchedule) RecordExternalID() string { return p.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (PaySchedule) RequestExample() any {
	return map[string]any{"name": "Fortnightly staff", "frequency": "Fortnightly", "employeeSelectionStrategy": "None"}
}

// Validate checks the schedule's own members and sets defaults.
func (p *PaySchedule) Validate(v *payroll.Validation) {
	p.Name = strings.TrimSpace(p.Name)
	v.RequiredMembers(p) // name, frequency
	v.MaxLen("name", p.Name, 100)
	v.MaxLen("externalId", p.ExternalID, 50)
	if _, ok := record.Canonical(ScheduleFrequencies, p.Frequency); p.Frequency != "" && !ok {
		v.Add("frequency", "frequency must be one of %s", strings.Join(ScheduleFrequencies, ", "))
	}
	if p.EmployeeSelectionStrategy == "" {
		p.EmployeeSelectionStrategy = "None"
	}
	if p.Locations == nil {
		p.Locations = []int64{}
	}
	for _, id := range p.Locations {
		if id <= 0 {
			v.Add("locations", "locations must be location ids")
		}
	}
	if p.IgnoredPayRunWarnings == nil {
		p.IgnoredPayRunWarnings = []int{}
	}
	for _, w := range p.IgnoredPayRunWarnings {
		if w < 0 || w >= len(payRunWarningTypes) {
			v.Add("ignoredPayRunWarnings", "%d is not a pay run warning id (see payschedule/metadata)", w)
		}
	}
	au.CheckBSB(v, "paygAccountBsb", &p.PaygAccountBsb, false)
	au.CheckAccountNumber(v, "paygAccountNumber", &p.PaygAccountNumber, false)
	v.MaxLen("paygAccountName", p.PaygAccountName, 32)
	v.MaxLen("paygReference", p.PaygReference, 18)
	// Declared objects are never null: absent ones are their defaults.
	if p.AutoPayConfiguration == nil {
		p.AutoPayConfiguration = &AutoPayConfiguration{}
	}
	if p.DefaultFinaliseSettings == nil {
		p.DefaultFinaliseSettings = &FinaliseDefaultSettings{}
	}
	if p.PayScheduleApprovalSettings == nil {
		p.PayScheduleApprovalSettings = &PayScheduleApprovalSettings{}
	}
	if p.PaySchedulePaymentApprovalSettings == nil {
		p.PaySchedulePaymentApprovalSettings = &PayScheduleApprovalSettings{}
	}
	p.AutoPayConfiguration.validate(v)
	p.DefaultFinaliseSettings.validate(v)
	for field, s := range map[string]*PayScheduleApprovalSettings{"payScheduleApprovalSettings": p.PayScheduleApprovalSettings,
		"paySchedulePaymentApprovalSettings": p.PaySchedulePaymentApprovalSettings} {
		if s != nil {
			s.validate(v, field)
		}
	}
}

func (a *AutoPayConfiguration) validate(v *payroll.Validation) {
	const f = "autoPayConfiguration."
	if a.Enabled {
		if a.InitialPayPeriodEnding.IsZero() {
			v.Add(f+"initialPayPeriodEnding", "initialPayPeriodEnding is required when auto pay is enabled")
		}
		if a.InitialDatePaid.IsZero() {
			v.Add(f+"initialDatePaid", "initialDatePaid is required when auto pay is enabled")
		}
	}
	if !a.ScheduledEndDate.IsZero() && !a.InitialPayPeriodEnding.IsZero() && a.ScheduledEndDate.Before(a.InitialPayPeriodEnding.Time) {
		v.Add(f+"scheduledEndDate", "scheduledEndDate must not be before initialPayPeriodEnding")
	}
	if a.TimesheetImportOption == "" {
		a.TimesheetImportOption = "None"
	}
	if a.PublishPaySlips == "" {
		a.PublishPaySlips = "Manual"
	}
	if a.PublishPaySlipsHour < 0 || a.PublishPaySlipsHour > 23 {
		v.Add(f+"publishPaySlipsHour", "publishPaySlipsHour must be an hour between 0 and 23")
	}
	if a.RunOnSpecificDayOfMonth && (a.SpecificDayOfMonth < 1 || a.SpecificDayOfMonth > 31) {
		v.Add(f+"specificDayOfMonth", "specificDayOfMonth must be between 1 and 31")
	}
	if a.WeekOfMonth < 0 || a.WeekOfMonth > 5 {
		v.Add(f+"weekOfMonth", "weekOfMonth must be between 0 and 5")
	}
	if a.DayOfWeek < 0 || a.DayOfWeek > 6 {
		v.Add(f+"dayOfWeek", "dayOfWeek must be between 0 (Sunday) and 6 (Saturday)")
	}
	a.UsersToNotify = schedTrimList(a.UsersToNotify)
	schedNoReportPacks(v, f+"reportPacksToRun", &a.ReportPacksToRun)
}

func (s *FinaliseDefaultSettings) validate(v *payroll.Validation) {
	const f = "defaultFinaliseSettings."
	for _, a := range []struct {
		name       string
		pref, line *string
		day        int
		tod        string
	}{
		{"exportJournals", &s.ExportJournals, &s.ExportJournalsTimeline, s.ExportJournalsDay, s.ExportJournalsTimeOfDay},
		{"lodgePayRun", &s.LodgePayRun, &s.LodgePayRunTimeline, s.LodgePayRunDay, s.LodgePayRunTimeOfDay},
		{"publishPaySlips", &s.PublishPaySlips, &s.PublishPaySlipsTimeline, s.PublishPaySlipsDay, s.PublishPaySlipsTimeOfDay},
		{"submitToPensionSync", &s.SubmitToPensionSync, &s.SubmitToPensionSyncTimeline, s.SubmitToPensionSyncDay, s.SubmitToPensionSyncTimeOfDay},
		{"runReportPacks", &s.RunReportPacks, &s.RunReportPacksTimeline, s.RunReportPacksDay, s.RunReportPacksTimeOfDay},
	} {
		if *a.pref == "" {
			*a.pref = "Manual"
		}
		if a.day < 0 || a.day > 31 {
			v.Add(f+a.name+"Day", "%sDay must be between 0 and 31", a.name)
		}
		if a.tod != "" {
			if _, err := time.Parse(schedTimeOfDay, a.tod); err != nil {
				v.Add(f+a.name+"TimeOfDay", "%sTimeOfDay must be a time of day HH:mm", a.name)
			}
		}
		if *a.pref == "Scheduled" {
			if *a.line == "" {
				v.Add(f+a.name+"Timeline", "%sTimeline is required when %s is Scheduled", a.name, a.name)
			}
			if a.tod == "" {
				v.Add(f+a.name+"TimeOfDay", "%sTimeOfDay is required when %s is Scheduled", a.name, a.name)
			}
		}
		if *a.line == "" {
			*a.line = "Before" // never "" out
		}
	}
	schedNoReportPacks(v, f+"reportPacksToRun", &s.ReportPacksToRun)
}

func (s *PayScheduleApprovalSettings) validate(v *payroll.Validation, field string) {
	if s.ReminderDay < 0 || s.ReminderDay > 31 {
		v.Add(field+".reminderDay", "reminderDay must be between 0 and 31")
	}
	v.MaxLen(field+".notificationSubject", s.NotificationSubject, 200)
	v.MaxLen(field+".reminderSubject", s.ReminderSubject, 200)
	v.MaxLen(field+".notificationTemplate", s.NotificationTemplate, 4000)
	v.MaxLen(field+".reminderTemplate", s.ReminderTemplate, 4000)
	s.ApproversToNotify = schedTrimList(s.ApproversToNotify)
	if s.RequireApproval && len(s.ApproversToNotify) == 0 {
		v.Add(field+".approversToNotify", "approversToNotify needs at least one approver when approval is required")
	}
}

// schedNoReportPacks: the business has no report packs (no operation
// creates them), so any id is unknown.
func schedNoReportPacks(v *payroll.Validation, field string, ids *[]int) {
	if *ids == nil {
		*ids = []int{}
	}
	if len(*ids) > 0 {
		v.Add(field, "report pack %d does not exist in this business", (*ids)[0])
	}
}

func schedTrimList(list []string) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// References names the locations and the ABA settings.
func (p *PaySchedule) References() []record.Ref {
	refs := schedRefs("locations", record.KindLocation, p.Locations)
	return append(refs, record.Ref{Field: "abaDetailsId", Kind: au.KindAbaDetails, ID: record.Deref(p.AbaDetailsID)})
}

// checkPaySchedule applies the rules that need the database: the
// frequencies the business's region pays by, and people to notify must be
// users with access to the business.
func checkPaySchedule(ctx context.Context, q *store.Queries, bizID int64, p *PaySchedule) error {
	p.Frequency, _ = record.Canonical(ScheduleFrequencies, p.Frequency)
	region, err := categories.BusinessRegion(ctx, q, bizID)
	if err != nil {
		return err
	}
	if region == "MY" && p.Frequency != "Monthly" {
		return payroll.Invalid("frequency", "businesses in MY pay monthly; frequency must be Monthly")
	}
	users, err := NotifiableUsers(ctx, q, bizID)
	if err != nil {
		return err
	}
	check := func(field string, list []string) error {
		for i, email := range list {
			c, ok := record.Canonical(users, email)
			if !ok {
				return payroll.Invalid(field, "%s is not a user with access to this business", email)
			}
			list[i] = c
		}
		return nil
	}
	if a := p.AutoPayConfiguration; a != nil {
		if err := check("autoPayConfiguration.usersToNotify", a.UsersToNotify); err != nil {
			return err
		}
	}
	if s := p.PayScheduleApprovalSettings; s != nil {
		if err := check("payScheduleApprovalSettings.approversToNotify", s.ApproversToNotify); err != nil {
			return err
		}
	}
	if s := p.PaySchedulePaymentApprovalSettings; s != nil {
		if err := check("paySchedulePaymentApprovalSettings.approversToNotify", s.ApproversToNotify); err != nil {
			return err
		}
	}
	return nil
}

// NotifiableUsers lists the email (or user name) of every user with
// access to the business: who can be notified about its pay runs.
func NotifiableUsers(ctx context.Context, q *store.Queries, bizID int64) ([]string, error) {
	rows, err := q.ListBusinessAccess(ctx, bizID)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		email := r.UserEmail
		if email == "" {
			email = r.Username
		}
		out = append(out, email)
	}
	return out, nil
}

// NextPayDates forecasts the next pay period of a schedule (see
// dates.go for the rule). today and endOfWeek serve schedules
// that never ran.
func (p *PaySchedule) NextPayDates(today time.Time, endOfWeek time.Weekday) (PeriodForecast, error) {
	h := PeriodHistory{Frequency: p.Frequency, LastPeriodEnd: p.LastPayRun.Time, LastDatePaid: p.LastDatePaid.Time,
		Today: today, EndOfWeek: endOfWeek}
	if a := p.AutoPayConfiguration; a != nil {
		h.FirstPeriodEnd, h.FirstDatePaid = a.InitialPayPeriodEnding.Time, a.InitialDatePaid.Time
	}
	return ForecastNextPeriod(h)
}
