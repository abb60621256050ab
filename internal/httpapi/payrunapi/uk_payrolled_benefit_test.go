package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A payrolled benefit the pay run cannot tax must be warned about: a
// payrolled category is left off the P11D, so it would go untaxed in
// silence. Living accommodation cannot be payrolled at all (GOV.UK,
// "Payrolling: tax employees' benefits and expenses through your
// payroll": all benefits except living accommodation and beneficial
// loans), so a payrolled category of it is warned, naming it and why.
// A benefit the run taxes is not warned about (changed in ukbenefits60,
// when the pay run started payrolling benefits: before, every payrolled
// benefit was warned and none taxed). Bea, £3,000 a month, 1257L, has
// private medical insurance costing £1,200 a year from 6 April 2026 and a
// flat in a payrolled "Flat" category: April payrolls 1,200 ÷ 12 = 100.00
// of the insurance (PAYE 3,100.00 − free pay 1,048.25 = 2,051.75 → £2,051
// × 20% = 410.20, was 390.20 when it was not taxed) and warns about the
// flat only.
func TestUKPayrolledBenefitWarns(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		BC := e.B + "/benefitcategory"
		e.Do("PUT", BC+"/processingoptions", e.Key, map[string]any{"isPayrollingBenefitsEnabled": true, "isP11dBenefitsEnabled": true, "registeredFromTaxYear": 2026}).Expect(t, 200)
		cat := int64(num(t, e.Do("POST", BC, e.Key, map[string]any{"name": "Medical", "benefitType": "PrivateMedicalTreatmentOrInsurance",
			"payrollingBenefit": true, "year": 2026}).Expect(t, 200).Map(t)["id"]))
		flat := int64(num(t, e.Do("POST", BC, e.Key, map[string]any{"name": "Flat", "benefitType": "LivingAccommodation",
			"payrollingBenefit": true, "year": 2026}).Expect(t, 200).Map(t)["id"]))
		bea := e.employee(t, "Bea", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, bea), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00",
			"cost": 1200}).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, bea), e.Key, map[string]any{"benefitCategoryId": flat, "startDate": "2026-04-06T00:00:00",
			"cost": 6000}).Expect(t, 200)
		P := e.run(t, "2026-04-30", 0, 0)
		expectAmount(t, "PAYE", e.totals(t, P, bea)["payeWithheld"], 410.20)
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		flatWarned := false
		for _, w := range warns {
			text := fmt.Sprint(w["warning"])
			if int64(num(t, w["employeeId"])) == bea && strings.Contains(text, `"Flat" is payrolled`) && strings.Contains(text, "living accommodation") {
				flatWarned = true
			}
			if strings.Contains(text, `"Medical"`) {
				t.Errorf("warning for the medical insurance the run taxed: %v", w)
			}
		}
		if !flatWarned {
			t.Errorf("no warning that the payrolled living accommodation is not taxed: %v", warns)
		}
	})
}
