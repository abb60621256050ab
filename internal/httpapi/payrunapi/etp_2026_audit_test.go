package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// AU ETPs paid in 2026-27 through the API (Schedule 11 – Tax table for
// employment termination payments; ITAA 1997 ss 82-10 and 82-160;
// docs/reference/au-pay-rules.md §3). The week's own pay is W(1000) =
// 0.3227 × 1000.99 − 185.1935 = 137.83 → 138 (scale 2, 2026-27).
//   - Ola, born 1 March 1960 (preservation age 55, 66 on 30 June 2027),
//     genuinely redundant, is paid $50,000 above the tax-free limit (code
//     R, excluded: the ETP cap alone applies, and $50,000 is under any
//     2026-27 cap, which is at least 2025-26's $260,000): from the
//     preservation age 17% × 50,000 = 8,500; PAYG 8,638.
//   - Oscar, born 1990, dismissed, is paid $20,000 in lieu of notice (code
//     O, non-excluded: the smaller of the ETP cap and the whole-of-income
//     cap, $180,000 less the year's other taxable payments, 2,000 here):
//     under the preservation age 32% × 20,000 = 6,400; PAYG 6,538.
//   - Rae, born 1990, genuinely redundant, is paid $300,000 (code R): the
//     2026-27 ETP cap is $270,000 (ATO key super rates and thresholds,
//     ETPs, as quoted; au-reasonable-amounts.md): under the preservation
//     age 270,000 × 32% = 86,400 + 30,000 × 47% = 14,100: 100,500; PAYG
//     100,638. (Before paydepth45 the cap was not in the rules and her pay
//     was refused, the run not finalised.)
func TestAuditAUETPs2026(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		casual := func(dob string) map[string]any {
			return map[string]any{"employmentType": "Casual", "dateOfBirth": dob + "T00:00:00"}
		}
		ola, oscar, rae := e.employee(t, "Ola", casual("1960-03-01")), e.employee(t, "Oscar", casual("1990-02-03")), e.employee(t, "Rae", casual("1990-02-03"))
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		for emp, c := range map[int64]struct {
			reason, category string
			amount           float64
		}{ola: {"Redundancy", "Redundancy Payment (ETP)", 50000}, oscar: {"Dismissal", "Payment in Lieu of Notice (ETP)", 20000},
			rae: {"Redundancy", "Redundancy Payment (ETP)", 300000}} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": c.reason, "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
			e.earnings(t, P, emp, map[string]any{"payCategoryId": fmt.Sprint(e.pay[c.category]), "earnings": c.amount}).Expect(t, 200)
		}
		want(t, "Ola (code R from the preservation age)", e.totals(t, P, ola), map[string]int64{"grossEarnings": 5100000, "paygWithheld": 863800})
		want(t, "Oscar (code O under the whole-of-income cap)", e.totals(t, P, oscar), map[string]int64{"grossEarnings": 2100000, "paygWithheld": 653800})
		want(t, "Rae (code R past the 2026-27 ETP cap)", e.totals(t, P, rae), map[string]int64{"grossEarnings": 30100000, "paygWithheld": 10063800})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, rae), e.Key, nil).Expect(t, 200)
		e.etpSummary(t, 2027, rae, "R", 300000, 100500)
	})
}
