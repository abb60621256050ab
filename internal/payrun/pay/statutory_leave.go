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
	lines, absences, err := w.s.StatutoryLeave.PayPeriod(ctx, w.q, biz, run.ID, run.PeriodStarting, run.PeriodEnding, 0, math.MaxInt64)
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
		addWorkDay(c.workDays, d)
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
		rate := payroll.RateFromDecimal(pl.WeeklyRate.Decimal())
		if pl.Arrears {
			// The top-up of a week paid before: one amount, its working
			// in the notes.
			units, rate = payroll.RateFromInt(1), payroll.RateFromDecimal(pl.Amount.Decimal())
		}
		l := earningsLine(Category{Name: pl.Kind.Name(), Kind: calc.Leave}, units, rate, pl.Amount, payroll.Rate{}, pl.Notes)
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
	return mondayToFriday
}

// away is the days employee id is absent on statutory leave, sickness
// or an occupational absence scheme period (nil: none).
func (c *statutoryCache) away(id int64) func(time.Time) bool {
	if c == nil || (len(c.absences[id]) == 0 && len(c.occupational[id]) == 0) {
		return nil
	}
	absences, occupational := c.absences[id], c.occupational[id]
	return func(d time.Time) bool {
		for _, a := range absences {
			if !d.Before(a.From) && !d.After(a.To) {
				return true
			}
		}
		for _, o := range occupational {
			if !d.Before(payroll.DateOnly(o.FromDate)) && !d.After(payroll.DateOnly(o.ToDate)) {
				return true
			}
		}
		return false
	}
}

// absentOn is the days of UK employee e's statutory absence (away), for
// the leave requests of the calculation (leaveHoursPresent); nil outside
// the UK, without the service or without absence.
func (w *Writer) absentOn(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow) (func(time.Time) bool, error) {
	if w.s.StatutoryLeave == nil || region != calc.UK {
		return nil, nil
	}
	if err := w.loadStatutory(ctx, region, run); err != nil {
		return nil, err
	}
	return w.statutory.away(e.ID), nil
}

// applyAbsence reduces a UK employee's standard earnings for the working
// days of the run's period they are absent on statutory leave, sickness
// or an occupational absence scheme period, and adds the occupational
// scheme's top-up. The rule (working-days method):
//
//   - working days are the employee's standard work days (workDaysOf);
//     a standard earnings line's working days are those among its own
//     days: the whole period, or, when the pay rate changes within it,
//     the part of the period paid at the line's rate (standardLines);
//   - each standard earnings line loses its amount × its absent working
//     days ÷ its working days (to the cent, half up), so an absence costs
//     the pay of the rate in force on the day; a line left at nothing is
//     dropped; an hourly line loses the same share of its hours. The
//     amount is the line's before approved leave came out of it: a day is
//     absent once (leave requests do not pay statutory absence days,
//     leaveHoursPresent). The statutory pay lines (statutoryLines) are
//     paid instead;
//   - an occupational scheme period pays its percentage of the normal
//     pay of its working days in the period (each standard line before
//     the reduction × the scheme's working days among the line's ÷ the
//     line's working days) less the statutory pay of the matching kind
//     for the same days (each statutory line counted for the share of
//     the days it pays inside the scheme period: SSP's qualifying days,
//     as SSP is paid per qualifying day, the other payments' calendar
//     days), never below zero: an earnings line "Occupational <type>
//     pay" with external id occupationalabsence:<id>.
//
// Employees paid by timesheet have no standard earnings: nothing is
// reduced and no top-up is paid (their timesheets are what they worked).
func (w *Writer) applyAbsence(e *EmployeeRow, run *store.PayRun, lines []line) []line {
	c := w.statutory
	away := c.away(e.ID)
	if away == nil {
		return lines
	}
	wd := c.workDaysOf(e.ID)
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	// count is the working days of [a, b] and, of them, those on which on.
	count := func(a, b time.Time, on func(time.Time) bool) (working, n int64) {
		for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
			if !wd[d.Weekday()] {
				continue
			}
			working++
			if on(d) {
				n++
			}
		}
		return working, n
	}
	// normal is a standard line's days and pay before the reduction.
	type normal struct {
		from, to time.Time
		amount   payroll.Money
	}
	var normals []normal
	out := lines[:0:0]
	for _, l := range lines {
		if !l.standard || l.Kind != KindEarnings {
			out = append(out, l)
			continue
		}
		lf, lt := from, to
		fullUnits, fullHours, fullAmount := l.units, l.hours, l.amount
		if !l.from.IsZero() {
			lf, lt = l.from, l.to
			fullUnits, fullHours, fullAmount = l.fullUnits, l.fullHours, l.fullAmount
		}
		normals = append(normals, normal{lf, lt, fullAmount})
		working, absent := count(lf, lt, away)
		if working == 0 || absent == 0 {
			out = append(out, l)
			continue
		}
		cut := fullAmount.MulInt(absent).DivInt(working).Cents()
		share := payroll.RateFromInt(absent).Div(payroll.RateFromInt(working))
		if l.hours = l.hours.Sub(fullHours.Mul(share)).RoundHalfUp(4); l.hours.IsNeg() {
			l.hours = payroll.Rate{}
		}
		if l.units.Cmp(payroll.RateFromInt(1)) == 0 || !l.rate.IsPos() {
			l.amount = l.amount.Sub(cut)
			l.rate = payroll.RateFromDecimal(l.amount.Decimal())
		} else {
			l.units = l.units.Sub(fullUnits.Mul(share)).RoundHalfUp(4)
			l.amount = l.amount.Sub(cut)
		}
		if !l.amount.IsPos() {
			continue
		}
		l.Units, l.Rate, l.Amount = l.units.RoundHalfUp(4).String(), l.rate.RoundHalfUp(4).String(), l.amount.MinorUnits()
		note := fmt.Sprintf("reduced by %s for %d of %d working days absent", cut.StringFixed(2), absent, working)
		l.Notes = joinNotes(l.Notes, note)
		out = append(out, l)
	}
	if len(normals) == 0 {
		return out
	}
	for _, o := range c.occupational[e.ID] {
		of, ot := payroll.DateOnly(o.FromDate), payroll.DateOnly(o.ToDate)
		inScheme := func(d time.Time) bool { return !d.Before(of) && !d.After(ot) }
		working, days := count(from, to, inScheme)
		if days == 0 || o.PayPercentage <= 0 {
			continue
		}
		// Σ normal × its scheme days ÷ its working days × percentage
		// (hundredths of a percent).
		due := payroll.Money{}
		for _, n := range normals {
			if lw, ld := count(n.from, n.to, inScheme); lw > 0 && ld > 0 {
				due = due.Add(n.amount.MulInt(ld * o.PayPercentage).DivInt(lw * 10000))
			}
		}
		due = due.Cents()
		kind := occupationalKinds[o.AbsenceType]
		paid := payroll.Money{}
		for _, s := range c.lines[e.ID] {
			if s.Kind != kind || s.Arrears {
				continue
			}
			if in, all := paidDaysIn(s, of, ot); in > 0 && all > 0 {
				paid = paid.Add(s.Amount.MulInt(in).DivInt(all))
			}
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

// paidDaysIn is how many of the days statutory line s pays fall in
// [lo, hi], and how many it pays: SSP is paid per qualifying day (its
// paid days, statutoryleave.PayLine.Paid), the other payments per
// calendar day of the week (From to To).
func paidDaysIn(s statutoryleave.PayLine, lo, hi time.Time) (in, all int64) {
	if s.Paid != nil {
		for _, d := range s.Paid {
			if !d.Before(lo) && !d.After(hi) {
				in++
			}
		}
		return in, int64(len(s.Paid))
	}
	a, b := s.From, s.To
	if a.Before(lo) {
		a = lo
	}
	if b.After(hi) {
		b = hi
	}
	if b.Before(a) {
		return 0, calendarDays(s.From, s.To)
	}
	return calendarDays(a, b), calendarDays(s.From, s.To)
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
