package uk

import (
	"errors"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

var (
	d2025 = time.Date(2025, 4, 11, 0, 0, 0, 0, time.UTC)
	d2026 = time.Date(2026, 4, 10, 0, 0, 0, 0, time.UTC)
)

func mustGet(t *testing.T, res calc.Result, code string) calc.Figure {
	t.Helper()
	f, ok := res.Get(code)
	if !ok {
		t.Fatalf("no figure %s in %+v", code, res.Figures)
	}
	if f.Rule == nil || f.Rule.Code == "" || f.Rule.Text == "" || f.Rule.Source == "" {
		t.Fatalf("figure %s without a complete rule: %+v", code, f.Rule)
	}
	return f
}

func wantFig(t *testing.T, res calc.Result, code, want string) {
	t.Helper()
	if f := mustGet(t, res, code); !f.Amount.Equal(payroll.MustMoney(want)) {
		t.Errorf("%s = %s, want %s (terms %+v)", code, f.Amount, want, f.Terms)
	}
}

func weeklyInput(pay string, emp *calc.UKEmployee) *calc.Input {
	return &calc.Input{Region: calc.UK, PaymentDate: d2025, Frequency: calc.Weekly, Period: 1, UK: emp,
		Earnings: []calc.Earning{{Category: "Salary", Kind: calc.Ordinary, Amount: payroll.MustMoney(pay)}}}
}

// One full employee-period, every figure computed by hand from the rules
// file (§2.3-2.6).
func TestCalculateFull(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", StudentLoan: calc.LoanPlan2, PostgraduateLoan: true,
		Pension: &calc.UKPension{Basis: calc.PensionQualifyingEarnings, Method: calc.PensionNetPay, EmployeeRate: r("0.05"), EmployerRate: r("0.03")}}
	res, err := New().Calculate(weeklyInput("1000", emp))
	if err != nil {
		t.Fatal(err)
	}
	if res.TaxYear != "2025-26" || res.Region != "UK" {
		t.Fatalf("year %s region %s", res.TaxYear, res.Region)
	}
	// QE = 967 − 120 = 847: 5% = 42.35, 3% = 25.41.
	wantFig(t, res, "pension.employee", "42.35")
	wantFig(t, res, "pension.employer", "25.41")
	// Net pay: 1000 − 42.35 − 241.92 = 715.73 → 715 × 20% = 143.00.
	wantFig(t, res, "paye", "143.00")
	wantFig(t, res, "ni.employee", "58.66") // gov.uk example (rules §2.4)
	wantFig(t, res, "ni.employer", "135.60")
	wantFig(t, res, "studentloan.plan2", "40") // 9% × 452.50 = 40.725 → 40
	wantFig(t, res, "pgl", "35")               // 6% × 596.16 = 35.77 → 35
	want := []string{"pension.employee", "pension.employer", "paye", "ni.employee", "ni.employer", "studentloan.plan2", "pgl"}
	if len(res.Figures) != len(want) {
		t.Fatalf("%d figures, want %d", len(res.Figures), len(want))
	}
	for i, c := range want {
		if res.Figures[i].Code != c {
			t.Errorf("figure %d = %s, want %s", i, res.Figures[i].Code, c)
		}
		if len(res.Figures[i].Terms) == 0 {
			t.Errorf("%s has no terms", c)
		}
	}
	paye := mustGet(t, res, "paye")
	if paye.Terms[1].Name != "free pay to date" || !paye.Terms[1].Value.Equal(m("241.92")) {
		t.Errorf("paye terms %+v", paye.Terms)
	}
}

func TestReliefAtSource(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A",
		Pension: &calc.UKPension{Basis: calc.PensionQualifyingEarnings, Method: calc.PensionReliefAtSource, EmployeeRate: r("0.05"), EmployerRate: r("0.03")}}
	res, err := New().Calculate(weeklyInput("1000", emp))
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "pension.employee", "33.88") // 80% of 42.35
	wantFig(t, res, "paye", "158.20")            // no relief through payroll: 145 + 40% × 33
}

func TestPensionablePayBasis(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A",
		Pension: &calc.UKPension{Basis: calc.PensionPensionablePay, Method: calc.PensionNetPay, EmployeeRate: r("0.05"), EmployerRate: r("0.03")}}
	in := weeklyInput("1000", emp)
	in.Earnings = append(in.Earnings, calc.Earning{Kind: calc.Overtime, Amount: m("100"), NotPensionable: true})
	res, err := New().Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "pension.employee", "50.00")
	wantFig(t, res, "pension.employer", "30.00")
	wantFig(t, res, "ni.employee", "60.66") // on 1100: 58.00 + 2% × 133
}

func TestMultiPeriodStudentLoan(t *testing.T) {
	p, _ := year2025.loan(calc.LoanPlan1)
	// Fortnightly £2,000: average week 1,000 → 9% × 498.75 = 44.89 → 44 × 2.
	shape, _ := shapeOf(calc.Fortnightly)
	if _, got := loanDeduction(p, shape, m("2000")); !got.Equal(m("88")) {
		t.Errorf("fortnightly plan 1 = %s, want 88", got)
	}
	shape, _ = shapeOf(calc.Quarterly)
	// Quarterly £9,000: month 3,000 → 9% × 827.92 = 74.51 → 74 × 3.
	if _, got := loanDeduction(p, shape, m("9000")); !got.Equal(m("222")) {
		t.Errorf("quarterly plan 1 = %s, want 222", got)
	}
}

// TestQuarterlyNI: a quarter's thresholds are the monthly prescribed
// equivalents x 3 (NIM01206): 2026-27 PT 12,570 / 4 = 3,142.50 -> 3,143,
// ST 5,000 / 4 = 1,250, UEL 50,270 / 4 = 12,567.50 -> 12,568.
func TestQuarterlyNI(t *testing.T) {
	for _, c := range []struct{ pay, ee, er string }{
		{"6000", "228.56", "712.50"},   // 8% x 2,857; 15% x 4,750
		{"15000", "802.64", "2062.50"}, // 754.00 + 48.64 (8% x 9,425, 2% x 2,432); 15% x 13,750
		{"3000", "0", "262.50"},        // below the PT; 15% x 1,750
	} {
		in := weeklyInput(c.pay, &calc.UKEmployee{TaxCode: "1257L", NICategory: "A"})
		in.Frequency, in.PaymentDate = calc.Quarterly, d2026
		res, err := New().Calculate(in)
		if err != nil {
			t.Fatal(err)
		}
		wantFig(t, res, "ni.employee", c.ee)
		wantFig(t, res, "ni.employer", c.er)
	}
}

func TestPlan5(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", StudentLoan: calc.LoanPlan5}
	in := weeklyInput("600", emp)
	if _, err := New().Calculate(in); err == nil {
		t.Error("Plan 5 in 2025-26: want an error (no repayments before April 2026)")
	}
	in.PaymentDate = d2026
	res, err := New().Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "studentloan.plan5", "10") // 9% × 119.24 = 10.73 → 10 (rules-2026-27 §6)
}

func TestKCodeRegulatoryLimit(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "K1000", NICategory: "A"}
	in := &calc.Input{Region: calc.UK, PaymentDate: d2025, Frequency: calc.Monthly, Period: 1, UK: emp,
		Earnings: []calc.Earning{{Amount: m("500")}}}
	res, err := New().Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	// Additional pay 416.67 + ⌈5009/12⌉ = 834.09; 1,334 × 20% = 266.80 → capped at 250.00.
	wantFig(t, res, "paye", "250.00")
	emp.YTD = calc.UKYearToDate{TaxablePay: m("500"), TaxPaid: m("250")}
	in.Period = 2
	res, err = New().Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "paye", "250.00") // 533.60 − 250 = 283.60 → capped; the rest carried
}

func TestCumulativeRefund(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", YTD: calc.UKYearToDate{TaxablePay: m("1000"), TaxPaid: m("158.20")}}
	in := weeklyInput("0", emp)
	in.Period = 2
	res, err := New().Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "paye", "-55.00") // 1000 − 483.84 → 516 × 20% = 103.20 − 158.20
	emp.Week1Month1 = true
	res, _ = New().Calculate(in)
	wantFig(t, res, "paye", "0") // no refunds on week 1
}

func TestCodeForms(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"BR", "200.00"}, {"D0", "400.00"}, {"D1", "450.00"},
		{"SBR", "200.00"}, {"SD0", "210.00"}, {"SD1", "420.00"}, {"SD2", "450.00"}, {"SD3", "480.00"},
		{"NT", "0"}, {"CBR", "200.00"},
		// 0T: no free pay: 20% × 725 + 40% × 275 = 255.00.
		{"0T", "255.00"},
		{"C1257L", "158.20"}, {"1257L W1", "158.20"}, {"1257LX", "158.20"},
		// 1383L (1257L + marriage allowance 126): ⌈13839/52⌉ = 266.14... q=2, r=383: 192.32 + ⌈3839/52⌉ 73.83 = 266.15;
		// 1000 − 266.15 = 733.85 → 733: 145.00 + 40% × 8 = 148.20.
		{"1383M", "148.20"},
	} {
		emp := &calc.UKEmployee{TaxCode: c.code, NICategory: "A"}
		res, err := New().Calculate(weeklyInput("1000", emp))
		if err != nil {
			t.Errorf("%s: %v", c.code, err)
			continue
		}
		wantFig(t, res, "paye", c.want)
	}
	for _, bad := range []string{"", "D2", "1257", "L", "K0", "K", "SS1257L", "1257Q", "12345678L", "BR1", "S", "W1", "1257L W2", "DX"} {
		emp := &calc.UKEmployee{TaxCode: bad, NICategory: "A"}
		if _, err := New().Calculate(weeklyInput("1000", emp)); err == nil {
			t.Errorf("code %q: want an error", bad)
		}
	}
}

// Week 53 (54 fortnightly, 56 four-weekly): the code on the week 1 basis
// for the weeks the period covers, whatever the code's basis (HMRC's PAYE
// tax table routines), NI per period as usual.
func TestWeek53(t *testing.T) {
	for _, c := range []struct {
		freq   calc.Frequency
		period int
		pay    string
		want   string
	}{
		// 1257L week 1: free pay 241.92; 500 − 241.92 = 258.08 → £258 × 20% = 51.60.
		{calc.Weekly, 53, "500", "51.60"},
		// Two weeks: free pay 483.84; 1000 − 483.84 = 516.16 → £516 × 20% = 103.20.
		{calc.Fortnightly, 27, "1000", "103.20"},
		// Four weeks: 967.68; 2000 − 967.68 = 1032.32 → £1032 × 20% = 206.40.
		{calc.FourWeekly, 14, "2000", "206.40"},
	} {
		emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A"}
		emp.YTD.TaxablePay, emp.YTD.TaxPaid = m("26000"), m("2700") // ignored: week 1 basis
		in := weeklyInput(c.pay, emp)
		in.Frequency, in.Period = c.freq, c.period
		res, err := New().Calculate(in)
		if err != nil {
			t.Fatalf("%s period %d: %v", c.freq, c.period, err)
		}
		if f, _ := res.Get("paye"); !f.Amount.Equal(m(c.want)) {
			t.Errorf("%s period %d: paye %s, want %s", c.freq, c.period, f.Amount, c.want)
		}
	}
	for _, c := range []struct {
		freq   calc.Frequency
		period int
	}{{calc.Weekly, 54}, {calc.Fortnightly, 28}, {calc.FourWeekly, 15}, {calc.Monthly, 13}} {
		in := weeklyInput("500", &calc.UKEmployee{TaxCode: "1257L", NICategory: "A"})
		in.Frequency, in.Period = c.freq, c.period
		if _, err := New().Calculate(in); !errors.Is(err, ErrWeek53) {
			t.Errorf("%s period %d: %v, want ErrWeek53", c.freq, c.period, err)
		}
	}
}

func TestTaxYearSelection(t *testing.T) {
	e := New()
	for _, c := range []struct {
		date time.Time
		want string
	}{
		{time.Date(2025, 4, 6, 0, 0, 0, 0, time.UTC), "2025-26"},
		{time.Date(2026, 4, 5, 23, 0, 0, 0, time.UTC), "2025-26"},
		{time.Date(2026, 4, 6, 0, 0, 0, 0, time.UTC), "2026-27"},
		{time.Date(2027, 4, 5, 0, 0, 0, 0, time.UTC), "2026-27"},
	} {
		got, err := e.TaxYear(&calc.Input{PaymentDate: c.date})
		if err != nil || got != c.want {
			t.Errorf("%s: %s %v, want %s", c.date, got, err, c.want)
		}
	}
	for _, d := range []time.Time{time.Date(2025, 4, 5, 0, 0, 0, 0, time.UTC), time.Date(2027, 4, 6, 0, 0, 0, 0, time.UTC)} {
		if _, err := e.TaxYear(&calc.Input{PaymentDate: d}); !errors.Is(err, calc.ErrNoRules) {
			t.Errorf("%s: %v, want ErrNoRules", d, err)
		}
	}
	if got, err := e.TaxYear(&calc.Input{PaymentDate: d2025, TaxYear: "2026-27"}); err != nil || got != "2026-27" {
		t.Errorf("override: %s %v", got, err)
	}
}

func TestErrors(t *testing.T) {
	e := New()
	for name, in := range map[string]*calc.Input{
		"no UK":    {Region: calc.UK, PaymentDate: d2025, Frequency: calc.Weekly, Period: 1},
		"region":   {Region: calc.AU, PaymentDate: d2025, Frequency: calc.Weekly, Period: 1, UK: &calc.UKEmployee{TaxCode: "1257L", NICategory: "A"}},
		"category": weeklyInput("1", &calc.UKEmployee{TaxCode: "1257L", NICategory: "Q"}),
		"no cat":   weeklyInput("1", &calc.UKEmployee{TaxCode: "1257L"}),
		"period 0": func() *calc.Input {
			in := weeklyInput("1", &calc.UKEmployee{TaxCode: "1257L", NICategory: "A"})
			in.Period = 0
			return in
		}(),
		"frequency": func() *calc.Input {
			in := weeklyInput("1", &calc.UKEmployee{TaxCode: "1257L", NICategory: "A"})
			in.Frequency = "Daily"
			return in
		}(),
		"director method": weeklyInput("1", &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", Director: true}),
		"pension basis":   weeklyInput("1", &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", Pension: &calc.UKPension{Method: calc.PensionNetPay}}),
		"statutory kind":  weeklyInput("1", &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", Statutory: []calc.UKStatutoryPay{{Kind: "xyz"}}}),
	} {
		if _, err := e.Calculate(in); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestNICategoryX(t *testing.T) {
	res, err := New().Calculate(weeklyInput("2000", &calc.UKEmployee{TaxCode: "1257L", NICategory: "x"}))
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "ni.employee", "0")
	wantFig(t, res, "ni.employer", "0")
}

func TestStatutory(t *testing.T) {
	day := func(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC) }
	cases := []struct {
		name string
		paid time.Time
		s    calc.UKStatutoryPay
		want string
	}{
		// 2025-26: 3 waiting days, 2 of 5 days paid at 118.75/5.
		{"ssp 2025", d2025, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2025, 6, 2), AWE: m("500"), QualifyingDaysPerWeek: 5, SickDays: 5}, "47.50"},
		{"ssp 2025 waiting served", d2025, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2025, 6, 2), AWE: m("500"), QualifyingDaysPerWeek: 5, SickDays: 5, WaitingDaysServed: 3}, "118.75"},
		{"ssp 2025 below LEL", d2025, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2025, 6, 2), AWE: m("124.99"), QualifyingDaysPerWeek: 5, SickDays: 5, WaitingDaysServed: 3}, "0"},
		// 28 weeks × 5 = 140 days, 138 paid: 2 left.
		{"ssp 28 weeks", d2025, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2025, 6, 2), AWE: m("500"), QualifyingDaysPerWeek: 5, SickDays: 5, WaitingDaysServed: 3, DaysPaid: 138}, "47.50"},
		// 3 of 7 qualifying days: 118.75 × 3 / 7 = 50.892… → 50.90 (rounded up).
		{"ssp daily", d2025, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2025, 6, 2), AWE: m("500"), QualifyingDaysPerWeek: 7, SickDays: 3, WaitingDaysServed: 3}, "50.90"},
		// 2026-27 reform: day one, no LEL, lower of 123.25 and 80% AWE.
		{"ssp 2026 low earner", d2026, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2026, 4, 8), AWE: m("100"), QualifyingDaysPerWeek: 5, SickDays: 5}, "80.00"},
		{"ssp 2026", d2026, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2026, 4, 8), AWE: m("500"), QualifyingDaysPerWeek: 5, SickDays: 5}, "123.25"},
		// PIW begun under the old rules: waiting days and LEL test stay, 2026-27 rate.
		{"ssp straddling", d2026, calc.UKStatutoryPay{Kind: calc.SSP, Start: day(2026, 3, 30), AWE: m("500"), QualifyingDaysPerWeek: 5, SickDays: 5}, "49.30"},
		// SMP 2026-27 AWE 600: days 36-42 at 540/7, days 43-49 at 194.32/7.
		{"smp", d2026, calc.UKStatutoryPay{Kind: calc.SMP, AWE: m("600"), FirstDay: 36, Days: 14}, "734.32"},
		{"smp below LEL", d2026, calc.UKStatutoryPay{Kind: calc.SMP, AWE: m("128.99"), FirstDay: 1, Days: 7}, "0"},
		{"smp after 39 weeks", d2025, calc.UKStatutoryPay{Kind: calc.SMP, AWE: m("600"), FirstDay: 267, Days: 14}, "187.18"},
		{"spp", d2026, calc.UKStatutoryPay{Kind: calc.SPP, AWE: m("150"), FirstDay: 1, Days: 14}, "270.00"},
		{"sap first weeks", d2025, calc.UKStatutoryPay{Kind: calc.SAP, AWE: m("1000"), FirstDay: 1, Days: 7}, "900.00"},
		{"shpp", d2025, calc.UKStatutoryPay{Kind: calc.ShPP, AWE: m("1000"), FirstDay: 1, Days: 7}, "187.18"},
		{"spbp", d2025, calc.UKStatutoryPay{Kind: calc.SPBP, AWE: m("1000"), FirstDay: 1, Days: 7}, "187.18"},
		{"sncp 3 days", d2025, calc.UKStatutoryPay{Kind: calc.SNCP, AWE: m("1000"), FirstDay: 1, Days: 3}, "80.22"}, // 187.18 × 3/7 = 80.2200
	}
	for _, c := range cases {
		emp := &calc.UKEmployee{TaxCode: "NT", NICategory: "A", Statutory: []calc.UKStatutoryPay{c.s}}
		in := weeklyInput("0", emp)
		in.PaymentDate = c.paid
		res, err := New().Calculate(in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		f := mustGet(t, res, string(c.s.Kind))
		if !f.Amount.Equal(m(c.want)) {
			t.Errorf("%s: %s, want %s (terms %+v)", c.name, f.Amount, c.want, f.Terms)
		}
	}
}

// Statutory pay is earnings: taxed and NI'd with the rest.
func TestStatutoryIsEarnings(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "BR", NICategory: "A", Statutory: []calc.UKStatutoryPay{{Kind: calc.SPP, AWE: m("1000"), FirstDay: 1, Days: 7}}}
	res, err := New().Calculate(weeklyInput("100", emp))
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "paye", "57.40") // 20% × 287 (100 + 187.18)
	wantFig(t, res, "ni.employee", "3.61")
}

// Worked examples of the rules files.
func TestRulesWorkedExamples(t *testing.T) {
	// §2.3: 1257L free pay 241.92 a week, 1,048.26 a month; 510L week 8
	// pay adjustment 786.08 = 8 × 98.26 (HMRC 2009-10 Annex B mechanics).
	if got := payAdjustment(1257, 52); !got.Equal(m("241.92")) {
		t.Errorf("1257L weekly %s", got)
	}
	if got := payAdjustment(1257, 12); !got.Equal(m("1048.26")) {
		t.Errorf("1257L monthly %s", got)
	}
	if got := payAdjustment(510, 52).MulInt(8); !got.Equal(m("786.08")) {
		t.Errorf("510L week 8 %s", got)
	}
	// rules-2026-27 §2.2: Scottish £20,000 salary → £1,446 (annual, on the
	// bands: 7,430 taxable above the allowance).
	// 19% × 3,967 + 20% × 3,463 = 753.73 + 692.60 = 1,446.33 ≈ £1,446.
	if got := bandTax(year2026.PAYE.Bands[Scotland], true, m("7430"), 12, 12); !got.Equal(m("1446.33")) {
		t.Errorf("Scottish 20,000: %s", got)
	}
	// rules-2026-27 §6: monthly £6,000 M1 → 1,352.06.
	in := &calc.Input{Region: calc.UK, PaymentDate: d2026, Frequency: calc.Monthly, Period: 1,
		UK: &calc.UKEmployee{TaxCode: "1257L", Week1Month1: true, NICategory: "A"}, Earnings: []calc.Earning{{Amount: m("6000")}}}
	res, err := New().Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "paye", "1352.06")
	wantFig(t, res, "ni.employee", "287.50") // 251.28 + 2% × 1,811
	in.Earnings[0].Amount = m("5000")
	if res, err = New().Calculate(in); err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "ni.employee", "267.50") // rules-2026-27 §6
	wantFig(t, res, "ni.employer", "687.45")
}

// Rules are the year tables' static values: the same pointers every time,
// and the vector checker's NI rule is the calculation's.
func TestRulesAreStatic(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", StudentLoan: calc.LoanPlan1}
	a, _ := New().Calculate(weeklyInput("700", emp))
	b, _ := New().Calculate(weeklyInput("900", emp))
	for i := range a.Figures {
		if a.Figures[i].Rule != b.Figures[i].Rule {
			t.Errorf("%s: rule pointers differ", a.Figures[i].Code)
		}
	}
	_, rule, err := New().(calc.VectorChecker).CheckVector(calc.Vector{Region: "uk", Period: "weekly;p=1;NI-employee", Code: "NI-cat-A", Gross: m("700")})
	if err != nil {
		t.Fatal(err)
	}
	if ni := mustGet(t, a, "ni.employee"); ni.Rule != rule {
		t.Errorf("vector rule %p, calculation rule %p", rule, ni.Rule)
	}
	if got := mustGet(t, a, "ni.employee").Rule.Text; got == "" || !containsAll(got, "category A", "8%", "2%", "PT", "UEL") {
		t.Errorf("NI rule text %q", got)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		found := false
		for i := 0; i+len(sub) <= len(s); i++ {
			if s[i:i+len(sub)] == sub {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
