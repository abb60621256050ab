package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth42: a UK audit round (2026-27) of holiday balances at
// termination, statutory pay with salary sacrifice, and pays no earlier
// round pinned. Every figure is derived by hand from the statute or
// HMRC's tables (payroll-rules-2026-27.md §2) named at each case, not from
// our output.

// pd42Warnings are the run's warnings of one employee.
func pd42Warnings(t *testing.T, e *regionEnv, P string, emp int64) []string {
	t.Helper()
	var ws []map[string]any
	e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &ws)
	var out []string
	for _, w := range ws {
		if int64(num(t, w["employeeId"])) == emp {
			out = append(out, fmt.Sprint(w["warning"]))
		}
	}
	return out
}

// A leaver who took more holiday than she had accrued. The Working Time
// Regulations 1998 reg 14(4): where the leave taken exceeds the
// proportion accrued, the worker compensates the employer only "where a
// relevant agreement so provides" (a contract term, workforce or
// collective agreement) — and the Employment Rights Act 1996 s 13 allows
// a deduction from wages only when the contract or the worker's prior
// written consent authorises it. The pay run cannot see the agreement:
// it deducts nothing and warns, naming the hours and days owed, so the
// bureau adds the deduction line when the contract provides for it.
//   - Nia, £600 a week fixed (37.5 hours, 7.5-hour days), BR, category A.
//     Week to Sunday 15 November 2026: 22.5 hours (3 days) of holiday
//     accrued, 37.5 hours (5 days) taken 9-13 November: balance −15 hours.
//     (That week's pay is not asserted: the test's category has no pay
//     category, transferToPayCategoryId, so its leave is unpaid leave as
//     the API defines it and the week paid 0.00; the balance is the point.)
//   - She leaves on Sunday 22 November; the final week pays 600.00, no
//     holiday in lieu (nothing accrued is untaken), nothing deducted.
//   - BR: 20% × 600 = 120.00. Class 1 weekly (§2.4: PT 242, ST 96):
//     employee 8% × (600 − 242) = 28.64; employer 15% × (600 − 96) =
//     75.60. Net 600 − 120 − 28.64 = 451.36.
//   - P/warnings: 15 hours = 2 days (15 ÷ 7.5) of Holiday owed, reg 14(4).
//
// Before paydepth42: the same figures, and no warning (the negative
// balance was passed over in silence).
func TestAuditUKLeaverOwingHolidayNothingDeductedWarned(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		holiday := e.manualLeave(t, "Holiday")
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2026-09-07T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, nia), e.Key, map[string]any{"leaveCategoryId": holiday,
			"fromDate": "2026-11-09T00:00:00", "toDate": "2026-11-13T00:00:00", "hours": 37.5, "automaticallyApprove": true}).Expect(t, 200)
		P1 := e.run(t, "2026-11-15", 0, 0)
		e.accrue(t, P1, nia, holiday, 22.5)
		e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, nia, holiday, "2026-11-15"); b != -15 {
			t.Errorf("balance after the leave week %v, want 22.5 − 37.5 = −15", b)
		}
		P := e.run(t, "2026-11-22", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, nia)
		expectAmount(t, "final gross", tot["grossEarnings"], 600)
		expectAmount(t, "PAYE", tot["payeWithheld"], 120)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 28.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 75.60)
		expectAmount(t, "net", tot["netEarnings"], 451.36)
		expectAmount(t, "holiday in lieu", e.paidOnTermination(t, P, nia), 0)
		check := func(when string) {
			var got []string
			for _, w := range pd42Warnings(t, e, P, nia) {
				if strings.Contains(w, "Holiday") {
					got = append(got, w)
				}
			}
			if len(got) != 1 || !strings.Contains(got[0], "15 hours (2 days)") || !strings.Contains(got[0], "reg 14(4)") {
				t.Errorf("%s: holiday owed warnings %q, want one naming 15 hours (2 days) and reg 14(4)", when, got)
			}
		}
		check("draft")
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		check("finalised")
	})
}

// pd42Sacrifice is a pension plan in which the employee gives up 10% of
// all pay (salary sacrifice) and the employer adds 3%, joined from 6
// April 2026.
func pd42Sacrifice(t *testing.T, e *regionEnv, emp int64) {
	t.Helper()
	scheme := int64(num(t, e.Do("POST", e.B+"/pensionscheme", e.Key, map[string]any{"name": "NEST sacrifice"}).Expect(t, 200).Map(t)["id"]))
	plan := int64(num(t, e.Do("POST", fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), e.Key, map[string]any{"contributionPlanName": "Ten percent sacrifice",
		"calculateOnQualifyingEarnings": false, "pensionType": "NetPay", "employeeContribution": 0, "employerContribution": 3,
		"salarySacrifice": 10}).Expect(t, 200).Map(t)["id"]))
	pd34Join(t, e, emp, plan)
}

// SMP's average weekly earnings with a pension salary sacrifice in the
// relevant period. SSCBA 1992 s 171(4) and the SMP (General) Regulations
// 1986 regs 20-21: the normal weekly earnings are the "gross earnings"
// paid in the relevant period, and earnings are those for Class 1 NI; pay
// given up under a salary sacrifice is not earnings (it is not paid, and
// not NI-able: GOV.UK "Salary sacrifice for employers"), so the AWE is
// the salary after the sacrifice (XpertHR, "How is SMP calculated when
// there is a salary-sacrifice arrangement", secondary; the withdrawn HMRC
// note "Statutory maternity leave - salary sacrifice and non-cash
// benefits", national archives, says the same).
//   - Sam, £31,200 a year (2,600.00 a month), 10% of pay sacrificed into
//     her pension: NI-able pay 2,340.00 a month. September NI (§2.4
//     monthly PT 1,048, ST 417): employee 8% × (2,340 − 1,048) = 103.36;
//     employer 15% × (2,340 − 417) = 288.45.
//   - Baby due Sunday 17 January 2027: qualifying week Sunday 4 - Saturday
//     10 October 2026 (15 weeks before the expected week). Last payday on
//     or before 10 October: 30 September; the last normal payday at least
//     8 weeks before it (on or before 5 August): 31 July. Relevant period:
//     the pays of 31 August and 30 September, 2 × 2,340 = 4,680.00 over 2
//     months = 2 × 52 ÷ 12 weeks: AWE 4,680 × 12 ÷ 104 = 540.00.
//   - SMP from Sunday 3 January 2027, the first 6 weeks at 90% × 540 =
//     486.00 a week (above the flat £194.32, §2.7).
//
// Before paydepth42: AWE 600.00 (the gross before the sacrifice: 5,200 ×
// 12 ÷ 104), 540.00 a week of SMP.
func TestAuditUKSMPAverageWeeklyEarningsAfterSalarySacrifice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		sam := e.employee(t, "Sam", "Monthly", map[string]any{"rate": 31200, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2024-01-08T00:00:00", "gender": "Female"})
		pd42Sacrifice(t, e, sam)
		for _, day := range []string{"2026-07-31", "2026-08-31", "2026-09-30"} {
			P := e.run(t, day, 0, 0)
			if day == "2026-09-30" {
				tot := e.totals(t, P, sam)
				expectAmount(t, "September employee NI", tot["employeeNationalInsuranceContribution"], 103.36)
				expectAmount(t, "September employer NI", tot["employerNationalInsuranceContribution"], 288.45)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, sam)
		id := int64(num(t, e.Do("POST", SL+"smp", e.Key, map[string]any{"startDate": "2027-01-03T00:00:00",
			"endDate": "2027-02-13T00:00:00", "babyDueDate": "2027-01-17T00:00:00", "weeksToPay": 6}).Expect(t, 200).Map(t)["id"]))
		c := e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, id), e.Key, nil).Expect(t, 200).Map(t)
		if c["status"] != "Eligible" || c["averageWeeklyEarningsSource"] != "PayHistory" {
			t.Errorf("SMP %v", c)
		}
		expectAmount(t, "SMP average weekly earnings", c["averageWeeklyEarnings"], 540)
		pays, _ := c["payments"].([]any)
		if len(pays) != 6 {
			t.Fatalf("SMP payments %v, want 6 weeks", pays)
		}
		for _, p := range pays {
			expectAmount(t, "SMP week", p.(map[string]any)["weeklyRate"], 486)
		}
	})
}

// SSP's average weekly earnings after a salary sacrifice (SSP (General)
// Regulations 1982 reg 19: "gross earnings" as for SMP, the earnings for
// Class 1; from 6 April 2026 the weekly rate is the lower of £123.25 and
// 80% of AWE, payroll-rules-2026-27.md §2.7, no waiting days):
//   - Ted, £160 a week fixed, joins Monday 5 October 2026 and gives up 10%
//     into his pension: NI-able pay 144.00 a week, paid 11 and 18 October.
//   - Sick Monday 19 - Friday 23 October (qualifying days Monday to
//     Friday). The relevant period ends with the last payday before the
//     sickness, 18 October; there is no payday 8 weeks before (a new
//     employee), so it is every payday: AWE (144 + 144) ÷ 2 = 144.00.
//   - 80% × 144 = 115.20 a week (below 123.25): 5 days paid, 115.20.
//
// Before paydepth42: AWE 160.00 (gross before the sacrifice), 80% = 128.00,
// so the flat 123.25.
func TestAuditUKSSPAverageWeeklyEarningsAfterSalarySacrifice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		ted := e.employee(t, "Ted", "Weekly", map[string]any{"rate": 160, "rateUnit": "Fixed", "hoursPerWeek": 16, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2026-10-05T00:00:00"})
		pd42Sacrifice(t, e, ted)
		for _, day := range []string{"2026-10-11", "2026-10-18"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		ssp := e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", e.B, ted), e.Key, map[string]any{"startDate": "2026-10-19T00:00:00",
			"endDate": "2026-10-23T00:00:00", "week1QualifyingDays": []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}}).Expect(t, 200).Map(t)
		expectAmount(t, "SSP average weekly earnings", ssp["averageWeeklyEarnings"], 144)
		if num(t, ssp["daysPaid"]) != 5 {
			t.Errorf("SSP %v", ssp)
		}
		expectAmount(t, "SSP for the week", ssp["amount"], 115.20)
	})
}

// The extra payday of a fortnightly and a four-weekly payroll on 5 April
// 2027 (tax week 53 of 2026-27). HMRC "Specification for PAYE Tax Table
// Routines", payments in weeks 53, 54 or 56: the code is operated on the
// week 1 basis with the free pay and bands of the pay period (2 weeks, 4
// weeks); NI as for any period of the frequency. GOV.UK "Send your final
// payroll report" ("'Week 53' payments"): the FPS tax week number is 54
// for a fortnightly payroll, 56 for a four-weekly one.
//   - Fern, £1,500 a fortnight, 1257L cumulative, paid Monday 5 April 2027
//     (period 23 March - 5 April): free pay 2 × 241.92 = 483.84; 1,500 −
//     483.84 = 1,016.16 → 1,016 (inside the fortnight's basic band 37,700
//     × 2 ÷ 52 = 1,450): 20% = 203.20. NI fortnightly (§2.4: PT 484, ST
//     193): employee 8% × (1,500 − 484) = 81.28; employer 15% × (1,500 −
//     193) = 196.05. Net 1,500 − 203.20 − 81.28 = 1,215.52. FPS week 54.
//   - Quin, £2,600 every four weeks, paid the same day: FPS week 56 (his
//     PAYE is pinned by TestAuditUKFourWeeklyWeek56WithStudentLoan).
//
// Before paydepth42: the FPS said week 53 for both.
func TestAuditUKFortnightlyWeek54AndFourWeeklyWeek56OnTheFPS(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		pd34HMRC(t, e, nil)
		fern := e.employee(t, "Fern", "Fortnightly", map[string]any{"rate": 1500, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2025-01-06T00:00:00", "gender": "Female"})
		P := e.run(t, "2027-04-05", 0, 0)
		tot := e.totals(t, P, fern)
		expectAmount(t, "gross", tot["grossEarnings"], 1500)
		expectAmount(t, "week 54 PAYE", tot["payeWithheld"], 203.20)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 81.28)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 196.05)
		expectAmount(t, "net", tot["netEarnings"], 1215.52)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if p := pd34FPS(t, e, P, fern)["payment"].(map[string]any); num(t, p["weekNo"]) != 54 || p["payFreq"] != "W2" {
			t.Errorf("fortnightly FPS payment %v, want week 54", p)
		}
		f := *e // the same business, its four-weekly schedule
		f.schedule = int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "FourWeekly", "frequency": "FourWeekly"}).Expect(t, 200).Map(t)["id"]))
		quin := f.employee(t, "Quin", "FourWeekly", map[string]any{"rate": 2600, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2025-01-06T00:00:00", "gender": "Male"})
		Q := f.run(t, "2027-04-05", 0, 0)
		f.Do("POST", Q+"/finalise", f.Key, map[string]any{}).Expect(t, 200)
		if p := pd34FPS(t, &f, Q, quin)["payment"].(map[string]any); num(t, p["weekNo"]) != 56 || p["payFreq"] != "W4" {
			t.Errorf("four-weekly FPS payment %v, want week 56", p)
		}
	})
}

// A monthly employee paid on 5 April 2027 (tax month 12 of 2026-27: 6
// March - 5 April) and on 6 April 2027 (month 1 of 2027-28). The month is
// the payment date's (HMRC: tax months run from the 6th; CWG2).
//   - Mo, £3,000 a month, 1257L cumulative, joins Saturday 6 March 2027
//     with starter statement A and no P45 (first job since 6 April: the
//     emergency code cumulatively). Month 12: free pay to date 12 ×
//     1,048.26 = 12,579.12 > 3,000: no tax. NI monthly (§2.4): employee 8%
//     × (3,000 − 1,048) = 156.16; employer 15% × (3,000 − 417) = 387.45.
//     Net 2,843.84. FPS month 12, starter 2027-03-06 with StartDec A.
//   - 6 April 2027: payroll-rules-2026-27.md holds no 2027-28 thresholds,
//     bands or rates, so the pay is not worked out: the run refuses
//     (names the tax year) rather than apply 2026-27's tables.
func TestAuditUKMonthlyPaidOn5And6April(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		mo := e.employee(t, "Mo", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2027-03-06T00:00:00", "employeeStatement": "A", "gender": "Male"})
		P := e.run(t, "2027-04-05", 0, 0)
		tot := e.totals(t, P, mo)
		expectAmount(t, "gross", tot["grossEarnings"], 3000)
		expectAmount(t, "month 12 PAYE", tot["payeWithheld"], 0)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 387.45)
		expectAmount(t, "net", tot["netEarnings"], 2843.84)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		fps := pd34FPS(t, e, P, mo)
		if p := fps["payment"].(map[string]any); num(t, p["monthNo"]) != 12 {
			t.Errorf("FPS payment %v, want month 12", p)
		}
		if st, _ := fps["starter"].(map[string]any); st == nil || st["startDate"] != "2027-03-06" || st["startDec"] != "A" {
			t.Errorf("FPS starter %v, want 2027-03-06 with statement A", fps["starter"])
		}
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2027-05-05T00:00:00", "datePaid": "2027-04-06T00:00:00"})
		if r.Status == 200 {
			P2 := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r.Map(t)["id"])))
			x := e.Do("GET", fmt.Sprintf("%s/totals/%d", P2, mo), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(mo)].(map[string]any)
			if w, _ := x["warning"].(string); !strings.Contains(w, "2027") {
				t.Errorf("6 April 2027 pay worked out without 2027-28 rules: %v", x)
			}
		} else if r.Status < 400 || r.Status >= 500 || !strings.Contains(string(r.Body), "2027") {
			t.Errorf("6 April 2027 run: %d %s", r.Status, r.Body)
		}
	})
}
