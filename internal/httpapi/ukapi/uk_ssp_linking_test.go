package ukapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SSP linking periods (SSCBA 1992 s 152(3): two periods of incapacity for
// work (PIWs) separated by 8 weeks or less are one PIW; so no new waiting
// days, and the 28-week maximum, s 155(4), counts across them) and the
// Employment Rights Act 2025 s 10 (in force 6 April 2026, S.I. 2026/373
// reg 2(a)): waiting days removed (s 155(1) omitted) and a PIW is "a
// period of one day ... or of two or more consecutive days" (s 152(2)).
// Monday to Friday qualifying days, AWE 500 (80% = 400, above the flat
// rate): weekly rate 118.75 (2025-26) or 123.25 (2026-27), a day ÷ 5 =
// 23.75 or 24.65. docs/reference/uk-ssp.md.
//   - Mary, 2025-26 rules: sick Mon 2 – Thu 5 March 2026 (4 days: a PIW;
//     3 waiting days, 1 paid: 23.75); back; sick again Mon 23 – Fri 27
//     March (gap 17 days): linked, no waiting days, 5 paid = 118.75.
//   - Mary, 2026-27: sick Mon 7 – Tue 8 September 2026, 2 days: a PIW from
//     6 April 2026, both paid from day one: 2 × 24.65 = 49.30 (before: "not
//     a period of incapacity", nothing); sick again Mon 28 September – Fri
//     2 October (gap 19 days): linked to it, 5 paid = 123.25, 2 days paid
//     in the linked period.
//   - Olive, 28 weeks across linked PIWs: sick Mon 6 April – Sun 4 October
//     2026 (26 weeks, 130 qualifying days paid = 26 × 123.25 = 3,204.50);
//     sick again Mon 30 November – Fri 18 December (gap 56 days: linked);
//     the maximum is 28 × 5 = 140 days, so 10 more are paid = 2 × 123.25 =
//     246.50 and the rest is refused (SspCap).
func TestUKSSPLinkingPeriods(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		sick := func(emp int64, from, to string) map[string]any {
			return e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", e.B, emp), e.Key, map[string]any{"startDate": from + "T00:00:00",
				"endDate": to + "T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)
		}
		check := func(name string, got map[string]any, waiting, paid, paidBefore float64, amount float64, linked any) {
			t.Helper()
			ids := got["linkedPeriodIds"].([]any)
			if num(t, got["waitingDays"]) != waiting || num(t, got["daysPaid"]) != paid || num(t, got["daysPaidInLinkedPeriods"]) != paidBefore ||
				num(t, got["amount"]) != amount || (linked == nil) != (len(ids) == 0) || (linked != nil && (len(ids) != 1 || ids[0] != linked)) {
				t.Errorf("%s: waiting %v paid %v (linked %v) amount %v links %v; want %v %v (%v) %v %v", name, got["waitingDays"], got["daysPaid"],
					got["daysPaidInLinkedPeriods"], got["amount"], ids, waiting, paid, paidBefore, amount, linked)
			}
		}
		march1 := sick(e.emp, "2026-03-02", "2026-03-05")
		check("March, 4 days (2025-26)", march1, 3, 1, 0, 23.75, nil)
		check("March, linked", sick(e.emp, "2026-03-23", "2026-03-27"), 0, 5, 1, 118.75, march1["id"])

		sep := sick(e.emp, "2026-09-07", "2026-09-08")
		check("September, 2 days (2026-27)", sep, 0, 2, 0, 49.30, nil)
		if sep["isPeriodOfIncapacityForWork"] != true {
			t.Errorf("a 2-day spell from 6 April 2026 is a PIW: %v", sep)
		}
		check("October, linked to the 2-day PIW", sick(e.emp, "2026-09-28", "2026-10-02"), 0, 5, 2, 123.25, sep["id"])

		long := sick(e.other, "2026-04-06", "2026-10-04")
		check("Olive, 26 weeks", long, 0, 130, 0, 3204.50, nil)
		capped := sick(e.other, "2026-11-30", "2026-12-18")
		check("Olive, linked after 56 days", capped, 0, 10, 130, 246.50, long["id"])
		if r, _ := capped["doNotPayReason"].(string); r != "SspCap" {
			t.Errorf("Olive's linked period: doNotPayReason %v, want SspCap", capped["doNotPayReason"])
		}
	})
}
