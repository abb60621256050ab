package my

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// epfPeriodOf is the Third Schedule in force for a payment on pay.
func epfPeriodOf(y *year, pay time.Time) *epfPeriod {
	p := &y.epf[0]
	for i := range y.epf {
		if !pay.Before(y.epf[i].from) {
			p = &y.epf[i]
		}
	}
	return p
}

// epfPartFor is the Third Schedule part that applies to the employee in
// the month of pay: the override when set, else by citizenship and age
// (Part A below 60; from the month after the 60th birthday's month Part
// E for citizens and Part C for permanent residents; Part F for
// non-citizen workers from October 2025 wages; none from the month after
// the 75th birthday's month). nil: not liable.
func epfPartFor(y *year, emp *calc.MYEmployee, pay time.Time) (*epfPart, error) {
	period := epfPeriodOf(y, pay)
	name := emp.EPFPart
	if name == "" {
		switch citizenship(emp) {
		case calc.MYForeign:
			name = calc.MYEPFPartF
			if _, ok := period.parts[name]; !ok {
				return nil, nil // not liable before Part F's wages
			}
		case calc.MYPermanentResident:
			name = calc.MYEPFPartA
			if reached(emp.DateOfBirth, pay, y.epfOlderAge) {
				name = calc.MYEPFPartC
			}
		default:
			name = calc.MYEPFPartA
			if reached(emp.DateOfBirth, pay, y.epfOlderAge) {
				name = calc.MYEPFPartE
			}
		}
		if reached(emp.DateOfBirth, pay, y.epfEndAge) {
			return nil, nil
		}
	}
	if name == calc.MYEPFPartNone {
		return nil, nil
	}
	part, ok := period.parts[name]
	if !ok {
		return nil, fmt.Errorf("my: EPF Third Schedule Part %s does not apply to wages paid on %s", name, pay.Format(time.DateOnly))
	}
	return part, nil
}

// epfOut is a month's EPF.
type epfOut struct {
	wages, withoutBonus, base payroll.Money
	employee, employer, k1    payroll.Money
}

var (
	rm10     = payroll.MustMoney("10")
	rm20     = payroll.MustMoney("20")
	rm5000   = payroll.MustMoney("5000")
	rm20000  = payroll.MustMoney("20000")
	ringgits = 0 // Ceil scale: to the next ringgit
)

// bandUpper is the upper limit of the Third Schedule wage band the wages
// fall in (RM20 bands to RM5,000, RM100 bands to RM20,000), or the wages
// themselves above RM20,000, where the shares are on the exact wages.
func bandUpper(w payroll.Money) payroll.Money {
	switch {
	case w.Cmp(rm20000) > 0:
		return w
	case w.Cmp(rm20) <= 0:
		return rm20
	case w.Cmp(rm5000) <= 0:
		return w.DivInt(20).Ceil(0).MulInt(20)
	default:
		return rm5000.Add(w.Sub(rm5000).DivInt(100).Ceil(0).MulInt(100))
	}
}

// epfShares are the employee and employer shares on a month's EPF wages.
// withoutBonus (the wages less any bonus) picks the employer's rate: the
// Third Schedule keeps the lower-wage rate, on the exact wages, when
// only a bonus takes the month over RM5,000.
func epfShares(p *epfPart, wages, withoutBonus payroll.Money) (base, ee, er payroll.Money) {
	if !wages.IsPos() {
		return
	}
	if !p.table {
		return wages, wages.Mul(p.employee).Ceil(ringgits), wages.Mul(p.employerHigh).Ceil(ringgits)
	}
	if wages.Cmp(rm10) <= 0 {
		return
	}
	base = bandUpper(wages)
	erRate, erBase := p.employerHigh, base
	if withoutBonus.Cmp(rm5000) <= 0 {
		erRate = p.employerLow
		if wages.Cmp(rm5000) > 0 {
			erBase = wages
		}
	}
	return base, base.Mul(p.employee).Ceil(ringgits), erBase.Mul(erRate).Ceil(ringgits)
}

// epfMonth is the month's EPF on the classified wages; K1 (the PCB
// relief on normal remuneration) is the employee's share on the normal
// remuneration's EPF wages alone, Kt the rest (MTD specification term 13).
func epfMonth(p *epfPart, w wages) epfOut {
	o := epfOut{wages: w.epfNormal.Add(w.epfAdditional)}
	o.withoutBonus = o.wages.Sub(w.epfBonus)
	o.base, o.employee, o.employer = epfShares(p, o.wages, o.withoutBonus)
	_, o.k1, _ = epfShares(p, w.epfNormal, w.epfNormal)
	o.k1 = o.k1.Min(o.employee)
	return o
}
