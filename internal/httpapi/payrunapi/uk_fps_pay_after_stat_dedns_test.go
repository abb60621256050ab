package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/uk/rti"
)

// The FPS's "pay after statutory deductions" (Payment/PayAfterStatDedns)
// is taxable pay less the statutory deductions only: tax, employee NI,
// student and postgraduate loan (HMRC Basic PAYE Tools export: 2,000.00 −
// 233.00 − 160.44 − 53.00 = 1,553.56; SAP "RTI net pay = taxable pay −
// tax − EE NIC − student loan"; docs/reference/uk-rti.md). A voluntary
// deduction from net pay (union fees) is not taken off.
//
// Una, £3,000.00 a month (Fixed), 1257L cumulative, letter A, Plan 2 and
// a postgraduate loan, union fees £20.00 a month; April 2026 (month 1):
//   - tax: free pay 12,579 / 12 = 1,048.25; taxable 3,000.00 − 1,048.25 =
//     1,951.75 → 1,951; 20% = 390.20;
//   - employee NI: 8% × (3,000.00 − 1,048.00 PT) = 156.16;
//   - Plan 2: 9% × (3,000.00 − 2,448.75) = 49.61 → 49.00;
//   - postgraduate loan: 6% × (3,000.00 − 1,750.00) = 75.00;
//   - net pay 3,000.00 − 390.20 − 156.16 − 49.00 − 75.00 − 20.00 = 2,309.64;
//   - PayAfterStatDedns 3,000.00 − 390.20 − 156.16 − 49.00 − 75.00 =
//     2,329.64 (before ukfps60 the FPS wrote the net pay, 2,309.64).
func TestAuditUKFPSPayAfterStatutoryDeductions(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		putHMRCSettings(t, e.Bundle)
		union := int64(num(t, e.Do("POST", e.B+"/deductioncategory", e.Key, map[string]any{"name": "Union fees"}).Expect(t, 200).Map(t)["id"]))
		una := e.employee(t, "Una", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2020-01-06T00:00:00", "gender": "Female", "dateOfBirth": "1990-02-03T00:00:00",
			"hasStudentLoan": true, "studentLoanType": "Plan2", "hasPostGradLoan": true})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, una), e.Key, map[string]any{"deductionCategoryId": union, "amount": 20,
			"deductionType": "Fixed", "fromDate": "2026-04-01T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-04-30", 0, 0)
		tot := e.totals(t, P, una)
		expectAmount(t, "PAYE", tot["payeWithheld"], 390.20)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
		expectAmount(t, "union fees", tot["postTaxDeductions"], 20)
		expectAmount(t, "student loan", tot["studentLoanAmount"], 49)
		expectAmount(t, "net pay", tot["netEarnings"], 2309.64)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		runID := num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])

		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": runID}).Expect(t, 200).Map(t)
		emp := fps["employees"].([]any)[0].(map[string]any)
		pay := emp["payment"].(map[string]any)
		if pay["payAfterStatDedns"] != 2329.64 || pay["taxablePay"] != 3000.0 || pay["taxDeductedOrRefunded"] != 390.2 ||
			pay["studentLoanRecovered"] != 49.0 || pay["postGradLoanRecovered"] != 75.0 {
			t.Errorf("FPS payment %v, want payAfterStatDedns 2329.64 (3,000.00 − 390.20 − 156.16 − 49 − 75), not the net 2,309.64", pay)
		}
		doc := e.Do("POST", e.B+"/report/fps/fpsxml", e.Key, map[string]any{"payRunId": runID}).Expect(t, 200).Body
		if err := rti.ValidateFPS(doc); err != nil {
			t.Fatalf("FPS XML: %v", err)
		}
		if !strings.Contains(string(doc), "<PayAfterStatDedns>2329.64</PayAfterStatDedns>") {
			t.Errorf("FPS XML lacks <PayAfterStatDedns>2329.64</PayAfterStatDedns>: %s", doc)
		}
	})
}
