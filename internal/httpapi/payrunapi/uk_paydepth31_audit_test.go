package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth31: a further UK audit round for 2026-27, paid through the API
// as a bureau does it. Every figure is derived by hand from HMRC's rules
// (payroll-rules-2026-27.md §2: codes and bands §2.1-2.3, NI thresholds
// and letters §2.4, loans §2.5, statutory payments §2.7, NMW §2.8) and
// the tax table routines' arithmetic (docs/reference/uk-paye.md: 1257L
// free pay 241.92 a week, 1,048.26 a month; thresholds to date annual ×
// n ÷ 52 or 12 truncated to 4 dp; taxable pay floored to the pound; tax
// floored to the penny), not from our output.

// Tax week 53 on a weekly payroll with a bonus pushing past the week-1
// basic-rate band, and week 54 on a fortnightly payroll (HMRC's
// Specification for PAYE Tax Table Routines, "Payments in weeks 53, 54 or
// 56": the code is operated on the week 1 basis for the weeks the period
// covers, whatever its basis; HMRC CWG2 "Week 53 payments"; NI is worked
// per period on the period's own thresholds):
//   - Wes, £700 a week on 1257L cumulative, paid on Monday 5 April 2027
//     (tax week 53) with a £500 bonus: week-1 free pay 241.92; taxable
//     1,200 − 241.92 = 958.08 → 958; week-1 basic band 37,700 ÷ 52 =
//     725.0000, its tax 7,540 ÷ 52 = 145.0000; 145.00 + (958 − 725) × 40%
//     = 238.20. NI weekly PT 242, UEL 967, ST 96: 8% × 725 = 58.00 + 2% ×
//     233 = 4.66: 62.66; employer 15% × (1,200 − 96) = 165.60.
//   - Fae, £2,000 a fortnight on 1257L, paid 5 April 2027 (week 53, the
//     fortnight's week 54): week-1 basis for 2 weeks: free pay 2 × 241.92
//     = 483.84; 1,516.16 → 1,516; band 1,450.0000, tax 290.0000; 290.00 +
//     66 × 40% = 316.40. NI fortnightly PT 484, UEL 1,934: 8% × 1,450 =
//     116.00 + 2% × 66 = 1.32: 117.32.
func TestAuditUKWeek53BonusAndFortnightlyWeek54(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		wes := e.employee(t, "Wes", "Weekly", map[string]any{"rate": 700, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		tot := e.totals(t, e.run(t, "2027-04-05", wes, 500), wes)
		expectAmount(t, "week 53 gross", tot["grossEarnings"], 1200)
		expectAmount(t, "week 53 PAYE", tot["payeWithheld"], 238.20)
		expectAmount(t, "week 53 employee NI", tot["employeeNationalInsuranceContribution"], 62.66)
		expectAmount(t, "week 53 employer NI", tot["employerNationalInsuranceContribution"], 165.60)
		f := *e
		f.schedule = int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Fortnightly", "frequency": "Fortnightly"}).Expect(t, 200).Map(t)["id"]))
		fae := f.employee(t, "Fae", "Fortnightly", map[string]any{"rate": 2000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		tot = f.totals(t, f.run(t, "2027-04-05", 0, 0), fae)
		expectAmount(t, "week 54 PAYE", tot["payeWithheld"], 316.40)
		expectAmount(t, "week 54 employee NI", tot["employeeNationalInsuranceContribution"], 117.32)
	})
}

// A director on the annual earnings period across a bonus month (SSCR 2001
// reg 8(3); HMRC CA44; docs/reference/uk-directors-ni.md: NI on earnings
// to date against the annual thresholds PT 12,570, UEL 50,270, ST 5,000,
// less NI already paid):
//   - Dev, director all year, £4,000 a month, 1257L, category A; a
//     £20,000 bonus in July (month 4).
//   - Months 1-3: earnings to date 4,000 / 8,000 / 12,000 ≤ PT: no
//     employee NI (an employee would pay 8% × 2,952 = 236.16 a month).
//     Employer: month 1 nil (4,000 ≤ 5,000); month 2 15% × 3,000 =
//     450.00; month 3 15% × 7,000 = 1,050.00 − 450.00 = 600.00.
//   - Month 4: earnings 36,000: employee 8% × (36,000 − 12,570) =
//     1,874.40, none paid before; employer 15% × 31,000 = 4,650.00 −
//     1,050.00 = 3,600.00. (An employee would pay 8% × 3,141 + 2% ×
//     19,811 = 647.50.)
//   - Month 5: 40,000: 8% × 27,430 = 2,194.40 − 1,874.40 = 320.00.
//   - PAYE month 4 (cumulative): 36,000 − 4 × 1,048.26 = 31,806.96 →
//     31,806; band 37,700 × 4 ÷ 12 = 12,566.6666, its tax 2,513.3333;
//     2,513.3333 + 19,239.3334 × 40% = 10,209.0666 → 10,209.06; month 3 to
//     date 12,000 − 3,144.78 = 8,855.22 → 8,855 × 20% = 1,771.00; month 4
//     PAYE 8,438.06.
func TestAuditUKDirectorAnnualNIAcrossABonusMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		dev := e.employee(t, "Dev", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"isCompanyDirector": "true", "appointmentStartDate": "2020-01-01T00:00:00", "nationalInsuranceCalculationMethod": "Cumulative"})
		want := []struct {
			day     string
			bonus   float64
			ee, er  float64
			paye    float64
			checkPA bool
		}{
			{"2026-04-30", 0, 0, 0, 0, false},
			{"2026-05-31", 0, 0, 450, 0, false},
			{"2026-06-30", 0, 0, 600, 0, false},
			{"2026-07-31", 20000, 1874.40, 3600, 8438.06, true},
			{"2026-08-31", 0, 320, 600, 0, false},
		}
		for _, w := range want {
			P := e.run(t, w.day, dev, w.bonus)
			tot := e.totals(t, P, dev)
			expectAmount(t, w.day+" employee NI", tot["employeeNationalInsuranceContribution"], w.ee)
			expectAmount(t, w.day+" employer NI", tot["employerNationalInsuranceContribution"], w.er)
			if w.checkPA {
				expectAmount(t, w.day+" PAYE", tot["payeWithheld"], w.paye)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
	})
}

// A joiner part-way through a month on a cumulative code with a P45 whose
// previous pay crossed the higher-rate threshold (HMRC "New employee
// with a P45": use the P45's pay and tax to date with the code
// cumulatively; part-period pay by calendar days, part-period-pay.md):
//   - Jon, £60,000 a year (£5,000 a month), 1257L, joins Monday 16
//     November 2026 with a P45 (left 31 October: pay 35,000.00, tax
//     6,000.00). November (month 8): 5,000 × 15 ÷ 30 = 2,500.00.
//   - Pay to date 37,500.00 − 8 × 1,048.26 = 8,386.08 → 29,113.92 →
//     29,113; band 37,700 × 8 ÷ 12 = 25,133.3333, its tax 7,540 × 8 ÷ 12
//     = 5,026.6666; 5,026.6666 + (29,113 − 25,133.3333) × 40% =
//     5,026.6666 + 1,591.86668 = 6,618.5333 → 6,618.53; less the P45's
//     6,000.00 = 618.53.
//   - NI 8% × (2,500 − 1,048) = 116.16; employer 15% × (2,500 − 417) =
//     312.45.
//   - FPS: the starter's figures (P45 pay and tax to date) are not this
//     employment's: taxable pay to date 2,500.00, tax 618.53.
func TestAuditUKMidMonthJoinerP45AboveHigherRate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		jon := e.employee(t, "Jon", "Monthly", map[string]any{"rate": 60000, "rateUnit": "Annually", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-11-16T00:00:00", "previousEmployerTaxablePay": 35000, "previousEmployerTaxWithheld": 6000,
			"previousEmployerLeavingDate": "2026-10-31T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-11-30", 0, 0), jon)
		expectAmount(t, "gross", tot["grossEarnings"], 2500)
		expectAmount(t, "PAYE", tot["payeWithheld"], 618.53)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 116.16)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 312.45)
	})
}

// A salary sacrifice into a pension that takes pay below the LEL and the
// NMW (GOV.UK "Salary sacrifice for employers": the pay given up is not
// NI-able, and a sacrifice must not reduce cash earnings below the NMW;
// NMW Regs 2015 reg 12(2)(a) via docs/reference/uk-minimum-wage.md):
//   - Sid, 21+, £650 a month for 10 hours a week (hours a month 10 × 52 ÷
//     12 = 43.33; 650 ÷ 43.33 = 15.00 an hour ≥ 12.71), 1257L, gives up
//     20% of all pay to the pension: 130.00; pay 520.00.
//   - 520 < monthly LEL 559 and < PT 1,048: no employee NI; above the ST
//     417 the employer still owes 15% × (520 − 417) = 15.45 (SSCBA 1992 s
//     6(1)(b): secondary Class 1 above the ST, no LEL condition since
//     2000); no PAYE (520 < 1,048.26 free pay). FPS: gross for NICs 520.00, nothing at the LEL (below it,
//     so the year does not count for his record).
//   - NMW: 520.00 < 12.71 × 43.3333 = 550.76 (NMW pay after the
//     sacrifice): warned, naming 520.00.
func TestAuditUKSacrificeBelowLELAndMinimumWage(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		scheme := int64(num(t, e.Do("POST", e.B+"/pensionscheme", e.Key, map[string]any{"name": "NEST"}).Expect(t, 200).Map(t)["id"]))
		plan := int64(num(t, e.Do("POST", fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), e.Key, map[string]any{"contributionPlanName": "All pay sacrifice",
			"calculateOnQualifyingEarnings": false, "pensionType": "NetPay", "employeeContribution": 0, "employerContribution": 3, "salarySacrifice": 20}).Expect(t, 200).Map(t)["id"]))
		sid := e.employee(t, "Sid", "Monthly", map[string]any{"rate": 650, "rateUnit": "Fixed", "hoursPerWeek": 10, "taxCode": "1257L", "gender": "Male",
			"nationalInsuranceCategory": "A", "dateOfBirth": "1990-01-01T00:00:00", "startDate": "2025-01-06T00:00:00"})
		e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension/membership", e.B, sid), e.Key, map[string]any{"pensionSchemeContributionPlanId": plan,
			"startDate": "2026-04-06T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-05-31", 0, 0)
		tot := e.totals(t, P, sid)
		expectAmount(t, "PAYE", tot["payeWithheld"], 0)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 0)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 15.45)
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		warned := ""
		for _, w := range warns {
			if w["warningType"] == "BelowMinimumWage" && int64(num(t, w["employeeId"])) == sid {
				warned = fmt.Sprint(w["warning"])
			}
		}
		if !strings.Contains(warned, "520.00") {
			t.Errorf("NMW warning %q, want one naming 520.00", warned)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])}).Expect(t, 200).Map(t)
		ni := fps["employees"].([]any)[0].(map[string]any)["niLettersAndValues"].([]any)[0].(map[string]any)
		for k, v := range map[string]float64{"grossEarningsForNICsInPd": 520, "atLELYTD": 0, "lelToPTYTD": 0} {
			expectAmount(t, "FPS "+k, ni[k], v)
		}
	})
}

// SPP after the birth, for a salaried employee paid monthly (SSCBA 1992 s
// 171ZE: the lower of the flat rate 194.32 (2026-27) and 90% of AWE; the
// run pays the statutory pay in place of salary for the working days
// absent, internal/uk/statutoryleave doc: the salary loses amount × absent
// working days ÷ the period's working days):
//   - Pat, £3,000 a month (AWE 3,000 × 12 ÷ 52 = 692.31; 90% = 623.08 >
//     194.32), BR, baby born Friday 6 November 2026; SPP Sunday 8 to
//     Saturday 21 November: 2 × 194.32 = 388.64.
//   - November has 21 working days (Mon-Fri); 10 absent (9-13, 16-20):
//     salary 3,000 − 3,000 × 10 ÷ 21 (1,428.57) = 1,571.43.
//   - Gross 1,960.07; PAYE BR on pay to date floored to the pound: 1,960 ×
//     20% = 392.00; NI 8% × (1,960.07 − 1,048) = 72.9656 → 72.96 (HMRC's
//     exact percentage method looks at the third decimal only, 5 or less
//     down: payroll-rules.md §2.4); employer 15% × (1,960.07 − 417) =
//     231.4605 → 231.46.
func TestAuditUKPaternityPayWithSalaryInTheMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		pat := e.employee(t, "Pat", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"startDate": "2025-01-06T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/spp", e.B, pat), e.Key, map[string]any{"startDate": "2026-11-08T00:00:00",
			"endDate": "2026-11-21T00:00:00", "babyDueDate": "2026-11-06T00:00:00", "averageWeeklyEarningsOverride": 692.31}).Expect(t, 200)
		tot := e.totals(t, e.run(t, "2026-11-30", 0, 0), pat)
		expectAmount(t, "gross", tot["grossEarnings"], 1960.07)
		expectAmount(t, "PAYE", tot["payeWithheld"], 392)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 72.96)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 231.46)
	})
}

// SMP starting in February 2027 and running past 5 April 2027 (SSCBA 1992
// s 166; SMP (General) Regs 1986 reg 6): the first six weeks at 90% of
// AWE whatever the year; later weeks at the lower of 90% and the flat rate
// of the week's year, uprated for weeks beginning on or after the first
// Sunday in April (4 April 2027). The 2027-28 flat rate is not in the
// rules files: those weeks are not paid and say so; nothing is guessed.
//   - Mo, AWE 600.00 (override): 90% = 540.00. Leave from Sunday 14
//     February 2027 (baby due Saturday 20 February): weeks 1-6 (14
//     February - 27 March) 540.00; week 7 (28 March - 3 April, 2026-27)
//     min(540.00, 194.32) = 194.32; weeks 8-39 from 4 April 2027: not
//     included (rate unknown), the log a Warning.
//   - Paid so far is 6 × 540.00 + 194.32 = 3,434.32.
func TestAuditUKSMPAcrossTheTaxYearUnknownRate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		mo := e.employee(t, "Mo", "Monthly", map[string]any{"rate": 2600, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"gender": "Female", "startDate": "2025-01-06T00:00:00"})
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, mo)
		smp := int64(num(t, e.Do("POST", SL+"smp", e.Key, map[string]any{"startDate": "2027-02-14T00:00:00", "endDate": "2027-11-13T00:00:00",
			"babyDueDate": "2027-02-20T00:00:00", "averageWeeklyEarningsOverride": 600}).Expect(t, 200).Map(t)["id"]))
		c := e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, smp), e.Key, nil).Expect(t, 200).Map(t)
		pays := c["payments"].([]any)
		if len(pays) != 39 {
			t.Fatalf("%d SMP weeks, want 39", len(pays))
		}
		var included float64
		for i, p := range pays {
			m := p.(map[string]any)
			switch {
			case i < 6:
				expectAmount(t, fmt.Sprintf("week %d", i+1), m["amount"], 540)
			case i == 6:
				expectAmount(t, "week 7", m["amount"], 194.32)
			default:
				if m["include"] != false {
					t.Errorf("week %d (from %v) included at %v: the 2027-28 rate is not known", i+1, m["startDate"], m["weeklyRate"])
				}
			}
			if m["include"] == true {
				included += num(t, m["amount"])
			}
		}
		if fmt.Sprintf("%.2f", included) != "3434.32" {
			t.Errorf("included SMP %.2f, want 3,434.32", included)
		}
		if s := fmt.Sprint(c["log"]); !strings.Contains(s, "Warning") || !strings.Contains(s, "2027-04-04") {
			t.Errorf("log %s, want a warning naming the week from 2027-04-04", s)
		}
	})
}

// Scottish code with Plan 4 and a postgraduate loan together on a weekly
// payroll in a bonus week (rules §2.5: Plan 4 weekly 649.90, PGL 403.84,
// each on the period's pay, floored to the pound; Scottish bands §2.2):
//   - Ros, £900 a week + a £300 bonus, S1257L, week 1 (paid Friday 10
//     April 2026). Weekly thresholds: 3,967 ÷ 52 = 76.2884, 16,956 ÷ 52 =
//     326.0769, 31,092 ÷ 52 = 597.9230 (truncated to 4 dp); k1 =
//     trunc4(76.2884 × 19%) = 14.4947; k2 = trunc4(14.4947 + 249.7885 ×
//     20%) = 64.4524; k3 = trunc4(64.4524 + 271.8461 × 21%) = 121.5400.
//     Taxable 1,200 − 241.92 = 958.08 → 958 (higher band, below 62,430 ÷
//     52 = 1,200.5769): 121.5400 + (958 − 597.9230) × 42% = 272.7723 →
//     272.77.
//   - Plan 4: 9% × (1,200 − 649.90) = 49.509 → 49; PGL 6% × (1,200 −
//     403.84) = 47.7696 → 47.
//   - NI 8% × (967 − 242) = 58.00 + 2% × 233 = 4.66: 62.66.
func TestAuditUKScottishPlanFourAndPostgraduateWeeklyBonus(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		ros := e.employee(t, "Ros", "Weekly", map[string]any{"rate": 900, "rateUnit": "Fixed", "taxCode": "S1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan4", "hasPostGradLoan": true})
		tot := e.totals(t, e.run(t, "2026-04-10", ros, 300), ros)
		expectAmount(t, "gross", tot["grossEarnings"], 1200)
		expectAmount(t, "Scottish PAYE", tot["payeWithheld"], 272.77)
		expectAmount(t, "Plan 4", tot["studentLoanAmount"], 49)
		expectAmount(t, "postgraduate loan", tot["postGradLoanAmount"], 47)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 62.66)
	})
}

// A Welsh C-code employee with a bonus, then the month after (Welsh rates
// = rUK rates, Welsh Rate Resolution NDM9117; cumulative code):
//   - Cy, C1257L, £3,000 a month, £2,000 bonus in April (month 1):
//     5,000 − 1,048.26 = 3,951.74 → 3,951; band 3,141.6666, its tax
//     628.3333; 628.3333 + (3,951 − 3,141.6666) × 40% = 952.0666 →
//     952.06. NI 8% × (4,189 − 1,048) = 251.28 + 2% × (5,000 − 4,189) =
//     16.22: 267.50; employer 15% × (5,000 − 417) = 687.45.
//   - May (month 2), no bonus: 8,000 − 2,096.52 = 5,903.48 → 5,903 <
//     6,283.3333: 20% = 1,180.60, less 952.06 = 228.54; NI 8% × 1,952 =
//     156.16.
func TestAuditUKWelshCodeBonusThenCumulative(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		cy := e.employee(t, "Cy", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "C1257L", "nationalInsuranceCategory": "A"})
		P := e.run(t, "2026-04-30", cy, 2000)
		tot := e.totals(t, P, cy)
		expectAmount(t, "April PAYE", tot["payeWithheld"], 952.06)
		expectAmount(t, "April employee NI", tot["employeeNationalInsuranceContribution"], 267.50)
		expectAmount(t, "April employer NI", tot["employerNationalInsuranceContribution"], 687.45)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		tot = e.totals(t, e.run(t, "2026-05-31", 0, 0), cy)
		expectAmount(t, "May PAYE", tot["payeWithheld"], 228.54)
		expectAmount(t, "May employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
	})
}

// NI category H (apprentice under 25) above the UEL/AUST on a weekly
// payroll (rules §2.4: employee 8% PT-UEL, 2% above; employer 15% above
// the AUST 967 only):
//   - Amy, born 1 January 2005 (21), £1,200 a week, 1257L, week 1 (10
//     April 2026): employee 8% × 725 = 58.00 + 2% × 233 = 4.66: 62.66;
//     employer 15% × (1,200 − 967) = 34.95 (category A would be 15% ×
//     1,104 = 165.60). PAYE 958 taxable: 145.00 + 233 × 40% = 238.20.
func TestAuditUKApprenticeHWeeklyAboveAUST(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		amy := e.employee(t, "Amy", "Weekly", map[string]any{"rate": 1200, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "H",
			"dateOfBirth": "2005-01-01T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-04-10", 0, 0), amy)
		expectAmount(t, "PAYE", tot["payeWithheld"], 238.20)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 62.66)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 34.95)
	})
}

// A Scottish leaver paid a bonus after her P45 (GOV.UK "Employee leaving":
// 0T on the week 1/month 1 basis, S0T for a Scottish taxpayer; an
// irregular payment NI'd as a weekly payment):
//   - Isla, S1257L, £3,000 a month, leaves 15 October 2026; November run
//     including leavers pays a £2,000 bonus.
//   - S0T month 1: thresholds 330.5833 / 1,413.0000 / 2,591.0000, k1 =
//     62.8108, k2 = 279.2941: 279.2941 + (2,000 − 1,413) × 21% = 402.5641
//     → 402.56.
//   - NI weekly: 8% × (967 − 242) = 58.00 + 2% × (2,000 − 967) = 20.66:
//     78.66; employer 15% × (2,000 − 96) = 285.60 (on the monthly period
//     it would be 8% × 952 = 76.16 and 237.45).
func TestAuditUKScottishBonusAfterLeaving(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		isla := e.employee(t, "Isla", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "S1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00"})
		e.leaveOn(t, isla, "2026-10-15")
		oct := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-30T00:00:00",
			"datePaid": "2026-11-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		nov := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", nov+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(isla): []any{map[string]any{"payCategoryId": "BON", "earnings": 2000}}}}).Expect(t, 200)
		tot := e.totals(t, nov, isla)
		expectAmount(t, "PAYE S0T month 1", tot["payeWithheld"], 402.56)
		expectAmount(t, "employee NI weekly", tot["employeeNationalInsuranceContribution"], 78.66)
		expectAmount(t, "employer NI weekly", tot["employerNationalInsuranceContribution"], 285.60)
	})
}

// A termination award of exactly £30,000 and a payment in lieu of notice
// in the same final pay (ITEPA 2003 s 403(1): the first £30,000 of an
// award is exempt; ss 402A-402E (from 6 April 2018): post-employment
// notice pay, and any contractual PILON, is earnings: taxed and NI'd in
// full, never part of the £30,000):
//   - Tom, £4,000 a month, 1257L, started 1 October 2026 (month 7, no
//     P45), made redundant 31 October with a £30,000 award and £6,000 in
//     lieu of notice (a standard pay category).
//   - Taxable and NI-able 4,000 + 6,000 = 10,000; gross 40,000.
//   - PAYE month 7: 10,000 − 7,337.82 = 2,662.18 → 2,662 × 20% = 532.40.
//   - NI 8% × (4,189 − 1,048) = 251.28 + 2% × (10,000 − 4,189) = 116.22:
//     367.50; employer 15% × (10,000 − 417) = 1,437.45; Class 1A nil.
func TestAuditUKAwardAtThirtyThousandWithPILON(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		red := e.redundancyCategory(t)
		pilon := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Payment in lieu of notice", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		tom := e.employee(t, "Tom", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-10-01T00:00:00"})
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": tom, "terminationReason": "Redundancy", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		e.pay(t, P, tom, red, 30000)
		e.pay(t, P, tom, pilon, 6000)
		tot := e.totals(t, P, tom)
		expectAmount(t, "gross", tot["grossEarnings"], 40000)
		expectAmount(t, "taxable", tot["taxableEarnings"], 10000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 532.40)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 367.50)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 1437.45)
		expectAmount(t, "Class 1A", tot["employerClass1ANicsAmount"], 0)
	})
}
