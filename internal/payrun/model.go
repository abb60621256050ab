package payrun

import (
	"database/sql"
	"strconv"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// Statuses of a run.
const (
	StatusDraft     = "Draft"
	StatusFinalised = "Finalised"
)

// Run is a stored pay run (what Effects receive).
type Run = store.PayRun

// PayRunModel is a pay run on the wire.
type PayRunModel struct {
	ID                int64            `json:"id"`
	DateFinalised     payroll.DateTime `json:"dateFinalised" nullable:"true"`
	PayScheduleID     int64            `json:"payScheduleId"`
	PayPeriodStarting payroll.DateTime `json:"payPeriodStarting"`
	PayPeriodEnding   payroll.DateTime `json:"payPeriodEnding"`
	DatePaid          payroll.DateTime `json:"datePaid"`
	IsFinalised       bool             `json:"isFinalised"`
	PaySlipsPublished bool             `json:"paySlipsPublished"`
	Notation          string           `json:"notation"`
	ExternalID        string           `json:"externalId"`
}

// PayRunSummaryModel is a run with its totals (B/payrun/summary, P/summary).
type PayRunSummaryModel struct {
	PayRunModel
	TotalHours      payroll.Rate  `json:"totalHours"`
	TotalNetWages   payroll.Money `json:"totalNetWages"`
	TotalGrossWages payroll.Money `json:"totalGrossWages"`
}

// RunModel is a run on the wire.
func RunModel(r store.PayRun) PayRunModel {
	m := PayRunModel{ID: r.ID, PayScheduleID: r.PayScheduleID, PayPeriodStarting: payroll.NewDateTime(r.PeriodStarting),
		PayPeriodEnding: payroll.NewDateTime(r.PeriodEnding), DatePaid: payroll.NewDateTime(r.DatePaid),
		IsFinalised: r.Status == StatusFinalised, PaySlipsPublished: r.PaySlipsPublished, Notation: r.Notation, ExternalID: r.ExternalID}
	if r.DateFinalised.Valid {
		m.DateFinalised = payroll.NewDateTime(r.DateFinalised.Time)
	}
	return m
}

// HoursFromE4 converts a stored ten-thousandths-of-an-hour count.
func HoursFromE4(n int64) payroll.Rate {
	d, err := decimal.New(n, 4)
	if err != nil {
		return payroll.Rate{}
	}
	return payroll.RateFromDecimal(d.Trim(0))
}

func money(n int64) payroll.Money { return payroll.MoneyFromMinor(n) }

// PayRunTotalModel is one employee's totals in a run: the cross-region
// PayRunTotalModel (a business's region fills its members, the others are 0).
type PayRunTotalModel struct {
	ID                                    int64         `json:"id"`
	PayRunID                              int64         `json:"payRunId"`
	EmployeeID                            int64         `json:"employeeId"`
	TotalHours                            payroll.Rate  `json:"totalHours"`
	GrossEarnings                         payroll.Money `json:"grossEarnings"`
	PreTaxDeductions                      payroll.Money `json:"preTaxDeductions"`
	TaxableEarnings                       payroll.Money `json:"taxableEarnings"`
	PostTaxDeductions                     payroll.Money `json:"postTaxDeductions"`
	NetEarnings                           payroll.Money `json:"netEarnings"`
	TotalEmployeeExpenses                 payroll.Money `json:"totalEmployeeExpenses"`
	TotalEmployerLiabilities              payroll.Money `json:"totalEmployerLiabilities"`
	IsPublished                           bool          `json:"isPublished"`
	Notation                              string        `json:"notation"`
	PaygWithheld                          payroll.Money `json:"paygWithheld" doc:"AU: PAYG withheld, excluding the STSL component"`
	SfssWithheld                          payroll.Money `json:"sfssWithheld"`
	HelpWithheld                          payroll.Money `json:"helpWithheld" doc:"AU: the study and training support loan component (Schedule 8)"`
	SuperContribution                     payroll.Money `json:"superContribution"`
	EmployerContribution                  payroll.Money `json:"employerContribution"`
	PayeWithheld                          payroll.Money `json:"payeWithheld" doc:"UK and NZ: PAYE; MY: PCB/MTD"`
	EmployeeNationalInsuranceContribution payroll.Money `json:"employeeNationalInsuranceContribution"`
	EmployerNationalInsuranceContribution payroll.Money `json:"employerNationalInsuranceContribution"`
	EmployerClass1ANicsAmount             payroll.Money `json:"employerClass1ANicsAmount" doc:"UK: employer Class 1A NICs on a termination award's excess over £30,000 (ITEPA 2003 s 403), paid in real time"`
	StudentLoanAmount                     payroll.Money `json:"studentLoanAmount"`
	PostGradLoanAmount                    payroll.Money `json:"postGradLoanAmount"`
	KiwiSaverEmployeeContribution         payroll.Money `json:"kiwiSaverEmployeeContribution"`
	KiwiSaverEmployerContribution         payroll.Money `json:"kiwiSaverEmployerContribution"`
	EsctContribution                      payroll.Money `json:"esctContribution"`
	AccLevyAmount                         payroll.Money `json:"accLevyAmount"`
	CpfEmployeeContributionAmount         payroll.Money `json:"cpfEmployeeContributionAmount"`
	CpfEmployerContributionAmount         payroll.Money `json:"cpfEmployerContributionAmount"`
	SdlContributionAmount                 payroll.Money `json:"sdlContributionAmount"`
	IsComplete                            bool          `json:"isComplete" doc:"false when the employee's pay could not be calculated (see warning); finalise refuses such a run"`
	Warning                               string        `json:"warning"`
	NotCalculated
	MYTotals
}

// NotCalculated are the PayRunTotalModel amounts of other regions'
// schemes and of those this service does not calculate (UK benefits in
// kind and additional student loan, SG voluntary contributions, MY CP38
// and PCB borne by the employer): 0 unless filled, present because the
// published model declares them as non-nullable numbers (conformance).
// The UK workplace pension members are filled from the run's stored
// pension figures (ApplyUKPension; 0 for non-members), the Malaysian
// EPF, SOCSO, EIS, HRDF and taxable benefits in kind from its Malaysian
// figures (ApplyMY).
type NotCalculated struct {
	BikTaxExemptAmount                   payroll.Money `json:"bikTaxExemptAmount" readOnly:"true"`
	BikTaxableAmount                     payroll.Money `json:"bikTaxableAmount" readOnly:"true"`
	Cp38Amount                           payroll.Money `json:"cp38Amount" readOnly:"true"`
	EisEmployeeAmount                    payroll.Money `json:"eisEmployeeAmount" readOnly:"true"`
	EisEmployerAmount                    payroll.Money `json:"eisEmployerAmount" readOnly:"true"`
	EmployeePensionContribution          payroll.Money `json:"employeePensionContribution" readOnly:"true"`
	EmployeePensionableEarnings          payroll.Money `json:"employeePensionableEarnings" readOnly:"true"`
	EmployerPensionContribution          payroll.Money `json:"employerPensionContribution" readOnly:"true"`
	EmployerPensionableEarnings          payroll.Money `json:"employerPensionableEarnings" readOnly:"true"`
	EmployerVoluntaryCpfAmount           payroll.Money `json:"employerVoluntaryCpfAmount" readOnly:"true"`
	EmployerVoluntaryMediSaveAmount      payroll.Money `json:"employerVoluntaryMediSaveAmount" readOnly:"true"`
	EpfEmployeeAmount                    payroll.Money `json:"epfEmployeeAmount" readOnly:"true"`
	EpfEmployerAmount                    payroll.Money `json:"epfEmployerAmount" readOnly:"true"`
	HrdfAmount                           payroll.Money `json:"hrdfAmount" readOnly:"true"`
	PcbBorneByEmployerAmount             payroll.Money `json:"pcbBorneByEmployerAmount" readOnly:"true"`
	SocsoEmployeeAmount                  payroll.Money `json:"socsoEmployeeAmount" readOnly:"true"`
	SocsoEmployerAmount                  payroll.Money `json:"socsoEmployerAmount" readOnly:"true"`
	StudentLoanAdditionalMandatoryAmount payroll.Money `json:"studentLoanAdditionalMandatoryAmount" readOnly:"true"`
	StudentLoanAdditionalVoluntaryAmount payroll.Money `json:"studentLoanAdditionalVoluntaryAmount" readOnly:"true"`
}

// TotalModel is an employee's totals in a run (without UK pension: see
// ApplyUKPension).
func TotalModel(region string, run store.PayRun, e store.PayRunEmployee) PayRunTotalModel {
	return PayRunTotalModel{ID: e.ID, PayRunID: e.PayRunID, EmployeeID: e.EmployeeID, TotalHours: HoursFromE4(e.TotalHoursE4),
		GrossEarnings: money(e.Gross), PreTaxDeductions: money(e.PreTax), TaxableEarnings: money(e.Taxable), PostTaxDeductions: money(e.PostTax),
		NetEarnings: money(e.Net), TotalEmployeeExpenses: money(e.Expenses), TotalEmployerLiabilities: money(e.Liabilities),
		IsPublished: run.PaySlipsPublished, Notation: e.Notation,
		PaygWithheld: auPayg(region, e), HelpWithheld: auHelp(region, e), SuperContribution: money(e.SuperContribution),
		PayeWithheld: payeOf(region, e), EmployeeNationalInsuranceContribution: money(e.NiEmployee), EmployerNationalInsuranceContribution: money(e.NiEmployer),
		StudentLoanAmount: money(e.StudentLoan), PostGradLoanAmount: money(e.PostgradLoan), EmployerClass1ANicsAmount: money(e.Class1aNic),
		KiwiSaverEmployeeContribution: money(e.KiwisaverEmployee), KiwiSaverEmployerContribution: money(e.KiwisaverEmployer),
		EsctContribution: money(e.Esct), AccLevyAmount: money(e.AccLevy),
		CpfEmployeeContributionAmount: money(e.CpfEmployee), CpfEmployerContributionAmount: money(e.CpfEmployer), SdlContributionAmount: money(e.Sdl),
		IsComplete: e.CalcError == "", Warning: e.CalcError}
}

// ApplyUKPension fills a total's pension members from the stored figures
// of its run's employees (pay.UKPensionsOf).
func ApplyUKPension(t *PayRunTotalModel, pens pay.UKPensions) {
	l, ok := pens.Of(t.PayRunID, t.EmployeeID)
	if !ok {
		return
	}
	t.EmployeePensionContribution, t.EmployerPensionContribution = money(l.EE), money(l.ER)
	t.EmployeePensionableEarnings, t.EmployerPensionableEarnings = money(l.Base), money(l.Base)
}

// The tax column holds everything withheld as income tax: AU PAYG
// including the STSL component, UK and NZ PAYE. The wire splits AU's.
func auPayg(region string, e store.PayRunEmployee) payroll.Money {
	if region != "AU" {
		return payroll.Money{}
	}
	return money(e.Tax - e.Stsl)
}

func auHelp(region string, e store.PayRunEmployee) payroll.Money {
	if region != "AU" {
		return payroll.Money{}
	}
	return money(e.Stsl)
}

func payeOf(region string, e store.PayRunEmployee) payroll.Money {
	if region == "AU" {
		return payroll.Money{}
	}
	return money(e.Tax)
}

// TotalsResponse is P/totals and P/totals/{employeeId}.
type TotalsResponse struct {
	PayRunID     int64                       `json:"payRunId"`
	PayRunTotals map[string]PayRunTotalModel `json:"payRunTotals"`
}

// TotalDetailModel is one employee of P/details.
type TotalDetailModel struct {
	ID                       int64            `json:"id"`
	EmployeeID               int64            `json:"employeeId"`
	EmployeeName             string           `json:"employeeName"`
	EmployeeExternalID       string           `json:"employeeExternalId"`
	TotalHours               payroll.Rate     `json:"totalHours"`
	GrossEarnings            payroll.Money    `json:"grossEarnings"`
	NetEarnings              payroll.Money    `json:"netEarnings"`
	TaxableEarnings          payroll.Money    `json:"taxableEarnings"`
	PreTaxDeductionAmount    payroll.Money    `json:"preTaxDeductionAmount"`
	PostTaxDeductionAmount   payroll.Money    `json:"postTaxDeductionAmount"`
	PaygWithholdingAmount    payroll.Money    `json:"paygWithholdingAmount"`
	PaygWithholdingPercent   payroll.Rate     `json:"paygWithholdingPercent"`
	SfssAmount               payroll.Money    `json:"sfssAmount"`
	HelpAmount               payroll.Money    `json:"helpAmount"`
	SuperContribution        payroll.Money    `json:"superContribution"`
	EmployerContribution     payroll.Money    `json:"employerContribution"`
	EmployeeExpensesTotal    payroll.Money    `json:"employeeExpensesTotal"`
	EmployerLiabilitiesTotal payroll.Money    `json:"employerLiabilitiesTotal"`
	BankPaymentsTotal        payroll.Money    `json:"bankPaymentsTotal"`
	IsTermination            bool             `json:"isTermination"`
	TerminationDate          payroll.DateTime `json:"terminationDate" nullable:"true"`
	IsExcluded               bool             `json:"isExcluded"`
	IsComplete               bool             `json:"isComplete"`
	Notation                 string           `json:"notation"`
	SuperDetail
}

// SuperDetail are the members of AuPayRunTotalDetailModel that break an
// employee's super, deductions and PAYG down by what the run holds: its
// super adjustment lines by contribution type, its tax adjustment lines,
// the employee's date of birth and ordinary time earnings. UK, NZ and SG
// runs have no super or PAYG: their amounts are 0 and the flags false.
type SuperDetail struct {
	SuperContributionMinusSuperAdjustments payroll.Money `json:"superContributionMinusSuperAdjustments" doc:"AU: the employer's super from earnings (the super guarantee and the pay categories' own rates): superContribution less the super adjustments and the salary sacrificed deductions"`
	AllSuperContributionsTotal             payroll.Money `json:"allSuperContributionsTotal" doc:"AU: every contribution of the run: the super guarantee and all super adjustments"`
	GrossPlusSuper                         payroll.Money `json:"grossPlusSuper" doc:"grossEarnings + allSuperContributionsTotal"`
	SuperAdjustmentsAmount                 payroll.Money `json:"superAdjustmentsAmount" doc:"AU: the run's super adjustment lines, of every contribution type"`
	SalarySacrificeSuperAmount             payroll.Money `json:"salarySacrificeSuperAmount" doc:"AU: salary sacrificed to super: super adjustments of type SalarySacrifice and deductions of categories classified SalarySacrificeSuperannuation (also in preTaxDeductionAmount; paid to the fund with the super)"`
	MemberVoluntarySuperAmount             payroll.Money `json:"memberVoluntarySuperAmount" doc:"AU: super adjustments of type MemberVoluntary (also in postTaxDeductionAmount)"`
	EmployerContributionAdjustmentsAmount  payroll.Money `json:"employerContributionAdjustmentsAmount" doc:"AU: super adjustments of type EmployerContribution and NonRescEmployerContribution (= employerContribution)"`
	NonSuperDeductionTotal                 payroll.Money `json:"nonSuperDeductionTotal" doc:"pre- and post-tax deductions other than salary sacrificed and member voluntary super"`
	SuperPaymentsTotal                     payroll.Money `json:"superPaymentsTotal" doc:"AU: what the run pays to the employee's super fund (allSuperContributionsTotal)"`
	PaygAdjustmentsAmount                  payroll.Money `json:"paygAdjustmentsAmount" doc:"AU: the run's PAYG adjustment lines (inside paygWithholdingAmount)"`
	PaygPaymentTotal                       payroll.Money `json:"paygPaymentTotal" doc:"AU: what the run withholds for the ATO: paygWithholdingAmount + helpAmount + sfssAmount"`
	IsEmployeeUnder18                      bool          `json:"isEmployeeUnder18" doc:"the employee is under 18 on the run's date paid (false without a date of birth)"`
	SuperContributionsCapApplied           bool          `json:"superContributionsCapApplied" doc:"AU: the super guarantee base was capped at the maximum contribution base (less than the ordinary time earnings of the run)"`
}

// GrandTotalModel sums a run's employees.
type GrandTotalModel struct {
	NumberOfEmployees        int64         `json:"numberOfEmployees"`
	TotalHours               payroll.Rate  `json:"totalHours"`
	GrossEarnings            payroll.Money `json:"grossEarnings"`
	NetEarnings              payroll.Money `json:"netEarnings"`
	TaxableEarnings          payroll.Money `json:"taxableEarnings"`
	PreTaxDeductionAmount    payroll.Money `json:"preTaxDeductionAmount"`
	PostTaxDeductionAmount   payroll.Money `json:"postTaxDeductionAmount"`
	PaygWithholdingAmount    payroll.Money `json:"paygWithholdingAmount"`
	SfssAmount               payroll.Money `json:"sfssAmount"`
	HelpAmount               payroll.Money `json:"helpAmount"`
	SuperContribution        payroll.Money `json:"superContribution"`
	EmployerContribution     payroll.Money `json:"employerContribution"`
	EmployeeExpensesTotal    payroll.Money `json:"employeeExpensesTotal"`
	EmployerLiabilitiesTotal payroll.Money `json:"employerLiabilitiesTotal"`
}

// DetailsModel is P/details.
type DetailsModel struct {
	PayRun       PayRunModel        `json:"payRun"`
	PayRunTotals []TotalDetailModel `json:"payRunTotals"`
	GrandTotal   GrandTotalModel    `json:"grandTotal"`
}

func idString(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

// NullTime is a nullable stored time on the wire (zero when null).
func NullTime(t sql.NullTime) payroll.DateTime {
	if !t.Valid {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(t.Time)
}
