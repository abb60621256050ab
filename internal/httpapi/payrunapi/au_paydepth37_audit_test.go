package payrunapi_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth37: an AU audit round in 2026-27 through the paths a KeyPay
// client uses, the figures read back from what a bureau reads (totals,
// STP pay event, payment summary, leave balances). W(x) is the Schedule 1
// scale 2 weekly amount (payroll-rules-2026-27.md 1.3): a × (x + 0.99) − b
// on whole dollars x, rounded to the dollar (x < 1,282: a 0.3227, b
// 185.1935; x < 2,596: a 0.32, b 181.7319). Leave accrues at 0.076923
// hours an hour (the default annual leave rate), kept to four places.

// Pay after death in the year-end figures. ATO, "PAYG withholding for
// deceased employees" (ato.gov.au/businesses-and-organisations/hiring-
// and-paying-your-workers/payg-withholding/payg-withholding-for-
// deceased-employees; the same payer guide on ato.gov.au/business/payg-
// withholding/when-a-worker-leaves): step 1 "Prepare a payment summary for
// payments made to the employee in the current financial year, showing
// gross payments and amounts withheld before the date of death"; step 4:
// payments made after the death "must not be shown on the deceased
// employee's payment summary"; a death benefit ETP is withheld on by
// Schedule 11 and has its own ETP payment summary (NAT 70868). STP
// reports what the payment summary did (secondary: ATO Community, ATO
// staff, 11 March 2022; Access WageEasy help "Termination transaction due
// to death": those amounts "must not be shown on the deceased employee's
// STP update").
//
// Dee, $1,000 a week (40 hours, $25 an hour), paid the week ending 15
// November 2026 on the 18th, dies on Thursday 19 November; the week
// ending 22 November is paid on the 25th with a $10,000 death benefit ETP
// to a non-dependant (code N):
//   - first week: W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138;
//     accrual 40 × 0.076923 = 3.0769 h;
//   - after death: salary 1,000 × 4 ÷ 7 = 571.43; accrual 40 × 4 ÷ 7 ×
//     0.076923 = 1.7582 h; unused leave (3.0769 + 1.7582) × 25 =
//     120.8775 → 120.88; nothing withheld from either (au.payg.afterdeath);
//     the ETP N: 32% × 10,000 = 3,200 (Schedule 11, under the cap);
//   - STP year to date: gross 1,000.00 (the first week only), no unused
//     leave, income stream PAYGW 138; the ETP N 10,000 with 3,200;
//   - payment summary 2027: gross payments 1,000, total tax withheld 138;
//     the ETP summary N 10,000, 3,200.
//
// Before: STP gross 1,571.43 and paid leave U 120.88; payment summary
// gross payments 1,692 (1,000 + 571.43 + 120.88, cents dropped).
func TestAuditAUPaidAfterDeathLeftOffTheYearEndFigures(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		n := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Death Benefit (Non-dependant)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "EtpDeathBenefitCodeN", "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
		dee := e.employee(t, "Dee", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		want(t, "first week", e.totals(t, P1, dee), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.form(t, P+"/terminate", url.Values{"employeeId": {fmt.Sprint(dee)}, "terminationReason": {"Deceased"},
			"terminationDate": {"2026-11-19T00:00:00"}}).Expect(t, 200)
		e.earnings(t, P, dee, map[string]any{"payCategoryId": fmt.Sprint(n), "earnings": 10000}).Expect(t, 200)
		want(t, "paid after death", e.totals(t, P, dee), map[string]int64{"grossEarnings": 57143 + 12088 + 1000000, "paygWithheld": 320000})
		pe := payee(t, e.stpDoc(t, P), dee)
		s := pe.IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !s.TaxWithheld.Equal(payroll.MustMoney("138")) || len(s.PaidLeave) != 0 {
			t.Errorf("STP gross %s, PAYGW %s, paid leave %v; want 1,000.00, 138, none", s.Gross, s.TaxWithheld, s.PaidLeave)
		}
		if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "N" || !s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("10000")) ||
			!s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("3200")) {
			t.Errorf("STP ETPs %+v; want N 10,000 with 3,200", s.EmploymentTermination)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, dee), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 1000, "totalTaxWithheld": 138})
		e.etpSummary(t, 2027, dee, "N", 10000, 3200)
	})
}

// Allowances and OTE. ATO "Withholding for allowances" (ato.gov.au/
// businesses-and-organisations/hiring-and-paying-your-workers/payg-
// withholding/payments-you-need-to-withhold-from/payments-to-employees/
// allowances-and-reimbursements/withholding-for-allowances), table 1a:
// allowances for working conditions, qualifications or special duties
// are "Part of OTE? Yes"; deductible expense allowances are "No"; SGR
// 2009/2: an expense allowance expected to be fully expended is not
// salary or wages for ordinary hours. The ATO's STP Phase 2 definitions
// call cents per km (CD), award transport (AD), laundry (LD), overtime
// meals (MD) and travel (RD) deductible expense allowances.
//
// Cas, $1,000 a week, is paid in the week ending 22 November 2026 a car
// allowance of $85 (cents per km, CD), a laundry allowance of $10 (LD), a
// qualification allowance of $25 (QN) and a tool allowance of $20 (TD;
// kept OTE: whether it is spent depends on the award, au-pay-rules.md
// §4), each category without a super rate of its own:
//   - OTE 1,000 + 25 + 20 = 1,045.00; SG 12% × 1,045 = 125.40;
//   - STP OTE 1,045.00, allowances CD 85, LD 10, QN 25, TD 20.
//
// PAYG is not asserted: the ATO's no-withholding rule for a cents per km
// allowance within the ATO rate and 5,000 km is not modelled (report).
// Before: SG 12% × 1,140 = 136.80, STP OTE 1,140.00.
func TestAuditAUExpenseAllowancesAreNotOTE(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cat := func(name, class string) int64 {
			return int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": name, "rateUnit": "Fixed",
				"paymentSummaryClassification": class, "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
		}
		car, laundry := cat("Car Allowance (per km)", "AllowanceCar"), cat("Laundry Allowance", "AllowanceLaundry")
		qual, tool := cat("First Aid Certificate Allowance", "AllowanceQualificationsCertificates"), cat("Tool Allowance", "AllowanceTool")
		cas := e.employee(t, "Cas", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, cas, map[string]any{"payCategoryId": fmt.Sprint(car), "earnings": 85}, map[string]any{"payCategoryId": fmt.Sprint(laundry), "earnings": 10},
			map[string]any{"payCategoryId": fmt.Sprint(qual), "earnings": 25}, map[string]any{"payCategoryId": fmt.Sprint(tool), "earnings": 20}).Expect(t, 200)
		want(t, "week", e.totals(t, P, cas), map[string]int64{"grossEarnings": 114000, "superContribution": 12540})
		pe := payee(t, e.stpDoc(t, P), cas)
		if !pe.SuperEntitlement.OrdinaryTimeEarnings.Equal(payroll.MustMoney("1045")) {
			t.Errorf("STP OTE %s, want 1,045.00", pe.SuperEntitlement.OrdinaryTimeEarnings)
		}
		got := map[string]string{}
		for _, a := range pe.IncomeStreams[0].Allowances {
			got[a.Type] = a.Amount.String()
		}
		if len(got) != 4 || got["CD"] != "85" || got["LD"] != "10" || got["QN"] != "25" || got["TD"] != "20" {
			t.Errorf("STP allowances %v, want CD 85, LD 10, QN 25, TD 20", got)
		}
	})
}

// Annual leave cashed out while employed (Fair Work Act 2009 s 93: an
// award or agreement may allow paid annual leave to be cashed out; s 93(3)
// and s 94: a separate written agreement each time, the employee paid at
// least the full amount they would have been paid had they taken the
// leave, and at least 4 weeks' balance remaining). The cashed-out hours
// are leave the employee no longer has: the balance falls by them. STP
// Phase 2 reports the amount as paid leave type C; withholding is Schedule
// 1 on the period's earnings with it (au-pay-rules.md §4d).
//
// Ada, $1,000 a week (40 hours, $25 an hour), has 200 hours of annual
// leave entered in the week ending 15 November 2026 (+ that week's accrual
// 40 × 0.076923 = 3.0769 h). In the week ending 22 November she cashes out
// 38 hours (38 × $25 = 950.00, at her base rate)
// through "Annual Leave Cash Out", a category deriving from "Annual Leave
// Taken" (the Annual Leave category's pay category), classified
// LeaveCashOutOfLeaveInService, not accruing leave:
//   - gross 1,000 + 950 = 1,950; W(1950) = 0.32 × 1950.99 − 181.7319 =
//     442.58 → 443;
//   - balance 200 + 3.0769 + 3.0769 − 38 = 168.1538 h (over 4 weeks, 160
//     h, remain);
//   - STP paid leave C 950.00.
//
// Before: the balance stayed at 206.1538 h.
func TestAuditAUAnnualLeaveCashedOutLowersTheBalance(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		co := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Annual Leave Cash Out", "rateUnit": "Hourly",
			"parentId": e.pay["Annual Leave Taken"], "paymentSummaryClassification": "LeaveCashOutOfLeaveInService", "accruesLeave": false}).Expect(t, 200).Map(t)["id"]))
		ada := e.employee(t, "Ada", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ada): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 200}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, ada, map[string]any{"payCategoryId": fmt.Sprint(co), "units": 38, "rate": 25}).Expect(t, 200)
		want(t, "cash-out week", e.totals(t, P, ada), map[string]int64{"grossEarnings": 195000, "paygWithheld": 44300})
		s := payee(t, e.stpDoc(t, P), ada).IncomeStreams[0]
		if got := typedAmount(s.PaidLeave, "C"); !got.Equal(payroll.MustMoney("950")) {
			t.Errorf("STP paid leave C %s, want 950.00", got)
		}
		if b := e.annualBalance(t, ada, "2026-11-22"); b != 168.1538 {
			t.Errorf("annual leave balance %v h, want 168.1538", b)
		}
	})
}

// A bonus and a commission paid together with a week's salary, both for
// the year (ATO Schedule 5, NAT 3348, Method A, au-pay-rules.md §1: the
// additional payments ÷ 52, cents ignored, added to normal earnings; the
// difference in withholding × 52, at most 47% of the payments). Payday
// Super from 1 July 2026 (payroll-rules-2026-27.md 1.6): qualifying
// earnings are OTE + all commissions, so both are in the SG base (a bonus
// for ordinary hours is OTE, SGR 2009/2). Bo, $1,000 a week, is paid a
// $2,600 bonus and a $780 commission in the week ending 22 November 2026:
//   - W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138;
//   - (2,600 + 780) ÷ 52 = 65.00; W(1065) = 0.3227 × 1065.99 − 185.1935
//     = 158.80 → 159; (159 − 138) × 52 = 1,092 (≤ 47% × 3,380 =
//     1,588.60); PAYG 138 + 1,092 = 1,230;
//   - SG 12% × 4,380 = 525.60; net 4,380 − 1,230 = 3,150.00;
//   - STP: gross 1,000, bonuses and commissions 3,380.
func TestAuditAUBonusAndCommissionTogetherScheduleFive(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		bo := e.employee(t, "Bo", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, bo, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 2600},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Commission"]), "earnings": 780}).Expect(t, 200)
		want(t, "Bo", e.totals(t, P, bo), map[string]int64{"grossEarnings": 438000, "paygWithheld": 123000, "superContribution": 52560, "netEarnings": 315000})
		s := payee(t, e.stpDoc(t, P), bo).IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !s.BonusesAndCommissions.Equal(payroll.MustMoney("3380")) {
			t.Errorf("STP gross %s, bonuses and commissions %s; want 1,000 and 3,380", s.Gross, s.BonusesAndCommissions)
		}
	})
}

// Annual leave with a 17.5% loading across two weekly periods: Lou,
// $1,000 a week for 40 hours (8 a day, $25 an hour, NSW), takes annual
// leave Wednesday 18 to Tuesday 24 November 2026 (5 working days, no
// public holiday). Each week pays the leave of its own days (FW Act
// s 90(1): base rate for the ordinary hours of the leave) and the loading
// on it (the category's 17.5%, au-pay-rules.md §5; OTE, SGR 2009/2):
//   - week ending 22 November: 24 h = 600.00 of the salary as leave +
//     loading 105.00: gross 1,105.00; W(1105) = 0.3227 × 1105.99 −
//     185.1935 = 171.71 → 172; SG 12% × 1,105 = 132.60;
//   - week ending 29 November: 16 h = 400.00 + loading 70.00: gross
//     1,070.00; W(1070) = 0.3227 × 1070.99 − 185.1935 = 160.42 → 160;
//     SG 128.40;
//   - STP year to date: gross 400 + 600 = 1,000.00; paid leave O (leave
//     and loading) 600 + 105 + 400 + 70 = 1,175.00; PAYGW 172 + 160 = 332.
func TestAuditAUAnnualLeaveLoadingAcrossTwoPeriods(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		lou := e.employee(t, "Lou", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, lou), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-11-18T00:00:00", "toDate": "2026-11-24T00:00:00", "automaticallyApprove": true}).Expect(t, 200)
		P1 := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "first week", e.totals(t, P1, lou), map[string]int64{"grossEarnings": 110500, "paygWithheld": 17200, "superContribution": 13260})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P2 := e.run(t, "2026-11-29", "2026-12-02")
		want(t, "second week", e.totals(t, P2, lou), map[string]int64{"grossEarnings": 107000, "paygWithheld": 16000, "superContribution": 12840})
		// STP year to date: the leave and its loading are paid leave O
		// (ATO STP Phase 2 guidelines: annual leave and leave loading are
		// "other paid leave", au-stp-phase2.md), the rest gross.
		s := payee(t, e.stpDoc(t, P2), lou).IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !typedAmount(s.PaidLeave, "O").Equal(payroll.MustMoney("1175")) ||
			!s.TaxWithheld.Equal(payroll.MustMoney("332")) {
			t.Errorf("STP gross %s, paid leave %+v, PAYGW %s; want 1,000 (400 + 600), O 1,175 (1,000 + 175), 332", s.Gross, s.PaidLeave, s.TaxWithheld)
		}
	})
}

// A leaver whose annual leave balance is negative (leave taken in
// advance). Fair Work Act 2009 s 324(1): an employer may deduct from an
// amount payable only if the deduction is authorised in writing by the
// employee and principally for their benefit, or authorised by an award,
// agreement, order or law; nothing on the employee record says so, so
// the final pay deducts nothing for the hours owed (the employer recovers
// them otherwise). Neg, $1,000 a week, newly paid this year with no
// balance, takes 40 hours of annual leave in advance 9-13 November 2026
// (an approved request; the week pays 1,000.00, W(1000) = 138; balance
// 3.0769 − 40), resigns on Sunday 22 November:
//   - balance at the end 3.0769 − 40 + 3.0769 = −33.8462 h: no unused leave
//     paid, nothing deducted;
//   - final pay gross 1,000.00, W(1000) = 138, SG 120.00, net 862.00.
func TestAuditAULeaverWithANegativeLeaveBalanceNothingDeducted(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		neg := e.employee(t, "Neg", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, neg), e.Key, map[string]any{"leaveCategoryId": e.leave["Annual Leave"],
			"fromDate": "2026-11-09T00:00:00", "toDate": "2026-11-13T00:00:00", "hours": 40, "automaticallyApprove": true}).Expect(t, 200)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		want(t, "leave week", e.totals(t, P1, neg), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		if b := e.annualBalance(t, neg, "2026-11-15"); b != -36.9231 {
			t.Errorf("balance after the first week %v h, want 3.0769 − 40 = −36.9231", b)
		}
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.form(t, P+"/terminate", url.Values{"employeeId": {fmt.Sprint(neg)}, "terminationReason": {"VoluntaryCessation"},
			"terminationDate": {"2026-11-22T00:00:00"}}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, neg), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000, "netEarnings": 86200})
	})
}

// A joiner starting in a public holiday week. Jo, $1,000 a week salaried
// (40 hours, NSW), starts on Tuesday 29 December 2026; the week ending
// Sunday 3 January 2027 (paid the 6th) holds the additional Boxing Day
// holiday, Monday 28 December (before she started: nothing is due for it),
// and New Year's Day, Friday 1 January (within her employment: her salary
// continues for it, FW Act s 116). A joiner is paid the calendar days
// employed (au-pay-rules.md §5):
//   - 1,000 × 6 ÷ 7 = 857.142857 → 857.14;
//   - W(857), scale 2 x < 865: 0.1790 × 857.99 − 60.8377 = 92.74 → 93;
//   - SG 12% × 857.14 = 102.8568 → 102.86; net 857.14 − 93 = 764.14.
func TestAuditAUJoinerInAPublicHolidayWeek(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		jo := e.employee(t, "Jo", map[string]any{"startDate": "2026-12-29T00:00:00"})
		P := e.run(t, "2027-01-03", "2027-01-06")
		want(t, "Jo", e.totals(t, P, jo), map[string]int64{"grossEarnings": 85714, "paygWithheld": 9300, "superContribution": 10286, "netEarnings": 76414})
	})
}

// A high earner passing the year's maximum contribution base part-way
// through a run, with a bonus in that run. Under Payday Super the base is
// per income year: $270,830 for 2026-27 (payroll-rules-2026-27.md 1.6:
// the concessional cap $32,500 × 100 ÷ 12, rounded down to $10). Hugh,
// $1,000 a week, is paid a $260,000 bonus in the week ending 15 November
// 2026 (his first pay of the year) and a $20,000 bonus in the week ending
// 22 November:
//   - week 1: OTE 261,000 (under the base): SG 12% × 261,000 = 31,320.00;
//   - week 2: OTE 21,000, base left 270,830 − 261,000 = 9,830: SG 12% ×
//     9,830 = 1,179.60;
//   - week 2 PAYG (Schedule 5 Method A): 20,000 ÷ 52 = 384.61 → 384;
//     W(1384) = 0.32 × 1384.99 − 181.7319 = 261.46 → 261; W(1000) = 138;
//     (261 − 138) × 52 = 6,396 (≤ 47% × 20,000); 138 + 6,396 = 6,534.
func TestAuditAUMaximumContributionBaseCrossedByASecondBonus(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		hugh := e.employee(t, "Hugh", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.earnings(t, P1, hugh, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 260000}).Expect(t, 200)
		want(t, "first bonus", e.totals(t, P1, hugh), map[string]int64{"grossEarnings": 26100000, "superContribution": 3132000})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, hugh, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 20000}).Expect(t, 200)
		want(t, "second bonus", e.totals(t, P, hugh), map[string]int64{"grossEarnings": 2100000, "paygWithheld": 653400, "superContribution": 117960})
	})
}

// A study and training support loan (STSL) employee's final pay with
// unused annual leave and an ETP. ATO Schedule 7 (marginal method on a
// normal termination, au-pay-rules.md §2) works out the withholding on the
// normal earnings with and without the leave share, each with its
// Schedule 8 STSL component (payroll-rules-2026-27.md 1.5, weekly, TFT:
// x < 2,494: 0.15 × (x + 0.99) − 200.5615); Schedule 11 has no STSL
// component. Sue, $1,500 a week (40 hours, $37.50 an hour, born 1990, STSL),
// 96 hours of annual leave entered in the week ending 15 November 2026,
// resigns on Sunday 22 November and is paid $5,000 in lieu of notice (ETP
// code O):
//   - balance 96 + 2 × 3.0769 = 102.1538 h × 37.50 = 3,830.7675 →
//     3,830.77;
//   - salary: W(1500) = 0.32 × 1500.99 − 181.7319 = 298.58 → 299; STSL
//     0.15 × 1500.99 − 200.5615 = 24.59 → 25;
//   - leave: 3,830.77 ÷ 52 = 73.66 → 73; W(1573) = 0.32 × 1573.99 −
//     181.7319 = 321.94 → 322: (322 − 299) × 52 = 1,196; STSL 0.15 ×
//     1573.99 − 200.5615 = 35.54 → 36: (36 − 25) × 52 = 572;
//   - ETP O under the preservation age, within the whole-of-income cap:
//     32% × 5,000 = 1,600, no STSL;
//   - PAYG 299 + 1,196 + 1,600 = 3,095; STSL 25 + 572 = 597.
func TestAuditAUStudyLoanFinalPayUnusedLeaveAndETP(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pilon := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Payment in Lieu of Notice", "rateUnit": "Fixed",
			"paymentSummaryClassification": "EtpLifeBenefitCodeO", "defaultSuperRate": 0}).Expect(t, 200).Map(t)["id"]))
		sue := e.employee(t, "Sue", map[string]any{"rate": 1500, "stslDebt": true})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(sue): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 96}}}}).Expect(t, 200)
		want(t, "week before", e.totals(t, P1, sue), map[string]int64{"paygWithheld": 29900, "helpWithheld": 2500})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.form(t, P+"/terminate", url.Values{"employeeId": {fmt.Sprint(sue)}, "terminationReason": {"VoluntaryCessation"},
			"terminationDate": {"2026-11-22T00:00:00"}}).Expect(t, 200)
		e.earnings(t, P, sue, map[string]any{"payCategoryId": fmt.Sprint(pilon), "earnings": 5000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, sue), map[string]int64{"grossEarnings": 150000 + 383077 + 500000, "paygWithheld": 309500, "helpWithheld": 59700})
	})
}
