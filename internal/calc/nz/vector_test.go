package nz

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// loadVectors reads the NZ rows of a vector file copied from
// /work/shared/reference into testdata (same columns).
func loadVectors(t *testing.T, name string) []calc.Vector {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var vs []calc.Vector
	for i, r := range recs[1:] {
		if len(r) != 6 {
			t.Fatalf("%s:%d: %d columns", name, i+2, len(r))
		}
		vs = append(vs, calc.Vector{Line: i + 2, Region: r[0], Period: r[1], Code: r[2],
			Gross: payroll.MustMoney(r[3]), Expected: payroll.MustMoney(r[4]), Source: r[5]})
	}
	return vs
}

func TestVectors(t *testing.T) {
	t.Parallel()
	e := New().(calc.VectorChecker)
	for _, file := range []string{"vectors-sample.csv", "vectors-sample-2026-27.csv"} {
		vs := loadVectors(t, file)
		if len(vs) == 0 {
			t.Fatalf("%s: no NZ rows", file)
		}
		pass := 0
		for _, v := range vs {
			got, rule, err := e.CheckVector(v)
			switch {
			case err != nil:
				t.Errorf("%s:%d %s %s %s: %v", file, v.Line, v.Period, v.Code, v.Gross, err)
			case !got.Equal(v.Expected):
				t.Errorf("%s:%d %s %s %s: got %s want %s (%s)", file, v.Line, v.Period, v.Code, v.Gross, got, v.Expected, rule.Code)
			case rule == nil || rule.Source == "":
				t.Errorf("%s:%d: no rule", file, v.Line)
			default:
				pass++
			}
		}
		t.Logf("%s: %d/%d NZ rows pass", file, pass, len(vs))
	}
}

// Worked examples of payroll-rules-2026-27.md §6 and payroll-rules.md §3,
// plus row kinds the sample files do not carry.
func TestWorkedExamples(t *testing.T) {
	t.Parallel()
	e := New().(calc.VectorChecker)
	cases := []struct {
		period, code, gross, want string
	}{
		{"annual-income-tax(2026-27 year)", "individual-rates-from-31Jul2024", "60000", "10220.50"},
		{"annual-income-tax(2026-27 year)", "individual-rates-from-31Jul2024", "100000", "22877.50"},
		{"annual-income-tax(2025-26 year)", "x", "15600", "1638"},
		{"annual;ACC-earners-levy;2026-27", "ACC-EL-1.75%", "200000", "2741.22"},
		{"annual;ACC-earners-levy;2025-26", "ACC-EL-1.67%", "200000", "2551.59"},
		{"annual;ACC-earners-levy", "ACC", "100000", "1670"},
		{"weekly;KiwiSaver-employee;2026-27", "KS-3.5%", "1500", "52.50"},
		{"weekly;KiwiSaver-employer;2026-27", "KS", "1500", "52.50"},
		{"weekly;ESCT;2026-27", "ESCT", "1500", "15.60"},
		{"weekly;ESCT;2026-27", "ESCT-30%", "1500", "15.60"},
		{"weekly;ESCT;2026-27", "ESCT-33% on KS-4%", "1500", "19.80"},          // 60 × 33%
		{"weekly;ESCT;2026-27", "ESCT on employer 4%", "1500", "18"},           // 60 × 30% (threshold 81,120)
		{"weekly;KiwiSaver-employer-net;2026-27", "ESCT-30%", "1500", "36.90"}, // 52.50 − 15.60
		{"weekly;employer-ESCT;2026-27", "ESCT-30%", "1500", "15.60"},          // the names vector files use
		{"weekly;KiwiSaver-employer-ESCT;2026-27", "KS-3.5%", "1500", "15.60"},
		{"weekly;ESCT-employer;2026-27", "ESCT-30%", "1500", "15.60"},
		{"weekly;employer-net-of-ESCT;2026-27", "ESCT-30%", "1500", "36.90"},
		{"weekly;KiwiSaver-employee;2025-26", "KS", "1000", "30"},
		{"weekly;KiwiSaver-employee;2026-27", "KS-3%", "1000", "30"}, // temporary rate reduction
		{"weekly;student-loan;2026-27", "SL-12%", "1000", "64.32"},   // 12% × (1000 − 464)
		// IR's §5.4: the pay truncated to whole dollars, less the monthly
		// threshold $2,010.66 (IR's figure for $24,128 ÷ 12, truncated),
		// × 12%, truncated. These rows said 120 (12% × 1,000 on the pay
		// with its cents, 2025-26's threshold then $2,010.67):
		// 12% × (3,010 − 2,010.66) = 119.9208 → 119.92.
		{"monthly;student-loan;2025-26", "M SL", "3010.67", "119.92"},
		{"monthly;student-loan;2026-27", "M SL", "3010.66", "119.92"},
		{"monthly;student-loan;2026-27", "M SL", "3011", "120.04"},        // 12% × 1,000.34 = 120.0408
		{"weekly;student-loan;2026-27", "M SL", "1052.98", "70.56"},       // 12% × (1,052 − 464) = 70.56 (was 70.68 on the cents)
		{"weekly;KiwiSaver-employee;2026-27", "KS-3.5%", "1001", "35.03"}, // 35.035 truncated (IR §5.21.2: "truncated to 2 decimal places")
		{"monthly;ESCT;2026-27", "ESCT-17.5%", "2257.15", "13.82"},        // employer 3.5% = 79.00025 → 79.00 → $79 × 17.5% = 13.825 → 13.82 (IR §5.22.4)
		{"weekly;student-loan;2026-27", "S SL", "500", "60"},              // secondary: all pay
		{"weekly;PAYE;2026-27", "SH", "1000", "300"},
		{"weekly;PAYE;2026-27", "ND", "1000", "450"},
		{"annual;PAYE;2026-27", "M", "100000", "22877.50"},
		{"annual;PAYE;2026-27", "ME", "60000", "9700.50"},  // 10,220.50 − 520
		{"annual;PAYE;2026-27", "ME", "68000", "12360.50"}, // 12,620.50 − (520 − 0.13×2,000)
		// IR's §5.2: (10,220.50 + 1.75% × 60,000 = 1,050) ÷ 52 = 216.7403
		// → 216.74 a week; × 52 ÷ 12 = 939.2066 → 939.20 with the levy,
		// less the month's levy 87.50 (÷ 12 directly, rounded: 851.71).
		{"monthly;PAYE;2026-27", "M", "5000", "851.70"},
	}
	for _, c := range cases {
		v := calc.Vector{Region: calc.NZ, Period: c.period, Code: c.code, Gross: payroll.MustMoney(c.gross)}
		got, _, err := e.CheckVector(v)
		if err != nil {
			t.Errorf("%s %s %s: %v", c.period, c.code, c.gross, err)
			continue
		}
		if !got.Equal(payroll.MustMoney(c.want)) {
			t.Errorf("%s %s %s: got %s want %s", c.period, c.code, c.gross, got, c.want)
		}
	}
}

func TestUnknownRowsAreErrors(t *testing.T) {
	t.Parallel()
	e := New().(calc.VectorChecker)
	for _, c := range []struct{ period, code string }{
		{"weekly;holiday-pay;2026-27", "x"},
		{"weekly;ACC-earners-levy;2026-27", "ACC-EL-1.67%"}, // wrong rate for the year
		{"weekly;ACC-earners-levy;2030-31", "ACC"},
		{"daily;PAYE", "M"},
		{"weekly;PAYE", "XX"},
		{"weekly;PAYE;2026-27;foo", "M"},
		{"nonsense", "M"},
		{"quarterly;student-loan", "SL"},
		{"weekly;ESCT;2026-27", "ESCT-25%"},
		{"weekly;ESCT;2026-27", "KS-2%"},
	} {
		v := calc.Vector{Region: calc.NZ, Period: c.period, Code: c.code, Gross: payroll.MustMoney("100")}
		if _, _, err := e.CheckVector(v); err == nil {
			t.Errorf("%s %s: no error", c.period, c.code)
		}
	}
}

func TestVectorHugeAmounts(t *testing.T) {
	t.Parallel()
	huge := payroll.MustMoney("9999999999999999999")
	e := Engine{}
	for _, p := range []string{"annual-income-tax(2025-26 year)", "weekly;PAYE;2026-27", "weekly;ESCT;2026-27;threshold=9999999999999999999", "annual;ACC-earners-levy;ytd=9999999999999999999"} {
		for _, g := range []payroll.Money{huge, huge.Neg(), payroll.MustMoney("1000")} {
			if _, _, err := e.CheckVector(calc.Vector{Region: calc.NZ, Period: p, Code: "M", Gross: g}); err == nil && !g.Equal(payroll.MustMoney("1000")) {
				t.Errorf("%s %s: no error", p, g)
			}
		}
	}
}
