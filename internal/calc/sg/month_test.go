package sg

import (
	"testing"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// CPF is on the month's total wages (CPF Board, "How much CPF contributions
// to pay"): a run after an earlier one in the month charges the month's
// CPF less what the earlier run charged. Age 40, June 2026 (17/20/37%):
//   - OW 6,000 paid earlier (2,220: 1,200 / 1,020), OW 4,000 now: the
//     month's OW 10,000 capped at 8,000: 2,960 (1,600 / 1,360): this run
//     740 (400 / 340), OW subject 2,000;
//   - OW 3,000 paid earlier (1,110: 600 / 510), AW 200 now: the month's
//     3,200 × 37% = 1,184 (640 / 544): this run 74 (40 / 34), AW subject
//     200.
func TestCPFOnTheMonthsTotalWages(t *testing.T) {
	t.Parallel()
	m := payroll.MustMoney
	for _, c := range []struct {
		name                    string
		ow, aw                  string
		emp                     calc.SGEmployee
		ee, er, total, owS, awS string
	}{
		{"OW ceiling per month", "4000", "", calc.SGEmployee{DateOfBirth: dob40, RemainingMonths: 6, MonthOWPaid: m("6000"), MonthOWSubject: m("6000"),
			MonthCPFEmployee: m("1200"), MonthCPFEmployer: m("1020")}, "400", "340", "740", "2000", "0"},
		{"bonus run after the salary", "", "200", calc.SGEmployee{DateOfBirth: dob40, RemainingMonths: 6, MonthOWPaid: m("3000"), MonthOWSubject: m("3000"),
			MonthCPFEmployee: m("600"), MonthCPFEmployer: m("510")}, "40", "34", "74", "0", "200"},
	} {
		res, err := Engine{}.Calculate(input(day(2026, 6, 30), c.ow, c.aw, c.emp))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for code, want := range map[string]string{CodeCPFEmployee: c.ee, CodeCPFEmployer: c.er, CodeCPFTotal: c.total} {
			if f, _ := res.Get(code); !f.Amount.Equal(m(want)) {
				t.Errorf("%s: %s = %s, want %s", c.name, code, f.Amount, want)
			}
		}
		tot, _ := res.Get(CodeCPFTotal)
		got := map[string]payroll.Money{}
		for _, tm := range tot.Terms {
			got[tm.Name] = tm.Value
		}
		if !got["OW subject to CPF"].Equal(m(c.owS)) || !got["AW subject to CPF"].Equal(m(c.awS)) {
			t.Errorf("%s: OW/AW subject %s / %s, want %s / %s (%v)", c.name, got["OW subject to CPF"], got["AW subject to CPF"], c.owS, c.awS, tot.Terms)
		}
	}
}
