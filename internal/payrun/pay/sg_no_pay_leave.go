package pay

import (
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// sgNoPayLeave is what h hours of approved no-pay leave take from a
// monthly-rated SG employee's month: Ministry of Manpower, "How to compute
// the salary of an employee who is on no-pay leave for the month" (an
// employee on no-pay leave has performed an incomplete month of work) and
// "Salary for an incomplete month of work": monthly gross rate of pay ÷
// working days in the month × days not worked
// (docs/reference/sg-annual-leave-completed-months.md). The days are the
// hours over the employee's hours per day (else hours per week over their
// working days a week); the working days those of their work week wd
// (Monday to Friday when none is stored), as sg_working_days.go counts an
// incomplete month (a half day counts ½, MOM's half-day). The hours a day of an
// employee with hours a week only are spread over the days worked a week,
// a half day counting ½ (44 ÷ 5.5 = 8; before 1 December 2026 ÷ 6). ok is false outside that case (another region, a
// period other than a month, an hourly or daily rate, no hours a day):
// the caller takes the hours at the hourly rate, as everywhere.
func sgNoPayLeave(region string, e *EmployeeRow, run *store.PayRun, std []line, pr periodRate, wd, half *[7]bool, h payroll.Rate, holidays holidaysInLeave) (payroll.Money, bool) {
	if region != calc.SG || run.Frequency != "Monthly" || pr.unit == "Hourly" || pr.unit == "Daily" || !h.IsPos() || len(std) == 0 {
		return payroll.Money{}, false
	}
	if wd == nil {
		wd, half = &mondayToFriday, nil
	}
	perWeek := sgDaysAWeek(wd, half) // a half day counts ½: 5.5 for a 5.5-day week
	var hpd payroll.Rate
	if e.HoursPerDay.Valid {
		hpd, _ = payroll.ParseRate(e.HoursPerDay.String)
	}
	if !hpd.IsPos() && e.HoursPerWeek.Valid && perWeek.IsPos() {
		if hpw, err := payroll.ParseRate(e.HoursPerWeek.String); err == nil {
			hpd = hpw.Div(perWeek)
		}
	}
	halves := workingHalves(wd, half)(payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding))
	if !hpd.IsPos() || halves <= 0 {
		return payroll.Money{}, false
	}
	var monthly payroll.Money
	for _, l := range std {
		if l.fullPeriod.IsPos() {
			monthly = monthly.Add(l.fullPeriod) // a joiner's or leaver's whole month
		} else {
			monthly = monthly.Add(l.amount)
		}
	}
	days := h.Div(hpd)
	// A public holiday inside approved unpaid leave is not paid either (MOM,
	// "Public holidays: entitlement and pay": leave 8 to 10 August, no pay
	// for 9 August). When the hours are exactly the leave's working days
	// without its holidays (the leave request's estimate leaves holidays
	// out), the holidays are days not worked too; hours that already
	// count them, or only part of the days, are taken as entered.
	if holidays.within != nil && holidays.holidays > 0 {
		lo, hi := holidays.from, holidays.to
		if p := payroll.DateOnly(run.PeriodStarting); lo.Before(p) {
			lo = p
		}
		if p := payroll.DateOnly(run.PeriodEnding); hi.After(p) {
			hi = p
		}
		in, ph := holidays.within(wd, half, lo, hi)
		if ph > 0 && days.Mul(payroll.RateFromInt(2)).Cmp(payroll.RateFromInt(int64(in-ph))) == 0 {
			days = days.Add(payroll.RateFromInt(int64(ph)).Div(payroll.RateFromInt(2)))
		}
	}
	// A joiner or leaver whose month is already cut to the days employed
	// (employedShare) and who also takes no-pay leave: MOM's formula is one
	// division, monthly ÷ working days in the month × days actually worked
	// (the days employed less the days of no-pay leave), so the month is
	// worked out once on those days and the leave takes what the cut line
	// pays above it. Taking the leave's own rounded share off the rounded
	// cut line could be a cent out ($3,000 for 9 of 21 days: 1,285.71, not
	// 1,571.43 − 285.71 = 1,285.72). Days of earlier no-pay leave in the
	// month are the line's hours already taken (at the hours a day).
	if len(std) == 1 && std[0].fullPeriod.IsPos() && !std[0].from.IsZero() && !std[0].to.Before(std[0].from) {
		l := &std[0]
		if kept := workingHalves(wd, half)(l.from, l.to); kept > 0 && kept < halves {
			before := payroll.Rate{}
			if l.fullHours.IsPos() && l.hours.Less(l.fullHours) {
				before = l.fullHours.Sub(l.hours).Div(hpd)
			}
			worked := payroll.RateFromInt(int64(kept)).Sub(before.Add(days).Mul(payroll.RateFromInt(2))) // in half days
			if worked.IsNeg() {
				worked = payroll.Rate{}
			}
			after := payroll.MoneyFromDecimal(worked.Mul(payroll.RateFromDecimal(l.fullPeriod.Decimal())).Decimal()).DivInt(int64(halves)).Cents()
			return l.amount.Sub(after).Max(payroll.Money{}), true
		}
	}
	// days × monthly ÷ (halves ÷ 2) working days
	return payroll.MoneyFromDecimal(days.Mul(payroll.RateFromInt(2)).Mul(payroll.RateFromDecimal(monthly.Decimal())).Decimal()).DivInt(int64(halves)).Cents(), true
}

// holidaysInLeave is what sgNoPayLeave needs of a leave request's public
// holidays: its dates and a count, in half days (a half day of half 1, a
// whole day 2), of the work days of wd from lo to hi and of those that are
// public holidays.
type holidaysInLeave struct {
	from, to time.Time
	holidays int // public holidays on the request's dates (0: none)
	within   func(wd, half *[7]bool, lo, hi time.Time) (halves, holidays int)
}

// sgHolidaysInLeave are the SG public holidays (stored for the business,
// else the national calendar) on the dates of leave request a of e.
func (in *inputs) sgHolidaysInLeave(e *EmployeeRow, a leave.Approved) holidaysInLeave {
	if in == nil {
		return holidaysInLeave{}
	}
	stored, err := in.storedPublicHolidays()
	if err != nil {
		return holidaysInLeave{} // the holidays cannot be read: hours as entered
	}
	from, to := payroll.DateOnly(a.FromDate), payroll.DateOnly(a.ToDate)
	ph := publicHolidayDays("SG", stored, anyState, e.PrimaryLocationID.Int64, from.Year(), to.Year())
	out := holidaysInLeave{from: from, to: to}
	for d := range ph {
		if !d.Before(from) && !d.After(to) {
			out.holidays++
		}
	}
	out.within = func(wd, half *[7]bool, lo, hi time.Time) (int, int) {
		n, p := 0, 0
		for d := lo; !d.After(hi); d = d.AddDate(0, 0, 1) {
			if !wd[d.Weekday()] {
				continue
			}
			w := 2 // in half days: a half day 1
			if half != nil && half[d.Weekday()] {
				w = 1
			}
			n += w
			if _, ok := ph[d]; ok {
				p += w
			}
		}
		return n, p
	}
	return out
}
