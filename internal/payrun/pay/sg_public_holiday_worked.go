package pay

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// sgPublicHolidaysWorked pays a monthly-rated SG employee who works on a
// public holiday (an approved timesheet of the primary category on the
// day, which the salary already pays at the gross rate) an extra day's
// salary at the basic rate of pay for each such day (Employment Act 1968
// s 88; MOM, "Calculate public holiday pay": "an extra day's salary at the
// basic rate of pay, in addition to the gross rate of pay for that day").
// A day's basic pay of a monthly-rated employee is 12 × the monthly basic
// rate ÷ (52 × the average number of days worked a week): the days of the
// employee's work week (Monday to Friday when none is stored), a Half day
// counting ½ (a 5.5-day week: 52 × 5.5 = 286, MOM's divisor; before 1
// December 2026 it counted 6, a day's pay 1/12 too low). The line is an
// ordinary wage (pay for the month's work).
// docs/reference/sg-public-holidays-worked.md.
//
// Not done here: hours beyond the normal day on the holiday (overtime,
// Part IV: enter them in an overtime category); time off in lieu instead
// of the pay (agreed for employees outside Part IV: record it as leave,
// and pay nothing here by not entering the timesheet in the primary
// category); hourly- and daily-rated employees (paid by their timesheets).
func sgPublicHolidaysWorked(run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated) error {
	b, err := sgSalariedDayBasis(run, e, cats, in, c)
	if b == nil || err != nil {
		return err
	}
	worked := map[time.Time]bool{}
	var days []time.Time
	for _, t := range b.timesheets {
		day := payroll.DateOnly(t.Start)
		if _, ok := b.holidays[day]; !ok || worked[day] {
			continue
		}
		worked[day] = true
		days = append(days, day)
	}
	dayPay := sgDayPay(b.monthly, b.perWeek)
	for _, day := range days {
		note := "Public holiday worked, " + b.holidays[day] + " " + day.Format("2 January 2006") + ": an extra day's salary at the basic rate of pay, 12 × " +
			b.monthly.RoundHalfUp(2).String() + " ÷ (52 × " + b.perWeek.String() + " days a week) (Employment Act 1968 s 88; MOM, public holiday pay)"
		c.lines = append(c.lines, earningsLine(b.primary, one, dayPay, lineMoney(one, dayPay), payroll.Rate{}, note))
	}
	return nil
}

// sgSalariedDayBasis is what pay for a monthly-rated SG employee's work on
// a particular day (a public holiday, s 88; a rest day, s 37) is worked
// from: the monthly basic rate, the days worked a week (a Half day ½), the
// public holidays of the period, the primary category, and the approved
// timesheets of that category in the period that carry no units, rate or
// award pay of their own (the others are paid as entered). nil: not
// monthly- or annually-rated, or no such timesheet.
func sgSalariedDayBasis(run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated) (*sgDayBasis, error) {
	if in == nil || len(in.timesheets[e.ID]) == 0 || !c.salaried.hourly.IsPos() {
		return nil, nil
	}
	b := &sgDayBasis{monthly: c.salaried.rate}
	switch c.salaried.unit {
	case "Monthly", "Fixed": // an SG pay period is a month
	case "Annually":
		b.monthly = b.monthly.Div(payroll.RateFromInt(12))
	default:
		return nil, nil
	}
	b.perWeek = sgDaysAWeek(in.workWeekOrWeekdays(e.ID), in.halfDaysOf(e.ID)) // 5.5 for a 5.5-day week
	if !b.monthly.IsPos() || !b.perWeek.IsPos() {
		return nil, nil
	}
	stored, err := in.storedPublicHolidays()
	if err != nil {
		return nil, err
	}
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	b.holidays = publicHolidayDays("SG", stored, anyState, e.PrimaryLocationID.Int64, from.Year(), to.Year())
	b.primary = cats.primary(e.PrimaryPayCategoryID.Int64)
	for _, t := range in.timesheets[e.ID] {
		if t.LeaveCategoryID != 0 || in.awardPaid(e.ID, t.ID) || t.Units != nil || t.Rate != nil {
			continue
		}
		if cat, ok := cats.ByKind[KindEarnings][t.PayCategoryID]; ok && cat.ID != b.primary.ID {
			continue // another category: paid as entered
		}
		if day := payroll.DateOnly(t.Start); !day.Before(from) && !day.After(to) {
			b.timesheets = append(b.timesheets, t)
		}
	}
	if len(b.timesheets) == 0 {
		return nil, nil
	}
	return b, nil
}

// sgDayBasis: see sgSalariedDayBasis.
type sgDayBasis struct {
	monthly, perWeek payroll.Rate
	holidays         map[time.Time]string
	primary          Category
	timesheets       []timesheet.Line
}

// sgDayPay is a monthly-rated employee's day's basic pay: 12 × the monthly
// basic rate ÷ (52 × the average days worked a week) (MOM, "Calculate
// public holiday pay" / "Calculate pay for work on rest day").
func sgDayPay(monthly, daysAWeek payroll.Rate) payroll.Rate {
	return monthly.Mul(payroll.RateFromInt(12)).Div(payroll.RateFromInt(52).Mul(daysAWeek))
}
