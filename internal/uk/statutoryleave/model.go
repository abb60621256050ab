package statutoryleave

import (
	"github.com/payrolld/payrolld/internal/payroll"
)

// EarningsUpdate raises the average weekly earnings of a stored period
// of SMP after a pay rise learnt late (SMP (General) Regulations 1986
// reg 21(7); HMRC SPM172200): either the pay rise (the relevant period's
// pay for periods before its date is raised by it, as when it is sent
// with the period) or, for a period whose AWE is an override, the new
// override. Weeks already paid by finalised pay runs are topped up to the
// new rates by an arrears line in the next pay run.
type EarningsUpdate struct {
	AverageWeeklyEarningsOverride *payroll.Money   `json:"averageWeeklyEarningsOverride" nullable:"true" doc:"the new average weekly earnings (a period whose AWE is an override); at least the current AWE"`
	PayRisePercent                *payroll.Rate    `json:"payRisePercent" nullable:"true" doc:"a pay rise (percent) effective between the start of the relevant period and the end of the leave (a period whose AWE is computed from pay runs); replaces a rise stored before"`
	PayRiseEffectiveDate          payroll.DateTime `json:"payRiseEffectiveDate" nullable:"true" doc:"the first day the pay rise applies from (the first day of a pay period)"`
}

// LeaveInput is a period of family statutory leave as sent (the
// reference's Uk{Smp,Spp,Sap,Shpp,Spbp,Sncp}DataApiModel members that
// the calculation uses).
type LeaveInput struct {
	StartDate payroll.DateTime `json:"startDate" doc:"first day of the leave (pay weeks run from this day)"`
	EndDate   payroll.DateTime `json:"endDate" doc:"last day of the leave"`
	// The date the qualifying week is counted from.
	BabyDueDate    payroll.DateTime `json:"babyDueDate" nullable:"true" doc:"smp, spp, shpp, sncp: the expected week of childbirth is the week (Sunday to Saturday) containing it; sap: the expected placement date"`
	MatchDate      payroll.DateTime `json:"matchDate" nullable:"true" doc:"sap (required) and adoption spp: the date the adopter was notified of the match; its week is the qualifying week"`
	ChildDeathDate payroll.DateTime `json:"childDeathDate" nullable:"true" doc:"spbp (required): the relevant week is the week before the week of the death"`
	IsAdoption     bool             `json:"isAdoption" doc:"spp: paternity pay for an adoption (qualifying week = the matching week)"`
	WeeksToPay     *int64           `json:"weeksToPay" nullable:"true" doc:"weeks to pay, at most the payment's maximum (smp/sap 39, spp 2, shpp 37, spbp 2, sncp 12); null = up to the maximum or the end date"`
	// AWE given instead of computed from finalised pay runs.
	AverageWeeklyEarningsOverride *payroll.Money `json:"averageWeeklyEarningsOverride" nullable:"true" doc:"average weekly earnings to use; null = computed from the employee's finalised pay runs in the relevant period"`
	// SMP (General) Regulations 1986 reg 21(7).
	PayRisePercent       *payroll.Rate    `json:"payRisePercent" nullable:"true" doc:"smp: a pay rise (percent, e.g. 4 or 3.5) effective between the start of the relevant period and the end of the leave; the relevant period's pay for periods before payRiseEffectiveDate is raised by it (reg 21(7))"`
	PayRiseEffectiveDate payroll.DateTime `json:"payRiseEffectiveDate" nullable:"true" doc:"smp: the first day the pay rise applies from (the first day of a pay period)"`
	Notes                string           `json:"notes" maxLength:"1000"`
}

// LogEvent is one message of a calculation (StatutoryLeaveLogEvent).
type LogEvent struct {
	Type     string   `json:"type" enum:"Info,Error,Warning,Success"`
	Category string   `json:"category" enum:"General,AWE"`
	Messages []string `json:"messages"`
	Message  string   `json:"message"`
}

// CreateResult answers a POST of family leave (Uk*DataApiResponseModel).
type CreateResult struct {
	ID     int64      `json:"id"`
	Status string     `json:"status" enum:"NotEligible,Eligible"`
	Log    []LogEvent `json:"log"`
}

// StatutoryLeave is a stored period of family statutory leave.
type StatutoryLeave struct {
	ID                            int64             `json:"id"`
	EmployeeID                    int64             `json:"employeeId"`
	Type                          string            `json:"type" enum:"smp,spp,sap,shpp,spbp,sncp"`
	StartDate                     payroll.DateTime  `json:"startDate"`
	EndDate                       payroll.DateTime  `json:"endDate"`
	BabyDueDate                   *payroll.DateTime `json:"babyDueDate" nullable:"true"`
	MatchDate                     *payroll.DateTime `json:"matchDate" nullable:"true"`
	ChildDeathDate                *payroll.DateTime `json:"childDeathDate" nullable:"true"`
	IsAdoption                    bool              `json:"isAdoption"`
	WeeksToPay                    *int64            `json:"weeksToPay" nullable:"true"`
	WeeksPaid                     payroll.Rate      `json:"weeksPaid" doc:"weeks (days ÷ 7) paid by finalised pay runs"`
	AverageWeeklyEarningsOverride *payroll.Money    `json:"averageWeeklyEarningsOverride" nullable:"true"`
	AverageWeeklyEarnings         payroll.Money     `json:"averageWeeklyEarnings" doc:"the AWE the calculation uses (override or computed), rounded to the penny for display"`
	PayRisePercent                *payroll.Rate     `json:"payRisePercent" nullable:"true"`
	PayRiseEffectiveDate          *payroll.DateTime `json:"payRiseEffectiveDate" nullable:"true"`
	Status                        string            `json:"status" enum:"NotEligible,Eligible"`
	DoNotPayReason                *string           `json:"doNotPayReason" nullable:"true" enum:"NotEmployedLongEnough,AweNotHighEnough"`
	Paused                        bool              `json:"paused" doc:"sncp: paused leave is not paid by pay runs"`
	Notes                         string            `json:"notes"`
	Attachments                   []Attachment      `json:"attachments"`
}

// LeaveCalc is a period's calculation (Uk*CalcApiModel plus the figures that
// produced it).
type LeaveCalc struct {
	ID                          int64            `json:"id"`
	Type                        string           `json:"type" enum:"smp,spp,sap,shpp,spbp,sncp"`
	Status                      string           `json:"status" enum:"NotEligible,Eligible"`
	DoNotPayReason              *string          `json:"doNotPayReason" nullable:"true" enum:"NotEmployedLongEnough,AweNotHighEnough"`
	QualifyingWeekStart         payroll.DateTime `json:"qualifyingWeekStart"`
	AverageWeeklyEarnings       payroll.Money    `json:"averageWeeklyEarnings"`
	AverageWeeklyEarningsSource string           `json:"averageWeeklyEarningsSource" enum:"Override,PayHistory"`
	Days                        int              `json:"days" doc:"days of leave paid"`
	Rates                       map[string]int   `json:"rates" doc:"weekly rate -> number of weeks paid at it"`
	Payments                    []LeavePayment   `json:"payments"`
	Total                       payroll.Money    `json:"total"`
	Rule                        string           `json:"rule"`
	Log                         []LogEvent       `json:"log"`
}

// LeavePayment is one week of a calculation (Uk*PaymentApiModel).
type LeavePayment struct {
	WeekNumber      int              `json:"weekNumber"`
	StartDate       payroll.DateTime `json:"startDate"`
	EndDate         payroll.DateTime `json:"endDate"`
	DaysPaid        int              `json:"daysPaid"`
	WeeklyRate      payroll.Money    `json:"weeklyRate"`
	EarningsRelated bool             `json:"earningsRelated" doc:"one of SMP/SAP's first six weeks at 90% of AWE"`
	Amount          payroll.Money    `json:"amount"`
	Include         bool             `json:"include" doc:"false when the leave is not payable (not eligible, or paused sncp) or the week's rate is not loaded yet (the log says which)"`
	PayRunID        *int64           `json:"payRunId" nullable:"true" doc:"the pay run that paid (or is paying) this week; the last one when a week is split across runs"`
	AmountPaid      payroll.Money    `json:"amountPaid" doc:"paid by pay runs so far (draft runs included)"`
	Status          string           `json:"status" enum:"Pending,Current,Processed" doc:"Pending: no pay run yet; Current: in a draft pay run; Processed: paid by a finalised pay run"`
}

// Attachment is an employee document attached to a period of leave.
type Attachment struct {
	ID               int64         `json:"id" doc:"the document id"`
	EmployeeDocument LeaveDocument `json:"employeeDocument"`
}

// LeaveDocument describes an employee document (AttachmentModel).
type LeaveDocument struct {
	ID           int64            `json:"id"`
	FriendlyName string           `json:"friendlyName"`
	ContentType  string           `json:"contentType"`
	Size         int64            `json:"size"`
	DateCreated  payroll.DateTime `json:"dateCreated"`
}

// SSPInput is a period of sickness as sent (UkSspApiModel).
type SSPInput struct {
	StartDate                     payroll.DateTime `json:"startDate"`
	EndDate                       payroll.DateTime `json:"endDate"`
	Week1QualifyingDays           []string         `json:"week1QualifyingDays" doc:"the days of the week SSP is paid for (normally the working days); empty = Monday to Friday"`
	AverageWeeklyEarningsOverride *payroll.Money   `json:"averageWeeklyEarningsOverride" nullable:"true"`
	Notes                         string           `json:"notes" maxLength:"1000"`
}

// SickPay is a stored period of sickness and its calculation.
type SickPay struct {
	ID                            int64            `json:"id"`
	EmployeeID                    int64            `json:"employeeId"`
	StartDate                     payroll.DateTime `json:"startDate"`
	EndDate                       payroll.DateTime `json:"endDate"`
	Week1QualifyingDays           []string         `json:"week1QualifyingDays"`
	QualifyingDays                int              `json:"qualifyingDays" doc:"qualifying days of sickness in this period"`
	WaitingDays                   int              `json:"waitingDays" doc:"of them, waiting days (unpaid; none for series starting from 6 April 2026)"`
	DaysPaid                      int              `json:"daysPaid"`
	DaysPaidInLinkedPeriods       int              `json:"daysPaidInLinkedPeriods" doc:"days paid by the earlier periods this one links to (they count toward the 28-week maximum)"`
	QualifiesForSsp               bool             `json:"qualifiesForSsp"`
	IsPeriodOfIncapacityForWork   bool             `json:"isPeriodOfIncapacityForWork" doc:"at least 4 consecutive days of sickness for spells starting before 6 April 2026; any day of sickness from then (Employment Rights Act 2025 s 10)"`
	LinkedPeriodIDs               []int64          `json:"linkedPeriodIds" doc:"earlier periods of incapacity this one links to (gaps of 56 days or less)"`
	LinkedSeriesStartDate         payroll.DateTime `json:"linkedSeriesStartDate"`
	RulesTaxYear                  string           `json:"rulesTaxYear" doc:"the tax year whose SSP rules apply (that of the series' first day)"`
	DoNotPayReason                *string          `json:"doNotPayReason" nullable:"true" enum:"AverageEarningsNotHighEnough,SspCap"`
	AverageWeeklyEarningsOverride *payroll.Money   `json:"averageWeeklyEarningsOverride" nullable:"true"`
	AverageWeeklyEarnings         payroll.Money    `json:"averageWeeklyEarnings"`
	Status                        string           `json:"status" enum:"NotEligible,Eligible"`
	Weeks                         []SSPWeekOut     `json:"weeks"`
	Amount                        payroll.Money    `json:"amount"`
	Notes                         string           `json:"notes"`
	Log                           []LogEvent       `json:"log"`
	Warning                       *string          `json:"warning" nullable:"true" doc:"why this period's SSP cannot be worked out (a period stored before such periods were refused, running into a tax year whose SSP rate is not loaded); it then pays nothing until its dates are corrected or the rate is loaded"`
}

// SSPWeekOut is the SSP of one pay week of the period.
type SSPWeekOut struct {
	StartDate  payroll.DateTime `json:"startDate"`
	EndDate    payroll.DateTime `json:"endDate"`
	DaysPaid   int              `json:"daysPaid"`
	WeeklyRate payroll.Money    `json:"weeklyRate" doc:"rounded to the penny for display; the amount is computed from the exact rate"`
	Amount     payroll.Money    `json:"amount"`
}

// PeriodOfLeave answers GET ssp/{periodOfLeaveId} (PeriodOfLeaveModel).
type PeriodOfLeave struct {
	ID                int64            `json:"id"`
	EmployeeID        int64            `json:"employeeId"`
	StartDate         payroll.DateTime `json:"startDate"`
	EndDate           payroll.DateTime `json:"endDate"`
	SSP               SickPay          `json:"ssp"`
	LeaveCategoryType string           `json:"leaveCategoryType" enum:"Sick"`
	Log               []LogEvent       `json:"log"`
	IsReadOnly        bool             `json:"isReadOnly" doc:"paid by a finalised pay run"`
	CanDelete         bool             `json:"canDelete"`
	PayRunID          *int64           `json:"payRunId" nullable:"true" doc:"the last pay run that paid it"`
}

// RunPayments answers GET P/statutorypay/sap/employee/{employeeId}: the
// SAP a pay run pays one employee (UkSapApiCalculationResultViewModel).
type RunPayments struct {
	Status                string         `json:"status" enum:"NotEligible,Eligible"`
	Log                   []LogEvent     `json:"log"`
	AverageWeeklyEarnings payroll.Money  `json:"averageWeeklyEarnings"`
	Rates                 map[string]int `json:"rates"`
	Payments              []RunPayment   `json:"payments"`
	Total                 payroll.Money  `json:"total"`
}

// RunPayment is one pay run line of statutory pay.
type RunPayment struct {
	LeaveID    int64         `json:"leaveId"`
	WeekNumber int           `json:"weekNumber"`
	Days       int           `json:"days"`
	WeeklyRate payroll.Money `json:"weeklyRate"`
	Amount     payroll.Money `json:"amount"`
	Notes      string        `json:"notes"`
}

func warn(category string, msgs []string) LogEvent {
	e := info(category, msgs)
	e.Type = "Warning"
	return e
}

func info(category string, msgs []string) LogEvent {
	m := ""
	if len(msgs) > 0 {
		m = msgs[0]
	}
	if msgs == nil {
		msgs = []string{}
	}
	return LogEvent{Type: "Info", Category: category, Messages: msgs, Message: m}
}
