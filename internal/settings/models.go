package settings

import (
	"net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// EmployeePortalSettings is what employees may do in self-service
// (AuEmployeePortalSettingsModel; the other regions' models are subsets).
type EmployeePortalSettings struct {
	AllowEmployeeSuperFundSelfService      bool   `json:"allowEmployeeSuperFundSelfService"`
	CanSpecifyHigherClassification         bool   `json:"canSpecifyHigherClassification"`
	AllowEmployeeLeaveSelfService          bool   `json:"allowEmployeeLeaveSelfService"`
	AllowEmployeeSelfEditing               bool   `json:"allowEmployeeSelfEditing"`
	TimesheetSetting                       string `json:"timesheetSetting" enum:"Disabled,ReadOnly,ReadWrite,EditKiosk,EditWorkZoneClockOnOff,EditKioskOrWorkZoneClockOnOff,Enabled"`
	AllowEmployeeToSetUnavailability       bool   `json:"allowEmployeeToSetUnavailability"`
	AllowEmployeeBankAccountSelfService    bool   `json:"allowEmployeeBankAccountSelfService"`
	AllowEmployeeSatisfactionSurvey        bool   `json:"allowEmployeeSatisfactionSurvey"`
	AllowEmployeesToViewAllApprovedLeave   bool   `json:"allowEmployeesToViewAllApprovedLeave"`
	UnavailabilityCutOff                   int    `json:"unavailabilityCutOff" doc:"days before a date after which employees can no longer set unavailability for it (0 = none)"`
	AllowEmployeesToUploadProfilePicture   bool   `json:"allowEmployeesToUploadProfilePicture"`
	AllowEmployeeExpensesSelfService       bool   `json:"allowEmployeeExpensesSelfService"`
	AllowEmployeeOverrideTaxCodes          bool   `json:"allowEmployeeOverrideTaxCodes"`
	ShowPayDaysInEmployeeCalendar          bool   `json:"showPayDaysInEmployeeCalendar"`
	EnableWorkZoneClockOn                  bool   `json:"enableWorkZoneClockOn"`
	RequirePhoto                           bool   `json:"requirePhoto"`
	AllowEmployeeShiftSelection            bool   `json:"allowEmployeeShiftSelection"`
	ClockOnWindowMinutes                   *int   `json:"clockOnWindowMinutes"`
	ClockOffWindowMinutes                  *int   `json:"clockOffWindowMinutes"`
	ClockOnReminderNotificationMinutes     *int   `json:"clockOnReminderNotificationMinutes"`
	ClockOffReminderNotificationMinutes    *int   `json:"clockOffReminderNotificationMinutes"`
	SendEmployeeDetailsUpdateNotifications bool   `json:"sendEmployeeDetailsUpdateNotifications"`
}

func defaultEmployeePortalSettings() EmployeePortalSettings {
	return EmployeePortalSettings{AllowEmployeeSuperFundSelfService: true, AllowEmployeeLeaveSelfService: true,
		AllowEmployeeSelfEditing: true, TimesheetSetting: "Disabled", AllowEmployeeToSetUnavailability: true,
		AllowEmployeeBankAccountSelfService: true, AllowEmployeesToUploadProfilePicture: true,
		ShowPayDaysInEmployeeCalendar: true, SendEmployeeDetailsUpdateNotifications: true}
}

// checkDayMinutes checks an optional number of minutes within a day.
func checkDayMinutes(v *payroll.Validation, field string, n *int) {
	if n != nil && (*n < 0 || *n > 24*60) {
		v.Add(field, "%s must be between 0 and 1440 minutes", field)
	}
}

// Validate checks the ranges.
func (s *EmployeePortalSettings) Validate(v *payroll.Validation) {
	if s.TimesheetSetting == "" {
		s.TimesheetSetting = "Disabled"
	}
	if s.UnavailabilityCutOff < 0 || s.UnavailabilityCutOff > 365 {
		v.Add("unavailabilityCutOff", "unavailabilityCutOff must be between 0 and 365 days")
	}
	checkDayMinutes(v, "clockOnWindowMinutes", s.ClockOnWindowMinutes)
	checkDayMinutes(v, "clockOffWindowMinutes", s.ClockOffWindowMinutes)
	checkDayMinutes(v, "clockOnReminderNotificationMinutes", s.ClockOnReminderNotificationMinutes)
	checkDayMinutes(v, "clockOffReminderNotificationMinutes", s.ClockOffReminderNotificationMinutes)
	if s.RequirePhoto && !s.EnableWorkZoneClockOn {
		v.Add("requirePhoto", "requirePhoto applies to work zone clock on: enable enableWorkZoneClockOn too")
	}
}

// Rounding directions of timesheet rounding rules.
const (
	RoundNone    = "None"
	RoundUp      = "Up"
	RoundDown    = "Down"
	RoundNearest = "ToTheNearest"
)

// TimesheetRoundingRules says how clock times are rounded when they
// become timesheets (TimesheetRoundingRulesModel). Intervals are minutes.
// The "...ToShift...Interval" members snap a time to the rostered shift
// start/end when it falls within that many minutes of it.
type TimesheetRoundingRules struct {
	ID                                        int64  `json:"id" doc:"the business's id: a business has one set of rounding rules"`
	ShiftStartRoundingDirection               string `json:"shiftStartRoundingDirection" enum:"None,Up,Down,ToTheNearest"`
	ShiftStartRoundingInterval                int    `json:"shiftStartRoundingInterval"`
	ShiftEndRoundingDirection                 string `json:"shiftEndRoundingDirection" enum:"None,Up,Down,ToTheNearest"`
	ShiftEndRoundingInterval                  int    `json:"shiftEndRoundingInterval"`
	BreakStartRoundingDirection               string `json:"breakStartRoundingDirection" enum:"None,Up,Down,ToTheNearest"`
	BreakStartRoundingInterval                int    `json:"breakStartRoundingInterval"`
	BreakEndRoundingDirection                 string `json:"breakEndRoundingDirection" enum:"None,Up,Down,ToTheNearest"`
	BreakEndRoundingInterval                  int    `json:"breakEndRoundingInterval"`
	RoundUpToShiftStartTimeRoundingInterval   *int   `json:"roundUpToShiftStartTimeRoundingInterval" doc:"a clock-on up to this many minutes before the rostered start counts from the rostered start"`
	RoundDownToShiftStartTimeRoundingInterval *int   `json:"roundDownToShiftStartTimeRoundingInterval" doc:"a clock-on up to this many minutes after the rostered start counts from the rostered start"`
	RoundUpToShiftEndTimeRoundingInterval     *int   `json:"roundUpToShiftEndTimeRoundingInterval" doc:"a clock-off up to this many minutes before the rostered end counts to the rostered end"`
	RoundDownToShiftEndTimeRoundingInterval   *int   `json:"roundDownToShiftEndTimeRoundingInterval" doc:"a clock-off up to this many minutes after the rostered end counts to the rostered end"`
}

func defaultRoundingRules() TimesheetRoundingRules {
	return TimesheetRoundingRules{ShiftStartRoundingDirection: RoundNone, ShiftEndRoundingDirection: RoundNone,
		BreakStartRoundingDirection: RoundNone, BreakEndRoundingDirection: RoundNone}
}

// Validate requires an interval of 1..60 minutes wherever a direction
// rounds, and 0..60 minutes for the snap-to-shift windows.
func (r *TimesheetRoundingRules) Validate(v *payroll.Validation) {
	pairs := []struct {
		name string
		dir  *string
		n    int
	}{
		{"shiftStart", &r.ShiftStartRoundingDirection, r.ShiftStartRoundingInterval},
		{"shiftEnd", &r.ShiftEndRoundingDirection, r.ShiftEndRoundingInterval},
		{"breakStart", &r.BreakStartRoundingDirection, r.BreakStartRoundingInterval},
		{"breakEnd", &r.BreakEndRoundingDirection, r.BreakEndRoundingInterval},
	}
	for _, p := range pairs {
		if *p.dir == "" {
			*p.dir = RoundNone
		}
		field := p.name + "RoundingInterval"
		switch {
		case *p.dir != RoundNone && (p.n < 1 || p.n > 60):
			v.Add(field, "%s must be between 1 and 60 minutes when %sRoundingDirection is %s", field, p.name, *p.dir)
		case p.n < 0 || p.n > 60:
			v.Add(field, "%s must be between 0 and 60 minutes", field)
		}
	}
	for field, n := range map[string]*int{
		"roundUpToShiftStartTimeRoundingInterval":   r.RoundUpToShiftStartTimeRoundingInterval,
		"roundDownToShiftStartTimeRoundingInterval": r.RoundDownToShiftStartTimeRoundingInterval,
		"roundUpToShiftEndTimeRoundingInterval":     r.RoundUpToShiftEndTimeRoundingInterval,
		"roundDownToShiftEndTimeRoundingInterval":   r.RoundDownToShiftEndTimeRoundingInterval,
	} {
		if n != nil && (*n < 0 || *n > 60) {
			v.Add(field, "%s must be between 0 and 60 minutes", field)
		}
	}
}

// RoundTime rounds t to a multiple of intervalMinutes counted from the
// midnight of t's day: Up to the next multiple (a time already on one is
// kept), Down to the previous, ToTheNearest to the closer one (halfway
// rounds up). None, an empty direction or an interval below 1 leave t
// unchanged.
func RoundTime(t time.Time, direction string, intervalMinutes int) time.Time {
	if intervalMinutes < 1 {
		return t
	}
	step := time.Duration(intervalMinutes) * time.Minute
	midnight := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
	off := t.Sub(midnight)
	rem := off % step
	down := t.Add(-rem)
	switch {
	case strings.EqualFold(direction, RoundDown):
		return down
	case strings.EqualFold(direction, RoundUp):
		if rem == 0 {
			return t
		}
		return down.Add(step)
	case strings.EqualFold(direction, RoundNearest):
		if rem*2 >= step {
			return down.Add(step)
		}
		return down
	}
	return t
}

// snapToRoster returns rostered when t is within before minutes before it or
// after minutes after it.
func snapToRoster(t time.Time, rostered *time.Time, before, after *int) (time.Time, bool) {
	if rostered == nil {
		return t, false
	}
	d := rostered.Sub(t)
	if before != nil && d >= 0 && d <= time.Duration(*before)*time.Minute {
		return *rostered, true
	}
	if after != nil && d <= 0 && -d <= time.Duration(*after)*time.Minute {
		return *rostered, true
	}
	return t, false
}

// ShiftStart is the start time a timesheet gets for a clock-on at t:
// snapped to the rostered start (nil = no rostered shift) when within the
// round-up/round-down windows, else rounded by the shift start rule.
func (r TimesheetRoundingRules) ShiftStart(t time.Time, rostered *time.Time) time.Time {
	if s, ok := snapToRoster(t, rostered, r.RoundUpToShiftStartTimeRoundingInterval, r.RoundDownToShiftStartTimeRoundingInterval); ok {
		return s
	}
	return RoundTime(t, r.ShiftStartRoundingDirection, r.ShiftStartRoundingInterval)
}

// ShiftEnd is ShiftStart for a clock-off and the rostered end.
func (r TimesheetRoundingRules) ShiftEnd(t time.Time, rostered *time.Time) time.Time {
	if s, ok := snapToRoster(t, rostered, r.RoundUpToShiftEndTimeRoundingInterval, r.RoundDownToShiftEndTimeRoundingInterval); ok {
		return s
	}
	return RoundTime(t, r.ShiftEndRoundingDirection, r.ShiftEndRoundingInterval)
}

// BreakStart rounds the start of a break.
func (r TimesheetRoundingRules) BreakStart(t time.Time) time.Time {
	return RoundTime(t, r.BreakStartRoundingDirection, r.BreakStartRoundingInterval)
}

// BreakEnd rounds the end of a break.
func (r TimesheetRoundingRules) BreakEnd(t time.Time) time.Time {
	return RoundTime(t, r.BreakEndRoundingDirection, r.BreakEndRoundingInterval)
}

// StatutorySettings are a Malaysian employer's statutory registrations
// (MyBusinessStatutorySettingsModel): income tax employer number (E
// number) and LHDN branch, EPF, SOCSO (which also registers EIS), HRDF
// status, zakat, the Borang E officer, and EPF booklet choices.
type StatutorySettings struct {
	Itn                              string         `json:"itn" doc:"employer income tax number"`
	ENumber                          string         `json:"eNumber" doc:"LHDN employer number (E followed by digits)"`
	EpfNumber                        string         `json:"epfNumber" doc:"EPF employer reference number"`
	SocsoNumber                      string         `json:"socsoNumber" doc:"SOCSO employer code (also used for EIS)"`
	HrdfStatus                       string         `json:"hrdfStatus" enum:"NotEligible,Voluntary,Mandatory"`
	LhdnmBranch                      string         `json:"lhdnmBranch"`
	SerialNo                         string         `json:"serialNo"`
	NameOfOfficer                    string         `json:"nameOfOfficer"`
	OfficerDesignation               string         `json:"officerDesignation"`
	OfficerIDNumber                  string         `json:"officerIdNumber"`
	OfficerPhoneNumber               string         `json:"officerPhoneNumber"`
	OfficerEmail                     string         `json:"officerEmail"`
	EisEnabled                       *bool          `json:"eisEnabled"`
	ZakatNumber                      string         `json:"zakatNumber"`
	BookletOption                    string         `json:"bookletOption" enum:"Automatic,ReducedRate,RegularRate"`
	ApplyBookletOptionToAllEmployees *bool          `json:"applyBookletOptionToAllEmployees"`
	AdditionalEpfType                string         `json:"additionalEpfType" enum:"Fixed,PercentageOfGrossPay"`
	AdditionalEpfAmount              *payroll.Money `json:"additionalEpfAmount" nullable:"true"`
}

// StatutorySettingsKind is the settings document's kind (a pay run reads
// the levy and EIS settings directly).
const StatutorySettingsKind = "statutory_settings"

// DefaultStatutorySettings are a business's statutory settings before any
// are saved.
func DefaultStatutorySettings() StatutorySettings { return defaultStatutorySettings() }

func defaultStatutorySettings() StatutorySettings {
	yes := true
	return StatutorySettings{HrdfStatus: "NotEligible", EisEnabled: &yes, BookletOption: "Automatic"}
}

var (
	myENumber   = regexp.MustCompile(`^E\s?\d{8,11}$`)
	myRefNumber = regexp.MustCompile(`^[A-Za-z0-9 /-]{1,20}$`)
)

// Validate checks the registration numbers' shapes and the EPF top-up.
func (s *StatutorySettings) Validate(v *payroll.Validation) {
	s.ENumber = strings.ToUpper(strings.TrimSpace(s.ENumber))
	if s.ENumber != "" && !myENumber.MatchString(s.ENumber) {
		v.Add("eNumber", "eNumber must be E followed by 8 to 11 digits")
	}
	for field, val := range map[string]string{"itn": s.Itn, "epfNumber": s.EpfNumber, "socsoNumber": s.SocsoNumber, "zakatNumber": s.ZakatNumber} {
		if val != "" && !myRefNumber.MatchString(val) {
			v.Add(field, "%s must be at most 20 letters, digits, spaces, / or -", field)
		}
	}
	v.MaxLen("lhdnmBranch", s.LhdnmBranch, 100)
	v.MaxLen("nameOfOfficer", s.NameOfOfficer, 100)
	v.MaxLen("officerDesignation", s.OfficerDesignation, 100)
	v.MaxLen("officerIdNumber", s.OfficerIDNumber, 20)
	v.MaxLen("officerPhoneNumber", s.OfficerPhoneNumber, 20)
	if s.OfficerEmail != "" {
		if _, err := mail.ParseAddress(s.OfficerEmail); err != nil {
			v.Add("officerEmail", "officerEmail is not a valid email address")
		}
	}
	if s.HrdfStatus == "" {
		s.HrdfStatus = "NotEligible"
	}
	if s.BookletOption == "" {
		s.BookletOption = "Automatic"
	}
	switch {
	case s.AdditionalEpfType == "" && s.AdditionalEpfAmount != nil && !s.AdditionalEpfAmount.IsZero():
		v.Add("additionalEpfType", "additionalEpfType is required with additionalEpfAmount")
	case s.AdditionalEpfAmount != nil && s.AdditionalEpfAmount.IsNeg():
		v.Add("additionalEpfAmount", "additionalEpfAmount cannot be negative")
	case s.AdditionalEpfType == "PercentageOfGrossPay" && s.AdditionalEpfAmount != nil && !s.AdditionalEpfAmount.Within(0, 100):
		v.Add("additionalEpfAmount", "additionalEpfAmount is a percentage of gross pay: at most 100")
	}
}

// TimesheetSettings are the business's timesheet rules
// (AuBusinessTimesheetSettingsModel).
type TimesheetSettings struct {
	AllowToSelectHigherClassification                        bool `json:"allowToSelectHigherClassification"`
	RequireStartAndStopTimes                                 bool `json:"requireStartAndStopTimes"`
	RequireWorkType                                          bool `json:"requireWorkType"`
	CanSetRequireWorkTypeSetting                             bool `json:"canSetRequireWorkTypeSetting"`
	RequireLocation                                          bool `json:"requireLocation"`
	IncludeAllTimesheetNotesInPayRun                         bool `json:"includeAllTimesheetNotesInPayRun"`
	TimesheetRejectionNotifications                          bool `json:"timesheetRejectionNotifications"`
	ManagersCanCreateTimesheetsForEmployeesThatAreNotEnabled bool `json:"managersCanCreateTimesheetsForEmployeesThatAreNotEnabled"`
	TimesheetsEnabled                                        bool `json:"timesheetsEnabled"`
	ApproveIfMatchesRosterShift                              bool `json:"approveIfMatchesRosterShift"`
	AllowPaidBreaks                                          bool `json:"allowPaidBreaks"`
	HasMaximumPaidBreakDuration                              bool `json:"hasMaximumPaidBreakDuration"`
	MaximumPaidBreakDuration                                 int  `json:"maximumPaidBreakDuration" doc:"minutes"`
}

func defaultTimesheetSettings() TimesheetSettings {
	return TimesheetSettings{RequireStartAndStopTimes: true, CanSetRequireWorkTypeSetting: true, TimesheetRejectionNotifications: true,
		TimesheetsEnabled: true}
}

// Validate checks the paid break limit.
func (s *TimesheetSettings) Validate(v *payroll.Validation) {
	if s.MaximumPaidBreakDuration < 0 || s.MaximumPaidBreakDuration > 24*60 {
		v.Add("maximumPaidBreakDuration", "maximumPaidBreakDuration must be between 0 and 1440 minutes")
	}
	if s.HasMaximumPaidBreakDuration {
		if !s.AllowPaidBreaks {
			v.Add("hasMaximumPaidBreakDuration", "a maximum paid break duration needs allowPaidBreaks")
		}
		if s.MaximumPaidBreakDuration == 0 {
			v.Add("maximumPaidBreakDuration", "maximumPaidBreakDuration is required when hasMaximumPaidBreakDuration is true")
		}
	}
}

// LeaveSettings are the business's leave rules (AU and UK
// BusinessLeaveSettingsModel). leaveAccrualStartDateType and
// leaveYearShouldStartOn are the business details' leaveAccrualStartDateType
// and leaveYearStart: the HTTP layer keeps the two in step.
type LeaveSettings struct {
	LeaveCalculationMethod       string           `json:"leaveCalculationMethod" enum:"FullYear365,Workdays261"`
	RequireNotesForLeaveRequests bool             `json:"requireNotesForLeaveRequests"`
	LeaveYearShouldStartOn       payroll.DateTime `json:"leaveYearShouldStartOn"`
	LeaveAccrualStartDateType    string           `json:"leaveAccrualStartDateType" enum:"EmployeeStartDate,SpecifiedDate,CalendarYear,CategorySpecificDate"`
}

func defaultLeaveSettings() LeaveSettings {
	return LeaveSettings{LeaveCalculationMethod: "FullYear365", LeaveAccrualStartDateType: "EmployeeStartDate"}
}

// Validate requires the leave year start when accrual starts on a
// specified date.
func (s *LeaveSettings) Validate(v *payroll.Validation) {
	if s.LeaveCalculationMethod == "" {
		s.LeaveCalculationMethod = "FullYear365"
	}
	if s.LeaveAccrualStartDateType == "" {
		s.LeaveAccrualStartDateType = "EmployeeStartDate"
	}
	if s.LeaveAccrualStartDateType == "SpecifiedDate" && s.LeaveYearShouldStartOn.IsZero() {
		v.Add("leaveYearShouldStartOn", "leaveYearShouldStartOn is required when leaveAccrualStartDateType is SpecifiedDate")
	}
}

// PayslipSettings configure the business's payslips (the regions'
// EditBusinessPaySlipApiModel members together) plus the message printed
// on every payslip and which logo heads it.
type PayslipSettings struct {
	ID                                             int64  `json:"id" doc:"the business's id: a business has one payslip configuration"`
	SuperContributionProcessingFrequencyTextOption string `json:"superContributionProcessingFrequencyTextOption" enum:"None,Quarterly,Monthly" doc:"AU: the super payment frequency line"`
	ShowClassification                             bool   `json:"showClassification"`
	ShowBasePayRate                                bool   `json:"showBasePayRate"`
	ShowEmployeeID                                 bool   `json:"showEmployeeId"`
	ShowRateForAnnualEarnings                      bool   `json:"showRateForAnnualEarnings"`
	ShowEmployeeAddress                            bool   `json:"showEmployeeAddress"`
	ShowCrnNumber                                  bool   `json:"showCrnNumber" doc:"UK"`
	ShowPayeReference                              bool   `json:"showPayeReference" doc:"UK"`
	PaySlipFormat                                  string `json:"paySlipFormat" enum:"Web,ZFold" doc:"UK"`
	ShowYtdTotals                                  *bool  `json:"showYtdTotals"`
	ShowUnitsWorked                                *bool  `json:"showUnitsWorked"`
	ShowEmployeeStartEndDates                      *bool  `json:"showEmployeeStartEndDates"`
	EmailFrom                                      string `json:"emailFrom"`
	EmailBodyMessage                               string `json:"emailBodyMessage"`
	ShowLeaveAccruals                              bool   `json:"showLeaveAccruals"`
	ShowLineNotes                                  bool   `json:"showLineNotes"`
	ShowLocationInLineNotes                        bool   `json:"showLocationInLineNotes"`
	AlphabetisePayCategories                       bool   `json:"alphabetisePayCategories"`
	ShowEmployeeExternalID                         bool   `json:"showEmployeeExternalId"`
	EmployeesMustLoginToDownloadPayslips           bool   `json:"employeesMustLoginToDownloadPayslips"`
	PaySlipMessage                                 string `json:"paySlipMessage" doc:"printed at the foot of every payslip"`
	LogoOption                                     string `json:"logoOption" enum:"None,BusinessLogo,BrandLogo" doc:"the logo at the head of payslips"`
}

// defaultPayslipSettings: a UK payslip shows the employer's PAYE
// reference unless the business turns it off (what UK employees expect
// beside the tax code and NI number).
func defaultPayslipSettings(biz business.Business) PayslipSettings {
	yes := true
	return PayslipSettings{SuperContributionProcessingFrequencyTextOption: "None", ShowBasePayRate: true, ShowLeaveAccruals: true,
		PaySlipFormat: "Web", ShowYtdTotals: &yes, ShowUnitsWorked: &yes, LogoOption: "BusinessLogo", ShowPayeReference: biz.Region == "UK"}
}

// Validate checks the sender address and message lengths.
func (s *PayslipSettings) Validate(v *payroll.Validation) {
	if s.EmailFrom != "" {
		if a, err := mail.ParseAddress(s.EmailFrom); err != nil || a.Name != "" {
			v.Add("emailFrom", "emailFrom is not a valid email address")
		}
	}
	v.MaxLen("emailFrom", s.EmailFrom, 255)
	v.MaxLen("emailBodyMessage", s.EmailBodyMessage, 4000)
	v.MaxLen("paySlipMessage", s.PaySlipMessage, 1000)
	if s.SuperContributionProcessingFrequencyTextOption == "" {
		s.SuperContributionProcessingFrequencyTextOption = "None"
	}
	if s.PaySlipFormat == "" {
		s.PaySlipFormat = "Web"
	}
	if s.LogoOption == "" {
		s.LogoOption = "BusinessLogo"
	}
	if s.ShowLocationInLineNotes && !s.ShowLineNotes {
		v.Add("showLocationInLineNotes", "showLocationInLineNotes needs showLineNotes")
	}
}

// SetRecordID gives the rules the business's id (record.Identified).
func (r *TimesheetRoundingRules) SetRecordID(id int64) { r.ID = id }

// SetRecordID gives the settings the business's id (record.Identified).
func (p *PayslipSettings) SetRecordID(id int64) { p.ID = id }
