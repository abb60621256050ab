package payrunapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// NZ ESCT for an employee employed the whole previous tax year (IRD,
// "Find the ESCT rate for each employee": the ESCT rate threshold amount
// is the previous tax year's salary or wages plus the employer's gross
// contributions; bands 10.5% to $18,720, 17.5% to $64,200, 30% to
// $93,720; docs/reference/nz-esct.md). Hemi, employed since 1 January
// 2024, KiwiSaver member, employer contribution the year's minimum (3% in
// 2025-26, 3.5% from 1 April 2026), $5,000 a month plus a $1,500 bonus
// every month of 2025-26 (all twelve runs April 2025 - March 2026 here):
// 12 × 6,500 = 78,000 + 3% = 2,340 → 80,340: 30%. May 2026, $5,000 and no
// bonus: employer KiwiSaver 3.5% × 5,000 = 175.00; ESCT 30% × 175 = 52.50.
// (The estimate from this month, 5,000 × 12 = 60,000 + 2,100 = 62,100,
// would give 17.5%: 30.63.)
func TestNZESCTFromThePreviousTaxYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		hemi := e.employee(t, "Hemi", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "taxCodeDeclaration_TaxCode": "M",
			"startDate": "2024-01-01T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled"})
		for _, end := range []string{"2025-04-30", "2025-05-31", "2025-06-30", "2025-07-31", "2025-08-31", "2025-09-30", "2025-10-31",
			"2025-11-30", "2025-12-31", "2026-01-31", "2026-02-28", "2026-03-31"} {
			P := e.run(t, end, hemi, 1500)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		apr := e.run(t, "2026-04-30", 0, 0)
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		may := e.run(t, "2026-05-31", 0, 0)
		tot := e.totals(t, may, hemi)
		expectAmount(t, "employer KiwiSaver", tot["kiwiSaverEmployerContribution"], 175)
		expectAmount(t, "ESCT", tot["esctContribution"], 52.50)
		if th := e.explainTerms(t, may, hemi, "esct")["ESCT rate threshold amount"]; th != 80340 {
			t.Errorf("ESCT rate threshold amount %v, want 80,340 (2025-26)", th)
		}
	})
}
