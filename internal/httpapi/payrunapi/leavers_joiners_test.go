package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// leaveOn gives employee emp an end date (the employee becomes
// Terminated at once, as the reference's terminate does).
func (e *regionEnv) leaveOn(t *testing.T, emp int64, day string) {
	t.Helper()
	e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, emp), e.Key, map[string]any{"endDate": day + "T00:00:00"}).Expect(t, 200)
}

// inRun says whether the run's details list the employee.
func (e *regionEnv) inRun(t *testing.T, P string, emp int64) bool {
	t.Helper()
	d := e.Do("GET", P+"/details", e.Key, nil).Expect(t, 200).Map(t)
	for _, r := range d["payRunTotals"].([]any) {
		if int64(num(t, r.(map[string]any)["employeeId"])) == emp {
			return true
		}
	}
	return false
}

// A UK leaver and a joiner inside October 2026 (31 days; no statutory
// rule for part-period salary: calendar days, docs/reference):
//   - Lee, £3,000 a month on BR, paid September in full, leaves on 15
//     October: the October run (no includeTerminatedEmployees) pays her
//     final pay, 3,000 × 15 ÷ 31 = 1,451.6129 -> 1,451.61. BR tax,
//     cumulative: taxable pay to date rounded down to pounds 4,451 × 20%
//     = 890.20 less September's 600.00 (3,000 × 20%) = 290.20.
//   - Jo, £3,000 a month, starts on 20 October: 12 days, 3,000 × 12 ÷ 31
//     = 1,161.2903 -> 1,161.29.
//
// Lee's P45 carries pay 4,451.61 and tax 890.20 to date, tax month 7.
// A November run no longer includes her.
func TestUKLeaverAndJoinerPartPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		uk := map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A"}
		lee := e.employee(t, "Lee", "Monthly", uk)
		sep := e.run(t, "2026-09-30", 0, 0)
		expectAmount(t, "Lee's September PAYE", e.totals(t, sep, lee)["payeWithheld"], 600)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		e.leaveOn(t, lee, "2026-10-15")
		jo := e.employee(t, "Jo", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2026-10-20T00:00:00"})
		oct := e.run(t, "2026-10-31", 0, 0)
		if !e.inRun(t, oct, lee) {
			t.Fatalf("the October run does not pay the leaver's final pay")
		}
		tot := e.totals(t, oct, lee)
		expectAmount(t, "Lee's final gross", tot["grossEarnings"], 1451.61)
		expectAmount(t, "Lee's final PAYE", tot["payeWithheld"], 290.20)
		expectAmount(t, "Jo's first gross", e.totals(t, oct, jo)["grossEarnings"], 1161.29)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45data", e.B, lee), e.Key, nil).Expect(t, 200).Map(t)
		if p45["data"] != nil {
			p45 = p45["data"].(map[string]any)
		}
		expectAmount(t, "P45 pay to date", p45["totalPayToDate"], 4451.61)
		expectAmount(t, "P45 tax to date", p45["totalTaxToDate"], 890.20)
		expectAmount(t, "P45 pay in this employment", p45["payInThisEmployment"], 4451.61)
		if num(t, p45["periodNumber"]) != 7 || p45["periodType"] != "Month" {
			t.Errorf("P45 last entries = %v %v, want Month 7", p45["periodType"], p45["periodNumber"])
		}

		nov := e.run(t, "2026-11-30", 0, 0)
		if e.inRun(t, nov, lee) {
			t.Errorf("the November run pays a leaver who left in October")
		}
		expectAmount(t, "Jo's full month", e.totals(t, nov, jo)["grossEarnings"], 3000)
	})
}

// An NZ weekly leaver and joiner (period Monday 28 September to Sunday
// 4 October 2026; calendar days): $1,400 a week, leaving Thursday 1
// October: 4 days, 1,400 × 4 ÷ 7 = 800.00; starting Wednesday 30
// September: 5 days, 1,000.00.
func TestNZLeaverAndJoinerPartPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		nz := map[string]any{"rate": 1400, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M"}
		ann := e.employee(t, "Ann", "Weekly", nz)
		e.leaveOn(t, ann, "2026-10-01")
		nz["startDate"] = "2026-09-30T00:00:00"
		ben := e.employee(t, "Ben", "Weekly", nz)
		P := e.run(t, "2026-10-04", 0, 0)
		expectAmount(t, "Ann's final gross", e.totals(t, P, ann)["grossEarnings"], 800)
		expectAmount(t, "Ben's first gross", e.totals(t, P, ben)["grossEarnings"], 1000)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		next := e.run(t, "2026-10-11", 0, 0)
		if e.inRun(t, next, ann) {
			t.Errorf("the next week's run pays a leaver")
		}
	})
}

// An SG leaver (Employment Act, incomplete month: monthly rate ÷ working
// days in the month × days worked; a five-day week, Monday to Friday): $8,000 a month,
// leaving Tuesday 15 September 2026. September 2026 has 22 weekdays
// (1-4, 7-11, 14-18, 21-25, 28-30), she worked 11 (1-4, 7-11, 14-15):
// 8,000 × 11 ÷ 22 = 4,000.00. CPF (age 46): total 37% × 4,000 = 1,480,
// employee 20% = 800, employer 680.
func TestSGLeaverIncompleteMonth(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		sue := e.employee(t, "Sue", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2025-01-01T00:00:00"})
		e.workWeek(t, sue, 5, false)
		e.leaveOn(t, sue, "2026-09-15")
		P := e.run(t, "2026-09-30", 0, 0)
		tot := e.totals(t, P, sue)
		expectAmount(t, "Sue's final gross", tot["grossEarnings"], 4000)
		expectAmount(t, "Sue's CPF employee", tot["cpfEmployeeContributionAmount"], 800)
		expectAmount(t, "Sue's CPF employer", tot["cpfEmployerContributionAmount"], 680)
	})
}

// holidayLeaver pays an hourly employee ($/£15 an hour, 38 hours a week)
// a run that accrues 40 hours of a holiday category, then terminates them
// on the last day of the next run's period; it returns the final run.
func (e *regionEnv) holidayLeaver(t *testing.T, frequency, end1, end2 string, members map[string]any) (emp int64, holiday int64, P string) {
	t.Helper()
	holiday = int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday"}).Expect(t, 200).Map(t)["id"]))
	members["rate"], members["rateUnit"] = 15, "Hourly"
	emp = e.employee(t, "Hal", frequency, members)
	P1 := e.run(t, end1, 0, 0)
	e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(emp): []any{
		map[string]any{"leaveCategoryId": holiday, "amount": 40}}}}).Expect(t, 200)
	e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	P = e.run(t, end2, 0, 0)
	e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": "Resignation", "terminationDate": end2 + "T00:00:00"}).Expect(t, 200)
	return emp, holiday, P
}

// paidOnTermination is the sum of the final run's lines that pay out
// leave on termination.
func (e *regionEnv) paidOnTermination(t *testing.T, P string, emp int64) float64 {
	t.Helper()
	lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(emp)].([]any)
	sum := 0.0
	for _, l := range lines {
		if m := l.(map[string]any); m["payCategoryName"] == "Holiday paid on termination" {
			sum += num(t, m["earnings"])
		}
	}
	return sum
}

// UK holiday pay on termination (Working Time Regulations 1998 reg 14:
// leave accrued and not taken, paid at a week's normal pay): 40 hours
// accrued, none taken, at £15 = 600.00 with the last week's 38 × 15 =
// 570.00. BR: 20% × 1,170 = 234.00 (the first week 114.00). The balance
// is empty after finalising; the P45 carries 1,740.00 pay and 348.00 tax.
func TestUKHolidayPaidOnTermination(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		hal, holiday, P := e.holidayLeaver(t, "Weekly", "2026-11-15", "2026-11-22", map[string]any{"taxCode": "BR", "nationalInsuranceCategory": "A"})
		expectAmount(t, "holiday paid on termination", e.paidOnTermination(t, P, hal), 600)
		tot := e.totals(t, P, hal)
		expectAmount(t, "final gross", tot["grossEarnings"], 1170)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 234)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		var bal []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-11-30T00:00:00", e.B, hal), e.Key, nil).Expect(t, 200).JSON(t, &bal)
		for _, b := range bal {
			if int64(num(t, b["leaveCategoryId"])) == holiday && num(t, b["accruedAmount"]) != 0 {
				t.Errorf("holiday balance after the final pay: %v", b["accruedAmount"])
			}
		}
		p45 := e.Do("GET", fmt.Sprintf("%s/employee/%d/hmrcforms/p45data", e.B, hal), e.Key, nil).Expect(t, 200).Map(t)
		if p45["data"] != nil {
			p45 = p45["data"].(map[string]any)
		}
		expectAmount(t, "P45 pay to date", p45["totalPayToDate"], 1740)
		expectAmount(t, "P45 tax to date", p45["totalTaxToDate"], 348)
	})
}

// SG annual leave on termination (Employment Act s 43: leave earned and
// not taken paid at the gross rate of pay): 40 hours at $15 = 600.00, an
// additional wage for CPF, with the month's 38 × 52 ÷ 12 = 164.6667 hours
// × 15 = 2,470.00.
func TestSGLeavePaidOnTermination(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		hal, _, P := e.holidayLeaver(t, "Monthly", "2026-10-31", "2026-11-30", map[string]any{"startDate": "2025-01-01T00:00:00"})
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, hal), 600)
		expectAmount(t, "final gross", e.totals(t, P, hal)["grossEarnings"], 3070)
	})
}
