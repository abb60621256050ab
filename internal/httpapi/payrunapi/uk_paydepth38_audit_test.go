package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth38: a UK audit round of leavers, joiners, holiday pay, week 53
// and the new tax year, 2026-27, paid through the API. Every figure is
// derived by hand from HMRC's tables (payroll-rules-2026-27.md §2) and
// HMRC guidance named at each case, not from our output.

// ShPP arrears after back pay of the relevant period (the Statutory Shared
// Parental Pay (General) Regulations 2014 reg 40(1): the lower of the flat
// rate, £194.32 for 2026-27 (payroll-rules-2026-27.md §2.7), and 90% of the
// normal weekly earnings; docs/reference/uk-smp-pay-rise.md):
//   - Sha, £200 a week, AWE 200.00 (override), ShPP Sunday 5 - Saturday 18
//     July 2026, two weeks: week 1 at 90% × 200 = 180.00 (below the flat
//     rate), paid by the run to 11 July and finalised.
//   - Back pay lifts the AWE to 230.00: 90% = 207.00, so the rate is the
//     flat 194.32. The run to 18 July pays week 2, 194.32, and week 1's
//     arrears 194.32 − 180.00 = 14.32: gross 208.64; FPS ShPP to date
//     180.00 + 208.64 = 388.64.
//   - A payRisePercent (SMP's reg 21(7) only) and a lower AWE are refused.
//
// Before paydepth38 the path did not exist (404/405).
func TestAuditUKShPPArrearsAfterBackPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pd34HMRC(t, e, nil)
		sha := e.employee(t, "Sha", "Weekly", map[string]any{"rate": 200, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2025-01-06T00:00:00", "gender": "Female"})
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, sha)
		id := int64(num(t, e.Do("POST", SL+"shpp", e.Key, map[string]any{"startDate": "2026-07-05T00:00:00", "endDate": "2026-07-18T00:00:00",
			"babyDueDate": "2026-05-01T00:00:00", "weeksToPay": 2, "averageWeeklyEarningsOverride": 200}).Expect(t, 200).Map(t)["id"]))
		P := e.run(t, "2026-07-11", 0, 0)
		expectAmount(t, "week 1 ShPP", e.totals(t, P, sha)["grossEarnings"], 180)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		U := fmt.Sprintf("%sshpp/%d/earnings", SL, id)
		testkit.ExpectProblem(t, e.Do("PUT", U, e.Key, map[string]any{"payRisePercent": 15, "payRiseEffectiveDate": "2026-07-01T00:00:00"}), 400, "payRisePercent")
		e.Do("PUT", U, e.Key, map[string]any{"averageWeeklyEarningsOverride": 150}).Expect(t, 400)
		got := e.Do("PUT", U, e.Key, map[string]any{"averageWeeklyEarningsOverride": 230}).Expect(t, 200).Map(t)
		expectAmount(t, "stored AWE", got["averageWeeklyEarnings"], 230)
		P = e.run(t, "2026-07-18", 0, 0)
		expectAmount(t, "week 2 gross with arrears", e.totals(t, P, sha)["grossEarnings"], 208.64)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		td := pd34FPS(t, e, P, sha)["figuresToDate"].(map[string]any)
		expectAmount(t, "FPS ShPP to date", td["shppytd"], 388.64)
	})
}

// Small Employers' Relief from the previous tax year's Class 1 NICs
// (docs/reference/uk-rti.md "Small Employers' Relief"): £45,000 or less of
// employee plus employer Class 1 NICs in the last complete tax year before
// the qualifying week recovers 100% + 8.5% compensation, else 92%.
//   - Each business pays Pat £3,000 in a March 2026 run (tax year 2025-26,
//     payroll-rules.md §2.4 monthly PT 1,048, ST 417, UEL 4,189): employee
//     8% × (3,000 − 1,048) = 156.16, employer 15% × (3,000 − 417) =
//     387.45. The large one also pays Dee £400,000 that month: employee 8%
//     × (4,189 − 1,048) = 251.28 + 2% × (400,000 − 4,189) = 7,916.22,
//     employer 15% × (400,000 − 417) = 59,937.45.
//   - Small: 156.16 + 387.45 = 543.61 ≤ 45,000. Large: 543.61 + 251.28 +
//     7,916.22 + 59,937.45 = 68,648.56 > 45,000.
//   - Pat's SPP, baby due Sunday 25 October 2026 (EWC 25 Oct; qualifying
//     week 15 weeks before, from Sunday 12 July 2026, in 2026-27, so the
//     year tested is 2025-26), one week 25-31 October, AWE 600: the flat
//     £194.32 (90% × 600 = 540 is higher), paid in the October run (tax
//     month 7).
//   - Small business, claimSmallEmployersRelief false: recovered 194.32,
//     compensation 8.5% × 194.32 = 16.5172 → 16.52. Large business,
//     claimSmallEmployersRelief true: 92% × 194.32 = 178.7744 → 178.77, no
//     compensation.
//
// Before paydepth38 the setting alone decided: 178.77 / 0.00 for the small
// business and 194.32 / 16.52 for the large one.
func TestAuditUKSmallEmployersReliefFromLastYearsNICs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		large     bool
		setting   bool
		nics      float64
		qualifies bool
		rec, comp float64
	}{{"small", false, false, 543.61, true, 194.32, 16.52}, {"large", true, true, 68648.56, false, 178.77, 0}} {
		t.Run(c.name, func(t *testing.T) {
			testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
				e := newRegionEnv(t, d, "UK", "Monthly")
				pd34HMRC(t, e, map[string]any{"claimSmallEmployersRelief": c.setting})
				pat := e.employee(t, "Pat", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
					"startDate": "2025-01-06T00:00:00", "gender": "Male"})
				if c.large {
					e.employee(t, "Dee", "Monthly", map[string]any{"rate": 400000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
						"startDate": "2025-01-06T00:00:00"})
				}
				P := e.run(t, "2026-03-31", 0, 0)
				e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
				e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/spp", e.B, pat), e.Key, map[string]any{"startDate": "2026-10-25T00:00:00",
					"endDate": "2026-10-31T00:00:00", "babyDueDate": "2026-10-25T00:00:00", "averageWeeklyEarningsOverride": 600}).Expect(t, 200)
				P = e.run(t, "2026-10-31", 0, 0)
				e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
				p32 := e.Do("GET", e.B+"/report/p32?taxYear=2026/27", e.Key, nil).Expect(t, 200).Map(t)
				oct := p32["months"].([]any)[6].(map[string]any)
				expectAmount(t, c.name+" SPP paid", oct["sppPaid"], 194.32)
				expectAmount(t, c.name+" recovered", oct["statutoryPaymentsRecovered"], c.rec)
				expectAmount(t, c.name+" compensation", oct["nicCompensation"], c.comp)
				rel := p32["smallEmployersRelief"].([]any)
				if len(rel) != 1 {
					t.Fatalf("%s: relief tests %v", c.name, rel)
				}
				r := rel[0].(map[string]any)
				if r["taxYear"] != "2025/26" || r["source"] != "payRuns" || r["qualifies"] != c.qualifies {
					t.Errorf("%s: relief %v", c.name, r)
				}
				expectAmount(t, c.name+" 2025-26 Class 1 NICs", r["class1NICs"], c.nics)
			})
		})
	}
}

// A monthly joiner on the 17th with a P45 from earlier in the tax year
// (cumulative code): HMRC "Tell HMRC about a new employee" / CWG2: with a
// P45 of the year on a cumulative code the new employer continues the
// code and counts the P45's pay and tax to date (docs/reference/uk-p45.md).
//   - Jas, £36,000 a year (£3,000 a month), 1257L, starts Thursday 17
//     September 2026 with a P45: leaving 31 August 2026, pay 12,000.00,
//     tax 1,400.00, not week 1/month 1.
//   - September salary for the days employed (calendar days,
//     docs/reference/part-period-pay.md): 3,000 × 14 ÷ 30 = 1,400.00.
//   - PAYE, tax month 6 (paid 30 September): free pay 6 × 1,048.26 (HMRC
//     tax table routine for 1257L monthly, uk-paye.md) = 6,289.56; taxable
//     to date 12,000 + 1,400 − 6,289.56 = 7,110.44 → £7,110 (rounded down)
//     × 20% = 1,422.00 (inside the basic-rate band to date, 37,700 × 6 ÷ 12
//     = 18,850); less 1,400.00 paid = 22.00.
//   - NI is per employment and period (monthly PT 1,048, ST 417, §2.4):
//     employee 8% × (1,400 − 1,048) = 28.16; employer 15% × (1,400 − 417)
//     = 147.45.
//   - FPS: the starter group with the start date 2026-09-17 and no starter
//     declaration (a P45 was given); figures to date are this
//     employment's: taxable pay 1,400.00, tax 22.00.
func TestAuditUKMonthlyJoinerOnThe17thWithP45(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		jas := e.employee(t, "Jas", "Monthly", map[string]any{"rate": 36000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2026-09-17T00:00:00", "previousEmployerTaxablePay": 12000, "previousEmployerTaxWithheld": 1400,
			"previousEmployerLeavingDate": "2026-08-31T00:00:00", "previousEmployerW1M1": false, "gender": "Male"})
		P := e.run(t, "2026-09-30", 0, 0)
		tot := e.totals(t, P, jas)
		expectAmount(t, "gross", tot["grossEarnings"], 1400)
		expectAmount(t, "PAYE", tot["payeWithheld"], 22)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 28.16)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 147.45)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		fps := pd34FPS(t, e, P, jas)
		st, _ := fps["starter"].(map[string]any)
		if st == nil || st["startDate"] != "2026-09-17" || st["startDec"] != "" {
			t.Errorf("FPS starter %v", fps["starter"])
		}
		td := fps["figuresToDate"].(map[string]any)
		expectAmount(t, "FPS taxable pay to date", td["taxablePay"], 1400)
		expectAmount(t, "FPS tax to date", td["totalTax"], 22)
	})
}

// A leaver on a week 1/month 1 code paid her untaken holiday and a bonus
// in the final pay (Working Time Regulations 1998 reg 14(3)(b): a payment
// in lieu of leave accrued and not taken, at a week's pay, reg 16; the
// client enters the untaken hours, (A × B) − C), and her P45 and FPS:
//   - Ria, £31,200 a year (£2,600 a month; £600 a week ÷ 37.5 = £16.00 an
//     hour), 1257L month 1 (taxCalculationMethod NonCumulative), leaves on
//     Friday 16 October 2026 with 22.5 hours of holiday untaken and a
//     £500 bonus.
//   - Salary 2,600 × 16 ÷ 31 = 1,341.935… → 1,341.94; holiday 22.5 × 16 =
//     360.00; bonus 500.00; gross 2,201.94.
//   - PAYE month 1 basis: 2,201.94 − 1,048.26 = 1,153.68 → £1,153 × 20% =
//     230.60. NI: employee 8% × (2,201.94 − 1,048) = 92.3152 → 92.31 (HMRC's
//     NI rounding looks at the third decimal place only, 5 or less rounds
//     down: payroll-rules.md §NI "Rounding to pence"); employer 15% ×
//     (2,201.94 − 417) = 267.741 → 267.74.
//   - P45: code 1257L with the week 1/month 1 X; box 7 empty ("Complete
//     only if tax code is cumulative. If there is an 'X' at box 6 there
//     will be no entries here", HMRC P45(Continuous)(E) Part 1A); box 8
//     this employment 2,201.94 / 230.60; leaving date 16/10/2026. The FPS
//     carries the leaving date 2026-10-16 and the non-cumulative basis.
func TestAuditUKMonth1LeaverHolidayAndBonusP45(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		holiday := e.manualLeave(t, "Holiday")
		ria := e.employee(t, "Ria", "Monthly", map[string]any{"rate": 31200, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"taxCalculationMethod": "NonCumulative", "nationalInsuranceCategory": "A", "startDate": "2024-03-04T00:00:00", "gender": "Female"})
		P := e.run(t, "2026-10-31", ria, 500)
		e.accrue(t, P, ria, holiday, 22.5)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ria, "terminationReason": "Resignation", "terminationDate": "2026-10-16T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, ria)
		expectAmount(t, "gross", tot["grossEarnings"], 2201.94)
		expectAmount(t, "PAYE", tot["payeWithheld"], 230.60)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 92.31)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 267.74)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, ria), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["taxCode"] != "1257L" || p45["week1Month1"] != true || p45["totalPayToDate"] != nil || p45["totalTaxToDate"] != nil ||
			!strings.HasPrefix(fmt.Sprint(p45["leavingDate"]), "2026-10-16") {
			t.Errorf("P45 %v", p45)
		}
		expectAmount(t, "P45 pay in this employment", p45["payInThisEmployment"], 2201.94)
		expectAmount(t, "P45 tax in this employment", p45["taxInThisEmployment"], 230.60)
		fps := pd34FPS(t, e, P, ria)
		if fps["leavingDate"] != "2026-10-16" {
			t.Errorf("FPS leaving date %v", fps["leavingDate"])
		}
	})
}

// SSP under the 2026 rules for a part-timer over two linked periods
// (payroll-rules-2026-27.md §2.7; Employment Rights Act 2025 s 10: no
// waiting days, no LEL test, the weekly rate the lower of £123.25 and 80%
// of AWE; SSCBA 1992 s 152(3): periods 8 weeks or less apart link; the
// daily rate is the weekly rate ÷ the qualifying days in the week):
//   - Pam works Monday, Wednesday and Friday; AWE 150.00: 80% = 120.00,
//     below 123.25, so 120.00 a week, 40.00 a qualifying day.
//   - Sick Tuesday 2 - Friday 5 June 2026: qualifying days Wed 3, Fri 5 =
//     2, both paid (no waiting days): 80.00.
//   - Sick again Monday 15 - Wednesday 17 June (gap 9 days, linked): Mon
//     15, Wed 17 = 2 paid: 80.00, 2 days paid in the linked period.
func TestAuditUKSSPPartTimerEightyPercentLinked(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pam := e.employee(t, "Pam", "Weekly", map[string]any{"rate": 150, "rateUnit": "Fixed", "hoursPerWeek": 15, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2025-01-06T00:00:00"})
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", e.B, pam)
		days := []string{"Monday", "Wednesday", "Friday"}
		one := e.Do("POST", SL, e.Key, map[string]any{"startDate": "2026-06-02T00:00:00", "endDate": "2026-06-05T00:00:00",
			"week1QualifyingDays": days, "averageWeeklyEarningsOverride": 150}).Expect(t, 200).Map(t)
		if num(t, one["daysPaid"]) != 2 || num(t, one["waitingDays"]) != 0 || one["status"] != "Eligible" {
			t.Errorf("first period %v", one)
		}
		expectAmount(t, "first period SSP", one["amount"], 80)
		two := e.Do("POST", SL, e.Key, map[string]any{"startDate": "2026-06-15T00:00:00", "endDate": "2026-06-17T00:00:00",
			"week1QualifyingDays": days, "averageWeeklyEarningsOverride": 150}).Expect(t, 200).Map(t)
		if num(t, two["daysPaid"]) != 2 || num(t, two["daysPaidInLinkedPeriods"]) != 2 || len(two["linkedPeriodIds"].([]any)) != 1 {
			t.Errorf("second period %v", two)
		}
		expectAmount(t, "second period SSP", two["amount"], 80)
		for _, w := range two["weeks"].([]any) {
			expectAmount(t, "weekly rate", w.(map[string]any)["weeklyRate"], 120)
		}
	})
}

// Week 56 on a four-weekly payroll with a Plan 2 student loan (HMRC
// Specification for PAYE Tax Table Routines, "Payments in weeks 53, 54 or
// 56": the week 1 basis for the four weeks' free pay and bands; student
// loan deductions are non-cumulative, 9% above the period threshold,
// rounded down to whole pounds, and a multi-week period is averaged to a
// week, the weekly deduction taken and multiplied by the weeks: HMRC
// CSLM10111, CSLM17065, CSLM18025 as payroll-rules.md §2.5 reads them;
// weekly threshold 565.09, payroll-rules-2026-27.md §2.5):
//   - Qia, £2,600 every four weeks on 1257L, Plan 2, employed from Tuesday
//     9 March 2027, paid on 5 April 2027 (week 56).
//   - PAYE: four weeks' free pay 967.67 (2 × 4 × 96.16 + 198.39,
//     uk-paye.md); 2,600 − 967.67 = 1,632.33 → 1,632 × 20% = 326.40 (the
//     four-week basic band 2,900).
//   - NI on the four-weekly period (PT 967, ST 385): employee 8% × (2,600 −
//     967) = 130.64; employer 15% × (2,600 − 385) = 332.25.
//   - Plan 2: a week 2,600 ÷ 4 = 650.00; 9% × (650.00 − 565.09) = 7.6419 →
//     £7; × 4 = £28 (flooring the four weeks at once would give £30: the
//     manual's method is the weekly one).
func TestAuditUKFourWeeklyWeek56WithStudentLoan(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "FourWeekly")
		qia := e.employee(t, "Qia", "FourWeekly", map[string]any{"rate": 2600, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan2", "startDate": "2027-03-09T00:00:00"})
		tot := e.totals(t, e.run(t, "2027-04-05", 0, 0), qia)
		expectAmount(t, "gross", tot["grossEarnings"], 2600)
		expectAmount(t, "week 56 PAYE", tot["payeWithheld"], 326.40)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 130.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 332.25)
		expectAmount(t, "Plan 2", tot["studentLoanAmount"], 28)
	})
}

// A monthly joiner on the 17th without a P45, starter statement B (HMRC
// "Starter checklist" / CWG2: statement B, no P45 and no other job or
// pension since 6 April, takes the emergency code 1257L on the week
// 1/month 1 basis), and her FPS starter and tax code fields (RTI FPS
// Starter/StartDec "B"; TaxCode with BasisNonCumulative "yes"):
//   - Bea, £36,000 a year, starts Thursday 17 September 2026, 1257L M1.
//   - September: 3,000 × 14 ÷ 30 = 1,400.00 (calendar days).
//   - PAYE month 1 basis (month 6 of the year ignored): 1,400 − 1,048.26 =
//     351.74 → £351 × 20% = 70.20.
//   - NI: employee 8% × (1,400 − 1,048) = 28.16; employer 15% × (1,400 −
//     417) = 147.45.
//   - FPS: starter 2026-09-17 with StartDec B; tax code 1257L non-cumulative;
//     month 6; taxable pay and tax to date 1,400.00 / 70.20.
func TestAuditUKMonthlyJoinerOnThe17thStatementB(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		bea := e.employee(t, "Bea", "Monthly", map[string]any{"rate": 36000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L M1",
			"employeeStatement": "B", "nationalInsuranceCategory": "A", "startDate": "2026-09-17T00:00:00", "gender": "Female"})
		P := e.run(t, "2026-09-30", 0, 0)
		tot := e.totals(t, P, bea)
		expectAmount(t, "gross", tot["grossEarnings"], 1400)
		expectAmount(t, "PAYE", tot["payeWithheld"], 70.20)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 28.16)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 147.45)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		fps := pd34FPS(t, e, P, bea)
		st, _ := fps["starter"].(map[string]any)
		if st == nil || st["startDate"] != "2026-09-17" || st["startDec"] != "B" {
			t.Errorf("FPS starter %v", fps["starter"])
		}
		pay := fps["payment"].(map[string]any)
		tc := pay["taxCode"].(map[string]any)
		if tc["code"] != "1257L" || tc["basisNonCumulative"] != "yes" || num(t, pay["monthNo"]) != 6 {
			t.Errorf("FPS tax code %v, month %v", tc, pay["monthNo"])
		}
		td := fps["figuresToDate"].(map[string]any)
		expectAmount(t, "FPS taxable pay to date", td["taxablePay"], 1400)
		expectAmount(t, "FPS tax to date", td["totalTax"], 70.20)
	})
}

// A joiner who leaves in the month she started: one FPS carries both the
// starter group and the leaving date (RTI FPS Employment/Starter and
// Employment/LeavingDate), and her P45 the month's figures:
//   - Eve, £36,000 a year, 1257L cumulative, statement A, starts Monday 5
//     October and leaves Friday 23 October 2026: 19 days of 31, 3,000 × 19
//     ÷ 31 = 1,838.709… → 1,838.71 (calendar days, part-period-pay.md).
//   - PAYE month 7 cumulative: free pay 7 × 1,048.26 = 7,337.82 exceeds the
//     pay, so 0.00. NI: employee 8% × (1,838.71 − 1,048) = 63.2568 →
//     63.26; employer 15% × (1,838.71 − 417) = 213.2565 → 213.26 (third
//     decimal 6: up).
//   - FPS: starter 2026-10-05 with StartDec A, leaving date 2026-10-23.
//   - P45: month 7, pay and tax to date (cumulative code) 1,838.71 / 0.00,
//     the same in this employment.
func TestAuditUKJoinerLeavesInTheSameMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pd34HMRC(t, e, nil)
		eve := e.employee(t, "Eve", "Monthly", map[string]any{"rate": 36000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"employeeStatement": "A", "nationalInsuranceCategory": "A", "startDate": "2026-10-05T00:00:00", "gender": "Female"})
		e.leaveOn(t, eve, "2026-10-23")
		P := e.run(t, "2026-10-31", 0, 0)
		tot := e.totals(t, P, eve)
		expectAmount(t, "gross", tot["grossEarnings"], 1838.71)
		expectAmount(t, "PAYE", tot["payeWithheld"], 0)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 63.26)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 213.26)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		fps := pd34FPS(t, e, P, eve)
		st, _ := fps["starter"].(map[string]any)
		if st == nil || st["startDate"] != "2026-10-05" || st["startDec"] != "A" || fps["leavingDate"] != "2026-10-23" {
			t.Errorf("FPS starter %v, leaving date %v", fps["starter"], fps["leavingDate"])
		}
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45", e.B, eve), e.Key, nil).Expect(t, 200).Map(t)["data"].(map[string]any)
		if p45["periodType"] != "Month" || num(t, p45["periodNumber"]) != 7 || p45["week1Month1"] != false {
			t.Errorf("P45 %v", p45)
		}
		for k, v := range map[string]float64{"totalPayToDate": 1838.71, "totalTaxToDate": 0, "payInThisEmployment": 1838.71, "taxInThisEmployment": 0} {
			expectAmount(t, "P45 "+k, p45[k], v)
		}
	})
}

// SPP across 5 April 2026: the rate is that of the tax year in which the
// SPP week begins (flat rate £187.18 for weeks from Sunday 6 April 2025,
// £194.32 from Sunday 5 April 2026, payroll-rules.md §2.7 and
// payroll-rules-2026-27.md §2.7; SSCBA 1992 s 171ZE: the lower of it and
// 90% of AWE), and each year's FPS counts its own SPP to date:
//   - Pat, £600 a week, AWE 600 (90% = 540, above both flat rates), baby
//     due Sunday 29 March 2026, paternity leave Sunday 29 March - Saturday
//     11 April 2026 (two weeks).
//   - Run to Saturday 4 April 2026 (2025-26, tax week 52): week 1, 187.18.
//     Employee NI nil (below the weekly PT 242); employer 15% × (187.18 −
//     96) = 13.677 → 13.68. FPS SPP to date 187.18.
//   - Run to Saturday 11 April 2026 (2026-27, week 1): week 2, 194.32;
//     employer 15% × (194.32 − 96) = 14.748 → 14.75. FPS SPP to date
//     194.32 (a new year).
func TestAuditUKPaternityPayAcrossFiveApril(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pd34HMRC(t, e, nil)
		pat := e.employee(t, "Pat", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2024-01-08T00:00:00", "gender": "Male"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/spp", e.B, pat), e.Key, map[string]any{"startDate": "2026-03-29T00:00:00",
			"endDate": "2026-04-11T00:00:00", "babyDueDate": "2026-03-29T00:00:00", "averageWeeklyEarningsOverride": 600}).Expect(t, 200)
		for _, w := range []struct {
			day          string
			spp, er, ytd float64
		}{{"2026-04-04", 187.18, 13.68, 187.18}, {"2026-04-11", 194.32, 14.75, 194.32}} {
			P := e.run(t, w.day, 0, 0)
			tot := e.totals(t, P, pat)
			expectAmount(t, w.day+" gross (SPP)", tot["grossEarnings"], w.spp)
			expectAmount(t, w.day+" employee NI", tot["employeeNationalInsuranceContribution"], 0)
			expectAmount(t, w.day+" employer NI", tot["employerNationalInsuranceContribution"], w.er)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
			expectAmount(t, w.day+" FPS SPP to date", pd34FPS(t, e, P, pat)["figuresToDate"].(map[string]any)["sppytd"], w.ytd)
		}
	})
}
