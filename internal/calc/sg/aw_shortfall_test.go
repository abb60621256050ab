package sg

import (
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
)

// A year-end (leaving-month) shortfall of CPF on AW is priced at the rates
// of the month the AW was paid, not the last month's (CPF Board FAQ "How
// do I calculate CPF contributions on Additional Wages (AW) when there is
// a change in Age Group during the year?": "Any shortfall in CPF
// contributions on AW should follow the applicable rate for the month in
// which the AW were paid"; docs/reference/sg-cpf-aw-ceiling.md).
//
// Born 20 May 1971: 55 and below to May 2026 (17% / 20%, total 37%), above
// 55 to 60 from June (16% / 18%, total 34%). OW 8,000 subject every month;
// a $30,000 bonus in March of which 6,000 was subject on the estimate (102,000
// − 16,000 − 8,000 − 9 × 8,000). She leaves at the end of August: actual OW
// 64,000, ceiling 38,000, the whole 30,000 subject: a shortfall of 24,000.
//   - the shortfall at March's rates: 24,000 × 37% = 8,880, employee 20% =
//     4,800;
//   - August's own OW at August's rates: 8,000 × 34% = 2,720, employee 18%
//     = 1,440;
//   - total 11,600; employee 6,240; employer 5,360.
//
// Before: (8,000 + 24,000) × 34% = 10,880, employee 5,760, employer 5,120.
// Without the months (AWMonths empty) the shortfall keeps this month's rates.
func TestYearEndAWShortfallAtTheRatesOfTheMonthPaid(t *testing.T) {
	t.Parallel()
	dob := day(1971, 5, 20)
	emp := calc.SGEmployee{DateOfBirth: dob, OWSubjectToCPFYTD: m("56000"), AWSubjectToCPFYTD: m("6000"), AWPaidYTD: m("30000"), YearEnd: true,
		AWMonths: []calc.SGAWMonth{{Month: day(2026, 3, 31), Paid: m("30000"), Subject: m("6000")}}}
	res, err := New().Calculate(input(day(2026, 8, 31), "9000", "0", emp))
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeCPFTotal, "11600")
	want(t, res, CodeCPFEmployee, "6240")
	want(t, res, CodeCPFEmployer, "5360")
	tot, _ := res.Get(CodeCPFTotal)
	if !termNamed(tot, "AW of 2026-03 made subject to CPF at the year end (priced at the rates of the month it was paid)").Equal(m("24000")) ||
		!termNamed(tot, "AW subject to CPF").Equal(m("24000")) {
		t.Errorf("terms %v", tot.Terms)
	}

	emp.AWMonths = nil
	res, err = New().Calculate(input(day(2026, 8, 31), "9000", "0", emp))
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeCPFTotal, "10880")
	want(t, res, CodeCPFEmployee, "5760")
}

// Two AW months in different age bands and a December bonus: the
// ceiling is taken in the order paid. Born 10 April 1966: above 55 to 60
// (34%, 18%) to April 2026, above 60 to 65 (25%, 12.5%) from May. OW
// subject 8,000 a month January to June, 4,000 July to December (actual
// 72,000, ceiling 30,000). February: 20,000 paid, 6,000 subject; June:
// 5,000 paid, none subject; December: a 3,000 bonus.
//   - AW of the year 28,000 ≤ 30,000: all subject; 22,000 more this month.
//   - February's 14,000 at 34% = 4,760, employee 18% = 2,520;
//   - June's 5,000 at 25% = 1,250, employee 12.5% = 625;
//   - December's OW 4,000 + AW 3,000 at 25% = 1,750, employee 875;
//   - total 7,760, employee 4,020, employer 3,740.
func TestYearEndAWShortfallOverTwoMonths(t *testing.T) {
	t.Parallel()
	emp := calc.SGEmployee{DateOfBirth: day(1966, 4, 10), OWSubjectToCPFYTD: m("68000"), AWSubjectToCPFYTD: m("6000"), AWPaidYTD: m("25000"), YearEnd: true,
		AWMonths: []calc.SGAWMonth{{Month: day(2026, 2, 28), Paid: m("20000"), Subject: m("6000")}, {Month: day(2026, 6, 30), Paid: m("5000")}}}
	res, err := New().Calculate(input(day(2026, 12, 31), "4000", "3000", emp))
	if err != nil {
		t.Fatal(err)
	}
	want(t, res, CodeCPFTotal, "7760")
	want(t, res, CodeCPFEmployee, "4020")
	want(t, res, CodeCPFEmployer, "3740")
	tot, _ := res.Get(CodeCPFTotal)
	if !termNamed(tot, "AW subject to CPF").Equal(m("22000")) {
		t.Errorf("terms %v", tot.Terms)
	}
}
