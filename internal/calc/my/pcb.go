package my

import (
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// pcbIn is a month's PCB inputs.
type pcbIn struct {
	month  int // 1-12, the month of payment
	emp    *calc.MYEmployee
	y1, yt payroll.Money // normal (with benefits in kind) / additional taxable remuneration
	k1, kt payroll.Money // employee EPF on them
}

// pcbOut is a month's PCB with the specification's intermediate values.
type pcbOut struct {
	n                    int
	category             int
	k1, k2, kt           payroll.Money // as capped to the qualifying amount
	reliefs              payroll.Money
	p, tax, normal       payroll.Money
	pFull, taxFull, addl payroll.Money
	zakat, pcb           payroll.Money
}

// category is the employee's PCB category: 1 single, 2 married with a
// spouse who has no income, 3 married with a working spouse, divorced,
// widowed, or single with an (adopted) child.
func category(e *calc.MYEmployee) int {
	switch e.MaritalStatus {
	case calc.MYMarried:
		if e.SpouseWorking {
			return 3
		}
		return 2
	case calc.MYDivorced, calc.MYWidowed:
		return 3
	}
	if e.Children.Total()+e.ChildrenHalf.Total() > 0 {
		return 3
	}
	return 1
}

// trunc keeps two decimals and omits the rest (specification term 1).
func trunc(m payroll.Money) payroll.Money { return m.Trunc(2) }

// roundUp5 rounds a non-negative amount up to the next five sen
// (specification term 2: 287.02 -> 287.05, 152.06 -> 152.10).
func roundUp5(m payroll.Money) payroll.Money {
	c := m.Ceil(2).MinorUnits()
	if r := c % 5; r != 0 {
		c += 5 - r
	}
	return payroll.MoneyFromMinor(c)
}

// units is the number of qualifying children the reliefs count: each
// kind weighs its multiple; a shared child half of it.
func (pr *pcbRules) units(c calc.MYChildren) payroll.Rate {
	n := func(k int, w payroll.Rate) payroll.Rate { return payroll.RateFromInt(int64(k)).Mul(w) }
	return n(c.Under18, pr.under18).Add(n(c.Studying, pr.studying)).Add(n(c.HigherEducation, pr.higherEd)).
		Add(n(c.Disabled, pr.disabled)).Add(n(c.DisabledHigherEducation, pr.disabledHigherEd))
}

// reliefs is D + S + DU + SU + QC for the category.
func (pr *pcbRules) reliefs(e *calc.MYEmployee, cat int) payroll.Money {
	r := pr.d
	if e.Disabled {
		r = r.Add(pr.du)
	}
	if cat == 2 {
		r = r.Add(pr.s)
		if e.SpouseDisabled {
			r = r.Add(pr.su)
		}
	}
	if cat != 1 {
		c := pr.units(e.Children).Add(pr.units(e.ChildrenHalf).Mul(payroll.MustRate("0.5")))
		r = r.Add(pr.q.Mul(c))
	}
	return r
}

// tax is the year's tax on chargeable income P: (P − M) × R + B of the
// Table 1 row P falls in, nil up to the first row's M.
func (pr *pcbRules) tax(p payroll.Money, cat int) payroll.Money {
	var band *pcbBand
	for i := range pr.bands {
		if p.Cmp(pr.bands[i].m) > 0 {
			band = &pr.bands[i]
		}
	}
	if band == nil {
		return payroll.Money{}
	}
	b := band.b13
	if cat == 2 {
		b = band.b2
	}
	return trunc(p.Sub(band.m).Mul(band.rate)).Add(b)
}

// chargeable is P = [Σ(Y − K) + (Y1 − K1) + (Y2 − K2) × n + (Yt − Kt)]
// − [D + S + DU + SU + QC + ΣLP + LP1], with K + K1 + K2 + Kt capped at
// the year's EPF qualifying amount and K2 = [cap − (K + K1 + Kt)] ÷ n or
// K1, whichever is lower. Yt and Kt only with additional remuneration.
func (pr *pcbRules) chargeable(in *pcbIn, o *pcbOut, withAdditional bool) payroll.Money {
	e := in.emp
	zero := payroll.Money{}
	k := e.YTD.EPF.Min(pr.epfCap)
	k1 := in.k1.Min(pr.epfCap.Sub(k).Max(zero))
	kt, yt := zero, zero
	if withAdditional {
		kt, yt = in.kt.Min(pr.epfCap.Sub(k).Sub(k1).Max(zero)), in.yt
	}
	k2 := zero
	if o.n > 0 {
		k2 = trunc(pr.epfCap.Sub(k).Sub(k1).Sub(kt).Max(zero).DivInt(int64(o.n))).Min(k1)
	}
	o.k1, o.k2, o.kt = k1, k2, kt
	income := e.YTD.Remuneration.Sub(k).Add(in.y1.Sub(k1)).Add(trunc(in.y1.Sub(k2).MulInt(int64(o.n)))).Add(yt.Sub(kt))
	return trunc(income.Sub(o.reliefs).Sub(e.YTD.TaxRelief).Sub(e.TaxRelief))
}

// pcbResident is the month's MTD of a resident by the computerised
// calculation: on normal remuneration [(P − M) × R + B − (Z + X)] ÷
// (n + 1), not deducted under RM10, rounded up to five sen; with
// additional remuneration, the year's tax with it less the year's MTD
// (X + the month's normal MTD × (n + 1)) and zakat paid, likewise; the
// month's zakat comes off the normal MTD and a shortfall off the
// additional (specification terms 3-5); the total rounded up to five sen.
func pcbResident(pr *pcbRules, in pcbIn) pcbOut {
	e := in.emp
	o := pcbOut{n: 12 - in.month, category: category(e), zakat: e.Zakat}
	o.reliefs = pr.reliefs(e, o.category)
	o.p = pr.chargeable(&in, &o, false)
	o.tax = pr.tax(o.p, o.category)
	months := int64(o.n + 1)
	raw := trunc(o.tax.Sub(e.YTD.Zakat.Add(e.YTD.PCB)).DivInt(months))
	if raw.Cmp(pr.minimum) >= 0 {
		o.normal = roundUp5(raw)
	}
	if in.yt.IsPos() {
		k1, k2 := o.k1, o.k2
		o.pFull = pr.chargeable(&in, &o, true)
		o.taxFull = pr.tax(o.pFull, o.category)
		extra := trunc(o.taxFull.Sub(e.YTD.PCB.Add(o.normal.MulInt(months)).Add(e.YTD.Zakat)))
		if extra.Cmp(pr.minimum) >= 0 {
			o.addl = roundUp5(extra)
		}
		o.k1, o.k2 = k1, k2 // the normal calculation's, for the terms
	}
	if total := o.normal.Sub(e.Zakat).Add(o.addl); total.IsPos() {
		o.pcb = roundUp5(total)
	}
	return o
}

func (o *pcbOut) terms() []calc.Term {
	ts := []calc.Term{
		{Name: "PCB category", Value: payroll.MoneyFromInt(int64(o.category))},
		{Name: "months left in the year after this one (n)", Value: payroll.MoneyFromInt(int64(o.n))},
		{Name: "EPF relieved on normal remuneration (K1)", Value: o.k1},
		{Name: "estimated EPF relief a month for the rest of the year (K2)", Value: o.k2},
		{Name: "compulsory reliefs (D + S + DU + SU + QC)", Value: o.reliefs},
		{Name: "chargeable income for the year (P)", Value: o.p},
		{Name: "tax for the year on P", Value: o.tax},
		{Name: "MTD on normal remuneration", Value: o.normal},
	}
	if !o.pFull.IsZero() || !o.taxFull.IsZero() || o.addl.IsPos() {
		ts = append(ts,
			calc.Term{Name: "EPF relieved on additional remuneration (Kt)", Value: o.kt},
			calc.Term{Name: "chargeable income with additional remuneration", Value: o.pFull},
			calc.Term{Name: "tax for the year with additional remuneration", Value: o.taxFull},
			calc.Term{Name: "MTD on additional remuneration", Value: o.addl})
	}
	return append(ts, calc.Term{Name: "zakat this month", Value: o.zakat})
}

// nonResOut is a non-resident's month.
type nonResOut struct{ remuneration, tax, pcb payroll.Money }

// pcbNonResident is the flat non-resident rate on the month's taxable
// remuneration (normal, additional and benefits in kind), not deducted
// under RM10, rounded up to five sen, less the month's zakat.
func pcbNonResident(pr *pcbRules, in pcbIn) nonResOut {
	o := nonResOut{remuneration: in.y1.Add(in.yt)}
	o.tax = trunc(o.remuneration.Mul(pr.nonResident))
	amount := payroll.Money{}
	if o.tax.Cmp(pr.minimum) >= 0 {
		amount = roundUp5(o.tax)
	}
	if total := amount.Sub(in.emp.Zakat); total.IsPos() {
		o.pcb = roundUp5(total)
	}
	return o
}
