package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth40: SG rest-day work (Employment Act 1968 s 37), the 5.5-day
// week's day's pay, and an audit round. Every employee is a Citizen born
// 3 February 1980 (46: CPF 20% employee, 37% in all, CPF Board rate table
// for ages 55 and below; total rounded to the nearest dollar, the
// employee's share down to the dollar, the employer's the difference;
// docs/reference/sg-sdl-and-spr-rates.md) unless the scenario says
// otherwise.

// sgOrdinaryCategory is the id of the "Ordinary Hours" category
// newRegionEnv creates (the employees' primary category).
func sgOrdinaryCategory(t *testing.T, e *regionEnv) int64 {
	t.Helper()
	var cats []map[string]any
	e.Do("GET", e.B+"/paycategory", e.Key, nil).Expect(t, 200).JSON(t, &cats)
	for _, c := range cats {
		if c["name"] == "Ordinary Hours" {
			return int64(num(t, c["id"]))
		}
	}
	t.Fatal("no Ordinary Hours category")
	return 0
}

// sgRestDayWeek stores a work week of Monday to Friday (whole days of 8
// hours), Saturday an off day and Sunday the rest day.
func (e *regionEnv) sgRestDayWeek(t *testing.T, emp int64) { e.sgWeekWithRestDay(t, emp, "Off") }

// sgWeekWithRestDay stores a work week of Monday to Friday (whole days of
// 8 hours), Saturday of type saturday (Full, Half or Off) and Sunday the
// rest day.
func (e *regionEnv) sgWeekWithRestDay(t *testing.T, emp int64, saturday string) {
	t.Helper()
	wd := []any{map[string]any{"dayOfWeek": 0, "workDayType": "Rest"}, map[string]any{"dayOfWeek": 6, "workDayType": saturday}}
	for d := 1; d <= 5; d++ {
		wd = append(wd, map[string]any{"dayOfWeek": d, "workDayType": "Full"})
	}
	e.Do("PUT", fmt.Sprintf("%s/employee/%d/standardhours", e.B, emp), e.Key, map[string]any{"useAdvancedWorkWeek": true,
		"advancedWorkWeekConfiguration": "WorkDayType", "standardHoursPerDay": 8, "standardWorkDays": wd}).Expect(t, 200)
}

// sgShiftCondition creates a shift condition with short code code.
func (e *regionEnv) sgShiftCondition(t *testing.T, name, code string) int64 {
	t.Helper()
	return int64(num(t, e.Do("POST", e.B+"/worktype", e.Key, map[string]any{"name": name, "shortCode": code,
		"mappingType": "ShiftCondition"}).Expect(t, 200).Map(t)["id"]))
}

// sgRestDayTimesheet adds an approved timesheet of emp in category with
// the shift conditions conds.
func (e *regionEnv) sgRestDayTimesheet(t *testing.T, emp, category int64, start, end string, conds ...int64) {
	t.Helper()
	body := map[string]any{"employeeId": emp, "startTime": start, "endTime": end, "payCategoryId": category}
	if len(conds) > 0 {
		body["shiftConditionIds"] = conds
	}
	ts := int64(num(t, e.Do("POST", e.B+"/timesheet", e.Key, body).Expect(t, 200).Map(t)["id"]))
	e.Do("POST", fmt.Sprintf("%s/manager/%d/timesheet/%d/approve", e.B, emp, ts), e.Key, nil).Expect(t, 200)
}

// Rest-day work, Employment Act 1968 s 37 (MOM, "Rest days" for Part IV
// employees: employer's request 1 day's salary at the basic rate for up
// to half the normal daily hours, 2 days' for more; employee's request ½
// and 1 day; beyond the normal daily hours, in addition, 1.5 × the hourly
// basic rate for each hour; the rest day is not a paid day, so all of it
// is on top of the salary). Raj, $2,288 a month (a Part IV non-workman
// would be at most $2,600; a workman $4,500), Monday to Friday 8 hours,
// Sunday his rest day, December 2026:
//   - a day's basic pay 12 × 2,288 ÷ (52 × 5) = 27,456 ÷ 260 = 105.60;
//     the hourly basic rate 12 × 2,288 ÷ (52 × 44) = 12.00 (s 38(4); MOM);
//   - Sunday 6 December, 8 hours at the employer's request (more than
//     half the 8-hour day): 2 days = 211.20;
//   - Sunday 13 December, 4 hours at the employer's request (not more
//     than half): 1 day = 105.60;
//   - Sunday 20 December, 10 hours at his own request: 1 day 105.60 + 2
//     hours × 1.5 × 12.00 = 36.00: 141.60;
//   - gross 2,288 + 211.20 + 105.60 + 141.60 = 2,746.40 (all ordinary
//     wages: pay for the month's work); CPF 37% × 2,746.40 = 1,016.168 →
//     1,016; employee 20% × 2,746.40 = 549.28 → 549; employer 467.
//
// Before: the timesheets were taken as paid by the salary: gross 2,288.00.
func TestAuditSGRestDayWorkEmployerAndEmployeeRequest(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ord := sgOrdinaryCategory(t, e)
		byEmployer := e.sgShiftCondition(t, "Rest day: employer's request", "RESTDAY-EMPLOYER")
		byEmployee := e.sgShiftCondition(t, "Rest day: employee's request", "restday-employee")
		raj := e.employee(t, "Raj", "Monthly", map[string]any{"rate": 2288, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8})
		e.sgRestDayWeek(t, raj)
		e.sgRestDayTimesheet(t, raj, ord, "2026-12-06T09:00:00", "2026-12-06T17:00:00", byEmployer)
		e.sgRestDayTimesheet(t, raj, ord, "2026-12-13T09:00:00", "2026-12-13T13:00:00", byEmployer)
		e.sgRestDayTimesheet(t, raj, ord, "2026-12-20T08:00:00", "2026-12-20T18:00:00", byEmployee)
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-12-31", "2026-12-31")
		tot := e.totals(t, P, raj)
		expectAmount(t, "gross", tot["grossEarnings"], 2746.40)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 549)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 467)
		var sum float64
		n := 0
		for _, l := range e.linesNamed(t, P, raj, "Ordinary Hours") {
			if notes, _ := l["notes"].(string); strings.Contains(notes, "Rest day worked") {
				sum += num(t, l["earnings"])
				n++
			}
		}
		if n != 4 || fmt.Sprintf("%.2f", sum) != "458.40" {
			t.Errorf("rest-day lines: %d lines of %.2f, want 4 (2 days, 1 day, 1 day, 2 hours beyond) of 458.40", n, sum)
		}
	})
}

// A rest-day timesheet that does not say who asked, for an employee who
// may be covered by Part IV ($2,600 a month), is refused: s 37 pays twice
// as much at the employer's request as at the employee's, and the salary
// alone pays nothing for a rest day. Nothing is stored.
func TestAuditSGRestDayWorkWithoutWhoAsked(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ord := sgOrdinaryCategory(t, e)
		lim := e.employee(t, "Lim", "Monthly", map[string]any{"rate": 2600, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8})
		e.sgRestDayWeek(t, lim)
		e.sgRestDayTimesheet(t, lim, ord, "2026-12-06T09:00:00", "2026-12-06T17:00:00")
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-12-31T00:00:00",
			"datePaid": "2026-12-31T00:00:00", "timesheetImportOption": "ThisPayPeriod"}).Expect(t, 409)
		if b := string(r.Body); !strings.Contains(b, "RESTDAY-EMPLOYER") || !strings.Contains(b, "rest day") {
			t.Errorf("refusal %s, want the rest-day message naming the shift conditions", b)
		}
		var runs []map[string]any
		e.Do("GET", e.B+"/payrun", e.Key, nil).Expect(t, 200).JSON(t, &runs)
		if len(runs) != 0 {
			t.Errorf("pay runs stored after the refusal: %v", runs)
		}
	})
}

// Tan, $6,000 a month, above $4,500: outside Part IV whatever his work
// (MOM), so s 37 does not apply; his rest-day timesheet says nothing of who
// asked and the contract (the salary) pays it: gross 6,000.00.
func TestAuditSGRestDayWorkOutsidePartIV(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newRegionEnv(t, d, "SG", "Monthly")
		tan := f.employee(t, "Tan", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8})
		f.sgRestDayWeek(t, tan)
		f.sgRestDayTimesheet(t, tan, sgOrdinaryCategory(t, f), "2026-12-06T09:00:00", "2026-12-06T17:00:00")
		P := timesheetRun(t, f.Bundle, f.B, f.schedule, "2026-12-31", "2026-12-31")
		expectAmount(t, "Tan's gross", f.totals(t, P, tan)["grossEarnings"], 6000)
	})
}

// A public holiday worked on a 5.5-day week (Employment Act s 88; MOM: an
// extra day's salary at the basic rate; a day's basic pay of a
// monthly-rated employee 12 × monthly ÷ (52 × average days worked a week),
// 5.5 for five whole days and a half day). Hana, $2,860 a month, Monday to
// Friday and Saturday morning, works Christmas Day (Friday 25 December
// 2026): 12 × 2,860 ÷ (52 × 5.5) = 34,320 ÷ 286 = 120.00. Gross 2,980.00;
// CPF 37% × 2,980 = 1,102.60 → 1,103; employee 20% = 596.00; employer
// 507; SDL 0.25% × 2,980 = 7.45.
//
// Before: the half day counted as a whole one: 34,320 ÷ 312 = 110.00
// (gross 2,970.00).
func TestAuditSGPublicHolidayWorkedFiveAndAHalfDayWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		hana := e.employee(t, "Hana", "Monthly", map[string]any{"rate": 2860, "rateUnit": "Monthly", "hoursPerWeek": 44, "hoursPerDay": 8})
		e.workWeek(t, hana, 6, true)
		approvedTimesheet(t, e.Bundle, e.B, hana, sgOrdinaryCategory(t, e), "2026-12-25T09:00:00", "2026-12-25T17:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-12-31", "2026-12-31")
		tot := e.totals(t, P, hana)
		expectAmount(t, "gross", tot["grossEarnings"], 2980)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 596)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 507)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 7.45)
	})
}

// Audit round. Rest-day work on a 6-day week at the employer's request,
// not more than half the normal day, for an employee above 60 (CPF Board
// rate table from 1 January 2026, above 60 to 65: employer 12.5%, employee
// 12.5%, total 25%; the rate of the age reached, from the month after the
// birthday month: Mei, born 10 June 1965, is 61). $2,600 a month, Monday
// to Saturday 8 hours, Sunday the rest day; Sunday 13 December 2026,
// 09:00-12:00 at the employer's request (3 hours, not more than half of
// 8): 1 day's salary, 12 × 2,600 ÷ (52 × 6) = 31,200 ÷ 312 = 100.00
// (Employment Act s 37; MOM). Gross 2,700.00; CPF total 25% × 2,700 =
// 675; employee 12.5% = 337.50 → 337; employer 338; SDL 0.25% × 2,700 =
// 6.75.
func TestAuditSGRestDayShortWorkSixDayWeekAbove60(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		byEmployer := e.sgShiftCondition(t, "Rest day: employer's request", "RESTDAY-EMPLOYER")
		mei := e.employee(t, "Mei", "Monthly", map[string]any{"rate": 2600, "rateUnit": "Monthly", "hoursPerWeek": 48, "hoursPerDay": 8,
			"dateOfBirth": "1965-06-10T00:00:00"})
		e.sgWeekWithRestDay(t, mei, "Full")
		e.sgRestDayTimesheet(t, mei, sgOrdinaryCategory(t, e), "2026-12-13T09:00:00", "2026-12-13T12:00:00", byEmployer)
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-12-31", "2026-12-31")
		tot := e.totals(t, P, mei)
		expectAmount(t, "gross", tot["grossEarnings"], 2700)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 337)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 338)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 6.75)
	})
}

// Rest-day work on a 5.5-day week at the employee's own request, not more
// than half the normal day: ½ day's salary (s 37; MOM). Nur, $2,860 a
// month, Monday to Friday and Saturday morning, Sunday the rest day;
// Sunday 20 December 2026 10:00-13:00 (3 hours of a normal 8): a day's
// basic pay 12 × 2,860 ÷ (52 × 5.5) = 34,320 ÷ 286 = 120.00; ½ day =
// 60.00. Gross 2,920.00; CPF 37% × 2,920 = 1,080.40 → 1,080; employee 20%
// = 584.00; employer 496; SDL 0.25% × 2,920 = 7.30.
func TestAuditSGRestDayEmployeeRequestFiveAndAHalfDayWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		byEmployee := e.sgShiftCondition(t, "Rest day: employee's request", "RESTDAY-EMPLOYEE")
		nur := e.employee(t, "Nur", "Monthly", map[string]any{"rate": 2860, "rateUnit": "Monthly", "hoursPerWeek": 44, "hoursPerDay": 8})
		e.sgWeekWithRestDay(t, nur, "Half")
		e.sgRestDayTimesheet(t, nur, sgOrdinaryCategory(t, e), "2026-12-20T10:00:00", "2026-12-20T13:00:00", byEmployee)
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-12-31", "2026-12-31")
		tot := e.totals(t, P, nur)
		expectAmount(t, "gross", tot["grossEarnings"], 2920)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 584)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 496)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 7.30)
	})
}

// A joiner on a 5.5-day week who works a public holiday in her first,
// incomplete month. Ali, $2,860 a month, Monday to Friday and Saturday
// morning, starts Monday 14 December 2026 and works Christmas Day (Friday
// 25 December):
//   - incomplete month (MOM, "Salary for an incomplete month of work":
//     monthly gross ÷ working days in the month × days worked; the half
//     day counts ½, MOM's half-day of 5 hours or less, part-period-pay.md):
//     December 2026 has 23 weekdays and 4 Saturdays, 23 + 2 = 25 working
//     days; from the 14th 14 weekdays and 2 Saturdays, 15: 2,860 × 15 ÷
//     25 = 1,716.00 (before paydepth44, the Saturdays whole: 16 of 27,
//     1,694.81);
//   - the holiday worked: an extra day's salary at the basic rate of pay
//     (s 88), a day's pay from the monthly rate, not the month's share:
//     12 × 2,860 ÷ 286 = 120.00;
//   - gross 1,836.00; CPF 37% × 1,836 = 679.32 → 679; employee 20% =
//     367.20 → 367; employer 312.
func TestAuditSGJoinerWorksPublicHolidayFiveAndAHalfDayWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ali := e.employee(t, "Ali", "Monthly", map[string]any{"rate": 2860, "rateUnit": "Monthly", "hoursPerWeek": 44, "hoursPerDay": 8,
			"startDate": "2026-12-14T00:00:00"})
		e.workWeek(t, ali, 6, true)
		approvedTimesheet(t, e.Bundle, e.B, ali, sgOrdinaryCategory(t, e), "2026-12-25T09:00:00", "2026-12-25T17:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-12-31", "2026-12-31")
		tot := e.totals(t, P, ali)
		expectAmount(t, "gross", tot["grossEarnings"], 1836)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 367)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 312)
	})
}

// No-pay leave on a 5.5-day week (MOM, "How to compute the salary of an
// employee who is on no-pay leave": an incomplete month, monthly gross ÷
// working days in the month × days worked). Siti, $2,860, Monday to
// Friday and Saturday morning, 8 hours a day, takes 16 hours of unpaid
// leave on Monday 7 and Tuesday 8 December 2026 (2 days): 23 weekdays and
// 4 Saturday half days (MOM's half-day: 5 hours or less counts ½) = 25
// working days, 23 worked: 2,860 × 23 ÷ 25 = 2,631.20 (before
// paydepth44, 27 working days: 2,648.15). CPF 37% × 2,631.20 = 973.54 →
// 974; employee 20% = 526.24 → 526; employer 448.
func TestAuditSGNoPayLeaveFiveAndAHalfDayWeek(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		unpaid := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Unpaid Leave", "leaveUnitType": "Hours",
			"leaveCategoryType": "Standard", "isBalanceUntracked": true}).Expect(t, 200).Map(t)["id"]))
		siti := e.employee(t, "Siti", "Monthly", map[string]any{"rate": 2860, "rateUnit": "Monthly", "hoursPerWeek": 44, "hoursPerDay": 8,
			"startDate": "2025-01-01T00:00:00"})
		e.workWeek(t, siti, 6, true)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, siti), e.Key, map[string]any{"leaveCategoryId": unpaid,
			"fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-08T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-12-31", 0, 0)
		tot := e.totals(t, P, siti)
		expectAmount(t, "gross", tot["grossEarnings"], 2631.20)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 526)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 448)
	})
}

// No-pay leave with a public holiday inside it: MOM, "Public holidays:
// entitlement and pay" (mom.gov.sg/employment-practices/public-holidays-
// entitlement-and-pay): "You are not entitled to holiday pay if the
// holiday falls when you are on approved unpaid leave" (leave 8 to 10
// August: no pay for 9 August). Ben, $4,600 a month, Monday to Friday 8
// hours, unpaid leave Wednesday 23 to Monday 28 December 2026, Christmas
// (Friday 25) inside it, entered as 4 days (32 hours: 23, 24, 25, 28).
// Incomplete month: December has 23 working days Monday to Friday (the
// holiday is one, MOM's formula includes public holidays), 19 worked:
// 4,600 ÷ 23 × 19 = 3,800.00. CPF (age 46) 37% × 3,800 = 1,406; employee
// 20% = 760; employer 646; SDL 0.25% × 3,800 = 9.50.
func TestAuditSGNoPayLeaveAroundAPublicHoliday(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		unpaid := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Unpaid Leave", "leaveUnitType": "Hours",
			"leaveCategoryType": "Standard", "isBalanceUntracked": true}).Expect(t, 200).Map(t)["id"]))
		ben := e.employee(t, "Ben", "Monthly", map[string]any{"rate": 4600, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"startDate": "2025-01-01T00:00:00"})
		e.workWeek(t, ben, 5, false)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, ben), e.Key, map[string]any{"leaveCategoryId": unpaid,
			"fromDate": "2026-12-23T00:00:00", "toDate": "2026-12-28T00:00:00", "hours": 32, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-12-31", 0, 0)
		tot := e.totals(t, P, ben)
		expectAmount(t, "gross", tot["grossEarnings"], 3800)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 760)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 646)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 9.50)
	})
}

// Ben again, his unpaid leave entered without hours: the leave request
// estimates them from his standard hours and leaves the public holiday
// out (24 hours); under MOM's rule (above) the holiday inside approved
// unpaid leave is not paid either, so the month is the same 3,800.00.
// Before: the holiday was paid: 4,600 ÷ 23 × 20 = 4,000.00.
func TestAuditSGNoPayLeaveAroundAPublicHolidayEstimated(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		unpaid := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Unpaid Leave", "leaveUnitType": "Hours",
			"leaveCategoryType": "Standard", "isBalanceUntracked": true}).Expect(t, 200).Map(t)["id"]))
		ben := e.employee(t, "Ben", "Monthly", map[string]any{"rate": 4600, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"startDate": "2025-01-01T00:00:00"})
		e.workWeek(t, ben, 5, false)
		r := e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, ben), e.Key, map[string]any{"leaveCategoryId": unpaid,
			"fromDate": "2026-12-23T00:00:00", "toDate": "2026-12-28T00:00:00", "automaticallyApprove": true}).Expect(t, 200).Map(t)
		expectAmount(t, "estimated hours", r["totalHours"], 24)
		P := e.run(t, "2026-12-31", 0, 0)
		expectAmount(t, "gross", e.totals(t, P, ben)["grossEarnings"], 3800)
	})
}
