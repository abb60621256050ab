package uk

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// The integer hot path (fixed.go) computes exactly what the decimal
// versions do, for every code form, frequency, NI category, loan plan and
// pension basis.
func TestFixedMatchesDecimal(t *testing.T) {
	t.Parallel()
	kinds := []CodeKind{CodeAllowance, CodeK, CodeBR, CodeD, CodeNT}
	rapid.Check(t, func(t *rapid.T) {
		y := propYears[rapid.IntRange(0, len(propYears)-1).Draw(t, "year")]
		fi := rapid.IntRange(fWeekly, fMonthly).Draw(t, "freq")
		shape, _ := shapeOf(freqOrder[fi])

		// PAYE.
		code := TaxCode{Jurisdiction: Jurisdiction(rapid.IntRange(0, int(numJurisdictions)-1).Draw(t, "jur")),
			Kind: rapid.SampledFrom(kinds).Draw(t, "kind"), Number: rapid.IntRange(0, 3000).Draw(t, "number"), Suffix: 'L'}
		if code.Kind == CodeD {
			code.Number = rapid.IntRange(0, 3).Draw(t, "d")
		}
		in := payeIn{code: code, shape: shape, w1m1: rapid.Bool().Draw(t, "w1"), period: rapid.IntRange(1, int(shape.perYear/shape.multiple)).Draw(t, "period"),
			pay: pennies(t, "pay", -100_000_00, 5_000_000_00), payBefore: pennies(t, "before", -100_000_00, 50_000_000_00), taxBefore: pennies(t, "taxBefore", -100_000_00, 20_000_000_00)}
		want, wr, wterms, werr := y.payeDecimal(&in, nil)
		got, gr, gterms, gerr := y.paye(&in, nil)
		if (werr == nil) != (gerr == nil) || !got.Equal(want) || gr != wr || len(gterms) != len(wterms) {
			t.Fatalf("paye %+v: int %s %v, decimal %s %v", in, got, gerr, want, werr)
		}
		for i := range gterms {
			if gterms[i].Name != wterms[i].Name || !gterms[i].Value.Equal(wterms[i].Value) {
				t.Fatalf("paye term %d: int %v, decimal %v", i, gterms[i], wterms[i])
			}
		}

		// NI, every category.
		pay := pennies(t, "ni pay", 0, 50_000_000_00)
		p, _ := pence(pay)
		th := y.NI.Thresholds[freqOrder[fi]]
		for i := range y.NI.Categories {
			c := &y.NI.Categories[i]
			ee, er := niParts(c, &th, pay)
			eeI, erI := niPartsInt(&y.fixed.cats[c.Letter-'A'], &y.fixed.ni[fi], p)
			if !money(eeI).Equal(ee) || !money(erI).Equal(er) {
				t.Fatalf("NI %c on %s: int %d/%d, decimal %s/%s", c.Letter, pay, eeI, erI, ee, er)
			}
		}
		// Loans, every plan.
		for i := range y.Loans.Plans {
			lp := &y.Loans.Plans[i]
			th, amt := loanDeduction(lp, shape, pay)
			thI, amtI := loanDeductionInt(&lp.fixed, shape, p)
			if !money(thI).Equal(th) || !money(amtI).Equal(amt) {
				t.Fatalf("loan %s on %s: int %d/%d, decimal %s/%s", lp.Plan, pay, thI, amtI, th, amt)
			}
		}
		// Pension, both bases and methods, rates with up to 6 decimals.
		pen := &calc.UKPension{
			Basis:        rapid.SampledFrom([]calc.UKPensionBasis{calc.PensionQualifyingEarnings, calc.PensionPensionablePay}).Draw(t, "basis"),
			Method:       rapid.SampledFrom([]calc.UKPensionMethod{calc.PensionNetPay, calc.PensionReliefAtSource}).Draw(t, "method"),
			EmployeeRate: payroll.RateFromInt(rapid.Int64Range(0, 1_000_000).Draw(t, "ee rate")).Div(payroll.RateFromInt(1_000_000)),
			EmployerRate: payroll.RateFromInt(rapid.Int64Range(0, 1_000_000).Draw(t, "er rate")).Div(payroll.RateFromInt(1_000_000)),
		}
		ee, er, g, _, err := y.pension(pen, freqOrder[fi], pay, nil)
		eeI, erI, gI, _, errI := y.pensionFigures(pen, shape, p, nil)
		if err != nil || errI != nil || !ee.Amount.Equal(eeI.Amount) || !er.Amount.Equal(erI.Amount) || !g.Equal(money(gI)) {
			t.Fatalf("pension %+v on %s: int %s/%s/%d %v, decimal %s/%s/%s %v", pen, pay, eeI.Amount, erI.Amount, gI, errI, ee.Amount, er.Amount, g, err)
		}
	})
}
