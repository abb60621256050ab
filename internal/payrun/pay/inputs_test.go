package pay

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
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
		ls := in.accruals(e, run, "AU", worked)
		if len(ls) != 1 || ls[0].Units != c.want || ls[0].Kind != KindLeaveAccrued {
			t.Errorf("%s %s: %+v, want %s", c.unitType, c.units, ls, c.want)
		}
	}
}

// ukAbsence calculates a UK employee's lines as writer.calculate does
// (linesFor, then applyAbsence) against statutory absences, occupational
// scheme periods and statutory pay lines given in memory, and returns the
// earnings lines' amounts by name ("Ordinary Hours", "Holiday Pay" for
// leave, "Occupational sickness pay").
func ukAbsence(t *testing.T, e *EmployeeRow, run *store.PayRun, in *inputs, c *statutoryCache) map[string]string {
	t.Helper()
	ordinary := Category{ID: 1, Name: "Ordinary Hours", Hourly: true, Kind: "Ordinary"}
	holiday := Category{ID: 2, Name: "Holiday Pay", Kind: "Leave"}
	cats := &Categories{ByKind: map[string]map[int64]Category{KindEarnings: {1: ordinary, 2: holiday}}}
	if in == nil {
		in = &inputs{}
	}
	if c.workDays == nil {
		c.workDays = map[int64]*[7]bool{}
	}
	w := &Writer{statutory: c}
	got := in.linesFor(e, run, cats, true, nil, c.away(e.ID))
	out := map[string]string{}
	for _, l := range w.applyAbsence(e, run, got.lines) {
		if l.Kind == KindEarnings {
			out[l.CategoryName] = payroll.MoneyFromMinor(l.Amount).StringFixed(2)
		}
	}
	return out
}

// salaried is a UK employee on £52,000 a year (£1,000.00 a week), 37.5
// hours a week, Monday to Friday; week is the weekly run of Monday 16 to
// Sunday 22 November 2026.
var (
	salaried = &EmployeeRow{ID: 1, Rate: sql.NullString{String: "52000", Valid: true}, RateUnit: "Annually",
		HoursPerWeek: sql.NullString{String: "37.5", Valid: true}, NationalInsuranceCategory: "A"}
	week = &store.PayRun{PeriodStarting: day("2026-11-16"), PeriodEnding: day("2026-11-22"), Frequency: "Weekly"}
)

// A day of statutory absence that an approved leave request also covers
// is absent once: the statutory absence wins (statutory pay
// pays it; the request pays only its other days and takes only their
// hours from the balance). SSP on Monday 16 and Tuesday 17, annual leave
// (paid through Holiday Pay) of 15 h on Tuesday 17 and Wednesday 18:
//
//   - hourly rate 1,000 ÷ 37.5 = 26.666…; the request's 2 weekdays, 7.5 h
//     each; Tuesday is statutory absence: it pays Wednesday, 7.5 h ×
//     26.666… = 200.00, and the salary loses those 200.00;
//   - the salary also loses 1,000.00 × 2 ÷ 5 working days absent = 400.00:
//     1,000 − 200 − 400 = 400.00 (Thursday and Friday).
//
// Before the fix the request paid both days (400.00) and the absence cut
// 2/5 of what the leave left (600 × 2/5 = 240): salary 360.00 + leave
// 400.00 paid Tuesday twice over.
func TestStatutoryAbsenceAndLeaveCountOnce(t *testing.T) {
	payTo := int64(2)
	annual := categories.LeaveCategory{Name: "Annual Leave", TransferToPayCategoryID: &payTo, DeductFromPrimaryPayCategory: true} // taken out of the salary
	annual.ID = 9
	in := &inputs{leaveCats: map[int64]categories.LeaveCategory{9: annual}, leave: map[int64][]leave.Approved{1: {{LeaveRequestID: 5, EmployeeID: 1,
		LeaveCategoryID: 9, FromDate: day("2026-11-17"), ToDate: day("2026-11-18"), Hours: payroll.MustRate("15")}}}}
	c := &statutoryCache{absences: map[int64][]statutoryleave.Absence{1: {{Kind: statutoryleave.SSP, From: day("2026-11-16"), To: day("2026-11-17")}}}}
	got := ukAbsence(t, salaried, week, in, c)
	if want := map[string]string{"Ordinary Hours": "400.00", "Holiday Pay": "200.00"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("lines %v, want %v", got, want)
	}
	// What the request paid (its pay_run_sources row): 7.5 h, Wednesday's.
	src := in.linesFor(salaried, week, &Categories{ByKind: map[string]map[int64]Category{KindEarnings: {2: {ID: 2, Name: "Holiday Pay"}}}}, true, nil, c.away(1)).sources
	if len(src) != 1 || src[0].hoursE6 != 7_500_000 {
		t.Fatalf("sources %+v, want the request's 7.5 h", src)
	}
	// Without statutory absence the request pays both days: 1,000 − 400.
	if got := ukAbsence(t, salaried, week, in, &statutoryCache{}); fmt.Sprint(got) != fmt.Sprint(map[string]string{"Ordinary Hours": "600.00", "Holiday Pay": "400.00"}) {
		t.Fatalf("without absence %v", got)
	}
}

// A pay rate change within the period: statutory absence reduces the
// standard line of the days it falls in, by that line's working days.
// £52,000 a year to Wednesday 18, £72,800 (£1,400 a week) from
// Thursday 19: Monday to Wednesday (3 of 7 days) 1,000 × 3/7 = 428.57,
// Thursday to Sunday 1,400 × 4/7 = 800.00. SSP on Monday 16: the first
// part loses 428.57 × 1 ÷ 3 working days (Mon-Wed) = 142.856… → 142.86,
// leaving 285.71; the second has no absence and keeps 800.00 (before the
// fix each part lost 1/5: 342.86 and 640.00). SSP from Thursday 19 to
// Friday 20 instead: the first keeps 428.57, the second (2 working days)
// loses both: nothing left, the line is dropped.
func TestStatutoryAbsenceInItsRateSegment(t *testing.T) {
	in := &inputs{rates: map[int64][]rateEntry{1: {{from: day("2026-11-19"), rate: payroll.MustRate("72800"), unit: "Annually"}}}}
	for _, c := range []struct {
		from, to string
		want     []string
	}{
		{"2026-11-16", "2026-11-16", []string{"285.71", "800.00"}},
		{"2026-11-19", "2026-11-20", []string{"428.57"}},
		{"2026-11-23", "2026-11-27", []string{"428.57", "800.00"}}, // after the period: no reduction
	} {
		cache := &statutoryCache{workDays: map[int64]*[7]bool{}, absences: map[int64][]statutoryleave.Absence{1: {{Kind: statutoryleave.SSP, From: day(c.from), To: day(c.to)}}}}
		w := &Writer{statutory: cache}
		cats := &Categories{ByKind: map[string]map[int64]Category{KindEarnings: {1: {ID: 1, Name: "Ordinary Hours"}}}}
		var got []string
		for _, l := range w.applyAbsence(salaried, week, in.linesFor(salaried, week, cats, true, nil, cache.away(1)).lines) {
			if l.Kind == KindEarnings {
				got = append(got, payroll.MoneyFromMinor(l.Amount).StringFixed(2))
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("SSP %s..%s: standard lines %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

// An occupational sick pay scheme's top-up sets SSP against it by the
// qualifying days SSP pays (SSP's daily rate is the weekly rate ÷
// qualifying days, payroll-rules-2026-27.md §2.7), not by calendar days.
// The weekly run of Sunday 15 to Saturday 21 November 2026; sick
// the whole week; SSP week 15-21 pays 5 qualifying days (Monday to
// Friday) at the flat £123.25. A 100% scheme from Wednesday 18 to Saturday
// 21: due 1,000 × 3 working days (Wed-Fri) ÷ 5 = 600.00, less SSP of 3 of
// its 5 paid days: 123.25 × 3/5 = 73.95, top-up 526.05 (by calendar days
// it was 123.25 × 4/7 = 70.43, top-up 529.57). The salary loses all 5
// working days: no standard line.
func TestOccupationalTopUpByQualifyingDays(t *testing.T) {
	run := &store.PayRun{PeriodStarting: day("2026-11-15"), PeriodEnding: day("2026-11-21"), Frequency: "Weekly"}
	var paid []time.Time
	for d := day("2026-11-16"); !d.After(day("2026-11-20")); d = d.AddDate(0, 0, 1) {
		paid = append(paid, d)
	}
	c := &statutoryCache{
		absences: map[int64][]statutoryleave.Absence{1: {{Kind: statutoryleave.SSP, From: day("2026-11-15"), To: day("2026-11-21")}}},
		lines: map[int64][]statutoryleave.PayLine{1: {{Kind: statutoryleave.SSP, Days: 5, PerWeek: 5, WeeklyRate: payroll.MustMoney("123.25"),
			Amount: payroll.MustMoney("123.25"), From: day("2026-11-15"), To: day("2026-11-21"), Paid: paid}}},
		occupational: map[int64][]store.UkOccupationalAbsence{1: {{ID: 3, EmployeeID: 1, AbsenceType: "Sickness", FromDate: day("2026-11-18"),
			ToDate: day("2026-11-21"), PayPercentage: 10000}}},
	}
	got := ukAbsence(t, salaried, run, nil, c)
	if want := map[string]string{"Occupational sickness pay": "526.05"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("lines %v, want %v", got, want)
	}
}
