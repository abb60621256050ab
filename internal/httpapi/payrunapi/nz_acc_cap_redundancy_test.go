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
//   - May: regular 12,000 levied; the bonus is levied up to what the
//     year's maximum leaves: 156,641 − liable earnings to date 12,000 (not
//     112,000: the redundancy is not liable) − 12,000 = 132,641, so all
//     50,000: 1.75% × 62,000 = 1,085.00. (Counting the redundancy would
//     leave 32,641: 1.75% × 44,641 = 781.22.)
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
		expectAmount(t, "May's levy", tot["accLevyAmount"], 1085)
		if x := e.explainTerms(t, may, ana, "acc"); x["liable earnings to date"] != 12000 {
			t.Errorf("explanation of the levy: %v", x)
		}
	})
}
