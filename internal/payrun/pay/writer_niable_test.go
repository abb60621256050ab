package pay

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/calc/engine"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ukNIablePay is the pay the UK engine worked Class 1 NI on, as its
// ni.employee figure states it; the writer stores it (niable_pay) for the
// P60, the FPS and the P32. Monthly pay of 31 October 2026 (tax month 7),
// 1257L, category A. Hand figures:
//   - £3,000 salary with a termination award whose first £30,000 is
//     exempt and £10,000 excess is taxable but not earnings (ITEPA 2003
//     s 403; the pay run marks the excess NotNIable): NI on 3,000;
//   - £2,500 salary with £125 given up by salary sacrifice (the pay run's
//     negative earnings line): NI on 2,375;
//   - a director on the annual earnings period with £20,000 NI earnings
//     earlier in the year and £3,000 now: the figure states 23,000 to
//     date, of which this period's is 3,000;
//   - no NI figure at all: null (nothing to store).
func TestUKNIablePay(t *testing.T) {
	m := payroll.MustMoney
	paid := time.Date(2026, time.October, 31, 0, 0, 0, 0, time.UTC)
	input := func(ue *calc.UKEmployee, earnings ...calc.Earning) *calc.Input {
		return &calc.Input{Region: calc.UK, PaymentDate: paid, Frequency: calc.Monthly, Period: 7, Earnings: earnings, UK: ue}
	}
	cases := []struct {
		name string
		in   *calc.Input
		want int64
	}{
		{"award excess not NI-able", input(&calc.UKEmployee{TaxCode: "1257L", NICategory: "A"},
			calc.Earning{Kind: calc.Ordinary, Amount: m("3000")},
			calc.Earning{Kind: calc.ETP, Amount: m("30000"), NotTaxable: true},
			calc.Earning{Kind: calc.ETP, Amount: m("10000"), NotNIable: true}), 300000},
		{"salary sacrifice", input(&calc.UKEmployee{TaxCode: "1257L", NICategory: "A"},
			calc.Earning{Kind: calc.Ordinary, Amount: m("2500")},
			calc.Earning{Kind: calc.Ordinary, Amount: m("-125"), NotPensionable: true}), 237500},
		{"director, annual earnings period", input(&calc.UKEmployee{TaxCode: "1257L", NICategory: "A", Director: true,
			DirectorNIMethod: calc.DirectorAnnual, YTD: calc.UKYearToDate{NIEarnings: m("20000"), TaxablePay: m("20000")}},
			calc.Earning{Kind: calc.Ordinary, Amount: m("3000")}), 300000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := engine.Calculate(c.in)
			if err != nil {
				t.Fatal(err)
			}
			got := ukNIablePay(&res, c.in.UK)
			if !got.Valid || got.Int64 != c.want {
				t.Errorf("NI-able pay %+v, want %d", got, c.want)
			}
		})
	}
	if got := ukNIablePay(&calc.Result{}, nil); got.Valid {
		t.Errorf("no NI figure: %+v, want null", got)
	}
}
