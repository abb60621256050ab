package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A standing deduction of a percentage of ordinary time earnings takes
// its base from OTE only: unused leave paid on termination is not OTE
// (SGR 2009/2 paras 139-140: "payments in lieu of unused annual leave ...
// on termination" are not ordinary time earnings; au-pay-rules.md). Dee,
// $1,000 a week (40 hours, $25 an hour), a 10% "PercentageOTE" union fees deduction,
// holds 40 hours of annual leave and resigns on Sunday 22 November 2026:
// her final pay is the week's $1,000 plus the unused leave (40 hours +
// the week's accrual, × $25); the deduction is 10% × 1,000 = 100.00.
// Ann, the same but her unused leave entered by hand ($1,000 on the
// "Unused Leave on Termination" pay category): 100.00 too, not 200.00.
func TestAUOTEDeductionLeaverUnusedLeave(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		ded := e.ded["Union Fees"]
		dee, ann := e.employee(t, "Dee", nil), e.employee(t, "Ann", nil)
		for _, id := range []int64{dee, ann} {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, id), e.Key, map[string]any{"deductionCategoryId": ded,
				"amount": 10, "deductionType": "PercentageOTE", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		}
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(dee): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dee, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, dee)
		if g := cents(t, tot["grossEarnings"]); g <= 100000 {
			t.Fatalf("Dee's final pay %v has no unused leave: %v", g, tot)
		}
		want(t, "leaver", tot, map[string]int64{"postTaxDeductions": 10000})
		e.earnings(t, P, ann, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Unused Leave on Termination"]), "earnings": 1000}).Expect(t, 200)
		want(t, "unused leave entered", e.totals(t, P, ann), map[string]int64{"grossEarnings": 200000, "postTaxDeductions": 10000})
	})
}
