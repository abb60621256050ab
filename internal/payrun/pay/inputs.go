package pay

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// KindLeaveAccrued is the kind of a run's leave accrued lines: category =
// the leave category, units = the hours accrued (amount 0). Finalise
// posts them to the employees' leave balances.
const KindLeaveAccrued = "leaveaccrued"

// Timesheet import options of a run (PayRunCreateRequest).
const (
	TimesheetsNone           = "None"
	TimesheetsThisPayPeriod  = "ThisPayPeriod"
	TimesheetsAllOutstanding = "AllOutstanding"
	TimesheetsCustomPeriod   = "CustomPeriod"
)

// Source kinds (pay_run_sources.kind): what a calculated line paid.
const (
	SourceLeave     = "leave"     // a leave request: hours taken
	SourceTimesheet = "timesheet" // a timesheet line
	sourceInclusion = "inclusion" // a recurring inclusion: amount paid
)

// source is one pay_run_sources row in memory.
type source struct {
	kind            string
	id              int64
	leaveCategoryID int64
	hoursE6         int64
	amount          int64
}

// runOptions are the inputs a run was created with (pay_run_options);
// a run without a row imports no timesheets and pays leave requests.
type runOptions struct {
	timesheets   string
	from, to     time.Time // CustomPeriod
	excludeLeave bool
}

// rateEntry is a pay rate change (employee_pay_rate_schedules).
type rateEntry struct {
	from time.Time
	rate payroll.Rate
	unit string
}

// inputs is everything a calculation reads of its employees' records,
// each kind read once for the employees being calculated (by id range,
// the set kept here) and indexed by employee.
type inputs struct {
	opts       runOptions
	ids        map[int64]bool
	rates      map[int64][]rateEntry
	inclusions map[int64][]store.EmployeeRecurringInclusion
	leave      map[int64][]leave.Approved
	allowances map[int64][]store.LeaveAllowance
	timesheets map[int64][]timesheet.Line
	leaveCats  map[int64]categories.LeaveCategory
	autoLeave  []categories.LeaveCategory                     // categories that accrue for employees without allowances
	accrues    map[int64]bool                                 // pay category id -> its hours accrue leave
	expenses   map[int64][]store.ApprovedExpensesForPayRunRow // approved expense request lines (inputs_expenses.go)

	// recurring tax adjustments (taxadjustments.go)
	taxAdjust map[int64][]store.EmployeeRecurringTaxAdjustment
	// earnings line splits by location (earningssplits.go)
	splits map[int64][]store.ListEarningsLineSplitsOfRangeRow
	// timesheets interpreted under employment agreements (awards.go)
	awards *awardInputs
	// SG: employees' standard work days (sg_working_days.go)
	workDays map[int64]*[7]bool
	// SG: their half days (a 5.5-day week) and rest days
	halfDays, restDays map[int64]*[7]bool
	offDays            map[int64]*[7]bool // days typed Off: non-working days (sg_public_holiday_off_day.go)

	// publicHolidays reads an NZ business's stored public holidays
	// (nz_public_holidays.go).
	publicHolidays func() ([]payschedule.PublicHoliday, error)
}

func (in *inputs) covers(id int64) bool { return in != nil && in.ids[id] }

// loadInputs reads the inputs of employees ids of run: pay rate changes,
// recurring inclusions, approved leave requests, leave allowances and
// (per the run's option) approved timesheet lines, one query each.
func (s *Calculator) loadInputs(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, ids []int64) (*inputs, error) {
	in := &inputs{ids: make(map[int64]bool, len(ids)), rates: map[int64][]rateEntry{}, inclusions: map[int64][]store.EmployeeRecurringInclusion{},
		leave: map[int64][]leave.Approved{}, allowances: map[int64][]store.LeaveAllowance{}, timesheets: map[int64][]timesheet.Line{},
		leaveCats: map[int64]categories.LeaveCategory{}, accrues: map[int64]bool{}}
	in.opts.timesheets = TimesheetsNone
	opt, err := q.GetPayRunOptions(ctx, run.ID)
	switch {
	case err == nil:
		in.opts = runOptions{timesheets: opt.TimesheetImportOption, from: opt.TimesheetsFrom.Time, to: opt.TimesheetsTo.Time, excludeLeave: opt.ExcludeLeaveRequests}
	case !db.IsNoRows(err):
		return nil, err
	}
	if len(ids) == 0 {
		return in, nil
	}
	lo, hi := ids[0], ids[0]
	for _, id := range ids {
		in.ids[id] = true
		lo, hi = min(lo, id), max(hi, id)
	}
	start, end := run.PeriodStarting, run.PeriodEnding

	if err := in.loadRates(ctx, q, biz.ID, lo, hi, start, end); err != nil {
		return nil, err
	}

	incl, err := q.ListApplicableInclusions(ctx, store.ListApplicableInclusionsParams{BusinessID: biz.ID, EmployeeID: lo, EmployeeID_2: hi,
		ExpiryDate: sql.NullTime{Time: start, Valid: true}, FromDate: end})
	if err != nil {
		return nil, err
	}
	for _, r := range incl {
		if in.ids[r.EmployeeID] {
			in.inclusions[r.EmployeeID] = append(in.inclusions[r.EmployeeID], r)
		}
	}

	if err := in.loadExpenses(ctx, q, biz.ID, lo, hi, end); err != nil {
		return nil, err
	}
	if err := in.loadTaxAdjustments(ctx, q, biz.ID, lo, hi, run); err != nil {
		return nil, err
	}
	if err := in.loadSplits(ctx, q, biz.ID, lo, hi); err != nil {
		return nil, err
	}

	if s.Leave != nil && !in.opts.excludeLeave {
		reqs, err := s.Leave.ApprovedInRange(ctx, q, biz.ID, lo, hi, start, end)
		if err != nil {
			return nil, err
		}
		for _, a := range reqs {
			if in.ids[a.EmployeeID] {
				in.leave[a.EmployeeID] = append(in.leave[a.EmployeeID], a)
			}
		}
	}

	// Every region: an hourly joiner's or leaver's standard hours are
	// shared by their working days (part-period-pay.md), and an NZ final
	// pay's public holidays fall on them (Holidays Act s 40).
	if err := in.loadWorkDays(ctx, q, biz.ID); err != nil {
		return nil, err
	}
	if err := s.loadNZPublicHolidays(ctx, biz, in); err != nil {
		return nil, err
	}

	allow, err := q.ListLeaveAllowancesInRange(ctx, store.ListLeaveAllowancesInRangeParams{BusinessID: biz.ID, EmployeeID: lo, EmployeeID_2: hi})
	if err != nil {
		return nil, err
	}
	for _, a := range allow {
		if in.ids[a.EmployeeID] {
			in.allowances[a.EmployeeID] = append(in.allowances[a.EmployeeID], a)
		}
	}
	if from, to, ok := in.opts.timesheetPeriod(run); ok && s.Timesheets != nil {
		lines, err := s.Timesheets.ApprovedForPayRunRange(ctx, q, biz.ID, lo, hi, from, to) // callers pass a page of employees
		if err != nil {
			return nil, err
		}
		for _, l := range lines {
			if in.ids[l.EmployeeID] {
				in.timesheets[l.EmployeeID] = append(in.timesheets[l.EmployeeID], l)
			}
		}
		if err := s.interpretTimesheets(ctx, q, biz, run, in); err != nil {
			return nil, err
		}
	}

	if s.Categories != nil {
		lcs, err := s.Categories.LeaveCategories.List(ctx, biz, 0)
		if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
			return nil, err
		}
		for _, c := range lcs {
			in.leaveCats[c.ID] = c
			if c.AutomaticallyAccrues && c.Units.IsPos() && !c.IsBalanceUntracked {
				in.autoLeave = append(in.autoLeave, c)
			}
		}
		pcs, err := s.Categories.PayCategories.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		for _, c := range pcs {
			in.accrues[c.ID] = c.AccruesLeave
		}
	}
	return in, nil
}

// timesheetPeriod is the days whose approved timesheet lines the run pays
// (false = none): ThisPayPeriod the run's period, AllOutstanding every
// approved line up to the period's end, CustomPeriod the dates given.
func (o runOptions) timesheetPeriod(run *store.PayRun) (from, to time.Time, ok bool) {
	switch o.timesheets {
	case TimesheetsThisPayPeriod:
		return run.PeriodStarting, run.PeriodEnding, true
	case TimesheetsAllOutstanding:
		return time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC), run.PeriodEnding, true
	case TimesheetsCustomPeriod:
		if !o.from.IsZero() && !o.to.IsZero() {
			return o.from, o.to, true
		}
	}
	return time.Time{}, time.Time{}, false
}

var (
	one     = payroll.RateFromInt(1)
	hundred = payroll.RateFromInt(100)
)

// lineMoney is units × rate rounded to the cent (half up).
func lineMoney(units, rate payroll.Rate) payroll.Money {
	return payroll.MoneyFromDecimal(units.Mul(rate).Decimal()).Cents()
}

// segment is a part of the period paid at one base rate.
type segment struct {
	days int
	rate rateEntry
}

// segments splits the run's period at the employee's pay rate changes:
// each part is paid at the rate in force on its first day (the
// employee's own rate before their first change).
func (in *inputs) segments(e *EmployeeRow, run *store.PayRun) []segment {
	own := rateEntry{unit: e.RateUnit}
	if e.Rate.Valid {
		own.rate, _ = payroll.ParseRate(e.Rate.String)
	}
	start, end := run.PeriodStarting, run.PeriodEnding
	total := int(end.Sub(start).Hours()/24) + 1
	var list []rateEntry
	if in != nil {
		list = in.rates[e.ID]
	}
	cur := own
	var out []segment
	from := start
	for _, r := range list {
		if !r.from.After(start) {
			cur = r
			continue
		}
		days := int(r.from.Sub(from).Hours() / 24)
		if days > 0 {
			out = append(out, segment{days: days, rate: cur})
		}
		from, cur = r.from, r
	}
	out = append(out, segment{days: total - int(from.Sub(start).Hours()/24), rate: cur})
	return out
}

// withRate is e paid at r.
func withRate(e *EmployeeRow, r rateEntry) *EmployeeRow {
	c := *e
	c.Rate = sql.NullString{String: r.rate.String(), Valid: r.rate.IsPos()}
	c.RateUnit = r.unit
	return &c
}

// hourlyRate is the hourly equivalent of the standard line l (its
// amount over its hours; the rate itself for an hourly line).
func hourlyRate(l *line, unit string) (payroll.Rate, bool) {
	if unit == "Hourly" {
		return l.rate, l.rate.IsPos()
	}
	if !l.hours.IsPos() {
		return payroll.Rate{}, false
	}
	return payroll.RateFromDecimal(l.amount.Decimal()).Div(l.hours), true
}

// LeaveHourlyRate is the hourly rate a pay run pays leave at for an
// employee on rate and unit (the employee's stored rate_unit) with the
// stored hours per week and per day, paid on a schedule of frequency
// freq: an hourly rate as is, otherwise the period's standard earnings
// over its standard hours (periodRate's rule, so a salary of $52,000 for
// 40 hours a week is $25 an hour). The leave reports value balances with
// it. ok is false where the run has none either: no rate, no hours per
// week, or a frequency the run does not calculate (a fixed rate is an
// amount per period and means nothing without one).
func LeaveHourlyRate(rate, unit, hoursPerWeek, hoursPerDay, freq string) (payroll.Rate, bool) {
	valid := func(s string) sql.NullString { return sql.NullString{String: s, Valid: strings.TrimSpace(s) != ""} }
	e := EmployeeRow{Rate: valid(rate), RateUnit: unit, HoursPerWeek: valid(hoursPerWeek), HoursPerDay: valid(hoursPerDay)}
	l, ok := standardEarnings(&e, freq, Category{})
	if !ok {
		return payroll.Rate{}, false
	}
	return hourlyRate(&l, unit)
}

// loadRates reads the pay rate changes of in's employees between ids lo
// and hi for the period start-end: the last one commencing by the
// period's start and every one within the period.
func (in *inputs) loadRates(ctx context.Context, q *store.Queries, bizID, lo, hi int64, start, end time.Time) error {
	rates, err := q.ListPayRateSchedulesInRange(ctx, store.ListPayRateSchedulesInRangeParams{BusinessID: bizID, EmployeeID: lo, EmployeeID_2: hi, CommencementDate: end})
	if err != nil {
		return err
	}
	for _, r := range rates {
		if !in.ids[r.EmployeeID] {
			continue
		}
		rate, err := payroll.ParseRate(r.Rate)
		if err != nil {
			continue
		}
		e := rateEntry{from: payroll.DateOnly(r.CommencementDate), rate: rate, unit: r.RateUnit}
		list := in.rates[r.EmployeeID]
		if n := len(list); n > 0 && !list[n-1].from.After(start) && !e.from.After(start) {
			list[n-1] = e // a later change before the period replaces an earlier one
		} else {
			list = append(list, e)
		}
		in.rates[r.EmployeeID] = list
	}
	return nil
}

// standardLines are the employee's standard earnings for the run: one
// line per pay rate in force in the period (prorated by calendar days
// when the rate changes within it).
func (in *inputs) standardLines(e *EmployeeRow, run *store.PayRun, cat Category) []line {
	segs := in.segments(e, run)
	total := 0
	for _, s := range segs {
		total += s.days
	}
	var out []line
	next := payroll.DateOnly(run.PeriodStarting)
	for _, s := range segs {
		from := next
		next = next.AddDate(0, 0, s.days)
		l, ok := standardEarnings(withRate(e, s.rate), run.Frequency, cat)
		if !ok {
			continue
		}
		if len(segs) > 1 {
			frac := payroll.RateFromInt(int64(s.days)).Div(payroll.RateFromInt(int64(total)))
			l.units, l.hours = l.units.Mul(frac).RoundHalfUp(4), l.hours.Mul(frac).RoundHalfUp(4)
			l.amount = lineMoney(l.units, l.rate)
			if s.rate.unit != "Hourly" && s.rate.unit != "Daily" && s.rate.unit != "Weekly" {
				// A per-period amount (rate = the period's pay): its share.
				l.amount = payroll.MoneyFromDecimal(l.rate.Mul(frac).Decimal()).Cents()
				l.units = frac.RoundHalfUp(4)
			}
			l.Units, l.Amount = l.units.RoundHalfUp(4).String(), l.amount.MinorUnits()
		}
		l.from, l.to = from, next.AddDate(0, 0, -1)
		l.fullUnits, l.fullHours, l.fullAmount = l.units, l.hours, l.amount
		out = append(out, l)
	}
	return out
}

// employedShare pays an employee who starts or leaves inside the period
// for the days they are employed: each standard line keeps its share of
// its own days that fall from the start date to the end date, and
// remembers what it pays for a whole period (a final pay's normal
// earnings, Schedule 7). A salary's days are calendar days (as pay rate
// changes inside a period are shared) except in Singapore, where the
// Employment Act's incomplete-month formula counts the employee's working
// days; standard hours paid by the hour or day (no timesheets) are paid
// for the working days employed in every region, as hours and days are
// paid for the days worked (wd, the employee's standard work week:
// sg_working_days.go; Monday to Friday where none is stored). In
// Singapore a half day of half (a 5.5-day week's) counts ½ (MOM's
// half-day): docs/reference/part-period-pay.md.
func employedShare(region string, e *EmployeeRow, run *store.PayRun, std []line, wd, half *[7]bool) []line {
	lo, hi := employedSpan(e, run)
	if lo.Equal(payroll.DateOnly(run.PeriodStarting)) && hi.Equal(payroll.DateOnly(run.PeriodEnding)) {
		return std
	}
	calendar := func(a, b time.Time) int { return int(calendarDays(a, b)) }
	working, per := weekdays, int64(1) // per: counts a day
	if wd != nil {
		working = workingDays(wd)
		if region == calc.SG && half != nil {
			working, per = workingHalves(wd, half), 2 // in half days: only ratios are taken
		}
	}
	out := std[:0]
	for _, l := range std {
		count := calendar
		if region == calc.SG || l.rateUnit == "Hourly" || l.rateUnit == "Daily" {
			count = working
		}
		total := int64(count(payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)))
		days := int64(count(l.from, l.to))
		from, to := l.from, l.to
		if from.Before(lo) {
			from = lo
		}
		if to.After(hi) {
			to = hi
		}
		if to.Before(from) || days <= 0 {
			continue
		}
		kept := int64(count(from, to))
		if kept <= 0 {
			continue
		}
		l.fullPeriod = l.amount.MulInt(total).DivInt(days).Cents()
		if kept < days {
			frac := payroll.RateFromInt(kept).Div(payroll.RateFromInt(days))
			units := l.units.Mul(frac)
			l.amount = payroll.MoneyFromDecimal(units.Mul(l.rate).Decimal()).Cents()
			l.units, l.hours = units.RoundHalfUp(4), l.hours.Mul(frac).RoundHalfUp(4)
			l.from, l.to = from, to
			l.fullUnits, l.fullHours, l.fullAmount = l.units, l.hours, l.amount
			l.Units, l.Amount = l.units.String(), l.amount.MinorUnits()
			if region == calc.UK && l.Notes == "" {
				// The contract decides part-period salary; the measure used
				// is said on the line (docs/reference/part-period-pay.md).
				measure := "calendar days"
				if l.rateUnit == "Hourly" || l.rateUnit == "Daily" {
					measure = "working days"
				}
				l.Notes = fmt.Sprintf("Part period (joiner or leaver): %d of the %d %s employed, %s to %s",
					kept, days, measure, from.Format("2 January"), to.Format("2 January 2006"))
			}
			if region == calc.SG && l.Notes == "" {
				asDays := func(n int64) string { return payroll.RateFromInt(n).Div(payroll.RateFromInt(per)).String() }
				l.Notes = "Incomplete month (MOM, salary for an incomplete month of work): " + asDays(kept) + " of " + asDays(days) +
					" working days from " + from.Format("2 January") + " to " + to.Format("2 January 2006")
				if per == 2 {
					l.Notes += " (a half day, 5 hours or less, counts ½: MOM, \"Monthly and daily salary\")"
				}
			}
		}
		out = append(out, l)
	}
	return out
}

// employedSpan is the part of run's period employee e is employed: from
// the later of the period's start and their start date to the earlier of
// its end and their end date (hi before lo: not employed in it).
func employedSpan(e *EmployeeRow, run *store.PayRun) (lo, hi time.Time) {
	lo, hi = payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	if e.StartDate.Valid && payroll.DateOnly(e.StartDate.Time).After(lo) {
		lo = payroll.DateOnly(e.StartDate.Time)
	}
	if e.EndDate.Valid && payroll.DateOnly(e.EndDate.Time).Before(hi) {
		hi = payroll.DateOnly(e.EndDate.Time)
	}
	return lo, hi
}

// employedDays are the calendar days of run's period employee e is
// employed (from their start date to their end date) and the period's.
func employedDays(e *EmployeeRow, run *store.PayRun) (employed, total int64) {
	total = calendarDays(payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding))
	lo, hi := employedSpan(e, run)
	if hi.Before(lo) {
		return 0, total
	}
	return calendarDays(lo, hi), total
}

// weekdays counts Monday-Friday days from a through b (inclusive).
func weekdays(a, b time.Time) int {
	n := 0
	for d := payroll.DateOnly(a); !d.After(b); d = d.AddDate(0, 0, 1) {
		if wd := d.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n++
		}
	}
	return n
}

// leaveHours is the hours of an approved request the run pays: a request
// ending in the period pays what earlier runs left of it; one running on
// past the period's end pays its weekdays in the period's share.
func leaveHours(a leave.Approved, run *store.PayRun) payroll.Rate {
	left := a.Hours.Sub(a.HoursApplied)
	if !left.IsPos() {
		return payroll.Rate{}
	}
	if !payroll.DateOnly(a.ToDate).After(run.PeriodEnding) {
		return left
	}
	from := payroll.DateOnly(a.FromDate)
	if from.Before(run.PeriodStarting) {
		from = run.PeriodStarting
	}
	all, part := weekdays(payroll.DateOnly(a.FromDate), payroll.DateOnly(a.ToDate)), weekdays(from, run.PeriodEnding)
	if all == 0 {
		all = int(payroll.DateOnly(a.ToDate).Sub(payroll.DateOnly(a.FromDate)).Hours()/24) + 1
		part = int(run.PeriodEnding.Sub(from).Hours()/24) + 1
	}
	h := a.Hours.Mul(payroll.RateFromInt(int64(part))).Div(payroll.RateFromInt(int64(all))).RoundHalfUp(4)
	if left.Less(h) {
		h = left
	}
	return h
}

// leaveHoursPresent is leaveHours less the request's days in the period
// on which the employee is away on UK statutory leave or sickness (away,
// statutory_leave.go; nil = never). A day is absent once and statutory
// pay pays it (the statutory absence wins: the salary is reduced for it
// once, by applyAbsence): a request overlapping such days pays its hours
// a day (its hours ÷ its weekdays, or calendar days without any, as
// leaveHours spreads them) for its days in the period that are not
// absent, at most what leaveHours would pay. The hours of the absent days
// are neither paid nor taken from the leave balance.
func leaveHoursPresent(a leave.Approved, run *store.PayRun, away func(time.Time) bool) payroll.Rate {
	h := leaveHours(a, run)
	if away == nil || !h.IsPos() {
		return h
	}
	from, to := payroll.DateOnly(a.FromDate), payroll.DateOnly(a.ToDate)
	all := weekdays(from, to)
	calendar := all == 0
	if calendar {
		all = int(to.Sub(from).Hours()/24) + 1
	}
	if lo := payroll.DateOnly(run.PeriodStarting); from.Before(lo) {
		from = lo
	}
	if hi := payroll.DateOnly(run.PeriodEnding); to.After(hi) {
		to = hi
	}
	present, absent := 0, 0
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		if wd := d.Weekday(); !calendar && (wd == time.Saturday || wd == time.Sunday) {
			continue
		}
		if away(d) {
			absent++
		} else {
			present++
		}
	}
	if absent == 0 || all == 0 {
		return h
	}
	if p := a.Hours.Mul(payroll.RateFromInt(int64(present))).Div(payroll.RateFromInt(int64(all))).RoundHalfUp(4); p.Less(h) {
		return p
	}
	return h
}

// calculated is an employee's calculated lines and what they paid.
type calculated struct {
	lines   []line
	sources []source
	// salaried is the rate (with its unit and hourly rate) of a salaried
	// employee whose ordinary timesheet hours the salary already paid
	// (timesheetLines); zero otherwise. Rules that add to worked hours
	// price them at its hourly rate (NZ s 50's other half), or at a day's
	// basic pay (SG s 88, sg_public_holiday_worked.go); rules for hours
	// not worked must not, the salary continues.
	salaried periodRate
}

func earningsLine(cat Category, units, rate payroll.Rate, amount payroll.Money, hours payroll.Rate, notes string) line {
	l := line{units: units, rate: rate, amount: amount, hours: hours, earningKind: cat.Kind, cat: &cat}
	l.Kind = KindEarnings
	l.CategoryID, l.CategoryName, l.TaxExempt = cat.ID, cat.Name, cat.TaxExempt
	l.Units, l.Rate, l.Amount, l.Notes = units.RoundHalfUp(4).String(), rate.RoundHalfUp(4).String(), amount.MinorUnits(), notes
	return l
}

// hoursE6 is h in millionths of an hour (the leave ledger's unit).
func hoursE6(h payroll.Rate) int64 {
	whole, frac, _ := h.RoundHalfUp(6).Decimal().Pad(6).Int64(6)
	return whole*1_000_000 + frac
}

// linesFor calculates an employee's lines of the run from their records,
// stage by stage: standard earnings at the pay rate in force (standard =
// the employee is on standard earnings), approved timesheet lines (an
// hourly employee with timesheets is paid their timesheets instead of
// their standard hours), approved leave in the period taken out of the
// standard hours and paid through the leave category's pay category,
// recurring inclusions within their dates and maximum (earnings first:
// percentages of gross count them), expenses, tax adjustments, leave
// accrued and location splits. kept are the employee's user-entered lines
// (percentages of gross count them); away the days of UK statutory
// absence, which leave requests do not pay (leaveHoursPresent; nil =
// none).
func (in *inputs) linesFor(e *EmployeeRow, run *store.PayRun, cats *Categories, standard bool, kept []line, away func(time.Time) bool) calculated {
	var out calculated
	primary := cats.primary(e.PrimaryPayCategoryID.Int64)
	var std []line
	if standard {
		std = employedShare(cats.Region, e, run, in.standardLines(e, run, primary), in.workWeekOf(e.ID), in.halfDaysOf(e.ID))
	}
	pr := in.periodRate(e, run, std, primary)
	byTimesheet, salaried := false, false
	if in != nil && len(in.timesheets[e.ID]) > 0 {
		if pr.unit == "Hourly" && len(std) > 0 {
			std, byTimesheet = nil, true // paid by timesheet instead of standard hours
		}
		salaried = len(std) > 0 && pr.ok && pr.unit != "Daily" // a salary: Annually (or another period)
		in.timesheetLines(e, cats, primary, in.dayRates(e, run, primary, pr), salaried, &out)
	}
	if (len(std) > 0 || byTimesheet) && pr.ok && in != nil {
		in.leaveLines(e, run, cats, primary, pr, std, away, &out)
	}
	out.lines = append(std, out.lines...)

	var incl []store.EmployeeRecurringInclusion
	if in != nil {
		incl = in.inclusions[e.ID]
	}
	earningsInclusionLines(incl, cats, &out)
	t := in.earningsTotals(kept, out.lines)
	otherInclusionLines(incl, cats, t, &out)
	in.expenseLines(e, cats, &out)
	in.taxAdjustmentLines(e, kept, &out)
	if in != nil {
		out.lines = append(out.lines, in.accruals(e, run, cats.Region, t.worked)...)
		out.lines = append(out.lines, in.ukRolledUpHolidayPay(e, cats, t.workedPay)...) // uk_rolled_up_holiday.go
	}
	in.splitEarnings(e, &out)
	return out
}

// periodRate is the rate unit in force at the period's end and the
// hourly rate then (leave and timesheets are paid at it).
type periodRate struct {
	unit   string
	rate   payroll.Rate // the rate in force at the period's end, in unit
	hourly payroll.Rate
	ok     bool // the employee has an hourly rate
}

// periodRate reads the rate at the period's end from the last standard
// line, or (no standard lines) from the standard earnings the employee
// would have at that rate.
func (in *inputs) periodRate(e *EmployeeRow, run *store.PayRun, std []line, primary Category) periodRate {
	segs := in.segments(e, run)
	pr := periodRate{unit: segs[len(segs)-1].rate.unit, rate: segs[len(segs)-1].rate.rate}
	if n := len(std); n > 0 {
		pr.hourly, pr.ok = hourlyRate(&std[n-1], pr.unit)
	} else if l, ok := standardEarnings(withRate(e, segs[len(segs)-1].rate), run.Frequency, primary); ok {
		pr.hourly, pr.ok = hourlyRate(&l, pr.unit)
	}
	return pr
}

// dayRates is the rate in force on a day of the period: pr (the
// period's end) unless the employee's pay rate changes inside the period,
// when a day before the change has the rate of its own part of the
// period. Work is paid at the rate in force when it is done.
// The note names the rate and its part of the period when it is not the
// period's end rate.
func (in *inputs) dayRates(e *EmployeeRow, run *store.PayRun, primary Category, pr periodRate) func(time.Time) (periodRate, string) {
	segs := in.segments(e, run)
	if len(segs) < 2 {
		return func(time.Time) (periodRate, string) { return pr, "" }
	}
	type part struct {
		until time.Time // the part's last day
		pr    periodRate
	}
	parts := make([]part, len(segs))
	day := run.PeriodStarting
	for i, sg := range segs {
		day = day.AddDate(0, 0, sg.days)
		parts[i] = part{until: day.AddDate(0, 0, -1), pr: pr}
		if i == len(segs)-1 {
			continue
		}
		p := periodRate{unit: sg.rate.unit, rate: sg.rate.rate}
		if l, ok := standardEarnings(withRate(e, sg.rate), run.Frequency, primary); ok {
			p.hourly, p.ok = hourlyRate(&l, p.unit)
		} else if p.unit == "Hourly" {
			p.hourly, p.ok = p.rate, p.rate.IsPos()
		}
		parts[i].pr = p
	}
	return func(t time.Time) (periodRate, string) {
		d := payroll.DateOnly(t)
		for i, p := range parts {
			if !d.After(p.until) {
				if i == len(parts)-1 {
					return pr, ""
				}
				return p.pr, fmt.Sprintf(" (work to %s at the rate then in force, %s %s; the rate changed on %s)",
					p.until.Format("2006-01-02"), p.pr.rate, p.pr.unit, p.until.AddDate(0, 0, 1).Format("2006-01-02"))
			}
		}
		return pr, ""
	}
}

// timesheetLines adds the employee's award-interpreted timesheet lines,
// then their other approved timesheet lines grouped by pay category and
// rate, one line each (leave lines are paid from leave requests; a line
// without a rate of its own is paid at the hourly rate, or not at all
// without one). salaried: the employee is paid a salary (standard
// earnings not by the hour), which already pays their ordinary hours, so
// timesheets of the primary category without a rate or units of their own
// record the hours and add no pay (a salaried employee keeps timesheets
// "whilst still being paid their normal working hours", Employment Hero,
// "Timesheets for salaried employees"); other categories (overtime,
// penalties) and lines priced by the client are paid as for anyone.
func (in *inputs) timesheetLines(e *EmployeeRow, cats *Categories, primary Category, rateOn func(time.Time) (periodRate, string), salaried bool, out *calculated) {
	type key struct {
		cat  int64
		rate string
	}
	type sum struct {
		cat          Category
		units, hours payroll.Rate
		rate         payroll.Rate
		note         string
	}
	sums := map[key]*sum{}
	var order []key
	award, awardSources := in.awardEarnings(e.ID, cats, primary)
	out.lines, out.sources = append(out.lines, award...), append(out.sources, awardSources...)
	for _, t := range in.timesheets[e.ID] {
		if t.LeaveCategoryID != 0 || in.awardPaid(e.ID, t.ID) {
			continue // leave is paid from leave requests; award lines above
		}
		cat := primary
		if c, ok := cats.ByKind[KindEarnings][t.PayCategoryID]; ok {
			cat = c
		}
		pr, when := rateOn(t.Start)
		if salaried && cat.ID == primary.ID && t.Rate == nil && t.Units == nil {
			out.sources = append(out.sources, source{kind: SourceTimesheet, id: t.ID})
			out.salaried = pr
			continue // the salary pays the hours
		}
		rate, note := pr.hourly, "Timesheets"
		switch {
		case t.Rate != nil:
			rate, when = *t.Rate, ""
		case !pr.ok:
			continue // no rate to pay it at
		case cat.Hourly:
			// The employee's rate with the category's loading (overtime,
			// penalties), as for an earnings line of units without a rate.
			base, sgNote, cover := pr.hourly, "", ""
			rate = cats.loadedRate(base, cat)
			if h, ok := sgHourlyBasicRate(cats.Region, pr.rate, pr.unit); ok {
				base, sgNote = h, "Timesheets: "+sgHourlyBasicNote(pr.rate, pr.unit, h)
				rate, cover = sgOvertimeRate(pr.rate, pr.unit, cat, h, cats.loadedRate(h, cat))
			}
			switch {
			case sgNote != "" && rate.Cmp(base) != 0:
				note = sgNote + " with the pay category's loading" + cover
			case sgNote != "":
				note = sgNote + cover
			case rate.Cmp(base) != 0:
				note = "Timesheets: the hourly rate " + pr.hourly.String() + " with the pay category's loading"
			}
		}
		units := payroll.RateFromInt(t.PaidMinutes()).Div(payroll.RateFromInt(60))
		hours := units
		if t.Units != nil {
			units, hours = *t.Units, payroll.Rate{}
		}
		k := key{cat.ID, rate.String()}
		sm, ok := sums[k]
		if !ok {
			sm = &sum{cat: cat, rate: rate, note: note + when}
			sums[k] = sm
			order = append(order, k)
		}
		sm.units, sm.hours = sm.units.Add(units), sm.hours.Add(hours)
		out.sources = append(out.sources, source{kind: SourceTimesheet, id: t.ID})
	}
	for _, k := range order {
		sm := sums[k]
		out.lines = append(out.lines, earningsLine(sm.cat, sm.units, sm.rate, lineMoney(sm.units, sm.rate), sm.hours, sm.note))
	}
}

// leaveLines pays the employee's approved leave in the period through
// the leave category's pay category at the hourly rate (unpaid without
// one), with leave loading where the category has it, and takes its hours
// out of what the category deducts them from (leaveDeduction): the
// standard lines std (latest first, in place) for
// deductFromPrimaryPayCategory, the run's earnings lines of
// deductFromPayCategoryId, or nothing (the salary continues; the leave is
// still taken from the balance and listed on the payslip).
// docs/reference/leave-deduction.md.
func (in *inputs) leaveLines(e *EmployeeRow, run *store.PayRun, cats *Categories, primary Category, pr periodRate, std []line, away func(time.Time) bool, out *calculated) {
	for _, a := range in.leave[e.ID] {
		h := leaveHoursPresent(a, run, away)
		if !h.IsPos() {
			continue
		}
		lc := in.leaveCats[a.LeaveCategoryID]
		// Paid through the category's pay category; a category without
		// one (or whose pay category is gone) is unpaid leave.
		cat, paid := Category{}, false
		// UK rolled-up holiday pay was paid with the work (reg 16A), so
		// the time off itself is unpaid (uk_rolled_up_holiday.go).
		rolledUp := cats.Region == calc.UK && lc.RolledUpHolidayPayPercent.IsPos()
		unpaidSick := nzSickLeaveUnpaid(cats.Region, e, &lc, a) // NZ: no sick leave in the first 6 months (nz_sick_leave.go)
		if lc.TransferToPayCategoryID != nil && !rolledUp && !unpaidSick {
			cat, paid = cats.ByKind[KindEarnings][*lc.TransferToPayCategoryID]
		}
		from := leaveDeduction(&lc, cats, primary, pr.hourly, len(std) > 0)
		rate := pr.hourly
		if from.rate.IsPos() {
			rate = from.rate // useDeductFromPayCategoryRate
		}
		if parts, ok := in.auLeaveParts(cats.Region, e, run, primary, pr, a, h); ok && !from.rate.IsPos() { // au_leave_rate_change.go
			// Priced per day; the hours come out of the standard lines only
			// when the category deducts from the primary pay category.
			ls, pay := auLeaveAcrossRateChange(parts, std, from.primary, cat, paid, lc.Name+from.note)
			for i := range ls {
				ls[i].earningKind, ls[i].leaveCat = calc.Leave, &lc
			}
			if from.category != 0 {
				takeFromCategory(out.lines, from.category, h)
			}
			out.lines = append(out.lines, ls...)
			if ll, ok := leaveLoadingLine(cats, &lc, cat, pay); ok && paid {
				out.lines = append(out.lines, ll)
			}
			out.sources = append(out.sources, source{kind: SourceLeave, id: a.LeaveRequestID, leaveCategoryID: a.LeaveCategoryID, hoursE6: hoursE6(h)})
			continue
		}
		pay := lineMoney(h, rate)
		switch {
		case from.primary:
			if p, ok := sgNoPayLeave(cats.Region, e, run, std, pr, in.workWeekOf(e.ID), in.halfDaysOf(e.ID), h, in.sgHolidaysInLeave(e, a)); ok && !paid {
				pay = p // SG: an incomplete month (sg_no_pay_leave.go)
			}
			takeFromStandard(std, h, pay, pr)
		case from.category != 0:
			takeFromCategory(out.lines, from.category, h)
		}
		if ph, over := nzBereavementPaid(cats.Region, e, &lc, a, h); over && paid { // NZ: at most 3 days a bereavement (nz_sick_leave.go)
			l := earningsLine(cat, ph, rate, lineMoney(ph, rate), ph, lc.Name)
			l.earningKind, l.leaveCat, l.Subtype = calc.Leave, &lc, SubtypeNZBereavementLimited
			l.Notes = fmt.Sprintf("%s: %s of the %s hours in the period paid; one bereavement gives at most %d days (Holidays Act 2003 s 69(2)), "+
				"the rest is unpaid unless another kind of leave is agreed", lc.Name, ph.RoundHalfUp(4).String(), h.RoundHalfUp(4).String(), nzBereavementDays)
			out.lines = append(out.lines, l) // also when nothing is left to pay: it carries the warning
		} else if paid {
			l := earningsLine(cat, h, rate, pay, h, lc.Name+from.note)
			l.earningKind, l.leaveCat = calc.Leave, &lc
			out.lines = append(out.lines, l)
			if ll, ok := leaveLoadingLine(cats, &lc, cat, pay); ok {
				out.lines = append(out.lines, ll)
			}
		}
		taken := hoursE6(h)
		if unpaidSick {
			taken = 0 // no entitlement to take it from: the next one is whole
		}
		out.sources = append(out.sources, source{kind: SourceLeave, id: a.LeaveRequestID, leaveCategoryID: a.LeaveCategoryID, hoursE6: taken})
	}
	for i := range std {
		s := &std[i]
		s.Units, s.Rate, s.Amount = s.units.RoundHalfUp(4).String(), s.rate.RoundHalfUp(4).String(), s.amount.MinorUnits()
	}
}

// leaveFrom is what a leave category's hours come out of (leaveDeduction).
type leaveFrom struct {
	primary  bool         // the standard lines (the primary pay category's)
	category int64        // else the run's earnings lines of this pay category (0: nothing)
	rate     payroll.Rate // useDeductFromPayCategoryRate: the leave's hourly rate (zero: the employee's hourly rate)
	note     string       // said on the leave line when rate is set
}

// leaveDeduction reads a leave category's deduction members (KeyPay's
// leave category "payment setup"): deductFromPrimaryPayCategory takes the
// hours out of the standard lines; deductFromPayCategoryId out of that
// pay category's earnings lines (the primary pay category's are the
// standard lines, when the employee has them), and with
// useDeductFromPayCategoryRate the leave is paid at that category's rate
// for the employee, their hourly rate with its loading (loadedRate, as
// hours of the category without a rate of their own are paid); neither:
// nothing is deducted (hasStd: the employee has standard lines; hourly:
// their hourly rate).
func leaveDeduction(lc *categories.LeaveCategory, cats *Categories, primary Category, hourly payroll.Rate, hasStd bool) leaveFrom {
	switch {
	case lc.DeductFromPrimaryPayCategory:
		return leaveFrom{primary: true}
	case lc.DeductFromPayCategoryID == nil:
		return leaveFrom{}
	}
	id := *lc.DeductFromPayCategoryID
	f := leaveFrom{category: id, primary: id == primary.ID && hasStd}
	if f.primary {
		f.category = 0
	}
	c, ok := cats.ByKind[KindEarnings][id]
	switch {
	case !ok || !lc.UseDeductFromPayCategoryRate || c.ID == primary.ID:
	case c.Hourly:
		f.rate = cats.loadedRate(hourly, c)
		f.note = fmt.Sprintf(" (at %s's rate, %s an hour)", c.Name, f.rate.String())
	default:
		// Refused on the leave category since 2 December 2026
		// (categories.checkDeductRateHourly); one stored before, or whose
		// pay category's rateUnit changed since, is paid at the hourly
		// rate, with a pay run warning (LeaveRateNotHourly).
		f.note = fmt.Sprintf(": %s %s is not paid by the hour, so its rate is not an hourly rate; the leave is paid at the employee's hourly rate %s",
			LeaveRateNotHourly, c.Name, hourly.RoundHalfUp(4).String())
	}
	return f
}

// LeaveRateNotHourly marks the notes of a leave line whose category's
// useDeductFromPayCategoryRate names a pay category not paid by the hour
// (leaveDeduction): the pay run warns of it (output/warnings.go).
const LeaveRateNotHourly = "useDeductFromPayCategoryRate: the pay category it deducts from,"

// takeFromCategory takes h hours of leave out of the earnings lines of pay
// category id in lines (timesheet and award lines), latest first: a line
// paid by the hour loses the hours and their pay at its own rate. Leave
// lines and lines without hours (units that are not hours) are left as
// they are; hours beyond the category's are not deducted.
func takeFromCategory(lines []line, id int64, h payroll.Rate) {
	rest := h
	for i := len(lines) - 1; i >= 0 && rest.IsPos(); i-- {
		l := &lines[i]
		if l.Kind != KindEarnings || l.CategoryID != id || l.leaveCat != nil || !l.hours.IsPos() {
			continue
		}
		take := rest
		if l.hours.Less(take) {
			take = l.hours
		}
		if l.units.Less(take) {
			take = l.units
		}
		if !take.IsPos() {
			continue
		}
		l.hours, l.units = l.hours.Sub(take), l.units.Sub(take)
		l.amount = lineMoney(l.units, l.rate)
		l.Units, l.Amount = l.units.RoundHalfUp(4).String(), l.amount.MinorUnits()
		rest = rest.Sub(take)
	}
}

// takeFromStandard takes h hours of leave (paid pay) out of the standard
// lines std, latest first: an hourly line loses the hours, a salaried
// line the pay (the last part at the hourly rate).
func takeFromStandard(std []line, h payroll.Rate, pay payroll.Money, pr periodRate) {
	rest, restPay := h, pay
	for i := len(std) - 1; i >= 0 && rest.IsPos(); i-- {
		s := &std[i]
		take := rest
		if s.hours.Less(take) {
			take = s.hours
		}
		if !take.IsPos() {
			continue
		}
		s.hours = s.hours.Sub(take)
		if pr.unit == "Hourly" {
			s.units = s.units.Sub(take)
			s.amount = lineMoney(s.units, s.rate)
		} else {
			cut := restPay
			if take.Less(rest) {
				cut = lineMoney(take, pr.hourly)
			}
			s.amount = s.amount.Sub(cut)
			restPay = restPay.Sub(cut)
			s.units, s.rate = one, payroll.RateFromDecimal(s.amount.Decimal())
		}
		rest = rest.Sub(take)
	}
}

// inclusionRemaining is amt capped at what is left of the recurring
// inclusion's maximum (none = amt).
func inclusionRemaining(r *store.EmployeeRecurringInclusion, amt payroll.Money) payroll.Money {
	if r.MaximumAmountPaid.Valid {
		if left := payroll.MoneyFromMinor(r.MaximumAmountPaid.Int64 - r.TotalAmountPaid); left.Less(amt) {
			return left.Max(payroll.Money{})
		}
	}
	return amt
}

// earningsInclusionLines adds the recurring earnings inclusions (units x
// amount, capped at their maximum; a category that is gone pays nothing).
func earningsInclusionLines(incl []store.EmployeeRecurringInclusion, cats *Categories, out *calculated) {
	for i := range incl {
		r := &incl[i]
		if r.Kind != "earnings" {
			continue
		}
		cat, ok := cats.ByKind[KindEarnings][r.CategoryID]
		if !ok {
			continue
		}
		units, rate := one, payroll.RateFromDecimal(payroll.MoneyFromMinor(r.Amount).Decimal())
		if r.Units.Valid {
			if u, err := payroll.ParseRate(r.Units.String); err == nil {
				units = u
			}
		}
		amt := inclusionRemaining(r, lineMoney(units, rate))
		if !amt.IsPos() {
			continue
		}
		var hours payroll.Rate
		if cat.Hourly && r.Units.Valid {
			hours = units
		}
		if amt.Cmp(lineMoney(units, rate)) != 0 {
			units, rate = one, payroll.RateFromDecimal(amt.Decimal())
		}
		l := earningsLine(cat, units, rate, amt, hours, r.Notes)
		if r.LocationID.Valid {
			l.LocationID = r.LocationID.Int64
		}
		out.lines = append(out.lines, l)
		out.sources = append(out.sources, source{kind: sourceInclusion, id: r.ID, amount: amt.MinorUnits()})
	}
}

// earningsTotals are the employee's earnings so far: gross, ordinary time
// earnings (gross less overtime, lump sums, unused leave paid on
// termination and ETPs but superable ones: earnsOrdinaryTime) and the
// hours that accrue leave.
type earningsTotals struct {
	gross, ote payroll.Money
	worked     payroll.Rate
	workedPay  payroll.Money // the pay of those hours (UK rolled-up holiday pay)
}

// earningsTotals sums the earnings lines of kept and calculated.
func (in *inputs) earningsTotals(kept, calculated []line) earningsTotals {
	var t earningsTotals
	for _, set := range [][]line{kept, calculated} {
		for i := range set {
			l := &set[i]
			if l.Kind != KindEarnings {
				continue
			}
			t.gross = t.gross.Add(l.amount)
			// Not overtime, lump sums, unused leave paid on termination
			// (SGR 2009/2), ETPs other than a superable one (a payment in
			// lieu of notice); nor, in AU, what the super guarantee's base
			// leaves out (auCategory: expense allowances, workers'
			// compensation, parental leave pay, a category excluded from
			// qualifying earnings): earnsOrdinaryTime, so a PercentageOTE
			// inclusion reads the same OTE as the guarantee.
			if earnsOrdinaryTime(l.earningKind, l.cat) {
				t.ote = t.ote.Add(l.amount)
			}
			if acc, ok := in.accruesLeave(l.CategoryID); ok && acc {
				t.worked = t.worked.Add(l.hours)
				t.workedPay = t.workedPay.Add(l.amount)
			}
		}
	}
	return t
}

// otherInclusionLines adds the recurring deductions, liabilities and
// expenses: fixed, or a percentage of gross or OTE (t), capped at their
// maximum; other calculation types are not calculated here (see the
// package doc).
func otherInclusionLines(incl []store.EmployeeRecurringInclusion, cats *Categories, t earningsTotals, out *calculated) {
	for i := range incl {
		r := &incl[i]
		var kind string
		switch r.Kind {
		case "deduction":
			kind = KindDeduction
		case "liability":
			kind = KindLiability
		case "expense":
			kind = KindExpense
		default:
			continue
		}
		amt := payroll.MoneyFromMinor(r.Amount)
		switch r.CalcType {
		case "", "Fixed", "NotSet":
		case "PercentageGross":
			amt = t.gross.Mul(payroll.Percent(payroll.RateFromDecimal(amt.Decimal()))).Cents()
		case "PercentageOTE":
			amt = t.ote.Mul(payroll.Percent(payroll.RateFromDecimal(amt.Decimal()))).Cents()
		default:
			continue // not calculated here (see the package doc)
		}
		amt = inclusionRemaining(r, amt)
		if !amt.IsPos() {
			continue
		}
		var l line
		l.Kind, l.CategoryID, l.CategoryName = kind, r.CategoryID, r.Name
		if c, ok := cats.ByKind[kind][r.CategoryID]; ok {
			l.CategoryName, l.TaxExempt = c.Name, c.TaxExempt
			if kind == KindDeduction {
				l.Subtype = DeductionSubtype(cats, c) // like a run's: a sacrifice paid to super (or not OTE), AU child support refused
				if l.Subtype == SubtypeNZChildSupportEntered {
					l.Subtype = SubtypeNZChildSupport // nz_child_support.go: a standing one is itself reduced to the limit
				}
				if cats.Region == calc.UK && !c.TaxExempt {
					l.protect = ukProtected(r) // uk_protected_earnings.go
				}
			}
		} else if kind != KindExpense {
			continue // the category is gone
		}
		l.amount, l.Amount, l.Notes = amt, amt.MinorUnits(), r.Notes
		if r.LocationID.Valid {
			l.LocationID = r.LocationID.Int64
		}
		out.lines = append(out.lines, l)
		out.sources = append(out.sources, source{kind: sourceInclusion, id: r.ID, amount: amt.MinorUnits()})
	}
}

// accruesLeave: hours of pay category id accrue leave (a business
// without the category, e.g. the "Ordinary Hours" fallback, accrues).
func (in *inputs) accruesLeave(id int64) (bool, bool) {
	if in == nil {
		return true, true
	}
	acc, ok := in.accrues[id]
	if !ok {
		return true, true
	}
	return acc, true
}

// yearOfServiceTier is the yearly amount (days or weeks a year) category
// c accrues for employee e in the year of service that the day end falls
// in: the tier by completed years of service (accrualStartAfterUnitType
// Year) with the most years not past the employee's, else the category's
// units. SG Employment Act s 88A (7 days in the first year of service,
// one more for each further year, up to 14) and MY Employment Act 1955 s
// 60E (8, 12 from 2 years, 16 from 5) are such tiers; the final pay uses
// the same tiers (sgAnnualDays). A period the anniversary falls inside
// accrues at the rate of the year its end is in. Tiers by months of
// service (SG sick leave's qualifying months) are not yearly rates and are
// not used here. docs/reference/sg-annual-leave-completed-months.md.
func yearOfServiceTier(c *categories.LeaveCategory, e *EmployeeRow, end time.Time) payroll.Rate {
	units := c.Units
	if c.LeaveEntitlement == nil || len(c.LeaveEntitlement.LeaveEntitlementTiers) == 0 || !e.StartDate.Valid {
		return units
	}
	start := payroll.DateOnly(e.StartDate.Time)
	if start.After(payroll.DateOnly(end)) {
		return units
	}
	yearStart, _ := lastAnniversary(start, end)
	return tierUnits(c, yearStart.Year()-start.Year(), false)
}

// tierUnits is the yearly amount of category c after completed years of
// service: the tier with the most years not past them (a Monthly tier's
// amount × 12), else the category's units. A tier counted in months of
// service applies from the year of service its month falls in when
// monthTiers is set (the SG final pay), and is skipped otherwise (the
// ordinary accrual: SG sick leave's qualifying months are no yearly rate).
func tierUnits(c *categories.LeaveCategory, years int, monthTiers bool) payroll.Rate {
	units, best := c.Units, -1
	if c.LeaveEntitlement == nil {
		return units
	}
	for _, t := range c.LeaveEntitlement.LeaveEntitlementTiers {
		after := t.AccrualStartAfter // years of service
		if t.AccrualStartAfterUnitType == "Month" {
			if !monthTiers {
				continue
			}
			after = (after + 11) / 12 // a tier from a month count applies from the year of service it falls in
		} else if t.AccrualStartAfterUnitType != "Year" && !monthTiers {
			continue
		}
		if t.IsDeleted || after > years || after <= best || !t.AccrualAmount.IsPos() {
			continue
		}
		units, best = t.AccrualAmount, after
		if t.AccrualUnitType == "Monthly" {
			units = t.AccrualAmount.Mul(payroll.RateFromInt(12))
		}
	}
	return units
}

// accrual is one way of accruing leave.
type accrual struct {
	categoryID int64
	units      payroll.Rate
	unitType   string
	reg15B     bool // a UK casual's yearly holiday accrued by reg 15B
}

// accruals are the employee's leave accrued lines for the run: by their
// leave allowances when they have any, else by the leave categories that
// accrue automatically. A casual employee accrues none of the NES leave
// (Fair Work Act 2009 ss 86, 95) but, in AU, does accrue long service
// leave: the state and territory Acts count casual service (NSW Long
// Service Leave Act 1955 s 4(11)(a); Vic Long Service Leave Act 2018 s 3;
// docs/reference/au-long-service-leave-casuals.md). worked is the run's
// hours in pay categories that accrue leave.
func (in *inputs) accruals(e *EmployeeRow, run *store.PayRun, region string, worked payroll.Rate) []line {
	var list []accrual
	if rows := in.allowances[e.ID]; len(rows) > 0 {
		for _, a := range rows {
			u, err := payroll.ParseRate(a.Units)
			if err != nil {
				continue
			}
			list = append(list, accrual{categoryID: a.LeaveCategoryID, units: u, unitType: a.UnitType})
		}
	} else {
		casual := strings.EqualFold(e.EmploymentType, "Casual")
		reg13, reg15B := false, false
		if region == calc.UK {
			reg13, reg15B = ukHolidayKinds(in.autoLeave) // uk_holiday_leave_year.go
		}
		for _, c := range in.autoLeave {
			// A UK casual is a worker with holiday under the Working Time
			// Regulations 1998 (irregular-hours workers: reg 15B, 12.07% of
			// hours worked), so their categories accrue.
			if casual && region != calc.UK && (region != calc.AU || !strings.EqualFold(c.LeaveCategoryType, "LongServiceLeave")) {
				continue
			}
			// A business with both a yearly holiday (reg 13 and 13A: 5.6
			// weeks) and the 12.07% accrual of reg 15B (the UK defaults'
			// "Holiday" and "Holiday (Irregular Hours)") gives each worker
			// one of them: reg 13 applies to workers to whom reg 15B does
			// not (reg 13(A1)). A casual is the irregular-hours worker.
			if reg13 && reg15B && ukReg15BAccrual(&c) != casual && (ukReg15BAccrual(&c) || ukYearlyHoliday(&c)) {
				continue
			}
			// A UK casual in a business with only the yearly holiday:
			// the irregular-hours worker's holiday accrues at 12.07% of
			// the hours worked in the pay period (reg 15B(2), leave years
			// from 1 April 2024; the lead's decision, 2 December 2026,
			// that a casual is an irregular-hours worker), not by the
			// calendar or the standard week.
			if region == calc.UK && casual && !reg15B && ukYearlyHoliday(&c) {
				list = append(list, accrual{categoryID: c.ID, units: reg15BRate, unitType: "HoursPerHourWorked", reg15B: true})
				continue
			}
			units := c.Units
			if c.UnitType == "Days" || c.UnitType == "Weeks" {
				units = yearOfServiceTier(&c, e, run.PeriodEnding)
			}
			list = append(list, accrual{categoryID: c.ID, units: units, unitType: c.UnitType})
		}
	}
	f, ok := frequencies[run.Frequency]
	if !ok {
		return nil
	}
	hpd, hpw := leave.StandardHours(leave.StoredHours(e.HoursPerDay), leave.StoredHours(e.HoursPerWeek))
	perYear := payroll.RateFromInt(f.perYear)
	weeksPerYear := payroll.RateFromInt(52)
	// A yearly entitlement accrues for the part of the period the employee
	// is employed: a joiner or leaver inside it accrues its share by
	// calendar days (the hours-based unit types already follow the hours
	// paid). docs/reference/holiday-pay-on-termination.md.
	employed, total := employedDays(e, run)
	days := payroll.RateFromInt(employed)
	share := payroll.RateFromInt(employed).Div(payroll.RateFromInt(total))
	var out []line
	sort.SliceStable(list, func(i, j int) bool { return list[i].categoryID < list[j].categoryID })
	for _, a := range list {
		c, ok := in.leaveCats[a.categoryID]
		if !ok || c.IsBalanceUntracked || !a.units.IsPos() {
			continue
		}
		var h payroll.Rate
		switch a.unitType {
		case "HoursPerHourWorked":
			h = a.units.Mul(worked)
		case "HoursPerPayRun":
			h = a.units
		case "Days": // days a year
			h = a.units.Mul(hpd).Div(perYear).Mul(share)
		case "Weeks": // weeks a year
			h = a.units.Mul(hpw).Div(perYear).Mul(share)
		case "StandardDays": // days a year for a standard week's hours worked
			if hpw.IsPos() {
				h = a.units.Mul(hpd).Div(weeksPerYear.Mul(hpw)).Mul(worked)
			}
		case "StandardWeeks": // weeks a year for a standard week's hours worked
			h = a.units.Div(weeksPerYear).Mul(worked)
		case "DayPerCalendarDay":
			h = a.units.Mul(hpd).Mul(days)
		case "DayPerMonth":
			h = a.units.Mul(hpd).Mul(payroll.RateFromInt(12)).Div(perYear).Mul(share)
		}
		h = h.RoundHalfUp(4)
		if !h.IsPos() {
			continue
		}
		var l line
		l.Kind, l.CategoryID, l.CategoryName = KindLeaveAccrued, c.ID, c.Name
		l.units, l.Units, l.Notes = h, h.String(), "LeaveAccrued"
		if a.reg15B {
			l.Notes = fmt.Sprintf("12.07%% of %s hours worked (Working Time Regulations 1998 reg 15B(2): a casual is an irregular-hours worker) = %s hours", worked, h)
		}
		out = append(out, l)
	}
	return out
}
