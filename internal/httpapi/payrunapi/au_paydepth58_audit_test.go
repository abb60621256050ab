package payrunapi_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
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
