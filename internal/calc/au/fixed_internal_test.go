package au

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// The integer paths (formula, earnings, centsTimes) give exactly what the
// decimal arithmetic gives, for every coefficient table of every year.
func TestIntegerPathsMatchDecimal(t *testing.T) {
	t.Parallel()
	var tables []Coefficients
	for _, y := range Years {
		for _, c := range y.PAYG.Scales {
			if len(c) > 0 {
				tables = append(tables, c)
			}
		}
		for _, st := range y.STSL {
			for _, c := range []Coefficients{st.TFT, st.NoTFT} {
				if len(c) > 0 {
					tables = append(tables, c)
				}
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		c := tables[rapid.IntRange(0, len(tables)-1).Draw(t, "table")]
		whole := rapid.Int64Range(0, 1_000_000).Draw(t, "whole")
		var s calcState
		s.terms = make([]calc.Term, 0, 8)
		x, y := formula(&s, c, whole)
		band := c[len(c)-1]
		for _, b := range c {
			if b.Below == 0 || whole < b.Below {
				band = b
				break
			}
		}
		exact := x.Mul(band.A).Sub(band.bMoney())
		if want := dollars(exact); y != want || !s.terms[3].Value.Equal(exact) {
			t.Fatalf("formula(%d): y %d exact %s, decimal y %d exact %s", whole, y, s.terms[3].Value, want, exact)
		}

		base := payroll.MoneyFromMinor(rapid.Int64Range(0, 1_000_000_000_00).Draw(t, "base"))
		r := payroll.RateFromInt(rapid.Int64Range(0, 1_000_000).Draw(t, "rate")).Div(payroll.RateFromInt(1_000_000))
		if got, ok := centsTimes(base, r); !ok || !got.Equal(base.Mul(r).Cents()) {
			t.Fatalf("centsTimes(%s, %s) = %s %v, want %s", base, r, got, ok, base.Mul(r).Cents())
		}

		in := &calc.Input{PreTax: payroll.MoneyFromMinor(rapid.Int64Range(0, 10_000_00).Draw(t, "pretax"))}
		n := rapid.IntRange(0, 5).Draw(t, "lines")
		var g, nt payroll.Money
		for i := 0; i < n; i++ {
			a := payroll.MoneyFromMinor(rapid.Int64Range(-1_000_00, 100_000_00).Draw(t, "amount"))
			if rapid.Bool().Draw(t, "fraction") {
				a = a.Add(payroll.MustMoney("0.004"))
			}
			e := calc.Earning{Amount: a, NotTaxable: rapid.Bool().Draw(t, "not taxable")}
			in.Earnings = append(in.Earnings, e)
			g = g.Add(a)
			if e.NotTaxable {
				nt = nt.Add(a)
			}
		}
		gross, notTaxable, taxable, tc := earnings(in)
		want := g.Sub(nt).Sub(in.PreTax)
		if !gross.Equal(g) || !notTaxable.Equal(nt) || !taxable.Equal(want) || (!want.IsNeg() && tc != want.Trunc(2).MinorUnits()) {
			t.Fatalf("earnings: %s %s %s %d, want %s %s %s", gross, notTaxable, taxable, tc, g, nt, want)
		}
	})
}
