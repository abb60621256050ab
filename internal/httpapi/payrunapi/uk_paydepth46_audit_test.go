package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth46: a UK audit round (2026-27) of holiday pay on termination by
// the leave year, leavers and joiners, statutory pay with a salary
// sacrifice, and student loans. Every figure is derived by hand from the
// statute or HMRC's tables (payroll-rules-2026-27.md §2) named at each
// case, not from our output.

// pd46Holiday adds a pay category "Holiday Pay" and a holiday leave
// category that accrues by itself unitType/units a year, paid through it.
func pd46Holiday(t *testing.T, e *regionEnv, unitType string, units float64) int64 {
	t.Helper()
	hp := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Holiday Pay", "rateUnit": "Hourly"}).Expect(t, 200).Map(t)["id"]))
	return int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday", "units": units, "unitType": unitType,
		"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true, "transferToPayCategoryId": hp}).Expect(t, 200).Map(t)["id"]))
}

// pd46PaidOnTermination is the final run's line paying out the holiday,
// with a check that its notes name reg 14(3) and each of parts.
func pd46PaidOnTermination(t *testing.T, e *regionEnv, P string, emp int64, want float64, parts ...string) {
	t.Helper()
	l := e.linesNamed(t, P, emp, "Holiday paid on termination")
	if len(l) != 1 {
		t.Fatalf("holiday paid on termination: %v, want one line of %v", l, want)
	}
	expectAmount(t, "holiday in lieu", l[0]["earnings"], want)
	notes := fmt.Sprint(l[0]["notes"])
	for _, p := range append([]string{"reg 14(3)"}, parts...) {
		if !strings.Contains(notes, p) {
			t.Errorf("holiday in lieu notes %q, want %q in them", notes, p)
		}
	}
}

// Holiday in lieu by the leave year, the statutory default (Working Time
// Regulations 1998, reg 13(3)(b)(ii): with no relevant agreement the leave
// year begins on the day employment began and each anniversary; reg
// 14(3)(b): on termination the worker is paid in lieu of (A × B) − C,
// A the year's leave, B the proportion of the leave year expired at the
// termination date, C the leave taken in the leave year; paid at a week's
// pay, reg 16 and the Employment Rights Act 1996 s 221(2)).
//   - Ann, £36,000 a year paid monthly, 40 hours a week of 8-hour days,
//     started 1 March 2024; holiday 28 days a year (224 hours), accruing
//     by itself. The business ran its first payroll here in October 2026;
//     she took a week's holiday, 5-9 October (40 hours), and leaves on
//     Monday 30 November 2026.
//   - Leave year 1 March 2026 - 28 February 2027 (365 days); expired at
//     30 November: 275 days (March 31, April 30, May 31, June 30, July 31,
//     August 31, September 30, October 31, November 30). A × B = 224 ×
//     275 ÷ 365 = 168.7671 hours; C = 40: 128.7671 hours untaken.
//   - A week's pay: 36,000 ÷ 52 = 692.3077 for 40 hours, 17.307692 an
//     hour: 128.7671 × 17.307692 = 2,228.66.
//   - November gross 3,000 + 2,228.66 = 5,228.66. BR, cumulative:
//     October 3,000 → 600.00; to date 8,228.66 → 8,228 × 20% = 1,645.60 −
//     600.00 = 1,045.60.
//
// Before paydepth46 the ledger was paid: October's and November's
// accruals (2 × 18.6667) less the 40 hours taken = −2.6666 hours, so
// nothing was paid in lieu (and the run warned of holiday owed), where
// the leave year's seven months before October were never counted.
func TestAuditUKHolidayInLieuByLeaveYearFromStartDate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		hol := pd46Holiday(t, e, "Days", 28)
		ann := e.employee(t, "Ann", "Monthly", map[string]any{"rate": 36000, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2024-03-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, ann), e.Key, map[string]any{"leaveCategoryId": hol,
			"fromDate": "2026-10-05T00:00:00", "toDate": "2026-10-09T00:00:00", "hours": 40, "automaticallyApprove": true}).Expect(t, 200)
		oct := e.run(t, "2026-10-31", 0, 0)
		tot := e.totals(t, oct, ann)
		expectAmount(t, "October gross", tot["grossEarnings"], 3000)
		expectAmount(t, "October PAYE", tot["payeWithheld"], 600)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ann, "terminationReason": "Resignation", "terminationDate": "2026-11-30T00:00:00"}).Expect(t, 200)
		pd46PaidOnTermination(t, e, P, ann, 2228.66, "275 of the 365 days", "1 March 2026", "168.7671 hours")
		tot = e.totals(t, P, ann)
		expectAmount(t, "final gross", tot["grossEarnings"], 5228.66)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 1045.60)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, ann, hol, "2026-11-30"); b != 0 {
			t.Errorf("holiday balance after the final pay %v, want 0 (the hours paid are taken from it)", b)
		}
	})
}

// A leave year agreed as the calendar year (reg 13(3)(a): the date a
// relevant agreement provides; the employee's leaveAccrualStartDateType
// CalendarYear), holiday of 5.6 weeks a year (reg 13(1) and 13A(2)).
//   - Ben, £600 a week fixed for 37.5 hours, started 1 June 2025, leaves
//     on Sunday 22 November 2026 having taken no holiday this year; his
//     only run here is the final week.
//   - Leave year 1 January - 31 December 2026 (365 days), expired at 22
//     November: 304 + 22 = 326 days. A = 5.6 × 37.5 = 210 hours; A × B =
//     210 × 326 ÷ 365 = 187.5616 hours at 600 ÷ 37.5 = 16.00 an hour =
//     3,000.99.
//   - Gross 600 + 3,000.99 = 3,600.99; BR (20% of the taxable pay to date
//     in whole pounds, nothing earlier here): 3,600 × 20% = 720.00.
//
// Before paydepth46: one week's accrual, 210 ÷ 52 = 4.0385 hours = 64.62.
func TestAuditUKHolidayInLieuCalendarLeaveYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pd46Holiday(t, e, "Weeks", 5.6)
		ben := e.employee(t, "Ben", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2025-06-01T00:00:00", "leaveAccrualStartDateType": "CalendarYear"})
		P := e.run(t, "2026-11-22", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ben, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		pd46PaidOnTermination(t, e, P, ben, 3000.99, "326 of the 365 days", "1 January 2026", "calendar year", "187.5616 hours")
		tot := e.totals(t, P, ben)
		expectAmount(t, "final gross", tot["grossEarnings"], 3600.99)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 720)
	})
}

// A joiner whose leave year is agreed from 1 April (leaveAccrualStartDateType
// SpecifiedDate, leaveYearStart 1 April): reg 13(5) gives a worker who
// starts after the leave year began the proportion of the year's leave
// that remained when they started; on termination (reg 14(3)) that is
// paid for the part of the leave year worked: the year's leave × the days
// employed in the leave year ÷ its days.
//   - Cal, £30,000 a year paid monthly, 37.5 hours a week of 7.5-hour
//     days, 28 days' holiday a year (210 hours), starts 1 September 2026,
//     takes a day's holiday on Monday 16 November (7.5 hours) and leaves
//     on 31 December 2026.
//   - Leave year 1 April 2026 - 31 March 2027 (365 days); employed 1
//     September - 31 December: 30 + 31 + 30 + 31 = 122 days. 210 × 122 ÷
//     365 = 70.1918 hours, less 7.5 taken = 62.6918 hours.
//   - Hourly: 2,500 a month over 37.5 × 52 ÷ 12 = 162.5 hours = 15.384615:
//     62.6918 × 15.384615 = 964.49.
//
// Before paydepth46: November's and December's accruals (2 × 17.5) less
// 7.5 = 27.5 hours = 423.08.
func TestAuditUKHolidayInLieuAgreedLeaveYearJoiner(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		hol := pd46Holiday(t, e, "Days", 28)
		cal := e.employee(t, "Cal", "Monthly", map[string]any{"rate": 30000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2026-09-01T00:00:00",
			"leaveAccrualStartDateType": "SpecifiedDate", "leaveYearStart": "2026-04-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, cal), e.Key, map[string]any{"leaveCategoryId": hol,
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-16T00:00:00", "hours": 7.5, "automaticallyApprove": true}).Expect(t, 200)
		nov := e.run(t, "2026-11-30", 0, 0)
		expectAmount(t, "November gross", e.totals(t, nov, cal)["grossEarnings"], 2500)
		e.Do("POST", nov+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-12-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": cal, "terminationReason": "Resignation", "terminationDate": "2026-12-31T00:00:00"}).Expect(t, 200)
		pd46PaidOnTermination(t, e, P, cal, 964.49, "122 of the 365 days", "1 April 2026", "70.1918 hours")
		expectAmount(t, "final gross", e.totals(t, P, cal)["grossEarnings"], 3464.49)
	})
}

// A salary sacrifice during paid maternity leave.
//   - Mia, £600 a week fixed (37.5 hours, Monday to Friday), 1257L,
//     category A, gives up 10% of her pay into her pension, the employer
//     adds 3% (both on all pensionable pay). SMP from Sunday 1 November
//     2026 on average weekly earnings of 540.00 (her NI-able pay after the
//     sacrifice): the first six weeks at 90% = 486.00 a week.
//   - Week Sunday 1 - Saturday 7 November: all five working days on
//     maternity leave, so no salary; SMP 486.00. SMP cannot be given up:
//     SSCBA 1992 s 164(6) makes void any agreement that limits or
//     modifies it or makes her contribute to its cost, so nothing is
//     sacrificed and the gross is 486.00.
//   - NI (§2.4 weekly PT 242, ST 96): employee 8% × (486 − 242) = 19.52;
//     employer 15% × (486 − 96) = 58.50. Net 486 − 19.52 = 466.48 (no PAYE:
//     her first pay here, in tax week 31 of a cumulative 1257L).
//   - Pension: Social Security Act 1989 Sch 5 para 5: during paid
//     maternity leave the scheme treats her as working normally on the
//     pay she would be likely to be paid; the employer's contributions
//     are kept up on it, and under a sacrifice the contribution given up
//     is the employer's too: 3% × 600 + 10% × 600 = 78.00.
//
// Before paydepth46: 10% × 486 = 48.60 sacrificed out of the SMP (gross
// 437.40, NI 15.63 / 51.21, net 421.77) and the employer's 3% × 486 =
// 14.58 only.
func TestAuditUKSalarySacrificeDuringSMP(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		mia := e.employee(t, "Mia", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "1257L", "nationalInsuranceCategory": "A", "startDate": "2024-01-08T00:00:00", "gender": "Female"})
		pd42Sacrifice(t, e, mia)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, mia), e.Key, map[string]any{"startDate": "2026-11-01T00:00:00",
			"endDate": "2027-07-31T00:00:00", "babyDueDate": "2026-11-22T00:00:00", "averageWeeklyEarningsOverride": 540}).Expect(t, 200)
		P := e.run(t, "2026-11-07", 0, 0)
		tot := e.totals(t, P, mia)
		expectAmount(t, "gross", tot["grossEarnings"], 486)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 19.52)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 58.50)
		expectAmount(t, "net", tot["netEarnings"], 466.48)
		expectAmount(t, "employer pension", tot["employerPensionContribution"], 78)
		expectAmount(t, "employee pension", tot["employeePensionContribution"], 0)
	})
}

// An employee with a Plan 2 and a Plan 4 loan and a postgraduate loan,
// paid weekly in week 53. HMRC's employer guidance: a borrower repays
// only one of Plans 1, 2, 4 and 5 at a time through payroll, and where
// an employee is on more than one plan the employer deducts for the plan
// with the lowest threshold until an SL1 start notice says otherwise; a
// postgraduate loan is deducted at the same time (docs/reference/
// uk-student-loans-multiple-plans.md). So Plan 2 (29,385 a year, weekly
// 565.09) rather than Plan 4 (649.90), and the PGL (403.84), §2.5.
//   - Ola, £700 a week, 1257L, category A, paid Monday 5 April 2027: tax
//     week 53, whose payment is taxed on a week 1 basis (HMRC, week 53
//     payments): 700 − 241.92 = 458.08 → 458 × 20% = 91.60.
//   - Plan 2: 9% × (700 − 565.09) = 12.14 → £12 (whole pounds, rounded
//     down); PGL: 6% × (700 − 403.84) = 17.77 → £17.
//   - NI weekly: 8% × (700 − 242) = 36.64; employer 15% × (700 − 96) =
//     90.60.
func TestAuditUKPlan2WithPlan4AndPostgradWeek53(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		ola := e.employee(t, "Ola", "Weekly", map[string]any{"rate": 700, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"hasStudentLoan": true, "studentLoanType": "Plan2", "hasPostGradLoan": true})
		tot := e.totals(t, e.run(t, "2027-04-05", 0, 0), ola)
		expectAmount(t, "PAYE week 53", tot["payeWithheld"], 91.60)
		expectAmount(t, "Plan 2", tot["studentLoanAmount"], 12)
		expectAmount(t, "PGL", tot["postGradLoanAmount"], 17)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 36.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 90.60)
	})
}

// A monthly joiner part-way through October 2026: no statute fixes the
// part-period salary (the contract does); payrolld pays the calendar-day
// share and now says so on the line (docs/reference/part-period-pay.md).
//   - Jo, £36,000 a year, starts Tuesday 20 October: 3,000 × 12 ÷ 31 =
//     1,161.29, the line's notes "12 of the 31 calendar days employed, 20
//     October to 31 October 2026".
//
// Before paydepth46: the same amount, with no note of how it was worked.
func TestAuditUKJoinerPartMonthExplained(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		jo := e.employee(t, "Jo", "Monthly", map[string]any{"rate": 36000, "rateUnit": "Annually", "hoursPerWeek": 40, "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-10-20T00:00:00"})
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "October gross", e.totals(t, P, jo)["grossEarnings"], 1161.29)
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, jo), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(jo)].([]any)
		found := false
		for _, l := range lines {
			if n := fmt.Sprint(l.(map[string]any)["notes"]); strings.Contains(n, "12 of the 31 calendar days employed") && strings.Contains(n, "20 October to 31 October 2026") {
				found = true
			}
		}
		if !found {
			t.Errorf("salary lines %v, want a note of 12 of the 31 calendar days employed", lines)
		}
	})
}

// A director (since before the tax year, annual earnings period, HMRC
// CA44; SSCR 2001 reg 8(3)) who leaves the company at the end of October
// 2026 with a £20,000 bonus in her final pay.
//   - Dee, £5,000 a month, BR, category A. Employee NI on the annual
//     period (PT 12,570, UEL 50,270; ST 5,000, §2.4), cumulative: to the
//     end of September 30,000 → 8% × (30,000 − 12,570) = 1,394.40;
//     employer 15% × (30,000 − 5,000) = 3,750.00.
//   - October: pay to date 55,000: employee 8% × (50,270 − 12,570) =
//     3,016.00 + 2% × (55,000 − 50,270) = 94.60 → 3,110.60, less 1,394.40
//     = 1,716.20; employer 15% × 50,000 = 7,500.00 less 3,750.00 =
//     3,750.00.
//   - BR cumulative: 55,000 × 20% = 11,000 less 6,000 = 5,000.00.
//   - P45: pay to date 55,000.00, tax to date 11,000.00.
func TestAuditUKDirectorLeavesWithBonusAnnualPeriod(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		dee := e.employee(t, "Dee", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"isCompanyDirector": "true", "appointmentStartDate": "2020-01-06T00:00:00", "nationalInsuranceCalculationMethod": "Cumulative",
			"startDate": "2020-01-06T00:00:00"})
		for _, day := range []string{"2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31", "2026-08-31", "2026-09-30"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-31", dee, 20000)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dee, "terminationReason": "Resignation", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, dee)
		expectAmount(t, "final gross", tot["grossEarnings"], 25000)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 1716.20)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 3750)
		expectAmount(t, "PAYE", tot["payeWithheld"], 5000)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45data", e.B, dee), e.Key, nil).Expect(t, 200).Map(t)
		if p45["data"] != nil {
			p45 = p45["data"].(map[string]any)
		}
		expectAmount(t, "P45 pay to date", p45["totalPayToDate"], 55000)
		expectAmount(t, "P45 tax to date", p45["totalTaxToDate"], 11000)
	})
}

// The UK default leave categories: "Holiday", 5.6 weeks a year for a
// standard week's hours, and "Holiday (Irregular Hours)", 12.07% of the
// hours worked, both accruing by themselves. The Working Time Regulations
// 1998 give a worker one or the other: reg 13 (and 13A) applies to a
// worker to whom reg 15B does not (reg 13(A1), SI 2023/1426), reg 15B to
// irregular-hours and part-year workers (reg 15F); a casual is the
// irregular-hours worker.
//   - Kim, full time, £600 a week fixed for 37.5 hours, started 1 June
//     2025, leaves Sunday 22 November 2026: leave year from 1 June 2026
//     (the start-date anniversary, reg 13(3)(b)(ii)), 175 of its 365 days
//     expired: 5.6 × 37.5 = 210 hours × 175 ÷ 365 = 100.6849 hours at 16.00
//     = 1,610.96; nothing of the 12.07% category.
//   - Cas, casual, £15 an hour for 20 hours a week, leaves the same day:
//     12.07% × 20 = 2.414 hours at 15.00 = 36.21 (reg 15E: the reg 15B leave
//     untaken); nothing of the 5.6-week category.
//
// Before paydepth46 each accrued both: Kim the week's 4.0385 hours of
// Holiday (64.62) and 4.5263 hours of the 12.07% (72.42); Cas 5.6 × 20 ÷
// 52 = 2.1538 hours of Holiday (32.31) beside the 36.21.
func TestAuditUKDefaultHolidayCategoriesOneKindEach(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pd46Holiday(t, e, "StandardWeeks", 5.6)
		e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday (Irregular Hours)", "units": 0.1207, "unitType": "HoursPerHourWorked",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true}).Expect(t, 200)
		// The defaults' primary pay category accrues leave.
		e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Basic Pay", "rateUnit": "Hourly", "accruesLeave": true}).Expect(t, 200)
		kim := e.employee(t, "Kim", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2025-06-01T00:00:00", "primaryPayCategory": "Basic Pay"})
		cas := e.employee(t, "Cas", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "hoursPerWeek": 20, "employmentType": "Casual",
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2025-06-01T00:00:00", "primaryPayCategory": "Basic Pay"})
		P := e.run(t, "2026-11-22", 0, 0)
		for _, emp := range []int64{kim, cas} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		}
		pd46PaidOnTermination(t, e, P, kim, 1610.96, "175 of the 365 days", "1 June 2026", "5.6 weeks a year")
		if l := e.linesNamed(t, P, kim, "Holiday (Irregular Hours) paid on termination"); len(l) != 0 {
			t.Errorf("Kim's 12.07%% holiday paid out: %v, want none (reg 13 applies to her, not reg 15B)", l)
		}
		expectAmount(t, "Kim's gross", e.totals(t, P, kim)["grossEarnings"], 2210.96)
		l := e.linesNamed(t, P, cas, "Holiday (Irregular Hours) paid on termination")
		if len(l) != 1 || num(t, l[0]["earnings"]) != 36.21 {
			t.Errorf("Cas's 12.07%% holiday paid on termination %v, want 2.414 hours = 36.21", l)
		}
		if l := e.linesNamed(t, P, cas, "Holiday paid on termination"); len(l) != 0 {
			t.Errorf("Cas's 5.6-week holiday paid out: %v, want none (a casual accrues reg 15B's 12.07%%)", l)
		}
		expectAmount(t, "Cas's gross", e.totals(t, P, cas)["grossEarnings"], 336.21)
	})
}

// The same through a business set up with the UK default data (as a
// bureau creates one: POST /business without setupDefaultData=false): its
// "Holiday" (5.6 standard weeks, kept in days) and "Holiday (Irregular
// Hours)" (12.07%) both accrue by themselves, and "Basic Pay" is the
// primary pay category. Max, full time, £600 a week fixed for 37.5 hours,
// started 1 June 2025, leaves Sunday 22 November 2026: Holiday by the
// leave year from 1 June 2026, 210 × 175 ÷ 365 = 100.6849 hours at 16.00
// = 1,610.96 (as Kim above); nothing of the 12.07% category. Gross
// 2,210.96; BR 20% × 2,210 = 442.00.
func TestAuditUKDefaultDataBusinessLeaverHoliday(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		id := int64(num(t, e.Do("POST", "/api/v2/business", e.Key, map[string]any{"name": "Default UK", "region": "UK"}).Expect(t, 200).Map(t)["id"]))
		B := testkit.BusinessPath(id)
		e.Do("POST", B+"/location", e.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
		sched := int64(num(t, e.Do("POST", B+"/payschedule", e.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200).Map(t)["id"]))
		m := baseMembers("UK", "Max", "Weekly")
		for k, v := range map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5, "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2025-06-01T00:00:00", "primaryPayCategory": "Basic Pay"} {
			m[k] = v
		}
		emp := e.Do("POST", B+"/employee/unstructured?matchType=None", e.Key, m).Expect(t, 200).Map(t)
		if emp["status"] != "Active" {
			t.Fatalf("employee %v", emp)
		}
		mx := int64(num(t, emp["id"]))
		r := e.Do("POST", B+"/payrun", e.Key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-22T00:00:00", "datePaid": "2026-11-22T00:00:00"}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", B, int64(num(t, r["id"])))
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": mx, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, mx), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(mx)].([]any)
		var paid []string
		total := 0.0
		for _, l := range lines {
			lm := l.(map[string]any)
			if n := fmt.Sprint(lm["notes"]); strings.Contains(n, "termination") {
				paid = append(paid, fmt.Sprint(lm["payCategoryName"], " ", lm["earnings"], " ", n))
				total += num(t, lm["earnings"])
			}
		}
		if len(paid) != 1 || total != 1610.96 || !strings.Contains(paid[0], "175 of the 365 days") {
			t.Errorf("paid on termination %q, want one Holiday line of 1,610.96 (175 of the 365 days of the leave year)", paid)
		}
		tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, mx), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(mx)].(map[string]any)
		expectAmount(t, "gross", tot["grossEarnings"], 2210.96)
		expectAmount(t, "PAYE", tot["payeWithheld"], 442)
	})
}

// A month part salary, part SMP, with a 10% salary sacrifice and the
// employer's 3% (pensionable pay basis).
//   - Sam, £31,200 a year (2,600.00 a month), Monday to Friday; SMP from
//     Sunday 15 November 2026 on AWE 540.00 (486.00 a week).
//   - November has 21 working days, 11 of them (16-20, 23-27, 30) on
//     maternity leave: salary 2,600 − 2,600 × 11 ÷ 21 (1,361.90) =
//     1,238.10. The sacrifice is of that contractual pay only: 10% ×
//     1,238.10 = 123.81 (SSCBA 1992 s 164(6): none of the SMP).
//   - Employer (Social Security Act 1989 Sch 5 para 5): on her normal pay,
//     the salary paid 1,238.10 plus the normal pay of the leave days
//     1,361.90 = 2,600.00: 3% = 78.00, and the sacrificed 10% kept up on
//     it, 260.00 less the 123.81 given up = 136.19: 214.19.
//
// Before paydepth46: 10% of the salary and the SMP given up, and the
// employer's 3% of the pay actually paid.
func TestAuditUKSalarySacrificePartMonthSMP(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		sam := e.employee(t, "Sam", "Monthly", map[string]any{"rate": 31200, "rateUnit": "Annually", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "1257L", "nationalInsuranceCategory": "A", "startDate": "2024-01-08T00:00:00", "gender": "Female"})
		pd42Sacrifice(t, e, sam)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, sam), e.Key, map[string]any{"startDate": "2026-11-15T00:00:00",
			"endDate": "2027-08-14T00:00:00", "babyDueDate": "2026-12-06T00:00:00", "averageWeeklyEarningsOverride": 540}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		tot := e.totals(t, P, sam)
		expectAmount(t, "sacrifice", tot["employeePensionContribution"], 123.81)
		expectAmount(t, "employer pension", tot["employerPensionContribution"], 214.19)
		if l := e.linesNamed(t, P, sam, "Ordinary Hours"); len(l) != 1 || num(t, l[0]["earnings"]) != 1238.10 {
			t.Errorf("salary lines %v, want 1,238.10 for the 10 working days before the leave", l)
		}
	})
}

// A net pay arrangement on qualifying earnings during a month wholly on
// SMP (Social Security Act 1989 Sch 5 para 5: she contributes on the pay
// actually paid, the employer on her normal pay).
//   - Ola, £39,000 a year (3,250.00 a month), 1257L M1, A, 5% / 3% of
//     qualifying earnings (monthly band 520.00 - 4,189.17, §2.6). SMP from
//     Sunday 1 November 2026 on AWE 700.00: 630.00 a week, November 4 ×
//     630 plus 630 × 2 ÷ 7 = 2,700.00, no salary.
//   - Employee 5% × (2,700 − 520) = 109.00; employer 3% × (3,250 − 520) =
//     81.90 (her normal pay; the pay actually paid would give 65.40).
//   - PAYE M1: 2,700 − 109 = 2,591 − 1,048.26 = 1,542.74 → 1,542 × 20% =
//     308.40. NI 8% × (2,700 − 1,048) = 132.16; employer 15% × (2,700 −
//     417) = 342.45.
//
// Before paydepth46: employer 65.40, the rest the same.
func TestAuditUKNetPayPensionDuringSMPMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		plan := pd34Plan(t, e, "net pay", 5, 0)
		ola := e.employee(t, "Ola", "Monthly", map[string]any{"rate": 39000, "rateUnit": "Annually", "hoursPerWeek": 37.5, "taxCode": "1257L M1",
			"nationalInsuranceCategory": "A", "gender": "Female", "startDate": "2024-01-01T00:00:00"})
		pd34Join(t, e, ola, plan)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/smp", e.B, ola), e.Key, map[string]any{"startDate": "2026-11-01T00:00:00",
			"endDate": "2027-07-31T00:00:00", "babyDueDate": "2026-11-22T00:00:00", "averageWeeklyEarningsOverride": 700}).Expect(t, 200)
		tot := e.totals(t, e.run(t, "2026-11-30", 0, 0), ola)
		for k, v := range map[string]float64{"grossEarnings": 2700, "employeePensionContribution": 109, "employerPensionContribution": 81.90,
			"payeWithheld": 308.40, "employeeNationalInsuranceContribution": 132.16, "employerNationalInsuranceContribution": 342.45} {
			expectAmount(t, k, tot[k], v)
		}
	})
}
