package au_test

import (
	"encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/au"
	"github.com/payrolld/payrolld/internal/payroll"
)

var eng = au.New()

func m(s string) payroll.Money { return payroll.MustMoney(s) }

func day(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC) }

// in builds an employee-period with one ordinary line.
func in(date time.Time, f calc.Frequency, scale calc.AUScale, gross string) *calc.Input {
	return &calc.Input{
		Region: calc.AU, PaymentDate: date, Frequency: f,
		Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: m(gross)}},
		AU:       &calc.AUEmployee{Scale: scale},
	}
}

func figure(t *testing.T, i *calc.Input, code string) calc.Figure {
	t.Helper()
	res, err := eng.Calculate(i)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := res.Get(code)
	if !ok {
		t.Fatalf("no %s figure in %+v", code, res.Figures)
	}
	if f.Rule == nil || f.Rule.Code == "" || f.Rule.Source == "" {
		t.Fatalf("%s: figure without its rule", code)
	}
	return f
}

func term(t *testing.T, f calc.Figure, name string) payroll.Money {
	t.Helper()
	for _, tm := range f.Terms {
		if tm.Name == name {
			return tm.Value
		}
	}
	t.Fatalf("%s: no term %q in %+v", f.Code, name, f.Terms)
	return payroll.Money{}
}

var (
	fy25 = day(2025, time.October, 15) // after the 24 Sep 2025 Schedule 8
	fy26 = day(2026, time.October, 15)
)

// The worked examples of the rules files (payroll-rules.md 1.3, 1.5;
// payroll-rules-2026-27.md 6).
func TestWorkedExamples(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		date  time.Time
		f     calc.Frequency
		scale calc.AUScale
		gross string
		stsl  bool
		code  string
		want  string
	}{
		{"2025-26 scale 2 weekly 1,000", fy25, calc.Weekly, calc.AUScale2, "1000", false, "payg", "143"},
		{"2025-26 scale 1 weekly 1,000", fy25, calc.Weekly, calc.AUScale1, "1000", false, "payg", "255"},
		{"2025-26 scale 2 weekly 477.09 (ATO example)", fy25, calc.Weekly, calc.AUScale2, "477.09", false, "payg", "19"},
		{"2025-26 Schedule 8 Example 1, TFT weekly 2,608.36", fy25, calc.Weekly, calc.AUScale2, "2608.36", true, "stsl", "202"},
		{"2026-27 scale 2 weekly 1,000", fy26, calc.Weekly, calc.AUScale2, "1000", false, "payg", "138"},
		{"2026-27 scale 2 weekly 2,000", fy26, calc.Weekly, calc.AUScale2, "2000", false, "payg", "459"},
		{"2026-27 scale 2 weekly 500", fy26, calc.Weekly, calc.AUScale2, "500", false, "payg", "21"},
		{"2026-27 scale 2 monthly 10,000", fy26, calc.Monthly, calc.AUScale2, "10000", false, "payg", "2414"},
		{"2026-27 scale 1 weekly 1,000", fy26, calc.Weekly, calc.AUScale1, "1000", false, "payg", "249"},
		// Period conversions.
		{"quarterly = 13 × weekly on earnings ÷ 13", fy25, calc.Quarterly, calc.AUScale2, "13000", false, "payg", "1859"}, // 143 × 13
		{"fortnightly = 2 × weekly on half", fy25, calc.Fortnightly, calc.AUScale2, "2000", false, "payg", "286"},
		{"scale 4 foreign: 45% of whole dollars, cents dropped", fy25, calc.Weekly, calc.AUScale4Foreign, "1000.99", false, "payg", "450"},
		{"scale 4 resident monthly: no conversion", fy25, calc.Monthly, calc.AUScale4Resident, "3333.33", false, "payg", "1566"}, // 0.47 × 3333 = 1566.51
		{"scale 2 below the tax-free threshold", fy25, calc.Weekly, calc.AUScale2, "360.99", false, "payg", "0"},
		{"2026-27 scale 1 no-TFT Schedule 8", fy26, calc.Weekly, calc.AUScale1, "2000", true, "stsl", "152"},
		{"2026-27 Schedule 8 10% band", fy26, calc.Weekly, calc.AUScale2, "4000", true, "stsl", "400"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			i := in(c.date, c.f, c.scale, c.gross)
			i.AU.STSL = c.stsl
			if got := figure(t, i, c.code).Amount; !got.Equal(m(c.want)) {
				t.Errorf("%s = %s, want %s", c.code, got, c.want)
			}
		})
	}
}

// The ATO's own example: income 467.59 + allowance 9.50 → x = 477.99.
func TestTermsExplainTheFormula(t *testing.T) {
	t.Parallel()
	i := in(fy25, calc.Weekly, calc.AUScale2, "467.59")
	i.Earnings = append(i.Earnings, calc.Earning{Kind: calc.Allowance, Amount: m("9.50")})
	f := figure(t, i, "payg.schedule1")
	if x := term(t, f, "x (whole dollars + 99c)"); !x.Equal(m("477.99")) {
		t.Errorf("x = %s", x)
	}
	if a := term(t, f, "coefficient a"); !a.Equal(m("0.16")) {
		t.Errorf("a = %s", a)
	}
	if f.Rule.Code != "au.payg.schedule1" || !f.Amount.Equal(m("19")) {
		t.Errorf("%s %s", f.Rule.Code, f.Amount)
	}
	// Fractions of a cent never round earnings up into the next dollar.
	f = figure(t, in(fy25, calc.Fortnightly, calc.AUScale2, "1999.999"), "payg.schedule1")
	if x := term(t, f, "x (whole dollars + 99c)"); !x.Equal(m("999.99")) {
		t.Errorf("x = %s", x)
	}
	// Monthly earnings ending in 33c gain a cent.
	f = figure(t, in(fy25, calc.Monthly, calc.AUScale3, "5000.33"), "payg.schedule1")
	if w := term(t, f, "weekly equivalent, whole dollars"); !w.Equal(m("1153")) {
		t.Errorf("weekly equivalent %s", w) // 5000.34 × 3 / 13 = 1153.92
	}
	if !f.Amount.Equal(m("1499")) {
		t.Errorf("monthly scale 3 5000.33 = %s", f.Amount)
	}
}

// Every AU row of both vector files, through CheckVector.
func TestVectorFiles(t *testing.T) {
	t.Parallel()
	vc := eng.(calc.VectorChecker)
	n := 0
	for _, name := range []string{"vectors-sample.csv", "vectors-sample-2026-27.csv"} {
		f, err := os.Open(filepath.Join("..", "vectors", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for line, r := range recs {
			if r[0] != "AU" {
				continue
			}
			n++
			v := calc.Vector{Line: line + 1, Region: r[0], Period: r[1], Code: r[2], Gross: m(r[3]), Expected: m(r[4]), Source: r[5]}
			t.Run(name+":"+strconv.Itoa(v.Line), func(t *testing.T) {
				got, rule, err := vc.CheckVector(v)
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(v.Expected) {
					t.Errorf("%s %s %s: got %s, want %s (%s)", v.Period, v.Code, v.Gross, got, v.Expected, rule.Code)
				}
			})
		}
	}
	if n != 27 {
		t.Errorf("%d AU rows, want 16 + 11", n)
	}
}

func TestYearByPaymentDate(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		date time.Time
		want string
	}{
		{day(2025, time.July, 1), "2025-26"},
		{time.Date(2026, time.June, 30, 23, 59, 0, 0, time.UTC), "2025-26"},
		{day(2026, time.July, 1), "2026-27"},
		{day(2027, time.June, 30), "2026-27"},
	} {
		got, err := eng.TaxYear(&calc.Input{PaymentDate: c.date})
		if err != nil || got != c.want {
			t.Errorf("%s: %q %v, want %s", c.date, got, err, c.want)
		}
	}
	for _, i := range []*calc.Input{
		{PaymentDate: day(2025, time.June, 30)},
		{PaymentDate: day(2027, time.July, 1)},
		{TaxYear: "2027-28"},
	} {
		if _, err := eng.TaxYear(i); !errors.Is(err, calc.ErrNoRules) {
			t.Errorf("%+v: %v, want ErrNoRules", i, err)
		}
	}
	// A named year wins over the date.
	if got, _ := eng.TaxYear(&calc.Input{TaxYear: "2026-27", PaymentDate: fy25}); got != "2026-27" {
		t.Errorf("named year: %s", got)
	}
}

// Medicare levy adjustment, 2025-26 scale 2, spouse, no children:
// WFT = 43,846 / 52 = 843.19, SOP = 843.19 × 0.1 / 0.08 = 1,053.98.
func TestMedicareAdjustment(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		scale       calc.AUScale
		f           calc.Frequency
		gross       string
		mla, total  string
		spouse      bool
		children    int
		wantFigures bool
	}{
		{calc.AUScale2, calc.Weekly, "499", "0", "22", true, 0, true},      // below entry; Sch 1: 0.16 × 499.99 − 57.8462 = 22.15
		{calc.AUScale2, calc.Weekly, "550", "5", "30", true, 0, true},      // (550.99 − 500) × 10% = 5.10; Sch 1 35
		{calc.AUScale2, calc.Weekly, "800", "16", "", true, 0, true},       // 800.99 × 2% = 16.02
		{calc.AUScale2, calc.Weekly, "900", "12", "", true, 0, true},       // 16.8638 − 57.80 × 8% = 12.24
		{calc.AUScale2, calc.Weekly, "1054", "0", "", true, 0, true},       // above SOP
		{calc.AUScale2, calc.Fortnightly, "1600", "32", "", true, 0, true}, // 2 × 16
		{calc.AUScale2, calc.Weekly, "1000", "20", "", false, 2, true},     // WFT (43,846 + 8,054)/52 = 998.08: 1000.99 ≥ WFT: 19.96 − 2.91×8% = 19.73 → 20
		{calc.AUScale6, calc.Weekly, "900", "3", "", true, 0, true},        // (900.99 − 843) × 5% = 2.90
		{calc.AUScale5, calc.Weekly, "900", "", "", true, 0, false},        // not available on scale 5
		{calc.AUScale2, calc.Weekly, "800", "", "", false, 0, false},       // no spouse, no children: no adjustment
	} {
		i := in(fy25, c.f, c.scale, c.gross)
		i.AU.Medicare = &calc.AUMedicareVariation{Spouse: c.spouse, Children: c.children}
		res, err := eng.Calculate(i)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := res.Get("payg.medicare")
		if ok != c.wantFigures {
			t.Errorf("%s %s: medicare figure present %v", c.scale, c.gross, ok)
			continue
		}
		if ok && !f.Amount.Equal(m(c.mla)) {
			t.Errorf("%s %s %s: adjustment %s, want %s (%+v)", c.scale, c.f, c.gross, f.Amount, c.mla, f.Terms)
		}
		if c.total != "" {
			if p, _ := res.Get("payg"); !p.Amount.Equal(m(c.total)) {
				t.Errorf("%s %s: payg %s, want %s", c.scale, c.gross, p.Amount, c.total)
			}
		}
	}
	// 2026-27 parameters are not in the rules: refuse rather than guess.
	i := in(fy26, calc.Weekly, calc.AUScale2, "800")
	i.AU.Medicare = &calc.AUMedicareVariation{Spouse: true}
	if _, err := eng.Calculate(i); !errors.Is(err, calc.ErrNoRules) {
		t.Errorf("2026-27 Medicare adjustment: %v, want ErrNoRules", err)
	}
}

func TestTaxOffset(t *testing.T) {
	t.Parallel()
	i := in(fy25, calc.Weekly, calc.AUScale2, "1000")
	i.AU.TaxOffset = m("1000")
	if got := figure(t, i, "payg.offset").Amount; !got.Equal(m("19")) {
		t.Errorf("offset %s", got)
	}
	if got := figure(t, i, "payg").Amount; !got.Equal(m("124")) { // 143 − 19
		t.Errorf("payg %s", got)
	}
	// Offsets never make withholding negative.
	i = in(fy25, calc.Weekly, calc.AUScale2, "400")
	i.AU.TaxOffset = m("5000")
	if got := figure(t, i, "payg").Amount; !got.IsZero() {
		t.Errorf("payg %s", got)
	}
}

func TestSTSL(t *testing.T) {
	t.Parallel()
	// Before 24 Sep 2025 the Schedule 8 rules are not known.
	i := in(day(2025, time.August, 1), calc.Weekly, calc.AUScale2, "2000")
	i.AU.STSL = true
	if _, err := eng.Calculate(i); !errors.Is(err, calc.ErrNoRules) {
		t.Errorf("Aug 2025: %v", err)
	}
	// 2025-26 no-TFT (scale 1), formula-derived coefficients: weekly
	// 1,500.99: 0.15 × 1,500.99 − 140.7692 = 84.38 → 84, the TFT
	// component at x + 350 (0.15 × 1,850.99 − 193.2692 = 84.38); 2,600.99
	// is in the 10% band: 260.10 → 260; 2,596.99 in the 17% band: 0.17 ×
	// 2,596.99 − 181.8462 = 259.64 → 260; 937.99: nil.
	for gross, want := range map[string]string{"1500": "84", "2600": "260", "937": "0", "2596.50": "260"} {
		i = in(fy25, calc.Weekly, calc.AUScale1, gross)
		i.AU.STSL = true
		if got := figure(t, i, "stsl").Amount; !got.Equal(m(want)) {
			t.Errorf("2025-26 scale 1 stsl on %s: %s, want %s", gross, got, want)
		}
	}
	// Scale 4 (no TFN) and a Medicare variation for a spouse: no component.
	i = in(fy25, calc.Weekly, calc.AUScale4Resident, "3000")
	i.AU.STSL = true
	if got := figure(t, i, "stsl").Amount; !got.IsZero() {
		t.Errorf("scale 4 stsl %s", got)
	}
	i = in(fy25, calc.Weekly, calc.AUScale2, "3000")
	i.AU.STSL, i.AU.Medicare = true, &calc.AUMedicareVariation{Spouse: true}
	if got := figure(t, i, "stsl").Amount; !got.IsZero() {
		t.Errorf("variation stsl %s", got)
	}
	// The component is added to the Schedule 1 amount, converted the same way.
	i = in(fy26, calc.Monthly, calc.AUScale2, "10000")
	i.AU.STSL = true
	s := figure(t, i, "stsl").Amount // 2,307.99: 0.15 × 2,307.99 − 200.5615 = 145.64 → 146 × 13/3 = 632.67 → 633
	if !s.Equal(m("633")) {
		t.Errorf("monthly stsl %s", s)
	}
	if got := figure(t, i, "payg").Amount; !got.Equal(m("3047")) { // 2,414 + 633
		t.Errorf("payg %s", got)
	}
}

func TestWorkingHolidayMaker(t *testing.T) {
	t.Parallel()
	i := in(fy25, calc.Fortnightly, calc.AUScaleWHM, "200")
	i.AU.YTD.Earnings = m("44900")
	// 45,100: 6,750 + 30% × 100 = 6,780; 44,900: 6,735 → 45.
	if got := figure(t, i, "payg").Amount; !got.Equal(m("45")) {
		t.Errorf("WHM %s", got)
	}
	i = in(fy26, calc.Monthly, calc.AUScaleWHM, "1000.60")
	if got := figure(t, i, "payg").Amount; !got.Equal(m("150")) {
		t.Errorf("WHM %s", got)
	}
}

func TestSuperGuarantee(t *testing.T) {
	t.Parallel()
	i := in(fy25, calc.Weekly, calc.AUScale2, "1000")
	i.Earnings = append(i.Earnings,
		calc.Earning{Kind: calc.Overtime, Amount: m("200")},
		calc.Earning{Kind: calc.Commission, Amount: m("100")},
		calc.Earning{Kind: calc.Allowance, Amount: m("50"), NotPensionable: true},
	)
	i.PreTax = m("100") // salary sacrifice: less tax, same super
	if got := figure(t, i, "super.guarantee").Amount; !got.Equal(m("132")) {
		t.Errorf("SG %s", got) // 12% × 1,100
	}
	if got := figure(t, i, "taxable").Amount; !got.Equal(m("1250")) {
		t.Errorf("taxable %s", got)
	}
	// 2025-26: MCB $62,500 a quarter.
	i = in(fy25, calc.Monthly, calc.AUScale2, "10000")
	i.AU.YTD.SuperBase = m("62000")
	if got := figure(t, i, "super.guarantee").Amount; !got.Equal(m("60")) {
		t.Errorf("SG capped %s", got)
	}
	// 2026-27: MCB $270,830 a year (Payday Super).
	i = in(fy26, calc.Monthly, calc.AUScale2, "10000")
	i.AU.YTD.SuperBase = m("270000")
	if got := figure(t, i, "super.guarantee").Amount; !got.Equal(m("99.60")) {
		t.Errorf("SG capped %s", got)
	}
	i.AU.YTD.SuperBase = m("62000") // not capped per quarter any more
	if got := figure(t, i, "super.guarantee").Amount; !got.Equal(m("1200")) {
		t.Errorf("SG %s", got)
	}
}

func TestLeaveAccrual(t *testing.T) {
	t.Parallel()
	i := in(fy25, calc.Weekly, calc.AUScale2, "1000")
	i.Earnings[0].Hours = payroll.MustRate("30")
	i.Earnings = append(i.Earnings,
		calc.Earning{Kind: calc.Leave, Amount: m("200"), Hours: payroll.MustRate("8")},
		calc.Earning{Kind: calc.Overtime, Amount: m("300"), Hours: payroll.MustRate("6")},
	)
	if got := figure(t, i, "leave.annual.hours").Amount; !got.Equal(m("2.923074")) { // 38 × 0.076923
		t.Errorf("annual %s", got)
	}
	if got := figure(t, i, "leave.personal.hours").Amount; !got.Equal(m("1.461556")) {
		t.Errorf("personal %s", got)
	}
	i.AU.ShiftWorker = true
	if got := figure(t, i, "leave.annual.hours").Amount; !got.Equal(m("3.653852")) {
		t.Errorf("shift %s", got)
	}
	i.AU.Casual = true
	res, _ := eng.Calculate(i)
	if _, ok := res.Get("leave.annual.hours"); ok {
		t.Error("casual accrues annual leave")
	}
	a, p := au.LeaveHours(&au.Years[0].Leave, payroll.MustRate("76"), false)
	if a.String() != "5.846148" || p.String() != "2.923112" {
		t.Errorf("helper %s %s", a, p)
	}
}

func TestInvalidInputs(t *testing.T) {
	t.Parallel()
	bad := []*calc.Input{
		{Region: calc.AU, PaymentDate: fy25, Frequency: calc.Weekly},                          // no AU settings
		{Region: calc.AU, Frequency: calc.Weekly, AU: &calc.AUEmployee{Scale: calc.AUScale2}}, // no date
		{Region: calc.AU, PaymentDate: fy25, Frequency: calc.FourWeekly, AU: &calc.AUEmployee{Scale: calc.AUScale2}},
		{Region: calc.AU, PaymentDate: fy25, Frequency: calc.Weekly, AU: &calc.AUEmployee{Scale: "scale7"}},
		{Region: calc.AU, PaymentDate: fy25, Frequency: calc.Weekly, PreTax: m("1"), AU: &calc.AUEmployee{Scale: calc.AUScale2}},
		{Region: calc.AU, PaymentDate: fy25, Frequency: calc.Weekly, AU: &calc.AUEmployee{Scale: calc.AUScale2},
			Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: m("1000000000000000")}}},
	}
	for _, i := range bad {
		if _, err := eng.Calculate(i); err == nil {
			t.Errorf("no error for %+v", i)
		}
	}
}
