package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/testkit"
)

// CPF is due on the month's total wages, not on each pay run's (CPF Board,
// "How much CPF contributions to pay": "CPF contributions are computed
// based on Total Wages payable to the employee in a calendar month, with
// different ceilings applied to Ordinary Wages and Additional Wages"; the
// OW ceiling, $8,000 from 1 January 2026, is a month's;
// payroll-rules-2026-27.md §4.1-4.2). A second run paid in the same month
// works out the month's CPF on the wages of both runs and charges the
// difference. Rates for age 55 and below in 2026: employer 17%, employee
// 20%, total 37%; rounding: the total to the dollar (50 cents up), the
// employee share's cents dropped, employer = total − employee.
//
// Lim, a citizen born 1990 (36 in June 2026), $3,000 a month:
//   - the June 2026 run: 37% × 3,000 = 1,110, employee 20% = 600,
//     employer 510;
//   - a $200 bonus run paid 30 June: the month's total wages 3,200 (over
//     $750: the full rates; the AW ceiling 102,000 − 3,000 × 7 months =
//     81,000 is far off): 37% × 3,200 = 1,184, employee 640, employer 544;
//     less the 600 / 510 already charged: employee 40, employer 34.
//     Before the fix the run stood alone: 200 in the $50-$500 band,
//     employer 17% × 200 = 34 and employee 0.
//
// Kim, a citizen born 1986 (40), $6,000 a month:
//   - the June run: OW 6,000: 37% = 2,220, employee 1,200, employer 1,020;
//   - the second run pays a $4,000 allowance (OW, CPF Board: allowances
//     are ordinary wages): the month's OW 10,000, capped at 8,000: 37% ×
//     8,000 = 2,960, employee 1,600, employer 1,360; less 1,200 / 1,020:
//     employee 400, employer 340; OW subject to CPF in this run 2,000.
//     Before the fix: 37% × 4,000 = 1,480 (800 / 680), OW subject to CPF
//     10,000 in the month.
//
// The June CPF submission then carries each employee's month once: Lim
// 1,184 on OW 3,000 and AW 200, Kim 2,960 on OW 8,000.
func TestSGCPFSeveralRunsInAMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		allow := e.sgCategory(t, "Transport allowance", "Allowance")
		lim := e.employee(t, "Lim", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1990-05-05T00:00:00", "startDate": "2024-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8012345J"})
		kim := e.employee(t, "Kim", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1986-03-03T00:00:00", "startDate": "2024-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S1234567D"})
		P := e.run(t, "2026-06-30", 0, 0)
		for _, c := range []struct {
			name   string
			id     int64
			ee, er float64
		}{{"Lim June run", lim, 600, 510}, {"Kim June run", kim, 1200, 1020}} {
			tot := e.totals(t, P, c.id)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		A := e.bonusRun(t, "2026-06-30", lim, 200)
		e.pay(t, A, kim, allow, 4000)
		for _, c := range []struct {
			name   string
			id     int64
			ee, er float64
		}{{"Lim second run", lim, 40, 34}, {"Kim second run", kim, 400, 340}} {
			tot := e.totals(t, A, c.id)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
		// The month's working is in the explanation.
		x := e.explainTerms(t, A, kim, "cpf.total")
		for name, want := range map[string]float64{
			"ordinary wages paid by earlier runs this month": 6000,
			"month's OW subject to CPF":                      8000,
			"OW subject to CPF":                              2000,
			"month's CPF on its total wages":                 2960,
			"CPF charged by earlier runs this month":         2220,
		} {
			if got, ok := x[name]; !ok || got != want {
				t.Errorf("Kim explain %q = %v (present %v), want %v (%v)", name, got, ok, want, x)
			}
		}
		e.Do("POST", A+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		var f filing.Filing
		e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": "2026-06", "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
		text := string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body)
		got, errs := cpf.Parse(text)
		if len(errs) > 0 {
			t.Fatalf("the file against the layout: %v\n%s", errs, text)
		}
		want := map[string][3]int64{"S8012345J": {118400, 300000, 20000}, "S1234567D": {296000, 800000, 0}} // cents: CPF, OW, AW
		seen := map[string]int{}
		for _, dt := range got.Details {
			if dt.Code != cpf.CodeCPF {
				continue
			}
			seen[dt.AccountNumber]++
			w, ok := want[dt.AccountNumber]
			if !ok {
				t.Errorf("unexpected CPF detail %+v", dt)
				continue
			}
			if dt.Amount != w[0] || dt.Ordinary != w[1] || dt.Additional != w[2] {
				t.Errorf("%s: CPF %d on OW %d AW %d, want %d on %d / %d (cents)\n%s", dt.AccountNumber, dt.Amount, dt.Ordinary, dt.Additional, w[0], w[1], w[2], text)
			}
		}
		for acc := range want {
			if seen[acc] != 1 {
				t.Errorf("%s: %d CPF details, want 1\n%s", acc, seen[acc], text)
			}
		}
		if got.Summaries[cpf.CodeCPF] != 118400+296000 {
			t.Errorf("CPF summary %d, want %d\n%s", got.Summaries[cpf.CodeCPF], 118400+296000, text)
		}
	})
}
