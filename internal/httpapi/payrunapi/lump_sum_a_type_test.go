package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The payment summary's Lump Sum A type (ATO, PAYG payment summary –
// individual non-business, and the individual tax return instructions,
// item 3: type R when the payment was made for a genuine redundancy,
// invalidity or under an early retirement scheme; T for any other
// reason, such as unused annual leave accrued before 18 August 1993 paid
// on a resignation; docs/reference/au-pay-rules.md §6). Two casuals on
// $1,000 a week (no leave accrues) each paid $1,000 through a category
// classified LumpSumATypeT (pre-18 August 1993 annual leave) in their
// final pay on 25 November 2026:
//   - Tom resigns: Lump Sum A 1,000 type T; Schedule 7 withholds 32% of
//     leave accrued before 18 August 1993 whatever the reason: W(1000) =
//     0.3227 × 1000.99 − 185.1935 = 137.83 → 138, plus 320: 458;
//   - Ray is made genuinely redundant: the same payment is made for a
//     genuine redundancy: Lump Sum A 1,000 type R.
//
// An employee paid no Lump Sum A has no type.
func TestAuditAULumpSumAType(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pre93 := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Annual Leave before 18 August 1993", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LumpSumATypeT"}).Expect(t, 200).Map(t)["id"]))
		casual := map[string]any{"employmentType": "Casual"}
		tom, ray, sam := e.employee(t, "Tom", casual), e.employee(t, "Ray", casual), e.employee(t, "Sam", casual)
		P := e.run(t, "2026-11-22", "2026-11-25")
		for emp, reason := range map[int64]string{tom: "Resignation", ray: "Redundancy"} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": emp, "terminationReason": reason, "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
			e.earnings(t, P, emp, map[string]any{"payCategoryId": fmt.Sprint(pre93), "earnings": 1000}).Expect(t, 200)
		}
		want(t, "Tom's final pay", e.totals(t, P, tom), map[string]int64{"grossEarnings": 200000, "paygWithheld": 45800})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		for emp, typ := range map[int64]string{tom: "T", ray: "R", sam: ""} {
			sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, emp), e.Key, nil).Expect(t, 200).Map(t)
			lumpSumA := 1000.0
			if emp == sam {
				lumpSumA = 0
			}
			if num(t, sum["lumpSumA"]) != lumpSumA || sum["lumpSumAType"] != typ || num(t, sum["grossPayments"]) != 1000 {
				t.Errorf("employee %d: lumpSumA %v type %q gross %v, want %v %q 1000", emp, sum["lumpSumA"], sum["lumpSumAType"], sum["grossPayments"], lumpSumA, typ)
			}
		}
		// The stored summaries read back the same.
		var list []map[string]any
		e.Do("GET", e.B+"/paymentsummary/2027", e.Key, nil).Expect(t, 200).JSON(t, &list)
		types := map[int64]any{}
		for _, s := range list {
			types[int64(num(t, s["employeeId"]))] = s["lumpSumAType"]
		}
		if types[tom] != "T" || types[ray] != "R" || types[sam] != "" {
			t.Errorf("stored Lump Sum A types %v", types)
		}
	})
}
