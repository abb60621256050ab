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

// pensionFigures is pension on pence: the contributions in integers when
// the rates have at most 6 decimals (centsRate), else in decimals. The
// employee's gross contribution is returned in pence.
func (y *Year) pensionFigures(p *calc.UKPension, shape periodShape, pensionable int64, terms []calc.Term) (ee, er calc.Figure, eeGross int64, _ []calc.Term, err error) {
	base := max(pensionable, 0)
	idx := 0
	switch p.Basis {
	case calc.PensionQualifyingEarnings:
		if !y.fixed.penOK[shape.freq] {
			return ee, er, 0, terms, fmt.Errorf("uk: %s: no qualifying earnings band for %s pay", y.Name, freqOrder[shape.freq])
		}
		base = max(min(pensionable, y.fixed.penUpper[shape.freq])-y.fixed.penLower[shape.freq], 0)
	case calc.PensionPensionablePay:
		idx = 1
	default:
		return ee, er, 0, terms, fmt.Errorf("uk: pension basis %q", p.Basis)
	}
	if p.Method != calc.PensionNetPay && p.Method != calc.PensionReliefAtSource {
		return ee, er, 0, terms, fmt.Errorf("uk: pension method %q", p.Method)
	}
	if p.EmployeeRate.IsNeg() || p.EmployerRate.IsNeg() {
		return ee, er, 0, terms, fmt.Errorf("uk: negative pension rate")
	}
	eeG, ok1 := centsRate(base, p.EmployeeRate)
	erA, ok2 := centsRate(base, p.EmployerRate)
	if !ok1 || !ok2 {
		var g payroll.Money
		ee, er, g, terms, err = y.pension(p, freqOrder[shape.freq], money(pensionable), terms)
		if err != nil {
			return ee, er, 0, terms, err
		}
		eeGross, ok := pence(g)
		if !ok {
			return ee, er, 0, terms, fmt.Errorf("uk: pension contribution %s out of range", g)
		}
		return ee, er, eeGross, terms, nil
	}
	eeAmount := eeG
	start := len(terms)
	terms = append(terms, calc.Term{Name: "pension base", Value: money(base)}, calc.Term{Name: "employee contribution (gross)", Value: money(eeG)})
	if p.Method == calc.PensionReliefAtSource {
		eeAmount = (eeG*8 + 5) / 10 // × 0.8, half up (reliefAtSourceNet)
		terms = append(terms, calc.Term{Name: "basic-rate relief claimed by the scheme", Value: money(eeG - eeAmount)})
	}
	ee = calc.Figure{Code: "pension.employee", Amount: money(eeAmount), Rule: y.rules.pensionEE[idx], Terms: terms[start:len(terms):len(terms)]}
	start = len(terms)
	terms = append(terms, calc.Term{Name: "pension base", Value: money(base)})
	er = calc.Figure{Code: "pension.employer", Amount: money(erA), Rule: y.rules.pensionER[idx], Terms: terms[start:len(terms):len(terms)]}
	return ee, er, eeG, terms, nil
}
