package payrunapi_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Audit scenarios of paydepth58 (issue 32: joiners part-way through a
// period, leave loading). Every figure is derived by hand from the
// sources named, not read from our output. Tax: Schedule 1, 2026-27
// scale 2 (tax-free threshold claimed) weekly coefficients
// (payroll-rules-2026-27.md §1.3); a fortnight's amount is the weekly
// amount on half the fortnight's earnings (cents ignored, + 0.99), × 2
// (payroll-rules.md 1.2). Super: SG 12% of ordinary time earnings
// (payroll-rules-2026-27.md §1.6; SGR 2009/2, au-pay-rules.md §4).

// A salaried joiner part-way through a fortnight who takes annual leave
// with its 17.5% loading in the same part fortnight. Ivy, $52,000 a year
// for 40 hours a week ($2,000 a fortnight, 80 hours: $25 an hour), starts
// on Wednesday 18 November 2026 on the fortnightly schedule; the
// fortnight is Monday 9 to Sunday 22 November, paid Wednesday 25. She
// takes 8 hours of the default "Annual Leave" (deducts from the primary
// pay category, leave loading 17.5%) on Friday 20 November.
//   - Part fortnight (part-period-pay.md, AU: calendar days): 18 to 22
//     November, 5 of the 14 days: 2,000 × 5 ÷ 14 = 714.2857 → 714.29.
//   - Leave: 8 h × 25 = 200.00, taken out of the salary (the default
//     category deducts, leave-deduction.md): salary line 514.29, leave
//     line 200.00.
//   - Loading: 17.5% × 200.00 = 35.00.
//   - Gross 514.29 + 200.00 + 35.00 = 749.29.
//   - PAYG: half of 749.29 = 374.645, whole dollars 374, x = 374.99;
//     band 362 to 538 (a 0.15, b 54.3462): 0.15 × 374.99 − 54.3462 =
//     56.2485 − 54.3462 = 1.9023 → 2 a week → 4 a fortnight.
//   - Super: leave loading is OTE unless it is demonstrably for lost
//     overtime (SGR 2009/2; au-pay-rules.md §4), and the default loading
//     is not; paid leave is OTE. OTE 749.29 × 12% = 89.9148 → 89.91.
//     Without the loading it would be 714.29 × 12% = 85.71.
func TestAuditAUSalariedJoinerPartFortnightLeaveWithLoading(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.leaveLoading(t, e.leave["Annual Leave"], 17.5)
		fortnightly := e.schedule(t, "Fortnightly")
		ivy := e.employee(t, "Ivy", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually", "startDate": "2026-11-18T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, ivy), e.Key, map[string]any{"leaveCategoryId": e.leave["Annual Leave"],
			"fromDate": "2026-11-20T00:00:00", "toDate": "2026-11-20T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		want(t, "Ivy", e.totals(t, P, ivy), map[string]int64{"grossEarnings": 74929, "paygWithheld": 400, "superContribution": 8991, "netEarnings": 74529})
		b := withBusiness(e)
		sum := 0.0
		for _, x := range earningsOf(t, b, P, ivy, "Ordinary Hours") {
			sum += x
		}
		if got := math.Round(sum*100) / 100; got != 514.29 {
			t.Errorf("Ivy's salary lines sum to %v, want 514.29 (714.29 for 5 of 14 days less 200.00 of annual leave)", got)
		}
		e.matchesPaySlip(t, P, ivy)
	})
}

// A leaver part-way through a fortnight with unused annual leave and its
// 17.5% loading paid out on a normal termination (resignation). Kai,
// $52,000 a year for 40 hours a week ($2,000 a fortnight, $25 an hour),
// employed since 1 July 2025, resigns on Wednesday 2 December 2026; the
// fortnight is Monday 23 November to Sunday 6 December, paid Wednesday 9.
// 40 hours of annual leave are entered on the final pay as his balance.
//   - Part fortnight (part-period-pay.md, AU: calendar days): 23 November
//     to 2 December, 10 of 14 days: 2,000 × 10 ÷ 14 = 1,428.5714 →
//     1,428.57; 80 × 10 ÷ 14 = 57.142857 hours paid.
//   - Accrual (NES 4 weeks a year of 38-40 hours: the default accrues
//     160 ÷ 2,080 = 0.0769231 h an hour paid; holiday-pay-on-termination.md,
//     hours-based accrual follows the hours paid for the days employed):
//     57.142857 × 0.0769231 = 4.3956 h; balance 44.3956 h.
//   - Payout (Fair Work Act 2009 s 90(2), at the base rate):
//     44.3956 × 25 = 1,109.89; loading 17.5% × 1,109.89 = 194.2308 →
//     194.23; together 1,304.12. Gross 1,428.57 + 1,304.12 = 2,732.69.
//   - PAYG: the part fortnight's pay by Schedule 1: 1,428.57, weekly
//     714.285 → 714, x = 714.99, band 673 to 721 (0.17, 54.3473):
//     121.5483 − 54.3473 = 67.20 → 67, × 2 = 134. The payout by Schedule
//     7 (normal termination, leave accrued after 17 August 1993: the
//     marginal rate method, au-pay-rules.md §2): the payment ÷ 26, cents
//     ignored, added to the normal gross earnings of a pay period, the
//     difference in withholding × 26. The ATO defines normal gross
//     earnings as "all payments, except those relating to termination
//     payments, received in the last full pay period of employment"
//     (ATO, "Withholding from unused leave payments on termination of
//     employment", Definitions; quoted by the Lightning Payroll marginal
//     rate calculator): a whole fortnight's 2,000.00, not the part
//     fortnight's 1,428.57. 1,304.12 ÷ 26 = 50.16 → 50. W on 2,000:
//     weekly 1,000, x = 1,000.99, band 865 to 1,282 (0.3227, 185.1935):
//     323.0195 − 185.1935 = 137.83 → 138, × 2 = 276; on 2,050: x =
//     1,025.99: 331.0870 − 185.1935 = 145.89 → 146, × 2 = 292. (292 −
//     276) × 26 = 416. PAYG 134 + 416 = 550. (On the part fortnight's
//     1,428.57 instead it would be (144 − 134) × 26 = 260, PAYG 394: a
//     reading the ATO's definition rules out; the engine already
//     uses the whole period, au-pay-rules.md "Normal gross earnings".)
//   - Super: unused leave paid on termination (with its loading) is not
//     OTE (SGR 2009/2; au-pay-rules.md §4): 12% × 1,428.57 = 171.43.
//   - STP Phase 2: gross 1,428.57, paid leave type U 1,304.12 (unused
//     leave on a normal termination is reported as paid leave U, not a
//     lump sum; au-stp-phase2.md); payment summary (NAT 0046, post-1993
//     leave on a normal termination in gross payments): gross payments
//     2,732 (cents dropped), no Lump Sum A, tax 550.
func TestAuditAUPartFortnightLeaverLeaveWithLoadingPaidOut(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		e.leaveLoading(t, e.leave["Annual Leave"], 17.5)
		fortnightly := e.schedule(t, "Fortnightly")
		kai := e.employee(t, "Kai", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually"})
		P := e.runOn(t, fortnightly, "2026-12-06", "2026-12-09")
		e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(kai): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": kai, "terminationReason": "VoluntaryCessation", "terminationDate": "2026-12-02T00:00:00"}).Expect(t, 200)
		want(t, "Kai", e.totals(t, P, kai), map[string]int64{"grossEarnings": 273269, "paygWithheld": 55000, "superContribution": 17143})
		e.matchesPaySlip(t, P, kai)
		doc := e.stpDoc(t, P) // finalises the run
		m := payroll.MustMoney
		if s := payee(t, doc, kai).IncomeStreams[0]; !s.Gross.Equal(m("1428.57")) || !typedAmount(s.PaidLeave, "U").Equal(m("1304.12")) || len(s.LumpSums) != 0 {
			t.Errorf("Kai's STP: gross %s, paid leave %+v, lump sums %+v; want 1,428.57, U 1,304.12, none", s.Gross, s.PaidLeave, s.LumpSums)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, kai), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "Kai's payment summary", sum, map[string]float64{"grossPayments": 2732, "lumpSumA": 0, "totalTaxWithheld": 550})
	})
}
