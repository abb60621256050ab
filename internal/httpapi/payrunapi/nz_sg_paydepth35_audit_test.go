package payrunapi_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth35: an audit of NZ and SG combinations and of the figures a
// bureau reads after the run (payday filing fields, leave, warnings),
// paid through the API as a client does. Every figure is derived by hand
// in the comment from the Act or the official guidance named there
// (rates: payroll-rules-2026-27.md §3 NZ, §4 SG), never from our output.

// Bereavement leave is given per bereavement (Holidays Act 2003 s 69(2):
// "(a) 3 days' bereavement leave on the death of the employee's spouse or
// partner, parent, child, brother or sister, grandparent, grandchild, or
// spouse's or partner's parent; (b) 1 day's bereavement leave on the
// death of any other person" where the employer accepts the employee has
// suffered a bereavement; legislation.govt.nz, DLM236387), paid at
// relevant daily pay (s 71). No bereavement gives more than 3 days, so
// the 4th day of one request (one occasion) is not bereavement leave: it
// is unpaid unless the employer agrees to another kind of leave, and the
// pay run warns so the bureau can ask.
//   - Rua, $52,000 a year weekly (40 hours, 8-hour days Monday to Friday,
//     $1,000 a week, relevant daily pay 200.00), employed since 1 October
//     2024, asks for Monday 9 to Thursday 12 November 2026 (4 days, 32
//     hours) on her father's death.
//   - Paid: 3 × 200.00 = 600.00 through "Bereavement Leave Pay"; the 4th
//     day unpaid: the week's salary less 4 days, 1,000 − 800 = 200.00
//     (Friday), gross 800.00; P/warnings names the day beyond s 69(2).
//   - Before: 4 × 200.00 = 800.00 paid, gross 1,000.00, no warning.
//   - A later bereavement is a new occasion: 1 day on Wednesday 18
//     November (an aunt, s 69(2)(b)) is paid 200.00; gross 1,000.00.
func TestAuditNZBereavementBeyondThreeDaysUnpaid(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		rua := e.nzEmployee(t, "Rua", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		e.nzLeave(t, rua, "Bereavement Leave", "2026-11-09", "2026-11-12", 32)
		P := e.runOn(t, sch["Weekly"], "2026-11-15", "2026-11-15")
		if got := e.nzLines(t, P, rua, "Bereavement Leave Pay"); len(got) != 1 || got[0] != 600 {
			t.Errorf("bereavement leave pay lines %v, want [600] (3 days, s 69(2))", got)
		}
		want(t, "week of 4 days", e.totals(t, P, rua), map[string]int64{"grossEarnings": 80000})
		var ws []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &ws)
		found := false
		for _, w := range ws {
			found = found || int64(num(t, w["employeeId"])) == rua && strings.Contains(fmt.Sprint(w["warning"]), "s 69")
		}
		if !found {
			t.Errorf("warnings %v, want one for Rua naming s 69", ws)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.nzLeave(t, rua, "Bereavement Leave", "2026-11-18", "2026-11-18", 8)
		P2 := e.runOn(t, sch["Weekly"], "2026-11-22", "2026-11-22")
		if got := e.nzLines(t, P2, rua, "Bereavement Leave Pay"); len(got) != 1 || got[0] != 200 {
			t.Errorf("second bereavement lines %v, want [200]", got)
		}
		want(t, "week of the second bereavement", e.totals(t, P2, rua), map[string]int64{"grossEarnings": 100000})
	})
}

// A bonus and back pay in one pay are both extra pays (IRD, "Lump sum
// payments": extra pays include bonuses and back pay; Income Tax Act 2007
// s RD 17), and several extra pays in one pay are added together and
// taxed as one: IR, Payroll Calculations & Business Rules Specification
// 2025 V1.3 §5.11 (IR's repository InlandRevenue/File_Upload_Services-
// Returns-and-Information, "Service - Payday Filing/2025"), example 3: a
// $70,000 redundancy and a $15,000 final leave payment, "$65,000 +
// $70,000 extra pay + $15,000 extra pay = grossed up amount of
// $150,000", 33% on the $85,000 total.
//   - Hemi, $52,000 a year weekly on M SL, KiwiSaver 3.5% / 3.5%, employed
//     since 1 October 2024, paid four weeks to 8 November 2026 (4 ×
//     1,000); with the week ending 15 November a $2,000 bonus and $400 of
//     back pay (a backdated rise): one extra pay of 2,400.
//   - ACC 1.75% × 3,400 = 59.50; student loan 12% × (1,000 − 464) =
//     64.32 and 12% × 2,400 = 288.00 (§5.4: 12% of the whole extra pay):
//     352.32; KiwiSaver 3.5% × 3,400 = 119.00 each (bonus and back pay
//     are salary or wages, KiwiSaver Act s 4).
//   - PAYE (§5.11 steps 3.1-3.3: the four weeks' pay × 13, then the extra
//     pay added, not annualised): 4,000 × 13 = 52,000 + 2,400 = 54,400,
//     the 30% band: 720.00; with the regular 154.00 (52,000: 1,638 +
//     17.5% × 36,400 = 8,008 ÷ 52): 874.00. (Before, the engine annualised
//     the extra pay too, (4,000 + 2,400) × 13 = 83,200, 33%: 792.00, PAYE
//     946.00; taxing each extra pay alone would give 600.00 + 70.00.)
func TestAuditNZBonusAndBackPayOneExtraPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		back := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Back Pay", "rateUnit": "Fixed",
			"payCategoryType": "BackPayment"}).Expect(t, 200).Map(t)["id"]))
		bonus := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Annual Bonus", "rateUnit": "Fixed",
			"payCategoryType": "Bonus"}).Expect(t, 200).Map(t)["id"]))
		hemi := e.nzEmployee(t, "Hemi", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually", "taxCodeDeclaration_TaxCode": "M SL",
			"kiwiSaver_EnrollmentStatus": "Enrolled"})
		e.nzWeeks(t, sch["Weekly"], "2026-10-18", "2026-10-25", "2026-11-01", "2026-11-08")
		P := e.runOn(t, sch["Weekly"], "2026-11-15", "2026-11-15")
		e.earnings(t, P, hemi, map[string]any{"payCategoryId": fmt.Sprint(bonus), "earnings": 2000},
			map[string]any{"payCategoryId": fmt.Sprint(back), "earnings": 400}).Expect(t, 200)
		want(t, "bonus and back pay week", e.totals(t, P, hemi), map[string]int64{"grossEarnings": 340000, "payeWithheld": 87400,
			"accLevyAmount": 5950, "studentLoanAmount": 35232, "kiwiSaverEmployeeContribution": 11900, "kiwiSaverEmployerContribution": 11900})
	})
}

// A leaver within the first year, a KiwiSaver member with a student loan,
// and the employment information (payday filing) of the final pay, by
// hand.
//   - Mere, $1,000 a week (40 hours), M SL, KiwiSaver 3.5% / 3.5%, starts
//     Monday 5 October 2026 and resigns on Sunday 1 November (4 weeks;
//     Labour Day, 26 October, is paid as her salary, s 49).
//   - s 23(2): 8% of gross earnings since employment began (4 × 1,000 =
//     4,000, the final week included) less holiday pay already paid
//     (none) = 320.00, an extra pay (IRD "Lump sum payments": holiday pay
//     on termination).
//   - PAYE: regular 154.00 (52,000: 8,008 ÷ 52); the extra pay (IR
//     Payroll Calculations & Business Rules Specification 2025 §5.11
//     step 3.1: the pays in the four weeks to and including the day it is
//     paid, 4 × 1,000 × 13 = 52,000, plus 320 = 52,320, the 17.5% band):
//     56.00; income tax 210.00. ACC 1.75% ×
//     1,320 = 23.10.
//   - Student loan: 12% × (1,000 − 464) = 64.32 + 12% × 320 (an extra pay,
//     IR340) = 38.40: 102.72. KiwiSaver 3.5% × 1,320 = 46.20 each
//     (holiday pay is salary or wages, KiwiSaver Act s 4).
//   - EI (IR, Payday Filing File Upload Specification 2025 §3.4.1.2 DEI,
//     docs/reference/nz-payday-filing.md): the first week's line has start
//     date (5) 20261005; the final pay's line has no start date, finish
//     date (6) 20261101, gross (11) 132000, not liable for ACC (13) 0,
//     PAYE with the levy (15) 21000 + 2310 = 23310, student loan (19)
//     10272, KiwiSaver (22) 4620, employer net (23) + ESCT (24) = 4620.
func TestAuditNZFirstYearLeaverKiwiSaverStudentLoanFiling(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		mere := e.employee(t, "Mere", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M SL", "startDate": "2026-10-05T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled",
			"kiwiSaver_EmployeeContribution": 3.5, "kiwiSaver_EmployerContribution": 3.5})
		e.Do("POST", e.B+"/employingentity", e.Key, map[string]any{"name": "Kiwi Ltd", "irdNumber": "123-123-123",
			"contactName": "Bill Smith", "contactPhoneNumber": "041234567", "contactEmailAddress": "payroll@kiwi.example"}).Expect(t, 200)
		dei := func(P string) []string {
			recs := strings.Split(strings.TrimSuffix(string(e.Do("GET", P+"/file/paydayfiling", e.Key, nil).Expect(t, 200).Body), "\n"), "\n")
			if len(recs) != 2 {
				t.Fatalf("EI %v", recs)
			}
			return strings.Split(recs[1], ",")
		}
		field := func(rec []string, pos int) int64 {
			n, err := strconv.ParseInt(rec[pos-1], 10, 64)
			if err != nil {
				t.Fatalf("field %d of %v: %v", pos, rec, err)
			}
			return n
		}
		first := e.run(t, "2026-10-11", 0, 0)
		e.Do("POST", first+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if l := dei(first); l[4] != "20261005" || l[5] != "" {
			t.Errorf("first week's DEI start %q, finish %q; want 20261005 and none", l[4], l[5])
		}
		for _, day := range []string{"2026-10-18", "2026-10-25"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-01", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": mere, "terminationReason": "Resignation", "terminationDate": "2026-11-01T00:00:00"}).Expect(t, 200)
		want(t, "final week", e.totals(t, P, mere), map[string]int64{"grossEarnings": 132000, "payeWithheld": 21000, "accLevyAmount": 2310,
			"studentLoanAmount": 10272, "kiwiSaverEmployeeContribution": 4620, "kiwiSaverEmployerContribution": 4620})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		l := dei(P)
		if l[4] != "" || l[5] != "20261101" || field(l, 11) != 132000 || field(l, 13) != 0 || field(l, 15) != 23310 || field(l, 19) != 10272 {
			t.Errorf("final DEI start %q, finish %q, gross %s, not liable for ACC %s, PAYE %s, SL %s; want none, 20261101, 132000, 0, 23310, 10272",
				l[4], l[5], l[10], l[12], l[14], l[18])
		}
		if field(l, 22) != 4620 || field(l, 23)+field(l, 24) != 4620 {
			t.Errorf("final DEI KiwiSaver %s, employer net %s + ESCT %s; want 4620 and 4620 in all", l[21], l[22], l[23])
		}
	})
}

// An SG employee who works on a public holiday is paid "an extra day's
// salary at the basic rate of pay, in addition to the gross rate of pay
// for that day" (Employment Act 1968 s 88; MOM, "Calculate public holiday
// pay", as quoted by thenews.sg and JustLogin, which gives MOM's formula
// for a monthly-rated employee: 12 × monthly basic rate ÷ (52 × average
// number of work days a week); docs/reference/sg-public-holidays-worked.md).
//   - Siti, a citizen born 3 February 1980 (46), $2,600 a month, Monday
//     to Friday, works 8 hours on Christmas Day, Friday 25 December 2026
//     (Holidays Act 1998, Schedule), on an approved timesheet.
//   - The salary already pays the day at the gross rate; the extra day:
//     12 × 2,600 ÷ (52 × 5) = 31,200 ÷ 260 = 120.00; gross 2,720.00.
//   - CPF (an ordinary wage, payroll-rules-2026-27.md §4.1, 55 and
//     below): total 37% × 2,720 = 1,006.40 → 1,006; employee 20% × 2,720
//     = 544.00 → 544; employer 1,006 − 544 = 462. SDL 0.25% × 2,720 =
//     6.80.
//   - Before: the timesheet's hours were taken as paid by the salary:
//     gross 2,600.00, CPF 962 (520 + 442), SDL 6.50.
func TestAuditSGPublicHolidayWorkedExtraDay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		var cats []map[string]any
		e.Do("GET", e.B+"/paycategory", e.Key, nil).Expect(t, 200).JSON(t, &cats)
		var ordinary int64
		for _, c := range cats {
			if c["name"] == "Ordinary Hours" {
				ordinary = int64(num(t, c["id"]))
			}
		}
		siti := e.employee(t, "Siti", "Monthly", map[string]any{"rate": 2600, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8})
		e.workWeek(t, siti, 5, false)
		approvedTimesheet(t, e.Bundle, e.B, siti, ordinary, "2026-12-25T09:00:00", "2026-12-25T17:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-12-31", "2026-12-31")
		tot := e.totals(t, P, siti)
		expectAmount(t, "gross", tot["grossEarnings"], 2720)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 544)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 462)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 6.80)
	})
}

// A leaver after 2 years whose average weekly earnings are above her
// ordinary weekly pay: annual holidays not taken are paid at the greater
// of the two (Holidays Act 2003 s 24(2)(b), s 21(2): ordinary weekly pay
// at the end of employment, average weekly earnings for the 12 months
// before the end of the last pay period before it; s 5: average weekly
// earnings = gross earnings ÷ 52; s 14: gross earnings include overtime;
// s 8(1): ordinary weekly pay leaves out overtime that is not a regular
// feature of the employment).
//   - Tui, $62,400 a year paid monthly (5,200.00; 40 hours a week),
//     employed since 1 August 2024, paid every month from August 2025,
//     with one-off overtime of 1,560.00 in December 2025 and in March
//     2026; entitled on 1 August 2026 to 4 weeks (160 hours, entered on
//     the July run), resigns on 31 August 2026 without taking them.
//   - Ordinary weekly pay 62,400 ÷ 52 = 1,200.00; average weekly earnings
//     (August 2025 to July 2026: 12 × 5,200 + 2 × 1,560 = 65,520) ÷ 52 =
//     1,260.00, the greater: s 24: 4 × 1,260.00 = 5,040.00.
//   - s 40: the 4 weeks from Tuesday 1 September 2026 hold no public
//     holiday (Labour Day is 26 October): nothing more.
//   - s 25: 8% of gross earnings since 1 August 2026 (August 5,200 +
//     5,040, s 14) = 8% × 10,240 = 819.20.
//   - Final gross 5,200 + 5,040 + 819.20 = 11,059.20.
func TestAuditNZLeaverHolidaysAtAverageWeeklyEarnings(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		tui := e.employee(t, "Tui", "Monthly", map[string]any{"rate": 62400, "rateUnit": "Annually", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2024-08-01T00:00:00"})
		for _, day := range []string{"2025-08-31", "2025-09-30", "2025-10-31", "2025-11-30", "2025-12-31", "2026-01-31",
			"2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31"} {
			P := e.run(t, day, 0, 0)
			if day == "2025-12-31" || day == "2026-03-31" {
				e.pay(t, P, tui, ot, 1560)
			}
			if day == "2026-07-31" {
				e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(tui): []any{
					map[string]any{"leaveCategoryId": annual, "amount": 160}}}}).Expect(t, 200)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-08-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": tui, "terminationReason": "Resignation", "terminationDate": "2026-08-31T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, tui, "Annual Leave paid on termination")
		var amounts []float64
		for _, l := range paid {
			amounts = append(amounts, num(t, l["earnings"]))
		}
		if len(paid) != 2 || amounts[0] != 5040 || num(t, paid[0]["rate"]) != 1260 || amounts[1] != 819.20 {
			t.Errorf("final holiday pay lines %v, want 4 weeks at 1,260.00 = 5,040.00 (s 24) and 819.20 (s 25)", paid)
		}
		expectAmount(t, "final gross", e.totals(t, P, tui)["grossEarnings"], 11059.20)
	})
}
