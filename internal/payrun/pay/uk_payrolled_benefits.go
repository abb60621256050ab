package pay

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/p11d"
)

// Payrolled benefits in kind (UK; docs/reference/uk-payrolled-benefits.md).
// An employer registered to payroll a benefit category taxes its cash
// equivalent through PAYE instead of on the P11D (Income Tax (PAYE)
// Regulations 2003 Pt 3 Ch 3A). Each pay run gives an employee provided
// with such a benefit in the period one benefit line per category: its
// units are the paydays left in the tax year while the benefit is
// provided (this one included), its rate the cash equivalent for the
// year less the amount made good and what finalised runs of the year
// already payrolled, and its amount calc's notional pay (benefit.payrolled:
// rate ÷ units to the penny). The amount adds to taxable pay only; the
// P11D(b) charges Class 1A on the lines of finalised runs (UKPayrolledBenefits).

// ukPayrolledYear is what a run reads once of the business's benefits in
// the run's tax year.
type ukPayrolledYear struct {
	year       int
	yFrom, yTo time.Time
	byEmp      map[int64][]store.UkEmployeeBenefit
	cats       map[int64]*uk.UKBenefitCategory
	done       map[[2]int64]int64 // (employee, category): payrolled by finalised runs of the year before this one
	// paidInPeriod: (employee, category) already payrolled by a finalised
	// run paid in this run's tax period (a second run paid in it, e.g. a
	// supplementary one, is not another payday of the benefit).
	paidInPeriod map[[2]int64]bool
	perYear      int
	daysInYear   int
}

// ukPayrolledPerYear are a schedule's paydays in a tax year (week 53, 54
// or 56 is not counted: a benefit's year is spread over the regular ones).
var ukPayrolledPerYear = map[string]int{"Weekly": 52, "Fortnightly": 26, "FourWeekly": 13, "Monthly": 12, "Quarterly": 4, "Annually": 1}

// UKNotPayrollable says why a payrolled category's benefit cannot be
// taxed by the pay run ("" when it can): living accommodation and
// beneficial loans cannot be payrolled (GOV.UK, "Payrolling: tax
// employees' benefits and expenses through your payroll"), a car needs
// its approved CO2 figure for the P11D's appropriate percentage, and
// qualifying relocation expenses are taxable only past the year's £8,000
// exemption, which the run does not apportion.
func UKNotPayrollable(c *uk.UKBenefitCategory) string {
	switch c.BenefitType {
	case "LivingAccommodation", "InterestFreeLoans":
		return "living accommodation and beneficial loans cannot be payrolled: report it on the P11D"
	case "QualifyingRelocationExpenses":
		return "qualifying relocation expenses are taxable only past the year's £8,000 exemption, which the pay run does not work out: report it on the P11D"
	case "CarsAndCarFuel":
		if c.Car == nil || c.Car.NoApprovedCO2Figure || c.Car.ApprovedCO2Emissions == nil {
			return "the car has no approved CO2 figure, so its cash equivalent is not worked out"
		}
	}
	return ""
}

func loadUKPayrolled(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun) (*ukPayrolledYear, error) {
	y := uk.UKTaxYearOf(run.DatePaid)
	p := &ukPayrolledYear{year: y, byEmp: map[int64][]store.UkEmployeeBenefit{}, cats: map[int64]*uk.UKBenefitCategory{}, done: map[[2]int64]int64{},
		paidInPeriod: map[[2]int64]bool{}, perYear: ukPayrolledPerYear[run.Frequency]}
	p.yFrom, p.yTo = uk.UKTaxYearDates(y)
	p.daysInYear = p11d.DaysIn(p.yFrom, nil, p.yFrom, p.yTo)
	rows, err := q.ListUKEmployeeBenefitsInPeriod(ctx, store.ListUKEmployeeBenefitsInPeriodParams{BusinessID: bizID, PeriodTo: p.yTo,
		PeriodFrom: sql.NullTime{Time: p.yFrom, Valid: true}})
	if err != nil || len(rows) == 0 {
		return p, err
	}
	coll := record.Collection[uk.UKBenefitCategory, *uk.UKBenefitCategory]{Kind: uk.KindBenefitCategory, Label: "benefit category"}
	for _, r := range rows {
		if _, ok := p.cats[r.BenefitCategoryID]; !ok {
			c, err := coll.Load(ctx, q, bizID, 0, r.BenefitCategoryID)
			if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
				return nil, err
			}
			if err == nil && c.PayrollingBenefit && p11d.Applies(c, y) {
				p.cats[r.BenefitCategoryID] = &c
			} else {
				p.cats[r.BenefitCategoryID] = nil
			}
		}
		if p.cats[r.BenefitCategoryID] != nil {
			p.byEmp[r.EmployeeID] = append(p.byEmp[r.EmployeeID], r)
		}
	}
	// What finalised runs paid up to this run's date payrolled (this run,
	// a draft, is not among them), and which of them were paid in this
	// run's tax period: a payday is a tax period of the date paid (the
	// paydays left count from it), so a second run paid in the same one is
	// not another payday, whatever pay period it is for.
	done, err := q.UKPayrolledBenefits(ctx, store.UKPayrolledBenefitsParams{BusinessID: bizID, YearFrom: p.yFrom, YearTo: payroll.DateOnly(run.DatePaid).AddDate(0, 0, 1)})
	if err != nil {
		return nil, err
	}
	period := ukPeriod(run.Frequency, run.DatePaid)
	for _, l := range done {
		k := [2]int64{l.EmployeeID, l.CategoryID}
		p.done[k] += l.Amount
		if ukPeriod(run.Frequency, l.DatePaid) == period {
			p.paidInPeriod[k] = true
		}
	}
	return p, nil
}

// ukPayrolledBenefitLines are employee e's benefit lines of the run: one
// per payrolled category with a benefit provided on a day of the run's
// period whose cash equivalent can be worked out (the others stay on the
// run's warnings, internal/payrun/output/warnings_uk.go).
func (w *Writer) ukPayrolledBenefitLines(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow) ([]line, error) {
	if region != calc.UK {
		return nil, nil
	}
	if w.ukBik == nil {
		p, err := loadUKPayrolled(ctx, w.q, w.bizID, run)
		if err != nil {
			return nil, err
		}
		w.ukBik = p
	}
	return w.ukBik.lines(run, e.ID), nil
}

func (p *ukPayrolledYear) lines(run *store.PayRun, employeeID int64) []line {
	recs := p.byEmp[employeeID]
	if len(recs) == 0 || p.perYear == 0 {
		return nil
	}
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	var order []int64
	inPeriod := map[int64]bool{}
	for _, r := range recs {
		if !r.StartDate.After(to) && (!r.EndDate.Valid || !payroll.DateOnly(r.EndDate.Time).Before(from)) && !inPeriod[r.BenefitCategoryID] {
			inPeriod[r.BenefitCategoryID] = true
			order = append(order, r.BenefitCategoryID)
		}
	}
	var out []line
	period := ukPeriod(run.Frequency, run.DatePaid)
	for _, cid := range order {
		c := p.cats[cid]
		if UKNotPayrollable(c) != "" || p.paidInPeriod[[2]int64{employeeID, cid}] {
			continue
		}
		var ce, madeGood payroll.Money
		open, last := false, time.Time{}
		ok := true
		for _, r := range recs {
			if r.BenefitCategoryID != cid {
				continue
			}
			var end *time.Time
			if r.EndDate.Valid {
				e := payroll.DateOnly(r.EndDate.Time)
				end = &e
				if e.After(last) {
					last = e
				}
			} else {
				open = true
			}
			days := p11d.DaysIn(payroll.DateOnly(r.StartDate), end, p.yFrom, p.yTo)
			if days == 0 {
				continue
			}
			made := payroll.MoneyFromMinor(r.AmountMadeGood)
			if c.BenefitType == "CarsAndCarFuel" {
				v, err := p11d.CarCashEquivalent(r, *c, p.year, days, p.daysInYear)
				if err != nil {
					ok = false
					break
				}
				ce = ce.Add(v)
			} else {
				ce = ce.Add(payroll.MoneyFromMinor(r.Cost).Sub(made).Max(payroll.Money{}))
			}
			madeGood = madeGood.Add(made)
		}
		if !ok {
			continue
		}
		// The paydays left while the benefit is provided: to the year's
		// last, or to the one in whose tax period the benefit ends.
		lastPeriod := p.perYear
		if !open && last.Before(p.yTo) {
			lastPeriod = min(ukPeriod(run.Frequency, last), p.perYear)
		}
		paydays := max(lastPeriod-period+1, 1)
		done := payroll.MoneyFromMinor(p.done[[2]int64{employeeID, cid}])
		left := ce.Sub(done)
		var l line
		l.Kind, l.CategoryID, l.CategoryName = KindBenefit, cid, c.Name
		l.units, l.rate = payroll.RateFromInt(int64(paydays)), payroll.RateFromDecimal(left.Decimal())
		l.Units, l.Rate = strconv.Itoa(paydays), left.String()
		l.Notes = fmt.Sprintf("payrolled: cash equivalent %s for %s (amount made good %s deducted) − %s payrolled on earlier paydays = %s over %d payday(s) left",
			ce.String(), uk.UKTaxYearName(p.year), madeGood.String(), done.String(), left.String(), paydays)
		out = append(out, l)
	}
	return out
}

// ukPayrolledInput is the calculation's payrolled benefits of the lines:
// each UK benefit line's amount still to tax (rate) over its paydays
// (units), as ukPayrolledBenefitLines made it or the run stored it.
func ukPayrolledInput(lines []line) []calc.UKPayrolledBenefit {
	var out []calc.UKPayrolledBenefit
	for i := range lines {
		l := &lines[i]
		if l.Kind != KindBenefit {
			continue
		}
		n, _ := strconv.Atoi(l.Units)
		out = append(out, calc.UKPayrolledBenefit{Name: l.CategoryName, ToTax: payroll.MoneyFromDecimal(l.rate.Decimal()), Paydays: n})
	}
	return out
}

// ukPayrolledAmounts writes calc's notional pay (benefit.payrolled, in
// the lines' order) into the benefit lines.
func ukPayrolledAmounts(lines []line, res *calc.Result) {
	j := 0
	for i := range lines {
		if lines[i].Kind != KindBenefit {
			continue
		}
		for j < len(res.Figures) && res.Figures[j].Code != "benefit.payrolled" {
			j++
		}
		if j == len(res.Figures) {
			return
		}
		lines[i].amount, lines[i].Amount = res.Figures[j].Amount, res.Figures[j].Amount.MinorUnits()
		j++
	}
}
