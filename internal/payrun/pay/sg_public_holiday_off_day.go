package pay

import (
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// sgOffInLieuName is the leave category an SG business keeps days off in
// lieu of public holidays in, found by name (the published API's leave
// categories have no type for it): when the business has it, a public
// holiday on an employee's non-working day is given as a day off (one
// day's hours accrued to it) instead of an extra day's pay.
const sgOffInLieuName = "Off in Lieu"

// sgPublicHolidaysOnOffDays gives a monthly-rated SG employee, for each
// public holiday in the period that falls on a non-working day of their
// work week (a day that is neither a work day nor their rest day: the
// Saturday of a five-day week), one extra day's salary at the gross rate
// of pay, or, when the business keeps the "Off in Lieu" leave category,
// one day off accrued to it instead (Employment Act 1968 s 88; MOM,
// "Public holidays: entitlement and pay": "if a public holiday falls on
// a non-working day, you are entitled to another day off or one extra
// day's salary in lieu of the public holiday at the gross rate of pay";
// ask.gov.sg (MOM): "the employer may decide to compensate the employee
// with an extra day's pay in lieu of that holiday or give the employee
// another day off as a holiday"). A holiday on the rest day makes the next
// working day the holiday (the national calendar's Monday after a Sunday
// holiday), which the salary pays: nothing is added for it.
//
// The non-working days are those the employee's stored work week types
// Off (the published API's work day types tell Off, a non-working day,
// from Rest, the rest day, as MOM does: "If you are on a 5-day work week,
// Saturday would be considered your non-working day and Sunday would be
// your rest day"). An employee with no work week stored, or none typed
// Off, gets nothing here: the record does not say which day is their
// non-working day (our choice, not the statute's; the incomplete month
// assumes Monday to Friday, but a day's pay added to every such salary
// would be a guess about the employer's choice between pay and a day off).
// A day's gross pay of a monthly-rated employee is 12 × the monthly rate
// ÷ (52 × the days worked a week, a half day ½) (MOM, "Monthly and daily
// salary"); the rate is the salary (allowances are other lines). The line
// is an ordinary wage. Holidays outside the employment, and days with a
// timesheet (work on the holiday: sg_public_holiday_worked.go prices it),
// get nothing here. docs/reference/sg-termination-sdl-public-holiday-off-day.md.
func sgPublicHolidaysOnOffDays(run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated) error {
	if in == nil {
		return nil
	}
	standard := false
	for i := range c.lines {
		standard = standard || c.lines[i].standard
	}
	if !standard {
		return nil // not on a salary this run (hourly employees are paid by the hour)
	}
	segs := in.segments(e, run)
	r := segs[len(segs)-1].rate
	monthly := r.rate
	switch r.unit {
	case "Monthly", "Fixed": // an SG pay period is a month
	case "Annually":
		monthly = monthly.Div(payroll.RateFromInt(12))
	default:
		return nil
	}
	wd := in.workWeekOf(e.ID)
	if wd == nil {
		return nil
	}
	perWeek := sgDaysAWeek(wd, in.halfDaysOf(e.ID))
	if !monthly.IsPos() || !perWeek.IsPos() {
		return nil
	}
	off := in.offDays[e.ID]
	if in.workWeekOf(e.ID) == nil || off == nil {
		return nil // no non-working day recorded
	}
	stored, err := in.storedPublicHolidays()
	if err != nil {
		return err
	}
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	ph := publicHolidayDays("SG", stored, anyState, e.PrimaryLocationID.Int64, from.Year(), to.Year())
	worked := map[time.Time]bool{}
	for _, t := range in.timesheets[e.ID] {
		if t.LeaveCategoryID == 0 {
			worked[payroll.DateOnly(t.Start)] = true
		}
	}
	var offInLieu *int64
	for id, lc := range in.leaveCats {
		if strings.EqualFold(strings.TrimSpace(lc.Name), sgOffInLieuName) && !lc.IsBalanceUntracked {
			offInLieu = &id
			break
		}
	}
	primary := cats.primary(e.PrimaryPayCategoryID.Int64)
	dayPay := sgDayPay(monthly, perWeek)
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		name, ok := ph[d]
		if !ok || wd[d.Weekday()] || !off[d.Weekday()] || worked[d] {
			continue
		}
		if e.StartDate.Valid && d.Before(payroll.DateOnly(e.StartDate.Time)) || e.EndDate.Valid && d.After(payroll.DateOnly(e.EndDate.Time)) {
			continue
		}
		why := "Public holiday on a non-working day, " + name + " " + d.Format("Monday 2 January 2006")
		const law = " (Employment Act 1968 s 88; MOM, public holidays: entitlement and pay)"
		if offInLieu != nil {
			lc := in.leaveCats[*offInLieu]
			// The leave ledger keeps hours (a days category shows them as
			// days): one day is the employee's hours a day, else their
			// hours a week over the days they work.
			units := leave.StoredHours(e.HoursPerDay)
			if !units.IsPos() && hoursPerWeek(e).IsPos() {
				units = hoursPerWeek(e).Div(perWeek)
			}
			if units.IsPos() {
				var a line
				a.Kind, a.CategoryID, a.CategoryName = KindLeaveAccrued, lc.ID, lc.Name
				a.units, a.Units = units, units.RoundHalfUp(4).String()
				a.Notes = "LeaveAccrued: " + why + ": another day off in lieu" + law
				c.lines = append(c.lines, a)
				continue
			}
			why += " (a day off in lieu cannot be accrued to \"" + sgOffInLieuName + "\": the employee has no hours a day or a week; paid instead)"
		}
		note := why + ": an extra day's salary in lieu at the gross rate of pay, 12 × " + monthly.RoundHalfUp(2).String() +
			" ÷ (52 × " + perWeek.String() + " days a week)" + law
		c.lines = append(c.lines, earningsLine(primary, one, dayPay, lineMoney(one, dayPay), payroll.Rate{}, note))
	}
	return nil
}
