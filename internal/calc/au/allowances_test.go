package au_test

import (
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Allowances not withheld from up to an ATO amount
// (docs/reference/au-reasonable-amounts.md). W(e) is Schedule 1 scale 2
// on weekly earnings e (2026-27): x = e + 0.99, W = 0.3227x − 185.1935
// below $1,282, rounded to the dollar.
func TestAllowancesWithinATOAmounts(t *testing.T) {
	t.Parallel()
	car := func(km, amount string) calc.Earning {
		k, _ := payroll.ParseRate(km)
		return calc.Earning{Kind: calc.Allowance, Amount: m(amount), CarKm: k}
	}
	meals := func(n, amount string) calc.Earning {
		k, _ := payroll.ParseRate(n)
		return calc.Earning{Kind: calc.Allowance, Amount: m(amount), Meals: k}
	}
	cases := []struct {
		name       string
		date       time.Time
		lines      []calc.Earning
		free, payg string
	}{
		// 2026-27 car: 91c (Determination 2026, s 6). 300 km at 95c =
		// 285.00; free 300 × 0.91 = 273.00; taxable 1,012; W(1012) =
		// 0.3227 × 1012.99 − 185.1935 = 141.70 → 142.
		{"car 2026-27 above the rate", fy26, []calc.Earning{ord("1000"), car("300", "285")}, "allowance.car.free=273.00", "142"},
		// 2025-26 car: 88c. 300 × 0.88 = 264.00; taxable 1,021; 2025-26
		// W(1021) = 0.3227 × 1021.99 − 180.0385 = 149.76 → 150.
		{"car 2025-26 above the rate", day(2026, time.May, 15), []calc.Earning{ord("1000"), car("300", "285")}, "allowance.car.free=264.00", "150"},
		// 2026-27 overtime meals: $40.00 a meal (TD 2026/4). 3 meals at
		// $45 = 135.00: free 120.00, taxable 1,015; W(1015) = 0.3227 ×
		// 1015.99 − 185.1935 = 142.66 → 143.
		{"meals 2026-27 above the amount", fy26, []calc.Earning{ord("1000"), meals("3", "135")}, "allowance.meals.free=120.00", "143"},
		// Below it: 2 meals at $21.58 = 43.16, all free; taxable 1,000;
		// W(1000) = 137.83 → 138.
		{"meals 2026-27 within the amount", fy26, []calc.Earning{ord("1000"), meals("2", "43.16")}, "allowance.meals.free=43.16", "138"},
		// 2025-26: $38.65 (TD 2025/4). 3 at $45: free 115.95, taxable
		// 1,019.05; W(1019) = 0.3227 × 1019.99 − 180.0385 = 149.11 → 149.
		{"meals 2025-26 above the amount", day(2026, time.May, 15), []calc.Earning{ord("1000"), meals("3", "135")}, "allowance.meals.free=115.95", "149"},
	}
	for _, c := range cases {
		i := pay(c.date, calc.Weekly, calc.AUScale2, c.lines...)
		code, want, _ := strings.Cut(c.free, "=")
		if got := figure(t, i, code).Amount.StringFixed(2); got != want {
			t.Errorf("%s: %s %s, want %s", c.name, code, got, want)
		}
		if got := amountOf(t, i, "payg"); got != c.payg {
			t.Errorf("%s: payg %s, want %s", c.name, got, c.payg)
		}
	}
}

// Lump Sum D against the genuine redundancy tax-free limit (ITAA 1997
// s 83-170). 2026-27: 13,598 + 6,801 × 7 completed years = 61,205;
// 2025-26: 13,100 + 6,552 × 7 = 58,964.
func TestLumpSumDLimit(t *testing.T) {
	t.Parallel()
	d := func(a string) calc.Earning {
		return calc.Earning{Kind: calc.Lumpsum, Amount: m(a), NotTaxable: true, LumpSumD: true}
	}
	term := &calc.AUTermination{GenuineRedundancy: true, CompletedYears: 7, ServiceKnown: true}
	at := pay(fy26, calc.Weekly, calc.AUScale2, ord("1000"), d("61205"))
	at.AU.Termination = term
	if got := figure(t, at, "lumpsumd.limit").Amount.StringFixed(2); got != "61205.00" {
		t.Errorf("2026-27 limit %s, want 61205.00", got)
	}
	if got := amountOf(t, at, "payg"); got != "138" {
		t.Errorf("Lump Sum D at the limit: payg %s, want 138 (nothing withheld from it)", got)
	}
	over := pay(fy26, calc.Weekly, calc.AUScale2, ord("1000"), d("61205.01"))
	over.AU.Termination = term
	if _, err := eng.Calculate(over); err == nil || payroll.KindOf(err) != payroll.KindInvalid || !strings.Contains(err.Error(), "61205.00") {
		t.Errorf("Lump Sum D above the limit: %v, want refused naming 61205.00", err)
	}
	old := pay(day(2026, time.May, 15), calc.Weekly, calc.AUScale2, ord("1000"), d("58964"))
	old.AU.Termination = term
	if got := figure(t, old, "lumpsumd.limit").Amount.StringFixed(2); got != "58964.00" {
		t.Errorf("2025-26 limit %s, want 58964.00", got)
	}
	// Above the base the start date is needed.
	nostart := pay(fy26, calc.Weekly, calc.AUScale2, d("20000"))
	nostart.AU.Termination = &calc.AUTermination{GenuineRedundancy: true}
	if _, err := eng.Calculate(nostart); err == nil || payroll.KindOf(err) != payroll.KindInvalid {
		t.Errorf("Lump Sum D above the base without a start date: %v, want refused", err)
	}
}

// The limit is one for the termination (paydepth49): Lump Sum D paid for
// it in an earlier pay counts first. 7 years, 2026-27: 61,205; 40,000
// paid in the final pay leaves 21,205 for a later pay: 21,205 passes,
// 30,000 is refused naming the excess 8,795.00.
func TestLumpSumDLimitCountsEarlierPays(t *testing.T) {
	t.Parallel()
	d := func(a string) calc.Earning {
		return calc.Earning{Kind: calc.Lumpsum, Amount: m(a), NotTaxable: true, LumpSumD: true}
	}
	term := &calc.AUTermination{GenuineRedundancy: true, CompletedYears: 7, ServiceKnown: true, LumpSumDEarlier: m("40000")}
	rest := pay(fy26, calc.Weekly, calc.AUScale2, d("21205"))
	rest.AU.Termination = term
	if got := figure(t, rest, "lumpsumd.limit").Amount.StringFixed(2); got != "61205.00" {
		t.Errorf("limit %s, want 61205.00", got)
	}
	over := pay(fy26, calc.Weekly, calc.AUScale2, d("30000"))
	over.AU.Termination = term
	if _, err := eng.Calculate(over); err == nil || payroll.KindOf(err) != payroll.KindInvalid || !strings.Contains(err.Error(), "8795.00") {
		t.Errorf("Lump Sum D past the limit with the earlier pay: %v, want refused naming 8795.00", err)
	}
}
