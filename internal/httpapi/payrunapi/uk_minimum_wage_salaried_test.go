package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The minimum wage of a monthly salaried worker, after a salary sacrifice
// (National Minimum Wage Regulations 2015 reg 22(2): the hours of salaried
// hours work of a monthly pay reference period are the basic hours of
// the year ÷ 12; reg 7: pay of the period ÷ those hours must reach the
// rate; GOV.UK "Salary sacrifice for employers": a sacrifice must not take
// cash pay below the NMW; a net pay pension deduction is paid to the
// scheme for the worker, not for the employer's own use, reg 12, so it does
// not reduce NMW pay). The National Living Wage from 1 April 2026 is
// £12.71 (payroll-rules-2026-27.md). All work 40 hours a week, aged 36:
// basic hours 40 × 52 = 2,080 a year, 2,080 ÷ 12 = 173.33 a month;
// 12.71 × 173.333… = 2,203.07 due for May 2026.
//   - Ann, £27,000 a year (27,000 ÷ 2,080 = 12.98 an hour, above the
//     rate), sacrifices 5% of qualifying earnings into her pension: May
//     pay 2,250.00, qualifying earnings 2,250 − 520 = 1,730 → 86.50 given
//     up; NMW pay 2,163.50 < 2,203.07: warned (before: no warning, the
//     check looked at the annual rate only).
//   - Bea, the same salary with a 5% net pay arrangement: 86.50 deducted
//     from pay she was paid; NMW pay 2,250.00 ≥ 2,203.07: no warning.
//   - Cal, a fixed £2,200.00 a month: 2,200.00 < 2,203.07: warned
//     (before: none, a fixed rate was never checked).
//   - Dan, a fixed £2,210.00 a month: no warning.
func TestUKMinimumWageSalariedAfterSacrifice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "NEST"})
		plan := func(name string, ee, ss float64) int64 {
			return id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": name, "calculateOnQualifyingEarnings": true,
				"pensionType": "NetPay", "employeeContribution": ee, "employerContribution": 3, "salarySacrifice": ss})
		}
		sacrifice, netPay := plan("QE sacrifice", 0, 5), plan("QE net pay", 5, 0)
		who := map[string]int64{}
		for _, c := range []struct {
			name, unit string
			rate       float64
			plan       int64
		}{{"Ann", "Annually", 27000, sacrifice}, {"Bea", "Annually", 27000, netPay}, {"Cal", "Fixed", 2200, 0}, {"Dan", "Fixed", 2210, 0}} {
			emp := e.employee(t, c.name, "Monthly", map[string]any{"rate": c.rate, "rateUnit": c.unit, "hoursPerWeek": 40, "taxCode": "1257L",
				"nationalInsuranceCategory": "A", "dateOfBirth": "1990-01-01T00:00:00", "startDate": "2025-01-06T00:00:00"})
			if c.plan != 0 {
				e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": c.plan,
					"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
			}
			who[c.name] = emp
		}
		P := e.run(t, "2026-05-31", 0, 0)
		expectAmount(t, "Ann's gross", e.totals(t, P, who["Ann"])["grossEarnings"], 2250)
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		below := map[int64]string{}
		for _, w := range warns {
			if w["warningType"] == "BelowMinimumWage" {
				below[int64(num(t, w["employeeId"]))] = fmt.Sprint(w["warning"])
			}
		}
		for name, want := range map[string]string{"Ann": "2163.50", "Bea": "", "Cal": "2200.00", "Dan": ""} {
			got, ok := below[who[name]]
			switch {
			case want == "" && ok:
				t.Errorf("%s warned: %s", name, got)
			case want != "" && (!ok || !strings.Contains(got, want) || !strings.Contains(got, "2203.07")):
				t.Errorf("%s: warning %q, want pay %s below 2203.07", name, got, want)
			}
		}
	})
}
