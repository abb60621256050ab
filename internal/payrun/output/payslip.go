package output

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payslip"
)

// PaySlipFile is a rendered payslip PDF.
type PaySlipFile struct {
	Name string
	Data []byte
}

// PaySlipPDF is P/file/payslip/{employeeId}: the employee's payslip of
// the run as a PDF (internal/payslip). The figures are those of
// P/payslips/{employeeId}; the bytes depend only on them (the document's
// dates are the payment date), so the same payslip renders to the same
// file.
func (o *Outputs) PaySlipPDF(ctx context.Context, biz business.Business, id, employeeID int64) (_ PaySlipFile, err error) {
	defer payroll.Wrap(&err, "pay run %d payslip PDF of employee %d", id, employeeID)
	slips, err := o.PaySlips(ctx, biz, id, employeeID)
	if err != nil {
		return PaySlipFile{}, err
	}
	slip, ok := slips[strconv.FormatInt(employeeID, 10)]
	if !ok {
		return PaySlipFile{}, payroll.NotFound("employee in this pay run")
	}
	q := o.DB.Queries()
	run, err := o.Load(ctx, q, biz, id)
	if err != nil {
		return PaySlipFile{}, err
	}
	ps, err := Payees(ctx, o.Service, q, biz, run, employeeID)
	if err != nil {
		return PaySlipFile{}, err
	}
	if len(ps) != 1 {
		return PaySlipFile{}, payroll.NotFound("employee in this pay run")
	}
	doc := payslipDocument(biz, &ps[0], slip)
	data, err := payslip.Render(doc)
	if err != nil {
		return PaySlipFile{}, err
	}
	return PaySlipFile{Name: fmt.Sprintf("payslip-%d-%d-%s.pdf", run.ID, employeeID, run.DatePaid.Format("2006-01-02")), Data: data}, nil
}

// payslipDocument maps a pay slip and its payments to what the PDF
// prints. Net pay on the PDF is what is paid: net earnings plus
// reimbursements.
func payslipDocument(biz business.Business, p *Payee, s payrun.PaySlip) payslip.Payslip {
	run := p.Row
	region := biz.Region
	if region == "MY" {
		region = "SG" // the renderer knows AU, UK, NZ, SG; MY pays run the same sections
	}
	d := biz.Details
	bizParty := payslip.Party{Name: biz.Name, Address: nonEmpty(d.AddressLine1, d.AddressLine2,
		strings.TrimSpace(strings.Join(nonEmpty(d.Suburb, d.City, d.State, d.PostCode), " ")))}
	if d.ABN != "" {
		bizParty.Reference = "ABN " + d.ABN
	}
	e := p.Emp
	empParty := payslip.Party{Name: s.EmployeeName, Address: nonEmpty(e.ResidentialStreetAddress, e.ResidentialAddressLine2,
		strings.TrimSpace(strings.Join(nonEmpty(e.ResidentialSuburb, e.ResidentialState, e.ResidentialPostCode), " "))),
		Reference: "Employee " + strconv.FormatInt(s.EmployeeID, 10)}
	if s.EmployeeExternalID != "" {
		empParty.Reference += " (" + s.EmployeeExternalID + ")"
	}
	doc := payslip.Payslip{Region: region, Business: bizParty, Employee: empParty,
		Notation: strings.Join(nonEmpty(s.Message, s.Notation), " "), NetPay: p.Paid()}
	doc.PeriodStart, _ = parseDay(s.PayPeriodStarting)
	doc.PeriodEnd, _ = parseDay(s.PayPeriodEnding)
	doc.DatePaid, _ = parseDay(s.DatePaid)
	for _, l := range s.EarningsLines {
		line := payslip.Line{Description: l.PayCategoryName, Amount: l.GrossEarnings}
		if !l.IsFixed && !l.Units.IsZero() && !l.Rate.IsZero() {
			u, r := l.Units, payroll.MoneyFromDecimal(l.Rate.Decimal())
			line.Units, line.Rate = &u, &r
		}
		doc.Earnings = append(doc.Earnings, line)
	}
	for _, x := range s.EmployeeExpenses {
		doc.Expenses = append(doc.Expenses, payslip.Line{Description: x.Name, Amount: x.Amount})
	}
	for _, x := range s.Deductions {
		desc := x.Name
		if x.TaxStatus == "PreTax" {
			desc += " (pre-tax)"
		}
		doc.Deductions = append(doc.Deductions, payslip.Line{Description: desc, Amount: x.Amount})
	}
	add := func(ls *[]payslip.Line, desc string, m payroll.Money) {
		if !m.IsZero() {
			*ls = append(*ls, payslip.Line{Description: desc, Amount: m})
		}
	}
	// Every amount withheld from pay (figures.withheld), so the PDF's net
	// pay adds up exactly; tax adjustments are inside the tax figure.
	switch region {
	case "AU":
		add(&doc.Tax, "PAYG withholding", s.PaygWithholdingAmount)
		add(&doc.Tax, "Study and training support loan", s.HelpAmount)
		// Everything the run pays to the fund: the super guarantee, the
		// employer's other contributions and what the employee sacrificed
		// (the last already among the deductions).
		add(&doc.Employer, "Superannuation paid to the fund", s.SuperContribution)
	case "MY":
		myPayslip(&doc, s, add) // my.go
	default:
		add(&doc.Tax, "PAYE", s.PayeAmount)
	}
	add(&doc.Tax, "Employee National Insurance", s.EmployeeNI)
	add(&doc.Tax, "Student loan", s.StudentLoanAmount)
	add(&doc.Tax, "Postgraduate loan", s.PostGradLoanAmount)
	add(&doc.Tax, "KiwiSaver employee", s.KiwiSaverEmployee)
	add(&doc.Tax, "ACC earners' levy", s.AccLevy)
	add(&doc.Tax, "CPF employee", s.CpfEmployee)
	if s.PensionArrangement == "SalarySacrifice" {
		// Already inside the pre-tax deductions: shown as the employer's
		// payment into the scheme.
		add(&doc.Employer, "Workplace pension (salary sacrifice)", s.EmployeePensionContribution)
	} else {
		add(&doc.Tax, "Workplace pension (employee)", s.EmployeePensionContribution)
	}
	add(&doc.Employer, "Employer National Insurance", s.EmployerNI)
	add(&doc.Employer, "Workplace pension (employer)", s.EmployerPensionContribution)
	add(&doc.Employer, "KiwiSaver employer", s.KiwiSaverEmployer)
	add(&doc.Employer, "ESCT", s.Esct)
	add(&doc.Employer, "CPF employer", s.CpfEmployer)
	add(&doc.Employer, "Skills Development Levy", s.Sdl)
	add(&doc.Employer, "Employer liabilities", money(run.Liabilities))

	if doc.NetPay.IsPos() {
		for i, pay := range p.Pays {
			if pay.Amount.IsPos() {
				doc.BankPayments = append(doc.BankPayments, payslip.BankPayment{Account: printedAccount(region, p.Accts[i]), Amount: pay.Amount})
			}
		}
		if p.Unpaid.IsPos() {
			doc.BankPayments = append(doc.BankPayments, payslip.BankPayment{Account: "Cash or cheque (no bank account)", Amount: p.Unpaid})
		}
	}
	add(&doc.YTD, "Gross earnings", s.GrossYTD)
	add(&doc.YTD, "Pre-tax deductions", s.PreTaxDeductionsYTD)
	add(&doc.YTD, "Post-tax deductions", s.PostTaxDeductionsYTD)
	add(&doc.YTD, "Tax withheld", s.WithholdingYTD)
	add(&doc.YTD, "Employee National Insurance", s.EmployeeNIYTD)
	add(&doc.YTD, "Student loan", s.StudentLoanYTD)
	add(&doc.YTD, "KiwiSaver employee", s.KiwiSaverEmployeeYTD)
	add(&doc.YTD, "ACC earners' levy", s.AccLevyYTD)
	add(&doc.YTD, "CPF employee", s.CpfEmployeeYTD)
	add(&doc.YTD, "PCB", s.PcbYTD)
	add(&doc.YTD, "Zakat", s.ZakatYTD)
	add(&doc.YTD, "EPF employee", s.EpfEmployeeYTD)
	add(&doc.YTD, "SOCSO employee", s.SocsoEmployeeYTD)
	add(&doc.YTD, "EIS employee", s.EisEmployeeYTD)
	add(&doc.YTD, "LINDUNG 24 Jam", s.Lindung24YTD)
	add(&doc.YTD, "Superannuation", s.SuperYTD)
	add(&doc.YTD, "Net earnings", s.NetYTD)
	return doc
}

// printedAccount shows an account with all but the last four digits
// masked.
func printedAccount(region string, a PayAccount) string {
	num := a.AccountNumber
	if len(num) > 4 {
		num = strings.Repeat("*", 4) + num[len(num)-4:]
	}
	switch {
	case a.AccountType == "Bpay":
		return "BPAY biller " + a.BSB + " ref " + num
	case region == "AU" && a.BSB != "":
		return "BSB " + a.BSB + " Acct " + num
	case region == "UK" && a.BSB != "":
		return "Sort code " + a.BSB + " Acct " + num
	}
	return "Acct " + num
}

func nonEmpty(ss ...string) []string {
	out := make([]string, 0, len(ss))
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func parseDay(s string) (time.Time, error) { return time.Parse("2006-01-02", s) }
