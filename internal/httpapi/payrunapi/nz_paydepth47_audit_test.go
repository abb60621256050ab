package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth47: NZ student loan, KiwiSaver and ESCT rounded as IR's
// specification does them (IR, Payroll Calculations & Business Rules
// Specification 2025 V1.3, IR's repository InlandRevenue/File_Upload_
// Services-Returns-and-Information, "Service - Payday Filing/2025"):
//   - §5.4 (main SL codes): the pay for the period truncated to whole
//     dollars ("$457.89 becomes $457"), 12% of it above the period's
//     threshold ($464 a week, $928 a fortnight, $1,856 four-weekly,
//     $2,010.66 a month), truncated to whole cents; §5.6 step 3 (secondary
//     SL codes): 12% of the whole dollars, truncated;
//   - §5.11 step 2: with an extra pay, "the pay for the pay period" is the
//     normal pay plus the extra pay, truncated, less the threshold × 12%
//     (Example 4: 1,128 + 7,500 − 928 = 7,700 × 12% = 924); an extra pay
//     not paid with normal pay: 12% of the whole extra pay;
//   - §5.21.2: KiwiSaver deductions and employer contributions "Truncated
//     to 2 decimal places";
//   - §5.22.3: ESCT on the employer contribution's whole dollars, truncated
//     to whole cents (§5.22.4: $79 × 17.5% = 13.825 → 13.82).
// Rates 2026-27 (payroll-rules-2026-27.md §3): bands 10.5% to $15,600,
// 17.5% to $53,500, 30% to $78,100, 33% to $180,000, 39% above; ACC 1.75%;
// KiwiSaver 3.5% employee and employer; ESCT 10.5% to $18,720, 17.5% to
// $64,200, 30% to $93,720, 33% to $216,000, 39% above. Every figure by
// hand. docs/reference/nz-paye-rounding.md.

// Mere, $1,057.29 a week on M SL, KiwiSaver at 3.5%, employed since 2024
// (no earlier pay in this payroll: her ESCT rate threshold amount is
// estimated from the week, (1,057.29 + 37.00) ÷ 7 × 365 = 57,059.40 → 17.5%, IR §5.22.2).
//   - PAYE (§5.2): 1,057.29 × 52 = 54,979.08 → 54,979; tax 1,638 +
//     6,632.50 + 30% × 1,479 = 8,714.20; levy 1.75% × 54,979 = 962.1325;
//     9,676.3325 ÷ 52 = 186.0833 → 186.08, less the week's levy 1.75% ×
//     1,057.29 = 18.50: PAYE 167.58.
//   - Student loan: (1,057 − 464) × 12% = 71.16 (before, on the cents:
//     593.29 × 12% = 71.1948 → 71.19).
//   - KiwiSaver: 3.5% × 1,057.29 = 37.00515 → 37.00 (before 37.01), and
//     the employer's the same.
//   - ESCT: $37 × 17.5% = 6.475 → 6.47 (before 6.48).
//   - Net 1,057.29 − 167.58 − 18.50 − 71.16 − 37.00 = 763.05.
func TestAuditNZStudentLoanKiwiSaverESCTTruncated(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		mere := e.employee(t, "Mere", "Weekly", map[string]any{"rate": 1057.29, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2024-05-06T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		P := e.run(t, "2026-11-08", 0, 0)
		tot := e.totals(t, P, mere)
		expectAmount(t, "gross", tot["grossEarnings"], 1057.29)
		expectAmount(t, "PAYE", tot["payeWithheld"], 167.58)
		expectAmount(t, "ACC", tot["accLevyAmount"], 18.50)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 71.16)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 37.00)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 37.00)
		expectAmount(t, "ESCT", tot["esctContribution"], 6.47)
		expectAmount(t, "net", tot["netEarnings"], 763.05)
		if x := e.explainTerms(t, P, mere, "studentloan"); x["pay for the period in whole dollars"] != 1057 || x["pay over threshold"] != 593 {
			t.Errorf("explanation of the student loan: %v", x)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// A bonus to a part-time employee whose weekly pay is under the student
// loan threshold (§5.11 step 2: the threshold comes off the pay for the
// period, bonus included). Kiri, $400 a week on M SL, KiwiSaver at 3.5%,
// employed since January 2025; weeks ending 1, 8 and 15 November 2026
// paid, a $1,000 bonus in the week ending 22 November.
//   - Student loan: (400 + 1,000 − 464) × 12% = 112.32 (before: the week
//     under the threshold, 0, plus 12% of the whole bonus, 120.00).
//   - PAYE: the week, 20,800 a year: 1,638 + 17.5% × 5,200 = 2,548 + levy
//     364 = 2,912 ÷ 52 = 56.00 less the levy 7.00 = 49.00; the bonus
//     (§5.11 step 3): 4 × 400 × 13 = 20,800 + 1,000 = 21,800 → 17.5%:
//     175.00, its levy 17.50. PAYE 224.00, ACC 24.50.
//   - KiwiSaver (a bonus is salary or wages, KiwiSaver Act 2006 s 4):
//     3.5% × 1,400 = 49.00 each; ESCT: rate threshold amount estimated
//     from the regular week, (400 + 14) ÷ 7 × 365 = 21,587.14 → 17.5%; $49 × 17.5%
//     = 8.575 → 8.57 (before 8.58).
//   - Net 1,400 − 224 − 24.50 − 112.32 − 49 = 990.18.
func TestAuditNZBonusStudentLoanOnThePayForThePeriod(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		kiri := e.employee(t, "Kiri", "Weekly", map[string]any{"rate": 400, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2025-01-06T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		for _, day := range []string{"2026-11-01", "2026-11-08", "2026-11-15"} {
			P := e.run(t, day, 0, 0)
			tot := e.totals(t, P, kiri)
			expectAmount(t, "week's student loan "+day, tot["studentLoanAmount"], 0)
			expectAmount(t, "week's PAYE "+day, tot["payeWithheld"], 49)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-22", kiri, 1000)
		tot := e.totals(t, P, kiri)
		expectAmount(t, "gross", tot["grossEarnings"], 1400)
		expectAmount(t, "PAYE", tot["payeWithheld"], 224)
		expectAmount(t, "ACC", tot["accLevyAmount"], 24.50)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 112.32)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 49)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 49)
		expectAmount(t, "ESCT", tot["esctContribution"], 8.57)
		expectAmount(t, "net", tot["netEarnings"], 990.18)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// Holiday pay on termination for a leaver with a student loan and
// KiwiSaver (Holidays Act 2003 ss 24, 25, 40; the scenario of
// TestNZHolidayPayAfterEntitlement): Tai, $62,400 a year monthly on M SL,
// KiwiSaver at 3.5%, employed since 1 October 2024, four weeks (160
// hours) untaken on 30 November 2026.
//   - Holiday pay: s 24 4 × 1,200.00 = 4,800.00; s 40 Christmas and
//     Boxing Day 2 × 240.00 = 480.00; s 25 8% × (5,200 + 5,200 + 4,800 +
//     480) = 1,254.40. Gross 5,200 + 6,534.40 = 11,734.40.
//   - PAYE: the month, 62,400 a year: 1,638 + 6,632.50 + 30% × 8,900 =
//     10,940.50 + levy 1,092 = 12,032.50 ÷ 52 = 231.3942 → 231.39 × 52 ÷
//     12 = 1,002.69, less the month's levy 91.00 = 911.69; the holiday
//     pay, an extra pay: 62,400 + 6,534.40 = 68,934 → 30%: 1,960.32, levy
//     1.75% × 6,534.40 = 114.352; 2,074.672 → 2,074.67 less 114.35 =
//     1,960.32. PAYE 2,872.01, ACC 91.00 + 114.35 = 205.35.
//   - Student loan (§5.11 step 2): (11,734 − 2,010.66) × 12% = 1,166.8008
//     → 1,166.80 (before: 0.12 × (5,200 − 2,010.66) = 382.72 + 12% ×
//     6,534.40 = 784.13: 1,166.85).
//   - KiwiSaver (holiday pay is salary or wages): 3.5% × 11,734.40 =
//     410.704 → 410.70 (before 410.70 too); ESCT: the rate threshold
//     amount estimated from the month, (5,200 + 182) × 12 = 64,584 → 30%:
//     $410 × 30% = 123.00.
//   - Net 11,734.40 − 2,872.01 − 205.35 − 1,166.80 − 410.70 = 7,079.54.
func TestAuditNZHolidayPayOnTerminationWithStudentLoanAndKiwiSaver(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		tai, _, P := e.nzEntitledLeaver(t, map[string]any{"taxCodeDeclaration_TaxCode": "M SL", "kiwiSaver_EnrollmentStatus": "Enrolled",
			"kiwiSaver_EmployeeContribution": 3.5}, map[int64]float64{annual: 160}, nil)
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want the entitlement, the public holidays and the 8%%", paid)
		}
		expectAmount(t, "s 24", paid[0]["earnings"], 4800)
		expectAmount(t, "s 40", paid[1]["earnings"], 480)
		expectAmount(t, "s 25", paid[2]["earnings"], 1254.40)
		tot := e.totals(t, P, tai)
		expectAmount(t, "gross", tot["grossEarnings"], 11734.40)
		expectAmount(t, "PAYE", tot["payeWithheld"], 2872.01)
		expectAmount(t, "ACC", tot["accLevyAmount"], 205.35)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 1166.80)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 410.70)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 410.70)
		expectAmount(t, "ESCT", tot["esctContribution"], 123)
		expectAmount(t, "net", tot["netEarnings"], 7079.54)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// Redundancy to a leaver with a student loan and KiwiSaver: each
// deduction's base. Rawiri, $1,000 a week on M SL, KiwiSaver 3.5%,
// employed since 2024; weeks ending 1 and 8 November 2026 paid; made
// redundant on Sunday 15 November with $5,000 in the final week.
//   - PAYE: the week, 52,000 a year: 8,008 + levy 910 = 8,918 ÷ 52 =
//     171.50 less 17.50 = 154.00; the redundancy, an extra pay in a
//     termination pay (the last two fully paid periods, 2,000 × 52 ÷ 2 =
//     52,000 + 5,000 = 57,000 → 30%): 1,500.00, no levy (redundancy is not
//     liable: IRD, "Taxing employee redundancy"). PAYE 1,654.00, ACC 17.50.
//   - Student loan (§5.11 step 2, Example 4: redundancy is in the pay for
//     the period): (6,000 − 464) × 12% = 664.32.
//   - KiwiSaver (redundancy is not salary or wages, KiwiSaver Act 2006 s
//     4): 3.5% × 1,000 = 35.00 each; ESCT: (1,000 + 35) ÷ 7 × 365 = 53,967.85 →
//     17.5%: $35 × 17.5% = 6.125 → 6.12 (before 6.13).
//   - Net 6,000 − 1,654 − 17.50 − 664.32 − 35 = 3,629.18.
func TestAuditNZRedundancyStudentLoanKiwiSaverBases(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		red := e.redundancyCategory(t)
		rawiri := e.employee(t, "Rawiri", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2024-03-04T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		for _, day := range []string{"2026-11-01", "2026-11-08"} {
			P := e.run(t, day, 0, 0)
			expectAmount(t, "week's student loan "+day, e.totals(t, P, rawiri)["studentLoanAmount"], 64.32)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-15", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rawiri, "terminationReason": "Redundancy", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		e.pay(t, P, rawiri, red, 5000)
		tot := e.totals(t, P, rawiri)
		expectAmount(t, "gross", tot["grossEarnings"], 6000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 1654)
		expectAmount(t, "ACC", tot["accLevyAmount"], 17.50)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 664.32)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 35)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 35)
		expectAmount(t, "ESCT", tot["esctContribution"], 6.12)
		expectAmount(t, "net", tot["netEarnings"], 3629.18)
	})
}

// Holiday pay paid the week after the last day, on its own (Holidays Act
// 2003 s 23; IR's specification §5.11 step 2 NB: an extra pay not paid
// with normal pay repays 12% of all of it; the termination rule from 1
// April 2025, s RD 17 as amended). Ana, $1,000 a week (40 hours) on M SL,
// KiwiSaver 3.5%, starts Monday 5 October 2026; weeks ending 11 October
// to 8 November paid (5 × 1,000); she leaves on Sunday 8 November and the
// run of the week ending 15 November pays her final holiday pay.
//   - Each week: PAYE 154.00, ACC 17.50, student loan (1,000 − 464) × 12%
//     = 64.32, KiwiSaver 35.00 each; ESCT: she started in the year,
//     (1,000 + 35) ÷ 7 × 178 days (5 October to 31 March) = 26,318.57 → 17.5%:
//     $35 × 17.5% = 6.125 → 6.12.
//   - s 23: 8% × 5,000 = 400.00, no salary after her last day.
//   - PAYE: the last two fully paid periods before the termination pay,
//     2,000 × 52 ÷ 2 = 52,000 + 400 = 52,400 → 17.5%: 70.00; levy 1.75% ×
//     400 = 7.00.
//   - Student loan: 12% × 400 = 48.00 (no regular pay with it).
//   - KiwiSaver (holiday pay is salary or wages): 3.5% × 400 = 14.00 each;
//     ESCT at her year's rate, 17.5%: $14 × 17.5% = 2.45.
//   - Net 400 − 70 − 7 − 48 − 14 = 261.00.
func TestAuditNZHolidayPayTheWeekAfterLeaving(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		ana := e.employee(t, "Ana", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2026-10-05T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		for i, day := range []string{"2026-10-11", "2026-10-18", "2026-10-25", "2026-11-01", "2026-11-08"} {
			P := e.run(t, day, 0, 0)
			if i == 0 {
				tot := e.totals(t, P, ana)
				expectAmount(t, "first week's PAYE", tot["payeWithheld"], 154)
				expectAmount(t, "first week's student loan", tot["studentLoanAmount"], 64.32)
				expectAmount(t, "first week's ESCT", tot["esctContribution"], 6.12)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-15T00:00:00",
			"datePaid": "2026-11-15T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ana, "terminationReason": "Resignation", "terminationDate": "2026-11-08T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, ana)
		expectAmount(t, "gross", tot["grossEarnings"], 400)
		expectAmount(t, "PAYE", tot["payeWithheld"], 70)
		expectAmount(t, "ACC", tot["accLevyAmount"], 7)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 48)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 14)
		expectAmount(t, "ESCT", tot["esctContribution"], 2.45)
		expectAmount(t, "net", tot["netEarnings"], 261)
	})
}

// A leaver with a bonus on the 53rd weekly pay day of 2026-27 (1 April
// 2026 and 31 March 2027 are both Wednesdays: 53 Wednesday pay days; IR's
// PAYE has no rule of its own for the 53rd pay, extra-pay-day-years.md).
// Hine, $1,000 a week on M SL, paid Wednesdays, employed since 2023; the
// weeks paid 17 and 24 March 2027; she leaves on Wednesday 31 March with
// a $2,000 bonus in her final week.
//   - The week: 154.00 PAYE, 17.50 ACC (52,000 a year).
//   - The bonus, an extra pay in a termination pay (the last two fully
//     paid periods, 2,000 × 52 ÷ 2 = 52,000 + 2,000 = 54,000 → 30%):
//     600.00, levy 1.75% × 2,000 = 35.00. PAYE 754.00, ACC 52.50.
//   - Student loan: (3,000 − 464) × 12% = 304.32.
//   - Net 3,000 − 754 − 52.50 − 304.32 = 1,889.18.
func TestAuditNZLeaverBonusOnThe53rdWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		hine := e.employee(t, "Hine", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2023-02-06T00:00:00"})
		for _, day := range []string{"2027-03-17", "2027-03-24"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2027-03-31", hine, 2000)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": hine, "terminationReason": "Resignation", "terminationDate": "2027-03-31T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, hine)
		expectAmount(t, "gross", tot["grossEarnings"], 3000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 754)
		expectAmount(t, "ACC", tot["accLevyAmount"], 52.50)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 304.32)
		expectAmount(t, "net", tot["netEarnings"], 1889.18)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// A joiner part-way through a week, with a student loan and KiwiSaver.
// Tama, $1,000 a week (40 hours) on M SL, KiwiSaver 3.5%, starts
// Wednesday 4 November 2026 (week 2-8 November): 1,000 × 5 ÷ 7 = 714.29
// (calendar days, part-period-pay.md).
//   - PAYE (§5.2): 714.29 × 52 = 37,143.08 → 37,143; tax 1,638 + 17.5% ×
//     21,543 = 5,408.025; levy 650.0025; 6,058.0275 ÷ 52 = 116.5005 →
//     116.50, less the levy 1.75% × 714.29 = 12.50: 104.00.
//   - Student loan: the week's threshold in full (IR's §5.4 has no part
//     period): (714 − 464) × 12% = 30.00 (before, on the cents, 30.03).
//   - KiwiSaver: 3.5% × 714.29 = 25.00015 → 25.00 each.
//   - ESCT: started in the year, estimated on a whole week's pay: (1,000 +
//     35) ÷ 7 × 148 days (4 November to 31 March) = 21,882.85 → 17.5%; $25
//     × 17.5% = 4.375 → 4.37 (before 4.38).
//   - Net 714.29 − 104 − 12.50 − 30 − 25 = 542.79.
func TestAuditNZJoinerPartWeekStudentLoanKiwiSaver(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		tama := e.employee(t, "Tama", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2026-11-04T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		P := e.run(t, "2026-11-08", 0, 0)
		tot := e.totals(t, P, tama)
		expectAmount(t, "gross", tot["grossEarnings"], 714.29)
		expectAmount(t, "PAYE", tot["payeWithheld"], 104)
		expectAmount(t, "ACC", tot["accLevyAmount"], 12.50)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 30)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 25)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 25)
		expectAmount(t, "ESCT", tot["esctContribution"], 4.37)
		expectAmount(t, "net", tot["netEarnings"], 542.79)
		if x := e.explainTerms(t, P, tama, "esct"); x["ESCT rate threshold amount"] != 21882.85 {
			t.Errorf("explanation of the ESCT: %v", x)
		}
	})
}
