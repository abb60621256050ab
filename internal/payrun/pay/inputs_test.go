package pay

import (
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

func day(s string) time.Time { d, _ := time.Parse("2006-01-02", s); return d }

// A request spanning two weekly runs pays its weekdays' share in the first
// and what is left in the second, so the two add up to the request.
func TestLeaveHoursAcrossPeriods(t *testing.T) {
	week1 := &store.PayRun{PeriodStarting: day("2026-11-14"), PeriodEnding: day("2026-11-20")}
	week2 := &store.PayRun{PeriodStarting: day("2026-11-21"), PeriodEnding: day("2026-11-27")}
	// Thu 19 to Tue 24 November: 4 weekdays, 2 in the first week; 30.4 h.
	a := leave.Approved{FromDate: day("2026-11-19"), ToDate: day("2026-11-24"), Hours: payroll.MustRate("30.4")}
	for _, c := range []struct {
		name    string
		run     *store.PayRun
		applied string
		want    string
	}{
		{"first week: 30.4 x 2/4", week1, "0", "15.2"},
		{"second week: what is left", week2, "15.2", "15.2"},
		{"already paid", week2, "30.4", "0"},
	} {
		a.HoursApplied = payroll.MustRate(c.applied)
		if got := leaveHours(a, c.run); got.Cmp(payroll.MustRate(c.want)) != 0 {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	// Wed 18 to Mon 23: 4 weekdays, 3 in the first week: 10 x 3/4 = 7.5;
	// Mon 16 to Sat 28 (10 weekdays, 5 in it) of 7 h: 3.5.
	for _, c := range []struct {
		from, to, hours, want string
	}{{"2026-11-18", "2026-11-23", "10", "7.5"}, {"2026-11-16", "2026-11-28", "7", "3.5"}, {"2026-11-20", "2026-11-30", "1", "0.1429"}} {
		a := leave.Approved{FromDate: day(c.from), ToDate: day(c.to), Hours: payroll.MustRate(c.hours)}
		if got := leaveHours(a, week1); got.String() != c.want {
			t.Errorf("%s..%s of %s h: %s, want %s", c.from, c.to, c.hours, got, c.want)
		}
	}
}

// Pay rate changes split the period by calendar day.
func TestSegments(t *testing.T) {
	run := &store.PayRun{PeriodStarting: day("2026-11-14"), PeriodEnding: day("2026-11-20"), Frequency: "Weekly"}
	e := &EmployeeRow{ID: 1, Rate: sql.NullString{String: "30", Valid: true}, RateUnit: "Hourly", HoursPerWeek: sql.NullString{String: "38", Valid: true}}
	in := &inputs{rates: map[int64][]rateEntry{1: {
		{from: day("2026-11-01"), rate: payroll.MustRate("32"), unit: "Hourly"},
		{from: day("2026-11-18"), rate: payroll.MustRate("35"), unit: "Hourly"}}}}
	var got []string
	for _, s := range in.segments(e, run) {
		got = append(got, s.rate.rate.String()+"x"+string(rune('0'+s.days)))
	}
	if strings.Join(got, " ") != "32x4 35x3" {
		t.Fatalf("segments %v", got)
	}
	// No change in force: the employee's own rate for the whole period.
	if s := (*inputs)(nil).segments(e, run); len(s) != 1 || s[0].days != 7 || s[0].rate.rate.String() != "30" {
		t.Fatalf("own rate %v", s)
	}
}

// Accrual unit types, per weekly pay of a 38-hour week (5 x 7.6 h days).
func TestAccrualUnitTypes(t *testing.T) {
	run := &store.PayRun{PeriodStarting: day("2026-11-14"), PeriodEnding: day("2026-11-20"), Frequency: "Weekly"}
	e := &EmployeeRow{ID: 1, HoursPerWeek: sql.NullString{String: "38", Valid: true}, HoursPerDay: sql.NullString{String: "7.6", Valid: true}}
	worked := payroll.MustRate("38")
	for _, c := range []struct {
		unitType, units, want string
	}{
		{"HoursPerHourWorked", "0.076923", "2.9231"}, // 2.923074
		{"HoursPerPayRun", "3", "3"},
		{"Weeks", "4", "2.9231"},               // 4 x 38 / 52 = 2.923077
		{"Days", "10", "1.4615"},               // 10 x 7.6 / 52 = 1.461538
		{"StandardWeeks", "4", "2.9231"},       // 4 / 52 x 38
		{"StandardDays", "10", "1.4615"},       // 10 x 7.6 / (52 x 38) x 38
		{"DayPerCalendarDay", "0.01", "0.532"}, // 0.01 x 7.6 x 7
		{"DayPerMonth", "1", "1.7538"},         // 7.6 x 12 / 52 = 1.753846
	} {
		annual := categories.LeaveCategory{Name: "Annual"}
		annual.ID = 9
		in := &inputs{leaveCats: map[int64]categories.LeaveCategory{9: annual},
			allowances: map[int64][]store.LeaveAllowance{1: {{LeaveCategoryID: 9, Units: c.units, UnitType: c.unitType}}}}
		ls := in.accruals(e, run, worked)
		if len(ls) != 1 || ls[0].Units != c.want || ls[0].Kind != KindLeaveAccrued {
			t.Errorf("%s %s: %+v, want %s", c.unitType, c.units, ls, c.want)
		}
	}
}
