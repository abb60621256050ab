package pay

import (
	"github.com/payrolld/payrolld/internal/calc"
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
// incomplete month (a half day is a working day). The hours a day of an
// employee with hours a week only are spread over the days worked a week,
// a half day counting ½ (44 ÷ 5.5 = 8; before 1 December 2026 ÷ 6). ok is false outside that case (another region, a
// period other than a month, an hourly or daily rate, no hours a day):
// the caller takes the hours at the hourly rate, as everywhere.
func sgNoPayLeave(region string, e *EmployeeRow, run *store.PayRun, std []line, pr periodRate, wd, half *[7]bool, h payroll.Rate) (payroll.Money, bool) {
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
	working := workingDays(wd)(payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding))
	if !hpd.IsPos() || working <= 0 {
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
	return payroll.MoneyFromDecimal(days.Mul(payroll.RateFromDecimal(monthly.Decimal())).Decimal()).DivInt(int64(working)).Cents(), true
}
