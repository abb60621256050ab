package payrunapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Joiners part-way through their first period, one per region, each
// figure derived by hand (docs/reference/part-period-pay.md).

// AU hourly joiner paid her standard hours (no timesheets): Hana, $30 an
// hour for 38 hours a week (7.6 a day, Monday to Friday), starts
// Thursday 19 November 2026 in the week of 16-22 November. An hourly
// employee is paid for the hours she works: Thursday and Friday, 2 × 7.6
// = 15.2 hours × 30 = 456.00 (not a share of the week's calendar days,
// which would pay the weekend: 38 × 4 ÷ 7 × 30 = 651.43). PAYG (Schedule
// 1 scale 2, 2026-27): W(456) = 0.15 × 456.99 − 54.3462 = 14.20 → 14. SG
// 12% × 456 = 54.72.
func TestAuditAUHourlyJoinerFirstPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		hana := e.employee(t, "Hana", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38, "hoursPerDay": 7.6,
			"startDate": "2026-11-19T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "hourly joiner", e.totals(t, P, hana), map[string]int64{"grossEarnings": 45600, "paygWithheld": 1400, "superContribution": 5472})
	})
}

// UK new starter part-way through October 2026 with a P45: Pia, £3,000 a
// month on 1257L (cumulative), starts Tuesday 20 October; her P45 from
// an employer she left on 30 September shows pay £15,000 and tax £1,700
// to date (uk-p45.md: counted in cumulative PAYE).
//   - Pay for the days employed: 3,000 × 12 ÷ 31 = 1,161.29.
//   - PAYE month 7: pay to date 15,000 + 1,161.29 = 16,161.29; free pay
//     (1257L, HMRC's routine: 1,048.26 a month) × 7 = 7,337.82; taxable
//     8,823.47 → £8,823, all in the basic band to date (37,700 × 7 ÷ 12
//     = 21,991.67): 20% = 1,764.60 less the P45's 1,700.00 = 64.60.
//   - NI is per employment (the P45 does not enter it): 8% × (1,161.29 −
//     1,048) = 9.06.
func TestAuditUKStarterWithP45PartMonth(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pia := e.employee(t, "Pia", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-20T00:00:00", "previousEmployerTaxablePay": 15000, "previousEmployerTaxWithheld": 1700,
			"previousEmployerLeavingDate": "2026-09-30T00:00:00", "previousEmployerTaxCode": "1257L", "previousEmployerW1M1": false})
		P := e.run(t, "2026-10-31", 0, 0)
		tot := e.totals(t, P, pia)
		expectAmount(t, "gross", tot["grossEarnings"], 1161.29)
		expectAmount(t, "PAYE", tot["payeWithheld"], 64.60)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 9.06)
	})
}

// SG joiner on a six-day week (Employment Act, incomplete month: monthly
// gross rate ÷ working days in the month × days worked): Jun, $8,000 a
// month, Monday to Saturday, starts Thursday 17 September 2026.
// September has 22 weekdays and 4 Saturdays: 26 working days; from the
// 17th: 17, 18, 21-25, 28-30 (10 weekdays) and the 19th and 26th: 12.
// 8,000 × 12 ÷ 26 = 3,692.31. CPF (age 46: 37% / 20%): total 1,366.15
// → 1,366, employee 738.46 → 738, employer 628.
func TestAuditSGJoinerIncompleteMonthSixDayWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		jun := e.employee(t, "Jun", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2026-09-17T00:00:00"})
		e.workWeek(t, jun, 6, false)
		P := e.run(t, "2026-09-30", 0, 0)
		tot := e.totals(t, P, jun)
		expectAmount(t, "joiner's first month", tot["grossEarnings"], 3692.31)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 738)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 628)
	})
}
