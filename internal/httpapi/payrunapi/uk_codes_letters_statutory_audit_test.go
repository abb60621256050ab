package payrunapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A fifth audit round of UK pay in 2026-27 (paydepth17): tax codes
// changed during the year, NI category letters that change with age,
// the other family statutory payments, overtime from a loaded category
// and student loans after leaving. Each figure is derived by hand in the
// comment from HMRC's rules (payroll-rules-2026-27.md §2; the tax table
// arithmetic in docs/reference/uk-paye.md), not from our output.

// A tax code changed during the year by a P6/P9 coding notice (HMRC,
// "PAYE: tax codes — what to do when you get a P6": use the new code from
// the next payday, cumulatively unless the notice says week 1/month 1; a
// cumulative code catches up the year's free pay and bands). £3,000 a
// month, category A, 1257L cumulative for April and May:
//   - April: 3,000 − 1,048.26 = 1,951.74 → 1,951 × 20% = 390.20; May: to
//     date 6,000 − 2,096.52 = 3,903.48 → 3,903 × 20% = 780.60, less
//     390.20 = 390.40.
//   - Free pay a month for 1000L (the 500 blocks): ⌊999 ÷ 500⌋ = 1 block
//     of 416.67 and (500 × 10 + 9) ÷ 12 = 417.4167 → 417.42 (rounded up):
//     834.09. For 1500L: 2 blocks 833.34 + 417.42 = 1,250.76.
//   - Cal, P6 to 1000L cumulative from June (month 3): 9,000 − 3 ×
//     834.09 = 6,497.73 → 6,497 × 20% = 1,299.40 (band to date 37,700 × 3
//     ÷ 12 = 9,425); less 780.60 = 518.80.
//   - Dan, 1000L month 1 from June: 3,000 − 834.09 = 2,165.91 → 2,165 ×
//     20% = 433.00.
//   - Eve, P6 to 1500L cumulative from June: 9,000 − 3 × 1,250.76 =
//     5,247.72 → 5,247 × 20% = 1,049.40, less 780.60 = 268.80.
//   - Fay, on BR for April and May (20% × 3,000 = 600.00 each month),
//     then a P6 to 1257L cumulative from June: 9,000 − 3 × 1,048.26 =
//     5,855.22 → 5,855 × 20% = 1,171.00 to date, less 1,200.00 paid: a
//     refund of 29.00 (PAYE −29.00; a cumulative code refunds, HMRC
//     "PAYE: refunds to employees": only a code with the week 1/month 1
//     marker or after a strike or a K code's limit holds it back).
//
// NI is not affected: 8% × (3,000 − 1,048) = 156.16 each month.
func TestAuditUKTaxCodeChangedMidYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		who := map[string]int64{}
		for _, n := range []string{"Cal", "Dan", "Eve", "Fay"} {
			code := "1257L"
			if n == "Fay" {
				code = "BR"
			}
			who[n] = e.employee(t, n, "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": code, "nationalInsuranceCategory": "A",
				"startDate": "2025-01-06T00:00:00"})
		}
		for _, m := range []struct {
			day        string
			paye, ytd  float64
			checkNames []string
		}{{"2026-04-30", 390.20, 390.20, []string{"Cal", "Dan", "Eve"}}, {"2026-05-31", 390.40, 780.60, []string{"Cal", "Dan", "Eve"}}} {
			P := e.run(t, m.day, 0, 0)
			for _, n := range m.checkNames {
				expectAmount(t, n+" "+m.day+" PAYE", e.totals(t, P, who[n])["payeWithheld"], m.paye)
			}
			expectAmount(t, "Fay "+m.day+" PAYE (BR)", e.totals(t, P, who["Fay"])["payeWithheld"], 600)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		U := func(n string) string { return fmt.Sprintf("%s/employee/unstructured/%d", e.B, who[n]) }
		e.Do("PUT", U("Cal"), e.Key, map[string]any{"taxCode": "1000L"}).Expect(t, 200)
		e.Do("PUT", U("Dan"), e.Key, map[string]any{"taxCode": "1000L", "taxCalculationMethod": "NonCumulative"}).Expect(t, 200)
		e.Do("PUT", U("Eve"), e.Key, map[string]any{"taxCode": "1500L"}).Expect(t, 200)
		e.Do("PUT", U("Fay"), e.Key, map[string]any{"taxCode": "1257L"}).Expect(t, 200)
		P := e.run(t, "2026-06-30", 0, 0)
		for _, c := range []struct {
			name string
			paye float64
		}{{"Cal", 518.80}, {"Dan", 433.00}, {"Eve", 268.80}, {"Fay", -29.00}} {
			tot := e.totals(t, P, who[c.name])
			expectAmount(t, c.name+" June PAYE", tot["payeWithheld"], c.paye)
			expectAmount(t, c.name+" June NI", tot["employeeNationalInsuranceContribution"], 156.16)
		}
	})
}

// NI category letters that change with age, recorded as the employer
// does it (an NI record effective from the day; a payment takes the
// letter in force on its payment date: SSCBA 1992 s 6(1) and SSCR 2001
// liability by the date earnings are paid; HMRC, "National Insurance
// category letters": C for employees over State Pension age, M under 21,
// H apprentices under 25, V a veteran's first 12 months of civilian
// employment). £3,000 a month unless said, 2026-27 monthly thresholds
// (payroll-rules-2026-27.md §2.4: PT 1,048, ST 417, UEL/UST/AUST/VUST
// 4,189):
//   - Sid reaches State Pension age on 15 August 2026 (letter C from
//     then): July (A) employee 8% × (3,000 − 1,048) = 156.16, employer
//     15% × (3,000 − 417) = 387.45; August, paid 31 August after the
//     day, C: employee nil, employer 387.45 as before.
//   - Mia turns 21 on 10 August 2026 (M until then, A from the
//     birthday): July (M) employee 156.16, employer nil (3,000 is under
//     the UST); August (A): employee 156.16, employer 387.45.
//   - Hal, an apprentice under 25 (H), and Val, a veteran in his first
//     civilian year (V), on £5,000: employee 8% × (4,189 − 1,048) +
//     2% × (5,000 − 4,189) = 251.28 + 16.22 = 267.50; employer only
//     above the AUST/VUST: 15% × (5,000 − 4,189) = 121.65.
func TestAuditUKLettersChangingWithAge(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		sid := e.employee(t, "Sid", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"dateOfBirth": "1960-07-15T00:00:00"})
		mia := e.employee(t, "Mia", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "M",
			"dateOfBirth": "2005-08-10T00:00:00"})
		hal := e.employee(t, "Hal", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "H",
			"dateOfBirth": "2003-01-10T00:00:00", "isApprentice": true})
		val := e.employee(t, "Val", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "V"})
		rec := func(emp int64, letter, from string) {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/nationalinsurancerecord", e.B, emp), e.Key, map[string]any{"nationalInsuranceCategory": letter,
				"effectiveFrom": from + "T00:00:00"}).Expect(t, 200)
		}
		rec(sid, "C", "2026-08-15")
		rec(mia, "A", "2026-08-10")
		for _, m := range []struct {
			day                        string
			sidEE, sidER, miaEE, miaER float64
		}{{"2026-07-31", 156.16, 387.45, 156.16, 0}, {"2026-08-31", 0, 387.45, 156.16, 387.45}} {
			P := e.run(t, m.day, 0, 0)
			s, mi := e.totals(t, P, sid), e.totals(t, P, mia)
			expectAmount(t, m.day+" Sid employee NI", s["employeeNationalInsuranceContribution"], m.sidEE)
			expectAmount(t, m.day+" Sid employer NI", s["employerNationalInsuranceContribution"], m.sidER)
			expectAmount(t, m.day+" Mia employee NI", mi["employeeNationalInsuranceContribution"], m.miaEE)
			expectAmount(t, m.day+" Mia employer NI", mi["employerNationalInsuranceContribution"], m.miaER)
			if m.day == "2026-07-31" {
				for n, emp := range map[string]int64{"Hal": hal, "Val": val} {
					tot := e.totals(t, P, emp)
					expectAmount(t, n+" employee NI", tot["employeeNationalInsuranceContribution"], 267.50)
					expectAmount(t, n+" employer NI", tot["employerNationalInsuranceContribution"], 121.65)
				}
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
	})
}

// The family statutory payments other than SMP, weekly payroll, 2026-27
// (SSCBA 1992 Parts 12ZA-12ZD; payroll-rules-2026-27.md §2.7: SAP 90% of
// AWE for the first 6 weeks, then the lower of £194.32 and 90% of AWE, 39
// weeks; SPP, ShPP and SPBP the lower of £194.32 and 90% of AWE for every
// week, no 90% weeks; the pay weeks begin on the leave's first day):
//   - Sal, AWE £600, adoption leave from Sunday 28 June 2026 (39 weeks to
//     27 March 2027): weeks 1-6 90% × 600 = 540.00, weeks 7-39 194.32;
//     in all 6 × 540 + 33 × 194.32 = 3,240.00 + 6,412.56 = 9,652.56. The
//     week 5-11 July is week 2 (540.00); the week 9-15 August is week 7
//     (194.32).
//   - Pip, AWE £600, paternity leave 5-18 July 2026: 194.32 a week.
//   - Bea, AWE £180, parental bereavement leave 5-18 July 2026: 90% ×
//     180 = 162.00 < 194.32: 162.00 a week.
//   - Sha, AWE £600, 10 weeks of shared parental leave from 5 July 2026:
//     194.32 a week (no 90% weeks for ShPP).
//
// A week wholly on the leave pays the statutory payment in place of the
// salary.
func TestAuditUKAdoptionPaternityBereavementSharedParental(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		emp := func(name string, weekly float64) int64 {
			return e.employee(t, name, "Weekly", map[string]any{"rate": weekly, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		}
		sal, pip, bea, sha := emp("Sal", 600), emp("Pip", 600), emp("Bea", 180), emp("Sha", 600)
		leave := func(who int64, kind string, body map[string]any) map[string]any {
			return e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/%s", e.B, who, kind), e.Key, body).Expect(t, 200).Map(t)
		}
		sap := leave(sal, "sap", map[string]any{"startDate": "2026-06-28T00:00:00", "endDate": "2027-03-27T00:00:00", "matchDate": "2026-03-02T00:00:00",
			"averageWeeklyEarningsOverride": 600})
		leave(pip, "spp", map[string]any{"startDate": "2026-07-05T00:00:00", "endDate": "2026-07-18T00:00:00", "babyDueDate": "2026-07-01T00:00:00",
			"averageWeeklyEarningsOverride": 600})
		leave(bea, "spbp", map[string]any{"startDate": "2026-07-05T00:00:00", "endDate": "2026-07-18T00:00:00", "childDeathDate": "2026-06-20T00:00:00",
			"averageWeeklyEarningsOverride": 180})
		leave(sha, "shpp", map[string]any{"startDate": "2026-07-05T00:00:00", "endDate": "2026-09-12T00:00:00", "babyDueDate": "2026-05-01T00:00:00",
			"weeksToPay": 10, "averageWeeklyEarningsOverride": 600})
		c := e.Do("GET", fmt.Sprintf("%s/employee/%d/statutoryleave/sapcalc?id=%d", e.B, sal, int64(num(t, sap["id"]))), e.Key, nil).Expect(t, 200).Map(t)
		pays := c["payments"].([]any)
		var sum float64
		for _, p := range pays {
			sum += num(t, p.(map[string]any)["amount"])
		}
		if len(pays) != 39 || fmt.Sprintf("%.2f", sum) != "9652.56" {
			t.Errorf("SAP: %d weeks summing to %.2f, want 39 and 9,652.56", len(pays), sum)
		}
		P := e.run(t, "2026-07-11", 0, 0)
		for _, w := range []struct {
			name  string
			emp   int64
			gross float64
		}{{"Sal (SAP week 2)", sal, 540}, {"Pip (SPP)", pip, 194.32}, {"Bea (SPBP)", bea, 162}, {"Sha (ShPP)", sha, 194.32}} {
			expectAmount(t, w.name+" gross", e.totals(t, P, w.emp)["grossEarnings"], w.gross)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		expectAmount(t, "Sal (SAP week 7) gross", e.totals(t, e.run(t, "2026-08-15", 0, 0), sal)["grossEarnings"], 194.32)
	})
}

// Overtime entered as hours on a loaded pay category without a rate
// (the category's rateLoadingPercent applies to the employee's own hourly
// rate, as for AU; UK law sets no overtime rate, the contract does, and
// the category records it): Ola, £15.00 an hour, 40 hours a week, works
// 10 hours on "Overtime 1.5x" (loading 50%) in the week to 11 July 2026:
// 10 × 15.00 × 1.5 = 225.00; gross 600.00 + 225.00 = 825.00; NI 8% ×
// (825 − 242) = 46.64, employer 15% × (825 − 96) = 109.35.
func TestAuditUKOvertimeHoursOnALoadedCategory(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"rateLoadingPercent": 50}).Expect(t, 200).Map(t)["id"]))
		ola := e.employee(t, "Ola", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "hoursPerWeek": 40, "taxCode": "1257L",
			"nationalInsuranceCategory": "A"})
		P := e.run(t, "2026-07-11", 0, 0)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(ola): []any{
			map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 10}}}}).Expect(t, 200)
		tot := e.totals(t, P, ola)
		expectAmount(t, "gross", tot["grossEarnings"], 825)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 46.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 109.35)
		if l := e.linesNamed(t, P, ola, "Overtime 1.5x"); len(l) != 1 || num(t, l[0]["rate"]) != 22.5 || l[0]["notes"] == "" {
			t.Errorf("overtime lines %v, want one at 22.50 with a note of the loading", l)
		}
	})
}

// Student loan on a payment after leaving (HMRC CSLM10214, "t/p has left
// but I'm making a further payment": make Student Loan and PGL deductions
// in the normal way on the earnings figure used for NI, on all payments
// to an ex-employee from which Class 1 NICs are deducted; GOV.UK,
// "Employee leaving": an irregular payment after the P45 is a weekly
// payment for NI). Lee, Plan 2, £3,000 a month on 1257L, leaves on 15
// October 2026; her October pay is finalised and in November she is paid
// a £1,000 bonus: NI on a weekly period 8% × (967 − 242) + 2% × (1,000 −
// 967) = 58.66; Plan 2 on the same weekly period (threshold 29,385 ÷ 52 =
// 565.09, payroll-rules-2026-27.md §2.5): 9% × (1,000 − 565.09) = 39.14
// → £39. PAYE 0T month 1: 20% × 1,000 = 200.00.
func TestAuditUKStudentLoanOnPaymentAfterLeaving(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00", "hasStudentLoan": true, "studentLoanType": "Plan2"})
		e.leaveOn(t, lee, "2026-10-15")
		oct := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-30T00:00:00",
			"datePaid": "2026-11-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		nov := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", nov+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(lee): []any{map[string]any{"payCategoryId": "BON", "earnings": 1000}}}}).Expect(t, 200)
		tot := e.totals(t, nov, lee)
		expectAmount(t, "PAYE 0T month 1", tot["payeWithheld"], 200)
		expectAmount(t, "NI weekly", tot["employeeNationalInsuranceContribution"], 58.66)
		expectAmount(t, "Plan 2 weekly", tot["studentLoanAmount"], 39)
	})
}

// Arrears of pay (a pay rise backdated) are earnings of the period they
// are paid in (HMRC NIM02520 / CWG2: NI on the earnings period in which
// arrears are paid; PAYE cumulative to date). Rae, £3,000 a month on
// 1257L, is given a rise to £3,300 from 6 April 2026 in June (month 3),
// with 2 × 300 = 600.00 of arrears on a "Back Pay" category:
//   - April and May: 390.20 and 390.40 (780.60 to date);
//   - June: gross 3,300 + 600 = 3,900; PAYE to date 3,000 + 3,000 +
//     3,900 = 9,900 − 3 × 1,048.26 = 6,755.22 → 6,755 × 20% = 1,351.00,
//     less 780.60 = 570.40; NI 8% × (3,900 − 1,048) = 228.16, employer
//     15% × (3,900 − 417) = 522.45.
func TestAuditUKArrearsOfPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		back := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Back Pay", "rateUnit": "Fixed",
			"payCategoryType": "BackPayment"}).Expect(t, 200).Map(t)["id"]))
		rae := e.employee(t, "Rae", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2025-01-06T00:00:00"})
		for _, day := range []string{"2026-04-30", "2026-05-31"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, rae), e.Key, map[string]any{"rate": 3300}).Expect(t, 200)
		P := e.run(t, "2026-06-30", 0, 0)
		e.pay(t, P, rae, back, 600)
		tot := e.totals(t, P, rae)
		expectAmount(t, "June gross", tot["grossEarnings"], 3900)
		expectAmount(t, "June PAYE", tot["payeWithheld"], 570.40)
		expectAmount(t, "June employee NI", tot["employeeNationalInsuranceContribution"], 228.16)
		expectAmount(t, "June employer NI", tot["employerNationalInsuranceContribution"], 522.45)
	})
}

// Overtime from an approved timesheet on the loaded category (as the
// earnings line above): Ty, £15.00 an hour, 40 hours a week, works 10
// hours of "Overtime 1.5x" on Saturday 11 July 2026 (08:00-18:00): 10 ×
// 22.50 = 225.00 (a run paying timesheets pays an hourly employee the
// timesheets' hours only: this one is the week's only timesheet).
func TestAuditUKOvertimeFromATimesheet(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"rateLoadingPercent": 50}).Expect(t, 200).Map(t)["id"]))
		ty := e.employee(t, "Ty", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "hoursPerWeek": 40, "taxCode": "1257L",
			"nationalInsuranceCategory": "A"})
		approvedTimesheet(t, e.Bundle, e.B, ty, ot, "2026-07-11T08:00:00", "2026-07-11T18:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-07-11", "2026-07-11")
		expectAmount(t, "gross", e.totals(t, P, ty)["grossEarnings"], 225)
	})
}

// A director paid four-weekly on the annual earnings period gets a
// fourteenth payment in 2026-27 (6 April 2026, then every 28 days to 5
// April 2027, a four-weekly payroll's week 56). The annual earnings
// period knows no week 53 or 56: NI is worked on the year's earnings to
// date against the annual thresholds (SSCR 2001 reg 8; HMRC CA44; PT
// 12,570, ST 5,000, UEL 50,270). Dee, £4,000 every four weeks, category
// A, 1257L:
//   - after 13 payments (52,000): employee 8% × (50,270 − 12,570) +
//     2% × (52,000 − 50,270) = 3,016.00 + 34.60 = 3,050.60;
//   - the 14th (56,000): 3,016.00 + 2% × 5,730 = 3,130.60, so 80.00 in
//     the payment; employer 15% × 4,000 = 600.00 (all above the ST).
//   - PAYE on the week-56 payment: the week 1 basis for four weeks
//     (Specification for PAYE Tax Table Routines, "Payments in weeks 53,
//     54 or 56"; free pay 967.67 as TestAuditUKFourWeeklyWeek56): 4,000 −
//     967.67 = 3,032.33 → 3,032; basic band 37,700 × 4 ÷ 52 = 2,900:
//     580.00 + 40% × 132 = 632.80.
func TestAuditUKDirectorFourWeeklyWeek56(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "FourWeekly")
		dee := e.employee(t, "Dee", "FourWeekly", map[string]any{"rate": 4000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"isCompanyDirector": "true", "nationalInsuranceCalculationMethod": "Cumulative", "startDate": "2020-01-01T00:00:00"})
		day := time.Date(2026, 4, 6, 0, 0, 0, 0, time.UTC)
		var ee float64
		for i := 0; i < 13; i++ {
			P := e.run(t, day.Format("2006-01-02"), 0, 0)
			ee += num(t, e.totals(t, P, dee)["employeeNationalInsuranceContribution"])
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
			day = day.AddDate(0, 0, 28)
		}
		if fmt.Sprintf("%.2f", ee) != "3050.60" {
			t.Errorf("employee NI after 13 payments %.2f, want 3,050.60", ee)
		}
		if day.Format("2006-01-02") != "2027-04-05" {
			t.Fatalf("14th payment on %s", day)
		}
		tot := e.totals(t, e.run(t, "2027-04-05", 0, 0), dee)
		expectAmount(t, "week 56 employee NI", tot["employeeNationalInsuranceContribution"], 80)
		expectAmount(t, "week 56 employer NI", tot["employerNationalInsuranceContribution"], 600)
		expectAmount(t, "week 56 PAYE", tot["payeWithheld"], 632.80)
	})
}

// Overtime hours for a salaried employee on the loaded category: the
// hourly rate is the salary over the contracted hours (£3,250 a month
// for 37.5 hours a week: 3,250 × 12 ÷ (52 × 37.5) = 39,000 ÷ 1,950 =
// 20.00), times 1.5: 10 hours = 300.00; July 2026 gross 3,550.00, NI 8% ×
// (3,550 − 1,048) = 200.16.
func TestAuditUKSalariedOvertimeHours(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"rateLoadingPercent": 50}).Expect(t, 200).Map(t)["id"]))
		sia := e.employee(t, "Sia", "Monthly", map[string]any{"rate": 3250, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A"})
		P := e.run(t, "2026-07-31", 0, 0)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(sia): []any{
			map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 10}}}}).Expect(t, 200)
		tot := e.totals(t, P, sia)
		expectAmount(t, "gross", tot["grossEarnings"], 3550)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 200.16)
	})
}
