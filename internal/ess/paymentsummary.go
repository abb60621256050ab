package ess

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// PaymentSummary is an AU employee's payment summary for one financial
// year (1 July to 30 June), summed from the finalised pay runs paid in it:
// what an income statement reports. The year still running is a
// year-to-date summary.
type PaymentSummary struct {
	ID          int64 // the year the financial year ends in (2027 = 1 July 2026 to 30 June 2027)
	Start, End  time.Time
	YearToDate  bool
	Gross       payroll.Money // gross payments: taxable earnings (gross less pre-tax deductions other than workplace giving) less Lump Sum A and ETPs
	TaxWithheld payroll.Money // PAYG withholding including study and training loan amounts and from lump sums, not from ETPs (their own summaries)
	Super       payroll.Money // superannuation guarantee contributions (for information; not reportable)
	// AU amounts reported apart from gross payments (summaryParts).
	LumpSumA, LumpSumB, LumpSumD, LumpSumE, RESC payroll.Money
	ETPTaxable, ETPTaxFree                       payroll.Money
	ETPCode                                      string
	// ETPs are the employment termination payments of the year, one per
	// payment date and ETP code, each reported on its own ETP payment
	// summary with the PAYG withheld from it (ATO, "PAYG payment summary
	// – employment termination payment", NAT 70868; STP Phase 2 reports
	// them so too). ETPTaxable and ETPTaxFree are their totals.
	ETPs []ETPSummary
	// LumpSumAType is R (paid for a genuine redundancy, invalidity or an
	// early retirement scheme) or T (any other reason), "" without Lump
	// Sum A (lumpSumAType).
	LumpSumAType string
	// Allowances (pay categories classified as an allowance), union or
	// professional association fees and workplace giving (deductions so
	// classified), by category name.
	Allowances, UnionFees, WorkplaceGiving map[string]payroll.Money
	PayRuns                                int
	EmployeeName                           string
	EmployeeDetail                         []string
}

// ETPSummary is one employment termination payment of a payment
// summary's year: its date, ETP code, components and the PAYG withheld
// from it (Schedule 11).
type ETPSummary struct {
	PaymentDate                   time.Time
	Code                          string
	Taxable, TaxFree, TaxWithheld payroll.Money
}

// Period is the summary's period as the list shows it.
func (s PaymentSummary) Period() string {
	p := s.Start.Format("2 January 2006") + " - " + s.End.Format("2 January 2006")
	if s.YearToDate {
		p += " (year to date)"
	}
	return p
}

// financialYear is the AU financial year a date falls in, by its end year.
func financialYear(t time.Time) int {
	if t.Month() >= time.July {
		return t.Year() + 1
	}
	return t.Year()
}

// PaymentSummaries lists the employee's payment summaries, latest year
// first: one per financial year with finalised pay runs. Only AU keeps
// them (other regions: none). Once the employer has generated the year's
// summary (B/paymentsummary), it is shown only while published.
func (s *Payslips) PaymentSummaries(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []PaymentSummary, err error) {
	defer payroll.Wrap(&err, "payment summaries of employee %d", employeeID)
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	if biz.Region != "AU" {
		return []PaymentSummary{}, nil
	}
	list, err := s.summaries(ctx, biz, e, 0)
	if err != nil {
		return nil, err
	}
	return s.publishedOnly(ctx, biz, e.ID, list)
}

func (s *Payslips) summaries(ctx context.Context, biz business.Business, e employee.Employee, year int) ([]PaymentSummary, error) {
	rows, err := s.Employees.DB.Queries().Query(ctx, "SELECT r.date_paid, pe.taxable, pe.tax, pe.super_contribution FROM pay_runs r "+
		"JOIN pay_run_employees pe ON pe.pay_run_id = r.id AND pe.employee_id = $2 WHERE r.business_id = $1 AND r.status = 'Finalised'", biz.ID, e.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	type sums struct {
		gross, tax, super int64
		parts             summaryParts
	}
	byYear := map[int]*sums{}
	runs := map[int]int{}
	afterDeath := paidAfterDeath(e)
	for rows.Next() {
		var paid time.Time
		var taxable, tax, super int64
		if err := rows.Scan(&paid, &taxable, &tax, &super); err != nil {
			return nil, err
		}
		y := financialYear(paid.UTC())
		if year != 0 && y != year {
			continue
		}
		if byYear[y] == nil {
			byYear[y] = &sums{}
		}
		if afterDeath(paid) {
			// Paid after the employee's death: not on their summary
			// (ATO payer guide steps 1 and 4); its death benefit ETP is
			// added back from the parts below.
			continue
		}
		byYear[y].gross += taxable
		byYear[y].tax += tax // the tax column includes the STSL component already
		byYear[y].super += super
		runs[y]++
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	parts, err := s.summaryParts(ctx, biz, e.ID, year, afterDeath, delayedTermination(e))
	if err != nil {
		return nil, err
	}
	for y, p := range parts {
		if x := byYear[y]; x != nil {
			x.parts = p
		}
	}
	now := s.Employees.Clock.Now().UTC()
	m := &e.Members
	out := []PaymentSummary{}
	for y, x := range byYear {
		start := time.Date(y-1, time.July, 1, 0, 0, 0, 0, time.UTC)
		end := time.Date(y, time.June, 30, 0, 0, 0, 0, time.UTC)
		p := x.parts
		deathTaxable, deathWithheld := p.etpsAfterDeath(afterDeath)
		out = append(out, PaymentSummary{ID: int64(y), Start: start, End: end, YearToDate: !now.After(end.AddDate(0, 0, 1)),
			Gross:       payroll.MoneyFromMinor(x.gross + p.givingPreTax + p.carFree - p.lumpSumA - p.lumpSumB - p.lumpSumE - p.etpTaxable - sumOf(p.allowances)).Add(deathTaxable),
			TaxWithheld: payroll.MoneyFromMinor(x.tax).Sub(p.etpWithheld()).Add(deathWithheld), Super: payroll.MoneyFromMinor(x.super),
			LumpSumA: payroll.MoneyFromMinor(p.lumpSumA), LumpSumB: payroll.MoneyFromMinor(p.lumpSumB), LumpSumD: payroll.MoneyFromMinor(p.lumpSumD),
			LumpSumE: payroll.MoneyFromMinor(p.lumpSumE), RESC: payroll.MoneyFromMinor(p.resc), LumpSumAType: p.lumpSumAType(),
			Allowances: moneyOf(p.allowances), UnionFees: moneyOf(p.unionFees), WorkplaceGiving: moneyOf(p.giving),
			ETPTaxable: payroll.MoneyFromMinor(p.etpTaxable), ETPTaxFree: payroll.MoneyFromMinor(p.etpTaxFree), ETPCode: p.etpCode, ETPs: p.etps, PayRuns: runs[y],
			EmployeeName: strings.TrimSpace(m.FirstName + " " + m.Surname), EmployeeDetail: nonEmpty(m.ResidentialStreetAddress, m.ResidentialAddressLine2,
				strings.TrimSpace(strings.Join(nonEmpty(m.ResidentialSuburb, m.ResidentialState, m.ResidentialPostCode), " ")))})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out, nil
}

// summaryParts are an employee's year amounts a payment summary reports
// apart from gross payments (minor units).
type summaryParts struct {
	lumpSumA, lumpSumB, lumpSumD, lumpSumE, resc, etpTaxable, etpTaxFree int64
	etpCode                                                              string
	// lumpSumAR is the part of lumpSumA paid for a genuine redundancy,
	// invalidity or an early retirement scheme (type R).
	lumpSumAR int64
	etps      []ETPSummary
	etpRuns   map[int64]time.Time // the runs that paid the ETPs, with their date paid
	// carRuns are the runs that paid a car allowance; carFree the part of
	// their per-km car allowances not withheld on (out of taxable).
	carRuns                       map[int64]bool
	carFree                       int64
	allowances, unionFees, giving map[string]int64
	// givingPreTax is the workplace giving deducted before tax: it is
	// out of taxable earnings but not out of gross payments (ATO,
	// "Workplace giving programs": the program does not affect the way
	// gross income is worked out).
	givingPreTax int64
}

// delayedTermination tells whether an ETP line of code code paid on a
// date paid e is a delayed termination payment (pay.DelayedTermination).
func delayedTermination(e employee.Employee) func(string, time.Time) bool {
	m := &e.Members
	return func(code string, paid time.Time) bool {
		return pay.DelayedTermination(code, m.TerminationReason, !m.EndDate.IsZero(), m.EndDate.Time, paid)
	}
}

// paidAfterDeath tells whether a run paid on a date paid e after their
// death (termination reason Deceased, paid after the end date).
func paidAfterDeath(e employee.Employee) func(time.Time) bool {
	m := &e.Members
	return func(paid time.Time) bool {
		return pay.PaidAfterDeath(m.TerminationReason, !m.EndDate.IsZero(), m.EndDate.Time, paid)
	}
}

// etpsAfterDeath are the taxable component of the year's ETPs paid after
// the employee's death (death benefit ETPs) and the PAYG withheld from
// them: their runs' taxable earnings and withholding are off the
// individual summary (afterDeath), so the ETP amounts it takes out of
// its totals leave these out.
func (p summaryParts) etpsAfterDeath(afterDeath func(time.Time) bool) (taxable, withheld payroll.Money) {
	for _, e := range p.etps {
		if afterDeath(e.PaymentDate) {
			taxable, withheld = taxable.Add(e.Taxable), withheld.Add(e.TaxWithheld)
		}
	}
	return taxable, withheld
}

// lumpSumAType is the payment summary's Lump Sum A type (ATO, PAYG
// payment summary – individual non-business; individual tax return
// instructions, item 3): R if the payment was made for a genuine
// redundancy, invalidity or under an early retirement scheme, T for any
// other reason (leave accrued before 18 August 1993 paid on a
// resignation, dismissal or retirement). The summary has one type box: a
// year with both (two terminations) shows R, the type of the payments
// made because the job ended involuntarily; "" without Lump Sum A.
func (p summaryParts) lumpSumAType() string {
	switch {
	case p.lumpSumA == 0:
		return ""
	case p.lumpSumAR != 0:
		return "R"
	}
	return "T"
}

// etpWithheld is the PAYG withheld from the year's ETPs.
func (p summaryParts) etpWithheld() payroll.Money {
	var t payroll.Money
	for _, e := range p.etps {
		t = t.Add(e.TaxWithheld)
	}
	return t
}

// addETP adds line r of an ETP of code (its tax-free component when
// taxFree) to p's ETP totals and to its ETP of r's date and code (one per
// payment date and code), and notes r's run.
func (p *summaryParts) addETP(r store.EmployeeLineTotalsOfFinalisedRunsRow, code string, taxFree bool) {
	date := r.DatePaid.UTC()
	i := slices.IndexFunc(p.etps, func(e ETPSummary) bool { return e.PaymentDate.Equal(date) && e.Code == code })
	if i < 0 {
		p.etps = append(p.etps, ETPSummary{PaymentDate: date, Code: code})
		i = len(p.etps) - 1
	}
	if amt := payroll.MoneyFromMinor(r.Amount); taxFree {
		p.etpTaxFree += r.Amount
		p.etps[i].TaxFree = p.etps[i].TaxFree.Add(amt)
	} else {
		p.etpTaxable += r.Amount
		p.etps[i].Taxable = p.etps[i].Taxable.Add(amt)
	}
	p.etpCode = code
	if p.etpRuns == nil {
		p.etpRuns = map[int64]time.Time{}
	}
	p.etpRuns[r.PayRunID] = date
}

func sumOf(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

func moneyOf(m map[string]int64) map[string]payroll.Money {
	out := make(map[string]payroll.Money, len(m))
	for k, v := range m {
		out[k] = payroll.MoneyFromMinor(v)
	}
	return out
}

// add adds amount to m's key (m made when nil).
func add(m *map[string]int64, key string, amount int64) {
	if *m == nil {
		*m = map[string]int64{}
	}
	(*m)[key] += amount
}

// summaryParts sums an employee's finalised lines by financial year into
// what the payment summary reports apart: unused leave taxed as Lump Sum A,
// Lump Sums B and E, the tax-free part of a genuine redundancy (Lump Sum
// D), ETP components, allowances, union fees and salary sacrificed super
// (reportable employer super contributions),
// by the pay categories' AU kinds (payrun/pay.AUCategory); with each ETP
// the PAYG its run withheld from it (pay.ETPWithheld). year 0 is every
// year.
func (s *Payslips) summaryParts(ctx context.Context, biz business.Business, employeeID int64, year int, afterDeath func(time.Time) bool,
	delayed func(code string, paid time.Time) bool) (map[int]summaryParts, error) {
	out := map[int]summaryParts{}
	if s.Outputs == nil || s.Outputs.Service == nil {
		return out, nil
	}
	cats, err := s.Outputs.LoadCategories(ctx, biz)
	if err != nil {
		return nil, err
	}
	rows, err := s.Employees.DB.Queries().EmployeeLineTotalsOfFinalisedRuns(ctx, store.EmployeeLineTotalsOfFinalisedRunsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	// How the employment ended decides the Lump Sum A type (R or T).
	reason, err := s.Employees.DB.Queries().GetEmployeeTerminationReason(ctx, store.GetEmployeeTerminationReasonParams{BusinessID: biz.ID, ID: employeeID})
	if err != nil && !db.IsNoRows(err) {
		return nil, err
	}
	for _, r := range rows {
		y := financialYear(r.DatePaid.UTC())
		if year != 0 && y != year {
			continue
		}
		p := out[y]
		c := cats.ByKind[pay.KindEarnings][r.CategoryID]
		code, etp := pay.ETPCode(r.Subtype, c)
		if afterDeath(r.DatePaid) && (r.Kind != pay.KindEarnings || !etp) {
			continue // paid after the death: only a death benefit ETP is reported (on its own ETP summary)
		}
		switch r.Kind {
		case pay.KindDeduction:
			if r.Subtype == pay.SubtypeSalarySacrifice {
				p.resc += r.Amount
			}
			switch c := cats.ByKind[pay.KindDeduction][r.CategoryID]; c.AU.Class {
			case "UnionOrProfessionalAssociationFees":
				add(&p.unionFees, c.Name, r.Amount)
			case "WorkplaceGiving":
				add(&p.giving, c.Name, r.Amount)
				if c.TaxExempt {
					p.givingPreTax += r.Amount
				}
			}
		case pay.KindSuperAdjustment:
			if r.Subtype == "SalarySacrifice" {
				p.resc += r.Amount
			}
		case pay.KindEarnings:
			switch {
			case etp && delayed(code, r.DatePaid):
				// A delayed termination payment (paid more than 12 months
				// after the termination): not an ETP (ITAA 1997 s
				// 82-130(1)(b)), so left in gross payments, with its
				// withholding in the summary's (pay.DelayedTermination).
			case etp:
				// The tax-free component of an ETP category (unused leave
				// paid as an ETP has none).
				p.addETP(r, code, r.Subtype != pay.SubtypeUnusedLeaveETP && c.AU.TaxFree)
			case c.AU.TaxFree:
				p.lumpSumD += r.Amount
			case r.Subtype == pay.SubtypeUnusedLeaveLumpSumA || (r.Subtype == "" && c.AU.LumpSumA):
				p.lumpSumA += r.Amount
				// Type R: leave paid out on a genuine redundancy or
				// invalidity (the run's Lump Sum A subtype), a category of
				// type R, or any Lump Sum A of an employee whose
				// employment ended so; type T otherwise.
				if r.Subtype == pay.SubtypeUnusedLeaveLumpSumA || c.AU.Class == "LumpSumATypeR" || c.AU.Type == "GenuineRedundancyLeavePayment" ||
					c.AU.Type == "GenuineRedundancyLeaveLoading" || pay.GenuineRedundancy(reason) {
					p.lumpSumAR += r.Amount
				}
			case c.AU.Class == "LumpSumB":
				p.lumpSumB += r.Amount
			case c.AU.Class == "LumpSumE":
				p.lumpSumE += r.Amount
			case c.Kind == calc.Allowance:
				// Allowances are shown apart from gross payments.
				add(&p.allowances, c.Name, r.Amount)
				if c.AU.Class == "AllowanceCar" || c.AU.Class == "AllowanceMeals" {
					if p.carRuns == nil {
						p.carRuns = map[int64]bool{}
					}
					p.carRuns[r.PayRunID] = true
				}
			}
		}
		out[y] = p
	}
	for y, p := range out {
		// A per-km car allowance within the ATO rate and overtime meal
		// allowances within the reasonable amount are out of the runs'
		// taxable earnings, but the whole allowance is shown apart from
		// gross payments: its untaxed part is added back to them.
		for runID := range p.carRuns {
			free, err := pay.AUAllowanceFree(ctx, s.Employees.DB.Queries(), biz, cats, runID, employeeID)
			if err != nil {
				return nil, fmt.Errorf("the car and meal allowances of pay run %d: %w", runID, err)
			}
			p.carFree += free.MinorUnits()
		}
		out[y] = p
	}
	for _, p := range out {
		for runID, paid := range p.etpRuns {
			w, err := pay.ETPWithheld(ctx, s.Employees.DB.Queries(), biz, cats, runID, employeeID)
			if err != nil {
				return nil, fmt.Errorf("the PAYG withheld from the ETPs of pay run %d: %w", runID, err)
			}
			for i, e := range p.etps { // the ETPs share the slice with out's
				if e.PaymentDate.Equal(paid) {
					// S or P: a later year's payment for a termination an
					// ETP was paid for in an earlier year (pay.ETPCodeLaterYear).
					code := pay.ETPReportedCode(e.Code, w)
					if code != e.Code && p.etpCode == e.Code {
						p.etpCode = code
					}
					p.etps[i].Code = code
					p.etps[i].TaxWithheld = p.etps[i].TaxWithheld.Add(w[code])
				}
			}
		}
		sort.Slice(p.etps, func(i, j int) bool {
			a, b := p.etps[i], p.etps[j]
			return a.PaymentDate.Before(b.PaymentDate) || a.PaymentDate.Equal(b.PaymentDate) && a.Code < b.Code
		})
	}
	return out, nil
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

// PaymentSummaryPDF renders the payment summary of financial year id
// (404 when the employee has no finalised pay in it, or outside AU).
func (s *Payslips) PaymentSummaryPDF(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (name string, data []byte, err error) {
	defer payroll.Wrap(&err, "payment summary %d of employee %d", id, employeeID)
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return "", nil, err
	}
	if biz.Region != "AU" || id < 1900 || id > 9999 {
		return "", nil, payroll.NotFound("payment summary")
	}
	list, err := s.summaries(ctx, biz, e, int(id))
	if err == nil {
		list, err = s.publishedOnly(ctx, biz, e.ID, list)
	}
	if err != nil {
		return "", nil, err
	}
	if len(list) == 0 {
		return "", nil, payroll.NotFound("payment summary")
	}
	data, err = renderPaymentSummary(biz, list[0])
	return fmt.Sprintf("payment-summary-%d-%d.pdf", employeeID, id), data, err
}

// renderPaymentSummary writes the summary as a one-page PDF; like the
// payslip, the same figures render to the same bytes (dated the period's
// end).
func renderPaymentSummary(biz business.Business, s PaymentSummary) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(s.End)
	pdf.SetModificationDate(s.End)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("payrolld", true)
	pdf.SetCreator("payrolld", true)
	pdf.SetTitle(fmt.Sprintf("Payment summary %s %d", s.EmployeeName, s.ID), true)
	pdf.SetAuthor(biz.Name, true)
	pdf.SetMargins(15, 15, 15)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	cell := func(w, h float64, text, align string) { pdf.CellFormat(w, h, tr(text), "", 0, align, false, 0, "") }
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 15)
	cell(110, 7, biz.Name, "L")
	pdf.SetFont("Helvetica", "B", 14)
	cell(70, 7, "Payment summary", "R")
	pdf.Ln(8)
	pdf.SetFont("Helvetica", "", 9)
	payer := "Payer"
	if biz.Details.ABN != "" {
		payer += ": ABN " + biz.Details.ABN
	}
	cell(110, 4.5, payer, "L")
	cell(70, 4.5, "Period: "+s.Period(), "R")
	pdf.Ln(10)
	pdf.SetFont("Helvetica", "B", 11)
	cell(180, 6, s.EmployeeName, "L")
	pdf.Ln(6)
	pdf.SetFont("Helvetica", "", 9)
	for _, l := range s.EmployeeDetail {
		cell(180, 4.5, l, "L")
		pdf.Ln(4.5)
	}
	pdf.Ln(4)
	row := func(label string, m payroll.Money) {
		cell(150, 6, label, "L")
		cell(30, 6, m.Display("$"), "R")
		pdf.Ln(6)
	}
	pdf.SetFont("Helvetica", "", 10)
	row("Gross payments", s.Gross)
	row("Total tax withheld", s.TaxWithheld)
	lumpSumA := "Lump Sum A"
	if s.LumpSumAType != "" {
		lumpSumA += " (type " + s.LumpSumAType + ")"
	}
	for _, r := range []struct {
		label string
		m     payroll.Money
	}{{lumpSumA, s.LumpSumA}, {"Lump Sum D", s.LumpSumD}, {"Reportable employer superannuation contributions", s.RESC}} {
		if r.m.IsPos() {
			row(r.label, r.m)
		}
	}
	row("Superannuation guarantee contributions (not reportable)", s.Super)
	// Each ETP is its own payment summary (NAT 70868): its components and
	// the tax withheld from it, which the total above leaves out.
	for _, e := range s.ETPs {
		pdf.Ln(3)
		pdf.SetFont("Helvetica", "B", 10)
		cell(180, 6, fmt.Sprintf("Employment termination payment, code %s, paid %s", e.Code, e.PaymentDate.Format("2 January 2006")), "L")
		pdf.Ln(6)
		pdf.SetFont("Helvetica", "", 10)
		row("Taxable component", e.Taxable)
		if e.TaxFree.IsPos() {
			row("Tax-free component", e.TaxFree)
		}
		row("Total tax withheld", e.TaxWithheld)
	}
	pdf.Ln(4)
	pdf.SetFont("Helvetica", "", 8)
	cell(180, 4, fmt.Sprintf("From %d finalised pay run(s) paid in the period.", s.PayRuns), "L")
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("render payment summary: %w", err)
	}
	return b.Bytes(), nil
}
