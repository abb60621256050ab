package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// nzAnnualHolidaysTaken pays the annual holidays an employee takes in the
// run at the greater of ordinary weekly pay and average weekly earnings
// (Holidays Act 2003 s 21(2): OWP as at the beginning of the holiday, AWE
// for the 12 months immediately before the end of the last pay period
// before it; docs/reference/holiday-pay-on-termination.md, "Annual
// holidays taken"). The leave line was priced at the employee's hourly
// rate and that pay taken out of the standard lines (leaveLines); when
// the greater weekly rate pays more, the line is raised to hours ÷ hours
// a week × that rate and its notes say why. Without hours a week or a
// finalised earlier period the line stays as it is.
func (w *Writer) nzAnnualHolidaysTaken(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated) error {
	hpw := hoursPerWeek(e)
	if !hpw.IsPos() {
		return nil
	}
	var owp, awe payroll.Money
	read := false
	for i := range c.lines {
		l := &c.lines[i]
		if l.leaveCat == nil || l.earningKind != calc.Leave || !nzAnnualHolidays(l.leaveCat) || !l.units.IsPos() {
			continue
		}
		if !read {
			owp = ordinaryWeeklyPay(in, e, run, cats)
			var err error
			if awe, err = w.averageWeeklyEarningsOn(ctx, run, e, cats, payroll.DateOnly(run.PeriodStarting).AddDate(0, 0, -1)); err != nil {
				return err
			}
			read = true
		}
		weekly := owp.Max(awe)
		rate := payroll.RateFromDecimal(weekly.Decimal()).Div(hpw)
		pay := lineMoney(l.units, rate)
		if !l.amount.Less(pay) {
			continue
		}
		l.rate, l.amount = rate, pay
		l.Rate, l.Amount = rate.RoundHalfUp(4).String(), pay.MinorUnits()
		l.Notes = l.leaveCat.Name + ": " + l.units.String() + " hours at the greater of ordinary weekly pay " + owp.StringFixed(2) +
			" and average weekly earnings " + awe.StringFixed(2) + " ÷ " + hpw.String() + " hours a week (Holidays Act s 21(2))"
	}
	return nil
}
