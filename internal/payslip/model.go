package payslip

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Payslip is everything printed on one payslip. Amounts are for this pay;
// YTD holds the year-to-date figures after it.
type Payslip struct {
	Region       string // AU, UK, NZ, SG: currency symbol and section titles
	Business     Party
	Employee     Party
	Facts        []Fact // the employee's pay facts the region's rules ask for: annual salary or hourly rate, tax code, NI number and letter, tax period...
	PeriodStart  time.Time
	PeriodEnd    time.Time
	DatePaid     time.Time
	Earnings     []Line // gross earnings lines: Units × Rate = Amount where units apply
	Summary      []Line // the pay's parts as a region's rules name them (SG: basic salary, allowances, overtime, additional payments, deductions)
	Expenses     []Line // reimbursements paid with the pay (not earnings, not taxed)
	Deductions   []Line // pre- and post-tax deductions
	Tax          []Line // tax withheld and the other statutory deductions from pay (PAYG, PAYE, NI, student loan, KiwiSaver, CPF employee...)
	Employer     []Line // the employer's contributions, not part of net pay (super guarantee, employer pension, KiwiSaver, CPF...)
	NetPay       payroll.Money
	BankPayments []BankPayment
	YTD          []Line // year-to-date figures (gross, tax, net, super...)
	Leave        []Leave
	Footnotes    []string // sentences printed above the notation (AU: how often super is paid)
	Notation     string   // the pay run's or employee's notation
	Message      string   // the business's payslip message
}

// Party is a business or an employee as printed.
type Party struct {
	Name      string
	Address   []string // lines
	Reference string   // ABN, PAYE reference, UEN, employee id...
}

// Fact is a labelled value printed with the employee ("Tax code: 1257L").
type Fact struct {
	Label, Value string
}

// Line is a labelled amount; Units and Rate are printed when set.
// RateText, when set, is printed in the rate column instead of Rate (a
// salaried line's annual rate, "$95,000.00 p.a."); Note is printed in
// small type under the line (the line's notes and location).
type Line struct {
	Description string
	Units       *payroll.Rate
	Rate        *payroll.Money
	RateText    string
	Note        string
	Amount      payroll.Money
}

// BankPayment is a share of net pay paid to an account.
type BankPayment struct {
	Account   string // as printed, e.g. "BSB 062-000 Acct ****5678"
	Reference string
	Amount    payroll.Money
}

// Leave is a leave category's position after this pay.
type Leave struct {
	Category string
	Unit     string // Hours, Days, Weeks
	Accrued  payroll.Rate
	Taken    payroll.Rate
	Balance  payroll.Rate
}

// Totals are the sums the payslip prints.
type Totals struct {
	Gross, Expenses, Deductions, Tax, Employer, Net payroll.Money
}

// Totals adds the lines up: net = gross + expenses − deductions − tax.
func (p *Payslip) Totals() Totals {
	var t Totals
	sum := func(ls []Line) payroll.Money {
		var s payroll.Money
		for _, l := range ls {
			s = s.Add(l.Amount)
		}
		return s
	}
	t.Gross, t.Expenses, t.Deductions, t.Tax, t.Employer = sum(p.Earnings), sum(p.Expenses), sum(p.Deductions), sum(p.Tax), sum(p.Employer)
	t.Net = t.Gross.Add(t.Expenses).Sub(t.Deductions).Sub(t.Tax)
	return t
}

// Validate checks what the payslip states adds up: net pay is gross plus
// reimbursements less deductions and tax, and the bank payments pay it
// exactly.
func (p *Payslip) Validate() error {
	var v payroll.Validation
	v.Required("business.name", p.Business.Name)
	v.Required("employee.name", p.Employee.Name)
	if p.DatePaid.IsZero() {
		v.Add("datePaid", "datePaid is required")
	}
	if p.PeriodStart.IsZero() || p.PeriodEnd.IsZero() || p.PeriodEnd.Before(p.PeriodStart) {
		v.Add("periodEnd", "the pay period needs a start and an end on or after it")
	}
	if _, ok := payroll.CurrencySymbol(p.Region); !ok {
		v.Add("region", "region must be AU, UK, NZ or SG")
	}
	t := p.Totals()
	if !t.Net.Equal(p.NetPay) {
		v.Add("netPay", "netPay %s is not gross %s + expenses %s - deductions %s - tax %s = %s",
			p.NetPay.StringFixed(2), t.Gross.StringFixed(2), t.Expenses.StringFixed(2), t.Deductions.StringFixed(2),
			t.Tax.StringFixed(2), t.Net.StringFixed(2))
	}
	if len(p.BankPayments) > 0 {
		var paid payroll.Money
		for _, b := range p.BankPayments {
			paid = paid.Add(b.Amount)
		}
		if !paid.Equal(p.NetPay) {
			v.Add("bankPayments", "the bank payments add up to %s, not the net pay %s", paid.StringFixed(2), p.NetPay.StringFixed(2))
		}
	}
	return v.Err()
}
