package my

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

func day(y int, mo time.Month, d int) time.Time { return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC) }

func monthly(paid time.Time, emp calc.MYEmployee, es ...calc.Earning) *calc.Input {
	return &calc.Input{Region: calc.MY, PaymentDate: paid, Frequency: calc.Monthly, Earnings: es, MY: &emp}
}

func salary(a string) calc.Earning {
	return calc.Earning{Category: "Basic Pay", Kind: calc.Ordinary, Amount: payroll.MustMoney(a)}
}

func figures(t *testing.T, res calc.Result) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, f := range res.Figures {
		if _, dup := got[f.Code]; dup {
			t.Errorf("figure %s twice", f.Code)
		}
		if f.Rule == nil || f.Rule.Source == "" || f.Rule.Text == "" {
			t.Errorf("figure %s has no rule", f.Code)
		}
		got[f.Code] = f.Amount.StringFixed(2)
	}
	return got
}

func wantFigures(t *testing.T, res calc.Result, want map[string]string) {
	t.Helper()
	got := figures(t, res)
	for code, w := range want {
		g, ok := got[code]
		switch {
		case w == "" && ok:
			t.Errorf("%s = %s, want no figure", code, g)
		case w != "" && g != w:
			t.Errorf("%s = %q, want %s", code, g, w)
		}
	}
}

var dob35 = day(1991, 3, 14)

// The issue's employee: RM60,000 a year, single, a citizen of 35, paid
// RM5,000 for October 2026 after nine months at the same pay (PCB
// RM110 a month). Every statutory figure is there, net is not gross.
func TestIssueExampleOctober2026(t *testing.T) {
	t.Parallel()
	emp := calc.MYEmployee{DateOfBirth: dob35, HRDLevyRate: payroll.MustRate("0.01"),
		YTD: calc.MYYearToDate{Remuneration: payroll.MustMoney("45000"), EPF: payroll.MustMoney("4950"), PCB: payroll.MustMoney("990")}}
	res, err := New().Calculate(monthly(day(2026, 10, 30), emp, salary("5000")))
	if err != nil {
		t.Fatal(err)
	}
	if res.TaxYear != "2026" || res.Region != calc.MY {
		t.Errorf("%s %s", res.Region, res.TaxYear)
	}
	wantFigures(t, res, map[string]string{
		CodePCB: "110.00", CodeEPFEmployee: "550.00", CodeEPFEmployer: "650.00",
		CodeSOCSOEmployee: "24.75", CodeSOCSOEmployer: "86.65", CodeEISEmployee: "9.90", CodeEISEmployer: "9.90",
		CodeLindung24: "37.15", CodeHRD: "50.00", CodeZakat: "",
	})
	// Employee deductions: 110 + 550 + 24.75 + 9.90 + 37.15 = 731.80.
	var ee payroll.Money
	for _, c := range []string{CodePCB, CodeEPFEmployee, CodeSOCSOEmployee, CodeEISEmployee, CodeLindung24} {
		f, _ := res.Get(c)
		ee = ee.Add(f.Amount)
	}
	if ee.StringFixed(2) != "731.80" {
		t.Errorf("employee deductions %s", ee.StringFixed(2))
	}
}

func TestAgesAndCitizenship(t *testing.T) {
	t.Parallel()
	paid := day(2026, 8, 31)
	cases := []struct {
		name string
		emp  calc.MYEmployee
		want map[string]string
	}{
		{"citizen turning 60 in August: still below 60", calc.MYEmployee{DateOfBirth: day(1966, 8, 2)},
			map[string]string{CodeEPFEmployee: "330.00", CodeEPFEmployer: "390.00", CodeSOCSOEmployee: "14.75", CodeEISEmployee: "5.90"}},
		{"citizen who turned 60 in July: Part E, SOCSO second category, no EIS", calc.MYEmployee{DateOfBirth: day(1966, 7, 20)},
			map[string]string{CodeEPFEmployee: "0.00", CodeEPFEmployer: "120.00", CodeSOCSOEmployee: "0.00", CodeSOCSOEmployer: "36.90", CodeEISEmployee: ""}},
		{"permanent resident over 60: Part C", calc.MYEmployee{DateOfBirth: day(1960, 1, 1), Citizenship: calc.MYPermanentResident},
			map[string]string{CodeEPFEmployee: "165.00", CodeEPFEmployer: "195.00"}},
		{"citizen over 75: no EPF", calc.MYEmployee{DateOfBirth: day(1950, 1, 1)},
			map[string]string{CodeEPFEmployee: "", CodeEPFEmployer: "", CodeSOCSOEmployer: "36.90"}},
		{"foreign worker: Part F, employment injury only, no EIS, LINDUNG compulsory", calc.MYEmployee{DateOfBirth: dob35, Citizenship: calc.MYForeign},
			map[string]string{CodeEPFEmployee: "60.00", CodeEPFEmployer: "60.00", CodeSOCSOEmployee: "0.00", CodeSOCSOEmployer: "36.90", CodeEISEmployee: "", CodeLindung24: "22.15"}},
		{"17-year-old: no EIS yet", calc.MYEmployee{DateOfBirth: day(2009, 1, 1)},
			map[string]string{CodeEISEmployee: "", CodeSOCSOEmployee: "14.75"}},
		{"local employee who opted out of LINDUNG 24 Jam", calc.MYEmployee{DateOfBirth: dob35, Lindung24: calc.MYLindungOptedOut},
			map[string]string{CodeLindung24: "", CodeEISEmployee: "5.90"}},
		{"HRD levy is on citizens only", calc.MYEmployee{DateOfBirth: dob35, Citizenship: calc.MYPermanentResident, HRDLevyRate: payroll.MustRate("0.01")},
			map[string]string{CodeHRD: ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res, err := New().Calculate(monthly(paid, c.emp, salary("3000")))
			if err != nil {
				t.Fatal(err)
			}
			wantFigures(t, res, c.want)
		})
	}
}

// LINDUNG 24 Jam starts with payments from 1 June 2026; EPF Part F with
// October 2025.
func TestDatedSchedules(t *testing.T) {
	t.Parallel()
	local := calc.MYEmployee{DateOfBirth: dob35}
	for _, c := range []struct {
		paid time.Time
		emp  calc.MYEmployee
		code string
		want string
	}{
		{day(2026, 5, 29), local, CodeLindung24, ""},
		{day(2026, 6, 30), local, CodeLindung24, "22.15"},
		{day(2025, 9, 30), calc.MYEmployee{DateOfBirth: dob35, Citizenship: calc.MYForeign}, CodeEPFEmployee, ""},
		{day(2025, 10, 31), calc.MYEmployee{DateOfBirth: dob35, Citizenship: calc.MYForeign}, CodeEPFEmployee, "60.00"},
	} {
		res, err := New().Calculate(monthly(c.paid, c.emp, salary("3000")))
		if err != nil {
			t.Fatalf("%s: %v", c.paid.Format(time.DateOnly), err)
		}
		wantFigures(t, res, map[string]string{c.code: c.want})
	}
}

// A bonus: EPF on the month's total wages with the employer keeping 13%
// (the salary is under RM5,000), K1 on the salary alone and Kt the rest,
// no SOCSO on an annual bonus, the additional-remuneration MTD.
func TestBonusMonth(t *testing.T) {
	t.Parallel()
	emp := calc.MYEmployee{DateOfBirth: dob35}
	bonus := calc.Earning{Category: "Bonus", Kind: calc.Bonus, Amount: payroll.MustMoney("6000")}
	res, err := New().Calculate(monthly(day(2026, 12, 31), emp, salary("4000"), bonus))
	if err != nil {
		t.Fatal(err)
	}
	// EPF: employee 11% of the RM10,000 band = 1,100; employer 13% of
	// 10,000 = 1,300 (the salary alone is under RM5,000).
	wantFigures(t, res, map[string]string{CodeEPFEmployee: "1100.00", CodeEPFEmployer: "1300.00", CodeSOCSOEmployee: "19.75", CodeEISEmployee: "7.90"})
	pcb, _ := res.Get(CodePCB)
	terms := map[string]string{}
	for _, tm := range pcb.Terms {
		terms[tm.Name] = tm.Value.StringFixed(2)
	}
	// December, n = 0: K1 = 440; Kt = 660 capped at 4,000 - 440 = 3,560.
	// P without the bonus = 3,560 - 9,000 < 0: no tax. With it: 3,560 +
	// (6,000 - 660) - 9,000 = -100: still nil.
	if terms["EPF relieved on normal remuneration (K1)"] != "440.00" || terms["MTD on additional remuneration"] != "0.00" || pcb.Amount.StringFixed(2) != "0.00" {
		t.Errorf("terms %v, pcb %s", terms, pcb.Amount)
	}
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	good := calc.MYEmployee{DateOfBirth: dob35}
	for _, c := range []struct {
		name string
		in   *calc.Input
		want string
	}{
		{"weekly pay", &calc.Input{Region: calc.MY, PaymentDate: day(2026, 3, 6), Frequency: calc.Weekly, MY: &good}, "must be Monthly"},
		{"no settings", &calc.Input{Region: calc.MY, PaymentDate: day(2026, 3, 31), Frequency: calc.Monthly}, "no MY employee settings"},
		{"2027", monthly(day(2027, 1, 29), good, salary("3000")), "not available"},
		{"2024", monthly(day(2024, 12, 31), good, salary("3000")), "not available"},
		{"no date of birth", monthly(day(2026, 3, 31), calc.MYEmployee{}, salary("3000")), "date of birth"},
		{"foreign opt-out", monthly(day(2026, 8, 31), calc.MYEmployee{DateOfBirth: dob35, Citizenship: calc.MYForeign, Lindung24: calc.MYLindungOptedOut}, salary("3000")), "cannot opt out"},
		{"EPF part B", monthly(day(2026, 8, 31), calc.MYEmployee{DateOfBirth: dob35, EPFPart: "B"}, salary("3000")), "not available"},
		{"Part F before October 2025", monthly(day(2025, 9, 30), calc.MYEmployee{DateOfBirth: dob35, EPFPart: calc.MYEPFPartF}, salary("3000")), "does not apply"},
		{"negative zakat", monthly(day(2026, 3, 31), calc.MYEmployee{DateOfBirth: dob35, Zakat: payroll.MustMoney("-1")}, salary("3000")), "negative"},
		{"unknown citizenship", monthly(day(2026, 3, 31), calc.MYEmployee{DateOfBirth: dob35, Citizenship: "Martian"}, salary("3000")), "citizenship"},
	} {
		_, err := New().Calculate(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
	_, err := New().Calculate(monthly(day(2027, 1, 29), good, salary("3000")))
	if !errors.Is(err, calc.ErrNoRules) {
		t.Errorf("2027: %v does not wrap ErrNoRules", err)
	}
}

// Overtime is normal remuneration and SOCSO wages but not EPF or levy
// wages; a non-taxable allowance is EPF wages but not PCB remuneration;
// a lump sum is remuneration only.
func TestWageBases(t *testing.T) {
	t.Parallel()
	w, err := classify([]calc.Earning{
		salary("3000"),
		{Kind: calc.Overtime, Amount: payroll.MustMoney("200")},
		{Kind: calc.Allowance, Amount: payroll.MustMoney("300"), NotTaxable: true},
		{Kind: calc.Lumpsum, Amount: payroll.MustMoney("1000")},
		{Kind: calc.Commission, Amount: payroll.MustMoney("400")},
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string][2]payroll.Money{
		"pcb normal":     {w.pcbNormal, payroll.MustMoney("3200")},
		"pcb additional": {w.pcbAdditional, payroll.MustMoney("1400")},
		"epf normal":     {w.epfNormal, payroll.MustMoney("3300")},
		"epf additional": {w.epfAdditional, payroll.MustMoney("400")},
		"socso":          {w.socso, payroll.MustMoney("3900")},
		"hrd":            {w.hrd, payroll.MustMoney("3300")},
	} {
		if !c[0].Equal(c[1]) {
			t.Errorf("%s = %s, want %s", name, c[0], c[1])
		}
	}
}

// A non-resident pays the flat rate on the month's remuneration and
// the benefits in kind.
func TestNonResident(t *testing.T) {
	t.Parallel()
	emp := calc.MYEmployee{DateOfBirth: dob35, Citizenship: calc.MYForeign, NonResident: true, BenefitsInKind: payroll.MustMoney("500")}
	res, err := New().Calculate(monthly(day(2026, 2, 27), emp, salary("3000")))
	if err != nil {
		t.Fatal(err)
	}
	wantFigures(t, res, map[string]string{CodePCB: "1050.00", CodeEPFEmployee: "60.00"})
}

// Rounding helpers follow the specification's own examples.
func TestRounding(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"287.02": "287.05", "152.06": "152.10", "110": "110.00", "0.01": "0.05", "10.05": "10.05"} {
		if got := roundUp5(payroll.MustMoney(in)).StringFixed(2); got != want {
			t.Errorf("roundUp5(%s) = %s, want %s", in, got, want)
		}
	}
	if got := trunc(payroll.MustMoney("123.4567")); got.StringFixed(2) != "123.45" {
		t.Errorf("trunc = %s", got)
	}
}

// The tables: every SOCSO/EIS band is above the last, both columns rise
// with wages, and each year's dated periods are in order.
func TestTablesAreConsistent(t *testing.T) {
	t.Parallel()
	if len(contributions) != 65 {
		t.Fatalf("%d rows, PERKESO's schedules have 65", len(contributions))
	}
	for i := 1; i < len(contributions); i++ {
		a, b := contributions[i-1], contributions[i]
		if b.upper != 0 && b.upper <= a.upper {
			t.Errorf("row %d upper %d after %d", i+1, b.upper, a.upper)
		}
		if b.socsoER1 < a.socsoER1 || b.socsoEE1 < a.socsoEE1 || b.socsoER2 < a.socsoER2 || b.lindung24 < a.lindung24 || b.eisE < a.eisE {
			t.Errorf("row %d falls", i+1)
		}
	}
	for i, y := range years {
		if i > 0 && !years[i-1].end.Equal(y.start) {
			t.Errorf("%s starts %s after %s", y.name, y.start, years[i-1].end)
		}
		for j := range y.epf {
			if y.epf[j].from.Before(y.start) || (j > 0 && !y.epf[j-1].from.Before(y.epf[j].from)) {
				t.Errorf("%s EPF period %d out of order", y.name, j)
			}
		}
	}
}
