package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/sg/cpf"
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

// sgCPFFile finalises run P and returns the month's CPF submission (CPF
// Board layout, docs/reference/sg-cpf-submission.md), checked against the
// layout.
func (e *regionEnv) sgCPFFile(t *testing.T, P, month string) cpf.Parsed {
	t.Helper()
	e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	var f filing.Filing
	e.Do("POST", e.B+"/filing/cpfsubmission", e.Key, map[string]any{"month": month, "csn": "201912345KPTE01", "adviceCode": "01"}).Expect(t, 200).JSON(t, &f)
	text := string(e.Do("GET", fmt.Sprintf(e.B+"/filing/%d/document", f.ID), e.Key, nil).Expect(t, 200).Body)
	got, errs := cpf.Parse(text)
	if len(errs) > 0 {
		t.Fatalf("the CPF file against the layout: %v\n%s", errs, text)
	}
	return got
}

// sgDetail is the CPF file's contribution detail (code 01) of the
// account nric.
func sgDetail(t *testing.T, f cpf.Parsed, nric string) cpf.ParsedDetail {
	t.Helper()
	for _, d := range f.Details {
		if d.AccountNumber == nric && d.Code == cpf.CodeCPF {
			return d
		}
	}
	t.Fatalf("no CPF detail of %s in %+v", nric, f.Details)
	return cpf.ParsedDetail{}
}

// sgSlipLine is the payslip's earnings lines named name, summed.
func (e *regionEnv) sgSlipLine(t *testing.T, P string, emp int64, name string) float64 {
	t.Helper()
	slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)
	var got float64
	var names []string
	for _, x := range slip["earningsLines"].([]any) {
		l := x.(map[string]any)
		names = append(names, fmt.Sprint(l["payCategoryName"]))
		if l["payCategoryName"] == name {
			got += num(t, l["grossEarnings"])
		}
	}
	if got == 0 {
		t.Errorf("payslip has no earnings line %q (lines %v)", name, names)
	}
	return got
}

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

// A mid-month leaver with unused leave, salary in lieu of notice and a
// bonus, whose AW ceiling binds in the leaving month. Lin, $8,000 a month
// (40 hours, Monday to Friday) since 1 January 2026, resigns; her last
// day is Tuesday 16 June 2026; she has 40 hours (5 days) of leave
// accrued in May, and June's pay carries a $60,000 bonus and $8,000 in
// lieu of notice.
//   - June's salary: an incomplete month (MOM, "Monthly and daily salary"):
//     22 working days (Monday 1 to Tuesday 30), 12 worked (1-16 June):
//     8,000 × 12 ÷ 22 = 4,363.636 → 4,363.64, an ordinary wage.
//   - Unused leave paid on termination at the gross rate of pay (MOM,
//     "Annual leave": encashment on termination; a day's gross rate 12 ×
//     8,000 ÷ (52 × 5) = 369.2308): 5 × 369.2308 = 1,846.15, an
//     additional wage (CPF Board, "What payments attract CPF": payment in
//     lieu of leave on termination is AW).
//   - Salary in lieu of notice: not wages for CPF (CPF Board employer
//     FAQ: "payment in lieu of notice is liquidated damages for the breach
//     of contract"), so no CPF on the 8,000; it is still pay (gross, net).
//   - The AW ceiling of a leaver is $102,000 less the actual OW of the
//     year up to the last month of employment (CPF Board, "How do I
//     calculate CPF contributions on AW when an employee resigns?";
//     docs/reference/sg-cpf-aw-ceiling.md): 5 × 8,000 + 4,363.64 =
//     44,363.64, ceiling 57,636.36; the AW 60,000 + 1,846.15 = 61,846.15,
//     so 57,636.36 is subject (an employee staying on would have had the
//     year's OW estimated to December: ceiling 9,636.36).
//   - CPF on 4,363.64 + 57,636.36 = 62,000.00: total 37% = 22,940.00,
//     employee 20% = 12,400.00, employer 10,540.00. SDL 0.25% of the first
//     4,500 = 11.25.
//   - Gross 4,363.64 + 1,846.15 + 60,000 + 8,000 = 74,209.79; net (no
//     self-help group fund; SG withholds no income tax from pay) 74,209.79
//     − 12,400 = 61,809.79.
//   - The CPF file for June: status L (left in the month), OW 4,363.64, AW
//     57,636.36 (the wages subject, after the ceiling), 22,940.00.
//
// The IR8A for the year and the tax clearance (IR21) of a leaver are out
// of scope: the IRAS AIS return is refused for want of IRAS's
// specification (docs/reference/sg-iras-ais.md).
func TestAuditSGMidMonthLeaverLeaveNoticeBonusAWCeiling(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		annual := e.manualLeave(t, "Holiday")
		pilon := e.sgCategory(t, "Salary in Lieu of Notice", "ETP")
		lin := e.employee(t, "Lin", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2026-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8023456B"})
		e.workWeek(t, lin, 5, false)
		for _, day := range []string{"2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"} {
			P := e.run(t, day, 0, 0)
			if day == "2026-05-31" {
				e.accrue(t, P, lin, annual, 40)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.leaveOn(t, lin, "2026-06-16")
		P := e.run(t, "2026-06-30", lin, 60000)
		e.pay(t, P, lin, pilon, 8000)
		tot := e.totals(t, P, lin)
		expectAmount(t, "gross", tot["grossEarnings"], 74209.79)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 12400)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 10540)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 11.25)
		expectAmount(t, "net", tot["netEarnings"], 61809.79)
		if got := e.sgSlipLine(t, P, lin, "Salary in Lieu of Notice"); got != 8000 {
			t.Errorf("payslip salary in lieu of notice = %v, want 8000", got)
		}
		f := e.sgCPFFile(t, P, "2026-06")
		if dt := sgDetail(t, f, "S8023456B"); dt.Status != 'L' || dt.Ordinary != 436364 || dt.Additional != 5763636 || dt.Amount != 2294000 {
			t.Errorf("CPF detail %+v, want L, OW 436364, AW 5763636, CPF 2294000", dt)
		}
	})
}

// December: a 13th-month AWS and a performance bonus for an employee whose
// salary is above the OW ceiling all year. Dee, $9,000 a month since 2020,
// paid January to November 2026 through this payroll (each month OW
// 9,000 capped at 8,000: CPF 37% × 8,000 = 2,960). In December she is
// paid her salary, an AWS of one month's salary (9,000) and a $5,000
// performance bonus, both additional wages (CPF Board: bonuses and the
// AWS are AW).
//   - The AW ceiling: $102,000 less the year's OW subject to CPF (CPF
//     Board, "Additional Wage (AW) ceiling"; payroll-rules-2026-27.md
//     §4.2): 12 × 8,000 = 96,000, ceiling 6,000. AW 14,000, 6,000 subject.
//   - CPF on 8,000 + 6,000 = 14,000: total 5,180, employee 2,800, employer
//     2,380. SDL 11.25.
//   - Gross 9,000 + 9,000 + 5,000 = 23,000; net 23,000 − 2,800 = 20,200.
//   - The CPF file for December: status E, OW 8,000.00, AW 6,000.00 (the
//     wages subject), 5,180.00.
func TestAuditSGDecemberAWSAndBonusAboveTheOWCeiling(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		aws := e.sgCategory(t, "13th Month AWS", "Bonus")
		dee := e.employee(t, "Dee", "Monthly", map[string]any{"rate": 9000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2020-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8012345J"})
		for _, day := range []string{"2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31",
			"2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-12-31", dee, 5000)
		e.pay(t, P, dee, aws, 9000)
		tot := e.totals(t, P, dee)
		expectAmount(t, "gross", tot["grossEarnings"], 23000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 2800)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 2380)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 11.25)
		expectAmount(t, "net", tot["netEarnings"], 20200)
		if got := e.sgSlipLine(t, P, dee, "13th Month AWS"); got != 9000 {
			t.Errorf("payslip AWS = %v, want 9000", got)
		}
		f := e.sgCPFFile(t, P, "2026-12")
		if dt := sgDetail(t, f, "S8012345J"); dt.Status != 'E' || dt.Ordinary != 800000 || dt.Additional != 600000 || dt.Amount != 518000 {
			t.Errorf("CPF detail %+v, want E, OW 800000, AW 600000, CPF 518000", dt)
		}
	})
}

// Turning 60 in the month (CPF Board: the rates of an age band apply up to
// the month of the birthday and the next band's from the month after;
// payroll-rules-2026-27.md §4.1). Ong, born 20 July 1966, $8,500 a month
// (OW capped at 8,000) and a $3,000 bonus in July 2026 (the AW ceiling,
// 102,000 less at most 12 × 8,000, is at least 6,000: all subject):
//   - July (turns 60: still "above 55 to 60", 16% / 18%): CPF on 8,000 +
//     3,000 = 11,000: total 34% = 3,740, employee 18% = 1,980, employer
//     1,760.
//   - August ("above 60 to 65", 12.5% / 12.5%): 25% × 8,000 = 2,000,
//     employee 1,000, employer 1,000.
//   - The CPF file for August: OW 8,000.00, AW 0, 2,000.00.
func TestAuditSGTurningSixtyWithABonus(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ong := e.employee(t, "Ong", "Monthly", map[string]any{"rate": 8500, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1966-07-20T00:00:00", "startDate": "2020-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8034567D"})
		jul := e.run(t, "2026-07-31", ong, 3000)
		tot := e.totals(t, jul, ong)
		expectAmount(t, "July CPF employee", tot["cpfEmployeeContributionAmount"], 1980)
		expectAmount(t, "July CPF employer", tot["cpfEmployerContributionAmount"], 1760)
		e.Do("POST", jul+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		aug := e.run(t, "2026-08-31", 0, 0)
		tot = e.totals(t, aug, ong)
		expectAmount(t, "August CPF employee", tot["cpfEmployeeContributionAmount"], 1000)
		expectAmount(t, "August CPF employer", tot["cpfEmployerContributionAmount"], 1000)
		f := e.sgCPFFile(t, aug, "2026-08")
		if dt := sgDetail(t, f, "S8034567D"); dt.Ordinary != 800000 || dt.Additional != 0 || dt.Amount != 200000 {
			t.Errorf("August CPF detail %+v, want OW 800000, AW 0, CPF 200000", dt)
		}
	})
}

// Self-help group funds in a bonus month, read on the month's total wages
// bonus included (docs/reference/sg-self-help-group-funds.md: CPF Board,
// "Contributions to Self-Help Groups"; the funds' tables). October 2026,
// each a citizen on $4,000 with a $12,000 bonus: total wages 16,000; CPF
// on OW 4,000 + AW 12,000 (the AW ceiling 102,000 − 12 × 4,000 = 54,000 at
// least): 37% × 16,000 = 5,920, employee 3,200, employer 2,720.
//   - Raj, Indian, Hindu: SINDA (from 1 January 2015) "> $15,000: $30"
//     (the salary alone would be "> $2,500 to $4,500: $7"). Net 16,000 −
//     3,200 − 30 = 12,770.
//   - Ali, Indian and Muslim, who opted out of SINDA (selfHelpGroupFund
//     MBMF): MBMF (from 1 June 2016) "> $10,000: $26", no SINDA. Net
//     12,774.
//   - Eve, Eurasian: ECF (from 1 January 2015) "> $10,000: $20". Net
//     12,780.
//
// The CPF file: a summary per fund (03 SINDA 30.00, 02 MBMF 26.00, 05 ECF
// 20.00) with one donor each.
func TestAuditSGSelfHelpGroupFundsBonusMonthAndOptOut(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		emp := func(first, nric string, m map[string]any) int64 {
			m["rate"], m["rateUnit"], m["hoursPerWeek"] = 4000, "Monthly", 40
			m["dateOfBirth"], m["startDate"], m["nationalRegistrationIdentityNumber"] = "1980-02-03T00:00:00", "2020-01-01T00:00:00", nric
			return e.employee(t, first, "Monthly", m)
		}
		raj := emp("Raj", "S8012345J", map[string]any{"ethnicity": "Indian", "religion": "Hindu"})
		ali := emp("Ali", "S8023456B", map[string]any{"ethnicity": "Indian", "religion": "Muslim", "selfHelpGroupFund": "MBMF"})
		eve := emp("Eve", "S8034567D", map[string]any{"ethnicity": "Eurasian", "religion": "Christian"})
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"payCategoryIdType": "External", "earningsLines": map[string]any{
			fmt.Sprint(raj): []any{map[string]any{"payCategoryId": "BON", "earnings": 12000}},
			fmt.Sprint(ali): []any{map[string]any{"payCategoryId": "BON", "earnings": 12000}},
			fmt.Sprint(eve): []any{map[string]any{"payCategoryId": "BON", "earnings": 12000}}}}).Expect(t, 200)
		for _, c := range []struct {
			name string
			emp  int64
			fund string
			shg  float64
			net  float64
		}{
			{"Raj", raj, "SINDA Fund", 30, 12770},
			{"Ali", ali, "Mosque Building and Mendaki Fund (MBMF)", 26, 12774},
			{"Eve", eve, "Eurasian Community Fund (ECF)", 20, 12780},
		} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], 3200)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], 2720)
			expectAmount(t, c.name+" net", tot["netEarnings"], c.net)
			if got := e.shgOnSlip(t, P, c.emp, c.fund); got != c.shg {
				t.Errorf("%s payslip %q = %v, want %v", c.name, c.fund, got, c.shg)
			}
		}
		if got := e.shgOnSlip(t, P, ali, "SINDA Fund"); got != 0 {
			t.Errorf("Ali opted out of SINDA, payslip SINDA %v", got)
		}
		f := e.sgCPFFile(t, P, "2026-10")
		if f.Summaries[cpf.CodeSINDA] != 3000 || f.Summaries[cpf.CodeMBMF] != 2600 || f.Summaries[cpf.CodeECF] != 2000 {
			t.Errorf("CPF file fund summaries %v, want SINDA 3000, MBMF 2600, ECF 2000", f.Summaries)
		}
	})
}
