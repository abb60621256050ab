package payrunapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// NZ ACC earners' levy near the year's maximum after a redundancy payment
// (payroll-rules-2026-27.md §3.2: 1.75% of liable earnings, maximum liable
// earnings $156,641 for 2026-27; IRD, "Taxing employee redundancy": "the
// ACC earners' levy does not apply to redundancy payments", so they are
// not liable earnings and do not use up the maximum either). Ana, $12,000
// a month on M, is paid $100,000 of redundancy compensation with April's
// pay, and in May her pay and a $50,000 bonus (an extra pay):
//   - April: liable 12,000 (under the month's maximum 156,641 ÷ 12 =
//     13,053.42): 1.75% × 12,000 = 210.00; the redundancy is not levied;
//   - May: regular 12,000 levied; the bonus by IR's Payroll Calculations
//     & Business Rules Specification 2025 V1.3 §5.11 step 4: the
//     annualised income (May's pay, the one pay of the four weeks to the
//     pay day, × 12 = 144,000; the redundancy plays no part) is within
//     the maximum but the grossed-up amount (144,000 + 50,000 = 194,000)
//     is not, so the bonus is levied on 156,641 − 144,000 = 12,641: 1.75%
//     × 12,000 = 210.00 + 1.75% × 12,641 = 221.2175, which §5.11 steps
//     5.1-5.2 add unrounded to the tax on the bonus (50,000 × 33% =
//     16,500) and truncate: 221.21, so 431.21 (431.22 rounded half up,
//     before the lead's change of 2026-12-01). (Before, paydepth39, the
//     levy stopped at what the year's maximum left after the liable
//     earnings to date, 156,641 − 12,000 − 12,000, so all 50,000:
//     1,085.00.)
func TestAuditNZACCMaximumLeavesOutRedundancyToDate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		red := e.redundancyCategory(t)
		ana := e.employee(t, "Ana", "Monthly", map[string]any{"rate": 12000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M"})
		apr := e.run(t, "2026-04-30", 0, 0)
		e.pay(t, apr, ana, red, 100000)
		expectAmount(t, "April's levy", e.totals(t, apr, ana)["accLevyAmount"], 210)
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		may := e.run(t, "2026-05-31", ana, 50000)
		tot := e.totals(t, may, ana)
		expectAmount(t, "May's gross", tot["grossEarnings"], 62000)
		expectAmount(t, "May's levy", tot["accLevyAmount"], 431.21)
		if x := e.explainTerms(t, may, ana, "acc"); x["annualised income (extra pays)"] != 144000 {
			t.Errorf("explanation of the levy: %v", x)
		}
	})
}
