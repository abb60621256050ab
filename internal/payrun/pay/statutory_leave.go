package pay

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
)

// statutoryCache holds a run's UK statutory pay lines and absences by
// employee, read once per writer (one query each for the whole business
// and period): periods of statutory leave and sickness, occupational
// absence scheme periods, and the standard work days of employees with
// an advanced work week.
type statutoryCache struct {
	lines        map[int64][]statutoryleave.PayLine
	absences     map[int64][]statutoryleave.Absence
	occupational map[int64][]store.UkOccupationalAbsence
	workDays     map[int64]*[7]bool
}

func (w *Writer) loadStatutory(ctx context.Context, region string, run *store.PayRun) error {
	if w.statutory != nil {
		return nil
	}
	biz := business.Business{ID: w.bizID, Region: region}
	lines, absences, err := w.s.StatutoryLeave.PayPeriod(ctx, w.q, biz, run.PeriodStarting, run.PeriodEnding, 0, math.MaxInt64)
	if err != nil {
		return err
	}
	c := &statutoryCache{lines: lines, absences: absences, occupational: map[int64][]store.UkOccupationalAbsence{}, workDays: map[int64]*[7]bool{}}
	occ, err := w.q.ListOccupationalAbsencesInPeriod(ctx, store.ListOccupationalAbsencesInPeriodParams{BusinessID: w.bizID,
		FromDate: payroll.DateOnly(run.PeriodStarting), ToDate: payroll.DateOnly(run.PeriodEnding), EmployeeLo: 0, EmployeeHi: math.MaxInt64})
	if err != nil {
		return err
	}
	for _, o := range occ {
		c.occupational[o.EmployeeID] = append(c.occupational[o.EmployeeID], o)
	}
	days, err := w.q.ListAdvancedWorkDaysOfBusiness(ctx, w.bizID)
	if err != nil {
		return err
	}
	for _, d := range days {
		wd := c.workDays[d.EmployeeID]
		if wd == nil {
			wd = &[7]bool{}
			c.workDays[d.EmployeeID] = wd
		}
		h, err := payroll.ParseRate(d.Hours)
		if d.DayOfWeek >= 0 && d.DayOfWeek < 7 && err == nil && h.IsPos() && d.WorkDayType != "Off" && d.WorkDayType != "Rest" {
			wd[d.DayOfWeek] = true
		}
	}
	w.statutory = c
	return nil
}

// statutoryLines are the UK statutory pay lines (SMP, SPP, SAP, ShPP,
// SPBP, SNCP, SSP) of employee e for the run's period: earnings lines
// named after the payment, one per week of leave in the period, whose
// notes say the week and days and whose external id names the period of
// leave and week (statutoryleave.LineID). They are taxable and NI-able
// earnings like any other. Nothing outside the UK, or without the
// service.
func (w *Writer) statutoryLines(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow) ([]line, error) {
	if w.s.StatutoryLeave == nil || region != calc.UK {
		return nil, nil
	}
	if err := w.loadStatutory(ctx, region, run); err != nil {
		return nil, err
	}
	var out []line
	for _, pl := range w.statutory.lines[e.ID] {
		units := payroll.RateFromInt(int64(pl.Days)).Div(payroll.RateFromInt(int64(pl.PerWeek)))
		l := earningsLine(Category{Name: pl.Kind.Name(), Kind: calc.Leave}, units, payroll.RateFromDecimal(pl.WeeklyRate.Decimal()), pl.Amount, payroll.Rate{}, pl.Notes)
		l.ExternalID = pl.ExternalID
		out = append(out, l)
	}
	return out, nil
}

// OccupationalLinePrefix starts the external id of an occupational
// absence top-up line: occupationalabsence:<period id>.
const OccupationalLinePrefix = "occupationalabsence:"

// occupationalKinds is the statutory payment an occupational scheme
// period tops up.
var occupationalKinds = map[string]statutoryleave.Kind{
	"Sickness": statutoryleave.SSP, "Maternity": statutoryleave.SMP, "Paternity": statutoryleave.SPP, "Adoption": statutoryleave.SAP,
	"SharedParental": statutoryleave.ShPP, "ParentalBereavement": statutoryleave.SPBP, "NeonatalCare": statutoryleave.SNCP,
}

// workDaysOf is e's standard work days by weekday (Sunday = 0): the days
// of their advanced work week with hours (any week of a multi-week
// pattern), else Monday to Friday.
func (c *statutoryCache) workDaysOf(id int64) [7]bool {
	if wd := c.workDays[id]; wd != nil {
		for _, d := range wd {
			if d {
				return *wd
			}
		}
	}
	return [7]bool{false, true, true, true, true, true, false}
}

// applyAbsence reduces a UK employee's standard earnings for the working
// days of the run's period they are absent on statutory leave, sickness
// or an occupational absence scheme period, and adds the occupational
// scheme's top-up. The rule (working-days method):
//
//   - working days are the employee's standard work days (workDaysOf);
//     the period's working days are those from its first to last day;
//   - each standard earnings line loses amount × absent working days ÷
//     the period's working days (to the cent, half up); a line left at
//     nothing is dropped; an hourly line loses the same share of its
//     hours. The statutory pay lines (statutoryLines) are paid instead;
//   - an occupational scheme period pays its percentage of the normal
//     pay of its working days in the period (the standard earnings before
//     the reduction × those days ÷ the period's working days) less the
//     statutory pay of the matching kind for the same days (each
//     statutory line counted for the share of its calendar days inside
//     the scheme period), never below zero: an earnings line
//     "Occupational <type> pay" with external id
//     occupationalabsence:<id>.
//
// Employees paid by timesheet have no standard earnings: nothing is
// reduced and no top-up is paid (their timesheets are what they worked).
func (w *Writer) applyAbsence(e *EmployeeRow, run *store.PayRun, lines []line) []line {
	c := w.statutory
	if c == nil || (len(c.absences[e.ID]) == 0 && len(c.occupational[e.ID]) == 0) {
		return lines
	}
	wd := c.workDaysOf(e.ID)
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	away := func(d time.Time) bool {
		for _, a := range c.absences[e.ID] {
			if !d.Before(a.From) && !d.After(a.To) {
				return true
			}
		}
		for _, o := range c.occupational[e.ID] {
			if !d.Before(payroll.DateOnly(o.FromDate)) && !d.After(payroll.DateOnly(o.ToDate)) {
				return true
			}
		}
		return false
	}
	var working, absent int64
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		if !wd[d.Weekday()] {
			continue
		}
		working++
		if away(d) {
			absent++
		}
	}
	if working == 0 || absent == 0 {
		return lines
	}
	normal := payroll.Money{}
	out := lines[:0:0]
	for _, l := range lines {
		if !l.standard || l.Kind != KindEarnings {
			out = append(out, l)
			continue
		}
		normal = normal.Add(l.amount)
		cut := l.amount.MulInt(absent).DivInt(working).Cents()
		keep := payroll.RateFromInt(working - absent).Div(payroll.RateFromInt(working))
		l.hours = l.hours.Mul(keep).RoundHalfUp(4)
		if l.units.Cmp(payroll.RateFromInt(1)) == 0 || !l.rate.IsPos() {
			l.amount = l.amount.Sub(cut)
			l.rate = payroll.RateFromDecimal(l.amount.Decimal())
		} else {
			l.units = l.units.Mul(keep).RoundHalfUp(4)
			l.amount = l.amount.Sub(cut)
		}
		if !l.amount.IsPos() {
			continue
		}
		l.Units, l.Rate, l.Amount = l.units.RoundHalfUp(4).String(), l.rate.RoundHalfUp(4).String(), l.amount.MinorUnits()
		note := fmt.Sprintf("reduced by %s for %d of %d working days absent", cut.StringFixed(2), absent, working)
		if l.Notes == "" {
			l.Notes = note
		} else {
			l.Notes += "; " + note
		}
		out = append(out, l)
	}
	if !normal.IsPos() {
		return out
	}
	for _, o := range c.occupational[e.ID] {
		of, ot := payroll.DateOnly(o.FromDate), payroll.DateOnly(o.ToDate)
		var days int64
		for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
			if wd[d.Weekday()] && !d.Before(of) && !d.After(ot) {
				days++
			}
		}
		if days == 0 || o.PayPercentage <= 0 {
			continue
		}
		// normal × days ÷ working × percentage (hundredths of a percent).
		due := normal.MulInt(days * o.PayPercentage).DivInt(working * 10000).Cents()
		kind := occupationalKinds[o.AbsenceType]
		paid := payroll.Money{}
		for _, s := range c.lines[e.ID] {
			if s.Kind != kind {
				continue
			}
			lo, hi := s.From, s.To
			if lo.Before(of) {
				lo = of
			}
			if hi.After(ot) {
				hi = ot
			}
			if hi.Before(lo) {
				continue
			}
			in, all := calendarDays(lo, hi), calendarDays(s.From, s.To)
			paid = paid.Add(s.Amount.MulInt(in).DivInt(all))
		}
		paid = paid.Cents()
		top := due.Sub(paid)
		if !top.IsPos() {
			continue
		}
		pct := payroll.RateFromInt(o.PayPercentage).Div(payroll.RateFromInt(100))
		name := "Occupational " + strings.ToLower(splitWords(o.AbsenceType)) + " pay"
		notes := fmt.Sprintf("%s scheme %s to %s at %s%% of normal pay: %d of %d working days = %s less statutory pay %s",
			o.AbsenceType, of.Format("2006-01-02"), ot.Format("2006-01-02"), pct.String(), days, working, due.StringFixed(2), paid.StringFixed(2))
		l := earningsLine(Category{Name: name, Kind: calc.Leave}, payroll.RateFromInt(1), payroll.RateFromDecimal(top.Decimal()), top, payroll.Rate{}, notes)
		l.ExternalID = OccupationalLinePrefix + strconv.FormatInt(o.ID, 10)
		out = append(out, l)
	}
	return out
}

func calendarDays(a, b time.Time) int64 { return int64(b.Sub(a).Hours()/24) + 1 }

// splitWords spells a CamelCase absence type as words (SharedParental ->
// Shared Parental).
func splitWords(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
