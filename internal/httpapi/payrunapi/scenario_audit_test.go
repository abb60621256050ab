package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of the month's cases a bureau meets, paid through the API: each
// figure below is derived by hand from the statute or the official
// formula named in its comment (not from this service's code). AU W(x) is
// the Schedule 1 scale 2 weekly amount for 2026-27 (payroll-rules-2026-27.md
// 1.3): a × (x + 0.99) − b, rounded to the dollar.

// approvedTimesheet adds an approved timesheet of employee emp.
func approvedTimesheet(t *testing.T, b *testkit.Bundle, B string, emp, category int64, start, end string) {
	t.Helper()
	ts := int64(num(t, b.Do("POST", B+"/timesheet", b.Key, map[string]any{"employeeId": emp, "startTime": start, "endTime": end,
		"payCategoryId": category}).Expect(t, 200).Map(t)["id"]))
	b.Do("POST", fmt.Sprintf("%s/manager/%d/timesheet/%d/approve", B, emp, ts), b.Key, nil).Expect(t, 200)
}

// timesheetRun creates a run of schedule ending on ending, paid on paid,
// that pays the period's approved timesheets, and returns its path.
func timesheetRun(t *testing.T, b *testkit.Bundle, B string, schedule int64, ending, paid string) string {
	t.Helper()
	r := b.Do("POST", B+"/payrun", b.Key, map[string]any{"payScheduleId": schedule, "payPeriodEnding": ending + "T00:00:00",
		"datePaid": paid + "T00:00:00", "timesheetImportOption": "ThisPayPeriod"}).Expect(t, 200).Map(t)
	return fmt.Sprintf("%s/payrun/%d", B, int64(num(t, r["id"])))
}

// NZ, s 23 with annual holidays taken in advance: Nia ($1,000 a week for
// 40 hours, $25 an hour) starts Monday 28 September 2026, takes 8 hours of
// annual leave on Wednesday 7 October (paid 8 × 25 = 200.00 through Annual
// Leave Pay, her week's pay staying 1,000) and leaves on Sunday 18
// October. She was never entitled (less than 12 months), so all 8 hours
// were taken in advance: 8% × 3,000 = 240.00 less the 200.00 paid for
// them = 40.00.
func TestAuditNZHolidayPayLessLeaveInAdvance(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		leavePay := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Annual Leave Pay", "rateUnit": "Hourly"}).Expect(t, 200).Map(t)["id"]))
		annual := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Annual Leave", "units": 4, "unitType": "StandardWeeks",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true, "transferToPayCategoryId": leavePay}).Expect(t, 200).Map(t)["id"]))
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00"})
		P := e.run(t, "2026-10-04", 0, 0)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, nia), e.Key, map[string]any{"leaveCategoryId": annual,
			"fromDate": "2026-10-07T00:00:00", "toDate": "2026-10-07T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		P = e.run(t, "2026-10-11", 0, 0)
		if got := e.linesNamed(t, P, nia, "Annual Leave Pay"); len(got) != 1 || num(t, got[0]["earnings"]) != 200 {
			t.Fatalf("leave pay lines %v, want 200.00", got)
		}
		expectAmount(t, "week 2 gross", e.totals(t, P, nia)["grossEarnings"], 1000)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P = e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Resignation", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, nia, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one 8%% line", paid)
		}
		expectAmount(t, "8% less leave in advance", paid[0]["earnings"], 40)
	})
}

// NZ hourly leaver paid from timesheets: Hemi, $25 an hour, employed since
// Monday 5 October 2026, works 8 hours on Monday 12 and Tuesday 13 October
// and leaves on Tuesday 13 (week ending Sunday 18): 16 × 25 = 400.00, and
// s 23's 8% of the gross earnings since he started. His first week (40
// hours, 1,000.00) was paid: 8% × 1,400 = 112.00. Gross 512.00.
func TestAuditNZHourlyLeaverFromTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		var cats []map[string]any
		e.Do("GET", e.B+"/paycategory", e.Key, nil).Expect(t, 200).JSON(t, &cats)
		var ordinary int64
		for _, c := range cats {
			if c["name"] == "Ordinary Hours" {
				ordinary = int64(num(t, c["id"]))
			}
		}
		hemi := e.employee(t, "Hemi", "Weekly", map[string]any{"rate": 25, "rateUnit": "Hourly", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-10-05T00:00:00"})
		P := e.run(t, "2026-10-11", 0, 0)
		expectAmount(t, "first week", e.totals(t, P, hemi)["grossEarnings"], 1000)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		approvedTimesheet(t, e.Bundle, e.B, hemi, ordinary, "2026-10-12T09:00:00", "2026-10-12T17:00:00")
		approvedTimesheet(t, e.Bundle, e.B, hemi, ordinary, "2026-10-13T09:00:00", "2026-10-13T17:00:00")
		e.leaveOn(t, hemi, "2026-10-13")
		P = timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-10-18", "2026-10-18")
		expectAmount(t, "8% holiday pay", e.linesNamed(t, P, hemi, "Annual Leave paid on termination")[0]["earnings"], 112)
		expectAmount(t, "final gross", e.totals(t, P, hemi)["grossEarnings"], 512)
	})
}

// UK hourly leaver paid from timesheets: Uma, £15 an hour on BR, works 8
// hours on Monday 16 and Tuesday 17 November 2026 and leaves on Tuesday
// (week ending Sunday 22): 16 × 15 = 240.00; BR 20% = 48.00; employee NI
// nil (240 is under the weekly primary threshold of £242, 12,570 ÷ 52
// rounded up).
func TestAuditUKHourlyLeaverFromTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		var cats []map[string]any
		e.Do("GET", e.B+"/paycategory", e.Key, nil).Expect(t, 200).JSON(t, &cats)
		var ordinary int64
		for _, c := range cats {
			if c["name"] == "Ordinary Hours" {
				ordinary = int64(num(t, c["id"]))
			}
		}
		uma := e.employee(t, "Uma", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00"})
		approvedTimesheet(t, e.Bundle, e.B, uma, ordinary, "2026-11-16T09:00:00", "2026-11-16T17:00:00")
		approvedTimesheet(t, e.Bundle, e.B, uma, ordinary, "2026-11-17T09:00:00", "2026-11-17T17:00:00")
		e.leaveOn(t, uma, "2026-11-17")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-22", "2026-11-22")
		tot := e.totals(t, P, uma)
		expectAmount(t, "final gross", tot["grossEarnings"], 240)
		expectAmount(t, "BR tax", tot["payeWithheld"], 48)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 0)
	})
}

// AU hourly leaver paid from timesheets: Ari, $30 an hour, works 8 hours
// on Monday 16 and Tuesday 17 November 2026 and resigns on Tuesday (week
// ending Sunday 22, paid Wednesday 25): 16 × 30 = 480.00; the run accrues
// annual leave (NES: 4 weeks a year, 0.076923 hours per hour worked): 16 ×
// 0.076923 = 1.2308 h, paid out at $30 = 36.92 (Schedule 7 marginal
// method: 36.92 ÷ 52 = 0.71, cents ignored, adds nothing: W(480) −
// W(480) = 0). PAYG W(480) = 0.15 × 480.99 − 54.3462 = 17.80 → 18. SG
// 12% of the ordinary time earnings 480 = 57.60 (unused leave on
// termination is not OTE).
func TestAuditAUHourlyLeaverFromTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ari := e.employee(t, "Ari", map[string]any{"rate": 30, "rateUnit": "Hourly"})
		approvedTimesheet(t, e.Bundle, e.B, ari, e.pay["Ordinary Hours"], "2026-11-16T09:00:00", "2026-11-16T17:00:00")
		approvedTimesheet(t, e.Bundle, e.B, ari, e.pay["Ordinary Hours"], "2026-11-17T09:00:00", "2026-11-17T17:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.weekly, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ari, "terminationReason": "VoluntaryCessation", "terminationDate": "2026-11-17T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, ari), map[string]int64{"grossEarnings": 48000 + 3692, "paygWithheld": 1800, "superContribution": 5760})
	})
}

// AU ETP past the whole-of-income cap (Schedule 11; ITAA 1997 s 82-10):
// Eve, a casual on $1,000 a week (no leave to pay out), born 1990 (under
// the preservation age), paid $1,000 on 8 July 2026 and, in her final pay
// on 15 July, $1,000 and a $200,000 payment in lieu of notice (code O,
// non-excluded). The cap is the smaller of the ETP cap and $180,000 less
// the year's other taxable payments (2,000): 178,000 at 32% = 56,960.00,
// the other 22,000 at 47% = 10,340.00; PAYG W(1000) = 0.3227 × 1000.99 −
// 185.1935 = 137.83 → 138: 138 + 67,300 = 67,438.
// The notice is OTE (SGR 2009/2; the default category is a superable ETP
// since paydepth56): SG 12% × (1,000 + 200,000) = 24,120.00; the 2026-27
// maximum contribution base is a year's, $270,830 (Payday Super,
// payroll-rules-2026-27.md 1.6), 269,830 of it left after the first week,
// so it does not bite (the quarterly $62,500 of 2025-26 would have).
func TestAuditAUETPPastTheWholeOfIncomeCap(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		eve := e.employee(t, "Eve", map[string]any{"employmentType": "Casual"})
		P := e.run(t, "2026-07-05", "2026-07-08")
		want(t, "first week", e.totals(t, P, eve), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		P = e.run(t, "2026-07-12", "2026-07-15")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": eve, "terminationReason": "Dismissal", "terminationDate": "2026-07-12T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, eve, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 200000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, eve), map[string]int64{"grossEarnings": 100000 + 20000000, "paygWithheld": 13800 + 6730000, "superContribution": 2412000})
	})
}

// AU payment summary after several runs with salary sacrifice to super,
// an allowance and union fees: Sam, $1,500 a week, sacrifices $200 each
// week for three weeks, is paid a $50 car allowance (a taxable allowance
// shown apart from gross payments) each week and pays $12.50 union fees
// a week: taxable 1,350 a week, PAYG W(1350) = 0.32 × 1350.99 − 181.7319
// = 250.58 → 251. The year's payment summary: gross payments 3 × 1,300 =
// 3,900 (the sacrifice is not a gross payment, the allowance is shown
// apart), allowances 150, union fees 37 (whole dollars), tax 3 × 251 =
// 753, reportable employer super contributions 3 × 200 = 600 (the super
// guarantee is not reportable).
func TestAuditAUPaymentSummaryAfterSeveralRuns(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		car := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Car Allowance", "rateUnit": "Fixed",
			"paymentSummaryClassification": "AllowanceCar"}).Expect(t, 200).Map(t)["id"]))
		sam := e.employee(t, "Sam", map[string]any{"rate": 1500})
		for _, w := range [][2]string{{"2026-11-08", "2026-11-11"}, {"2026-11-15", "2026-11-18"}, {"2026-11-22", "2026-11-25"}} {
			P := e.run(t, w[0], w[1])
			e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(sam): []any{
				map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Salary Sacrifice (Superannuation)"]), "amount": 200},
				map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Union Fees"]), "amount": 12.5}}}}).Expect(t, 200)
			e.earnings(t, P, sam, map[string]any{"payCategoryId": fmt.Sprint(car), "earnings": 50}).Expect(t, 200)
			want(t, "week "+w[0], e.totals(t, P, sam), map[string]int64{"grossEarnings": 155000, "paygWithheld": 25100})
			e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, sam), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"grossPayments": 3900, "totalTaxWithheld": 753, "employerSuperContributions": 600, "totalAllowances": 150} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
		if a := sum["allowances"].(map[string]any); len(a) != 1 || num(t, a["Car Allowance"]) != 150 {
			t.Errorf("payment summary allowances %v", a)
		}
		if u := sum["unionFeeDeductions"].(map[string]any); len(u) != 1 || num(t, u["Union Fees"]) != 37 {
			t.Errorf("payment summary union fees %v", u)
		}
		// The stored summary reads back the same.
		var list []map[string]any
		e.Do("GET", e.B+"/paymentsummary/2027", e.Key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || num(t, list[0]["totalAllowances"]) != 150 || num(t, list[0]["grossPayments"]) != 3900 {
			t.Errorf("stored payment summaries %v", list)
		}
	})
}

// workWeek stores an employee's standard work week: Monday to Friday (days
// 5) or Monday to Saturday (6), Saturday a half day when half.
func (e *regionEnv) workWeek(t *testing.T, emp int64, days int, half bool) {
	t.Helper()
	var wd []any
	for d := 1; d <= days; d++ {
		typ := "Full"
		if d == 6 && half {
			typ = "Half"
		}
		wd = append(wd, map[string]any{"dayOfWeek": d, "workDayType": typ})
	}
	e.Do("PUT", fmt.Sprintf("%s/employee/%d/standardhours", e.B, emp), e.Key, map[string]any{"useAdvancedWorkWeek": true,
		"advancedWorkWeekConfiguration": "WorkDayType", "standardHoursPerDay": 8, "standardWorkDays": wd}).Expect(t, 200)
}

// SG leavers on a 6-day and a 5.5-day week (Employment Act, salary for an
// incomplete month: monthly gross rate ÷ working days in the month × days
// worked; rest days and non-working days are not working days; MOM,
// "Monthly and daily salary: definitions and calculation": a half-day is a
// day of 5 hours or less, so a 5.5-day week's Saturday counts ½). $8,000 a
// month, leaving Saturday 12 September 2026. September 2026 (Tuesday 1 to
// Wednesday 30) has 22 weekdays and 4 Saturdays (5, 12, 19, 26).
//   - 6-day week: 26 working days; worked 1-12 September: 9 weekdays and 2
//     Saturdays = 11: 8,000 × 11 ÷ 26 = 3,384.615 → 3,384.62. CPF (age 46,
//     37% / 20%): total 1,252.31 → 1,252 (nearest dollar), employee
//     676.92 → 676 (cents dropped), employer 576.
//   - 5.5-day week (Saturday a half day of 4 hours): 22 + 4 × ½ = 24
//     working days, 9 + 2 × ½ = 10 worked: 8,000 × 10 ÷ 24 = 3,333.33.
//     CPF 1,233.33 → 1,233, employee 666.67 → 666, employer 567. (Before
//     paydepth44 the half day counted whole, as the 6-day week.)
//
// A Monday-to-Friday colleague leaving the same day: 9 of 22 → 3,272.73.
func TestAuditSGIncompleteMonthByWorkWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		members := map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2025-01-01T00:00:00"}
		six := e.employee(t, "Six", "Monthly", members)
		e.workWeek(t, six, 6, false)
		half := e.employee(t, "Half", "Monthly", members)
		e.workWeek(t, half, 6, true)
		five := e.employee(t, "Five", "Monthly", members)
		e.workWeek(t, five, 5, false)
		for _, emp := range []int64{six, half, five} {
			e.leaveOn(t, emp, "2026-09-12")
		}
		P := e.run(t, "2026-09-30", 0, 0)
		for _, c := range []struct {
			emp           int64
			gross, ee, er float64
		}{{six, 3384.62, 676, 576}, {half, 3333.33, 666, 567}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, "final gross", tot["grossEarnings"], c.gross)
			expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
		expectAmount(t, "five-day week's final gross", e.totals(t, P, five)["grossEarnings"], 3272.73)
	})
}

// An SG joiner with no stored work week is counted on Monday to Friday
// (docs/reference/part-period-pay.md: our default, not the statute's):
// started Monday 14 September 2026, 13 of September's 22 weekdays:
// 8,000 × 13 ÷ 22 = 4,727.27.
func TestAuditSGIncompleteMonthWithoutWorkWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		ned := e.employee(t, "Ned", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2026-09-14T00:00:00"})
		P := e.run(t, "2026-09-30", 0, 0)
		expectAmount(t, "joiner's first month", e.totals(t, P, ned)["grossEarnings"], 4727.27)
	})
}

// AU genuine redundancy after 12 years (Schedule 7 Lump Sum A; Schedule
// 11 code R; the tax-free part as Lump Sum D): Gil, a casual on $1,000 a
// week ($25 an hour for 40 hours: as a casual he accrues no annual leave,
// but he does accrue long service leave, NSW Long Service Leave Act 1955
// s 4(11)(a): 40 × 0.016667 = 0.66668 → 0.6667 hours in each of the two
// weeks), employed since 1 July 2014, with 76 hours of annual leave (17.5%
// loading) and 100 hours of long service leave (payable after 7 years: he
// has 12), made genuinely redundant on Sunday 22 November 2026 with
// $20,000 tax-free (Lump Sum D) and a $10,000 redundancy payment above it
// (ETP code R, excluded, under the ETP cap):
//   - unused leave: 76 × 25 = 1,900.00, loading 17.5% = 332.50, LSL
//     (100 + 0.6667 + 0.6667 = 101.3334 hours) × 25 = 2,533.335 →
//     2,533.34: Lump Sum A 4,765.84 withheld at 32% = 1,525.0688;
//   - ETP R: 32% (under the preservation age) × 10,000 = 3,200;
//   - the week: W(1000) = 138. PAYG 138 + 1,525.0688 + 3,200 = 4,863.07 →
//     4,863; Lump Sum D is not withheld from.
//
// SG 12% × 1,000 = 120 (none of the lump sums is OTE). The payment
// summary: gross payments 1,000 + 1,000 (the week before), Lump Sum A
// 4,765 (whole dollars), Lump Sum D 20,000, tax 138 + 4,863 − 3,200 =
// 1,801; the ETP on its own summary (ATO NAT 70868): taxable component
// 10,000 code R, tax 3,200.
func TestAuditAUGenuineRedundancyLumpSums(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al, lsl := e.leave["Annual Leave"], e.leave["Long Service Leave"]
		e.leaveLoading(t, al, 17.5)
		gil := e.employee(t, "Gil", map[string]any{"rate": 25, "rateUnit": "Hourly", "employmentType": "Casual", "startDate": "2014-07-01T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(gil): []any{
			map[string]any{"leaveCategoryId": al, "amount": 76}, map[string]any{"leaveCategoryId": lsl, "amount": 100}}}}).Expect(t, 200)
		want(t, "the week before", e.totals(t, P1, gil), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)

		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": gil, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, gil,
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Genuine Redundancy Tax-Free Amount (Lump Sum D)"]), "earnings": 20000},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 10000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, gil), map[string]int64{"grossEarnings": 100000 + 476584 + 2000000 + 1000000,
			"paygWithheld": 486300, "superContribution": 12000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, gil), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"grossPayments": 2000, "lumpSumA": 4765, "lumpSumD": 20000, "taxableComponent": 0,
			"totalTaxWithheld": 138 + 4863 - 3200} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
		e.etpSummary(t, 2027, gil, "R", 10000, 3200)
	})
}

// AU excluded ETP past the ETP cap in 2025-26 (Schedule 11; ITAA 1997 s
// 82-160: $260,000 for 2025-26, docs/reference/au-pay-rules.md): Rex, a
// casual on $1,000 a week born 1990, made genuinely redundant, paid on 10
// June 2026 a $300,000 redundancy payment above the tax-free limit (code
// R): 260,000 at 32% = 83,200 and 40,000 at 47% = 18,800: 102,000 more
// than his ordinary week's withholding.
func TestAuditAUExcludedETPPastTheCap(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		rex := e.employee(t, "Rex", map[string]any{"employmentType": "Casual"})
		P := e.run(t, "2026-05-31", "2026-06-03")
		week := cents(t, e.totals(t, P, rex)["paygWithheld"])
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		P = e.run(t, "2026-06-07", "2026-06-10")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rex, "terminationReason": "Redundancy", "terminationDate": "2026-06-07T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, rex, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 300000}).Expect(t, 200)
		if got := cents(t, e.totals(t, P, rex)["paygWithheld"]) - week; got != 10200000 {
			t.Errorf("PAYG on the ETP = %d cents, want 10200000 (83,200 + 18,800)", got)
		}
	})
}

// AU joiner part-way through a week: Joy, $52,000 a year ($1,000 a
// week), starts Thursday 19 November 2026 in the week of 16-22 November
// (calendar days, docs/reference/part-period-pay.md): 1,000 × 4 ÷ 7 =
// 571.4285… → 571.43. PAYG on the pay actually paid (Schedule 1, scale 2,
// x = 571 + 0.99): 0.25 × 571.99 − 108.2135 = 34.78 → 35. SG 12% ×
// 571.43 = 68.5716 → 68.57 (the whole part-period pay is OTE).
func TestAuditAUJoinerPartPeriodTaxAndSuper(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		joy := e.employee(t, "Joy", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2026-11-19T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "joiner", e.totals(t, P, joy), map[string]int64{"grossEarnings": 57143, "paygWithheld": 3500, "superContribution": 6857,
			"netEarnings": 57143 - 3500})
	})
}

// UK joiner part-way through a month: Jo, £3,000 a month on 1257L
// (cumulative, no previous pay), starts Tuesday 20 October 2026: 12 of
// October's 31 days, 3,000 × 12 ÷ 31 = 1,161.29. PAYE, cumulative month
// 7: free pay to date 7 × 1,048.25 (1257L: (12,570 + 9) ÷ 12) = 7,337.75
// exceeds the pay to date: nil. Class 1 NI, category A, monthly (the
// period's thresholds, not pro-rated: NI has no part-period rule for an
// employee who is not a director): employee 8% × (1,161.29 − PT 1,048)
// = 9.0632 → 9.06; employer 15% × (1,161.29 − ST 417) = 111.6435 →
// 111.64.
func TestAuditUKJoinerPartPeriodPAYEAndNI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		jo := e.employee(t, "Jo", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2026-10-20T00:00:00"})
		P := e.run(t, "2026-10-31", 0, 0)
		tot := e.totals(t, P, jo)
		expectAmount(t, "gross", tot["grossEarnings"], 1161.29)
		expectAmount(t, "PAYE", tot["payeWithheld"], 0)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 9.06)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 111.64)
	})
}

// NZ joiner part-way through a week: Ben, $1,400 a week on M, starts
// Wednesday 30 September 2026 (week of 28 September-4 October): 5 of 7
// days, 1,000.00. PAYE (IR340, the period's pay annualised: 1,000 × 52 =
// 52,000: 10.5% × 15,600 + 17.5% × 36,400 = 1,638 + 6,370 = 8,008 ÷ 52)
// = 154.00; ACC earners' levy 1.75% × 1,000 = 17.50.
func TestAuditNZJoinerPartPeriodPAYE(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		ben := e.employee(t, "Ben", "Weekly", map[string]any{"rate": 1400, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2026-09-30T00:00:00"})
		P := e.run(t, "2026-10-04", 0, 0)
		tot := e.totals(t, P, ben)
		expectAmount(t, "gross", tot["grossEarnings"], 1000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 154)
		expectAmount(t, "ACC levy", tot["accLevyAmount"], 17.50)
	})
}

// AU leave loading on annual leave taken (outside termination): Lea,
// $1,000 a week for 40 hours ($25 an hour), annual leave with a 17.5%
// loading, takes Monday and Tuesday 16-17 November 2026 (16 hours): the
// week pays 600.00 ordinary, 400.00 annual leave and the loading 17.5% ×
// 400 = 70.00: gross 1,070.00. The loading is ordinary pay for PAYG
// (Schedule 1, not Schedule 7, which is for termination): W(1070) =
// 0.3227 × 1070.99 − 185.1935 = 160.41 → 160; and it is OTE (SGR
// 2009/2: annual leave loading is OTE unless it is referable to lost
// overtime): SG 12% × 1,070 = 128.40. Her balance: 40 + 3.0769 (the
// first week's accrual, 40 × 4 ÷ 52) + 3.0769 − 16 = 30.1538 hours.
func TestAuditAULeaveLoadingOnLeaveTaken(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		lea := e.employee(t, "Lea", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lea): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, lea), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-17T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "week with leave", e.totals(t, P, lea), map[string]int64{"grossEarnings": 107000, "paygWithheld": 16000, "superContribution": 12840})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		var bal []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-11-22T00:00:00", e.B, lea), e.Key, nil).Expect(t, 200).JSON(t, &bal)
		for _, b := range bal {
			if int64(num(t, b["leaveCategoryId"])) == al && num(t, b["accruedAmount"]) != 30.1538 {
				t.Errorf("annual leave balance %v, want 30.1538", b["accruedAmount"])
			}
		}
	})
}

// AU payment summary amounts reported apart from gross payments: Wes,
// $1,500 a week, gives $25 a week to charity through workplace giving
// (the default category, deducted before tax) and pays $12.50 a week in
// union fees for two weeks; the second week also pays a $300 Lump Sum B
// and a $2,000 Lump Sum E. The year's summary: gross payments 2 × 1,500 =
// 3,000 (workplace giving does not reduce gross payments: ATO, "Workplace
// giving programs for employees": the program "does not affect the way
// your gross income ... is worked out"; lump sums B and E are shown
// apart), workplace giving 50, union fees 25, Lump Sum B 300, Lump Sum E
// 2,000 (whole dollars).
func TestAuditAUPaymentSummaryWorkplaceGivingAndLumpSums(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cat := func(name, class string) int64 {
			return int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": name, "rateUnit": "Fixed",
				"paymentSummaryClassification": class}).Expect(t, 200).Map(t)["id"]))
		}
		b, lse := cat("Pre-1978 Leave", "LumpSumB"), cat("Back Pay Earlier Years", "LumpSumE")
		wes := e.employee(t, "Wes", map[string]any{"rate": 1500})
		for i, w := range [][2]string{{"2026-11-15", "2026-11-18"}, {"2026-11-22", "2026-11-25"}} {
			P := e.run(t, w[0], w[1])
			e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": map[string]any{fmt.Sprint(wes): []any{
				map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Workplace Giving"]), "amount": 25},
				map[string]any{"deductionCategoryId": fmt.Sprint(e.ded["Union Fees"]), "amount": 12.5}}}}).Expect(t, 200)
			if i == 1 {
				e.earnings(t, P, wes, map[string]any{"payCategoryId": fmt.Sprint(b), "earnings": 300},
					map[string]any{"payCategoryId": fmt.Sprint(lse), "earnings": 2000}).Expect(t, 200)
			}
			e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, wes), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"grossPayments": 3000, "workplaceGiving": 50, "lumpSumB": 300, "lumpSumE": 2000} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
		if u := sum["unionFeeDeductions"].(map[string]any); len(u) != 1 || num(t, u["Union Fees"]) != 25 {
			t.Errorf("payment summary union fees %v", u)
		}
		var list []map[string]any
		e.Do("GET", e.B+"/paymentsummary/2027", e.Key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || num(t, list[0]["workplaceGiving"]) != 50 || num(t, list[0]["grossPayments"]) != 3000 {
			t.Errorf("stored payment summaries %v", list)
		}
	})
}

// Holidays Act 2003 s 8(1): ordinary weekly pay includes the payments
// that are a regular part of the employee's pay (allowances, regular
// overtime, productivity or incentive payments) and excludes one-off
// payments. Tai, $62,400 a year paid monthly (5,200.00), is also paid
// every month a $100 tool allowance and $300 of regular overtime
// (recurring earnings from 1 September 2026), employed since 1 October
// 2024, entitled on 1 October 2026 to four weeks (160 hours) and leaving
// on 30 November 2026 without taking them:
//   - ordinary weekly pay (5,200 + 100 + 300) × 12 ÷ 52 = 1,292.3077 →
//     1,292.31 (average weekly earnings, 11,200 ÷ 52 = 215.38, is less);
//   - s 24: 4 × 1,292.31 = 5,169.24;
//   - s 40: Christmas Day and Boxing Day (Mondayised) fall in the four
//     weeks from 1 December, at relevant daily pay (s 9(2): with the
//     regular overtime and allowance) 1,292.31 ÷ 5 = 258.462 → 258.46:
//     516.92;
//   - s 25: 8% × (October 5,600 + November 5,600 + 5,169.24 + 516.92) =
//     8% × 16,886.16 = 1,350.8928 → 1,350.89.
func TestAuditNZOrdinaryWeeklyPayWithRegularPayments(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		tools := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Tool Allowance", "rateUnit": "Fixed",
			"payCategoryType": "Allowance"}).Expect(t, 200).Map(t)["id"]))
		overtime := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Regular Overtime", "rateUnit": "Fixed",
			"payCategoryType": "Overtime"}).Expect(t, 200).Map(t)["id"]))
		tai, oct, P := e.nzEntitledLeaver(t, nil, map[int64]float64{annual: 160}, func(tai int64) {
			for _, c := range []map[string]any{{"payCategoryId": tools, "amount": 100}, {"payCategoryId": overtime, "amount": 300}} {
				c["startDate"] = "2026-09-01T00:00:00"
				e.Do("POST", fmt.Sprintf("%s/employee/%d/additional-earnings", e.B, tai), e.Key, c).Expect(t, 200)
			}
		})
		expectAmount(t, "October gross", e.totals(t, oct, tai)["grossEarnings"], 5600)
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want the entitlement, the public holidays and the 8%%", paid)
		}
		expectAmount(t, "its weekly rate (ordinary weekly pay)", paid[0]["rate"], 1292.31)
		expectAmount(t, "untaken entitlement (s 24)", paid[0]["earnings"], 5169.24)
		expectAmount(t, "public holidays (s 40)", paid[1]["earnings"], 516.92)
		expectAmount(t, "8% since the anniversary (s 25)", paid[2]["earnings"], 1350.89)
	})
}

// AU Lump Sum E: a back payment of salary or wages that accrued more than
// 12 months before it is paid (ATO, Schedule 5 – Tax table for back
// payments, commissions, bonuses and similar payments, "Working out the
// withholding amount", Method A; docs/reference/au-lump-sum-e.md). Lou,
// $1,000 a week, is paid on 25 November 2026 $5,200 of an allowance
// overlooked in 2024-25:
//  1. earnings without the additional payment: 1,000;
//  2. W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138;
//  3. 5,200 ÷ 52 (the year's pay periods: Lump Sum E is not a commission
//     or bonus for a defined period under 12 months) = 100;
//  4. 1,100; 5. W(1100) = 0.3227 × 1100.99 − 185.1935 = 170.10 → 170;
//  6. 170 − 138 = 32; 7. 32 × 52 = 1,664; 8. 47% × 5,200 = 2,444;
//  9. the lesser, 1,664: PAYG 138 + 1,664 = 1,802.
//
// Taxed as one week's pay it would be W(6200) = 0.47 × 6200.99 −
// 655.7704 = 2,258.69 → 2,259. A line that asks for 4 pay periods, or
// for no Schedule 5 method, is still spread over the year: 1,802 each.
func TestAuditAULumpSumEWithholding(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lse := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Back Pay Earlier Years", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LumpSumE"}).Expect(t, 200).Map(t)["id"]))
		lou, four, single := e.employee(t, "Lou", nil), e.employee(t, "Four", nil), e.employee(t, "Single", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, lou, map[string]any{"payCategoryId": fmt.Sprint(lse), "earnings": 5200}).Expect(t, 200)
		e.earnings(t, P, four, map[string]any{"payCategoryId": fmt.Sprint(lse), "earnings": 5200, "lumpSumNumberOfPayPeriods": 4}).Expect(t, 200)
		e.earnings(t, P, single, map[string]any{"payCategoryId": fmt.Sprint(lse), "earnings": 5200, "lumpSumCalculationMethod": "NotApplicable"}).Expect(t, 200)
		for _, emp := range []int64{lou, four, single} {
			want(t, "Lump Sum E", e.totals(t, P, emp), map[string]int64{"grossEarnings": 620000, "paygWithheld": 180200})
		}
	})
}

// UK overtime, a bonus and back pay through cumulative PAYE and Class 1
// NI (2026-27, payroll-rules-2026-27.md 2.1 and 2.4; HMRC's PAYE and NI
// treat overtime, bonuses and arrears of pay as earnings of the period in
// which they are paid: CWG2, "What to include in pay"). Amy, £2,500 a
// month on 1257L (category A), monthly, employed since 2024:
//   - April 2026 (tax month 1): salary 2,500, 10 hours' overtime at
//     £22.50 (time and a half of £15) = 225 and an £800 bonus: gross
//     3,525. PAYE: free pay (12,570 + 9) ÷ 12 = 1,048.25; taxable
//     2,476.75 → 2,476 (whole pounds down), all in the basic band
//     (37,700 ÷ 12 = 3,141.67): 20% = 495.20. NI: employee 8% × (3,525 −
//     PT 1,048) = 198.16; employer 15% × (3,525 − ST 417) = 466.20.
//   - May (month 2): salary 2,500 and £200 of April's pay paid in
//     arrears: gross 2,700; pay to date 6,225 − free pay 2,096.50 =
//     4,128.50 → 4,128 × 20% = 825.60 − 495.20 = 330.40. NI (an
//     employee's earnings period is the month it is paid in): 8% × (2,700
//     − 1,048) = 132.16; employer 15% × (2,700 − 417) = 342.45.
func TestAuditUKOvertimeBonusAndBackPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		ot := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Overtime 1.5x", "rateUnit": "Hourly",
			"payCategoryType": "Overtime"}).Expect(t, 200).Map(t)["id"]))
		back := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Back Pay", "rateUnit": "Fixed",
			"payCategoryType": "BackPayment"}).Expect(t, 200).Map(t)["id"]))
		amy := e.employee(t, "Amy", "Monthly", map[string]any{"rate": 2500, "rateUnit": "Fixed", "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2024-01-01T00:00:00"})
		line := func(P string, l map[string]any) {
			e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(amy): []any{l}}}).Expect(t, 200)
		}
		P := e.run(t, "2026-04-30", amy, 800)
		line(P, map[string]any{"payCategoryId": fmt.Sprint(ot), "units": 10, "rate": 22.5})
		tot := e.totals(t, P, amy)
		expectAmount(t, "April gross", tot["grossEarnings"], 3525)
		expectAmount(t, "April PAYE", tot["payeWithheld"], 495.20)
		expectAmount(t, "April employee NI", tot["employeeNationalInsuranceContribution"], 198.16)
		expectAmount(t, "April employer NI", tot["employerNationalInsuranceContribution"], 466.20)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P = e.run(t, "2026-05-31", 0, 0)
		line(P, map[string]any{"payCategoryId": fmt.Sprint(back), "earnings": 200})
		tot = e.totals(t, P, amy)
		expectAmount(t, "May gross", tot["grossEarnings"], 2700)
		expectAmount(t, "May PAYE", tot["payeWithheld"], 330.40)
		expectAmount(t, "May employee NI", tot["employeeNationalInsuranceContribution"], 132.16)
		expectAmount(t, "May employer NI", tot["employerNationalInsuranceContribution"], 342.45)
	})
}

// NZ extra pay on a secondary tax code (Income Tax Act 2007 s RD
// 17(3)-(4), from 1 April 2010; IR, Payroll Calculations & Business Rules
// Specification 2025 V1.3 §5.12 steps 3.1-3.13 and 4): the regular pay
// keeps the code's flat rate (SH 30% before the ACC levy), the extra pay
// takes the band of the annualised amount + the code's low threshold
// amount + the extra pay (docs/reference/nz-extra-pay-acc.md). Sid, $800
// a week on SH since January 2025, paid a $2,000 bonus in the week ending
// 4 October 2026, no earlier pay recorded here (so the four weeks are
// taken as four of this week's, 3,200):
//   - annualised amount 3,200 × 13 = 41,600; + SH's low threshold amount
//     53,501 (the first dollar of SH's range $53,501-$78,100) + 2,000 =
//     97,101 → 33% (78,101-180,000): 660.00;
//   - the week's pay 30% × 800 = 240.00; PAYE 900.00 (was 840.00, 30% of
//     all 2,800);
//   - ACC 1.75% × 2,800 = 49.00 (41,600 + 53,501 + 2,000 within the
//     maximum liable earnings 156,641: the bonus levied in full).
func TestAuditNZSecondaryCodeExtraPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		sid := e.employee(t, "Sid", "Weekly", map[string]any{"rate": 800, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "SH",
			"startDate": "2025-01-06T00:00:00"})
		P := e.run(t, "2026-10-04", sid, 2000)
		tot := e.totals(t, P, sid)
		expectAmount(t, "gross", tot["grossEarnings"], 2800)
		expectAmount(t, "PAYE", tot["payeWithheld"], 900)
		expectAmount(t, "ACC levy", tot["accLevyAmount"], 49)
	})
}
