package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A fifth audit round of UK pay in 2026-27 (paydepth21), paid through the
// API as a bureau does it. Every figure is derived by hand from the rules
// (payroll-rules-2026-27.md §2.4 NI thresholds and letters, §2.5 loans,
// §2.3 Scottish rates; payroll-rules.md §2.6 the qualifying earnings band
// per period), not from our output.

// NI letters at and above the upper earnings limit, April 2026 (month 1),
// £5,000 a month (2026-27 monthly PT 1,048, ST 417, UEL/UST/AUST 4,189;
// employee A, H, M 8% PT→UEL and 2% above; D, J, L, Z 2% / 2%; employer
// 15% above ST for A, J and above the UEL-level threshold for H, M, Z):
//   - M (under 21) and H (apprentice under 25): employee 8% × (4,189 −
//     1,048) + 2% × (5,000 − 4,189) = 251.28 + 16.22 = 267.50; employer
//     15% × (5,000 − 4,189) = 121.65.
//   - Z (under 21, deferred): employee 2% × (5,000 − 1,048) = 79.04;
//     employer 121.65.
//   - J (deferred): employee 79.04; employer 15% × (5,000 − 417) =
//     687.45.
//
// Flat-rate notice codes on £1,000 a month (not cumulative, on all the
// pay; Scottish SD1 42%, SD2 45%, SD3 48%, SBR 20%; Welsh CD1 45%, CBR
// 20%): 420.00, 450.00, 480.00, 200.00, 450.00, 200.00; NI nil (1,000 <
// PT 1,048).
//
// Plan 2 and a postgraduate loan together (an employee can have one of
// Plans 1/2/4/5 plus the PGL), £4,000 a month: Plan 2 9% × (4,000 −
// 2,448.75) = 139.61 → 139; PGL 6% × (4,000 − 1,750) = 135.00 → 135.
func TestAuditUKLettersAtTheUELNoticeCodesAndTwoLoans(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		type want struct {
			paye, ee, er float64
		}
		cases := map[string]struct {
			members map[string]any
			want    want
		}{
			"M":   {map[string]any{"rate": 5000, "nationalInsuranceCategory": "M", "dateOfBirth": "2007-01-01T00:00:00"}, want{-1, 267.50, 121.65}},
			"H":   {map[string]any{"rate": 5000, "nationalInsuranceCategory": "H", "dateOfBirth": "2003-01-01T00:00:00"}, want{-1, 267.50, 121.65}},
			"Z":   {map[string]any{"rate": 5000, "nationalInsuranceCategory": "Z", "dateOfBirth": "2007-01-01T00:00:00"}, want{-1, 79.04, 121.65}},
			"J":   {map[string]any{"rate": 5000, "nationalInsuranceCategory": "J"}, want{-1, 79.04, 687.45}},
			"SD1": {map[string]any{"rate": 1000, "taxCode": "SD1"}, want{420, 0, -1}},
			"SD2": {map[string]any{"rate": 1000, "taxCode": "SD2"}, want{450, 0, -1}},
			"SD3": {map[string]any{"rate": 1000, "taxCode": "SD3"}, want{480, 0, -1}},
			"SBR": {map[string]any{"rate": 1000, "taxCode": "SBR"}, want{200, 0, -1}},
			"CD1": {map[string]any{"rate": 1000, "taxCode": "CD1"}, want{450, 0, -1}},
			"CBR": {map[string]any{"rate": 1000, "taxCode": "CBR"}, want{200, 0, -1}},
		}
		who := map[string]int64{}
		for name, c := range cases {
			m := map[string]any{"rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"}
			for k, v := range c.members {
				m[k] = v
			}
			who[name] = e.employee(t, "Emp"+name, "Monthly", m)
		}
		loans := e.employee(t, "Lou", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan2", "hasPostGradLoan": true})
		P := e.run(t, "2026-04-30", 0, 0)
		for name, c := range cases {
			tot := e.totals(t, P, who[name])
			if c.want.paye >= 0 {
				expectAmount(t, name+" PAYE", tot["payeWithheld"], c.want.paye)
			}
			expectAmount(t, name+" employee NI", tot["employeeNationalInsuranceContribution"], c.want.ee)
			if c.want.er >= 0 {
				expectAmount(t, name+" employer NI", tot["employerNationalInsuranceContribution"], c.want.er)
			}
		}
		tot := e.totals(t, P, loans)
		expectAmount(t, "Plan 2", tot["studentLoanAmount"], 139)
		expectAmount(t, "postgraduate loan", tot["postGradLoanAmount"], 135)
	})
}

// The qualifying earnings band per pay period (Pensions Act 2008 s 13;
// TPR figures for 2025-26, frozen for 2026-27: weekly £120 - £967, monthly
// £520 - £4,189), 5% employee / 3% employer of qualifying earnings, net
// pay arrangement:
//   - weekly £1,200 (above the band): 967 − 120 = 847: 42.35 / 25.41;
//   - weekly £300: 300 − 120 = 180: 9.00 / 5.40;
//   - monthly £5,000 (above the band): 4,189 − 520 = 3,669: 183.45 /
//     110.07.
func TestAuditUKQualifyingEarningsBandWeeklyAndMonthly(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "NEST"})
		plan := id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": "QE", "calculateOnQualifyingEarnings": true,
			"pensionType": "NetPay", "employeeContribution": 5, "employerContribution": 3})
		for _, f := range []struct {
			freq string
			day  string
			pays map[float64][2]float64
		}{
			{"Weekly", "2026-04-11", map[float64][2]float64{1200: {42.35, 25.41}, 300: {9.00, 5.40}}},
			{"Monthly", "2026-04-30", map[float64][2]float64{5000: {183.45, 110.07}}},
		} {
			if f.freq == "Monthly" {
				e.schedule = id(e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
			}
			who := map[float64]int64{}
			for pay := range f.pays {
				emp := e.employee(t, fmt.Sprintf("P%.0f", pay), f.freq, map[string]any{"rate": pay, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
				e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": plan,
					"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
				who[pay] = emp
			}
			P := e.run(t, f.day, 0, 0)
			for pay, w := range f.pays {
				tot := e.totals(t, P, who[pay])
				expectAmount(t, fmt.Sprintf("%s %.0f employee pension", f.freq, pay), tot["employeePensionContribution"], w[0])
				expectAmount(t, fmt.Sprintf("%s %.0f employer pension", f.freq, pay), tot["employerPensionContribution"], w[1])
			}
		}
	})
}
