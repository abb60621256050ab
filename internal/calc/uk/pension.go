package uk

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

var reliefAtSourceNet = payroll.MustRate("0.8") // basic-rate relief 20% claimed by the scheme

// pension computes the employee and employer contribution figures (rules
// §2.6) and the employee's gross contribution (what a net pay arrangement
// takes off taxable pay). Rounding to the penny half up is this engine's
// choice: the rules file gives none (schemes may round differently).
func (y *Year) pension(p *calc.UKPension, f calc.Frequency, pensionable payroll.Money, terms []calc.Term) (ee, er calc.Figure, eeGross payroll.Money, _ []calc.Term, err error) {
	base := pensionable.Max(payroll.Money{})
	idx := 0
	switch p.Basis {
	case calc.PensionQualifyingEarnings:
		lower, okL := y.Pension.Lower[f]
		upper, okU := y.Pension.Upper[f]
		if !okL || !okU {
			return ee, er, eeGross, terms, fmt.Errorf("uk: %s: no qualifying earnings band for %s pay", y.Name, f)
		}
		base = pensionable.Min(upper).Sub(lower).Max(payroll.Money{})
	case calc.PensionPensionablePay:
		idx = 1
	default:
		return ee, er, eeGross, terms, fmt.Errorf("uk: pension basis %q", p.Basis)
	}
	if p.Method != calc.PensionNetPay && p.Method != calc.PensionReliefAtSource {
		return ee, er, eeGross, terms, fmt.Errorf("uk: pension method %q", p.Method)
	}
	if p.EmployeeRate.IsNeg() || p.EmployerRate.IsNeg() {
		return ee, er, eeGross, terms, fmt.Errorf("uk: negative pension rate")
	}
	eeGross = cents(base.Mul(p.EmployeeRate))
	eeAmount := eeGross
	start := len(terms)
	terms = append(terms, calc.Term{Name: "pension base", Value: base}, calc.Term{Name: "employee contribution (gross)", Value: eeGross})
	if p.Method == calc.PensionReliefAtSource {
		eeAmount = cents(eeGross.Mul(reliefAtSourceNet))
		terms = append(terms, calc.Term{Name: "basic-rate relief claimed by the scheme", Value: eeGross.Sub(eeAmount)})
	}
	ee = calc.Figure{Code: "pension.employee", Amount: eeAmount, Rule: y.rules.pensionEE[idx], Terms: terms[start:len(terms):len(terms)]}
	start = len(terms)
	terms = append(terms, calc.Term{Name: "pension base", Value: base})
	er = calc.Figure{Code: "pension.employer", Amount: cents(base.Mul(p.EmployerRate)), Rule: y.rules.pensionER[idx], Terms: terms[start:len(terms):len(terms)]}
	return ee, er, eeGross, terms, nil
}
