package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth29: terminations and ETPs, leave loading, leavers and joiners
// part-way through a period and payment summary amounts in AU, paid
// through the API the way a client does, in 2026-27. W(x) is the
// Schedule 1 scale 2 weekly amount (payroll-rules-2026-27.md 1.3): a × (x
// + 0.99) − b rounded to the dollar; a fortnightly amount is twice W on
// half the earnings (cents ignored). Accruals use the default annual
// leave category's configured rate, 0.076923 hours an hour (Fair Work
// Act s 87: 4 weeks a year, 1/13 of ordinary hours).

// Annual leave taken by a salaried part-timer with a 17.5% loading
// (SGR 2009/2 paras 29-30: leave loading is ordinary time earnings unless
// it is referable to lost overtime; a loading paid with the leave is part
// of the period's earnings for withholding):
//   - Pip, $37,440 a year for 24 hours a week ($30 an hour, $1,440 a
//     fortnight), takes 16 hours of annual leave on 17-18 November 2026 in
//     the fortnight 9-22 November: salary 1,440 − 16 × 30 = 960.00, leave
//     480.00, loading 17.5% × 480 = 84.00; gross 1,524.00.
//   - PAYG: 1,524 ÷ 2 = 762: W(762) = 0.1790 × 762.99 − 60.8377 = 75.74 →
//     76; × 2 = 152.
//   - SG 12% × 1,524 = 182.88 (the loading is OTE).
func TestAuditAUPartTimerLeaveTakenLoadingIsOTE(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		fortnightly := e.schedule(t, "Fortnightly")
		pip := e.employee(t, "Pip", map[string]any{"paySchedule": "Fortnightly", "rate": 37440, "rateUnit": "Annually", "hoursPerWeek": 24,
			"employmentType": "PartTime"})
		P1 := e.runOn(t, fortnightly, "2026-11-08", "2026-11-11")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(pip): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, pip), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-17T00:00:00", "toDate": "2026-11-18T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		want(t, "fortnight with leave", e.totals(t, P, pip), map[string]int64{"grossEarnings": 152400, "paygWithheld": 15200, "superContribution": 18288})
		e.matchesPaySlip(t, P, pip)
	})
}

// A casual joiner part-way through a fortnight with earnings in two pay
// categories (ordinary hours and overtime; SGR 2009/2: overtime is not
// OTE; casuals accrue no annual leave, Fair Work Act s 86):
//   - Cas, a casual at $32 an hour (the casual loading in the rate),
//     starts Thursday 19 November 2026 in the fortnight 9-22 November and
//     works 20 ordinary hours (640.00) and 6 hours at time and a half (6
//     × 48 = 288.00): gross 928.00.
//   - PAYG: 928 ÷ 2 = 464: W(464) = 0.15 × 464.99 − 54.3462 = 15.40 → 15;
//     × 2 = 30.
//   - SG 12% × 640 = 76.80.
func TestAuditAUCasualJoinerFortnightTwoCategories(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := e.schedule(t, "Fortnightly")
		cas := e.employee(t, "Cas", map[string]any{"paySchedule": "Fortnightly", "rate": 32, "rateUnit": "Hourly", "employmentType": "Casual",
			"startDate": "2026-11-19T00:00:00"})
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		// A casual's hours replace the standard hours (replaceExisting, as a
		// client submitting a casual's hours does).
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"replaceExisting": true, "earningsLines": map[string]any{fmt.Sprint(cas): []any{
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Ordinary Hours"]), "units": 20},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Overtime 1.5x"]), "units": 6}}}}).Expect(t, 200)
		want(t, "first fortnight", e.totals(t, P, cas), map[string]int64{"grossEarnings": 92800, "paygWithheld": 3000, "superContribution": 7680})
		var bal []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-11-22T00:00:00", e.B, cas), e.Key, nil).Expect(t, 200).JSON(t, &bal)
		for _, b := range bal {
			if b["leaveCategoryName"] == "Annual Leave" && num(t, b["accruedAmount"]) != 0 {
				t.Errorf("a casual accrued annual leave: %v", b)
			}
		}
	})
}

// A fortnightly employee dismissed (not a genuine redundancy) with a
// severance payment, unused annual leave and its loading, and a
// personal/carer's leave balance (ATO "Employment termination payments":
// a payment on dismissal that is not a genuine redundancy is a life
// benefit, non-excluded, code O; Schedule 11: 32% under the preservation
// age within the whole-of-income cap $180,000 less the year's other
// taxable payments; Schedule 7 marginal method for leave on a normal
// termination; Fair Work Act s 90(2) pays annual leave only, personal
// leave is not paid out):
//   - Dee, $67,600 a year ($2,600 a fortnight, 40 hours: $32.50 an hour),
//     born 1990, 20 hours of annual leave and 30 of personal leave entered
//     in the fortnight ending 8 November plus that fortnight's accrual
//     (80 × 0.076923 = 6.15384), dismissed on Sunday 22 November (the end
//     of the fortnight 9-22 November: another 6.15384).
//   - Leave 32.30768 × 32.50 = 1,050.00; loading 17.5% = 183.75; together
//     1,233.75.
//   - Schedule 7: 1,233.75 ÷ 26 = 47.45 → 47; 2,647 ÷ 2 = 1,323: W(1,323)
//     = 0.32 × 1,323.99 − 181.7319 = 241.94 → 242 × 2 = 484, less the
//     fortnight's W(1,300) = 0.32 × 1,300.99 − 181.7319 = 234.58 → 235 ×
//     2 = 470: 14 × 26 = 364.
//   - Severance 10,000 (code O): 32% = 3,200.
//   - PAYG 470 + 364 + 3,200 = 4,034; SG 12% × 2,600 = 312.00 (a
//     severance payment compensates for the loss of the job and is not
//     OTE, SGR 2009/2; it is paid through a code O category of the
//     business's own, EtpTypeOTaxable, since the default "Payment in Lieu
//     of Notice (ETP)" is superable from paydepth56: notice is OTE).
//   - Payment summary 2026-27: gross 2,600 × 2 + 1,233.75 = 6,433.75 →
//     6,433; ETP taxable 10,000 code O; tax 470 + 4,034 = 4,504.
func TestAuditAUFortnightlyDismissalSeveranceAndLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		fortnightly := e.schedule(t, "Fortnightly")
		dee := e.employee(t, "Dee", map[string]any{"paySchedule": "Fortnightly", "rate": 67600, "rateUnit": "Annually"})
		P1 := e.runOn(t, fortnightly, "2026-11-08", "2026-11-11")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(dee): []any{
			map[string]any{"leaveCategoryId": al, "amount": 20}, map[string]any{"leaveCategoryId": e.leave["Personal/Carer's Leave"], "amount": 30}}}}).Expect(t, 200)
		want(t, "first fortnight", e.totals(t, P1, dee), map[string]int64{"grossEarnings": 260000, "paygWithheld": 47000})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dee, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		severance := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Severance (ETP)", "rateUnit": "Fixed",
			"payCategoryType": "EtpTypeOTaxable"}).Expect(t, 200).Map(t)["id"]))
		e.earnings(t, P, dee, map[string]any{"payCategoryId": fmt.Sprint(severance), "earnings": 10000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, dee), map[string]int64{"grossEarnings": 260000 + 105000 + 18375 + 1000000, "paygWithheld": 403400, "superContribution": 31200})
		e.matchesPaySlip(t, P, dee)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, dee), e.Key, nil).Expect(t, 200).Map(t)
		// The ETP is on its own summary with its 3,200: 4,504 − 3,200.
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 6433, "taxableComponent": 0, "totalTaxWithheld": 1304, "lumpSumA": 0})
		e.etpSummary(t, 2027, dee, "O", 10000, 3200)
		var bal []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-11-30T00:00:00", e.B, dee), e.Key, nil).Expect(t, 200).JSON(t, &bal)
		for _, b := range bal {
			if b["leaveCategoryName"] == "Annual Leave" && num(t, b["accruedAmount"]) != 0 {
				t.Errorf("annual leave left after the final pay: %v", b)
			}
		}
	})
}

// A genuine redundancy paid with a tax-free amount the client works out
// (Lump Sum D, through the default "Genuine Redundancy Tax-Free Amount"
// category), the excess as an ETP (code R) and unused annual leave with
// its loading (Lump Sum A type R: ATO Schedule 7 and "Genuine redundancy
// and early retirement scheme payments"; STP Phase 2 employer reporting
// guidelines: Lump Sum D is reported, not taxed; ETP R 32% under the
// preservation age within the ETP cap, au-pay-rules.md §3):
//   - Ros, $1,000 a week (40 hours, $25 an hour), born 1990, employed
//     since 9 January 2023 (no long service leave payable: NSW, under 5
//     years), 38 hours of annual leave entered in the week ending 15
//     November 2026 plus 40 × 0.076923 = 3.07692 accrued in each of the
//     two weeks; made redundant on Sunday 22 November.
//   - Lump Sum A: 44.15384 × 25 = 1,103.85; loading 17.5% = 193.17;
//     1,297.02 × 32% = 415.05 → 415.
//   - Lump Sum D 10,000 (nothing withheld); ETP R 5,000 × 32% = 1,600.
//   - PAYG W(1,000) = 0.3227 × 1,000.99 − 185.1935 = 137.83 → 138 + 415 +
//     1,600 = 2,153; SG 12% × 1,000 = 120.
//   - STP: lump sum AR 1,297.02, lump sum D 10,000.00, ETP R taxable
//     5,000.00 withheld 1,600.00, cessation R.
func TestAuditAUGenuineRedundancyLumpSumDAndETPR(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.Do("POST", e.B+"/stpregister", e.Key, map[string]any{"abn": "51824753556", "name": "Acme AU Pty Ltd", "contactName": "Alice",
			"contactEmailAddress": "alice@example.com", "signatoryName": "Alice Smith"}).Expect(t, 200)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		ros := e.employee(t, "Ros", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2023-01-09T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ros): []any{
			map[string]any{"leaveCategoryId": al, "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ros, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, ros, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Genuine Redundancy Tax-Free Amount (Lump Sum D)"]), "earnings": 10000},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 5000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, ros), map[string]int64{"paygWithheld": 215300, "superContribution": 12000})
		e.matchesPaySlip(t, P, ros)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		if len(doc.Payees) != 1 || len(doc.Payees[0].IncomeStreams) != 1 {
			t.Fatalf("STP payees %+v", doc.Payees)
		}
		s := doc.Payees[0].IncomeStreams[0]
		if !typedAmount(s.LumpSums, "AR").Equal(payroll.MustMoney("1297.02")) || !typedAmount(s.LumpSums, "D").Equal(payroll.MustMoney("10000")) {
			t.Errorf("STP lump sums %+v, want AR 1,297.02 and D 10,000.00", s.LumpSums)
		}
		if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "R" ||
			!s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("5000")) || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("1600")) {
			t.Errorf("STP ETPs %+v, want R 5,000.00 withheld 1,600.00", s.EmploymentTermination)
		}
		if !s.Gross.Equal(payroll.MustMoney("2000")) {
			t.Errorf("STP gross %s, want 2,000.00 (two weeks' salary)", s.Gross)
		}
		if doc.Payees[0].CessationReason != "R" {
			t.Errorf("STP cessation %q", doc.Payees[0].CessationReason)
		}
	})
}

// A monthly salaried joiner on the 10th (calendar days,
// part-period-pay.md; Schedule 1 monthly: earnings × 3 ÷ 13, cents
// ignored, W, × 13 ÷ 3 rounded to the dollar):
//   - Meg, $78,000 a year ($6,500 a month), starts Tuesday 10 November
//     2026: 21 of November's 30 days, 6,500 × 21 ÷ 30 = 4,550.00.
//   - PAYG: 4,550 × 3 ÷ 13 = 1,050.00: W(1,050) = 0.3227 × 1,050.99 −
//     185.1935 = 153.96 → 154; × 13 ÷ 3 = 667.33 → 667.
//   - SG 12% × 4,550 = 546.00.
func TestAuditAUMonthlyJoinerOnTheTenth(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		monthly := e.schedule(t, "Monthly")
		meg := e.employee(t, "Meg", map[string]any{"paySchedule": "Monthly", "rate": 78000, "rateUnit": "Annually", "startDate": "2026-11-10T00:00:00"})
		P := e.runOn(t, monthly, "2026-11-30", "2026-11-30")
		want(t, "first month", e.totals(t, P, meg), map[string]int64{"grossEarnings": 455000, "paygWithheld": 66700, "superContribution": 54600})
	})
}

// Unused annual and long service leave of a 12-year employee paid on
// resignation (NSW Long Service Leave Act 1955 s 4(2)(a)(i): after 10
// years paid on any termination; leave accrued after 17 August 1993 on a
// normal termination: Schedule 7 marginal method on the leave together;
// payment summary: both in gross payments, no Lump Sum A):
//   - Lyn, $1,000 a week (40 hours, $25 an hour), employed since 1 July
//     2014, has 40 hours of annual leave and 200 of long service leave
//     entered in the week ending 15 November 2026; each of that week and
//     the next accrues 40 × 0.076923 = 3.07692 hours of annual leave and
//     40 × 0.016667 = 0.6667 (the ledger's four places, as
//     TestAuditAULongServiceLeaveOnResignation) of long service leave. She
//     resigns on Sunday 22 November.
//   - Annual leave 46.15384 × 25 = 1,153.85; long service leave 201.3334 ×
//     25 = 5,033.34 (5,033.335 half up); together 6,187.19.
//   - Schedule 7: 6,187.19 ÷ 52 = 118.98 → 118: W(1,118) = 0.3227 ×
//     1,118.99 − 185.1935 = 175.90 → 176, less W(1,000) = 138: 38 × 52 =
//     1,976. PAYG 138 + 1,976 = 2,114; SG 12% × 1,000 = 120.
//   - Payment summary 2026-27: gross 2,000 + 6,187.19 → 8,187; tax 138 +
//     2,114 = 2,252; Lump Sum A 0.
func TestAuditAUResignationAnnualAndLongServiceLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lyn := e.employee(t, "Lyn", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2014-07-01T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lyn): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 40}, map[string]any{"leaveCategoryId": e.leave["Long Service Leave"], "amount": 200}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lyn, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, lyn), map[string]int64{"grossEarnings": 100000 + 115385 + 503334, "paygWithheld": 211400, "superContribution": 12000})
		e.matchesPaySlip(t, P, lyn)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, lyn), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 8187, "totalTaxWithheld": 2252, "lumpSumA": 0})
	})
}

// A leaver whose last week was already paid, paid their unused annual
// leave in the next week's run (Schedule 7: normal gross earnings are
// those of the last full pay period of employment; the run pays no
// salary after the termination date):
//   - Lou, $1,000 a week (40 hours, $25 an hour), 38 hours of annual leave
//     entered in the week ending 15 November 2026 (that week accrues 40 ×
//     0.076923 = 3.07692), her last day; that week is finalised. The run
//     for the week ending 22 November pays the leave: 41.07692 × 25 =
//     1,026.92.
//   - Schedule 7: 1,026.92 ÷ 52 = 19.74 → 19: W(1,019) = 0.3227 × 1,019.99
//     − 185.1935 = 143.96 → 144, less W(1,000) = 138: 6 × 52 = 312.
//   - No salary, no SG (leave paid on termination is not OTE).
func TestAuditAULeaveOnTerminationPaidTheWeekAfter(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lou := e.employee(t, "Lou", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lou): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-22T00:00:00",
			"datePaid": "2026-11-25T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lou, "terminationReason": "Resignation", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		want(t, "leave paid the week after", e.totals(t, P, lou), map[string]int64{"grossEarnings": 102692, "paygWithheld": 31200, "superContribution": 0})
		e.matchesPaySlip(t, P, lou)
		// The explanation shows the whole week's normal earnings the leave
		// was added to.
		x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, lou), e.Key, nil).Expect(t, 200).Map(t)
		found := false
		for _, f := range x["figures"].([]any) {
			fig := f.(map[string]any)
			if fig["code"] != "payg.schedule7" {
				continue
			}
			for _, tm := range fig["terms"].([]any) {
				if m := tm.(map[string]any); m["name"] == "normal gross earnings of a pay period" {
					found = true
					expectAmount(t, "Schedule 7 normal gross earnings", m["value"], 1000)
				}
			}
		}
		if !found {
			t.Errorf("no Schedule 7 normal earnings in the explanation: %v", x["figures"])
		}
	})
}

// A salaried leaver with an annual leave balance and no standard hours
// (Fair Work Act 2009 s 90(2): the balance is paid at the base rate of pay
// for the employee's ordinary hours; with no hours a week the hourly rate
// of a salary cannot be known): the termination is refused (409, naming
// the standard hours), nothing stored, where before the final pay left the
// 41.07692 hours unpaid without a word.
func TestAuditAULeaverWithoutStandardHoursLeaveRefused(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		sal := e.employee(t, "Sal", map[string]any{"rate": 52000, "rateUnit": "Annually", "hoursPerWeek": 0})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(sal): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		r := e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": sal, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"})
		if r.Status != 409 || !strings.Contains(string(r.Body), "hours") {
			t.Fatalf("terminate without standard hours: %d %s, want 409 naming the standard hours", r.Status, r.Body)
		}
		emp := e.Do("GET", fmt.Sprintf("%s/employee/unstructured/%d", e.B, sal), e.Key, nil).Expect(t, 200).Map(t)
		if emp["endDate"] != nil || emp["status"] == "Terminated" {
			t.Errorf("the refused termination was stored: %v %v", emp["endDate"], emp["status"])
		}
	})
}

// Leave booked for days after the employee leaves is not leave taken:
// employment has ended, so the days are not paid as leave out of the
// salary for the days worked, and the whole balance is paid out (Fair
// Work Act 2009 s 90(2); Schedule 7 marginal method):
//   - Bea, $1,000 a week (40 hours, $25 an hour), has 38 hours of annual
//     leave entered in the week ending 15 November 2026 (that week accrues
//     40 × 0.076923 = 3.07692) and 16 hours booked for Thursday 19 and
//     Friday 20 November; she resigns on Wednesday 18 November.
//   - Salary for 3 of 7 days: 1,000 × 3 ÷ 7 = 428.57; accrual for them 40
//     × 3 ÷ 7 × 0.076923 = 1.31868 (calendar days, as
//     TestAuditAUFortnightlyLeaverThirdDayLeave).
//   - Paid out: 38 + 3.07692 + 1.31868 = 42.3956 hours × 25 = 1,059.89.
//   - PAYG: W(428) = 0.15 × 428.99 − 54.3462 = 10.00 → 10; Schedule 7:
//     1,059.89 ÷ 52 = 20.38 → 20, W(1,020) = 0.3227 × 1,020.99 − 185.1935
//     = 144.28 → 144, less W(1,000) = 138: 6 × 52 = 312; 322.
//   - SG 12% × 428.57 = 51.43.
func TestAuditAULeaveBookedAfterTheLastDay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		bea := e.employee(t, "Bea", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(bea): []any{
			map[string]any{"leaveCategoryId": al, "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, bea), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-19T00:00:00", "toDate": "2026-11-20T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": bea, "terminationReason": "Resignation", "terminationDate": "2026-11-18T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, bea), map[string]int64{"grossEarnings": 42857 + 105989, "paygWithheld": 32200, "superContribution": 5143})
		e.matchesPaySlip(t, P, bea)
	})
}
