package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth56: AU ETPs and super. W(x) is the Schedule 1 scale 2 weekly
// amount for 2026-27 (payroll-rules-2026-27.md 1.3): 0.3227 × (x + 0.99)
// − 185.1935 for 865 ≤ x < 1,282; rounded to the dollar. The super
// guarantee is 12% of OTE (2026-27), its base capped at the maximum
// contribution base, from 1 July 2026 a year's: $270,830 for 2026-27
// (Payday Super; payroll-rules-2026-27.md 1.6).

// A new business's default "Payment in Lieu of Notice (ETP)" is a superable
// ETP (EtpSuperableTypeOTaxable): an ETP code O for withholding (Schedule
// 11) and ordinary time earnings for the super guarantee (SGR 2009/2,
// para 38: payments in lieu of notice are OTE; ATO edited advice
// 1012633408634; au-pay-rules.md §4). Kai, a casual on $1,000 a week,
// born 1990 (under the preservation age, 60), is paid $1,000 on 8 July
// 2026 and, dismissed on Sunday 12 July, $1,000 and $300,000 in lieu of
// notice on 15 July:
//   - PAYG: W(1000) = 0.3227 × 1000.99 − 185.1935 = 137.83 → 138 each
//     week; the ETP's cap is the smaller of the ETP cap ($270,000) and the
//     whole-of-income cap 180,000 − 1,000 − 1,000 = 178,000: 178,000 × 32%
//     = 56,960 + 122,000 × 47% = 57,340: 114,300; 138 + 114,300 = 114,438.
//   - SG: OTE 1,000 + 300,000 = 301,000; the year's base so far 1,000, so
//     270,830 − 1,000 = 269,830 of the maximum contribution base is left:
//     12% × 269,830 = 32,379.60 (before paydepth56, with the notice left
//     out: 12% × 1,000 = 120.00).
func TestAuditAUDefaultPaymentInLieuOfNoticeIsOTEUpToTheMaximumContributionBase(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		var cats []map[string]any
		e.Do("GET", e.B+"/paycategory", e.Key, nil).Expect(t, 200).JSON(t, &cats)
		found := false
		for _, c := range cats {
			if c["name"] == "Payment in Lieu of Notice (ETP)" {
				found = true
				if c["payCategoryType"] != "EtpSuperableTypeOTaxable" {
					t.Errorf("default payment in lieu of notice: payCategoryType %v, want EtpSuperableTypeOTaxable", c["payCategoryType"])
				}
			}
		}
		if !found {
			t.Fatalf("no default \"Payment in Lieu of Notice (ETP)\" category in %v", cats)
		}
		kai := e.employee(t, "Kai", map[string]any{"employmentType": "Casual"})
		P := e.run(t, "2026-07-05", "2026-07-08")
		want(t, "first week", e.totals(t, P, kai), map[string]int64{"grossEarnings": 100000, "paygWithheld": 13800, "superContribution": 12000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		P = e.run(t, "2026-07-12", "2026-07-15")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": kai, "terminationReason": "Dismissal", "terminationDate": "2026-07-12T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, kai, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 300000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, kai), map[string]int64{"grossEarnings": 100000 + 30000000, "paygWithheld": 13800 + 11430000, "superContribution": 3237960})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, kai), e.Key, nil).Expect(t, 200)
		e.etpSummary(t, 2027, kai, "O", 300000, 114300)
	})
}

// A standing deduction of a percentage of OTE reads the same OTE as the
// super guarantee, a superable ETP included (a payment in lieu of notice
// is OTE: SGR 2009/2; au-pay-rules.md §4). Nia, $1,000 a week (40 hours,
// $25 an hour), born 1990, has 10% "PercentageOTE" union fees; dismissed
// on Sunday 22 November 2026 and paid her week and $4,000 in lieu of
// notice through the default (superable) category:
//   - OTE 1,000 + 4,000 = 5,000: union fees 10% × 5,000 = 500.00 (before:
//     10% × 1,000 = 100.00, the notice left out of the deduction's base
//     while the guarantee counted it); SG 12% × 5,000 = 600.00;
//   - the final pay also pays out the week's accrued annual leave, 3.0769
//     h × $25 = 76.92 (not OTE; Schedule 7: 76.92 ÷ 52 = 1.47 → 1, W(1001)
//     − W(1000) = 0); PAYG W(1000) = 138 + 32% × 4,000 = 1,280: 1,418.
func TestAuditAUPercentageOTEDeductionCountsASuperableETP(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		nia := e.employee(t, "Nia", map[string]any{"dateOfBirth": "1990-01-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, nia), e.Key, map[string]any{"deductionCategoryId": e.ded["Union Fees"],
			"amount": 10, "deductionType": "PercentageOTE", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, nia, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 4000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, nia), map[string]int64{"grossEarnings": 100000 + 400000 + 7692, "postTaxDeductions": 50000,
			"paygWithheld": 13800 + 128000, "superContribution": 60000})
	})
}
