package payrun

import (
	"context"
	"fmt"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// A pay slip's wire shape stays in the core, which serves PaySlips to the
// areas that import only the core (reports, employee self-service); the
// slips themselves are read by internal/payrun/views, which the wiring
// gives the Service (Service.ReadPaySlips).

// PaySlipEarningsLine is one earnings line of a pay slip.
type PaySlipEarningsLine struct {
	CategoryID      int64         `json:"-"` // the pay category (payslip PDFs classify lines by its type)
	LocationID      int64         `json:"-"` // the line's location (0: none)
	PayCategoryName string        `json:"payCategoryName"`
	Units           payroll.Rate  `json:"units"`
	IsFixed         bool          `json:"isFixed"`
	IsTaxExempt     bool          `json:"isTaxExempt"`
	Rate            payroll.Rate  `json:"rate"`
	Notes           string        `json:"notes"`
	GrossEarnings   payroll.Money `json:"grossEarnings"`
	TaxableEarnings payroll.Money `json:"taxableEarnings"`
	LocationName    string        `json:"locationName"`
	// AU: the line's share of the super guarantee (LineShare.Super).
	SuperContribution payroll.Money `json:"superContribution" doc:"AU: the line's share of the super guarantee when its pay category is ordinary time earnings, in proportion to earnings (the remainder on the last such line); 0 otherwise and outside AU"`
}

// PaySlipDeduction is one deduction of a pay slip.
type PaySlipDeduction struct {
	CategoryID int64         `json:"-"` // the deduction category (0: a super adjustment)
	Name       string        `json:"name"`
	Notes      string        `json:"notes"`
	Amount     payroll.Money `json:"amount"`
	TaxStatus  string        `json:"taxStatus" enum:"PreTax,PostTax"`
}

// PaySlipAmount is a pay slip line with notes and an amount (expenses,
// tax adjustments).
type PaySlipAmount struct {
	Name   string        `json:"name"`
	Notes  string        `json:"notes"`
	Amount payroll.Money `json:"amount"`
}

// PaySlip is one employee's pay slip (the AU ApiPaySlipModel's members,
// plus the other regions' statutory amounts and year-to-date).
type PaySlip struct {
	ID                     int64         `json:"id"`
	EmployeeID             int64         `json:"employeeId"`
	EmployeeExternalID     string        `json:"employeeExternalId"`
	EmployeeName           string        `json:"employeeName"`
	BusinessName           string        `json:"businessName"`
	PayPeriodStarting      string        `json:"payPeriodStarting"`
	PayPeriodEnding        string        `json:"payPeriodEnding"`
	DatePaid               string        `json:"datePaid"`
	Message                string        `json:"message"`
	Notation               string        `json:"notation"`
	IsPublished            bool          `json:"isPublished"`
	TotalHours             payroll.Rate  `json:"totalHours"`
	GrossEarnings          payroll.Money `json:"grossEarnings"`
	NetEarnings            payroll.Money `json:"netEarnings"`
	TaxableEarnings        payroll.Money `json:"taxableEarnings"`
	PreTaxDeductionAmount  payroll.Money `json:"preTaxDeductionAmount"`
	PostTaxDeductionAmount payroll.Money `json:"postTaxDeductionAmount"`
	PaygWithholdingAmount  payroll.Money `json:"paygWithholdingAmount"`
	SfssAmount             payroll.Money `json:"sfssAmount"`
	HelpAmount             payroll.Money `json:"helpAmount"`
	SuperContribution      payroll.Money `json:"superContribution"`
	PayeAmount             payroll.Money `json:"payeAmount"`
	EmployeeNI             payroll.Money `json:"employeeNationalInsuranceContribution"`
	EmployerNI             payroll.Money `json:"employerNationalInsuranceContribution"`
	StudentLoanAmount      payroll.Money `json:"studentLoanAmount"`
	PostGradLoanAmount     payroll.Money `json:"postGradLoanAmount"`
	KiwiSaverEmployee      payroll.Money `json:"kiwiSaverEmployeeContribution"`
	KiwiSaverEmployer      payroll.Money `json:"kiwiSaverEmployerContribution"`
	Esct                   payroll.Money `json:"esctContribution"`
	AccLevy                payroll.Money `json:"accLevyAmount"`
	CpfEmployee            payroll.Money `json:"cpfEmployeeContributionAmount"`
	CpfEmployer            payroll.Money `json:"cpfEmployerContributionAmount"`
	Sdl                    payroll.Money `json:"sdlContributionAmount"`
	// UK workplace pension (uk_pension.go): the employee's contribution
	// (net pay and relief at source: taken from pay with the statutory
	// amounts; salary sacrifice: inside preTaxDeductionAmount) and the
	// employer's.
	PensionSchemeName           string                `json:"pensionSchemeName,omitempty"`
	PensionArrangement          string                `json:"pensionArrangement,omitempty" doc:"NetPay, ReliefAtSource or SalarySacrifice"`
	EmployeePensionContribution payroll.Money         `json:"employeePensionContribution"`
	EmployerPensionContribution payroll.Money         `json:"employerPensionContribution"`
	GrossYTD                    payroll.Money         `json:"grossYTD"`
	NetYTD                      payroll.Money         `json:"netYTD"`
	WithholdingYTD              payroll.Money         `json:"withholdingYTD"`
	SuperYTD                    payroll.Money         `json:"superYTD"`
	SfssYTD                     payroll.Money         `json:"sfssYTD"`
	HelpYTD                     payroll.Money         `json:"helpYTD"`
	PaygYTD                     payroll.Money         `json:"paygYTD"`
	PreTaxDeductionsYTD         payroll.Money         `json:"preTaxDeductionsYTD"`
	PostTaxDeductionsYTD        payroll.Money         `json:"postTaxDeductionsYTD"`
	EmployeeNIYTD               payroll.Money         `json:"employeeNationalInsuranceYTD"`
	StudentLoanYTD              payroll.Money         `json:"studentLoanYTD"`
	KiwiSaverEmployeeYTD        payroll.Money         `json:"kiwiSaverEmployeeYTD"`
	AccLevyYTD                  payroll.Money         `json:"accLevyYTD"`
	CpfEmployeeYTD              payroll.Money         `json:"cpfEmployeeYTD"`
	EarningsLines               []PaySlipEarningsLine `json:"earningsLines"`
	Deductions                  []PaySlipDeduction    `json:"deductions"`
	EmployeeExpenses            []PaySlipAmount       `json:"employeeExpenses"`
	TaxAdjustments              []PaySlipAmount       `json:"taxAdjustments"`
	// PayrolledBenefits (UK): the benefits in kind taxed through payroll
	// this period, their notional pay (inside taxableEarnings; not paid).
	PayrolledBenefits []PaySlipAmount `json:"payrolledBenefits,omitempty" doc:"UK: benefits in kind taxed through payroll this period (notional pay inside taxableEarnings, not paid)"`
	PaySlipDetail
	MYPaySlip // Malaysia (my.go); zero elsewhere
}

// The payslip members of AuApiPaySlipModel beyond the run's totals: the
// run's adjustment, leave and super lines, the employee's payments, super
// fund, leave balances, year-to-date by pay category and pay rate.

// PaySlipNote is a payslip amount with notes (PAYG and super adjustments).
type PaySlipNote struct {
	Notes  string        `json:"notes"`
	Amount payroll.Money `json:"amount"`
}

// PaySlipSuperPayment is what the run pays to the employee's super fund.
type PaySlipSuperPayment struct {
	FundName     string        `json:"fundName"`
	MemberNumber string        `json:"memberNumber"`
	Amount       payroll.Money `json:"amount"`
}

// PaySlipBankPayment is one payment of the employee's pay (as P/payments).
type PaySlipBankPayment struct {
	BSB                string        `json:"bsb"`
	AccountName        string        `json:"accountName"`
	AccountNumber      string        `json:"accountNumber"`
	LodgementReference string        `json:"lodgementReference"`
	Amount             payroll.Money `json:"amount"`
}

// PaySlipLeave is leave of one category, in the category's hours.
type PaySlipLeave struct {
	LeaveCategory string       `json:"leaveCategory"`
	Amount        payroll.Rate `json:"amount"`
	Notes         string       `json:"notes"`
}

// PaySlipYTDEarnings is the year-to-date gross of one pay category.
type PaySlipYTDEarnings struct {
	PayCategoryName string        `json:"payCategoryName"`
	GrossEarnings   payroll.Money `json:"grossEarnings"`
}

// PaySlipDetail are the payslip members read from beyond the employee's
// run row.
type PaySlipDetail struct {
	PaygAdjustments   []PaySlipNote         `json:"paygAdjustments" doc:"AU: the run's PAYG adjustment lines (empty elsewhere: see taxAdjustments)"`
	SuperAdjustments  []PaySlipNote         `json:"superAdjustments" doc:"AU: the run's super adjustment lines; notes default to the contribution type"`
	SuperPayments     []PaySlipSuperPayment `json:"superPayments" doc:"AU: the run's super contribution (guarantee and adjustments), paid to the employee's first super fund, as the super reports pay it; empty when there is none"`
	BankPayments      []PaySlipBankPayment  `json:"bankPayments" doc:"the payments of P/payments for the employee: net pay and reimbursements over their bank accounts (an unallocated rest as a payment without account)"`
	AccruedLeave      []PaySlipLeave        `json:"accruedLeave" doc:"the run's leave accruals and adjustments (P/leaveaccrued), per line"`
	LeaveTaken        []PaySlipLeave        `json:"leaveTaken" doc:"the run's leave taken lines (applied leave requests), per line"`
	TotalAccruedLeave []PaySlipLeave        `json:"totalAccruedLeave" doc:"the employee's leave balance per category as at the run's period end, this run's leave included (a draft run's as if finalised)"`
	GrossYTDDetails   []PaySlipYTDEarnings  `json:"grossYTDDetails" doc:"gross earnings of the tax year by pay category: the finalised runs paid up to this run's date and this run (opening balances, which carry no pay category, are in grossYTD only)"`
	EmployeeBaseRate  payroll.Rate          `json:"employeeBaseRate" doc:"the employee's pay rate in employeeBaseRateUnit (a weekly rate is given as its annual amount, 52 weeks)"`
	BaseRateUnit      string                `json:"employeeBaseRateUnit" enum:"Hourly,Annually,Fixed,Daily,Monthly" doc:"Hourly when the employee has no pay rate (employeeBaseRate 0)"`
	HourlyRate        payroll.Rate          `json:"hourlyRate" doc:"the hourly equivalent of the pay rate over the employee's hours per week (52 weeks a year; fixed: the run's period), to 4 places; 0 without hours per week"`
}

// PaySlips is P/payslips (employeeID 0: every employee, keyed by id) or
// P/payslips/{employeeId}, as internal/payrun/views reads them
// (Service.ReadPaySlips).
func (s *Service) PaySlips(ctx context.Context, biz business.Business, id, employeeID int64) (map[string]PaySlip, error) {
	if s.ReadPaySlips == nil {
		return nil, fmt.Errorf("pay run %d pay slips: the service was built without ReadPaySlips (internal/payrun/views)", id)
	}
	return s.ReadPaySlips(ctx, biz, id, employeeID)
}
