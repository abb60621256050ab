package ess

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/access"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/settings"
)

// Features is what the business's employee portal and timesheet settings
// let an employee do in self-service (AuFeaturesModel). Rostering answers
// (accept, decline, swap) are always on: published shifts await the
// employee's answer and no setting turns them off. Shift bidding and work
// eligibility are not kept by this service: false.
type Features struct {
	AllowEmployeeSuperFundSelfService       bool   `json:"allowEmployeeSuperFundSelfService"`
	ClockOnCanSpecifyHigherClassification   bool   `json:"clockOnCanSpecifyHigherClassification"`
	AllowEmployeeLeaveSelfService           bool   `json:"allowEmployeeLeaveSelfService"`
	AllowEmployeeSelfEditing                bool   `json:"allowEmployeeSelfEditing"`
	AllowEmployeeTimesheetsSelfService      bool   `json:"allowEmployeeTimesheetsSelfService"`
	AllowEmployeeToSetUnavailability        bool   `json:"allowEmployeeToSetUnavailability"`
	AllowEmployeeBankAccountSelfService     bool   `json:"allowEmployeeBankAccountSelfService"`
	AllowEmployeeSatisfactionSurvey         bool   `json:"allowEmployeeSatisfactionSurvey"`
	AllowEmployeesToViewAllApprovedLeave    bool   `json:"allowEmployeesToViewAllApprovedLeave"`
	UnavailabilityCutOff                    int    `json:"unavailabilityCutOff" doc:"days before a date after which the employee can no longer set unavailability for it (0 = none)"`
	AllowEmployeesToUploadProfilePicture    bool   `json:"allowEmployeesToUploadProfilePicture"`
	AllowEmployeeExpensesSelfService        bool   `json:"allowEmployeeExpensesSelfService"`
	AllowEmployeeOverrideTaxCodes           bool   `json:"allowEmployeeOverrideTaxCodes"`
	EssTimesheetSetting                     string `json:"essTimesheetSetting" enum:"Disabled,ReadOnly,ReadWrite,EditKiosk,EditWorkZoneClockOnOff,EditKioskOrWorkZoneClockOnOff,Enabled"`
	AllowEmployeesToEditKioskTimesheets     bool   `json:"allowEmployeesToEditKioskTimesheets"`
	ClockOnRequirePhoto                     bool   `json:"clockOnRequirePhoto"`
	ClockOnAllowEmployeeShiftSelection      bool   `json:"clockOnAllowEmployeeShiftSelection"`
	ClockOnWindowMinutes                    *int   `json:"clockOnWindowMinutes" nullable:"true"`
	ClockOffWindowMinutes                   *int   `json:"clockOffWindowMinutes" nullable:"true"`
	EnableWorkZoneClockOn                   bool   `json:"enableWorkZoneClockOn"`
	AllowEmployeeTimesheetsWithoutStartStop bool   `json:"allowEmployeeTimesheetsWithoutStartStopTimes"`
	AllowEmployeeRosteringSelfService       bool   `json:"allowEmployeeRosteringSelfService"`
	AllowEmployeeToDeclineShifts            bool   `json:"allowEmployeeToDeclineShifts"`
	AllowEmployeeToSwapShifts               bool   `json:"allowEmployeeToSwapShifts"`
	EmployeeMustAcceptShifts                bool   `json:"employeeMustAcceptShifts"`
	ShiftBidding                            bool   `json:"shiftBidding"`
	AllowEmployeeQualificationsSelfService  bool   `json:"allowEmployeeQualificationsSelfService" doc:"always: the portal settings have no qualifications switch"`
	AllowEmployeeWorkEligibilitySelfService bool   `json:"allowEmployeeWorkEligibilitySelfService"`
	AllowToSelectHigherClassification       bool   `json:"allowToSelectHigherClassification"`
	PaidBreaksEnabled                       bool   `json:"paidBreaksEnabled"`
	TimesheetsRequireLocation               bool   `json:"timesheetsRequireLocation"`
	TimesheetsRequireWorkType               bool   `json:"timesheetsRequireWorkType"`
	TimesheetDimensionsEnabled              bool   `json:"timesheetDimensionsEnabled" doc:"false: timesheet lines carry no reporting dimensions"`
}

// timesheetWriters are the timesheet settings under which an employee
// enters and edits their own timesheets.
var timesheetWriters = map[string]bool{"ReadWrite": true, "Enabled": true, "EditKiosk": true, "EditWorkZoneClockOnOff": true, "EditKioskOrWorkZoneClockOnOff": true}

// FeaturesOf maps the portal and timesheet settings onto the features an
// employee has.
func FeaturesOf(s settings.EmployeePortalSettings, t settings.TimesheetSettings) Features {
	ts := s.TimesheetSetting
	if ts == "" {
		ts = "Disabled"
	}
	return Features{AllowEmployeeRosteringSelfService: true, AllowEmployeeToDeclineShifts: true, AllowEmployeeToSwapShifts: true,
		EmployeeMustAcceptShifts: true, AllowEmployeeQualificationsSelfService: true,
		AllowToSelectHigherClassification: t.AllowToSelectHigherClassification, PaidBreaksEnabled: t.AllowPaidBreaks,
		TimesheetsRequireLocation: t.RequireLocation, TimesheetsRequireWorkType: t.RequireWorkType,
		AllowEmployeeTimesheetsWithoutStartStop: !t.RequireStartAndStopTimes,
		AllowEmployeeSuperFundSelfService:       s.AllowEmployeeSuperFundSelfService, ClockOnCanSpecifyHigherClassification: s.CanSpecifyHigherClassification,
		AllowEmployeeLeaveSelfService: s.AllowEmployeeLeaveSelfService, AllowEmployeeSelfEditing: s.AllowEmployeeSelfEditing,
		AllowEmployeeTimesheetsSelfService: timesheetWriters[ts], AllowEmployeeToSetUnavailability: s.AllowEmployeeToSetUnavailability,
		AllowEmployeeBankAccountSelfService: s.AllowEmployeeBankAccountSelfService, AllowEmployeeSatisfactionSurvey: s.AllowEmployeeSatisfactionSurvey,
		AllowEmployeesToViewAllApprovedLeave: s.AllowEmployeesToViewAllApprovedLeave, UnavailabilityCutOff: s.UnavailabilityCutOff,
		AllowEmployeesToUploadProfilePicture: s.AllowEmployeesToUploadProfilePicture, AllowEmployeeExpensesSelfService: s.AllowEmployeeExpensesSelfService,
		AllowEmployeeOverrideTaxCodes: s.AllowEmployeeOverrideTaxCodes, EssTimesheetSetting: ts,
		AllowEmployeesToEditKioskTimesheets: ts == "EditKiosk" || ts == "EditKioskOrWorkZoneClockOnOff",
		ClockOnRequirePhoto:                 s.RequirePhoto, ClockOnAllowEmployeeShiftSelection: s.AllowEmployeeShiftSelection,
		ClockOnWindowMinutes: s.ClockOnWindowMinutes, ClockOffWindowMinutes: s.ClockOffWindowMinutes, EnableWorkZoneClockOn: s.EnableWorkZoneClockOn}
}

// Action is something an employee does in self-service that a portal
// setting may forbid.
type Action int

// The gated actions.
const (
	EditLeave Action = iota
	EditTimesheets
	EditUnavailability
	EditBankAccounts
	EditSuperFunds
	EditProfileImage
	EditDetails
	AnswerSatisfaction
)

// allowed says whether f lets the employee do a.
func (f Features) allowed(a Action) (bool, string) {
	switch a {
	case EditLeave:
		return f.AllowEmployeeLeaveSelfService, "leave"
	case EditTimesheets:
		return f.AllowEmployeeTimesheetsSelfService, "timesheets"
	case EditUnavailability:
		return f.AllowEmployeeToSetUnavailability, "unavailability"
	case EditBankAccounts:
		return f.AllowEmployeeBankAccountSelfService, "bank accounts"
	case EditSuperFunds:
		return f.AllowEmployeeSuperFundSelfService, "super funds"
	case EditProfileImage:
		return f.AllowEmployeesToUploadProfilePicture, "the profile picture"
	case EditDetails:
		return f.AllowEmployeeSelfEditing, "personal details"
	case AnswerSatisfaction:
		return f.AllowEmployeeSatisfactionSurvey, "the satisfaction survey"
	}
	return false, "this"
}

// Service is self-service's own behaviour: what the portal settings allow
// and which employees a user is.
type Service struct {
	Portal     record.Settings[settings.EmployeePortalSettings]
	Timesheets record.Settings[settings.TimesheetSettings]
	Access     *access.Service
}

// Features reads the business's portal settings as features.
func (s *Service) Features(ctx context.Context, biz business.Business) (_ Features, err error) {
	defer payroll.Wrap(&err, "self-service features of business %d", biz.ID)
	ps, err := s.Portal.Get(ctx, biz, "")
	if err != nil {
		return Features{}, err
	}
	ts, err := s.Timesheets.Get(ctx, biz, "")
	if err != nil {
		return Features{}, err
	}
	return FeaturesOf(ps, ts), nil
}

// Allow is nil when the caller may do a: a business user acting for the
// employee (self false) always may; the employee themself only when the
// business's portal settings allow it (403 otherwise).
func (s *Service) Allow(ctx context.Context, biz business.Business, self bool, a Action) error {
	if !self {
		return nil
	}
	f, err := s.Features(ctx, biz)
	if err != nil {
		return err
	}
	if ok, what := f.allowed(a); !ok {
		return payroll.Forbidden("the business does not let employees change %s in self-service", what)
	}
	return nil
}

// AvailableEmployee is AvailableEmployeeModel: an employee a user is in
// self-service.
type AvailableEmployee struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	BusinessID   int64  `json:"businessId"`
	BusinessName string `json:"businessName"`
	IsTerminated bool   `json:"isTerminated"`
}

// AvailableEmployees lists the employees p is the self-service user of,
// in every business.
func (s *Service) AvailableEmployees(ctx context.Context, p *payroll.Principal) (_ []AvailableEmployee, err error) {
	defer payroll.Wrap(&err, "self-service employees of user %d", p.UserID)
	selves, err := s.Access.SelvesOf(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]AvailableEmployee, len(selves))
	for i, e := range selves {
		out[i] = AvailableEmployee{ID: e.EmployeeID, Name: e.FirstName + " " + e.Surname, BusinessID: e.BusinessID, BusinessName: e.BusinessName,
			IsTerminated: e.Status == "Terminated"}
	}
	return out, nil
}
