package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// NZ child support typed by hand as a deduction on a run is limited by
// the protected net earnings rate like the standing, notice-based one
// (Child Support Act 1991 s 165: the employer shall not reduce the net
// earnings of a pay period below 60% of them; net earnings are pay less
// PAYE; docs/reference/nz-child-support.md). The typed line is kept as
// typed; a calculated line of the same category takes back the excess,
// and the run warns.
//
// Weekly pay in November 2026, tax code M (2026-27: 10.5% to 15,600,
// 17.5% to 53,500), each with $250 child support typed on the run:
//   - Tama, $500 a week: annual 26,000: 1,638.00 + 17.5% × 10,400 =
//     1,820.00, 3,458.00 ÷ 52 = PAYE 66.50; net earnings 433.50, 40% =
//     173.40 → 173.40 deducted, 76.60 not (she keeps 260.10 = 60%).
//   - Hemi, $1,000 a week: 1,638 + 17.5% × 36,400 = 6,370, 8,008 ÷ 52 =
//     PAYE 154.00; net earnings 846.00, 40% = 338.40 ≥ 250 → 250.00.
//
// Before: 250.00 from both, no warning.
func TestNZChildSupportTypedOnTheRunIsLimited(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		cs := int64(num(t, e.Do("POST", e.B+"/deductioncategory", e.Key, map[string]any{"name": "Child Support",
			"paymentSummaryClassification": "ChildSupportDeduction"}).Expect(t, 200).Map(t)["id"]))
		tama := e.employee(t, "Tama", "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-01-01T00:00:00"})
		hemi := e.employee(t, "Hemi", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2025-01-01T00:00:00"})
		P := e.run(t, "2026-11-15", 0, 0)
		ded := map[string]any{}
		for _, id := range []int64{tama, hemi} {
			ded[fmt.Sprint(id)] = []any{map[string]any{"deductionCategoryId": fmt.Sprint(cs), "amount": 250}}
		}
		e.Do("POST", P+"/deductions", e.Key, map[string]any{"deductions": ded}).Expect(t, 200)
		check := func(when string) {
			t.Helper()
			for _, c := range []struct {
				name      string
				id        int64
				paye, cs  float64
				gross     float64
				warnsOver bool
			}{{"Tama", tama, 66.50, 173.40, 500, true}, {"Hemi", hemi, 154, 250, 1000, false}} {
				tot := e.totals(t, P, c.id)
				expectAmount(t, when+" "+c.name+" PAYE", tot["payeWithheld"], c.paye)
				expectAmount(t, when+" "+c.name+" child support on the payslip", e.shgOnSlip(t, P, c.id, "Child Support"), c.cs)
				// net = gross − PAYE − the deductions (child support and the
				// ACC levy, KiwiSaver as the totals state them).
				net := num(t, tot["netEarnings"])
				withheld := num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"]) + num(t, tot["kiwiSaverEmployeeContribution"])
				if got := c.gross - withheld - c.cs; fmt.Sprintf("%.2f", got) != fmt.Sprintf("%.2f", net) {
					t.Errorf("%s %s net %v, want gross %v − withheld %v − child support %v = %.2f (%v)", when, c.name, net, c.gross, withheld, c.cs, got, tot)
				}
				var warns []map[string]any
				e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
				found := false
				for _, w := range warns {
					if int64(num(t, w["employeeId"])) == c.id && strings.Contains(fmt.Sprint(w["warning"]), "s 165") {
						found = true
					}
				}
				if found != c.warnsOver {
					t.Errorf("%s %s: protected net earnings warning %v, want %v (%v)", when, c.name, found, c.warnsOver, warns)
				}
			}
		}
		check("calculated")
		e.Do("POST", P+"/recalculate", e.Key, map[string]any{}).Expect(t, 200)
		check("recalculated")
		// The explanation recomputes the same figures from the stored lines.
		if x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, tama), e.Key, nil).Expect(t, 200).Map(t); x["matchesPaySlip"] != true {
			t.Errorf("Tama explain does not match the pay slip: %v", x["matchesPaySlip"])
		}
		e.Do("GET", fmt.Sprintf("%s/file/payslip/%d", P, tama), e.Key, nil).Expect(t, 200)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}
