package calc

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// UKEmployee is what the UK engine (calc/uk) needs to know about the
// employee: tax and NI settings, loans, pension and statutory absences, and
// the year-to-date figures of the tax year before this period.
type UKEmployee struct {
	// TaxCode as HMRC issues it: "1257L", "S1257L", "C1257L", "K475",
	// "SK585", "BR", "SBR", "D0", "SD2", "NT", "0T", "S0T". A trailing
	// basis marker " W1", " M1" or " X" (also "/W1", "W1" glued on) means
	// week-1/month-1, like Week1Month1. Empty = error (the emergency code
	// must be given explicitly: it is the employer's decision).
	TaxCode string `json:"tax_code"`
	// Week1Month1 operates the code on the non-cumulative basis.
	Week1Month1 bool `json:"week1_month1,omitempty"`
	// WeeklyEarningsPeriod works NI and student loans out on a weekly
	// earnings period whatever the pay frequency: an irregular payment
	// (a bonus, accrued holiday pay) made after the employee left and was
	// given a P45 (GOV.UK, "Employee leaving"; docs/reference/uk-paye.md).
	WeeklyEarningsPeriod bool `json:"weekly_earnings_period,omitempty"`

	// NICategory is the category letter (A B C D E F H I J K L M N S V Z;
	// X = no liability). Empty is an error.
	NICategory string `json:"ni_category"`
	// Director: NI on the directors' rules (DirectorNIMethod).
	Director         bool               `json:"director,omitempty"`
	DirectorNIMethod UKDirectorNIMethod `json:"director_ni_method,omitempty"`
	// DirectorWeeks is the director's pro-rata annual earnings period in
	// weeks (appointed during the year); 0 = the whole year (52).
	DirectorWeeks int `json:"director_weeks,omitempty"`
	// DirectorLeaving: a director on the alternative arrangements is paid
	// in or after the period they leave: the payment is worked on the
	// director's earnings period (the annual recalculation), as at the
	// year's last payment (docs/reference/uk-directors-ni.md).
	DirectorLeaving bool `json:"director_leaving,omitempty"`

	// StudentLoan is the undergraduate plan ("" none, "1", "2", "4", "5");
	// PostgraduateLoan is collected alongside it.
	StudentLoan      UKLoanPlan `json:"student_loan,omitempty"`
	PostgraduateLoan bool       `json:"postgraduate_loan,omitempty"`

	// Pension is the workplace pension scheme membership; nil = none.
	Pension *UKPension `json:"pension,omitempty"`

	// Statutory lists the statutory payments due in this period (SSP, SMP,
	// ...). Their amounts are computed by the engine and are earnings:
	// taxable, NI-able and pensionable. Do not also pass them as Earnings.
	Statutory []UKStatutoryPay `json:"statutory,omitempty"`

	// PayrolledBenefits are the benefits in kind the employer taxes
	// through payroll this period (PAYE Regulations 2003 Pt 3 Ch 3A): each
	// adds notional pay to taxable pay only (not NI-able, pensionable or
	// paid), and the PAYE on it is bound by the overriding limit, 50% of
	// the period's cash pay (reg 61B(3)).
	PayrolledBenefits []UKPayrolledBenefit `json:"payrolled_benefits,omitempty"`

	YTD UKYearToDate `json:"ytd,omitzero"`
}

// UKPayrolledBenefit is one payrolled benefit's figures for the period:
// the cash equivalent for the tax year less what the employee made good
// and what earlier paydays of the year payrolled (ToTax), spread over
// the paydays left while it is provided, this one included (Paydays).
type UKPayrolledBenefit struct {
	Name    string        `json:"name,omitempty"`
	ToTax   payroll.Money `json:"to_tax"`
	Paydays int           `json:"paydays"`
}

// UKYearToDate is the tax year to date before this period (including a
// previous employment's P45 pay and tax for cumulative PAYE).
type UKYearToDate struct {
	TaxablePay payroll.Money `json:"taxable_pay,omitzero"` // pay subject to PAYE to date (after net-pay pension and other pre-tax deductions)
	TaxPaid    payroll.Money `json:"tax_paid,omitzero"`    // PAYE deducted to date (negative after net refunds)
	// A new starter's previous employment in the tax year (their P45):
	// taxable pay and tax to date there, added to this employment's for
	// cumulative PAYE (not for NI, which is per employment).
	PreviousEmploymentPay payroll.Money `json:"previous_employment_pay,omitzero"`
	PreviousEmploymentTax payroll.Money `json:"previous_employment_tax,omitzero"`
	// Directors' annual method: NI-able earnings and contributions to date
	// in the director's earnings period (the year, or from the week of
	// appointment for a director appointed in the year).
	NIEarnings payroll.Money `json:"ni_earnings,omitzero"`
	EmployeeNI payroll.Money `json:"employee_ni,omitzero"`
	EmployerNI payroll.Money `json:"employer_ni,omitzero"`
}

// UKDirectorNIMethod is how a director's NI is computed.
type UKDirectorNIMethod string

const (
	// DirectorAnnual: cumulative earnings to date against the annual
	// (or pro-rata) thresholds, every period.
	DirectorAnnual UKDirectorNIMethod = "annual"
	// DirectorAlternative: the ordinary per-period calculation, with the
	// annual recalculation in the last period of the year.
	DirectorAlternative UKDirectorNIMethod = "alternative"
)

// UKLoanPlan is a student loan plan.
type UKLoanPlan string

const (
	LoanNone  UKLoanPlan = ""
	LoanPlan1 UKLoanPlan = "1"
	LoanPlan2 UKLoanPlan = "2"
	LoanPlan4 UKLoanPlan = "4"
	LoanPlan5 UKLoanPlan = "5"
)

// UKPension is a workplace pension membership.
type UKPension struct {
	// Basis: contributions on qualifying earnings (the auto-enrolment band
	// between the lower and upper limits per period) or on all pensionable
	// pay.
	Basis UKPensionBasis `json:"basis"`
	// Method: net pay arrangement (employee contribution deducted before
	// tax) or relief at source (deducted after tax at 80%; the scheme
	// claims the 20% basic-rate relief).
	Method       UKPensionMethod `json:"method"`
	EmployeeRate payroll.Rate    `json:"employee_rate"` // e.g. 0.05 (gross contribution rate)
	EmployerRate payroll.Rate    `json:"employer_rate"` // e.g. 0.03
}

type UKPensionBasis string

const (
	PensionQualifyingEarnings UKPensionBasis = "qualifying"
	PensionPensionablePay     UKPensionBasis = "pensionable"
)

type UKPensionMethod string

const (
	PensionNetPay         UKPensionMethod = "net-pay"
	PensionReliefAtSource UKPensionMethod = "relief-at-source"
)

// UKStatutoryKind names a statutory payment.
type UKStatutoryKind string

const (
	SSP  UKStatutoryKind = "ssp"  // statutory sick pay
	SMP  UKStatutoryKind = "smp"  // maternity
	SPP  UKStatutoryKind = "spp"  // paternity
	SAP  UKStatutoryKind = "sap"  // adoption
	ShPP UKStatutoryKind = "shpp" // shared parental
	SPBP UKStatutoryKind = "spbp" // parental bereavement
	SNCP UKStatutoryKind = "sncp" // neonatal care
)

// UKStatutoryPay is one statutory payment's share of this pay period.
type UKStatutoryPay struct {
	Kind UKStatutoryKind `json:"kind"`
	// Start is the first day of the period of incapacity for work (SSP,
	// linked PIWs: the first PIW's start) or of the leave. SSP: it picks
	// the mechanics (waiting days, LEL test, 80% AWE cap) of the tax year
	// it falls in.
	Start time.Time `json:"start,omitzero"`
	// AWE is the average weekly earnings of the relevant period.
	AWE payroll.Money `json:"awe"`

	// SSP: qualifying days per week (1-7), qualifying days of sickness
	// in this period, waiting days already served and days already paid in
	// the PIW (for the 28-week limit).
	QualifyingDaysPerWeek int `json:"qualifying_days_per_week,omitempty"`
	SickDays              int `json:"sick_days,omitempty"`
	WaitingDaysServed     int `json:"waiting_days_served,omitempty"`
	DaysPaid              int `json:"days_paid,omitempty"`

	// Family payments: FirstDay is the 1-based day of the leave at which
	// this period's share starts; Days is the number of days of leave in
	// this period (a week's rate is paid as 1/7 per day).
	FirstDay int `json:"first_day,omitempty"`
	Days     int `json:"days,omitempty"`
}
