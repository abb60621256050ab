package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// NZ child support deductions and the protected net earnings rate (Child
// Support Act 1991 s 165; IR335, IRD "Child support deductions";
// docs/reference/nz-child-support.md): the employer deducts the notice's
// amount per pay period straight after PAYE, but never more than 40% of
// the net earnings (pay less PAYE income tax, before the ACC earners'
// levy), and does not make up the shortfall later.
//
// Weekly pay in November 2026, tax code M (2026-27: 10.5% to 15,600,
// 17.5% to 53,500), each with a notice of $250 a week:
//   - Tama, $500 a week: annual 26,000: 1,638.00 + 17.5% × 10,400 =
//     1,820.00, 3,458.00 ÷ 52 = PAYE 66.50. Net earnings 500 − 66.50 =
//     433.50; 40% = 173.40 < 250 → 173.40 deducted (keeps 260.10 = 60%).
//   - Hemi, $1,000 a week: 1,638 + 17.5% × 36,400 = 6,370, 8,008 ÷ 52 =
//     PAYE 154.00; net earnings 846.00, 40% = 338.40 ≥ 250 → 250.00.
//
// Before: 250.00 from both (Tama left with 183.50 of 433.50, 42%).
func TestNZChildSupportProtectedNetEarnings(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		cs := int64(num(t, e.Do("POST", e.B+"/deductioncategory", e.Key, map[string]any{"name": "Child Support",
			"paymentSummaryClassification": "ChildSupportDeduction"}).Expect(t, 200).Map(t)["id"]))
		type person struct {
			name     string
			rate     float64
			paye, cs float64
			id       int64
		}
		people := []person{{name: "Tama", rate: 500, paye: 66.50, cs: 173.40}, {name: "Hemi", rate: 1000, paye: 154, cs: 250}}
		for i := range people {
			c := &people[i]
			c.id = e.employee(t, c.name, "Weekly", map[string]any{"rate": c.rate, "rateUnit": "Fixed", "hoursPerWeek": 40,
				"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-01-01T00:00:00"})
			e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, c.id), e.Key, map[string]any{"deductionCategoryId": cs,
				"amount": 250, "deductionType": "Fixed", "fromDate": "2026-04-01T00:00:00"}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-15", 0, 0)
		for _, c := range people {
			tot := e.totals(t, P, c.id)
			expectAmount(t, c.name+" PAYE", tot["payeWithheld"], c.paye)
			expectAmount(t, c.name+" payslip child support", e.shgOnSlip(t, P, c.id, "Child Support"), c.cs)
		}
		// Recalculating keeps the limit (the calculated line is rewritten).
		e.Do("POST", P+"/recalculate", e.Key, map[string]any{}).Expect(t, 200)
		expectAmount(t, "Tama after recalculation", e.shgOnSlip(t, P, people[0].id, "Child Support"), 173.40)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}
