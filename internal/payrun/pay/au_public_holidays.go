package pay

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/holidays"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/store"
)

// auPublicHolidaysNotWorked pays an AU employee paid by timesheets, whose
// record sets automaticallyApplyPublicHolidayNotWorkedEarningsLines, for
// each public holiday of their state in the period that would otherwise
// be a working day (their work week, else Monday to Friday) and on which
// they have no timesheet: the base rate for the ordinary hours of the day
// (Fair Work Act 2009 s 116), their hours a day at the rate their ordinary
// timesheets were paid, through "Public Holiday Not Worked" (the AU
// defaults'). Holidays: the business's stored public holidays for the
// residential state and primary location, else the national calendar and
// the state's days (holidays.Calendar). docs/reference/au-pay-rules.md §5a.
func (w *Writer) auPublicHolidaysNotWorked(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated) error {
	if in == nil || len(in.timesheets[e.ID]) == 0 {
		return nil
	}
	primary := cats.primary(e.PrimaryPayCategoryID.Int64)
	rate := ordinaryTimesheetRate(c, primary)
	if !rate.IsPos() {
		return nil
	}
	if !e.AutomaticallyApplyPublicHolidayNotWorkedEarningsLines.Valid || !e.AutomaticallyApplyPublicHolidayNotWorkedEarningsLines.Bool {
		return nil
	}
	wd := in.workWeekOrWeekdays(e.ID)
	hpd := hoursPerDayOf(e, wd)
	if !hpd.IsPos() {
		return nil
	}
	stored, err := in.storedPublicHolidays()
	if err != nil {
		return err
	}
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	ph := publicHolidayDays("AU", stored, ofState(strings.ToUpper(strings.TrimSpace(e.ResidentialState))), e.PrimaryLocationID.Int64, from.Year(), to.Year())
	worked := map[time.Time]bool{}
	for _, t := range in.timesheets[e.ID] {
		if t.LeaveCategoryID == 0 {
			worked[payroll.DateOnly(t.Start)] = true
		}
	}
	publicHolidaysNotWorked(run, e, cats, primary, rate, hpd, wd, ph, worked, "Fair Work Act 2009 s 116", c)
	return nil
}

// publicHolidayDays are country's public holidays, by day, in years
// from..to at location: the business's stored holidays that apply to the
// location and whose states applies accepts (not marked "not a public
// holiday"); a year the business holds none of takes holidays.Calendar's
// days whose regions applies accepts, with their substitute and
// additional days (AU: the national days and the employee's state's; SG:
// Holidays Act 1998 s 4, a holiday on a Sunday makes the next day one
// too).
func publicHolidayDays(country string, stored []payschedule.PublicHoliday, applies func(states []string) bool, location int64, from, to int) map[time.Time]string {
	ph := map[time.Time]string{}
	years := map[int]bool{}
	for _, h := range stored {
		years[h.Date.Year()] = true
		if y := h.Date.Year(); y < from || y > to || h.NotAPublicHoliday || !applies(h.States) {
			continue
		}
		if len(h.LocationIDs) > 0 && !slices.Contains(h.LocationIDs, location) {
			continue
		}
		ph[payroll.DateOnly(h.Date.Time)] = h.Description
	}
	for year := from; year <= to; year++ {
		if years[year] {
			continue
		}
		for _, h := range holidays.Calendar(country, year) {
			if !applies(h.Regions) {
				continue
			}
			if !h.Substituted() || h.AlsoOnDate {
				ph[h.Date] = h.Name
			}
			if h.Substituted() {
				ph[h.Observed] = h.ObservedName
			}
		}
	}
	return ph
}

// ofState accepts the holidays of every state (none listed) and those of
// state ("" = the national ones only).
func ofState(state string) func(states []string) bool {
	return func(states []string) bool {
		return len(states) == 0 || state != "" && slices.ContainsFunc(states, func(s string) bool { return strings.EqualFold(s, state) })
	}
}

// anyState accepts every holiday, whatever states it lists (SG has none).
func anyState([]string) bool { return true }

// hoursPerDayOf is the employee's hours a day, else their hours a week ÷
// the days of their work week (zero when neither is known).
func hoursPerDayOf(e *EmployeeRow, wd *[7]bool) payroll.Rate {
	if h := leave.StoredHours(e.HoursPerDay); h.IsPos() {
		return h
	}
	if n := daysIn(wd); n > 0 && hoursPerWeek(e).IsPos() {
		return hoursPerWeek(e).Div(payroll.RateFromInt(n))
	}
	return payroll.Rate{}
}
