package au_test

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/internal/cpubench"
	"github.com/payrolld/payrolld/internal/payroll"
)

// FuzzCalculate: any input either computes (figures with rules, never
// negative withholding) or is refused with an error; it never panics.
// Run by hand: go test ./internal/calc/au -run '^$' -fuzz FuzzCalculate -fuzztime 20s
func FuzzCalculate(f *testing.F) {
	f.Add(int64(100000), int64(0), int64(0), int64(0), int64(3800), "", uint8(1), uint8(0), int64(0), true, false, uint8(0))
	f.Add(int64(1000033), int64(10000), int64(6200000), int64(150000), int64(0), "0.333", uint8(6), uint8(2), int64(400), false, true, uint8(3))
	f.Add(int64(-500), int64(0), int64(0), int64(0), int64(-100), "-1", uint8(7), uint8(3), int64(-800), true, true, uint8(200))
	f.Add(int64(9_999_999_999_999), int64(9_999_999_999_900), int64(1), int64(1), int64(99_999_999), "1234567.1234567890123", uint8(0), uint8(1), int64(1<<40), true, true, uint8(1))
	f.Add(int64(1), int64(5), int64(0), int64(0), int64(50), "0.005", uint8(4), uint8(4), int64(365), false, false, uint8(0))
	// Amounts in cents (any int64 is a valid amount), plus one free-form
	// decimal line to reach odd scales and precisions.
	f.Fuzz(func(t *testing.T, gross, preTax, ytd, offset, hundredthHours int64, extra string, scale, freq uint8, days int64, stsl, spouse bool, children uint8) {
		g := payroll.MoneyFromMinor(gross)
		p := payroll.MoneyFromMinor(preTax)
		y := payroll.MoneyFromMinor(ytd)
		o := payroll.MoneyFromMinor(offset)
		h := payroll.MustRate("0.01").Mul(payroll.RateFromInt(hundredthHours))
		x, err := payroll.ParseMoney(extra)
		if err != nil {
			x = payroll.Money{}
		}
		scales := append(allScales, "bogus")
		freqs := append(allFreqs, calc.Annually)
		in := &calc.Input{
			Region:      calc.AU,
			PaymentDate: time.Date(2025, time.July, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(days%2000)),
			Frequency:   freqs[int(freq)%len(freqs)],
			Earnings: []calc.Earning{
				{Kind: calc.Ordinary, Amount: g, Hours: h},
				{Kind: calc.Overtime, Amount: payroll.MoneyFromMinor(gross / 3)},
				{Kind: calc.Allowance, Amount: x, NotTaxable: spouse},
			},
			PreTax: p,
			AU: &calc.AUEmployee{
				Scale: scales[int(scale)%len(scales)], STSL: stsl, TaxOffset: o,
				YTD: calc.AUToDate{Earnings: y, SuperBase: y},
			},
		}
		if spouse || children > 0 {
			in.AU.Medicare = &calc.AUMedicareVariation{Spouse: spouse, Children: int(children)}
		}
		res, err := eng.Calculate(in)
		if err != nil {
			return
		}
		for _, fig := range res.Figures {
			if fig.Rule == nil {
				t.Fatalf("%s without rule", fig.Code)
			}
		}
		if w, _ := res.Get("payg"); w.Amount.IsNeg() {
			t.Fatalf("negative withholding %s", w.Amount)
		}
	})
}

// FuzzCheckVector: any vector row computes or is refused; no panic.
func FuzzCheckVector(f *testing.F) {
	f.Add("weekly", "scale2", "1000.00")
	f.Add("monthly;2026-27", "STSL-component-TFT-or-foreign(from 2025-09-24)", "5000.33")
	f.Add("fortnightly;2026", "scale4-foreign", "-1")
	f.Add("quarterly;2025-26;2026-27", "whm(from 2026-02-30)", "1e3")
	vc := eng.(calc.VectorChecker)
	f.Fuzz(func(t *testing.T, period, code, gross string) {
		g, err := payroll.ParseMoney(gross)
		if err != nil {
			return
		}
		got, rule, err := vc.CheckVector(calc.Vector{Region: calc.AU, Period: period, Code: code, Gross: g})
		if err == nil && (rule == nil || got.IsNeg()) {
			t.Fatalf("%s %s %s: %s %v", period, code, gross, got, rule)
		}
	})
}

// BenchmarkAU is the full statutory calculation of one employee-period,
// per pay frequency: a scale 2 employee with a study loan, salary
// sacrifice, ordinary hours, overtime and an allowance (Schedule 1,
// Schedule 8, super guarantee, leave accrual). cpu-ns/op is the steadier
// figure on a shared machine (cpubench).
func BenchmarkAU(b *testing.B) {
	for _, f := range []calc.Frequency{calc.Weekly, calc.Fortnightly, calc.Monthly, calc.Quarterly} {
		b.Run(string(f), func(b *testing.B) {
			in := &calc.Input{
				Region: calc.AU, PaymentDate: fy26, Frequency: f,
				Earnings: []calc.Earning{
					{Category: "Ordinary hours", Kind: calc.Ordinary, Amount: m("3420.00"), Hours: payroll.MustRate("76")},
					{Category: "Overtime", Kind: calc.Overtime, Amount: m("337.50"), Hours: payroll.MustRate("5")},
					{Category: "Tool allowance", Kind: calc.Allowance, Amount: m("42.10")},
				},
				PreTax: m("150"),
				AU:     &calc.AUEmployee{Scale: calc.AUScale2, STSL: true, YTD: calc.AUToDate{Earnings: m("30000"), SuperBase: m("28000")}},
			}
			cpubench.Loop(b, func() {
				if _, err := eng.Calculate(in); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
