package sg

import (
	"errors"
	"testing"
	"time"

	"github.com/govalues/decimal"
	"pgregory.net/rapid"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/internal/cpubench"
	"github.com/payrolld/payrolld/internal/payroll"
)

func day(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC) }

func input(date time.Time, ow, aw string, emp calc.SGEmployee) *calc.Input {
	in := &calc.Input{Region: calc.SG, PaymentDate: date, Frequency: calc.Monthly, SG: &emp}
	if ow != "" {
		in.Earnings = append(in.Earnings, calc.Earning{Category: "Salary", Kind: calc.Ordinary, Amount: payroll.MustMoney(ow)})
	}
	if aw != "" {
		in.Earnings = append(in.Earnings, calc.Earning{Category: "Bonus", Kind: calc.Bonus, Amount: payroll.MustMoney(aw)})
	}
	return in
}

var dob40 = day(1986, 5, 20)

func TestTablesAreConsistent(t *testing.T) {
	t.Parallel()
	for i, y := range years {
		if i > 0 && !years[i-1].end.Equal(y.start) {
			t.Errorf("%s starts %s, %s ends %s", y.name, y.start, years[i-1].name, years[i-1].end)
		}
		for j, b := range y.bands {
			if b.employer.Add(b.employee).Cmp(b.total) != 0 {
				t.Errorf("%s band %d: %s + %s != %s", y.name, b.maxAge, b.employer, b.employee, b.total)
			}
			if j > 0 && b.maxAge != 0 && b.maxAge <= y.bands[j-1].maxAge {
				t.Errorf("%s: bands out of order at %d", y.name, j)
			}
			if (b.maxAge == 0) != (j == len(y.bands)-1) {
				t.Errorf("%s: only the last band is open-ended", y.name)
			}
			if b.rule == nil || b.rule.Source == "" || b.rule.Text == "" {
				t.Errorf("%s: band %d has no rule", y.name, b.maxAge)
			}
		}
		// The graduated employee share meets the full rate at $750 (the
		// Schedule's phase-in is continuous): factor × (750 − 500) = rate × 750.
		all := append(append([]ageBand{}, y.bands...), y.spr[0]...)
		for _, b := range append(all, y.spr[1]...) {
			if !y.fullAbove.Sub(y.phaseFrom).Mul(b.phaseIn).Equal(y.fullAbove.Mul(b.employee)) {
				t.Errorf("%s band %d: phase-in %s does not reach %s at %s", y.name, b.maxAge, b.phaseIn, b.employee, y.fullAbove)
			}
			if b.gradRule == nil || b.gradRule.Source == "" || b.rule == nil || b.employer.Add(b.employee).Cmp(b.total) != 0 {
				t.Errorf("%s band %d: rules or rates incomplete", y.name, b.maxAge)
			}
		}
		if y.sdlRule == nil || y.sdlCap.Mul(y.sdlRate).Cmp(payroll.MustMoney("11.25")) != 0 {
			t.Errorf("%s: SDL maximum is not 11.25", y.name)
		}
	}
}

func TestTaxYear(t *testing.T) {
	t.Parallel()
	e := New()
	for _, c := range []struct {
		d    time.Time
		want string
	}{
		{day(2025, 1, 1), "2025"}, {day(2025, 12, 31), "2025"}, {day(2026, 1, 1), "2026"},
		{day(2027, 6, 30), "2027"}, {day(2028, 1, 1), ""}, {day(2024, 12, 31), ""},
	} {
		got, err := e.TaxYear(&calc.Input{PaymentDate: c.d})
		if c.want == "" {
			if !errors.Is(err, calc.ErrNoRules) {
				t.Errorf("%s: %q %v, want ErrNoRules", c.d, got, err)
			}
		} else if err != nil || got != c.want {
			t.Errorf("%s: %q %v, want %s", c.d, got, err, c.want)
		}
	}
}

func want(t *testing.T, res calc.Result, code, amount string) {
	t.Helper()
	f, ok := res.Get(code)
	if !ok {
		t.Errorf("no %s figure", code)
		return
	}
	if !f.Amount.Equal(payroll.MustMoney(amount)) {
		t.Errorf("%s = %s, want %s (terms %v)", code, f.Amount, amount, f.Terms)
	}
	if f.Rule == nil || f.Rule.Source == "" {
		t.Errorf("%s: no rule", code)
	}
}

func TestCalculate(t *testing.T) {
	t.Parallel()
	e := New()
	// Age 55 in March 2026: "55 and below" in the birthday month, above 55 from April.
	dob := day(1971, 3, 15)
	res, err := e.Calculate(input(day(2026, 3, 31), "5000", "", calc.SGEmployee{DateOfBirth: dob}))
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeCPFEmployee, "1000")
	want(t, res, CodeCPFTotal, "1850")
	want(t, res, CodeCPFEmployer, "850")
	want(t, res, CodeSDL, "11.25")
	res, _ = e.Calculate(input(day(2026, 4, 30), "5000", "", calc.SGEmployee{DateOfBirth: dob}))
	want(t, res, CodeCPFEmployee, "900") // 18%
	want(t, res, CodeCPFTotal, "1700")   // 34%

	// December: OW at the ceiling all year, bonus 20,000: AW ceiling 102,000 − 96,000 = 6,000.
	res, _ = e.Calculate(input(day(2026, 12, 31), "9000", "20000", calc.SGEmployee{DateOfBirth: dob40, OWSubjectToCPFYTD: payroll.MustMoney("88000")}))
	want(t, res, CodeCPFTotal, "5180")    // 37% × 14,000
	want(t, res, CodeCPFEmployee, "2800") // 20% × 14,000
	want(t, res, CodeCPFEmployer, "2380")
	tot, _ := res.Get(CodeCPFTotal)
	if !termNamed(tot, "AW ceiling remaining").Equal(payroll.MustMoney("6000")) || !termNamed(tot, "AW subject to CPF").Equal(payroll.MustMoney("6000")) {
		t.Errorf("AW terms %v", tot.Terms)
	}
	// March bonus with the rest of the year's OW projected: same ceiling.
	res, _ = e.Calculate(input(day(2026, 3, 31), "8000", "20000", calc.SGEmployee{DateOfBirth: dob40,
		OWSubjectToCPFYTD: payroll.MustMoney("16000"), ProjectedOW: payroll.MustMoney("72000")}))
	want(t, res, CodeCPFTotal, "5180")
	// 2025: OW ceiling 7,400.
	res, _ = e.Calculate(input(day(2025, 8, 31), "7400.01", "", calc.SGEmployee{DateOfBirth: dob40, Residency: calc.SGCitizen}))
	want(t, res, CodeCPFTotal, "2738")

	// Foreigner: SDL only; NotPensionable lines are remuneration but not CPF wages.
	in := input(day(2026, 5, 31), "600", "", calc.SGEmployee{Residency: calc.SGForeigner})
	res, err = e.Calculate(in)
	if err != nil || len(res.Figures) != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	want(t, res, CodeSDL, "2")
	in = input(day(2026, 5, 31), "3000", "", calc.SGEmployee{DateOfBirth: dob40, Residency: calc.SGPR3})
	in.Earnings = append(in.Earnings, calc.Earning{Kind: calc.Allowance, Amount: payroll.MustMoney("1000"), NotPensionable: true})
	res, _ = e.Calculate(in)
	want(t, res, CodeCPFTotal, "1110") // 37% × 3,000
	want(t, res, CodeSDL, "10")        // 0.25% × 4,000
	// Nothing at or below $50.
	res, _ = e.Calculate(input(day(2026, 5, 31), "50", "", calc.SGEmployee{DateOfBirth: dob40}))
	want(t, res, CodeCPFTotal, "0")
	want(t, res, CodeSDL, "2")
}

// Graduated wages and 1st/2nd-year SPRs through Calculate (formula-derived,
// see TestWorkedExamples): the figures carry the graduated rule and the
// phase-in terms.
func TestCalculateGraduatedAndSPR(t *testing.T) {
	t.Parallel()
	e := New()
	d := day(2026, 5, 31)
	res, err := e.Calculate(input(d, "650", "", calc.SGEmployee{DateOfBirth: dob40}))
	if err != nil {
		t.Fatal(err)
	}
	// 17% × 650 = 110.50 + 0.6 × 150 = 90 → 200.50 → 201; employee 90; employer 111.
	want(t, res, CodeCPFTotal, "201")
	want(t, res, CodeCPFEmployee, "90")
	want(t, res, CodeCPFEmployer, "111")
	if f, _ := res.Get(CodeCPFTotal); f.Rule != y2026.bands[0].gradRule {
		t.Errorf("rule %v, want the graduated rule", f.Rule)
	}
	res, err = e.Calculate(input(d, "3000", "", calc.SGEmployee{DateOfBirth: dob40, Residency: calc.SGPR1}))
	if err != nil {
		t.Fatal(err)
	}
	// 9% × 3,000 = 270; employee 5% = 150; employer 120.
	want(t, res, CodeCPFTotal, "270")
	want(t, res, CodeCPFEmployee, "150")
	want(t, res, CodeCPFEmployer, "120")
}

func TestCalculateErrors(t *testing.T) {
	t.Parallel()
	e := New()
	d := day(2026, 5, 31)
	weekly := input(d, "5000", "", calc.SGEmployee{DateOfBirth: dob40})
	weekly.Frequency = calc.Weekly
	for name, in := range map[string]*calc.Input{
		"no SG":       {Region: calc.SG, PaymentDate: d, Frequency: calc.Monthly},
		"weekly":      weekly,
		"no DOB":      input(d, "5000", "", calc.SGEmployee{}),
		"residency":   input(d, "5000", "", calc.SGEmployee{DateOfBirth: dob40, Residency: "EP"}),
		"negative":    input(d, "-5000", "", calc.SGEmployee{DateOfBirth: dob40}),
		"huge":        input(d, "5000000000", "", calc.SGEmployee{DateOfBirth: dob40}),
		"no year":     input(day(2031, 1, 1), "5000", "", calc.SGEmployee{DateOfBirth: dob40}),
		"negativeYTD": input(d, "5000", "", calc.SGEmployee{DateOfBirth: dob40, AWSubjectToCPFYTD: payroll.MustMoney("-1")}),
	} {
		if _, err := e.Calculate(in); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// A 2nd-year SPR above 55 to 60 (G/G 6% / 12.5%, the CPF Board's 2026
	// SPR table): TW 600, graduated: employer 6% × 600 = 36, employee
	// 0.375 (3 × 12.5%, derived) × 100 = 37.50; total 73.50 → 74, employee
	// 37 (cents dropped), employer 37.
	res, err := e.Calculate(input(d, "600", "", calc.SGEmployee{DateOfBirth: day(1968, 2, 10), Residency: calc.SGPR2}))
	if err != nil {
		t.Fatalf("SPR2 above 55: %v", err)
	}
	for code, want := range map[string]string{CodeCPFTotal: "74", CodeCPFEmployee: "37", CodeCPFEmployer: "37"} {
		if f, _ := res.Get(code); f.Amount.Cmp(payroll.MustMoney(want)) != 0 {
			t.Errorf("SPR2 above 55 %s = %s, want %s", code, f.Amount, want)
		}
	}
}

// Over a calendar year CPF wages never pass the ceilings: OW subject to CPF
// at most the OW ceiling each month, AW subject to CPF at most 102,000 − OW
// subject to CPF in the year (with the year's later OW projected), and the
// employee share never exceeds the total.
func TestCPFCeilings(t *testing.T) {
	t.Parallel()
	e := New()
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.SampledFrom(years).Draw(t, "year")
		dob := day(rapid.IntRange(1940, 2005).Draw(t, "born"), time.Month(rapid.IntRange(1, 12).Draw(t, "month")), 1)
		var ow, aw [12]int64
		for i := range ow {
			ow[i] = rapid.Int64Range(751_00, 20_000_00).Draw(t, "ow")
			aw[i] = rapid.SampledFrom([]int64{0, 0, 0, 100_00, 5_000_00, 50_000_00, 120_000_00}).Draw(t, "aw")
		}
		var owYTD, awYTD payroll.Money
		for i := range ow {
			var projected payroll.Money
			for j := i + 1; j < 12; j++ {
				projected = projected.Add(payroll.MoneyFromMinor(ow[j]).Min(y.owCeiling))
			}
			in := &calc.Input{Region: calc.SG, TaxYear: y.name, PaymentDate: y.start.AddDate(0, i, 27), Frequency: calc.Monthly,
				Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MoneyFromMinor(ow[i])}, {Kind: calc.Bonus, Amount: payroll.MoneyFromMinor(aw[i])}},
				SG:       &calc.SGEmployee{DateOfBirth: dob, OWSubjectToCPFYTD: owYTD, AWSubjectToCPFYTD: awYTD, ProjectedOW: projected}}
			res, err := e.Calculate(in)
			if err != nil {
				t.Fatal(err)
			}
			tot, _ := res.Get(CodeCPFTotal)
			ee, _ := res.Get(CodeCPFEmployee)
			er, _ := res.Get(CodeCPFEmployer)
			owSub, awSub := termNamed(tot, "OW subject to CPF"), termNamed(tot, "AW subject to CPF")
			if owSub.Cmp(y.owCeiling) > 0 {
				t.Fatalf("month %d: OW subject %s over the ceiling %s", i+1, owSub, y.owCeiling)
			}
			if ee.Amount.Cmp(tot.Amount) > 0 || er.Amount.IsNeg() || !ee.Amount.Add(er.Amount).Equal(tot.Amount) {
				t.Fatalf("month %d: employee %s employer %s total %s", i+1, ee.Amount, er.Amount, tot.Amount)
			}
			band := &y.bands[bandIndex(y, dob, in.PaymentDate)]
			if limit := owSub.Add(awSub).Mul(band.total).Add(payroll.MustMoney("0.5")); tot.Amount.Cmp(limit) > 0 {
				t.Fatalf("month %d: total %s over rate × wages", i+1, tot.Amount)
			}
			owYTD, awYTD = owYTD.Add(owSub), awYTD.Add(awSub)
		}
		if owYTD.Add(awYTD).Cmp(y.annualCeiling) > 0 {
			t.Fatalf("OW %s + AW %s subject to CPF over the annual ceiling %s", owYTD, awYTD, y.annualCeiling)
		}
	})
}

// SDL stays between the minimum and the maximum for any positive pay.
func TestSDLBounds(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		y := rapid.SampledFrom(years).Draw(t, "year")
		rem := payroll.MoneyFromMinor(rapid.Int64Range(1, 100_000_000).Draw(t, "rem"))
		_, levy := sdl(y, rem)
		if levy.Less(y.sdlMin) || levy.Cmp(payroll.MustMoney("11.25")) > 0 {
			t.Fatalf("SDL on %s = %s", rem, levy)
		}
	})
}

func FuzzCalculate(f *testing.F) {
	f.Add(int64(500000), int64(0), int64(1986), uint8(5), "SC", int64(0), int64(0), int64(0))
	f.Add(int64(900000), int64(2000000), int64(1960), uint8(12), "SPR3", int64(8800000), int64(100), int64(0))
	f.Add(int64(60000), int64(0), int64(2000), uint8(1), "SPR1", int64(-1), int64(0), int64(1<<62))
	f.Add(int64(1<<62), int64(-5), int64(0), uint8(0), "Foreigner", int64(0), int64(0), int64(0))
	e := New()
	f.Fuzz(func(t *testing.T, ow, aw, born int64, month uint8, res string, owYTD, awYTD, proj int64) {
		in := &calc.Input{Region: calc.SG, PaymentDate: day(2026, 7, 31), Frequency: calc.Monthly,
			Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: payroll.MoneyFromMinor(ow)}, {Kind: calc.Bonus, Amount: payroll.MoneyFromMinor(aw)}},
			SG: &calc.SGEmployee{DateOfBirth: day(int(born%3000), time.Month(month%13), 1), Residency: res,
				OWSubjectToCPFYTD: payroll.MoneyFromMinor(owYTD), AWSubjectToCPFYTD: payroll.MoneyFromMinor(awYTD), ProjectedOW: payroll.MoneyFromMinor(proj)}}
		r, err := e.Calculate(in)
		if err == nil {
			if _, ok := r.Get(CodeSDL); !ok {
				t.Fatal("no sdl")
			}
		}
	})
}

func FuzzCheckVector(f *testing.F) {
	f.Add("monthly;CPF-total;2026", "CPF-55-and-below", int64(500000))
	f.Add("monthly;CPF-employee;2025;age>55<=60;ow=1e3", "SC/SPR3+ AW", int64(100))
	f.Add("monthly;SDL;2027", "SDL-0.25%", int64(-1))
	f.Add("monthly;CPF-employer;2026;55<age<=60;owytd=99999999999999", "SPR2", int64(1<<62))
	e := Engine{}
	f.Fuzz(func(t *testing.T, period, code string, cents int64) {
		_, _, _ = e.CheckVector(calc.Vector{Region: calc.SG, Period: period, Code: code, Gross: payroll.MoneyFromMinor(cents)})
	})
}

// BenchmarkSG: CPF (OW and AW with the AW ceiling) and SDL of one
// employee-month (CPF is monthly only).
func BenchmarkSG(b *testing.B) {
	e := New()
	in := input(day(2026, 12, 31), "6500", "3000", calc.SGEmployee{DateOfBirth: day(1968, 2, 10), Residency: calc.SGCitizen,
		OWSubjectToCPFYTD: payroll.MustMoney("71500"), AWSubjectToCPFYTD: payroll.MustMoney("2000")})
	b.Run("Monthly", func(b *testing.B) {
		cpubench.Loop(b, func() {
			if _, err := e.Calculate(in); err != nil {
				b.Fatal(err)
			}
		})
	})
}

func TestRoundMatchesMoney(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		m := payroll.MoneyFromDecimal(decimal.MustNew(rapid.Int64Range(0, 1<<55).Draw(t, "units"), rapid.IntRange(0, 12).Draw(t, "scale")))
		for _, sc := range []int{0, 2} {
			if got, want := round(m, sc, true), m.RoundHalfUp(sc); !got.Equal(want) {
				t.Fatalf("round(%s, %d) half up = %s, want %s", m, sc, got, want)
			}
			if got, want := round(m, sc, false), m.Floor(sc); !got.Equal(want) {
				t.Fatalf("round(%s, %d) down = %s, want %s", m, sc, got, want)
			}
		}
	})
}

// Rules are static: every result points at the year table's rules, and a
// calculation allocates once (figures and terms in one block).
func TestStaticRulesAndAllocs(t *testing.T) {
	in := input(day(2026, 12, 31), "6500", "3000", calc.SGEmployee{DateOfBirth: dob40})
	e := New()
	res, err := e.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Figures {
		if f.Rule != y2026.bands[0].rule && f.Rule != y2026.sdlRule {
			t.Errorf("%s: rule %p is not a 2026 table rule", f.Code, f.Rule)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = e.Calculate(in) }); n > 1 {
		t.Errorf("%v allocations per calculation", n)
	}
}

// The AW ceiling is estimated from the year's OW (CPF Board): OW subject
// to CPF to date + this month's + the months to come. A $20,000 June
// bonus on $8,000 a month, age 55 and below, 2026: OW 5 × 8,000 = 40,000
// before June, 8,000 in June, 6 × 8,000 = 48,000 estimated for July to
// December: ceiling 102,000 − 96,000 = 6,000. Wages subject to CPF
// 8,000 + 6,000 = 14,000: employee 20% = 2,800, employer 17% = 2,380
// (taking 102,000 − OW paid so far, the whole bonus was subject: 5,600 /
// 4,760).
func TestAWCeilingFromEstimatedOW(t *testing.T) {
	t.Parallel()
	dob := time.Date(1990, 3, 1, 0, 0, 0, 0, time.UTC)
	emp := calc.SGEmployee{DateOfBirth: dob, OWSubjectToCPFYTD: m("40000"), RemainingMonths: 6}
	res, err := New().Calculate(input(time.Date(2026, 6, 30, 0, 0, 0, 0, time.UTC), "8000", "20000", emp))
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeCPFEmployee, "2800")
	want(t, res, CodeCPFEmployer, "2380")
	want(t, res, CodeCPFTotal, "5180")

	// The employee leaves in September having been paid 8,000 a month:
	// the year's actual OW is 9 × 8,000 = 72,000, so the actual AW ceiling
	// is 30,000 and the whole 20,000 bonus was subject to CPF; 6,000 was.
	// September's CPF adds the other 14,000: wages 8,000 + 14,000 =
	// 22,000, employee 4,400, total 8,140, employer 3,740.
	emp = calc.SGEmployee{DateOfBirth: dob, OWSubjectToCPFYTD: m("64000"), AWSubjectToCPFYTD: m("6000"), AWPaidYTD: m("20000"), YearEnd: true}
	res, err = New().Calculate(input(time.Date(2026, 9, 30, 0, 0, 0, 0, time.UTC), "8000", "0", emp))
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeCPFEmployee, "4400")
	want(t, res, CodeCPFTotal, "8140")
	want(t, res, CodeCPFEmployer, "3740")

	// Year end the other way: OW rose to 8,000 from 6,000 after a June
	// bonus of 20,000 was made subject up to a ceiling estimated on 6,000 a
	// month (102,000 − 72,000 = 30,000: all 20,000 subject). Actual OW
	// 6 × 6,000 + 6 × 8,000 = 84,000: ceiling 18,000, so 2,000 of the AW
	// was contributed on in excess. Its contributions are claimed back from
	// the CPF Board by a refund application (CPF Board, "How do I calculate
	// CPF contributions on AW paid before the end of the year": "If you
	// have overpaid the CPF contributions, you can apply for a refund"),
	// not taken off December's, which stay on December's wages: 8,000,
	// employee 1,600, total 2,960, employer 1,360 (before 1 December 2026:
	// 6,000, 1,200 / 2,220 / 1,020).
	emp = calc.SGEmployee{DateOfBirth: dob, OWSubjectToCPFYTD: m("76000"), AWSubjectToCPFYTD: m("20000"), AWPaidYTD: m("20000"), YearEnd: true}
	res, err = New().Calculate(input(time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC), "8000", "0", emp))
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeCPFEmployee, "1600")
	want(t, res, CodeCPFTotal, "2960")
	want(t, res, CodeCPFEmployer, "1360")
	tot, _ := res.Get(CodeCPFTotal)
	if !termNamed(tot, "AW subject to CPF").IsZero() ||
		!termNamed(tot, "AW contributed on earlier this year above the recalculated ceiling (its contributions to be claimed back from the CPF Board, not taken off this month's)").Equal(m("2000")) {
		t.Errorf("year-end terms %v", tot.Terms)
	}
}

func termNamed(f calc.Figure, name string) payroll.Money {
	for _, t := range f.Terms {
		if t.Name == name {
			return t.Value
		}
	}
	return payroll.Money{}
}

// Compensation for the loss of employment (a pay category of type ETP:
// retrenchment benefit, payment in lieu of notice) is not wages for CPF
// nor, since the Skills Development Levy Act's 2022 amendment levies
// "wages" in the CPF Act's words, for the SDL. A citizen's last month:
// 952.38 salary + 6,000 retrenchment benefit: SDL 0.25% × 952.38 =
// 2.38 (not 11.25 on 6,952.38); a foreigner's: 2,000 + 4,000 in lieu of
// notice: SDL 5.00 (not 11.25).
func TestSDLLeavesOutTerminationCompensation(t *testing.T) {
	t.Parallel()
	e := New()
	in := input(day(2026, 11, 30), "952.38", "", calc.SGEmployee{DateOfBirth: dob40})
	in.Earnings = append(in.Earnings, calc.Earning{Kind: calc.ETP, Amount: payroll.MustMoney("6000")})
	res, err := e.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeSDL, "2.38")
	want(t, res, CodeCPFTotal, "352") // 37% × 952.38 = 352.38
	f, _ := res.Get(CodeSDL)
	if !termNamed(f, "termination payments (compensation for loss of employment: not wages, not levied)").Equal(payroll.MustMoney("6000")) {
		t.Errorf("SDL terms %v", f.Terms)
	}
	in = input(day(2026, 11, 30), "2000", "", calc.SGEmployee{Residency: calc.SGForeigner})
	in.Earnings = append(in.Earnings, calc.Earning{Kind: calc.ETP, Amount: payroll.MustMoney("4000")})
	res, _ = e.Calculate(in)
	want(t, res, CodeSDL, "5")
	// Only compensation paid (after the last month): no wages, no levy.
	in = input(day(2026, 12, 31), "0", "", calc.SGEmployee{Residency: calc.SGForeigner})
	in.Earnings = []calc.Earning{{Kind: calc.ETP, Amount: payroll.MustMoney("4000")}}
	res, _ = e.Calculate(in)
	want(t, res, CodeSDL, "0")
}
