package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/uk/rti"
)

// A payrolled benefit is reported on the FPS as taxed through payroll
// (docs/reference/uk-rti.md, "Payrolled benefits on the FPS"). Bea, £3,000
// a month on 1257L, letter A, has private medical insurance costing £1,200
// for 2026-27 in a payrolled category. The pay run payrolls its cash
// equivalent: April 1,200.00 ÷ 12 paydays = 100.00, May (1,200.00 − 100.00)
// ÷ 11 = 100.00 of notional taxable pay (GOV.UK payrolling guidance,
// docs/reference/uk-payrolled-benefits.md). April PAYE: 3,100.00 − free
// pay 1,048.25 = 2,051.75 → £2,051 × 20% = 410.20. So the May FPS has
// Payment/BenefitsTaxedViaPayroll 100.00 and
// FiguresToDate/BenefitsTaxedViaPayrollYTD 200.00 (100.00 + 100.00), and
// TaxablePay includes them: 3,100.00 in the period, 6,200.00 to date
// (2 × 3,100.00). PayAfterStatDedns starts from taxable pay, so it
// includes the benefit (Payetools: "includes the value of any payrolled
// benefits in kind"): May PAYE is cumulative, 6,200.00 − free pay 2,096.50
// = 4,103.50 → £4,103 × 20% = 820.60 − 410.20 = 410.40; employee NI
// (3,000.00 − 1,048.00) × 8% = 156.16 (the benefit is not NI-able); so
// 3,100.00 − 410.40 − 156.16 = 2,533.44. Changed in ukbenefits60 from 3,000.00 / 6,000.00 with no
// BenefitsTaxedViaPayroll elements, when the pay run did not tax the
// benefit (the figures this comment then gave for the built state).
func TestAuditUKFPSPayrolledBenefitReported(t *testing.T) {
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
		expectAmount(t, "April PAYE", e.totals(t, apr, bea)["payeWithheld"], 410.20)
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
		expectAmount(t, "payment.taxablePay", pay["taxablePay"], 3100.00)
		expectAmount(t, "figuresToDate.taxablePay", td["taxablePay"], 6200.00)
		expectAmount(t, "payment.benefitsTaxedViaPayroll", pay["benefitsTaxedViaPayroll"], 100.00)
		expectAmount(t, "figuresToDate.benefitsTaxedViaPayrollYTD", td["benefitsTaxedViaPayrollYTD"], 200.00)
		expectAmount(t, "payment.payAfterStatDedns", pay["payAfterStatDedns"], 2533.44)

		doc := e.Do("POST", e.B+"/report/fps/fpsxml", e.Key, map[string]any{"payRunId": mayID}).Expect(t, 200).Body
		if err := rti.ValidateFPS(doc); err != nil {
			t.Fatalf("FPS XML: %v", err)
		}
		for _, want := range []string{"<BenefitsTaxedViaPayroll>100.00</BenefitsTaxedViaPayroll>", "<BenefitsTaxedViaPayrollYTD>200.00</BenefitsTaxedViaPayrollYTD>",
			"<TaxablePay>3100.00</TaxablePay>", "<TaxablePay>6200.00</TaxablePay>"} {
			if !strings.Contains(string(doc), want) {
				t.Errorf("FPS XML has no %s: %s", want, doc)
			}
		}
	})
}
