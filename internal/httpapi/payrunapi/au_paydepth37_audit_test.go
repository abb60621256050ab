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
