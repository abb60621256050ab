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
func (e *regionEnv) sgRestDayWeek(t *testing.T, emp int64) {
	t.Helper()
	wd := []any{map[string]any{"dayOfWeek": 0, "workDayType": "Rest"}, map[string]any{"dayOfWeek": 6, "workDayType": "Off"}}
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
