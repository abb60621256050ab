package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// UK redundancy pay in the final pay (ITEPA 2003 s 403: the first £30,000
// of a termination award is exempt from income tax; it is not earnings,
// so no Class 1 NI; GOV.UK, "Redundancy: your rights – tax and National
// Insurance": "Statutory redundancy pay under £30,000 is not taxable"):
// Rob, £3,000 a month on BR, category A, made redundant on 31 October 2026
// with £9,000 of redundancy pay:
//   - PAYE BR: 20% × 3,000 = 600.00 (taxing the award too: 2,400.00);
//   - employee NI 8% × (3,000 − 1,048) = 156.16; employer 15% × (3,000 −
//     417) = 387.45;
//   - gross 12,000, taxable 3,000.
//
// Rae's £40,000 award goes past £30,000: the excess is taxable and liable
// to employer Class 1A NICs, which the service does not work out: her pay
// is refused with a warning naming them, and the run is not finalised.
func TestAuditUKRedundancyPayUnderThirtyThousand(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		red := e.redundancyCategory(t)
		members := map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2020-01-06T00:00:00"}
		rob := e.employee(t, "Rob", "Monthly", members)
		rae := e.employee(t, "Rae", "Monthly", members)
		P := e.run(t, "2026-10-31", 0, 0)
		for emp, amount := range map[int64]float64{rob: 9000, rae: 40000} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": "Redundancy", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
			e.pay(t, P, emp, red, amount)
		}
		tot := e.totals(t, P, rob)
		expectAmount(t, "gross", tot["grossEarnings"], 12000)
		expectAmount(t, "taxable", tot["taxableEarnings"], 3000)
		expectAmount(t, "PAYE", tot["payeWithheld"], 600)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 156.16)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 387.45)
		raw := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, rae), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(rae)].(map[string]any)
		if w, _ := raw["warning"].(string); !strings.Contains(w, "30,000") || !strings.Contains(w, "Class 1A") {
			t.Errorf("Rae's warning %q, want one naming the £30,000 and Class 1A", w)
		}
		if r := e.Do("POST", P+"/finalise", e.Key, map[string]any{}); r.Status < 400 || r.Status >= 500 {
			t.Errorf("finalising with Rae's pay not worked out: %d", r.Status)
		}
	})
}
