package output

import (
	"context"
	"fmt"
	"html"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/payslip"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/forms"
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
	cfg, err := o.Payslip.GetInTx(ctx, q, biz, "")
	if err != nil {
		return PaySlipFile{}, err
	}
	paidTo, err := o.deductionDestinations(ctx, q, biz, run.ID, employeeID, slip)
	if err != nil {
		return PaySlipFile{}, err
	}
	cats, err := o.LoadCategories(ctx, biz)
	if err != nil {
		return PaySlipFile{}, err
	}
	kinds := map[int64]calc.EarningKind{}
	for id, c := range cats.ByKind[pay.KindEarnings] {
		kinds[id] = c.Kind
	}
	doc := payslipDocument(biz, &ps[0], slip, cfg, paidTo, kinds)
	if biz.Region == "UK" {
		kind, n := forms.TaxPeriod(run.Frequency, run.DatePaid)
		doc.Facts = append(doc.Facts, payslip.Fact{Label: "Tax period", Value: fmt.Sprintf("%s %d", kind, n)})
		if cfg.ShowPayeReference {
			h, err := o.UK.HmrcSettings(ctx, biz)
			if err != nil {
				return PaySlipFile{}, err
			}
			if h.PayeReference != "" {
				doc.Business.Reference = "PAYE reference " + h.PayeReference
			}
		}
	}
	data, err := payslip.Render(doc)
	if err != nil {
		return PaySlipFile{}, err
	}
	return PaySlipFile{Name: fmt.Sprintf("payslip-%d-%d-%s.pdf", run.ID, employeeID, run.DatePaid.Format("2006-01-02")), Data: data}, nil
}

// deductionDestinations is where each deduction category the employee's
// standing deductions drew on in the run was paid (Fair Work Regulations
// 2009 r 3.46(1)(j): "the name, or the name and number, of the fund or
// account into which the deduction was paid"): the employee's bank account
// (its name, BSB and the last four digits of its number), their super fund
// (named when the run paid one fund), BPAY, the tax office, the pension
// scheme or the CPF Board, with the payment reference. A deduction entered
// on the run, or paid manually, has no recorded destination.
func (o *Outputs) deductionDestinations(ctx context.Context, q *store.Queries, biz business.Business, runID, employeeID int64, s payrun.PaySlip) (map[int64][]string, error) {
	rows, err := q.ListPayRunDeductionDestinations(ctx, store.ListPayRunDeductionDestinationsParams{PayRunID: runID, BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	to := map[int64][]string{}
	for _, r := range rows {
		var d string
		switch r.PaidTo {
		case "BankAccount":
			d = "paid to " + r.AccountName
			if n := r.AccountNumber; n != "" {
				if len(n) > 4 {
					n = "..." + n[len(n)-4:]
				}
				d += " (" + strings.Join(nonEmpty(bsbOf(biz.Region, r.Bsb), "account "+n), ", ") + ")"
			}
		case "SuperFund":
			d = "paid to super fund"
			if len(s.SuperPayments) == 1 {
				d = "paid to " + s.SuperPayments[0].FundName
			}
		case "Bpay":
			d = "paid by BPAY"
		case "TaxOffice":
			d = "paid to the tax office"
		case "PensionScheme":
			d = "paid to the pension scheme"
		case "CPFB":
			d = "paid to the CPF Board"
		default:
			continue
		}
		if r.PaymentReference != "" {
			d += ", reference " + r.PaymentReference
		}
		to[r.CategoryID] = append(to[r.CategoryID], d)
	}
	return to, nil
}

// bsbOf is "BSB 062-000" for an AU account, the sort code elsewhere.
func bsbOf(region, code string) string {
	switch {
	case code == "":
		return ""
	case region == "AU":
		return "BSB " + code
	case region == "UK":
		return "sort code " + code
	default:
		return code
	}
}

// payslipDocument maps a pay slip and its payments to what the PDF
// prints, each deduction with where it was paid (paidTo, by category) and
// each earnings line classified by its pay category's kind (kinds, by
// category). Net pay on the PDF is what is paid: net earnings plus
// reimbursements.
func payslipDocument(biz business.Business, p *Payee, s payrun.PaySlip, cfg settings.PayslipSettings, paidTo map[int64][]string,
	kinds map[int64]calc.EarningKind) payslip.Payslip {
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
	// The payslip settings decide what of the employee is printed.
	empParty := payslip.Party{Name: s.EmployeeName}
	if cfg.ShowEmployeeAddress {
		empParty.Address = nonEmpty(e.ResidentialStreetAddress, e.ResidentialAddressLine2,
			strings.TrimSpace(strings.Join(nonEmpty(e.ResidentialSuburb, e.ResidentialCity, e.ResidentialState, e.ResidentialPostCode), " ")))
	}
	var ref []string
	if cfg.ShowEmployeeID {
		ref = append(ref, "Employee "+strconv.FormatInt(s.EmployeeID, 10))
	}
	if cfg.ShowEmployeeExternalID && s.EmployeeExternalID != "" {
		ref = append(ref, "Employee code "+s.EmployeeExternalID)
	}
	empParty.Reference = strings.Join(ref, ", ")
	doc := payslip.Payslip{Region: region, Business: bizParty, Employee: empParty, Facts: payslipFacts(biz.Region, p, s, cfg),
		Notation: strings.Join(nonEmpty(s.Message, s.Notation), " "), Message: cfg.PaySlipMessage, NetPay: p.Paid()}
	salaried := s.BaseRateUnit != "Hourly" && s.BaseRateUnit != "Daily"
	doc.PeriodStart, _ = parseDay(s.PayPeriodStarting)
	doc.PeriodEnd, _ = parseDay(s.PayPeriodEnding)
	doc.DatePaid, _ = parseDay(s.DatePaid)
	sym, _ := payroll.CurrencySymbol(region)
	for _, l := range earningsInOrder(s.EarningsLines, cfg.AlphabetisePayCategories) {
		line := payslip.Line{Description: l.PayCategoryName, Amount: l.GrossEarnings}
		// A salaried employee's pay is one period of the salary (units 1):
		// the salary itself is among the facts, so the line is its amount,
		// with the annual rate beside it when showRateForAnnualEarnings.
		periodOfSalary := salaried && l.Units.Cmp(payroll.RateFromInt(1)) == 0
		if !l.IsFixed && !l.Units.IsZero() && !l.Rate.IsZero() && !periodOfSalary {
			u, r := l.Units, payroll.MoneyFromDecimal(l.Rate.Decimal())
			line.Units, line.Rate = &u, &r
		}
		if periodOfSalary && cfg.ShowRateForAnnualEarnings && s.BaseRateUnit == "Annually" && !s.EmployeeBaseRate.IsZero() {
			line.RateText = payroll.MoneyFromDecimal(s.EmployeeBaseRate.Decimal()).Display(sym) + " p.a."
		}
		line.Note = lineNote(l, cfg)
		doc.Earnings = append(doc.Earnings, line)
	}
	if cfg.ShowEmployeeStartEndDates != nil && *cfg.ShowEmployeeStartEndDates {
		if e.StartDate.Valid && biz.Region != "NZ" { // NZ prints it always (nzItems)
			doc.Facts = append(doc.Facts, payslip.Fact{Label: "Employment start date", Value: e.StartDate.Time.Format("2 Jan 2006")})
		}
		if e.EndDate.Valid {
			doc.Facts = append(doc.Facts, payslip.Fact{Label: "Employment end date", Value: e.EndDate.Time.Format("2 Jan 2006")})
		}
	}
	if cfg.ShowClassification && strings.TrimSpace(e.Classification) != "" {
		doc.Facts = append(doc.Facts, payslip.Fact{Label: "Classification", Value: strings.TrimSpace(e.Classification)})
	}
	if region == "AU" {
		switch cfg.SuperContributionProcessingFrequencyTextOption {
		case "Quarterly", "Monthly":
			doc.Footnotes = append(doc.Footnotes, "Superannuation is paid to your fund "+strings.ToLower(cfg.SuperContributionProcessingFrequencyTextOption)+".")
		}
	}
	// UK payrolled benefits: notional pay taxed, not paid (docs/reference/uk-payrolled-benefits.md).
	for _, b := range s.PayrolledBenefits {
		doc.Footnotes = append(doc.Footnotes, "Benefit in kind taxed through payroll: "+b.Name+", "+b.Amount.Display(sym)+" added to taxable pay (not paid to you).")
	}
	for _, x := range s.EmployeeExpenses {
		doc.Expenses = append(doc.Expenses, payslip.Line{Description: x.Name, Amount: x.Amount})
	}
	for _, x := range s.Deductions {
		desc := x.Name
		if x.TaxStatus == "PreTax" {
			desc += " (pre-tax)"
		}
		if ds := paidTo[x.CategoryID]; x.CategoryID != 0 && len(ds) > 0 {
			desc += " - " + strings.Join(ds, "; ")
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
		// (Fair Work Regulations r 3.46(1)(i): the fund's name.)
		var toFunds payroll.Money
		for _, f := range s.SuperPayments {
			desc := "Superannuation paid to " + f.FundName
			if f.MemberNumber != "" {
				desc += " (member " + f.MemberNumber + ")"
			}
			add(&doc.Employer, desc, f.Amount)
			toFunds = toFunds.Add(f.Amount)
		}
		if rest := s.SuperContribution.Sub(toFunds); rest.IsPos() {
			add(&doc.Employer, "Superannuation (no fund on record)", rest)
		}
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
	if cfg.ShowLeaveAccruals {
		doc.Leave = payslipLeave(s)
	}
	switch biz.Region {
	case "SG":
		sgItems(&doc, p, s, kinds)
	case "NZ":
		nzItems(&doc, p, s)
	}
	if cfg.ShowYtdTotals != nil && !*cfg.ShowYtdTotals {
		return doc
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

// payslipFacts are the pay facts each region's payslip rules ask for
// beside the figures: the base pay rate (AU r 3.46(1)(e)-(f): the annual
// salary of a salaried employee, whatever the settings say), UK tax code,
// NI number and letter (the tax period and PAYE reference are added by
// the caller), NZ tax code and IRD number, SG NRIC/FIN.
func payslipFacts(region string, p *Payee, s payrun.PaySlip, cfg settings.PayslipSettings) []payslip.Fact {
	var out []payslip.Fact
	sym, _ := payroll.CurrencySymbol(region)
	if !s.EmployeeBaseRate.IsZero() && (cfg.ShowBasePayRate || region == "AU" && s.BaseRateUnit == "Annually") {
		label := map[string]string{"Annually": "Annual salary", "Hourly": "Hourly rate", "Daily": "Daily rate",
			"Monthly": "Monthly salary", "Fixed": "Pay per period"}[s.BaseRateUnit]
		if label != "" {
			out = append(out, payslip.Fact{Label: label, Value: payroll.MoneyFromDecimal(s.EmployeeBaseRate.Decimal()).Display(sym)})
		}
	}
	e := p.Emp
	fact := func(label, v string) {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, payslip.Fact{Label: label, Value: v})
		}
	}
	switch region {
	case "UK":
		fact("Tax code", e.TaxCode)
		fact("NI number", e.NationalInsuranceNumber)
		fact("NI letter", p.Row.NiCategory.String)
	case "NZ":
		fact("Tax code", e.TaxCodeDeclarationTaxCode)
		fact("IRD number", e.TaxCodeDeclarationIrdNumber)
	case "SG":
		fact("NRIC/FIN", e.NationalRegistrationIdentityNumber)
	}
	return out
}

// payslipLeave is each leave category's accrual, leave taken and balance
// after this pay (the payslip's accruedLeave, leaveTaken and
// totalAccruedLeave, in the category's hours).
func payslipLeave(s payrun.PaySlip) []payslip.Leave {
	var out []payslip.Leave
	at := map[string]int{}
	row := func(cat string) *payslip.Leave {
		i, ok := at[cat]
		if !ok {
			i = len(out)
			at[cat] = i
			out = append(out, payslip.Leave{Category: cat, Unit: "Hours"})
		}
		return &out[i]
	}
	for _, l := range s.TotalAccruedLeave {
		row(l.LeaveCategory).Balance = l.Amount
	}
	for _, l := range s.AccruedLeave {
		r := row(l.LeaveCategory)
		r.Accrued = r.Accrued.Add(l.Amount)
	}
	for _, l := range s.LeaveTaken {
		r := row(l.LeaveCategory)
		r.Taken = r.Taken.Add(l.Amount)
	}
	return out
}

// earningsInOrder is the earnings lines in the run's order, or ordered by
// pay category name (case ignored, the run's order among equal names) when
// the payslip settings alphabetise pay categories.
func earningsInOrder(ls []payrun.PaySlipEarningsLine, alphabetise bool) []payrun.PaySlipEarningsLine {
	out := append([]payrun.PaySlipEarningsLine(nil), ls...)
	if alphabetise {
		sort.SliceStable(out, func(i, j int) bool {
			return strings.ToLower(out[i].PayCategoryName) < strings.ToLower(out[j].PayCategoryName)
		})
	}
	return out
}

// lineNote is what the payslip settings print under an earnings line: its
// notes (showLineNotes) and, with them, its location
// (showLocationInLineNotes).
func lineNote(l payrun.PaySlipEarningsLine, cfg settings.PayslipSettings) string {
	if !cfg.ShowLineNotes {
		return ""
	}
	var parts []string
	if n := strings.TrimSpace(l.Notes); n != "" {
		parts = append(parts, n)
	}
	if cfg.ShowLocationInLineNotes && strings.TrimSpace(l.LocationName) != "" {
		parts = append(parts, "Location: "+strings.TrimSpace(l.LocationName))
	}
	return strings.Join(parts, "; ")
}

// sgItems adds what the Employment Act s 96 and MOM's itemised payslip
// items ask beyond the lines (docs/reference/sg-itemised-payslips.md): the
// mode of payment and a summary naming the basic salary (item 4), the
// allowances' total (6), the other additional payments (7), the overtime
// hours and pay (9, 10) and the deductions' total (8, each deduction
// itemised in its own table). The overtime payment period (11) is the
// salary period: a run's lines carry no dates of their own.
func sgItems(doc *payslip.Payslip, p *Payee, s payrun.PaySlip, kinds map[int64]calc.EarningKind) {
	var basic, allowances, overtime, additional payroll.Money
	var otHours payroll.Rate
	for _, l := range s.EarningsLines {
		switch kinds[l.CategoryID] {
		case calc.Ordinary, calc.Leave, "":
			basic = basic.Add(l.GrossEarnings)
		case calc.Allowance:
			allowances = allowances.Add(l.GrossEarnings)
		case calc.Overtime:
			overtime = overtime.Add(l.GrossEarnings)
			if !l.IsFixed {
				otHours = otHours.Add(l.Units)
			}
		default: // bonuses, commission, back pay, lump sums
			additional = additional.Add(l.GrossEarnings)
		}
	}
	t := doc.Totals()
	doc.Summary = append(doc.Summary, payslip.Line{Description: "Basic salary", Amount: basic})
	if !allowances.IsZero() {
		doc.Summary = append(doc.Summary, payslip.Line{Description: "Total allowances", Amount: allowances})
	}
	if !overtime.IsZero() || !otHours.IsZero() {
		doc.Summary = append(doc.Summary, payslip.Line{Description: "Overtime pay (" + number(otHours) + " overtime hours)", Amount: overtime})
		doc.Facts = append(doc.Facts, payslip.Fact{Label: "Overtime hours", Value: number(otHours)})
	}
	if !additional.IsZero() {
		doc.Summary = append(doc.Summary, payslip.Line{Description: "Other additional payments", Amount: additional})
	}
	doc.Summary = append(doc.Summary, payslip.Line{Description: "Total deductions (CPF employee included)", Amount: t.Deductions.Add(t.Tax)})
	var modes []string
	for _, b := range doc.BankPayments {
		m := "Bank transfer"
		if strings.HasPrefix(b.Account, "Cash or cheque") {
			m = "Cash or cheque"
		}
		if !slices.Contains(modes, m) {
			modes = append(modes, m)
		}
	}
	if len(modes) > 0 {
		doc.Facts = append(doc.Facts, payslip.Fact{Label: "Mode of payment", Value: strings.Join(modes, " and ")})
	}
}

// nzItems adds what the Employment Relations Act 2000 s 130 and the
// Holidays Act 2003 s 81 records carry that a payslip can show
// (docs/reference/nz-pay-records.md): the hours worked in the period for
// an employee paid by the hour, and the date employment started.
func nzItems(doc *payslip.Payslip, p *Payee, s payrun.PaySlip) {
	if !s.TotalHours.IsZero() {
		doc.Facts = append(doc.Facts, payslip.Fact{Label: "Hours worked", Value: number(s.TotalHours)})
	}
	if p.Emp.StartDate.Valid {
		doc.Facts = append(doc.Facts, payslip.Fact{Label: "Employment start date", Value: p.Emp.StartDate.Time.Format("2 Jan 2006")})
	}
}

// number prints hours with two decimals at least (7.6 -> 7.60).
func number(r payroll.Rate) string {
	whole, frac, _ := strings.Cut(r.String(), ".")
	frac = strings.TrimRight(frac, "0")
	for len(frac) < 2 {
		frac += "0"
	}
	return whole + "." + frac
}

// PaySlipEmail is the message telling an employee their payslip is ready.
type PaySlipEmail struct {
	EmployeeID              int64
	From, To, Subject, Body string
}

// defaultPaySlipEmailBody is the message when the payslip settings have
// no emailBodyMessage.
const defaultPaySlipEmailBody = "Hi {{FirstName}},\n\n{{BusinessName}} has processed your pay and a new payslip is available.\n\nRegards,\n{{BusinessName}}"

// PaySlipEmails are the messages for a run's published payslips: one to
// each employee in the run whose paySlipNotificationType asks for email
// (Email or Both) and who has an email address, from the payslip
// settings' emailFrom ("" = the server's sender), with their
// emailBodyMessage (placeholders {{FirstName}} and {{BusinessName}}, as
// the published API describes the member).
func (o *Outputs) PaySlipEmails(ctx context.Context, biz business.Business, runID int64) (_ []PaySlipEmail, err error) {
	defer payroll.Wrap(&err, "pay run %d payslip emails", runID)
	q := o.DB.Queries()
	run, err := o.Load(ctx, q, biz, runID)
	if err != nil {
		return nil, err
	}
	cfg, err := o.Payslip.GetInTx(ctx, q, biz, "")
	if err != nil {
		return nil, err
	}
	dets, err := q.ListPayRunEmployeeDetails(ctx, store.ListPayRunEmployeeDetailsParams{PayRunID: run.ID, BusinessID: biz.ID})
	if err != nil {
		return nil, err
	}
	var out []PaySlipEmail
	for _, e := range dets {
		kind := strings.ToLower(strings.TrimSpace(e.PaySlipNotificationType))
		if strings.TrimSpace(e.Email) == "" || (kind != "email" && kind != "both") {
			continue
		}
		out = append(out, PaySlipEmail{EmployeeID: e.ID, From: cfg.EmailFrom, To: strings.TrimSpace(e.Email),
			Subject: "Your payslip from " + biz.Name + " for " + run.DatePaid.Format("2 Jan 2006"),
			Body:    PaySlipEmailBody(cfg.EmailBodyMessage, e.FirstName, biz.Name)})
	}
	return out, nil
}

// PaySlipEmailBody fills a payslip email template's placeholders
// ({{FirstName}}, {{BusinessName}}); an empty template is the default
// message.
func PaySlipEmailBody(template, firstName, businessName string) string {
	if strings.TrimSpace(template) == "" {
		template = defaultPaySlipEmailBody
	}
	if strings.HasPrefix(strings.TrimSpace(template), "<") { // an HTML message: the names are text in it
		firstName, businessName = html.EscapeString(firstName), html.EscapeString(businessName)
	}
	return strings.NewReplacer("{{FirstName}}", firstName, "{{BusinessName}}", businessName).Replace(template)
}
