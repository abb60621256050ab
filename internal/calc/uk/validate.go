package uk

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Input bounds. They keep every intermediate (amount × 52 × a 4-decimal
// rate) well inside the 19 significant digits of payroll.Money, so the
// engine never panics on overflow; anything outside is an error.
var (
	maxAmount = payroll.MustMoney("10000000000") // £10bn
	maxRate   = payroll.MustRate("1")
)

const (
	maxPeriod   = 1000
	maxStatDays = 3660
)

func checkAmount(what string, x payroll.Money) error {
	if d := x.Decimal(); d.Scale() <= 2 && d.Coef() <= 10_000_000_000 {
		return nil // fast path: whole pence and a coefficient ≤ 10^10 (≤ £10bn at any scale)
	}
	if x.Abs().Cmp(maxAmount) > 0 {
		return fmt.Errorf("uk: %s %s out of range", what, x)
	}
	if x.Decimal().Scale() > 2 && !x.Equal(x.Trunc(2)) {
		return fmt.Errorf("uk: %s %s has fractions of a penny", what, x)
	}
	return nil
}

func validate(in *calc.Input) error {
	if in.Period < 0 || in.Period > maxPeriod {
		return fmt.Errorf("uk: period %d out of range", in.Period)
	}
	for i := range in.Earnings {
		if err := checkAmount("earnings", in.Earnings[i].Amount); err != nil {
			return err
		}
	}
	emp := in.UK
	for _, c := range []struct {
		what string
		x    payroll.Money
	}{
		{"pre-tax deductions", in.PreTax},
		{"taxable pay to date", emp.YTD.TaxablePay}, {"tax paid to date", emp.YTD.TaxPaid},
		{"NI earnings to date", emp.YTD.NIEarnings}, {"employee NI to date", emp.YTD.EmployeeNI}, {"employer NI to date", emp.YTD.EmployerNI},
	} {
		if err := checkAmount(c.what, c.x); err != nil {
			return err
		}
	}
	if p := emp.Pension; p != nil {
		for _, rt := range []payroll.Rate{p.EmployeeRate, p.EmployerRate} {
			if rt.IsNeg() || rt.Cmp(maxRate) > 0 {
				return fmt.Errorf("uk: pension rate %s out of range (0-1)", rt)
			}
		}
	}
	for i := range emp.Statutory {
		s := &emp.Statutory[i]
		if s.AWE.IsNeg() || s.AWE.Cmp(maxAmount) > 0 {
			return fmt.Errorf("uk: %s: average weekly earnings %s out of range", s.Kind, s.AWE)
		}
		for _, n := range []int{s.SickDays, s.WaitingDaysServed, s.DaysPaid, s.FirstDay, s.Days} {
			if n < 0 || n > maxStatDays {
				return fmt.Errorf("uk: %s: day count %d out of range", s.Kind, n)
			}
		}
	}
	return nil
}
