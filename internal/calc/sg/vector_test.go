package sg

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// loadVectors reads the SG rows of a vector file copied from
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
	// The 2025-26 sample holds no SG row (every tenth row of the full set).
	for _, file := range []string{"vectors-sample.csv", "vectors-sample-2026-27.csv"} {
		vs := loadVectors(t, file)
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
		t.Logf("%s: %d/%d SG rows pass", file, pass, len(vs))
	}
}

// Worked examples (payroll-rules-2026-27.md §6) and the row kinds of the
// brief's format that the samples do not carry.
func TestWorkedExamples(t *testing.T) {
	t.Parallel()
	e := New().(calc.VectorChecker)
	cases := []struct {
		period, code, gross, want string
	}{
		// §6: above 55–60, OW 9,000 capped at 8,000: total 2,720, employee 1,440, employer 1,280.
		{"monthly;CPF-total;2026", "CPF-above55-60", "9000", "2720"},
		{"monthly;CPF-employee;2026", "CPF-above55-60", "9000", "1440"},
		{"monthly;CPF-employer;2026", "CPF-above55-60", "9000", "1280"},
		// §6: above 60–65, OW 3,333.33: total 833, employee 416, employer 417.
		{"monthly;CPF-employee;2026", "CPF-above60-65", "3333.33", "416"},
		// Brief's row format, 2025 (OW ceiling 7,400).
		{"monthly;CPF-employee;2025;age<=55", "SC/SPR3+ OW", "5000", "1000"},
		{"monthly;CPF-total;2025;age<=55", "SC/SPR3+ OW", "10000", "2738"},     // 37% × 7,400
		{"monthly;CPF-employer;2025;age>55<=60", "SC/SPR3+ OW", "3000", "465"}, // total 975, employee 510
		{"monthly;CPF-total;2025;60<age<=65", "SC/SPR3+ OW", "1234.56", "290"}, // 23.5% = 290.1216
		{"monthly;CPF-employee;2025;age>70", "SC/SPR3+ OW", "1000", "50"},
		{"monthly;CPF-employee;2026;age>65<=70", "SC/SPR3+", "2001", "150"}, // 150.075
		// Additional wages: AW ceiling 102,000 − OW subject to CPF.
		{"monthly;CPF-total;2026;age<=55;ow=8000;owytd=88000", "SC/SPR3+ AW", "20000", "5180"}, // 37% × (8,000 OW + AW capped at 6,000)
		{"monthly;CPF-total;2026;age<=55", "SC/SPR3+ AW", "150000", "37740"},                   // AW capped at 102,000
		// No year marker: 2025.
		{"monthly;CPF-employee;age<=55", "SC/SPR3+ OW", "5000", "1000"},
		{"monthly;CPF-total;age<=55", "SC/SPR3+ OW", "8000", "2738"},
		// Nothing up to $50.
		{"monthly;CPF-total;2026;age<=55", "SC", "50", "0"},
		// Graduated wages ($50-$750), formula-derived from the CPF Act First
		// Schedule para 1 (no published vector in the reference files):
		// employer rate × TW; employee factor × (TW − 500) above $500.
		// 2026, 55 and below, TW 600: 17% × 600 = 102 + 0.6 × 100 = 60.
		{"monthly;CPF-total;2026;age<=55", "SC/SPR3+ OW", "600", "162"},
		{"monthly;CPF-employee;2026;age<=55", "SC/SPR3+ OW", "600", "60"},
		{"monthly;CPF-employer;2026;age<=55", "SC/SPR3+ OW", "600", "102"},
		// TW 500 exactly: no employee share; 17% × 500 = 85.
		{"monthly;CPF-total;2026;age<=55", "SC", "500", "85"},
		{"monthly;CPF-employee;2026;age<=55", "SC", "500", "0"},
		// TW 750 (still graduated): 127.50 + 0.6 × 250 = 150 → 277.50 → 278; employee 150, employer 128.
		{"monthly;CPF-total;2026;age<=55", "SC", "750", "278"},
		{"monthly;CPF-employer;2026;age<=55", "SC", "750", "128"},
		// TW 750.01 (full rates): 37% = 277.5037 → 278; employee 20% = 150.002 → 150.
		{"monthly;CPF-total;2026;age<=55", "SC", "750.01", "278"},
		// 2026, above 55 to 60, TW 699.99: 16% = 111.9984 + 0.54 × 199.99 = 107.9946 →
		// 219.993 → 220; employee 107; employer 113 (factor derived: 3 × 18%).
		{"monthly;CPF-total;2026;age>55<=60", "SC/SPR3+ OW", "699.99", "220"},
		{"monthly;CPF-employee;2026;age>55<=60", "SC/SPR3+ OW", "699.99", "107"},
		{"monthly;CPF-employer;2026;age>55<=60", "SC/SPR3+ OW", "699.99", "113"},
		// 2025, above 60 to 65, TW 321.50: employer 12% = 38.58 → 39, employee nil.
		{"monthly;CPF-total;2025;60<age<=65", "SC/SPR3+ OW", "321.50", "39"},
		// Additional wages count in the total wages: OW 400 + AW 200 = 600.
		{"monthly;CPF-total;2026;age<=55;ow=400", "SC/SPR3+ AW", "200", "162"},
		// 1st/2nd-year SPRs (G/G), 55 and below: rates 4%/5% and 9%/15%
		// (CPF Board 2003 release, current per Talenox/acctten).
		{"monthly;CPF-total;2026;age<=55", "SPR1 G/G OW", "5000", "450"},
		{"monthly;CPF-employee;2026;age<=55", "SPR1 G/G OW", "5000", "250"},
		{"monthly;CPF-employer;2026;age<=55", "SPR1 G/G OW", "5000", "200"},
		{"monthly;CPF-total;2026;age<=55", "SPR2 OW", "9000", "1920"}, // 24% × 8,000 OW ceiling
		{"monthly;CPF-employee;2026;age<=55", "SPR2 OW", "9000", "1200"},
		// SPR 2nd year, TW 600 (factor derived 3 × 15% = 0.45): 9% × 600 = 54 + 45 = 99.
		{"monthly;CPF-total;2026;age<=55", "SPR2 OW", "600", "99"},
		{"monthly;CPF-employee;2026;age<=55", "SPR2 OW", "600", "45"},
		// 1st/2nd-year SPRs (G/G) above 55, the CPF Board's 2026 SPR table
		// (QuikForge transcription; docs/reference/sg-sdl-and-spr-rates.md):
		// 1st year above 55 to 60, 4% / 5%: TW 5,000: 9% = 450, employee 250.
		{"monthly;CPF-total;2026;age>55<=60", "SPR1 G/G OW", "5000", "450"},
		{"monthly;CPF-employee;2026;age>55<=60", "SPR1 G/G OW", "5000", "250"},
		// 2nd year above 60 to 65, 3.5% / 7.5%: 11% × 5,000 = 550, employee 375.
		{"monthly;CPF-total;2026;60<age<=65", "SPR2 OW", "5000", "550"},
		{"monthly;CPF-employee;2026;60<age<=65", "SPR2 OW", "5000", "375"},
		// 2nd year above 70 (the table's above 65), 3.5% / 5%, TW 600
		// (factor derived 3 × 5% = 0.15): 3.5% × 600 = 21 + 0.15 × 100 = 15 → 36.
		{"monthly;CPF-total;2026;age>70", "SPR2 OW", "600", "36"},
		{"monthly;CPF-employee;2026;age>70", "SPR2 OW", "600", "15"},
		// SDL: minimum 2, maximum 11.25.
		{"monthly;SDL;2026", "SDL-0.25%", "500", "2"},
		{"monthly;SDL;2026", "SDL", "800", "2"},
		{"monthly;SDL;2025", "SDL", "10000", "11.25"},
		{"monthly;SDL;2027", "SDL", "3333.33", "8.33"},
	}
	for _, c := range cases {
		v := calc.Vector{Region: calc.SG, Period: c.period, Code: c.code, Gross: payroll.MustMoney(c.gross)}
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
	for _, c := range []struct{ period, code, gross string }{
		{"monthly;CPF-bonus;2026", "CPF-55-and-below", "5000"},
		{"weekly;CPF-total;2026", "CPF-55-and-below", "5000"},
		{"monthly;CPF-total;2030", "CPF-55-and-below", "5000"},
		{"monthly;CPF-total;2026", "CPF", "5000"},                    // no age band
		{"monthly;CPF-total;2026", "CPF-above55", "5000"},            // ambiguous band
		{"monthly;CPF-total;2026;age<=55;foo=1", "SC/SPR3+", "5000"}, // unknown key
		{"monthly;SDL;2026", "SDL-0.5%", "5000"},                     // wrong rate
		{"monthly;CPF-total;2026;age<=55", "CPF-above60-65", "5000"}, // two bands
	} {
		v := calc.Vector{Region: calc.SG, Period: c.period, Code: c.code, Gross: payroll.MustMoney(c.gross)}
		if got, _, err := e.CheckVector(v); err == nil {
			t.Errorf("%s %s: no error (got %s)", c.period, c.code, got)
		}
	}
}

func TestVectorHugeAmounts(t *testing.T) {
	t.Parallel()
	e := Engine{}
	for _, c := range []struct{ p, code, gross string }{
		{"monthly;CPF-total;2026;age<=55;owytd=9999999999999999999", "SC", "5000"},
		{"monthly;CPF-total;2026;age<=55;ow=9999999999999999999", "SC AW", "5000"},
		{"monthly;CPF-total;2026;age<=55", "SC", "9999999999999999999"},
		{"monthly;SDL;2026", "SDL", "9999999999999999999"},
	} {
		if _, _, err := e.CheckVector(calc.Vector{Region: calc.SG, Period: c.p, Code: c.code, Gross: payroll.MustMoney(c.gross)}); err == nil {
			t.Errorf("%s %s: no error", c.p, c.gross)
		}
	}
}
