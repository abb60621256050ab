package uk

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

var fuzzFreqs = []calc.Frequency{calc.Weekly, calc.Fortnightly, calc.FourWeekly, calc.Monthly, calc.Quarterly, calc.Annually, "Daily"}

// FuzzCalculate: no input makes the engine panic; bad codes, categories,
// periods and amounts are errors. Run: go test -fuzz=FuzzCalculate -fuzztime=20s ./internal/calc/uk/
func FuzzCalculate(f *testing.F) {
	f.Add("1257L", "A", int64(100000), 1, uint8(0), false, int64(0), int64(0), uint8(2), int64(5), 0, int64(50000), false, uint8(0), int64(2025))
	f.Add("SK585", "M", int64(76500), 3, uint8(3), false, int64(214500), int64(62582), uint8(5), int64(0), 5, int64(12000), true, uint8(1), int64(2026))
	f.Add("C0T W1", "Z", int64(-500), 53, uint8(0), true, int64(0), int64(0), uint8(0), int64(100), 14, int64(0), false, uint8(3), int64(2026))
	f.Add("BR", "x", int64(99999999999), 0, uint8(6), false, int64(-1), int64(-1), uint8(9), int64(-3), -1, int64(-1), true, uint8(2), int64(1999))
	f.Add("SD3", "C", int64(1), 12, uint8(5), false, int64(1), int64(1), uint8(1), int64(1), 400, int64(1), false, uint8(4), int64(2027))
	f.Add("K99999", "H", int64(1), 1, uint8(4), false, int64(0), int64(0), uint8(4), int64(1), 2, int64(1), false, uint8(6), int64(2025))
	f.Fuzz(func(t *testing.T, code, cat string, payCents int64, period int, freq uint8, w1 bool, ytdPay, ytdTax int64,
		plan uint8, pensionPct int64, days int, aweCents int64, director bool, kind uint8, year int64) {
		plans := []calc.UKLoanPlan{"", "1", "2", "4", "5", "9"}
		kinds := []calc.UKStatutoryKind{calc.SSP, calc.SMP, calc.SPP, calc.SAP, calc.ShPP, calc.SPBP, calc.SNCP, "zzz"}
		emp := &calc.UKEmployee{
			TaxCode: code, NICategory: cat, Week1Month1: w1,
			StudentLoan: plans[int(plan)%len(plans)], PostgraduateLoan: plan%2 == 1,
			Director: director, DirectorNIMethod: []calc.UKDirectorNIMethod{calc.DirectorAnnual, calc.DirectorAlternative, "?"}[int(kind)%3],
			DirectorWeeks: days % 60,
			YTD: calc.UKYearToDate{TaxablePay: payroll.MoneyFromMinor(ytdPay), TaxPaid: payroll.MoneyFromMinor(ytdTax),
				NIEarnings: payroll.MoneyFromMinor(ytdPay), EmployeeNI: payroll.MoneyFromMinor(ytdTax / 3)},
		}
		if pensionPct != 0 {
			emp.Pension = &calc.UKPension{Basis: []calc.UKPensionBasis{calc.PensionQualifyingEarnings, calc.PensionPensionablePay}[int(kind)%2],
				Method: calc.PensionNetPay, EmployeeRate: payroll.Percent(payroll.RateFromInt(pensionPct)), EmployerRate: payroll.Percent(payroll.RateFromInt(3))}
			if w1 {
				emp.Pension.Method = calc.PensionReliefAtSource
			}
		}
		if days != 0 {
			emp.Statutory = []calc.UKStatutoryPay{{Kind: kinds[int(kind)%len(kinds)], Start: time.Date(int(year%3000), 5, 1, 0, 0, 0, 0, time.UTC),
				AWE: payroll.MoneyFromMinor(aweCents), QualifyingDaysPerWeek: days % 9, SickDays: days, WaitingDaysServed: days / 2, DaysPaid: days * 3, FirstDay: days, Days: days}}
		}
		in := &calc.Input{Region: calc.UK, PaymentDate: time.Date(int(year%3000), 6, 1, 0, 0, 0, 0, time.UTC),
			Frequency: fuzzFreqs[int(freq)%len(fuzzFreqs)], Period: period, UK: emp,
			Earnings: []calc.Earning{{Amount: payroll.MoneyFromMinor(payCents)}, {Amount: payroll.MoneyFromMinor(payCents / 7), NotPensionable: true}}}
		res, err := New().Calculate(in)
		if err != nil {
			return
		}
		if _, ok := res.Get("paye"); !ok {
			t.Fatalf("no paye figure: %+v", res)
		}
		for _, fg := range res.Figures {
			if fg.Rule == nil {
				t.Fatalf("%s without a rule", fg.Code)
			}
		}
	})
}

// FuzzCheckVector: any row is a number or an error, never a panic.
func FuzzCheckVector(f *testing.F) {
	f.Add("UK-rUK", "monthly;p=5;basis=cumulative;pay_to_date=100582.73;tax_to_date_before=15069.60", "1257L", "52681.25")
	f.Add("UK", "weekly;p=1;NI-employee", "NI-cat-A", "125.01")
	f.Add("UK", "fourweekly;p=1;NI-employer;2026-27", "NI-cat-Z", "4000")
	f.Add("UK", "monthly;student-loan;2026-27", "plan4", "3500.00")
	f.Add("UK-SCT", "weekly;p=1;basis=W1M1;2026-27", "S1257L", "1000.00")
	f.Add("UK", "weekly;;", "", "1e3")
	f.Fuzz(func(t *testing.T, region, period, code, gross string) {
		g, err := payroll.ParseMoney(gross)
		if err != nil {
			return
		}
		_, _, _ = New().(calc.VectorChecker).CheckVector(calc.Vector{Region: region, Period: period, Code: code, Gross: g})
	})
}

// FuzzParseTaxCode: a code that parses prints to a code that parses to the
// same value.
func FuzzParseTaxCode(f *testing.F) {
	for _, s := range []string{"1257L", "S1257L W1", "c0t/x", "K475", "SD2", "NT", "BR M1", "99999T", "D", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTaxCode(s)
		if err != nil {
			return
		}
		back, err := ParseTaxCode(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q → %+v → %q → %+v %v", s, tc, tc.String(), back, err)
		}
	})
}
