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
// an advanced work week) that are not rest days or non-working days, so
// a 5.5-day week's half day counts as a working day as a 6-day week's
// Saturday does. An employee with no work week stored is counted on
// Monday to Friday, the five-day week (a default, documented in the note,
// rather than refusing the whole pay run for a member the client may never
// set).

// addWorkDay records a standard work day row in days (a day with hours
// that is not Off or Rest is a work day).
func addWorkDay(days map[int64]*[7]bool, d store.ListAdvancedWorkDaysOfBusinessRow) {
	wd := days[d.EmployeeID]
	if wd == nil {
		wd = &[7]bool{}
		days[d.EmployeeID] = wd
	}
	h, err := payroll.ParseRate(d.Hours)
	if d.DayOfWeek >= 0 && d.DayOfWeek < 7 && err == nil && h.IsPos() && d.WorkDayType != "Off" && d.WorkDayType != "Rest" {
		wd[d.DayOfWeek] = true
	}
}

// loadWorkDays reads the business's employees' standard work days.
func (in *inputs) loadWorkDays(ctx context.Context, q *store.Queries, bizID int64) error {
	rows, err := q.ListAdvancedWorkDaysOfBusiness(ctx, bizID)
	if err != nil {
		return err
	}
	in.workDays = map[int64]*[7]bool{}
	for _, d := range rows {
		if in.ids[d.EmployeeID] {
			addWorkDay(in.workDays, d)
		}
	}
	return nil
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

// workWeekOrWeekdays is employee id's work days, Monday to Friday when
// none are stored.
func (in *inputs) workWeekOrWeekdays(id int64) *[7]bool {
	if wd := in.workWeekOf(id); wd != nil {
		return wd
	}
	return &mondayToFriday
}
