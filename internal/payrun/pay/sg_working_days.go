package pay

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Singapore pays an incomplete month by the Employment Act's formula
// (monthly gross rate of pay ÷ working days in the month × days worked,
// docs/reference/part-period-pay.md). The working days are the
// employee's: the days of their standard work week (E/standardhours with
// an advanced work week) that are not rest days or non-working days. A
// half day counts ½ in both terms (MOM, "Monthly and daily salary:
// definitions and calculation": a half-day is a day of 5 hours or less,
// one working day more than 5 hours), so a 5.5-day week's month has its
// weekdays and half its Saturdays. A day is a half day when the work week
// marks it Half, or when its hours are 5 or fewer in a week that also has
// a longer day (a part-timer whose every day is short keeps whole days:
// the ratio of the formula is the same, and their daily rate is not
// halved). An employee with no work week stored is counted on Monday to
// Friday, the five-day week (a default, documented in the note, rather
// than refusing the whole pay run for a member the client may never set).

// addWorkDay records a standard work day row in days (a day with hours
// that is not Off or Rest is a work day).
func addWorkDay(days map[int64]*[7]bool, d store.ListAdvancedWorkDaysOfBusinessRow) {
	addWorkDayTypes(days, nil, nil, d)
}

// addWorkDayTypes is addWorkDay that also records in half and rest (when
// not nil) the days the row marks Half (a 5.5-day week's half day) and
// Rest (the weekly rest day, work on which s 37 of the Employment Act
// pays: sg_rest_day_worked.go).
func addWorkDayTypes(days, half, rest map[int64]*[7]bool, d store.ListAdvancedWorkDaysOfBusinessRow) {
	mark := func(m map[int64]*[7]bool) {
		if m == nil {
			return
		}
		if m[d.EmployeeID] == nil {
			m[d.EmployeeID] = &[7]bool{}
		}
		m[d.EmployeeID][d.DayOfWeek] = true
	}
	if d.DayOfWeek < 0 || d.DayOfWeek >= 7 {
		return
	}
	if days[d.EmployeeID] == nil {
		days[d.EmployeeID] = &[7]bool{}
	}
	if d.WorkDayType == "Rest" {
		mark(rest)
	}
	h, err := payroll.ParseRate(d.Hours)
	if err == nil && h.IsPos() && d.WorkDayType != "Off" && d.WorkDayType != "Rest" {
		mark(days)
		if d.WorkDayType == "Half" {
			mark(half)
		}
	}
}

// sgHalfDayHours: a day of this many hours or fewer is a half day (MOM,
// "Monthly and daily salary: definitions and calculation").
var sgHalfDayHours = payroll.RateFromInt(5)

// loadWorkDays reads the business's employees' standard work days, and
// marks as half days those typed Half and those of 5 hours or fewer in a
// week with a longer day (MOM's half-day).
func (in *inputs) loadWorkDays(ctx context.Context, q *store.Queries, bizID int64) error {
	rows, err := q.ListAdvancedWorkDaysOfBusiness(ctx, bizID)
	if err != nil {
		return err
	}
	in.workDays, in.halfDays, in.restDays, in.offDays = map[int64]*[7]bool{}, map[int64]*[7]bool{}, map[int64]*[7]bool{}, map[int64]*[7]bool{}
	long := map[int64]bool{} // employees with a day of more than 5 hours
	for _, d := range rows {
		if in.ids[d.EmployeeID] {
			addWorkDayTypes(in.workDays, in.halfDays, in.restDays, d)
			if d.WorkDayType == "Off" && d.DayOfWeek >= 0 && d.DayOfWeek < 7 {
				if in.offDays[d.EmployeeID] == nil {
					in.offDays[d.EmployeeID] = &[7]bool{}
				}
				in.offDays[d.EmployeeID][d.DayOfWeek] = true
			}
			if h, err := payroll.ParseRate(d.Hours); err == nil && h.Cmp(sgHalfDayHours) > 0 {
				long[d.EmployeeID] = true
			}
		}
	}
	for _, d := range rows {
		h, err := payroll.ParseRate(d.Hours)
		if !in.ids[d.EmployeeID] || !long[d.EmployeeID] || err != nil || !h.IsPos() || h.Cmp(sgHalfDayHours) > 0 ||
			d.WorkDayType == "Off" || d.WorkDayType == "Rest" || d.DayOfWeek < 0 || d.DayOfWeek >= 7 {
			continue
		}
		if in.halfDays[d.EmployeeID] == nil {
			in.halfDays[d.EmployeeID] = &[7]bool{}
		}
		in.halfDays[d.EmployeeID][d.DayOfWeek] = true
	}
	return nil
}

// halfDaysOf is employee id's half days (nil: none, or no work week
// stored: a half day counts only inside a stored work week).
func (in *inputs) halfDaysOf(id int64) *[7]bool {
	if in == nil || in.workWeekOf(id) == nil {
		return nil
	}
	return in.halfDays[id]
}

// sgDaysAWeek is the average number of days worked a week of the work
// week wd whose days half are half days: a half day counts ½, so a 5.5-day
// week (five whole days and a half day) is 5.5, the divisor MOM's formula
// for a day's pay of a monthly-rated employee uses (12 × monthly ÷ (52 ×
// 5.5) = monthly × 12 ÷ 286), and the days that hours a week are spread
// over (44 ÷ 5.5 = 8 hours a day). The incomplete month counts it ½ too
// (workingHalves; docs/reference/part-period-pay.md).
// docs/reference/sg-rest-day-work.md.
func sgDaysAWeek(wd, half *[7]bool) payroll.Rate {
	n := int64(0) // in half days
	for d, work := range wd {
		switch {
		case !work:
		case half != nil && half[d]:
			n++
		default:
			n += 2
		}
	}
	return payroll.RateFromInt(n).Div(payroll.RateFromInt(2))
}

// mondayToFriday is the work week of an employee with none stored.
var mondayToFriday = [7]bool{false, true, true, true, true, true, false}

// daysIn is the number of work days in the week wd.
func daysIn(wd *[7]bool) int64 {
	n := int64(0)
	for _, d := range wd {
		if d {
			n++
		}
	}
	return n
}

// workWeekOf is employee id's work days (nil: none stored, or no day with
// hours).
func (in *inputs) workWeekOf(id int64) *[7]bool {
	if in == nil {
		return nil
	}
	if wd := in.workDays[id]; wd != nil {
		for _, d := range wd {
			if d {
				return wd
			}
		}
	}
	return nil
}

// workingDays counts the days from a through b (inclusive) that are work
// days of wd.
func workingDays(wd *[7]bool) func(a, b time.Time) int {
	return func(a, b time.Time) int {
		n := 0
		for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
			if wd[d.Weekday()] {
				n++
			}
		}
		return n
	}
}

// workingHalves counts, in half days, the days from a through b
// (inclusive) that are work days of wd: 2 a whole day, 1 a half day of
// half (nil: none). Half of it is the working days of MOM's
// incomplete-month formula, a half day counting ½.
func workingHalves(wd, half *[7]bool) func(a, b time.Time) int {
	return func(a, b time.Time) int {
		n := 0
		for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
			switch {
			case !wd[d.Weekday()]:
			case half != nil && half[d.Weekday()]:
				n++
			default:
				n += 2
			}
		}
		return n
	}
}

// workWeekOrWeekdays is employee id's work days, Monday to Friday when
// none are stored.
func (in *inputs) workWeekOrWeekdays(id int64) *[7]bool {
	if wd := in.workWeekOf(id); wd != nil {
		return wd
	}
	return &mondayToFriday
}
