package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// AU cases a bureau meets every month, paid through the API in a business
// created with its default data. W(x) is the Schedule 1 scale 2 weekly
// amount for 2026-27 (payroll-rules-2026-27.md 1.3): a × (x + 0.99) − b,
// rounded to the dollar; other scales as named.

// schedule adds a pay schedule of a frequency to the business.
func (e *auEnv) schedule(t *testing.T, frequency string) int64 {
	return int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": frequency, "frequency": frequency}).Expect(t, 200).Map(t)["id"]))
}

// runOn creates a run of schedule ending on ending, paid on paid.
func (e *auEnv) runOn(t *testing.T, schedule int64, ending, paid string) string {
	r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": schedule, "payPeriodEnding": ending + "T00:00:00",
		"datePaid": paid + "T00:00:00"}).Expect(t, 200).Map(t)
	return fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
}

// Schedule 5 Method A in a fortnightly and a monthly run (ATO Schedule 5,
// "Working out the withholding amount": step 3 divides by the pay periods
// in a year of the employee's pay frequency, 26 or 12; Schedule 1's
// fortnightly amount is twice the weekly amount on half the earnings, the
// monthly amount is the weekly amount on earnings × 3 ÷ 13 (cents
// ignored), × 13 ÷ 3, rounded to the dollar).
//
// Fay, $52,000 a year paid fortnightly ($2,000), a $2,600 bonus:
//  1. 2,000; 2. W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138, × 2
//     = 276; 3. 2,600 ÷ 26 = 100; 4. 2,100; 5. W(1050) = 0.3227 × 1050.99 −
//     185.1935 = 153.96 → 154, × 2 = 308; 6. 32; 7. 32 × 26 = 832 (under
//     47% × 2,600 = 1,222): PAYG 276 + 832 = 1,108.
//
// Mo, $62,400 a year paid monthly ($5,200), a $6,000 bonus:
//  1. 5,200 → weekly 5,200 × 3 ÷ 13 = 1,200; W(1200) = 0.3227 × 1200.99 −
//     185.1935 = 202.37 → 202; × 13 ÷ 3 = 875.33 → 875;
//  3. 6,000 ÷ 12 = 500; 4. 5,700 → 5,700 × 3 ÷ 13 = 1,315.38 → 1,315;
//     0.32 × 1315.99 − 181.7319 = 239.38 → 239; × 13 ÷ 3 = 1,035.67 →
//     1,036; 6. 161; 7. 161 × 12 = 1,932 (under 47% × 6,000 = 2,820):
//     PAYG 875 + 1,932 = 2,807.
func TestAuditAUBonusFortnightlyAndMonthlySchedule5(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fn, mo := e.schedule(t, "Fortnightly"), e.schedule(t, "Monthly")
		fay := e.employee(t, "Fay", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually"})
		moe := e.employee(t, "Mo", map[string]any{"paySchedule": "Monthly", "rate": 62400, "rateUnit": "Annually"})
		P := e.runOn(t, fn, "2026-11-22", "2026-11-25")
		e.earnings(t, P, fay, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 2600}).Expect(t, 200)
		want(t, "fortnightly bonus", e.totals(t, P, fay), map[string]int64{"grossEarnings": 460000, "paygWithheld": 110800})
		M := e.runOn(t, mo, "2026-11-30", "2026-11-30")
		e.earnings(t, M, moe, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 6000}).Expect(t, 200)
		want(t, "monthly bonus", e.totals(t, M, moe), map[string]int64{"grossEarnings": 1120000, "paygWithheld": 280700})
	})
}

// Super guarantee for an employee under 18 (Superannuation Guarantee
// (Administration) Act 1992 s 27(2): salary or wages paid to an employee
// under 18 are not taken into account unless the employee is employed
// for more than 30 hours per week). Kit, born 1 June 2009 (17 in
// November 2026), works 20 hours a week at $25 (500.00) and sacrifices
// $50 a week to super: SG nil, the fund gets the sacrificed 50.00;
// taxable 450, W(450) = 0.15 × 450.99 − 54.3462 = 13.30 → 13. Lou, also
// 17, works 38 hours at $25 (950.00): more than 30 hours, SG 12% × 950 =
// 114.00.
func TestAuditAUSuperUnder18ThirtyHours(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		kit := e.employee(t, "Kit", map[string]any{"dateOfBirth": "2009-06-01T00:00:00", "employmentType": "PartTime", "rate": 25,
			"rateUnit": "Hourly", "hoursPerWeek": 20})
		lou := e.employee(t, "Lou", map[string]any{"dateOfBirth": "2009-06-01T00:00:00", "rate": 25, "rateUnit": "Hourly", "hoursPerWeek": 38})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(kit): []any{
			map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Salary Sacrifice (Superannuation)"]), "amount": 50}}}}).Expect(t, 200)
		want(t, "Kit (20 hours)", e.totals(t, P, kit), map[string]int64{"grossEarnings": 50000, "taxableEarnings": 45000,
			"paygWithheld": 1300, "superContribution": 5000})
		want(t, "Lou (38 hours)", e.totals(t, P, lou), map[string]int64{"grossEarnings": 95000, "superContribution": 11400})
	})
}

// The scales an employee's declaration picks, at $1,200 and $1,000 a
// week (payroll-rules-2026-27.md 1.3 and 1.5):
//   - no tax-free threshold (scale 1) with a study and training support
//     loan (Schedule 8, no-TFT component): 0.32 × 1200.99 − 71.6508 =
//     312.67 → 313, STSL 0.15 × 1200.99 − 148.0615 = 32.09 → 32: 345;
//   - the tax-free threshold and a loan: W(1200) = 202, STSL nil (under
//     $1,337): 202; at $1,500: W(1500) = 0.32 × 1500.99 − 181.7319 =
//     298.58 → 299, STSL 0.15 × 1500.99 − 200.5615 = 24.59 → 25: 324;
//   - full Medicare levy exemption (scale 5) at $1,000: 0.3027 × 1000.99 −
//     185.1923 = 117.81 → 118;
//   - half exemption (scale 6): 0.3527 × 1000.99 − 230.6135 = 122.44 →
//     122.
func TestAuditAUScalesNoThresholdLoanAndMedicareExemption(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cases := []struct {
			name       string
			extra      map[string]any
			payg, stsl int64 // the Schedule 1 amount; the Schedule 8 component (helpWithheld)
		}{
			{"NoTFT", map[string]any{"rate": 1200, "claimTaxFreeThreshold": false, "stslDebt": true}, 31300, 3200},
			{"TFT", map[string]any{"rate": 1200, "stslDebt": true}, 20200, 0},
			{"TFT1500", map[string]any{"rate": 1500, "stslDebt": true}, 29900, 2500},
			{"Full", map[string]any{"medicareLevyExemption": "Full"}, 11800, 0},
			{"Half", map[string]any{"medicareLevyExemption": "Half"}, 12200, 0},
		}
		ids := make([]int64, len(cases))
		for i, c := range cases {
			ids[i] = e.employee(t, c.name, c.extra)
		}
		P := e.run(t, "2026-11-22", "2026-11-25")
		for i, c := range cases {
			want(t, c.name, e.totals(t, P, ids[i]), map[string]int64{"paygWithheld": c.payg, "helpWithheld": c.stsl})
		}
	})
}

// Overtime through approved timesheets for an hourly employee (SGR
// 2009/2: overtime is not ordinary time earnings): Otto, $30 an hour for
// 40 hours, works 8 hours Monday to Friday 16-20 November 2026 on
// Ordinary Hours and 4 hours on Saturday 21 on the default "Overtime
// 1.5x" (4 × 45 = 180.00): gross 1,380.00; PAYG 0.32 × 1380.99 −
// 181.7319 = 260.18 → 260; SG 12% × 1,200 = 144.00.
func TestAuditAUOvertimeFromTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		otto := e.employee(t, "Otto", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 40})
		b := withBusiness(e)
		for day := 16; day <= 20; day++ {
			approvedTimesheet(t, b, e.B, otto, e.pay["Ordinary Hours"], fmt.Sprintf("2026-11-%02dT08:00:00", day), fmt.Sprintf("2026-11-%02dT16:00:00", day))
		}
		approvedTimesheet(t, b, e.B, otto, e.pay["Overtime 1.5x"], "2026-11-21T08:00:00", "2026-11-21T12:00:00")
		P := timesheetRun(t, b, e.B, e.weekly, "2026-11-22", "2026-11-25")
		want(t, "timesheet week", e.totals(t, P, otto), map[string]int64{"grossEarnings": 138000, "paygWithheld": 26000, "superContribution": 14400})
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, otto), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(otto)].([]any)
		var ot map[string]any
		for _, l := range lines {
			if m := l.(map[string]any); m["payCategoryName"] == "Overtime 1.5x" {
				ot = m
			}
		}
		if ot == nil || num(t, ot["rate"]) != 45 || !strings.Contains(fmt.Sprint(ot["notes"]), "loading") {
			t.Fatalf("overtime line %v: want rate 45 and a note of the loading", ot)
		}
	})
}

// A standing salary sacrifice to super of 10% of gross in a week with
// annual leave and its loading (ATO, "Salary sacrificing super –
// information for employers": the SG base is OTE including the amounts
// sacrificed; annual leave and its loading are OTE, SGR 2009/2): Pia,
// $1,000 a week for 40 hours, 17.5% loading, takes 16 hours on 16-17
// November 2026: ordinary 600 + leave 400 + loading 70 = 1,070.00;
// sacrifice 10% × 1,070 = 107.00; taxable 963, W(963) = 0.3227 × 963.99
// − 185.1935 = 125.89 → 126; SG 12% × 1,070 = 128.40; the fund gets
// 128.40 + 107.00 = 235.40.
func TestAuditAUPercentSacrificeInALeaveWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		pia := e.employee(t, "Pia", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, pia), e.Key, map[string]any{"deductionCategoryId": e.ded["Salary Sacrifice (Superannuation)"],
			"amount": 10, "deductionType": "PercentageGross", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(pia): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, pia), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-17T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "leave week", e.totals(t, P, pia), map[string]int64{"grossEarnings": 107000, "preTaxDeductions": 10700,
			"taxableEarnings": 96300, "paygWithheld": 12600, "superContribution": 23540})
	})
}

// A line with units and no rate on a client's own category with a
// penalty loading and taken out of the super base: the employee's rate
// with the category's loading (the reference: "units with no rate" take
// the employee's rate for the category), and no super on it (the
// category's excludeFromQualifyingEarnings). Otto, $30 an hour for 40
// hours (1,200.00), 4 units of "Saturday Penalty" (50%): 4 × 45 = 180.00;
// gross 1,380.00; PAYG 0.32 × 1380.99 − 181.7319 = 260.18 → 260; SG 12%
// × 1,200 = 144.00.
func TestAuditAUPenaltyCategoryUnitsWithoutRate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		sat := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Saturday Penalty", "rateUnit": "Hourly",
			"penaltyLoadingPercent": 50, "excludeFromQualifyingEarnings": true}).Expect(t, 200).Map(t)["id"]))
		otto := e.employee(t, "Otto", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 40})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, otto, map[string]any{"payCategoryId": fmt.Sprint(sat), "units": 4}).Expect(t, 200)
		want(t, "penalty week", e.totals(t, P, otto), map[string]int64{"grossEarnings": 138000, "paygWithheld": 26000, "superContribution": 14400})
	})
}

// A dismissal paid with a payment in lieu of notice and unused annual
// leave (Schedule 7 normal termination, marginal method, for the leave;
// Schedule 11 code O, non-excluded, 32% under the preservation age up to
// the whole-of-income cap, for the ETP; the ETP is not in the normal
// earnings the marginal method starts from): Dee, a casual at $25 an hour
// for 40 hours (1,000.00; no accrual by itself), born 1990, has 80 hours
// of annual leave (no loading) when dismissed on Sunday 22 November 2026
// and is paid 3 weeks' notice, 3,000.00:
//   - the week: W(1000) = 138;
//   - the leave 80 × 25 = 2,000.00: ÷ 52 = 38.46 → 38; W(1038) = 0.3227 ×
//     1038.99 − 185.1935 = 150.09 → 150; (150 − 138) × 52 = 624;
//   - the ETP 32% × 3,000 = 960 (the cap: 180,000 less the year's other
//     taxable payments, far above);
//
// PAYG 138 + 624 + 960 = 1,722. SG: the leave on termination is not OTE,
// the payment in lieu of notice is (SGR 2009/2; the default category is a
// superable ETP since paydepth56, au-pay-rules.md §4): 12% × (1,000 +
// 3,000) = 480.00, far under the 2026-27 maximum contribution base of
// $270,830 a year (before: 12% × 1,000 = 120.00, the notice left out).
func TestAuditAUDismissalNoticeAndLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		dee := e.employee(t, "Dee", map[string]any{"rate": 25, "rateUnit": "Hourly", "employmentType": "Casual", "startDate": "2020-07-01T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(dee): []any{
			map[string]any{"leaveCategoryId": al, "amount": 80}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dee, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, dee, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 3000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, dee), map[string]int64{"grossEarnings": 100000 + 200000 + 300000, "paygWithheld": 172200, "superContribution": 48000})
	})
}
