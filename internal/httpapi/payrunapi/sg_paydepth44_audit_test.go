package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth44: SG overtime outside Part IV, the half day of an incomplete
// month, and an audit round. Every figure is derived by hand from the
// source named beside it, not from our output. CPF 2026 (payroll-rules-
// 2026-27.md §4.1-4.2: 55 and below 17% / 20%, total 37%; above 55 to 60
// 16% / 18%; above 60 to 65 12.5% / 12.5%; OW ceiling $8,000 a month,
// annual ceiling $102,000; the total rounded to the dollar, 50 cents up,
// the employee's share with its cents dropped, the employer's the
// difference). Employees are citizens born 3 February 1980 (46) unless
// the scenario says otherwise.

// The half day of an incomplete month (MOM, "Monthly and daily salary:
// definitions and calculation", mom.gov.sg employment practices / salary:
// "Half-day: when the number of hours worked in the day is 5 or less. One
// working day: when the number of hours worked in the day is more than
// 5"; salary for an incomplete month = monthly gross rate of pay ÷ total
// working days in the month × days actually worked). Hana, $3,000 a
// month, works Monday to Friday 8 hours and Saturday 4 hours (her work
// week stored as hours, no day typed Half), and joins on Monday 16
// November 2026. November 2026 (Sunday 1 to Monday 30): 21 weekdays and
// 4 Saturdays (7, 14, 21, 28), each Saturday a half day: 21 + 4 × ½ = 23
// working days; from the 16th 11 weekdays and 2 Saturdays (21, 28): 11 +
// 1 = 12. 3,000 × 12 ÷ 23 = 1,565.217 → 1,565.22. CPF 37% × 1,565.22 =
// 579.13 → 579; employee 20% = 313.04 → 313; employer 266. Before: the
// Saturday counted a whole day, 3,000 × 13 ÷ 25 = 1,560.00.
func TestAuditSGIncompleteMonthHalfDayByHours(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		hana := e.employee(t, "Hana", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Monthly", "hoursPerWeek": 44,
			"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2026-11-16T00:00:00"})
		wd := []any{map[string]any{"dayOfWeek": 6, "hours": 4}}
		for d := 1; d <= 5; d++ {
			wd = append(wd, map[string]any{"dayOfWeek": d, "hours": 8})
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/%d/standardhours", e.B, hana), e.Key, map[string]any{"useAdvancedWorkWeek": true,
			"advancedWorkWeekConfiguration": "HourOnly", "standardWorkDays": wd}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		tot := e.totals(t, P, hana)
		expectAmount(t, "first month", tot["grossEarnings"], 1565.22)
		if l := e.linesNamed(t, P, hana, "Ordinary Hours"); len(l) != 1 || !strings.Contains(fmt.Sprint(l[0]["notes"]), "12 of 23 working days") {
			t.Errorf("the salary line %v, want a note of 12 of 23 working days", l)
		}
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 313)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 266)
	})
}

// Overtime hours of employees below and above the Part IV limits
// (Employment Act 1968 Part IV covers a workman up to $4,500 basic a
// month and any other employee under the Act up to $2,600: MOM, "Hours of
// work, overtime and rest days"; s 38(4): overtime at not less than 1.5
// times the hourly basic rate, for a monthly-rated employee 12 × monthly
// basic ÷ (52 × 44); those outside Part IV have the overtime their
// contract gives: MOM press reply "Compensation for extra work hours? It
// depends", Straits Times 29 November 2007). 10 hours each in June 2026
// (Saturday 13 June, 09:00-19:00, or 10 units on an earnings line):
//   - Una, $3,500 (above $2,600, so covered only if a workman, which the
//     record does not say), a timesheet on "Overtime 1.5x" (loading 50%,
//     the client's choice): 12 × 3,500 ÷ 2,288 = 18.3566 × 1.5 =
//     27.5349; 10 × 27.5349 = 275.35. Gross 3,775.35: CPF 37% = 1,396.88
//     → 1,397, employee 755.07 → 755, employer 642. The line's note says
//     she is covered only as a workman.
//   - Vic, $6,000 (above $4,500: no employee is covered), 10 units on the
//     same category: 12 × 6,000 ÷ 2,288 = 31.4685 × 1.5 = 47.2028; 472.03,
//     the contract's overtime at the client's category (the Act's 1.5 is
//     not imposed, and a rate on the line would be paid as given). Gross
//     6,472.03: CPF 37% = 2,394.65 → 2,395, employee 1,294.41 → 1,294,
//     employer 1,101. The note says contractual.
//   - Wan, $2,288 (covered, workman or not), a timesheet on "Overtime
//     1.25x", a category classified as overtime with a 25% loading: s
//     38(4) still pays at least 1.5 × 12.00 = 18.00 an hour: 180.00
//     (before: 15.00, 150.00). Gross 2,468.00: CPF 913.16 → 913, employee
//     493, employer 420 (before 902 / 487 / 415).
func TestAuditSGOvertimeAcrossThePartIVLimits(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"rateLoadingPercent": 50}).Expect(t, 200).Map(t)["id"]))
		low := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.25x", "rateUnit": "Hourly",
			"rateLoadingPercent": 25, "payCategoryType": "Overtime"}).Expect(t, 200).Map(t)["id"]))
		monthly := func(first string, rate float64) int64 {
			return e.employee(t, first, "Monthly", map[string]any{"rate": rate, "rateUnit": "Monthly", "hoursPerWeek": 44, "hoursPerDay": 8,
				"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2020-01-01T00:00:00"})
		}
		una, vic, wan := monthly("Una", 3500), monthly("Vic", 6000), monthly("Wan", 2288)
		approvedTimesheet(t, e.Bundle, e.B, una, ot, "2026-06-13T09:00:00", "2026-06-13T19:00:00")
		approvedTimesheet(t, e.Bundle, e.B, wan, low, "2026-06-13T09:00:00", "2026-06-13T19:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-06-30", "2026-06-30")
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(vic): []any{
			map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 10}}}}).Expect(t, 200)
		for _, c := range []struct {
			name, cat string
			emp       int64
			rate, pay float64
			gross, ee float64
			er        float64
			noteSays  string
		}{
			{"Una", "Overtime 1.5x", una, 27.5349, 275.35, 3775.35, 755, 642, "only as a workman"},
			{"Vic", "Overtime 1.5x", vic, 47.2028, 472.03, 6472.03, 1294, 1101, "not covered by Part IV"},
			{"Wan", "Overtime 1.25x", wan, 18, 180, 2468, 493, 420, "below 1.5 × the hourly basic rate"},
		} {
			l := e.linesNamed(t, P, c.emp, c.cat)
			if len(l) != 1 || num(t, l[0]["rate"]) != c.rate || num(t, l[0]["earnings"]) != c.pay {
				t.Errorf("%s overtime lines %v, want one of 10 h at %v = %v", c.name, l, c.rate, c.pay)
			} else if n, _ := l[0]["notes"].(string); !strings.Contains(n, c.noteSays) {
				t.Errorf("%s overtime note %q, want it to say %q", c.name, n, c.noteSays)
			}
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" gross", tot["grossEarnings"], c.gross)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
	})
}
