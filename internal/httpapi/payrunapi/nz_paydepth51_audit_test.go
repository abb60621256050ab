package payrunapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth51: NZ public holidays and leave for employees whose pay includes
// overtime or varies from day to day (Holidays Act 2003 ss 9, 9A, 49, 50;
// docs/reference/nz-public-holidays-worked.md). Every figure by hand from
// the Act (legislation.govt.nz/act/public/2003/0129/latest): s 9(1)(a)
// relevant daily pay is "the amount of pay that the employee would have
// received had the employee worked on the day concerned" and s 9(1)(b)(ii)
// includes "payments for overtime if those payments would have otherwise
// been received"; s 50(1)(a): work on a public holiday is paid "the portion
// of the employee's relevant daily pay or average daily pay (less any penal
// rates) that relates to the time actually worked on the day plus half that
// amount again"; s 49: a public holiday not worked on an otherwise working
// day is paid relevant daily pay or average daily pay.

// nzDay enters approved timesheets for emp on day: ordinary hours from
// 08:00 and, when overtime > 0, that many hours of "Overtime 1.5x" after
// them.
func (e *auEnv) nzDay(t *testing.T, emp int64, day string, ordinary, overtime int) {
	t.Helper()
	b := withBusiness(e)
	approvedTimesheet(t, b, e.B, emp, e.pay["Ordinary Hours"], fmt.Sprintf("%sT08:00:00", day), fmt.Sprintf("%sT%02d:00:00", day, 8+ordinary))
	if overtime > 0 {
		approvedTimesheet(t, b, e.B, emp, e.pay["Overtime 1.5x"], fmt.Sprintf("%sT%02d:00:00", day, 8+ordinary), fmt.Sprintf("%sT%02d:00:00", day, 8+ordinary+overtime))
	}
}

// Overtime worked on a public holiday is part of the time actually worked
// on the day, and the overtime pay part of relevant daily pay (s 9(1)(b)(ii)):
// time and a half applies to it too (s 50(1)(a)). Ari, $25 an hour Monday
// to Friday on timesheets, the NZ defaults' "Overtime 1.5x" ($37.50),
// works Labour Day, Monday 26 October 2026, 8 ordinary hours and 2 hours
// of overtime, and 8 hours on each of Tuesday 27 to Friday 30 October.
//   - Labour Day: the portion of relevant daily pay for the 10 hours, 8 ×
//     25 + 2 × 37.50 = 275.00, plus half again 137.50: 412.50 (before:
//     the half on the ordinary hours only, 300.00 + 75.00 = 375.00).
//   - The rest of the week 4 × 8 × 25 = 800.00; gross 1,212.50.
//   - One alternative holiday (s 56: an otherwise working day).
func TestAuditNZPublicHolidayWorkedOvertimeTimeAndAHalf(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		ari := e.nzEmployee(t, "Ari", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		e.nzDay(t, ari, "2026-10-26", 8, 2)
		for day := 27; day <= 30; day++ {
			e.nzDay(t, ari, fmt.Sprintf("2026-10-%02d", day), 8, 0)
		}
		P := timesheetRun(t, withBusiness(e), e.B, sch["Weekly"], "2026-11-01", "2026-11-04")
		expectAmount(t, "gross", e.totals(t, P, ari)["grossEarnings"], 1212.50)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		if got := e.nzBalance(t, ari, "Alternative Holiday", "2026-11-01"); got != 1 {
			t.Errorf("alternative holiday balance %v days, want 1", got)
		}
	})
}

// A public holiday not worked, for an employee who works the same overtime
// every day: relevant daily pay is what they would have received had they
// worked the day, overtime included (s 9(1)(a), (b)(ii); s 49). Hemi, $25
// an hour on timesheets with automaticallyApplyPublicHolidayNotWorkedEarningsLines,
// works 8 ordinary hours and 2 hours of "Overtime 1.5x" on each of Tuesday
// 27 to Friday 30 October 2026 and not on Labour Day, Monday 26: his pay
// does not vary from day to day, 8 × 25 + 2 × 37.50 = 275.00 a day.
//   - Labour Day at relevant daily pay 275.00 (before: 8 × 25 = 200.00);
//   - the four days 4 × 275 = 1,100.00; gross 1,375.00.
func TestAuditNZPublicHolidayNotWorkedWithRegularOvertime(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		hemi := e.nzEmployee(t, "Hemi", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly",
			"automaticallyApplyPublicHolidayNotWorkedEarningsLines": true})
		for day := 27; day <= 30; day++ {
			e.nzDay(t, hemi, fmt.Sprintf("2026-10-%02d", day), 8, 2)
		}
		P := timesheetRun(t, withBusiness(e), e.B, sch["Weekly"], "2026-11-01", "2026-11-04")
		if got := e.nzLines(t, P, hemi, "Public Holiday Not Worked"); len(got) != 1 || got[0] != 275 {
			t.Errorf("public holiday not worked lines %v, want [275]", got)
		}
		expectAmount(t, "gross", e.totals(t, P, hemi)["grossEarnings"], 1375)
	})
}

// A public holiday not worked by an employee whose daily pay varies within
// the pay period: average daily pay (s 9A(1)(b); s 9A(2): the gross
// earnings of the 52 calendar weeks before the end of the pay period
// immediately before the calculation ÷ the days during which they were
// earned, paid holidays and leave included). The Act leaves s 9A to the
// employer ("may"); the API has no member for the choice, so the statute's
// condition applies it (the lead's decision).
//   - Mere, $25 an hour on timesheets (40 hours, 8-hour days on her
//     record), starts Monday 28 September 2026 and works Monday 4 hours,
//     Tuesday 6, Wednesday 8 and Thursday 10 in each of the weeks ending 4,
//     11, 18 and 25 October: 28 × 25 = 700.00 a week.
//   - Week ending 1 November: Labour Day, Monday 26 October, not worked;
//     Tuesday 6, Wednesday 8, Thursday 10 hours: 150, 200 and 250, her
//     daily pay varies. ADP: the 52 weeks to 25 October (the end of the
//     period before) hold 4 × 700 = 2,800.00 earned on 16 days (no paid
//     leave or public holiday in them): 175.00.
//   - Labour Day 175.00 (before: her 8 hours a day × 25 = 200.00); gross
//     600 + 175 = 775.00.
func TestAuditNZPublicHolidayNotWorkedAverageDailyPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		mere := e.nzEmployee(t, "Mere", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly", "startDate": "2026-09-28T00:00:00",
			"automaticallyApplyPublicHolidayNotWorkedEarningsLines": true})
		for _, monday := range []string{"2026-09-28", "2026-10-05", "2026-10-12", "2026-10-19"} {
			for i, h := range []int{4, 6, 8, 10} {
				e.nzDay(t, mere, payrollDay(t, monday, i), h, 0)
			}
			P := timesheetRun(t, withBusiness(e), e.B, sch["Weekly"], payrollDay(t, monday, 6), payrollDay(t, monday, 6))
			expectAmount(t, "week to "+payrollDay(t, monday, 6), e.totals(t, P, mere)["grossEarnings"], 700)
			e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		}
		for i, h := range []int{6, 8, 10} {
			e.nzDay(t, mere, payrollDay(t, "2026-10-27", i), h, 0)
		}
		P := timesheetRun(t, withBusiness(e), e.B, sch["Weekly"], "2026-11-01", "2026-11-04")
		if got := e.nzLines(t, P, mere, "Public Holiday Not Worked"); len(got) != 1 || got[0] != 175 {
			t.Errorf("public holiday not worked lines %v, want [175]", got)
		}
		expectAmount(t, "gross", e.totals(t, P, mere)["grossEarnings"], 775)
	})
}

// payrollDay is the day n days after day (YYYY-MM-DD).
func payrollDay(t *testing.T, day string, n int) string {
	t.Helper()
	d, err := time.Parse("2006-01-02", day)
	if err != nil {
		t.Fatal(err)
	}
	return d.AddDate(0, 0, n).Format("2006-01-02")
}

// A sick day of an employee whose daily pay varies within the period is
// paid average daily pay (Holidays Act 2003 s 71(1): "relevant daily pay
// or average daily pay for each day of sick leave taken"; s 9A(1)(b), the
// statute's condition deciding, as for public holidays).
//   - Tia, $25 an hour on timesheets, employed since 2 March 2026 (so
//     entitled to sick leave, s 63), works Monday 4 hours, Tuesday 6,
//     Wednesday 8 and Thursday 10 in each of the weeks ending 8, 15, 22 and
//     29 November 2026: 700.00 a week.
//   - Week ending 6 December: Monday 4, Tuesday 6, Wednesday 8 hours (100,
//     150, 200: her daily pay varies), sick on Thursday 3 December (a
//     request of 10 hours). ADP: the 52 weeks to 29 November hold 2,800.00
//     earned on 16 days: 175.00 for the one day (before: the 10 hours ×
//     25 = 250.00); gross 450 + 175 = 625.00.
func TestAuditNZSickDayAverageDailyPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		tia := e.nzEmployee(t, "Tia", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly", "startDate": "2026-03-02T00:00:00"})
		for _, monday := range []string{"2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"} {
			for i, h := range []int{4, 6, 8, 10} {
				e.nzDay(t, tia, payrollDay(t, monday, i), h, 0)
			}
			P := timesheetRun(t, withBusiness(e), e.B, sch["Weekly"], payrollDay(t, monday, 6), payrollDay(t, monday, 6))
			e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		}
		for i, h := range []int{4, 6, 8} {
			e.nzDay(t, tia, payrollDay(t, "2026-11-30", i), h, 0)
		}
		e.nzLeave(t, tia, "Sick Leave", "2026-12-03", "2026-12-03", 10)
		P := timesheetRun(t, withBusiness(e), e.B, sch["Weekly"], "2026-12-06", "2026-12-06")
		if got := e.nzLines(t, P, tia, "Sick Leave Pay"); len(got) != 1 || got[0] != 175 {
			t.Errorf("sick leave pay lines %v, want [175]", got)
		}
		expectAmount(t, "gross", e.totals(t, P, tia)["grossEarnings"], 625)
	})
}

// A leaver's bonus on the 53rd weekly pay day of 2026-27 with child
// support, a student loan and KiwiSaver all deducted (the scenario of
// TestAuditNZLeaverBonusOnThe53rdWeek, with KiwiSaver at 3.5% and a child
// support deduction notice of $1,000 a week).
//   - PAYE 754.00 and ACC 52.50 (the termination rule: the last two fully
//     paid weeks 2,000 × 52 ÷ 2 = 52,000 + 2,000 → 30% on the bonus; the
//     week 154.00); student loan (3,000 − 464) × 12% = 304.32.
//   - KiwiSaver (a bonus is salary or wages, KiwiSaver Act 2006 s 4): 3.5%
//     × 3,000 = 105.00 each; ESCT at 17.5% ((1,000 + 35) ÷ 7 × 365 =
//     53,967.85): $105 × 17.5% = 18.375 → 18.37 (IR specification §5.22.3).
//   - Child support straight after PAYE, limited to 40% of the net
//     earnings (Child Support Act 1991 s 165; pay less PAYE income tax,
//     before the levy: nz-child-support.md): 40% × (3,000 − 754) = 898.40 of
//     the notice's 1,000.
//   - Net 3,000 − 754 − 52.50 − 304.32 − 105 − 898.40 = 885.78.
func TestAuditNZLeaverBonusWithChildSupportStudentLoanKiwiSaver(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		cs := int64(num(t, e.Do("POST", e.B+"/deductioncategory", e.Key, map[string]any{"name": "Child Support",
			"paymentSummaryClassification": "ChildSupportDeduction"}).Expect(t, 200).Map(t)["id"]))
		hine := e.employee(t, "Hine", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2023-02-06T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, hine), e.Key, map[string]any{"deductionCategoryId": cs,
			"amount": 1000, "deductionType": "Fixed", "fromDate": "2026-04-01T00:00:00"}).Expect(t, 200)
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
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 105)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 105)
		expectAmount(t, "ESCT", tot["esctContribution"], 18.37)
		expectAmount(t, "child support", e.shgOnSlip(t, P, hine, "Child Support"), 898.40)
		expectAmount(t, "net", tot["netEarnings"], 885.78)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// An extra pay with no regular pay in the four weeks (IR, Payroll
// Calculations & Business Rules Specification §5.11 step 3.1: the regular
// earnings of the pays in the four weeks to the pay day, annualised, plus
// the extra pay; with none, the extra pay alone decides the band: the
// lead's decision). Rangi, $25 an hour on M SL with KiwiSaver 3.5%,
// employed since 2024, is paid weekly from 1 and 8 November 2026 (1,000
// each), then nothing until a $5,000 bonus paid alone on Sunday 13
// December (the four weeks 16 November to 13 December hold no pay).
//   - PAYE: 0 + 5,000 → the 10.5% band: 525.00; ACC 1.75% × 5,000 = 87.50.
//   - Student loan (§5.11 step 2 NB: an extra pay not paid with normal pay
//     repays 12% of all of it): 600.00.
//   - KiwiSaver 3.5% × 5,000 = 175.00.
//   - Net 5,000 − 525 − 87.50 − 600 − 175 = 3,612.50.
func TestAuditNZBonusPaidAloneTakesItsOwnBand(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		rangi := e.employee(t, "Rangi", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly", "hoursPerWeek": 0, "taxCodeDeclaration_TaxCode": "M SL",
			"startDate": "2024-03-04T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		ordinary := int64(0)
		var cats []map[string]any
		e.Do("GET", e.B+"/paycategory", e.Key, nil).Expect(t, 200).JSON(t, &cats)
		for _, c := range cats {
			if c["name"] == "Ordinary Hours" {
				ordinary = int64(num(t, c["id"]))
			}
		}
		for _, day := range []string{"2026-11-01", "2026-11-08"} {
			P := e.run(t, day, 0, 0)
			e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{
				fmt.Sprint(rangi): []any{map[string]any{"payCategoryId": fmt.Sprint(ordinary), "units": 40, "rate": 25}}}}).Expect(t, 200)
			expectAmount(t, "week "+day, e.totals(t, P, rangi)["grossEarnings"], 1000)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-12-13", rangi, 5000)
		tot := e.totals(t, P, rangi)
		expectAmount(t, "gross", tot["grossEarnings"], 5000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 525)
		expectAmount(t, "ACC", tot["accLevyAmount"], 87.50)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 600)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 175)
		expectAmount(t, "net", tot["netEarnings"], 3612.50)
	})
}

// Paid parental leave alongside payroll: Inland Revenue pays the parental
// leave payment itself (Parental Leave and Employment Protection Act 1987
// Part 7A; IRD deducts any KiwiSaver from it, the employer does not), so
// the employer's run holds only its own top-up, which is salary or wages:
// PAYE, the ACC levy and KiwiSaver (KiwiSaver Act 2006 s 4) as on any
// regular pay. The ESCT rate is the year's, set by the first pay (IR's
// Payroll Calculations & Business Rules Specification §5.21.5: the ESCT
// rate threshold "is set at the beginning of the tax year and cannot change
// until the following year"), not a new estimate from the top-up.
//   - Aroha, $62,400 a year weekly (1,200.00), M, KiwiSaver 3.5%, employed
//     since 1 October 2024 (no earlier pay here). Week ending 8 November
//     2026: KiwiSaver 42.00 each; ESCT rate threshold (1,200 + 42) ÷ 7 ×
//     365 = 64,760 → 30%: $42 × 30% = 12.60.
//   - Week ending 15 November: on parental leave (the NZ defaults' "Unpaid
//     Leave" for the week: no salary), a $400 top-up. PAYE: 400 × 52 =
//     20,800: 1,638 + 17.5% × 5,200 = 2,548 + levy 364 = 2,912 ÷ 52 =
//     56.00 less the levy 7.00 = 49.00; KiwiSaver 3.5% × 400 = 14.00 each;
//     ESCT at the year's 30%: $14 × 30% = 4.20 (before: re-estimated from
//     the top-up, (400 + 14) ÷ 7 × 365 = 21,587.14 → 17.5%: 2.45).
//   - Net 400 − 49 − 7 − 14 = 330.00.
func TestAuditNZParentalLeaveTopUpKeepsTheYearsESCTRate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		topUp := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Parental Leave Top-Up", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		aroha := e.nzEmployee(t, "Aroha", "Weekly", map[string]any{"rate": 62400, "rateUnit": "Annually",
			"kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5})
		P := e.runOn(t, sch["Weekly"], "2026-11-08", "2026-11-08")
		want(t, "first week", e.totals(t, P, aroha), map[string]int64{"grossEarnings": 120000, "kiwiSaverEmployerContribution": 4200, "esctContribution": 1260})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.nzLeave(t, aroha, "Unpaid Leave", "2026-11-09", "2026-11-13", 40)
		P = e.runOn(t, sch["Weekly"], "2026-11-15", "2026-11-15")
		e.earnings(t, P, aroha, map[string]any{"payCategoryId": fmt.Sprint(topUp), "earnings": 400}).Expect(t, 200)
		want(t, "parental leave week", e.totals(t, P, aroha), map[string]int64{"grossEarnings": 40000, "payeWithheld": 4900, "accLevyAmount": 700,
			"kiwiSaverEmployeeContribution": 1400, "kiwiSaverEmployerContribution": 1400, "esctContribution": 420, "netEarnings": 33000})
		if x := e.figureValue(t, P, aroha, "esct"); x != 4.20 {
			t.Errorf("explained ESCT %v, want 4.20", x)
		}
	})
}
