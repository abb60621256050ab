package uk

import (
	"github.com/payrolld/payrolld/internal/payroll"
)

// loanDeduction is a student or postgraduate loan deduction (rules §2.5,
// CSLM): rate × earnings above the period threshold, non-cumulative,
// rounded down to whole pounds. A multiple-week (or multiple-month) period
// is averaged to one week (month), the weekly deduction taken and
// multiplied back (the HMRC manual's method, rules §2.5):
// k × ⌊rate × (pay − k × threshold) ÷ k⌋.
func loanDeduction(p *LoanPlan, shape periodShape, pay payroll.Money) (threshold, amount payroll.Money) {
	threshold = p.Weekly
	if shape.perYear == 12 {
		threshold = p.Monthly
	}
	threshold = threshold.MulInt(shape.multiple)
	excess := pay.Sub(threshold)
	if !excess.IsPos() {
		return threshold, payroll.Money{}
	}
	return threshold, floorDiv(excess.Mul(p.Rate), shape.multiple, 0).MulInt(shape.multiple)
}
