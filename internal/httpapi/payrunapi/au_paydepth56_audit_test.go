package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
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

// A delayed termination payment is not an ETP, so it is not one of the
// earlier ETPs that reduce a later ETP's cap (ITAA 1997 s 82-130(1)(b): an
// ETP is "received no later than 12 months after that termination"; s
// 83-295: the late payment is assessable as ordinary income; the ETP cap
// is reduced by the earlier termination payments for the same termination
// — ETPs — s 82-10, as s 82-65(4) says for death benefits "for each death
// benefit termination payment ... received earlier in consequence of the
// same employment termination"; au-pay-rules.md §3). Gus, born 3 March
// 1960 (preservation age 55; 17% within the cap), employed from 1 July
// 2020, is made genuinely redundant on Sunday 27 April 2025:
//   - paid Wednesday 3 June 2026 (2025-26, more than 12 months later)
//     $100,000 through "Payment in Lieu of Notice (ETP)" (code O): a
//     delayed termination payment, 32% × 100,000 = 32,000;
//   - paid Wednesday 25 November 2026 (2026-27) $200,000 through
//     "Redundancy Payment (ETP)" (code R): a genuine redundancy payment
//     stays an ETP however late (s 82-130(4)(b)). No ETP for the same
//     termination was paid in an earlier income year (the June payment was
//     not one), so the code stays R and the cap is the 2026-27 ETP cap
//     $270,000 whole: 17% × 200,000 = 34,000.
//
// Before: the June payment counted as an earlier-year ETP for the same
// termination: cap 270,000 − 100,000 = 170,000: 17% × 170,000 = 28,900 +
// 47% × 30,000 = 14,100: 43,000, reported as code S.
func TestAuditAUDelayedTerminationPaymentDoesNotReduceALaterETPCap(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		gus := e.employee(t, "Gus", map[string]any{"dateOfBirth": "1960-03-03T00:00:00", "startDate": "2020-07-01T00:00:00"})
		P0 := e.run(t, "2025-07-06", "2025-07-09")
		e.Do("POST", P0+"/terminate", e.Key, map[string]any{"employeeId": gus, "terminationReason": "Redundancy", "terminationDate": "2025-04-27T00:00:00"}).Expect(t, 200)
		e.Do("POST", P0+"/finalise", e.Key, nil).Expect(t, 200)

		P1 := e.laterRun(t, "2026-05-31", "2026-06-03")
		e.earnings(t, P1, gus, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 100000}).Expect(t, 200)
		want(t, "delayed payment", e.totals(t, P1, gus), map[string]int64{"grossEarnings": 10000000, "paygWithheld": 3200000})
		if got := e.figureValue(t, P1, gus, "payg.delayedtermination"); got != 32000 {
			t.Errorf("payg.delayedtermination %v, want 32,000", got)
		}
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)

		P2 := e.laterRun(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P2, gus, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 200000}).Expect(t, 200)
		want(t, "redundancy ETP", e.totals(t, P2, gus), map[string]int64{"grossEarnings": 20000000, "paygWithheld": 3400000})
		if got := e.figureValue(t, P2, gus, "payg.etp.R"); got != 34000 {
			t.Errorf("payg.etp.R %v, want 34,000 (code R, the whole 2026-27 cap)", got)
		}
		x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P2, gus), e.Key, nil).Expect(t, 200).Map(t)
		found := false
		for _, f := range x["figures"].([]any) {
			if fig := f.(map[string]any); fig["code"] == "payg.etp.R" {
				for _, tm := range fig["terms"].([]any) {
					if m := tm.(map[string]any); m["name"] == "cap that applies" {
						found = true
						expectAmount(t, "the ETP cap used", m["value"], 270000)
					}
				}
			}
		}
		if !found {
			t.Errorf("no ETP cap in the explanation: %v", x["figures"])
		}
		r := payee(t, e.stpDoc(t, P2), gus).IncomeStreams[0]
		if len(r.EmploymentTermination) != 1 || r.EmploymentTermination[0].Code != "R" ||
			!r.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("34000")) {
			t.Errorf("STP ETPs %+v, want one code R withheld 34,000.00", r.EmploymentTermination)
		}
	})
}
