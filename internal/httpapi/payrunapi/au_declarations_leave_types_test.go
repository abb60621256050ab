package payrunapi_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of what a withholding declaration and the kinds of paid leave
// do to an AU pay, in 2026-27, through the API in a business created with
// its default data. W(x) is the Schedule 1 scale 2 weekly amount
// (payroll-rules-2026-27.md 1.3): a × (x + 0.99) − b, rounded to the
// dollar; W3 the scale 3 (foreign resident) amount.

// The declarations that take an employee off scales 1 and 2, each paid a
// week in one run ending Sunday 22 November 2026:
//   - Wes, a working holiday maker (Schedule 15, NAT 75331: 15% from the
//     first dollar to $45,000 of the income year, 30% to $135,000; the
//     rates are not the residents' and did not change for 2026-27), $1,000
//     a week: 15% × 1,000 = 150.00. SG 12% × 1,000 = 120.00. STP income
//     type WHM.
//   - Will, also a working holiday maker, his first pay of the year a week
//     of $1,000 and a $50,000 bonus: Schedule 15 on the year's earnings,
//     45,000 × 15% + 6,000 × 30% = 6,750 + 1,800 = 8,550.
//   - Fern, a foreign resident (scale 3), $1,500 a week and a $2,600
//     bonus: W3(1500) = 0.30 × 1500.99 − 0.30 = 450.00 → 450; Schedule 5
//     Method A: 2,600 ÷ 52 = 50, W3(1550) = 0.30 × 1550.99 − 0.30 = 465.00
//     → 465, (465 − 450) × 52 = 780: 1,230.
//   - Nat, no TFN quoted, a resident (scale 4, 47% of the whole dollars,
//     Schedules 5 and 7 do not apply), $1,000 and the same $2,600 bonus:
//     47% × 3,600 = 1,692. Noah, no TFN, a foreign resident: 45% × 1,000 =
//     450.
//   - Vic, an upward variation of withholding at 30% (the ATO's
//     withholding variation: the employer withholds at the rate the
//     variation gives, on the employee's declaration hasWithholdingVariation
//     with the rate taxVariation), $1,000 a week: 30% × 1,000 = 300.
func TestAuditAUDeclarationsWHMForeignNoTFNVariation(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		whm := map[string]any{"hasApprovedWorkingHolidayVisa": true, "workingHolidayVisaCountry": "Ireland", "workingHolidayVisaStartDate": "2025-06-01T00:00:00",
			"australianResident": false, "claimTaxFreeThreshold": false}
		wes := e.employee(t, "Wes", whm)
		will := e.employee(t, "Will", whm)
		fern := e.employee(t, "Fern", map[string]any{"australianResident": false, "claimTaxFreeThreshold": false, "rate": 1500})
		nat := e.employee(t, "Nat", map[string]any{"taxFileNumber": "000000000"})
		noah := e.employee(t, "Noah", map[string]any{"taxFileNumber": "000000000", "australianResident": false, "claimTaxFreeThreshold": false})
		vic := e.employee(t, "Vic", map[string]any{"hasWithholdingVariation": true, "taxVariation": 30})
		P := e.run(t, "2026-11-22", "2026-11-25")
		bonus := func(emp int64, amount float64) {
			e.earnings(t, P, emp, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": amount}).Expect(t, 200)
		}
		bonus(will, 50000)
		bonus(fern, 2600)
		bonus(nat, 2600)
		want(t, "Wes (WHM)", e.totals(t, P, wes), map[string]int64{"grossEarnings": 100000, "paygWithheld": 15000, "superContribution": 12000})
		want(t, "Will (WHM, bonus)", e.totals(t, P, will), map[string]int64{"grossEarnings": 5100000, "paygWithheld": 855000})
		want(t, "Fern (scale 3, bonus)", e.totals(t, P, fern), map[string]int64{"grossEarnings": 410000, "paygWithheld": 123000})
		want(t, "Nat (no TFN, bonus)", e.totals(t, P, nat), map[string]int64{"grossEarnings": 360000, "paygWithheld": 169200})
		want(t, "Noah (no TFN, foreign)", e.totals(t, P, noah), map[string]int64{"grossEarnings": 100000, "paygWithheld": 45000})
		want(t, "Vic (variation 30%)", e.totals(t, P, vic), map[string]int64{"grossEarnings": 100000, "paygWithheld": 30000})
	})
}

// Workers' compensation paid through payroll while the employee does not
// work (SGR 2009/2: workers' compensation payments, top-ups included, for
// a time the employee performs no work are not salary or wages, so not
// ordinary time earnings; STP Phase 2 paid leave type W). Wanda, $25 an
// hour for 40 hours, is away all the week of 16-20 November 2026 on unpaid
// leave (40 hours) and paid $800.00 of workers' compensation through a
// category the client creates with the STP classification
// LeaveWorkersCompensation: gross 800.00; W(800) = 0.179 × 800.99 −
// 60.8377 = 82.54 → 83; SG nil; STP paid leave W 800.00.
func TestAuditAUWorkersCompensationNoSuper(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		wc := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Workers Compensation", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LeaveWorkersCompensation"}).Expect(t, 200).Map(t)["id"]))
		wanda := e.employee(t, "Wanda", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, wanda), e.Key, map[string]any{"leaveCategoryId": e.leave["Unpaid Leave"],
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-20T00:00:00", "hours": 40, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, wanda, map[string]any{"payCategoryId": fmt.Sprint(wc), "earnings": 800}).Expect(t, 200)
		want(t, "workers' compensation week", e.totals(t, P, wanda), map[string]int64{"grossEarnings": 80000, "paygWithheld": 8300, "superContribution": 0})
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		if len(doc.Payees) != 1 || len(doc.Payees[0].IncomeStreams) != 1 {
			t.Fatalf("STP payees %+v", doc.Payees)
		}
		if got := typedAmount(doc.Payees[0].IncomeStreams[0].PaidLeave, "W"); !got.Equal(payroll.MustMoney("800")) {
			t.Errorf("STP paid leave W = %s, want 800.00", got)
		}
	})
}

// Annual leave taken in advance, then a resignation (Fair Work Act 2009
// s 324(1): an employer may deduct from what it pays only where the
// employee has authorised it in writing; nothing here authorises it, so
// the leave taken in advance is not recovered from the final pay, and an
// overdrawn balance has nothing to pay out). Ada, $1,000 a week for 40
// hours, has no annual leave when she takes 16 hours on 16-17 November
// 2026 (the week is still 1,000.00) and resigns on Sunday 22 November:
// the final week is 1,000.00 with no leave line, W(1000) = 0.3227 ×
// 1000.99 − 185.1935 = 137.83 → 138; SG 12% × 1,000 = 120.00.
func TestAuditAULeaveInAdvanceThenResignation(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ada := e.employee(t, "Ada", map[string]any{"startDate": "2026-11-02T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, ada), e.Key, map[string]any{"leaveCategoryId": e.leave["Annual Leave"],
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-17T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P1 := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "leave week", e.totals(t, P1, ada), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-29", "2026-12-02")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ada, "terminationReason": "Resignation", "terminationDate": "2026-11-29T00:00:00"}).Expect(t, 200)
		want(t, "final week", e.totals(t, P, ada), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000,
			"netEarnings": 100000 - 13800})
	})
}

// An expense reimbursed through the pay run is not income (it is not
// remuneration for work; ITAA 1997 s 6-5 and the ATO's "Reimbursements":
// not assessable, not withheld from, not reported in STP gross) and not
// ordinary time earnings. Rex, $1,000 a week, is repaid $80.00 of travel
// he paid for: gross 1,000.00; W(1000) = 138; SG 120.00; net 862.00, with
// 80.00 more paid to his bank account.
func TestAuditAUExpenseReimbursementNotPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cat := int64(num(t, e.Do("POST", e.B+"/employeeexpensecategory", e.Key, map[string]any{"name": "Travel"}).Expect(t, 200).Map(t)["id"]))
		rex := e.employee(t, "Rex", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/EmployeeExpenses", e.Key, map[string]any{"expenses": map[string]any{fmt.Sprint(rex): []any{
			map[string]any{"employeeExpenseCategoryId": fmt.Sprint(cat), "amount": 80}}}}).Expect(t, 200)
		want(t, "reimbursed week", e.totals(t, P, rex), map[string]int64{"grossEarnings": 100000, "taxableEarnings": 100000, "paygWithheld": 13800,
			"superContribution": 12000, "netEarnings": 86200})
		det := e.Do("GET", P+"/details", e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].([]any)[0].(map[string]any)
		want(t, "details", det, map[string]int64{"employeeExpensesTotal": 8000, "bankPaymentsTotal": 94200})
	})
}

// A joiner part-way through a fortnight, paid by the hour from
// timesheets, accrues leave on the hours worked (NES: 4 weeks of annual
// leave and 10 days of personal leave a year, for a full-time 38-hour
// week 152 and 76 hours per 1,976 hours of ordinary work, FW Act ss 87,
// 96). Jo, $30 an hour, starts Wednesday 18 November 2026 and works 8
// hours on 18-20 and 23-27 November (64 hours) in the fortnight ending
// Sunday 29 November: gross 1,920.00; fortnightly withholding on half,
// W(960) = 0.3227 × 960.99 − 185.1935 = 124.92 → 125, × 2 = 250; SG 12% ×
// 1,920 = 230.40; annual leave 64 × 152 ÷ 1,976 = 4.9231 hours, personal
// leave 64 × 76 ÷ 1,976 = 2.4615 hours.
func TestAuditAUHourlyJoinerAccruesLeaveOnHoursWorked(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fn := e.schedule(t, "Fortnightly")
		jo := e.employee(t, "Jo", map[string]any{"paySchedule": "Fortnightly", "rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38,
			"startDate": "2026-11-18T00:00:00"})
		b := withBusiness(e)
		for _, day := range []int{18, 19, 20, 23, 24, 25, 26, 27} {
			approvedTimesheet(t, b, e.B, jo, e.pay["Ordinary Hours"], fmt.Sprintf("2026-11-%02dT08:00:00", day), fmt.Sprintf("2026-11-%02dT16:00:00", day))
		}
		P := timesheetRun(t, b, e.B, fn, "2026-11-29", "2026-12-02")
		want(t, "first fortnight", e.totals(t, P, jo), map[string]int64{"grossEarnings": 192000, "paygWithheld": 25000, "superContribution": 23040})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		var bal []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-11-29T00:00:00", e.B, jo), e.Key, nil).Expect(t, 200).JSON(t, &bal)
		for name, hours := range map[string]float64{"Annual Leave": 64 * 152.0 / 1976, "Personal/Carer's Leave": 64 * 76.0 / 1976} {
			got := math.NaN()
			for _, x := range bal {
				if int64(num(t, x["leaveCategoryId"])) == e.leave[name] {
					got = num(t, x["accruedAmount"])
				}
			}
			if math.Abs(got-hours) > 0.0005 {
				t.Errorf("%s balance %v hours, want %.4f", name, got, hours)
			}
		}
	})
}

// A public holiday not worked that would otherwise be a working day is
// paid at the base rate for the ordinary hours of that day (Fair Work Act
// 2009 s 116). Pat, $30 an hour for 8 hours a day Monday to Friday, in
// NSW, paid from timesheets, with
// automaticallyApplyPublicHolidayNotWorkedEarningsLines set, works 8
// hours on each of Monday 21 to Thursday 24 December 2026 and not on
// Christmas Day, Friday 25: 4 × 8 × 30 = 960.00 and Christmas Day 8 × 30
// = 240.00, gross 1,200.00; W(1200) = 0.3227 × 1200.99 − 185.1935 =
// 202.37 → 202; SG 12% × 1,200 = 144.00 (a public holiday's pay for
// ordinary hours is OTE).
func TestAuditAUPublicHolidayNotWorkedFromTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pat := e.employee(t, "Pat", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerDay": 8,
			"automaticallyApplyPublicHolidayNotWorkedEarningsLines": true})
		b := withBusiness(e)
		for day := 21; day <= 24; day++ {
			approvedTimesheet(t, b, e.B, pat, e.pay["Ordinary Hours"], fmt.Sprintf("2026-12-%02dT08:00:00", day), fmt.Sprintf("2026-12-%02dT16:00:00", day))
		}
		P := timesheetRun(t, b, e.B, e.weekly, "2026-12-27", "2026-12-30")
		want(t, "Christmas week", e.totals(t, P, pat), map[string]int64{"grossEarnings": 120000, "paygWithheld": 20200, "superContribution": 14400})
	})
}
