package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth42: a UK audit round (2026-27) of holiday balances at
// termination, statutory pay with salary sacrifice, and pays no earlier
// round pinned. Every figure is derived by hand from the statute or
// HMRC's tables (payroll-rules-2026-27.md §2) named at each case, not from
// our output.

// pd42Warnings are the run's warnings of one employee.
func pd42Warnings(t *testing.T, e *regionEnv, P string, emp int64) []string {
	t.Helper()
	var ws []map[string]any
	e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &ws)
	var out []string
	for _, w := range ws {
		if int64(num(t, w["employeeId"])) == emp {
			out = append(out, fmt.Sprint(w["warning"]))
		}
	}
	return out
}

// A leaver who took more holiday than she had accrued. The Working Time
// Regulations 1998 reg 14(4): where the leave taken exceeds the
// proportion accrued, the worker compensates the employer only "where a
// relevant agreement so provides" (a contract term, workforce or
// collective agreement) — and the Employment Rights Act 1996 s 13 allows
// a deduction from wages only when the contract or the worker's prior
// written consent authorises it. The pay run cannot see the agreement:
// it deducts nothing and warns, naming the hours and days owed, so the
// bureau adds the deduction line when the contract provides for it.
//   - Nia, £600 a week fixed (37.5 hours, 7.5-hour days), BR, category A.
//     Week to Sunday 15 November 2026: 22.5 hours (3 days) of holiday
//     accrued, 37.5 hours (5 days) taken 9-13 November: balance −15 hours.
//     (That week's pay is not asserted here: the run paid the Fixed-rate
//     week's leave as 0.00, an open question left in paydepth42's report.)
//   - She leaves on Sunday 22 November; the final week pays 600.00, no
//     holiday in lieu (nothing accrued is untaken), nothing deducted.
//   - BR: 20% × 600 = 120.00. Class 1 weekly (§2.4: PT 242, ST 96):
//     employee 8% × (600 − 242) = 28.64; employer 15% × (600 − 96) =
//     75.60. Net 600 − 120 − 28.64 = 451.36.
//   - P/warnings: 15 hours = 2 days (15 ÷ 7.5) of Holiday owed, reg 14(4).
//
// Before paydepth42: the same figures, and no warning (the negative
// balance was passed over in silence).
func TestAuditUKLeaverOwingHolidayNothingDeductedWarned(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		holiday := e.manualLeave(t, "Holiday")
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2026-09-07T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, nia), e.Key, map[string]any{"leaveCategoryId": holiday,
			"fromDate": "2026-11-09T00:00:00", "toDate": "2026-11-13T00:00:00", "hours": 37.5, "automaticallyApprove": true}).Expect(t, 200)
		P1 := e.run(t, "2026-11-15", 0, 0)
		e.accrue(t, P1, nia, holiday, 22.5)
		e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, nia, holiday, "2026-11-15"); b != -15 {
			t.Errorf("balance after the leave week %v, want 22.5 − 37.5 = −15", b)
		}
		P := e.run(t, "2026-11-22", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, nia)
		expectAmount(t, "final gross", tot["grossEarnings"], 600)
		expectAmount(t, "PAYE", tot["payeWithheld"], 120)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 28.64)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 75.60)
		expectAmount(t, "net", tot["netEarnings"], 451.36)
		expectAmount(t, "holiday in lieu", e.paidOnTermination(t, P, nia), 0)
		check := func(when string) {
			var got []string
			for _, w := range pd42Warnings(t, e, P, nia) {
				if strings.Contains(w, "Holiday") {
					got = append(got, w)
				}
			}
			if len(got) != 1 || !strings.Contains(got[0], "15 hours (2 days)") || !strings.Contains(got[0], "reg 14(4)") {
				t.Errorf("%s: holiday owed warnings %q, want one naming 15 hours (2 days) and reg 14(4)", when, got)
			}
		}
		check("draft")
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		check("finalised")
	})
}
