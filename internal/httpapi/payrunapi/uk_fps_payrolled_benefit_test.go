package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/uk/rti"
)

// A payrolled benefit is not reported on the FPS as taxed through payroll
// while the pay run does not tax it (docs/reference/uk-rti.md, "Payrolled
// benefits, NonTaxOrNICPmt and DednsFromNetPay on the FPS"). Bea, £3,000 a
// month on 1257L, letter A, has private medical insurance costing £1,200 for
// 2026-27 in a payrolled category. Payrolled, its cash equivalent would be
// £1,200 / 12 = £100.00 of notional taxable pay a month (GOV.UK payrolling
// guidance, docs/reference/uk-payrolled-benefits.md), reported as
// Payment/BenefitsTaxedViaPayroll 100.00 and, in May,
// FiguresToDate/BenefitsTaxedViaPayrollYTD 200.00. The pay run does not
// yet do that: it warns and taxes £3,000.00 only (PAYE 390.20, as
// TestUKPayrolledBenefitWarns). So the FPS must say the same: taxable pay
// 3,000.00 in the period and 6,000.00 to date (2 × 3,000.00), and neither
// BenefitsTaxedViaPayroll element; writing them without the tax would tell
// HMRC the benefit's tax was collected. When the pay run taxes payrolled
// benefits this test changes to the figures above (taxable 3,100.00 /
// 6,200.00, items 100.00 / 200.00).
func TestAuditUKFPSPayrolledBenefitNotReportedUntilTaxed(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		BC := e.B + "/benefitcategory"
		e.Do("PUT", BC+"/processingoptions", e.Key, map[string]any{"isPayrollingBenefitsEnabled": true, "isP11dBenefitsEnabled": true, "registeredFromTaxYear": 2026}).Expect(t, 200)
		cat := int64(num(t, e.Do("POST", BC, e.Key, map[string]any{"name": "Medical", "benefitType": "PrivateMedicalTreatmentOrInsurance",
			"payrollingBenefit": true, "year": 2026}).Expect(t, 200).Map(t)["id"]))
		bea := e.employee(t, "Bea", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2020-01-06T00:00:00", "gender": "Female", "dateOfBirth": "1990-02-03T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/benefit", e.B, bea), e.Key, map[string]any{"benefitCategoryId": cat, "startDate": "2026-04-06T00:00:00",
			"cost": 1200}).Expect(t, 200)
		apr := e.run(t, "2026-04-30", 0, 0)
		expectAmount(t, "April PAYE", e.totals(t, apr, bea)["payeWithheld"], 390.20)
		e.Do("POST", apr+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		may := e.run(t, "2026-05-31", 0, 0)
		e.Do("POST", may+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		mayID := num(t, e.Do("GET", may, e.Key, nil).Expect(t, 200).Map(t)["id"])

		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": mayID}).Expect(t, 200).Map(t)
		emps := fps["employees"].([]any)
		if len(emps) != 1 {
			t.Fatalf("FPS employees %v", emps)
		}
		emp := emps[0].(map[string]any)
		pay, td := emp["payment"].(map[string]any), emp["figuresToDate"].(map[string]any)
		expectAmount(t, "payment.taxablePay", pay["taxablePay"], 3000.00)
		expectAmount(t, "figuresToDate.taxablePay", td["taxablePay"], 6000.00)
		for k, v := range map[string]any{"payment.benefitsTaxedViaPayroll": pay["benefitsTaxedViaPayroll"],
			"figuresToDate.benefitsTaxedViaPayrollYTD": td["benefitsTaxedViaPayrollYTD"]} {
			if v != nil {
				t.Errorf("%s %v: the pay run did not tax the benefit", k, v)
			}
		}

		doc := e.Do("POST", e.B+"/report/fps/fpsxml", e.Key, map[string]any{"payRunId": mayID}).Expect(t, 200).Body
		if err := rti.ValidateFPS(doc); err != nil {
			t.Fatalf("FPS XML: %v", err)
		}
		if strings.Contains(string(doc), "BenefitsTaxedViaPayroll") {
			t.Errorf("BenefitsTaxedViaPayroll written for a benefit the pay run did not tax: %s", doc)
		}
		if !strings.Contains(string(doc), "<TaxablePay>3000.00</TaxablePay>") || !strings.Contains(string(doc), "<TaxablePay>6000.00</TaxablePay>") {
			t.Errorf("taxable pay not 3000.00 in the period and 6000.00 to date: %s", doc)
		}
	})
}
