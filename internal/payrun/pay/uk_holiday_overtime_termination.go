package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// payoutRate is the hourly rate unused leave of category lc is paid out
// at on termination: the employee's hourly rate, and in the UK for annual
// leave that rate plus the average weekly overtime of the reference period
// ÷ the employee's hours a week (Working Time Regulations 1998 reg
// 14(3)(b): the payment in lieu is "the amount that would be due to the
// worker under regulation 16" for the leave, and reg 16(3ZA) counts
// overtime regularly paid in the 52 weeks before; the same reading and
// choices as leave taken, uk_holiday_overtime.go and
// docs/reference/uk-holiday-pay-regular-overtime.md). The note (empty
// when the rate is the hourly one) is added to the line's notes.
func (w *Writer) payoutRate(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, cats *Categories, lc *categories.LeaveCategory,
	hourly payroll.Rate) (payroll.Rate, string, error) {
	if region != calc.UK || !ukAnnualLeave(lc) {
		return hourly, "", nil
	}
	hpw := hoursPerWeek(e)
	if !hpw.IsPos() {
		return hourly, "", nil
	}
	weekly, weeks, err := w.ukAverageWeeklyOvertime(ctx, run, e, cats)
	if err != nil || !weekly.IsPos() {
		return hourly, "", err
	}
	rate := hourly.Add(weekly.Div(hpw))
	return rate, " at the hourly rate " + hourly.RoundHalfUp(4).String() + " plus the average weekly overtime of the last " +
		weeks.RoundHalfUp(2).String() + " weeks with pay " + payroll.MoneyFromDecimal(weekly.Decimal()).StringFixed(2) + " ÷ " + hpw.String() +
		" hours a week (Working Time Regulations 1998 regs 14(3)(b) and 16)", nil
}
