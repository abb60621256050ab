package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A payrolled benefit in kind (HMRC, "Payrolling benefits in kind": the
// cash equivalent is taxed through payroll instead of on the P11D) is not
// yet taxed by the pay run; since the P11D leaves it off, the run must
// say so rather than let it go untaxed. Bea, £3,000 a month, has private
// medical insurance costing £1,200 a year from 6 April 2026 in a
// payrolled category: the April run warns, naming the benefit; her pay is
// unchanged (PAYE 3,000 − 1,048.26 = 1,951.74 → 1,951 × 20% = 390.20).
func TestUKPayrolledBenefitWarns(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		BC := e.B + "/benefitcategory"
		e.Do("PUT", BC+"/processingoptions", e.Key, map[string]any{"isPayrollingBenefitsEnabled": true, "isP11dBenefitsEnabled": true, "registeredFromTaxYear": 2026}).Expect(t, 200)
		cat := int64(num(t, e.Do("POST", BC, e.Key, map[string]any{"name": "Medical", "benefitType": "PrivateMedicalTreatmentOrInsurance",
			"payrollingBenefit": true, "year": 2026}).Expect(t, 200).Map(t)["id"]))
		bea := e.employee(t, "Bea", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, bea), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00",
			"cost": 1200}).Expect(t, 200)
		P := e.run(t, "2026-04-30", 0, 0)
		expectAmount(t, "PAYE", e.totals(t, P, bea)["payeWithheld"], 390.20)
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		found := false
		for _, w := range warns {
			if int64(num(t, w["employeeId"])) == bea && strings.Contains(fmt.Sprint(w["warning"]), `"Medical" is payrolled`) {
				found = true
			}
		}
		if !found {
			t.Errorf("no warning that the payrolled benefit is not taxed: %v", warns)
		}
	})
}
