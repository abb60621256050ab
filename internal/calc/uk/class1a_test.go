package uk

import (
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// A termination award's excess over £30,000 (a NotNIable, taxable line):
// taxable, but not in NI-able or student loan pay (ITEPA 2003 s 403; HMRC
// NIM02511), and the employer's Class 1A NICs on it (NIM13203-13205).
// Week 1 of 2025-26, £1,000 of wages on 1257L, category A, Plan 2, with
// £2,000.10 of award excess:
//   - NI and the loan as on the 1,000 alone (TestCalculateFull): employee
//     58.66, employer 135.60, Plan 2 40;
//   - Class 1A 15% × 2,000.10 = 300.015 → 300.02 (half up to the penny);
//   - PAYE on all 3,000.10 (HMRC's PAYE tax table routines, uk-paye.md):
//     week-1 free pay 241.92 (1257L), 2,758.18 → £2,758; past the week-1
//     higher-rate limit 125,140 ÷ 52 = 2,406.5384, whose tax is (7,540 +
//     40% × 87,440) ÷ 52 = 42,516 ÷ 52 = 817.6153; 817.6153 + 45% ×
//     (2,758 − 2,406.5384) = 975.77302 → 975.77.
func TestClass1AOnTerminationAwardExcess(t *testing.T) {
	emp := &calc.UKEmployee{TaxCode: "1257L", NICategory: "A", StudentLoan: calc.LoanPlan2}
	in := weeklyInput("1000", emp)
	in.Earnings = append(in.Earnings, calc.Earning{Category: "Redundancy", Kind: calc.ETP, Amount: payroll.MustMoney("2000.10"), NotNIable: true})
	res, err := New().Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	wantFig(t, res, "ni.employee", "58.66")
	wantFig(t, res, "ni.employer", "135.60")
	wantFig(t, res, "studentloan.plan2", "40")
	wantFig(t, res, "ni.class1a", "300.02")
	wantFig(t, res, "paye", "975.77")
	if f := mustGet(t, res, "ni.class1a"); len(f.Terms) != 1 || !f.Terms[0].Value.Equal(payroll.MustMoney("2000.10")) {
		t.Errorf("ni.class1a terms %+v", f.Terms)
	}
	// Without an award there is no Class 1A figure.
	res, err = New().Calculate(weeklyInput("1000", emp))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := res.Get("ni.class1a"); ok {
		t.Error("a Class 1A figure without an award")
	}
}
