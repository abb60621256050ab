package uk

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
)

// payrolledRule is the rule of a payrolled benefit's notional pay
// (docs/reference/uk-payrolled-benefits.md).
var payrolledRule = &calc.Rule{Code: "uk.benefit.payrolled",
	Text: "UK payrolled benefit in kind: (cash equivalent for the tax year − amount made good − amount payrolled on earlier paydays of the year) " +
		"÷ paydays left in the tax year while it is provided (this one included), rounded to the nearest penny (half up); " +
		"notional pay added to taxable pay only (not NI-able, pensionable or paid: Class 1A is the employer's, on the P11D(b)); " +
		"the PAYE of a period with payrolled benefits is at most 50% of its cash pay (the overriding limit; the benefit is not a relevant payment for it)",
	Source: "Income Tax (PAYE) Regulations 2003 (SI 2003/2682) Pt 3 Ch 3A, regs 61B-61M (inserted by SI 2015/1927), reg 61B(3), regs 23(5), 28(5); " +
		"GOV.UK 'Payrolling: tax employees' benefits and expenses through your payroll', 'Payrolling: changes affecting benefits and expenses', " +
		"'Reporting benefits in kind in real time' Annex 1 (gym £600 a year: £50 a month)"}

// payrolledBenefit is the period's notional pay of a payrolled benefit:
// ToTax ÷ Paydays to the nearest penny, half up (nothing when nothing is
// left to tax), with its figure (code benefit.payrolled).
func payrolledBenefit(b *calc.UKPayrolledBenefit, terms []calc.Term) (calc.Figure, int64, []calc.Term, error) {
	if b.Paydays < 1 {
		return calc.Figure{}, 0, terms, fmt.Errorf("uk: payrolled benefit %q: no payday left to payroll it on", b.Name)
	}
	left, ok := pence(b.ToTax)
	if !ok {
		return calc.Figure{}, 0, terms, fmt.Errorf("uk: payrolled benefit %q: amount %s out of range", b.Name, b.ToTax)
	}
	var p int64
	if left > 0 {
		d := int64(b.Paydays)
		p = (2*left + d) / (2 * d)
	}
	start := len(terms)
	terms = append(terms, calc.Term{Name: "cash equivalent still to payroll this tax year", Value: b.ToTax},
		calc.Term{Name: "paydays left while provided (this one included)", Value: money(int64(b.Paydays) * 100)})
	return calc.Figure{Code: "benefit.payrolled", Amount: money(p), Rule: payrolledRule, Terms: terms[start:len(terms):len(terms)]}, p, terms, nil
}
