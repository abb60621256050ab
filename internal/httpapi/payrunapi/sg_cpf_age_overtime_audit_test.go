package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A further SG audit in 2026 (paydepth17): CPF for the oldest age bands,
// a bonus after an age-band change, wages of $500 or less, the SDL on a
// bonus month and Part IV overtime. Rates from 1 January 2026 and the OW
// ceiling $8,000 (payroll-rules-2026-27.md §4.1-4.2); rounding: the total
// to the dollar (50 cents up), the employee share's cents dropped, the
// employer's = total − employee. Figures derived by hand from the CPF
// Board's, MOM's and the SDL Act's rules, not from our output.

// The two oldest bands (CPF Board, "How much CPF contributions to pay",
// from 1 January 2026: above 65 to 70 employer 9% / employee 7.5%, above
// 70 employer 7.5% / employee 5%), $5,000 in June 2026:
//   - Ola, born 3 March 1958 (68): total 16.5% = 825, employee 7.5% =
//     375, employer 450;
//   - Old, born 3 March 1950 (76): total 12.5% = 625, employee 5% = 250,
//     employer 375.
func TestAuditSGCPFAbove65AndAbove70(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ola := e.employee(t, "Ola", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "dateOfBirth": "1958-03-03T00:00:00"})
		old := e.employee(t, "Old", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "dateOfBirth": "1950-03-03T00:00:00"})
		P := e.run(t, "2026-06-30", 0, 0)
		for _, c := range []struct {
			name   string
			emp    int64
			ee, er float64
		}{{"Ola", ola, 375, 450}, {"Old", old, 250, 375}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
	})
}

// A bonus paid in the month after the age-band change takes the new
// band's rates on the whole month's wages, OW and AW alike (CPF Board:
// the rates of the age in the month of payment; "above 55 to 60" from the
// month after the 55th birthday: employer 16% / employee 18%). Gus, born
// 10 June 1971, $5,000 a month since 2020; June 2026 (turns 55): 37% =
// 1,850, employee 1,000, employer 850. July 2026 with a $10,000 bonus
// (AW ceiling 102,000 − OW of the year estimated at 12 × 5,000 = 60,000
// → 42,000, so all of it): wages 15,000 × 34% = 5,100, employee 18% =
// 2,700, employer 2,400. The SDL that month: 0.25% of the first $4,500
// of the month's remuneration (bonus included, SDL Act s 3(1A)) = 11.25.
func TestAuditSGBonusAfterTheAgeBandChange(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		gus := e.employee(t, "Gus", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "dateOfBirth": "1971-06-10T00:00:00",
			"startDate": "2020-01-01T00:00:00"})
		P := e.run(t, "2026-06-30", 0, 0)
		tot := e.totals(t, P, gus)
		expectAmount(t, "June CPF employee", tot["cpfEmployeeContributionAmount"], 1000)
		expectAmount(t, "June CPF employer", tot["cpfEmployerContributionAmount"], 850)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		tot = e.totals(t, e.run(t, "2026-07-31", gus, 10000), gus)
		expectAmount(t, "July CPF employee", tot["cpfEmployeeContributionAmount"], 2700)
		expectAmount(t, "July CPF employer", tot["cpfEmployerContributionAmount"], 2400)
		expectAmount(t, "July SDL", tot["sdlContributionAmount"], 11.25)
	})
}

// Total wages of $500 or less (CPF Board's rate tables: above $50 to
// $500 the employer alone pays its rate of the total wages, the employee
// nothing; $50 or less no CPF at all), age 55 and below, June 2026:
//   - Tan, $400: employer 17% × 400 = 68.00, employee nil;
//   - Uma, $50: nil.
func TestAuditSGWagesOf500OrLess(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		tan := e.employee(t, "Tan", "Monthly", map[string]any{"rate": 400, "rateUnit": "Fixed", "dateOfBirth": "1996-03-03T00:00:00"})
		uma := e.employee(t, "Uma", "Monthly", map[string]any{"rate": 50, "rateUnit": "Fixed", "dateOfBirth": "1996-03-03T00:00:00"})
		P := e.run(t, "2026-06-30", 0, 0)
		for _, c := range []struct {
			name   string
			emp    int64
			ee, er float64
		}{{"Tan", tan, 0, 68}, {"Uma", uma, 0, 0}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
	})
}

// Overtime under Part IV of the Employment Act entered as hours on the
// "Overtime 1.5x" category (loading 50%) without a rate (Employment Act
// 1968 s 38(4): at least 1.5 times the hourly basic rate of pay; MOM,
// "Overtime pay computation": for a monthly-rated employee the hourly
// basic rate is 12 × the monthly basic rate ÷ (52 × 44), whatever the
// contractual hours). Omar, a non-workman on $2,288 a month (covered:
// basic pay up to $2,600), contracted for 40 hours a week, works 10 hours
// of overtime in June 2026: hourly basic rate 12 × 2,288 ÷ 2,288 =
// 12.00; 10 × 1.5 × 12.00 = 180.00. Gross 2,468.00; overtime is an
// ordinary wage: CPF (age 30) total 37% × 2,468 = 913.16 → 913, employee
// 20% = 493.60 → 493, employer 420. Tim, on the same pay, records his 10
// hours of overtime on an approved timesheet (Saturday 13 June 2026,
// 09:00-19:00): the same 180.00.
func TestAuditSGPartIVOvertimeHours(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"rateLoadingPercent": 50}).Expect(t, 200).Map(t)["id"]))
		omar := e.employee(t, "Omar", "Monthly", map[string]any{"rate": 2288, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1996-03-03T00:00:00"})
		tim := e.employee(t, "Tim", "Monthly", map[string]any{"rate": 2288, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1996-03-03T00:00:00"})
		approvedTimesheet(t, e.Bundle, e.B, tim, ot, "2026-06-13T09:00:00", "2026-06-13T19:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-06-30", "2026-06-30")
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(omar): []any{
			map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 10}}}}).Expect(t, 200)
		for n, emp := range map[string]int64{"Omar": omar, "Tim": tim} {
			tot := e.totals(t, P, emp)
			expectAmount(t, n+" gross", tot["grossEarnings"], 2468)
			expectAmount(t, n+" CPF employee", tot["cpfEmployeeContributionAmount"], 493)
			expectAmount(t, n+" CPF employer", tot["cpfEmployerContributionAmount"], 420)
			l := e.linesNamed(t, P, emp, "Overtime 1.5x")
			if len(l) != 1 || num(t, l[0]["rate"]) != 18 || num(t, l[0]["earnings"]) != 180 {
				t.Fatalf("%s overtime lines %v, want one of 10 h at 18.00", n, l)
			}
			if notes, _ := l[0]["notes"].(string); !strings.Contains(notes, "12 × 2288 ÷ (52 × 44) = 12") {
				t.Errorf("%s overtime line notes %q, want the hourly basic rate's working", n, notes)
			}
		}
	})
}

// The wage band is the month's total wages, OW and AW together (CPF
// Board's rate tables: "total wages for the calendar month", which
// include additional wages). Age 30, June 2026:
//   - Kim, $400 salary and a $400 bonus: total wages 800 > 750, the full
//     rates on all of it: 37% × 800 = 296, employee 20% = 160, employer
//     136 (on the salary alone it would be the employer's 17% × 400 = 68
//     only);
//   - Lee, $300 salary and a $300 bonus: 600, graduated: employer 17% ×
//     600 = 102, employee 0.6 × (600 − 500) = 60, total 162.
//
// Pam, an SPR in her 2nd year (G/G 9% / 15%, from 1 March 2025), $5,000
// and a $5,000 bonus (AW ceiling 102,000 − 60,000 = 42,000): 24% ×
// 10,000 = 2,400, employee 1,500, employer 900.
func TestAuditSGWageBandOnTotalWages(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		kim := e.employee(t, "Kim", "Monthly", map[string]any{"rate": 400, "rateUnit": "Fixed", "dateOfBirth": "1996-03-03T00:00:00"})
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 300, "rateUnit": "Fixed", "dateOfBirth": "1996-03-03T00:00:00"})
		pam := e.employee(t, "Pam", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "legalStatus": "Permanent Resident",
			"obtainedResidencyDate": "2025-03-01T00:00:00", "startDate": "2020-01-01T00:00:00"})
		P := e.run(t, "2026-06-30", kim, 400)
		for emp, amt := range map[int64]float64{lee: 300, pam: 5000} {
			e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
				fmt.Sprint(emp): []any{map[string]any{"payCategoryId": "BON", "earnings": amt}}}}).Expect(t, 200)
		}
		for _, c := range []struct {
			name   string
			emp    int64
			ee, er float64
		}{{"Kim", kim, 160, 136}, {"Lee", lee, 60, 102}, {"Pam", pam, 1500, 900}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
	})
}

// A second bonus in the year takes what is left of the AW ceiling after
// the first (CPF Board: the AW ceiling is for all AW of the calendar
// year, 102,000 less the year's OW subject to CPF). Bo, $8,000 a month
// from January 2026 (age 46): the ceiling is 102,000 − 12 × 8,000 =
// 6,000. March: a $4,000 bonus, all subject: 12,000 × 37% = 4,440,
// employee 2,400, employer 2,040. June: another $4,000, only 2,000 left:
// CPF on 8,000 + 2,000 = 10,000: 3,700, employee 2,000, employer 1,700.
func TestAuditSGSecondBonusTakesWhatIsLeftOfTheAWCeiling(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		bo := e.employee(t, "Bo", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2020-01-01T00:00:00"})
		for _, m := range []struct {
			day    string
			bonus  float64
			ee, er float64
		}{{"2026-01-31", 0, 1600, 1360}, {"2026-02-28", 0, 1600, 1360}, {"2026-03-31", 4000, 2400, 2040}, {"2026-04-30", 0, 1600, 1360},
			{"2026-05-31", 0, 1600, 1360}, {"2026-06-30", 4000, 2000, 1700}} {
			P := e.run(t, m.day, bo, m.bonus)
			tot := e.totals(t, P, bo)
			expectAmount(t, m.day+" CPF employee", tot["cpfEmployeeContributionAmount"], m.ee)
			expectAmount(t, m.day+" CPF employer", tot["cpfEmployerContributionAmount"], m.er)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
	})
}

// Annual leave paid out on termination is an additional wage (CPF Board,
// "What payments attract CPF contributions": leave encashment / payment
// in lieu of unused leave on termination is AW, not OW; Employment Act
// s 43). Hal, $60 an hour for 38 hours a week (monthly 38 × 52 ÷ 12 ×
// 60 = 9,880.00, OW capped at 8,000), accrues 40 hours in October 2026
// and resigns on 30 November: 40 × 60 = 2,400.00 paid out. CPF (age
// 46) on OW 8,000 + AW 2,400 (well under any AW ceiling) = 10,400: 37%
// = 3,848, employee 20% = 2,080, employer 1,768 (as OW it would be capped
// with the salary: 2,960 / 1,600 / 1,360).
func TestAuditSGLeavePaidOnTerminationIsAW(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		holiday := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday"}).Expect(t, 200).Map(t)["id"]))
		hal := e.employee(t, "Hal", "Monthly", map[string]any{"rate": 60, "rateUnit": "Hourly", "startDate": "2025-01-01T00:00:00"})
		oct := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", oct+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(hal): []any{
			map[string]any{"leaveCategoryId": holiday, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-11-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": hal, "terminationReason": "Resignation", "terminationDate": "2026-11-30T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, hal)
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, hal), 2400)
		expectAmount(t, "final gross", tot["grossEarnings"], 12280)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 2080)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 1768)
	})
}

// A retrospective salary increment is an additional wage of the month it
// is paid in (CPF Board, "Are retrospective salary increments classified
// as OW or AW?": increments decided later but applied from an earlier
// month are AW; only a payment delayed by administrative error stays OW
// of the month it was due). Sam, $7,000 a month since 2020 (age 46), is
// given a rise to $8,000 in March 2026 backdated to 1 January: March pays
// 8,000 and 2 × 1,000 = 2,000 of back pay on a "Back Pay" category.
// January and February: 37% × 7,000 = 2,590, employee 1,400, employer
// 1,190. March: OW 8,000 (at the ceiling) and AW 2,000 (AW ceiling
// 102,000 − (14,000 + 8,000 + 9 × 8,000) = 8,000): 10,000 × 37% = 3,700,
// employee 2,000, employer 1,700 (as OW, 10,000 would be capped at 8,000:
// 2,960 / 1,600 / 1,360).
func TestAuditSGRetrospectiveIncrementIsAW(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		back := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Back Pay", "rateUnit": "Fixed",
			"payCategoryType": "BackPayment"}).Expect(t, 200).Map(t)["id"]))
		sam := e.employee(t, "Sam", "Monthly", map[string]any{"rate": 7000, "rateUnit": "Fixed", "startDate": "2020-01-01T00:00:00"})
		for _, day := range []string{"2026-01-31", "2026-02-28"} {
			P := e.run(t, day, 0, 0)
			tot := e.totals(t, P, sam)
			expectAmount(t, day+" CPF employee", tot["cpfEmployeeContributionAmount"], 1400)
			expectAmount(t, day+" CPF employer", tot["cpfEmployerContributionAmount"], 1190)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, sam), e.Key, map[string]any{"rate": 8000}).Expect(t, 200)
		P := e.run(t, "2026-03-31", 0, 0)
		e.pay(t, P, sam, back, 2000)
		tot := e.totals(t, P, sam)
		expectAmount(t, "March gross", tot["grossEarnings"], 10000)
		expectAmount(t, "March CPF employee", tot["cpfEmployeeContributionAmount"], 2000)
		expectAmount(t, "March CPF employer", tot["cpfEmployerContributionAmount"], 1700)
		if x := e.explainTerms(t, P, sam, "cpf.total"); x["additional wages"] != 2000 || x["ordinary wages"] != 8000 {
			t.Errorf("explanation of CPF: %v, want OW 8,000 and AW 2,000", x)
		}
	})
}
