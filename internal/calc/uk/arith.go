package uk

import (
	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Exact division helpers. HMRC's PAYE routines need x ÷ 52 (or ÷ 12) floored
// or ceiled to the penny exactly: a decimal quotient rounded to 19 digits
// may land on the wrong side of a penny, so the quotient is taken as an
// integer number of pence with its remainder (QuoRem is exact).

// divScaled returns trunc(x·10^scale / d) as an integer (the quotient in
// units of 10^-scale) and whether a remainder was left.
func divScaled(x payroll.Money, d int64, scale int) (int64, bool) {
	q, rem, err := x.Decimal().QuoRem(decimal.MustNew(d, scale)) // x ÷ (d·10^-scale)
	if err != nil {
		panic("uk: division: " + err.Error())
	}
	whole, _, ok := q.Int64(0)
	if !ok {
		panic("uk: quotient out of range")
	}
	return whole, !rem.IsZero()
}

// floorDiv is ⌊x ÷ d⌋ at scale decimals (towards −∞).
func floorDiv(x payroll.Money, d int64, scale int) payroll.Money {
	if d == 1 {
		return x.Floor(scale)
	}
	q, rem := divScaled(x, d, scale)
	if rem && x.IsNeg() {
		q--
	}
	return payroll.MoneyFromDecimal(decimal.MustNew(q, scale))
}

// ceilDiv is ⌈x ÷ d⌉ at scale decimals (towards +∞).
func ceilDiv(x payroll.Money, d int64, scale int) payroll.Money {
	q, rem := divScaled(x, d, scale)
	if rem && !x.IsNeg() {
		q++
	}
	return payroll.MoneyFromDecimal(decimal.MustNew(q, scale))
}

// niRound is HMRC's NI rounding to the penny (rules §2.4, the exact
// percentage method): look only at the third decimal place, 5 or less
// rounds down, 6 or more rounds up (0.0056 → 0.00, 0.0064 → 0.01,
// 26.825 → 26.82). Only ever applied to non-negative amounts.
func niRound(x payroll.Money) payroll.Money {
	if x.Decimal().Scale() <= 2 {
		return x
	}
	whole, mils, ok := x.Trunc(3).Decimal().Int64(3)
	if !ok {
		panic("uk: NI amount out of range")
	}
	pence := whole*100 + mils/10
	if mils%10 >= 6 {
		pence++
	}
	return payroll.MoneyFromMinor(pence)
}

// cents rounds half up to the penny (payroll.Money.Cents without the
// work when there is nothing to round).
func cents(x payroll.Money) payroll.Money {
	if x.Decimal().Scale() <= 2 {
		return x
	}
	return x.Cents()
}
