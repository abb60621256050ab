package au_test

import (
	"errors"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

var (
	allScales = []calc.AUScale{calc.AUScale1, calc.AUScale2, calc.AUScale3, calc.AUScale4Resident,
		calc.AUScale4Foreign, calc.AUScale5, calc.AUScale6, calc.AUScaleWHM}
	allFreqs = []calc.Frequency{calc.Weekly, calc.Fortnightly, calc.Monthly, calc.Quarterly}
	dates    = []time.Time{fy25, fy26}
)

func payg(t *rapid.T, i *calc.Input) payroll.Money {
	res, err := eng.Calculate(i)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := res.Get("payg")
	return f.Amount
}

// Withholding never decreases as gross rises, within a scale and frequency
// (with or without the Schedule 8 component).
func TestWithholdingMonotone(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		date := rapid.SampledFrom(dates).Draw(t, "date")
		scale := rapid.SampledFrom(allScales).Draw(t, "scale")
		f := rapid.SampledFrom(allFreqs).Draw(t, "freq")
		stsl := rapid.Bool().Draw(t, "stsl")
		lo := rapid.Int64Range(0, 5_000_000).Draw(t, "cents") // up to $50,000 a period
		hi := lo + rapid.Int64Range(0, 500_000).Draw(t, "more")
		a := in(date, f, scale, "0")
		a.AU.STSL = stsl
		a.Earnings[0].Amount = payroll.MoneyFromMinor(lo)
		if _, err := eng.Calculate(a); errors.Is(err, calc.ErrNoRules) {
			a.AU.STSL = false // Schedule 8 table not known for this combination
		}
		b := *a
		b.Earnings = []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MoneyFromMinor(hi)}}
		wa, wb := payg(t, a), payg(t, &b)
		if wb.Less(wa) {
			t.Fatalf("%s %s: %s → %s but %s → %s", scale, f, a.Earnings[0].Amount, wa, b.Earnings[0].Amount, wb)
		}
	})
}

// The figures are whole dollars where the ATO says so, never negative, and
// the total is the parts.
func TestFiguresConsistent(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		i := in(rapid.SampledFrom(dates).Draw(t, "date"), rapid.SampledFrom(allFreqs).Draw(t, "freq"),
			rapid.SampledFrom(allScales).Draw(t, "scale"), "0")
		i.Earnings[0].Amount = payroll.MoneyFromMinor(rapid.Int64Range(0, 3_000_000).Draw(t, "cents"))
		i.AU.TaxOffset = payroll.MoneyFromInt(rapid.Int64Range(0, 3000).Draw(t, "offset"))
		res, err := eng.Calculate(i)
		if err != nil {
			t.Fatal(err)
		}
		var s1, off, total payroll.Money
		for _, f := range res.Figures {
			if f.Amount.IsNeg() || f.Rule == nil {
				t.Fatalf("%s: %s, rule %v", f.Code, f.Amount, f.Rule)
			}
			switch f.Code {
			case "payg.schedule1":
				s1 = f.Amount
			case "payg.offset":
				off = f.Amount
			case "payg":
				total = f.Amount
			}
		}
		if !s1.Trunc(0).Equal(s1) || !total.Equal(s1.Sub(off).Max(payroll.Money{})) {
			t.Fatalf("schedule1 %s offset %s total %s", s1, off, total)
		}
	})
}
