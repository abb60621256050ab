package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A sixth audit round of UK pay in 2026-27 (paydepth27), paid through the
// API as a bureau does it. Every figure is derived by hand from HMRC's
// rules (payroll-rules-2026-27.md §2: PAYE bands and codes §2.1-2.3, NI
// thresholds and letters §2.4 with the fortnightly and four-weekly
// thresholds of payroll-rules.md §2.4, loans §2.5, the qualifying earnings
// band §2.6 (payroll-rules.md §2.6 per period), SSP §2.7, NMW §2.8; the tax
// table routines' arithmetic in docs/reference/uk-paye.md: free pay of
// 1257L 2 × 96.16 + 2,579 ÷ 52 ↑ = 241.92 a week, 2 × 416.67 + 2,579 ÷ 12
// ↑ = 1,048.26 a month), not from our output.

// Fortnightly and four-weekly pay on 1257L cumulative (the period number
// is the tax week of the pay date: weeks from 6 April 2026).
//   - Fay, fortnightly £2,000 paid Fri 17 April 2026 (week 2): free pay 2
//     × 241.92 = 483.84; Un 1,516.16 → 1,516; basic band to date 37,700 ×
//     2 ÷ 52 = 1,450.0000, its tax 7,540 × 2 ÷ 52 = 290.0000; 290 + (1,516
//     − 1,450) × 40% = 316.40. NI fortnightly PT 484, UEL 1,934, ST 193:
//     8% × 1,450 = 116.00 + 2% × 66 = 1.32: 117.32; employer 15% × 1,807 =
//     271.05.
//   - Fen, four-weekly £3,000 paid Fri 1 May 2026 (week 4): free pay 4 ×
//     241.92 = 967.68; Un 2,032.32 → 2,032 < 2,900 (37,700 × 4 ÷ 52):
//     20% = 406.40. NI four-weekly PT 967, ST 385: 8% × 2,033 = 162.64;
//     employer 15% × 2,615 = 392.25.
func TestAuditUKFortnightlyAndFourWeeklyPAYEAndNI(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		for _, c := range []struct {
			freq, day    string
			pay          float64
			paye, ee, er float64
		}{
			{"Fortnightly", "2026-04-17", 2000, 316.40, 117.32, 271.05},
			{"FourWeekly", "2026-05-01", 3000, 406.40, 162.64, 392.25},
		} {
			if c.freq == "FourWeekly" {
				e.schedule = int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "FourWeekly", "frequency": "FourWeekly"}).Expect(t, 200).Map(t)["id"]))
			}
			emp := e.employee(t, "F"+c.freq, c.freq, map[string]any{"rate": c.pay, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
			tot := e.totals(t, e.run(t, c.day, 0, 0), emp)
			expectAmount(t, c.freq+" PAYE", tot["payeWithheld"], c.paye)
			expectAmount(t, c.freq+" employee NI", tot["employeeNationalInsuranceContribution"], c.ee)
			expectAmount(t, c.freq+" employer NI", tot["employerNationalInsuranceContribution"], c.er)
		}
	})
}

// Student loan Plans 1 and 5 (2026-27 monthly thresholds 2,241.66 and
// 2,083.33, 9%, rounded down to the pound) on £3,000 a month, April 2026:
// Plan 1 9% × 758.34 = 68.25 → 68; Plan 5 9% × 916.67 = 82.50 → 82.
// Weekly Plan 2 (565.09) on £800: 9% × 234.91 = 21.14 → 21 (separate run).
func TestAuditUKPlansOneFiveAndWeeklyTwo(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		who := map[string]int64{}
		for _, plan := range []string{"Plan1", "Plan5"} {
			who[plan] = e.employee(t, plan, "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"hasStudentLoan": true, "studentLoanType": plan})
		}
		P := e.run(t, "2026-04-30", 0, 0)
		expectAmount(t, "Plan 1", e.totals(t, P, who["Plan1"])["studentLoanAmount"], 68)
		expectAmount(t, "Plan 5", e.totals(t, P, who["Plan5"])["studentLoanAmount"], 82)
		w := e
		w.schedule = int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200).Map(t)["id"]))
		wes := w.employee(t, "Wes", "Weekly", map[string]any{"rate": 800, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan2"})
		expectAmount(t, "weekly Plan 2", w.totals(t, w.run(t, "2026-04-10", 0, 0), wes)["studentLoanAmount"], 21)
	})
}

// NI letters not yet pinned, £3,000 a month, April 2026 (monthly PT
// 1,048, ST 417, UEL 4,189):
//   - X (no liability): employee 0, employer 0.
//   - C (over State Pension age, born 1955): employee nil; employer 15% ×
//     (3,000 − 417) = 387.45.
//   - B (married woman's reduced rate): 1.85% × (3,000 − 1,048) = 36.112
//     → 36.11; employer 387.45.
//   - V (veteran, first year): employee 8% × 1,952 = 156.16; employer nil
//     below the VUST (4,189).
func TestAuditUKLettersXCBV(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		want := map[string][2]float64{"X": {0, 0}, "C": {0, 387.45}, "B": {36.11, 387.45}, "V": {156.16, 0}}
		who := map[string]int64{}
		for l := range want {
			m := map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": l}
			if l == "C" {
				m["dateOfBirth"] = "1955-01-01T00:00:00"
			}
			who[l] = e.employee(t, "L"+l, "Monthly", m)
		}
		P := e.run(t, "2026-04-30", 0, 0)
		for l, w := range want {
			tot := e.totals(t, P, who[l])
			expectAmount(t, l+" employee NI", tot["employeeNationalInsuranceContribution"], w[0])
			expectAmount(t, l+" employer NI", tot["employerNationalInsuranceContribution"], w[1])
		}
	})
}

// 0T codes (no allowance), month 1, £2,000:
//   - 0T: Tn 2,000 < 3,141.6666 (37,700 ÷ 12): 20% = 400.00.
//   - S0T (Scottish, month 1 thresholds 330.5833 / 1,413.0000 / 2,591.0000,
//     k1 = trunc4(330.5833 × 19%) = 62.8108, k2 = trunc4(62.8108 +
//     1,082.4167 × 20%) = 279.2941): 279.2941 + (2,000 − 1,413) × 21% =
//     402.5641 → 402.56.
//   - SK100 on £1,000 (additional pay (1,009) ÷ 12 = 84.0833 ↑ 84.09; Un
//     1,084.09 → 1,084): 62.8108 + (1,084 − 330.5833) × 20% = 213.4941 →
//     213.49, under the limit 50% × 1,000; NI nil (1,000 < 1,048).
func TestAuditUKNoAllowanceAndScottishKCodes(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		want := map[string][2]float64{"0T": {2000, 400}, "S0T": {2000, 402.56}, "SK100": {1000, 213.49}}
		who := map[string]int64{}
		for code, w := range want {
			who[code] = e.employee(t, "C"+code, "Monthly", map[string]any{"rate": w[0], "rateUnit": "Fixed", "taxCode": code, "nationalInsuranceCategory": "A"})
		}
		P := e.run(t, "2026-04-30", 0, 0)
		for code, w := range want {
			expectAmount(t, code+" PAYE", e.totals(t, P, who[code])["payeWithheld"], w[1])
		}
		expectAmount(t, "SK100 NI", e.totals(t, P, who["SK100"])["employeeNationalInsuranceContribution"], 0)
	})
}

// Joiners in October 2026 (month 7) on Scottish and Welsh codes.
//   - Sal joins 1 October on S1257L cumulative with a P45 (left 30
//     September 2026: pay 18,000.00, tax 1,500.00), £3,000 a month: pay to
//     date 21,000; free pay 7 × 1,048.26 = 7,337.82; Un 13,662.18 → 13,662;
//     thresholds × 7 ÷ 12: 2,314.0833, 9,891.0000, 18,137.0000; k1 =
//     trunc4(2,314.0833 × 19%) = 439.6758, k2 = trunc4(439.6758 +
//     7,576.9167 × 20%) = 1,955.0591; due 1,955.0591 + (13,662 − 9,891) ×
//     21% = 2,746.9691 → 2,746.96, less 1,500.00 = 1,246.96. NI 8% ×
//     1,952 = 156.16.
//   - Cai joins on C1257L cumulative with a P45 (pay 30,000.00, tax
//     3,500.00), £6,000: to date 36,000 − 7,337.82 = 28,662.18 → 28,662;
//     basic band 21,991.6666, its tax 7,540 × 7 ÷ 12 = 4,398.3333; due
//     4,398.3333 + 6,670.3334 × 40% = 7,066.4666 → 7,066.46, less 3,500 =
//     3,566.46. NI 8% × 3,141 + 2% × 1,811 = 251.28 + 36.22 = 287.50.
//   - Max joins on S1257L M1 (no P45), £2,500: month 1 basis 2,500 −
//     1,048.26 = 1,451.74 → 1,451; 279.2941 + (1,451 − 1,413) × 21% =
//     287.2741 → 287.27. NI 8% × 1,452 = 116.16.
func TestAuditUKScottishAndWelshJoinersMonth7(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		p45 := func(pay, tax float64) map[string]any {
			return map[string]any{"previousEmployerTaxablePay": pay, "previousEmployerTaxWithheld": tax, "previousEmployerLeavingDate": "2026-09-30T00:00:00"}
		}
		cases := []struct {
			name, code string
			pay        float64
			p45        map[string]any
			paye, ni   float64
		}{
			{"Sal", "S1257L", 3000, p45(18000, 1500), 1246.96, 156.16},
			{"Cai", "C1257L", 6000, p45(30000, 3500), 3566.46, 287.50},
			{"Max", "S1257L M1", 2500, nil, 287.27, 116.16},
		}
		who := map[string]int64{}
		for _, c := range cases {
			m := map[string]any{"rate": c.pay, "rateUnit": "Fixed", "taxCode": c.code, "nationalInsuranceCategory": "A", "startDate": "2026-10-01T00:00:00"}
			for k, v := range c.p45 {
				m[k] = v
			}
			who[c.name] = e.employee(t, c.name, "Monthly", m)
		}
		P := e.run(t, "2026-10-31", 0, 0)
		for _, c := range cases {
			tot := e.totals(t, P, who[c.name])
			expectAmount(t, c.name+" PAYE", tot["payeWithheld"], c.paye)
			expectAmount(t, c.name+" NI", tot["employeeNationalInsuranceContribution"], c.ni)
		}
	})
}

// Auto-enrolment on qualifying earnings for fortnightly workers
// (fortnightly band £240 – £1,934, 2026-27 frozen), 5% / 3%, net pay:
// £1,000: 760 → 38.00 / 22.80; £2,500: 1,694 → 84.70 / 50.82.
func TestAuditUKQualifyingEarningsFortnightly(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "NEST"})
		plan := id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": "QE", "calculateOnQualifyingEarnings": true,
			"pensionType": "NetPay", "employeeContribution": 5, "employerContribution": 3})
		want := map[float64][2]float64{1000: {38.00, 22.80}, 2500: {84.70, 50.82}}
		who := map[float64]int64{}
		for pay := range want {
			emp := e.employee(t, fmt.Sprintf("P%.0f", pay), "Fortnightly", map[string]any{"rate": pay, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
			e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": plan,
				"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
			who[pay] = emp
		}
		P := e.run(t, "2026-04-17", 0, 0)
		for pay, w := range want {
			tot := e.totals(t, P, who[pay])
			expectAmount(t, fmt.Sprintf("%.0f employee pension", pay), tot["employeePensionContribution"], w[0])
			expectAmount(t, fmt.Sprintf("%.0f employer pension", pay), tot["employerPensionContribution"], w[1])
		}
	})
}

// SSP and salary in the same week (2026-27: SSP from the first day, the
// lower of £123.25 and 80% of AWE; no contractual sick pay, so the salary
// is for the days worked). Sid, £600 a week Monday–Friday on 1257L W1, is
// sick Wed 11 – Fri 13 November 2026: SSP 80% × 600 = 480 > 123.25; 3 ×
// 123.25 ÷ 5 = 73.95; salary for Mon-Tue 2 ÷ 5 × 600 = 240.00; gross
// 313.95; PAYE (week 1 basis) 313.95 − 241.92 = 72.03 → 72 × 20% = 14.40;
// NI 8% × (313.95 − 242) = 5.756 → 5.76.
func TestAuditUKSickPayAndSalaryInOneWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		sid := e.employee(t, "Sid", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8, "taxCode": "1257L W1",
			"nationalInsuranceCategory": "A", "startDate": "2025-04-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", e.B, sid), e.Key, map[string]any{"startDate": "2026-11-11T00:00:00",
			"endDate": "2026-11-13T00:00:00", "averageWeeklyEarningsOverride": 600}).Expect(t, 200)
		tot := e.totals(t, e.run(t, "2026-11-15", 0, 0), sid)
		expectAmount(t, "gross", tot["grossEarnings"], 313.95)
		expectAmount(t, "PAYE", tot["payeWithheld"], 14.40)
		expectAmount(t, "NI", tot["employeeNationalInsuranceContribution"], 5.76)
	})
}

// The National Minimum Wage check for salaried workers paid fortnightly
// and for a joiner's part month (NMW Regs 2015 reg 22(2): the hours of
// salaried hours work of a pay reference period other than a week or a
// month are the basic hours × its days ÷ 365; HMRC NMWM08050: a joiner's
// are the basic hours × the days employed ÷ 365; 21 and over £12.71 from
// April 2026), 40 hours a week (basic hours 2,080), aged 36:
//   - fortnight: 2,080 × 14 ÷ 365 = 79.780822 hours × 12.71 = 1,014.0142
//     → 1,014.01.
//   - Nia, £24,000 a year: 24,000 ÷ 26 = 923.08 < 1,014.01: warned.
//   - Ned, £27,000: 1,038.46 ≥ 1,014.01: no warning.
//   - Sam, £27,000 with 5% of qualifying earnings sacrificed (fortnightly
//     band from £240): 5% × (1,038.46 − 240) = 39.92 given up; NMW pay
//     998.54 < 1,014.01: warned (before: the rate alone, 27,000 ÷ 2,080
//     = 12.98, no warning).
//   - Joy, monthly £22,000 joining Monday 16 November 2026: 15 days
//     employed, 2,080 × 15 ÷ 365 = 85.4795 hours × 12.71 = 1,086.44; her
//     part month's pay (at most 22,000 ÷ 12 × 15 ÷ 30 by calendar days or
//     × 11 ÷ 21 by working days = 960.32) is below: warned on the days
//     employed (before: only the rate 10.58 was checked).
func TestAuditUKMinimumWageFortnightlySalaried(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "NEST"})
		sacrifice := id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": "QE sacrifice", "calculateOnQualifyingEarnings": true,
			"pensionType": "NetPay", "employeeContribution": 0, "employerContribution": 3, "salarySacrifice": 5})
		who := map[string]int64{}
		for name, pay := range map[string]float64{"Nia": 24000, "Ned": 27000, "Sam": 27000} {
			who[name] = e.employee(t, name, "Fortnightly", map[string]any{"rate": pay, "rateUnit": "Annually", "hoursPerWeek": 40, "taxCode": "1257L",
				"nationalInsuranceCategory": "A", "dateOfBirth": "1990-01-01T00:00:00", "startDate": "2025-01-06T00:00:00"})
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, who["Sam"]), e.Key, map[string]any{"pensionSchemeContributionPlanId": sacrifice,
			"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
		warnings := func(P string) map[int64]string {
			var warns []map[string]any
			e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
			below := map[int64]string{}
			for _, w := range warns {
				if w["warningType"] == "BelowMinimumWage" {
					below[int64(num(t, w["employeeId"]))] = fmt.Sprint(w["warning"])
				}
			}
			return below
		}
		P := e.run(t, "2026-05-15", 0, 0)
		expectAmount(t, "Nia's gross", e.totals(t, P, who["Nia"])["grossEarnings"], 923.08)
		below := warnings(P)
		for name, want := range map[string]string{"Nia": "923.08", "Sam": "998.54", "Ned": ""} {
			got, ok := below[who[name]]
			switch {
			case want == "" && ok:
				t.Errorf("%s warned: %s", name, got)
			case want != "" && (!ok || !strings.Contains(got, want) || !strings.Contains(got, "1014.01")):
				t.Errorf("%s: warning %q, want pay %s below 1014.01", name, got, want)
			}
		}
		e.schedule = id(e.B+"/payschedule", map[string]any{"name": "Monthly", "frequency": "Monthly"})
		joy := e.employee(t, "Joy", "Monthly", map[string]any{"rate": 22000, "rateUnit": "Annually", "hoursPerWeek": 40, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "dateOfBirth": "1990-01-01T00:00:00", "startDate": "2026-11-16T00:00:00"})
		if w := warnings(e.run(t, "2026-11-30", 0, 0))[joy]; !strings.Contains(w, "1086.44") || !strings.Contains(w, "15 days employed") {
			t.Errorf("Joy: warning %q, want her part month's pay below 1086.44 for 15 days employed", w)
		}
	})
}

// SMP replacing a monthly salary for a whole month (SMP (General) Regs
// 1986 reg 21; payroll-rules-2026-27.md §2.7: 90% of AWE for 6 weeks).
// Mia, £2,600 a month, 1257L M1, SMP from Sunday 1 November 2026 (AWE
// 600 given: 90% = 540.00 a week), absent every working day of November:
// SMP weeks from 1, 8, 15 and 22 November 4 × 540.00 = 2,160.00, and 2
// days (29-30 November) of the week from 29 November: 540 × 2 ÷ 7 =
// 154.2857 ↑ 154.29: 2,314.29; salary nil. PAYE (month 1 basis)
// 2,314.29 − 1,048.26 = 1,266.03 → 1,266 × 20% = 253.20; NI 8% ×
// (2,314.29 − 1,048) = 101.3032 → 101.30; employer 15% × (2,314.29 −
// 417) = 284.5935 → 284.59.
//
// NT with a Plan 2 loan, £3,000, April 2026: PAYE nil; the loan is still
// due on the NI-able pay: 9% × (3,000 − 2,448.75) = 49.61 → 49; NI 8% ×
// 1,952 = 156.16.
func TestAuditUKSMPWholeMonthAndNTWithLoan(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		nt := e.employee(t, "Nat", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "NT", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan2"})
		tot := e.totals(t, e.run(t, "2026-04-30", 0, 0), nt)
		expectAmount(t, "NT PAYE", tot["payeWithheld"], 0)
		expectAmount(t, "NT Plan 2", tot["studentLoanAmount"], 49)
		expectAmount(t, "NT NI", tot["employeeNationalInsuranceContribution"], 156.16)

		mia := e.employee(t, "Mia", "Monthly", map[string]any{"rate": 2600, "rateUnit": "Fixed", "taxCode": "1257L M1", "nationalInsuranceCategory": "A",
			"gender": "Female", "startDate": "2024-01-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, mia), e.Key, map[string]any{"startDate": "2026-11-01T00:00:00",
			"endDate": "2027-07-31T00:00:00", "babyDueDate": "2026-11-22T00:00:00", "averageWeeklyEarningsOverride": 600}).Expect(t, 200)
		tot = e.totals(t, e.run(t, "2026-11-30", 0, 0), mia)
		expectAmount(t, "SMP month gross", tot["grossEarnings"], 2314.29)
		expectAmount(t, "SMP month PAYE", tot["payeWithheld"], 253.20)
		expectAmount(t, "SMP month NI", tot["employeeNationalInsuranceContribution"], 101.30)
		expectAmount(t, "SMP month employer NI", tot["employerNationalInsuranceContribution"], 284.59)
	})
}
