package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An attachment of earnings order (county court judgment debt) entered as
// a standing deduction with its normal deduction rate as the amount and
// its protected earnings rate as preservedEarnings Amount (Attachment of
// Earnings Act 1971 Sch 3: para 3 attachable earnings are the pay after
// income tax, primary Class 1 NICs and superannuation; para 5 the employer
// deducts the excess of the attachable over the protected earnings or the
// normal deduction, whichever is the less, and nothing when they do not
// exceed the protected earnings). docs/reference/uk-attachment-of-earnings.md.
// April 2026 (month 1), 1257L cumulative, category A, order £300 a month
// protected £1,200 a month:
//   - Ann £1,500: PAYE 1,500 − 1,048.26 = 451.74 → 451 × 20% = 90.20; NI
//     8% × (1,500 − 1,048) = 36.16; attachable 1,500 − 90.20 − 36.16 =
//     1,373.64; excess over 1,200 = 173.64 < 300: deduct 173.64; net
//     1,200.00.
//   - Bob £3,000: PAYE 3,000 − 1,048.26 = 1,951.74 → 1,951 × 20% =
//     390.20; NI 8% × (3,000 − 1,048) = 156.16; attachable 2,453.64; the
//     excess 1,253.64 covers 300: deduct 300.00; net 2,153.64.
//   - Cat as Ann with a £20 union fee as well (not a para 3 deduction, so
//     the attachable earnings stay 1,373.64): order 173.64, union 20;
//     net 1,180.00.
//   - Dan as Ann with DoNotPay (the client's all-or-nothing choice): 0;
//     net 1,373.64.
//   - Eve as Ann but the order carries a shortfall forward (a maintenance
//     order, para 6: arrears not tracked): not calculated, the warning
//     names carryForwardUnpaidDeductions.
func TestUKAttachmentOfEarningsProtectedEarnings(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		cat := func(name string) int64 {
			return int64(num(t, e.Do("POST", e.B+"/deductioncategory", e.Key, map[string]any{"name": name}).Expect(t, 200).Map(t)["id"]))
		}
		aeo, union := cat("Attachment of earnings"), cat("Union fees")
		type order struct {
			action string
			carry  bool
		}
		who := map[string]int64{}
		for _, c := range []struct {
			name  string
			pay   float64
			o     order
			union bool
		}{{"Ann", 1500, order{"PayToLimit", false}, false}, {"Bob", 3000, order{"PayToLimit", false}, false}, {"Cat", 1500, order{"PayToLimit", false}, true},
			{"Dan", 1500, order{"DoNotPay", false}, false}, {"Eve", 1500, order{"PayToLimit", true}, false}} {
			emp := e.employee(t, c.name, "Monthly", map[string]any{"rate": c.pay, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A"})
			D := fmt.Sprintf("%s/employee/%d/deduction", e.B, emp)
			if c.union {
				e.Do("POST", D, e.Key, map[string]any{"deductionCategoryId": union, "amount": 20, "deductionType": "Fixed", "fromDate": "2026-04-01T00:00:00"}).Expect(t, 200)
			}
			e.Do("POST", D, e.Key, map[string]any{"deductionCategoryId": aeo, "amount": 300, "deductionType": "Fixed", "fromDate": "2026-04-01T00:00:00",
				"preservedEarnings": "Amount", "preservedEarningsAmount": 1200, "preservedEarningsAmountNotReachedAction": c.o.action,
				"carryForwardUnpaidDeductions": c.o.carry}).Expect(t, 200)
			who[c.name] = emp
		}
		P := e.run(t, "2026-04-30", 0, 0)
		for _, c := range []struct {
			name           string
			paye, ni, post float64
			net            float64
		}{
			{"Ann", 90.20, 36.16, 173.64, 1200.00},
			{"Bob", 390.20, 156.16, 300, 2153.64},
			{"Cat", 90.20, 36.16, 193.64, 1180.00},
			{"Dan", 90.20, 36.16, 0, 1373.64},
		} {
			tot := e.totals(t, P, who[c.name])
			expectAmount(t, c.name+" PAYE", tot["payeWithheld"], c.paye)
			expectAmount(t, c.name+" NI", tot["employeeNationalInsuranceContribution"], c.ni)
			expectAmount(t, c.name+" deductions", tot["postTaxDeductions"], c.post)
			expectAmount(t, c.name+" net", tot["netEarnings"], c.net)
		}
		eve := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, who["Eve"]), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(who["Eve"])].(map[string]any)
		if w, _ := eve["warning"].(string); !strings.Contains(w, "carryForwardUnpaidDeductions") {
			t.Errorf("Eve's order carrying a shortfall: warning %q, want it refused naming carryForwardUnpaidDeductions", w)
		}
	})
}
