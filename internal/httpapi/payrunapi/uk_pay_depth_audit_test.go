package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A fourth audit round of UK pay in 2026-27, paid through the API in the
// order a bureau does it. Every figure is derived by hand in the comment
// from HMRC's rules (payroll-rules-2026-27.md §2; the tax table routines'
// arithmetic in docs/reference/uk-paye.md), not from our output.

// The three ways an employee pays into a workplace pension (HMRC, "Pension
// schemes rates and allowances: tax relief"; Finance Act 2004 ss 192-194;
// the qualifying earnings band 2026-27 £6,240-£50,270, monthly £520-
// £4,189, payroll-rules-2026-27.md §2.6), all on £3,000 a month, 1257L
// cumulative, category A, 5% employee / 3% employer of qualifying
// earnings, April 2026 (month 1). Qualifying earnings 3,000 − 520 =
// 2,480: employee 124.00, employer 74.40.
//   - Net pay arrangement (Nell): 124.00 off pay before tax, not before NI:
//     taxable 2,876; PAYE 2,876 − 1,048.26 = 1,827.74 → 1,827 × 20% =
//     365.40; NI 8% × (3,000 − 1,048) = 156.16, employer 15% × (3,000 −
//     417) = 387.45; net 3,000 − 124 − 365.40 − 156.16 = 2,354.44.
//   - Relief at source (Rosa): 80% of 124.00 = 99.20 off net pay, the
//     scheme claims the 24.80 basic-rate relief; taxable 3,000; PAYE
//     3,000 − 1,048.26 = 1,951.74 → 1,951 × 20% = 390.20; NI 156.16;
//     net 3,000 − 390.20 − 156.16 − 99.20 = 2,354.44.
//   - Salary sacrifice (Sami, HMRC "Salary sacrifice for employers":
//     the pay given up is neither taxable pay nor NI-able earnings): she
//     gives up 124.00 (5% of the qualifying earnings of her 3,000), the
//     employer pays it into the scheme with its own 74.40; pay 2,876:
//     PAYE 365.40 as Nell; NI 8% × (2,876 − 1,048) = 146.24, employer
//     15% × (2,876 − 417) = 368.85; net 2,876 − 365.40 − 146.24 =
//     2,364.36.
func TestAuditUKPensionSacrificeNetPayAndReliefAtSource(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "NEST"})
		plan := func(name, typ string, ee, ss float64) int64 {
			return id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": name, "calculateOnQualifyingEarnings": true,
				"pensionType": typ, "employeeContribution": ee, "employerContribution": 3, "salarySacrifice": ss})
		}
		netPay, ras, sacrifice := plan("QE net pay", "NetPay", 5, 0), plan("QE RAS", "ReliefAtSource", 5, 0), plan("QE sacrifice", "NetPay", 0, 5)
		who := map[string]int64{}
		for name, p := range map[string]int64{"Nell": netPay, "Rosa": ras, "Sami": sacrifice} {
			emp := e.employee(t, name, "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
			e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": p,
				"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
			who[name] = emp
		}
		P := e.run(t, "2026-04-30", 0, 0)
		for _, c := range []struct {
			name                            string
			paye, ee, er, net, eePen, erPen float64
		}{
			{"Nell", 365.40, 156.16, 387.45, 2354.44, 124, 74.40},
			{"Rosa", 390.20, 156.16, 387.45, 2354.44, 99.20, 74.40},
			{"Sami", 365.40, 146.24, 368.85, 2364.36, 124, 74.40},
		} {
			tot := e.totals(t, P, who[c.name])
			expectAmount(t, c.name+" PAYE", tot["payeWithheld"], c.paye)
			expectAmount(t, c.name+" employee NI", tot["employeeNationalInsuranceContribution"], c.ee)
			expectAmount(t, c.name+" employer NI", tot["employerNationalInsuranceContribution"], c.er)
			expectAmount(t, c.name+" net", tot["netEarnings"], c.net)
			expectAmount(t, c.name+" employee pension", tot["employeePensionContribution"], c.eePen)
			expectAmount(t, c.name+" employer pension", tot["employerPensionContribution"], c.erPen)
		}
	})
}

// A K code's regulatory limit (Income Tax (PAYE) Regulations 2003 reg
// 23(3)-(4); Specification for PAYE Tax Table Routines 4.5: the tax of a
// period is at most 50% of that period's pay; on a cumulative code what
// could not be taken stays due and is collected later). Kit joins on 1
// February 2027 on K800 cumulative, £2,000 a month, category A.
// K800 additional pay a month: one £416.67 box (⌊799 ÷ 500⌋ = 1) + (300
// × 10 + 9) ÷ 12 = 250.75: 667.42.
//   - Month 11 (28 February 2027): taxable to date 2,000 + 11 × 667.42 =
//     9,341.62 → 9,341 × 20% = 1,868.20 due; limit 50% × 2,000 =
//     1,000.00: PAYE 1,000.00. NI 8% × (2,000 − 1,048) = 76.16.
//   - Month 12 (31 March 2027) with a £3,000 bonus: pay to date 7,000 +
//     12 × 667.42 = 15,009.04 → 15,009 × 20% = 3,001.80, less 1,000.00
//     paid = 2,001.80, under the limit 50% × 5,000 = 2,500: PAYE
//     2,001.80. NI 8% × (4,189 − 1,048) + 2% × (5,000 − 4,189) = 251.28 +
//     16.22 = 267.50.
func TestAuditUKKCodeRegulatoryLimitThenBonus(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		kit := e.employee(t, "Kit", "Monthly", map[string]any{"rate": 2000, "rateUnit": "Fixed", "taxCode": "K800", "nationalInsuranceCategory": "A",
			"startDate": "2027-02-01T00:00:00"})
		P := e.run(t, "2027-02-28", 0, 0)
		tot := e.totals(t, P, kit)
		expectAmount(t, "month 11 PAYE", tot["payeWithheld"], 1000)
		expectAmount(t, "month 11 NI", tot["employeeNationalInsuranceContribution"], 76.16)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		tot = e.totals(t, e.run(t, "2027-03-31", kit, 3000), kit)
		expectAmount(t, "month 12 PAYE", tot["payeWithheld"], 2001.80)
		expectAmount(t, "month 12 NI", tot["employeeNationalInsuranceContribution"], 267.50)
	})
}

// A joiner without a P45 on the emergency code 1257L month 1 (GOV.UK,
// "Tell HMRC about a new employee": statement B/C without a P45 →
// emergency code on a non-cumulative basis), then the P45 arrives and the
// code is operated cumulatively with its figures (HMRC, "P45: what to do
// when an employee gives you one": use the P45's pay and tax to date).
// Jo joins on 1 July 2026 at £3,000 a month.
//   - July (month 4), 1257L M1: 3,000 − 1,048.26 = 1,951.74 → 1,951 ×
//     20% = 390.20; NI 8% × (3,000 − 1,048) = 156.16.
//   - The P45 arrives: £9,000 pay and £1,000 tax to date, left 15 June
//     2026 on 1257L cumulative. August (month 5), cumulative: pay to date
//     9,000 + 3,000 + 3,000 = 15,000; free pay 5 × 1,048.26 = 5,241.30;
//     9,758.70 → 9,758 × 20% = 1,951.60; less 1,000.00 + 390.20 paid =
//     561.40. NI 156.16.
func TestAuditUKEmergencyCodeThenP45(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		jo := e.employee(t, "Jo", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "taxCalculationMethod": "NonCumulative",
			"nationalInsuranceCategory": "A", "startDate": "2026-07-01T00:00:00"})
		P := e.run(t, "2026-07-31", 0, 0)
		tot := e.totals(t, P, jo)
		expectAmount(t, "July PAYE", tot["payeWithheld"], 390.20)
		expectAmount(t, "July NI", tot["employeeNationalInsuranceContribution"], 156.16)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, jo), e.Key, map[string]any{"taxCalculationMethod": "Cumulative",
			"previousEmployerTaxablePay": 9000, "previousEmployerTaxWithheld": 1000, "previousEmployerLeavingDate": "2026-06-15T00:00:00",
			"previousEmployerTaxCode": "1257L", "previousEmployerW1M1": false}).Expect(t, 200)
		tot = e.totals(t, e.run(t, "2026-08-31", 0, 0), jo)
		expectAmount(t, "August PAYE", tot["payeWithheld"], 561.40)
		expectAmount(t, "August NI", tot["employeeNationalInsuranceContribution"], 156.16)
	})
}

// A Scottish taxpayer with a Plan 4 student loan and a postgraduate loan,
// and a Welsh taxpayer, month 1 (April 2026), cumulative, category A.
// Scottish 2026-27 bands above the allowance (Scottish Rate Resolution
// S6M-20844): 19% to 3,967, 20% to 16,956, 21% to 31,092, 42% to 62,430;
// month 1 thresholds c = 330.5833, 1,413.0000, 2,591.0000, 5,202.5000,
// threshold taxes built band by band (uk-paye.md): k1 = 62.8108, k2 =
// trunc4(62.8108 + 1,082.4167 × 20%) = 279.2941, k3 = trunc4(279.2941 +
// 1,178 × 21%) = 526.6741.
//   - Sco, S1257L, £4,000: 4,000 − 1,048.26 = 2,951.74 → 2,951 (higher
//     band): 526.6741 + 360 × 42% = 677.8741 → 677.87. Plan 4 (monthly
//     threshold 33,795 ÷ 12 = 2,816.25): 9% × 1,183.75 = 106.53 → £106;
//     postgraduate (1,750.00): 6% × 2,250 = 135.00 → £135; NI 8% × (4,000
//     − 1,048) = 236.16.
//   - Wyn, C1257L, £6,000 (Welsh rates = rUK, Welsh Rate Resolution
//     NDM9117): 6,000 − 1,048.26 = 4,951.74 → 4,951; basic band 37,700 ÷
//     12 = 3,141.6666, its tax 628.3333; 628.3333 + (4,951 − 3,141.6666)
//     × 40% = 1,352.0666 → 1,352.06. NI 8% × (4,189 − 1,048) + 2% ×
//     (6,000 − 4,189) = 251.28 + 36.22 = 287.50.
func TestAuditUKScottishLoansAndWelshCode(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		sco := e.employee(t, "Sco", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Fixed", "taxCode": "S1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan4", "hasPostGradLoan": true})
		wyn := e.employee(t, "Wyn", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Fixed", "taxCode": "C1257L", "nationalInsuranceCategory": "A"})
		P := e.run(t, "2026-04-30", 0, 0)
		tot := e.totals(t, P, sco)
		expectAmount(t, "Scottish PAYE", tot["payeWithheld"], 677.87)
		expectAmount(t, "Scottish NI", tot["employeeNationalInsuranceContribution"], 236.16)
		expectAmount(t, "Plan 4", tot["studentLoanAmount"], 106)
		expectAmount(t, "postgraduate loan", tot["postGradLoanAmount"], 135)
		tot = e.totals(t, P, wyn)
		expectAmount(t, "Welsh PAYE", tot["payeWithheld"], 1352.06)
		expectAmount(t, "Welsh NI", tot["employeeNationalInsuranceContribution"], 287.50)
	})
}

// Directors' NI over a whole year (SSCR 2001 reg 8(3): a director at the
// start of the tax year has an annual earnings period; HMRC CA44: under
// the alternative arrangements each payment is NI'd on the ordinary
// period, and the year is recalculated on the annual period at the last
// payment; docs/reference/uk-directors-ni.md). Annual thresholds 2026-27:
// PT 12,570, ST 5,000, UEL 50,270. Monthly, 1257L, category A, directors
// all year.
//   - Ada, annual method, £2,000 a month: NI earnings to date month 6
//     12,000 ≤ PT, so no employee NI in months 1-6 (an employee would pay
//     8% × 952 = 76.16 a month); month 7: 8% × (14,000 − 12,570) =
//     114.40; month 12: 8% × (24,000 − 12,570) = 914.40 to date, less
//     754.40 paid (months 7-11: 114.40 + 4 × 160) = 160.00. Employer: no
//     NI until earnings to date pass 5,000: month 3 15% × (6,000 − 5,000)
//     = 150.00.
//   - Ben, alternative arrangements, £1,000 a month and a £10,000 bonus in
//     month 12: months 1-11 per month, employee nil (1,000 < 1,048),
//     employer 15% × (1,000 − 417) = 87.45; month 12 on the annual basis:
//     earnings 22,000: employee 8% × (22,000 − 12,570) = 754.40 less 0
//     paid = 754.40; employer 15% × (22,000 − 5,000) = 2,550.00 less 11 ×
//     87.45 = 961.95 paid = 1,588.05.
func TestAuditUKDirectorsAnnualAndAlternative(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		dir := func(name string, rate float64, method string) int64 {
			return e.employee(t, name, "Monthly", map[string]any{"rate": rate, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"isCompanyDirector": "true", "appointmentStartDate": "2020-01-01T00:00:00", "nationalInsuranceCalculationMethod": method})
		}
		ada, ben := dir("Ada", 2000, "Cumulative"), dir("Ben", 1000, "NonCumulative")
		days := []string{"2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31", "2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30",
			"2026-12-31", "2027-01-31", "2027-02-28"}
		for i, day := range days {
			P := e.run(t, day, 0, 0)
			a, b := e.totals(t, P, ada), e.totals(t, P, ben)
			switch i + 1 {
			case 1, 6:
				expectAmount(t, fmt.Sprintf("Ada month %d employee NI", i+1), a["employeeNationalInsuranceContribution"], 0)
			case 3:
				expectAmount(t, "Ada month 3 employer NI", a["employerNationalInsuranceContribution"], 150)
			case 7:
				expectAmount(t, "Ada month 7 employee NI", a["employeeNationalInsuranceContribution"], 114.40)
			}
			expectAmount(t, fmt.Sprintf("Ben month %d employee NI", i+1), b["employeeNationalInsuranceContribution"], 0)
			expectAmount(t, fmt.Sprintf("Ben month %d employer NI", i+1), b["employerNationalInsuranceContribution"], 87.45)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2027-03-31", ben, 10000)
		a, b := e.totals(t, P, ada), e.totals(t, P, ben)
		expectAmount(t, "Ada month 12 employee NI", a["employeeNationalInsuranceContribution"], 160)
		expectAmount(t, "Ben month 12 employee NI", b["employeeNationalInsuranceContribution"], 754.40)
		expectAmount(t, "Ben month 12 employer NI", b["employerNationalInsuranceContribution"], 1588.05)
	})
}

// SMP where 90% of average weekly earnings is below the flat rate
// (SSCBA 1992 s 166(1)-(2); Statutory Maternity Pay (General) Regulations
// 1986 reg 6: the first 6 weeks at 90% of AWE, the other 33 at the lower
// of the flat rate and 90% of AWE; flat rate 2026-27 £194.32,
// payroll-rules-2026-27.md §2.7). Mae earns £200 a week (AWE 200 ≥ LEL
// 129): 90% = 180.00 < 194.32, so all 39 weeks are 180.00 (7,020.00).
// Her leave starts Sunday 28 June 2026 (39 weeks to Saturday 27 March
// 2027, all in 2026-27). The weekly run Sunday 28 June - Saturday 4 July
// pays one SMP week, 180.00, in place of her salary.
func TestAuditUKSMPBelowTheFlatRateAllWeeks(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		mae := e.employee(t, "Mae", "Weekly", map[string]any{"rate": 200, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"gender": "Female"})
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, mae)
		smp := int64(num(t, e.Do("POST", SL+"smp", e.Key, map[string]any{"startDate": "2026-06-28T00:00:00", "endDate": "2027-03-27T00:00:00",
			"babyDueDate": "2026-07-15T00:00:00", "averageWeeklyEarningsOverride": 200}).Expect(t, 200).Map(t)["id"]))
		c := e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, smp), e.Key, nil).Expect(t, 200).Map(t)
		pays := c["payments"].([]any)
		var sum float64
		for i, p := range pays {
			m := p.(map[string]any)
			if num(t, m["weeklyRate"]) != 180 {
				t.Errorf("week %d rate %v, want 180.00", i+1, m["weeklyRate"])
			}
			sum += num(t, m["amount"])
		}
		if len(pays) != 39 || fmt.Sprintf("%.2f", sum) != "7020.00" {
			t.Errorf("%d SMP weeks summing to %.2f, want 39 and 7,020.00", len(pays), sum)
		}
		P := e.run(t, "2026-07-04", 0, 0)
		expectAmount(t, "week of SMP gross", e.totals(t, P, mae)["grossEarnings"], 180)
	})
}

// A director who stops being a director during the year and stays on as
// an employee keeps the annual earnings period to the end of that tax
// year (SSCR 2001 reg 8(3); HMRC NIM12022, NIM12024: "If the director
// becomes an employee of the same company, the NICs due on earnings
// received as an employee must also be calculated using the director's
// earnings period"). Dot, a director at 6 April 2026 on the annual
// method, £3,000 a month, resigns her directorship on 30 September 2026
// (appointmentEndDate; no longer a director). NI to date: months 1-4
// 12,000 ≤ PT 12,570, nil; month 5 8% × (15,000 − 12,570) = 194.40;
// month 6 8% × 5,430 = 434.40 to date: 240.00; October (month 7),
// still the annual period: 8% × (21,000 − 12,570) = 674.40 to date, less
// 434.40 = 240.00 (per month as an ordinary employee it would be 8% ×
// (3,000 − 1,048) = 156.16).
func TestAuditUKDirectorResignsMidYearKeepsAnnualPeriod(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		dot := e.employee(t, "Dot", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"isCompanyDirector": "true", "appointmentStartDate": "2019-05-01T00:00:00", "nationalInsuranceCalculationMethod": "Cumulative"})
		for i, day := range []string{"2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31", "2026-08-31", "2026-09-30"} {
			P := e.run(t, day, 0, 0)
			want := map[int]float64{4: 0, 5: 194.40, 6: 240}[i+1]
			expectAmount(t, fmt.Sprintf("month %d employee NI", i+1), e.totals(t, P, dot)["employeeNationalInsuranceContribution"], want)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, dot), e.Key, map[string]any{"isCompanyDirector": "false",
			"appointmentEndDate": "2026-09-30T00:00:00"}).Expect(t, 200)
		expectAmount(t, "October employee NI", e.totals(t, e.run(t, "2026-10-31", 0, 0), dot)["employeeNationalInsuranceContribution"], 240)
	})
}

// A director appointed during the year on the alternative arrangements
// (HMRC CA44: NI per pay period, recalculated at the year's last payment
// on the director's earnings period, here the pro-rata one: SSCR 2001 reg
// 8(2), NIM12022; thresholds yearly ÷ 52 × weeks rounded up to the pound,
// NIM01206: 27 weeks from tax week 26, PT 6,527, ST 2,597, UEL 26,102).
// Ida is appointed and starts on 1 October 2026, £1,000 a month, and is
// paid £6,000 in March 2027:
//   - October to February, per month: employee nil (1,000 < 1,048),
//     employer 15% × (1,000 − 417) = 87.45;
//   - March (month 12), the recalculation: earnings 5 × 1,000 + 6,000 =
//     11,000: employee 8% × (11,000 − 6,527) = 357.84 less 0 paid;
//     employer 15% × (11,000 − 2,597) = 1,260.45 less 5 × 87.45 = 437.25
//     paid = 823.20.
func TestAuditUKDirectorAppointedInYearAlternativeArrangements(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		ida := e.employee(t, "Ida", "Monthly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"isCompanyDirector": "true", "appointmentStartDate": "2026-10-01T00:00:00", "nationalInsuranceCalculationMethod": "NonCumulative",
			"startDate": "2026-10-01T00:00:00"})
		for _, day := range []string{"2026-10-31", "2026-11-30", "2026-12-31", "2027-01-31", "2027-02-28"} {
			P := e.run(t, day, 0, 0)
			tot := e.totals(t, P, ida)
			expectAmount(t, day+" employee NI", tot["employeeNationalInsuranceContribution"], 0)
			expectAmount(t, day+" employer NI", tot["employerNationalInsuranceContribution"], 87.45)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		tot := e.totals(t, e.run(t, "2027-03-31", ida, 5000), ida)
		expectAmount(t, "March employee NI", tot["employeeNationalInsuranceContribution"], 357.84)
		expectAmount(t, "March employer NI", tot["employerNationalInsuranceContribution"], 823.20)
	})
}

// Student loans with pension contributions (Education (Student Loans)
// (Repayment) Regulations 2009 reg 29: repayments are worked on the
// earnings for Class 1 NI of the period; a net pay arrangement reduces
// taxable pay, not NI earnings; a salary sacrifice reduces both — HMRC,
// "Salary sacrifice for employers"). Plan 2 monthly threshold 29,385 ÷ 12
// = 2,448.75, 9%, rounded down to the pound. £3,000 a month, 5% of all
// pensionable pay (150.00), April 2026, 1257L cumulative:
//   - Lou, net pay: loan 9% × (3,000 − 2,448.75) = 49.61 → 49; PAYE on
//     2,850: 2,850 − 1,048.26 = 1,801.74 → 1,801 × 20% = 360.20;
//   - Sal, salary sacrifice: pay 2,850: loan 9% × (2,850 − 2,448.75) =
//     36.11 → 36; PAYE 360.20; NI 8% × (2,850 − 1,048) = 144.16.
func TestAuditUKStudentLoanWithNetPayAndSacrifice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		scheme := id(e.B+"/pensionscheme", map[string]any{"name": "Scheme"})
		plan := func(name string, ee, ss float64) int64 {
			return id(fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), map[string]any{"contributionPlanName": name, "calculateOnQualifyingEarnings": false,
				"pensionType": "NetPay", "employeeContribution": ee, "employerContribution": 3, "salarySacrifice": ss})
		}
		netPay, sacrifice := plan("Full net pay", 5, 0), plan("Full sacrifice", 0, 5)
		who := map[string]int64{}
		for name, p := range map[string]int64{"Lou": netPay, "Sal": sacrifice} {
			emp := e.employee(t, name, "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"hasStudentLoan": true, "studentLoanType": "Plan2"})
			e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, emp), e.Key, map[string]any{"pensionSchemeContributionPlanId": p,
				"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
			who[name] = emp
		}
		P := e.run(t, "2026-04-30", 0, 0)
		lou, sal := e.totals(t, P, who["Lou"]), e.totals(t, P, who["Sal"])
		expectAmount(t, "Lou student loan", lou["studentLoanAmount"], 49)
		expectAmount(t, "Lou PAYE", lou["payeWithheld"], 360.20)
		expectAmount(t, "Sal student loan", sal["studentLoanAmount"], 36)
		expectAmount(t, "Sal PAYE", sal["payeWithheld"], 360.20)
		expectAmount(t, "Sal NI", sal["employeeNationalInsuranceContribution"], 144.16)
	})
}

// A student loan stop notice (HMRC, "Student loan and postgraduate loan
// deductions": on a stop notice (SL2) the employer stops the deductions
// from the next payday). Stu, £3,000 a month, Plan 2 (monthly threshold
// 2,448.75): April 2026 9% × 551.25 = 49.61 → 49. HMRC's stop notice
// arrives; the bureau records it (hasStudentLoan false, the plan type
// kept for the record): May 2026, no deduction.
func TestAuditUKStudentLoanStopNotice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		stu := e.employee(t, "Stu", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan2"})
		P := e.run(t, "2026-04-30", 0, 0)
		expectAmount(t, "April student loan", e.totals(t, P, stu)["studentLoanAmount"], 49)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, stu), e.Key, map[string]any{"hasStudentLoan": false}).Expect(t, 200)
		expectAmount(t, "May student loan", e.totals(t, e.run(t, "2026-05-31", 0, 0), stu)["studentLoanAmount"], 0)
	})
}

// Tax codes a bureau meets on P6/P9 notices, month 1 (April 2026), £3,000,
// cumulative (Specification for PAYE Tax Table Routines; payroll-rules-
// 2026-27.md §2.1-2.3; HMRC, "Tax codes": M = marriage allowance
// received, D0/D1 all pay at the higher/additional rate, SD0 at the
// Scottish intermediate rate 21%, NT no tax, C0T Welsh with no allowance):
//   - 1383M: free pay two £416.67 boxes (⌊1,382 ÷ 500⌋) + (383 × 10 + 9)
//     ÷ 12 = 319.92: 1,153.26; 3,000 − 1,153.26 = 1,846.74 → 1,846 × 20%
//     = 369.20;
//   - D0: 40% × 3,000 = 1,200.00; D1: 45% = 1,350.00; SD0: 21% = 630.00;
//   - NT: 0;
//   - C0T: no free pay, 3,000 within the month-1 basic band 3,141.66:
//     20% × 3,000 = 600.00.
func TestAuditUKNoticeTaxCodes(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		want := map[string]float64{"1383M": 369.20, "D0": 1200, "D1": 1350, "SD0": 630, "NT": 0, "C0T": 600}
		who := map[string]int64{}
		for code := range want {
			who[code] = e.employee(t, "Code"+code, "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": code, "nationalInsuranceCategory": "A"})
		}
		P := e.run(t, "2026-04-30", 0, 0)
		for code, paye := range want {
			expectAmount(t, code+" PAYE", e.totals(t, P, who[code])["payeWithheld"], paye)
		}
	})
}

// A director on the alternative arrangements who leaves during the year:
// the final payment is worked on the annual earnings period (SSCR 2001
// reg 8(3): the director's earnings period is the year "whether or not he
// remains such a director throughout that year"; the alternative
// arrangements only spread the payments, and "by the end of the tax year,
// the total NICs for the year must be as much as if the annual earnings
// period had been used ... if the alternative method is used, the NICs on
// the final payment of earnings [for a director who is leaving] must be
// calculated using an annual earnings period": payroll-help.com, "NICs for
// directors leaving mid-year", after HMRC CA44). Lee, director all year,
// alternative arrangements, £1,000 a month, leaves on 31 August 2026 with
// a £10,000 bonus in her final pay (month 5):
//   - April to July, per month: employee nil, employer 15% × (1,000 −
//     417) = 87.45;
//   - August, annual: earnings 4 × 1,000 + 11,000 = 15,000: employee 8% ×
//     (15,000 − 12,570) = 194.40 (per month it would be 251.28 + 2% ×
//     (11,000 − 4,189) = 387.50); employer 15% × (15,000 − 5,000) =
//     1,500.00 less 4 × 87.45 = 349.80: 1,150.20 (per month 1,587.45).
func TestAuditUKAlternativeDirectorLeavingMidYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"isCompanyDirector": "true", "appointmentStartDate": "2019-05-01T00:00:00", "nationalInsuranceCalculationMethod": "NonCumulative"})
		for _, day := range []string{"2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31"} {
			P := e.run(t, day, 0, 0)
			expectAmount(t, day+" employer NI", e.totals(t, P, lee)["employerNationalInsuranceContribution"], 87.45)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-08-31", lee, 10000)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lee, "terminationReason": "Resignation", "terminationDate": "2026-08-31T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, lee)
		expectAmount(t, "August employee NI", tot["employeeNationalInsuranceContribution"], 194.40)
		expectAmount(t, "August employer NI", tot["employerNationalInsuranceContribution"], 1150.20)
	})
}
