package uk

import (
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/internal/cpubench"
)

// BenchmarkUK: the full statutory calculation (PAYE cumulative, NI, student
// loan + PGL, pension) of one employee-period, per pay frequency (the
// frequencies with NI thresholds in the rules). cpu-ns/op is the steadier
// figure on a shared machine (cpubench).
func BenchmarkUK(b *testing.B) {
	for _, f := range []calc.Frequency{calc.Weekly, calc.Fortnightly, calc.FourWeekly, calc.Monthly} {
		b.Run(string(f), func(b *testing.B) {
			emp := &calc.UKEmployee{TaxCode: "S1257L", NICategory: "A", StudentLoan: calc.LoanPlan2, PostgraduateLoan: true,
				Pension: &calc.UKPension{Basis: calc.PensionQualifyingEarnings, Method: calc.PensionNetPay, EmployeeRate: r("0.05"), EmployerRate: r("0.03")},
				YTD:     calc.UKYearToDate{TaxablePay: m("12345.67"), TaxPaid: m("1876.54")}}
			in := &calc.Input{Region: calc.UK, PaymentDate: d2025, Frequency: f, Period: 4, UK: emp,
				Earnings: []calc.Earning{{Kind: calc.Ordinary, Amount: m("3456.78")}, {Kind: calc.Overtime, Amount: m("234.56")}}}
			e := New()
			cpubench.Loop(b, func() {
				if _, err := e.Calculate(in); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
