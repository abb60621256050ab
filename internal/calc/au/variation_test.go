package au_test

import (
	"errors"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// A withholding variation withholds its rate on the pay (here a weekly
// $1,000.40 and a $2,600 bonus at 30%: 0.30 × 3,600.40 = 1,080.12 →
// 1,080), its rule and rate shown; no rate recorded, or a study loan
// (whose component the variation may or may not include), is refused.
func TestWithholdingVariation(t *testing.T) {
	d := day(2026, time.November, 25)
	i := in(d, calc.Weekly, calc.AUScale2, "1000.40")
	i.Earnings = append(i.Earnings, calc.Earning{Kind: calc.Bonus, Amount: m("2600")})
	r := payroll.MustRate("0.30")
	i.AU.Variation, i.AU.VariationRate = true, &r
	if f := figure(t, i, "payg"); !f.Amount.Equal(m("1080")) {
		t.Errorf("payg %s, want 1080", f.Amount)
	}
	if f := figure(t, i, "payg.schedule1"); f.Rule.Code != "au.payg.variation" {
		t.Errorf("rule %s, want au.payg.variation", f.Rule.Code)
	}
	i.AU.STSL = true
	if _, err := eng.Calculate(i); !errors.Is(err, calc.ErrNoRules) {
		t.Errorf("variation with a study loan: %v, want ErrNoRules", err)
	}
	i.AU.STSL, i.AU.VariationRate = false, nil
	if _, err := eng.Calculate(i); !errors.Is(err, calc.ErrNoRules) {
		t.Errorf("variation without a rate: %v, want ErrNoRules", err)
	}
}
