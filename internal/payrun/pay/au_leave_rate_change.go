package pay

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// AU leave taken across a pay rate change inside the period: each day of
// leave is paid at the rate in force on that day (as timesheet lines are,
// dayRates), so the days before the change are paid at the old rate. The
// NES pays leave at the base rate of pay for the employee's ordinary hours
// in the period of leave (Fair Work Act 2009 s 90(1) annual leave, s 99
// paid personal/carer's leave); a day's base rate is the rate in force on
// it. docs/reference/au-pay-rules.md "Leave across a rate change".

// leavePart is the hours of a leave request paid at one part's rate.
type leavePart struct {
	hours payroll.Rate
	pr    periodRate
	note  string // the rate and the date of the change ("" at the period end's rate)
	from  time.Time
	to    time.Time // the part's days in the period (inclusive)
}

// auLeaveParts splits the h hours a request pays in the run over the parts
// of the period with different pay rates: a part's share is h × the
// request's days in that part (weekdays; calendar days for a request
// without any) ÷ its days in the whole period, the last part taking what
// rounding leaves. ok is false (pay it all at pr) outside AU, when the
// rate does not change inside the period, or when every day of the request
// falls in one part at the period end's rate.
func (in *inputs) auLeaveParts(region string, e *EmployeeRow, run *store.PayRun, primary Category, pr periodRate, a leave.Approved, h payroll.Rate) ([]leavePart, bool) {
	if region != calc.AU || in == nil {
		return nil, false
	}
	segs := in.segments(e, run)
	if len(segs) < 2 {
		return nil, false
	}
	rateOn := in.dayRates(e, run, primary, pr)
	from, to := payroll.DateOnly(a.FromDate), payroll.DateOnly(a.ToDate)
	calendar := weekdays(from, to) == 0
	if lo := payroll.DateOnly(run.PeriodStarting); from.Before(lo) {
		from = lo
	}
	if hi := payroll.DateOnly(run.PeriodEnding); to.After(hi) {
		to = hi
	}
	var parts []leavePart
	var days []int
	total := 0
	day := payroll.DateOnly(run.PeriodStarting)
	for _, sg := range segs {
		p := leavePart{from: day, to: day.AddDate(0, 0, sg.days-1)}
		p.pr, p.note = rateOn(p.from)
		n := 0
		for d := p.from; !d.After(p.to); d = d.AddDate(0, 0, 1) {
			if d.Before(from) || d.After(to) {
				continue
			}
			if wd := d.Weekday(); !calendar && (wd == time.Saturday || wd == time.Sunday) {
				continue
			}
			n++
		}
		day = day.AddDate(0, 0, sg.days)
		if n == 0 {
			continue
		}
		parts, days, total = append(parts, p), append(days, n), total+n
	}
	if total == 0 || (len(parts) == 1 && parts[0].note == "") {
		return nil, false
	}
	left := h
	for i := range parts {
		if !parts[i].pr.ok {
			return nil, false // no hourly rate for a part: pay it as before
		}
		if i == len(parts)-1 {
			parts[i].hours = left
			break
		}
		parts[i].hours = h.Mul(payroll.RateFromInt(int64(days[i]))).Div(payroll.RateFromInt(int64(total))).RoundHalfUp(4)
		left = left.Sub(parts[i].hours)
	}
	return parts, true
}

// auLeaveAcrossRateChange pays the leave parts through cat (when paid)
// and, when deductStd (the leave category deducts from the primary pay
// category), takes each part's hours out of the standard lines of its own
// days first (a line wholly taken loses its whole amount), then out of the
// other standard lines, latest first, at the part's rate; without
// deductStd std is left as it is (the salary continues). It returns the
// leave lines and the leave pay (the leave loading's base).
func auLeaveAcrossRateChange(parts []leavePart, std []line, deductStd bool, cat Category, paid bool, name string) ([]line, payroll.Money) {
	var lines []line
	var total payroll.Money
	for _, p := range parts {
		pay := lineMoney(p.hours, p.pr.hourly)
		total = total.Add(pay)
		if deductStd {
			takeFromStandardByDays(std, p, pay)
		}
		if paid {
			note := name
			if p.note != "" {
				note = fmt.Sprintf("%s: %s h on %s to %s at %s an hour%s", name, p.hours.RoundHalfUp(4), p.from.Format("2006-01-02"), p.to.Format("2006-01-02"), p.pr.hourly.RoundHalfUp(4), p.note)
			}
			lines = append(lines, earningsLine(cat, p.hours, p.pr.hourly, pay, p.hours, note))
		}
	}
	return lines, total
}

// takeFromStandardByDays takes the part's hours (pay their pay) out of the
// standard lines of its own days first, then out of the other standard
// lines, latest first, at the part's rate (auLeaveAcrossRateChange).
func takeFromStandardByDays(std []line, p leavePart, pay payroll.Money) {
	rest, restPay := p.hours, pay
	for i := len(std) - 1; i >= 0 && rest.IsPos(); i-- {
		s := &std[i]
		if s.from.IsZero() || s.from.After(p.to) || s.to.Before(p.from) {
			continue
		}
		rest, restPay = takeFromLine(s, rest, restPay, p.pr)
	}
	if rest.IsPos() {
		takeFromStandard(std, rest, restPay, p.pr)
	}
}

// takeFromLine takes up to rest hours of leave (restPay their pay) out
// of the standard line s: an hourly line loses the hours; a salaried line
// loses the pay, its whole amount when all its hours go. It returns what
// is left to take.
func takeFromLine(s *line, rest payroll.Rate, restPay payroll.Money, pr periodRate) (payroll.Rate, payroll.Money) {
	take := rest
	if s.hours.Less(take) {
		take = s.hours
	}
	if !take.IsPos() {
		return rest, restPay
	}
	s.hours = s.hours.Sub(take)
	if pr.unit == "Hourly" {
		s.units = s.units.Sub(take)
		s.amount = lineMoney(s.units, s.rate)
		return rest.Sub(take), restPay.Sub(lineMoney(take, pr.hourly)).Max(payroll.Money{})
	}
	cut := restPay
	if take.Less(rest) {
		cut = lineMoney(take, pr.hourly)
		if !s.hours.IsPos() || s.amount.Less(cut) {
			cut = s.amount
		}
	}
	s.amount = s.amount.Sub(cut)
	s.units, s.rate = one, payroll.RateFromDecimal(s.amount.Decimal())
	return rest.Sub(take), restPay.Sub(cut)
}
