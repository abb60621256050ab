package pay

import (
	"context"
	"sort"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ukHolidayWithOvertime adds overtime to the pay of UK annual leave taken
// in the run (Working Time Regulations 1998 reg 16(1)-(3) and (3ZA)-(3ZG),
// as amended by SI 2023/1426 from 1 January 2024: a week's pay for reg 13
// leave includes "other payments, such as overtime payments, which have
// been regularly paid to a worker in the 52 weeks preceding the calculation
// date"; reg 16(3)(e): the reference period is the 52 weeks with pay
// before the leave, looking back up to 104 weeks;
// docs/reference/uk-holiday-pay-regular-overtime.md). The leave line was
// priced at the employee's hourly rate (leaveLines); the overtime paid in
// the reference period (earnings in pay categories with a loading, such
// as the default "Overtime 1.5x" and "Overtime 2x", and commission:
// ukRegularRemuneration) over its weeks is the
// average weekly overtime, and each hour of leave gets that ÷ the
// employee's hours a week on top. Without hours a week, overtime in the
// reference period or a finalised earlier period the line stays as it is.
func (w *Writer) ukHolidayWithOvertime(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, c *calculated) error {
	hpw := hoursPerWeek(e)
	if !hpw.IsPos() {
		return nil
	}
	var weekly payroll.Rate
	var weeks payroll.Rate
	read := false
	for i := range c.lines {
		l := &c.lines[i]
		if l.leaveCat == nil || l.earningKind != calc.Leave || !ukAnnualLeave(l.leaveCat) || !l.units.IsPos() {
			continue
		}
		if !read {
			var err error
			if weekly, weeks, err = w.ukAverageWeeklyOvertime(ctx, run, e, cats); err != nil {
				return err
			}
			read = true
		}
		if !weekly.IsPos() {
			return nil
		}
		extra := weekly.Div(hpw)
		rate := l.rate.Add(extra)
		pay := lineMoney(l.units, rate)
		l.rate, l.amount = rate, pay
		l.Rate, l.Amount = rate.RoundHalfUp(4).String(), pay.MinorUnits()
		l.Notes = l.leaveCat.Name + ": " + l.units.String() + " hours at the hourly rate plus the average weekly overtime and commission of the last " +
			weeks.RoundHalfUp(2).String() + " weeks with pay " + payroll.MoneyFromDecimal(weekly.Decimal()).StringFixed(2) + " ÷ " + hpw.String() +
			" hours a week (Working Time Regulations 1998 reg 16)"
	}
	return nil
}

// ukRegularRemuneration: earnings of pay category cat count in a week's
// pay for annual leave beyond the basic rate: overtime (a category with a
// loading; reg 16(3ZA)(c) "other payments, including overtime payments,
// which have been regularly paid") and commission (a category of type
// Commission; reg 16(3ZA)(a) "payments, including commission payments,
// which are intrinsically linked to the performance of tasks the worker is
// required to carry out under the worker's contract").
func ukRegularRemuneration(cat Category) bool {
	return cat.Kind != calc.Leave && (cat.Loading.IsPos() || cat.Kind == calc.Commission)
}

// ukAnnualLeave: a UK leave category of annual leave (a tracked standard
// category, not rolled-up holiday pay, whose leave is unpaid when taken).
func ukAnnualLeave(lc *categories.LeaveCategory) bool {
	return !lc.IsBalanceUntracked && (lc.LeaveCategoryType == "" || lc.LeaveCategoryType == "Standard") && !lc.RolledUpHolidayPayPercent.IsPos()
}

// ukAverageWeeklyOvertime is the overtime paid per week with pay over the
// 52 weeks with pay before the run's period (finalised runs ending in the
// 104 weeks before it, newest first, until 52 weeks are counted; a
// monthly period counts 52 ÷ 12 weeks, others their days ÷ 7), and the
// weeks counted.
func (w *Writer) ukAverageWeeklyOvertime(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories) (payroll.Rate, payroll.Rate, error) {
	start := payroll.DateOnly(run.PeriodStarting)
	rows, err := w.q.EmployeeEarningsByCategoryEndedBetween(ctx, store.EmployeeEarningsByCategoryEndedBetweenParams{BusinessID: w.bizID,
		EmployeeID: e.ID, PayRunID: run.ID, FromDate: start.AddDate(0, 0, -7*104), ToDate: start.AddDate(0, 0, -1)})
	if err != nil {
		return payroll.Rate{}, payroll.Rate{}, err
	}
	type period struct {
		from, to      time.Time
		pay, overtime int64
	}
	byPeriod := map[[2]time.Time]*period{}
	var order []*period
	for _, r := range rows {
		k := [2]time.Time{payroll.DateOnly(r.PeriodStarting), payroll.DateOnly(r.PeriodEnding)}
		p, ok := byPeriod[k]
		if !ok {
			p = &period{from: k[0], to: k[1]}
			byPeriod[k] = p
			order = append(order, p)
		}
		p.pay += r.Amount
		if cat, ok := cats.ByKind[KindEarnings][r.CategoryID]; ok && ukRegularRemuneration(cat) {
			p.overtime += r.Amount
		}
	}
	sort.Slice(order, func(i, j int) bool { return order[i].to.After(order[j].to) })
	full := payroll.RateFromInt(52)
	var weeks payroll.Rate
	var overtime int64
	for _, p := range order {
		if p.pay <= 0 || !weeks.Less(full) {
			continue
		}
		days := calendarDays(p.from, p.to)
		wk := payroll.RateFromInt(days).Div(payroll.RateFromInt(7))
		if run.Frequency == "Monthly" && days >= 28 {
			wk = payroll.RateFromInt(52).Div(payroll.RateFromInt(12))
		}
		weeks = weeks.Add(wk)
		overtime += p.overtime
	}
	if !weeks.IsPos() || overtime <= 0 {
		return payroll.Rate{}, weeks, nil
	}
	return payroll.RateFromDecimal(payroll.MoneyFromMinor(overtime).Decimal()).Div(weeks), weeks, nil
}
