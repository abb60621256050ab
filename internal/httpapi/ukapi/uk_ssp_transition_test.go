package ukapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SSP for a series of sickness that started before 6 April 2026 and runs
// or links into the reformed rules (Employment Rights Act 2025 s 10, S.I.
// 2026/373; the DWP's transitional guidance for software developers as
// reported by the ICB "Statutory Sick Pay guidance", MHR and PayAdvice.UK,
// docs/reference/uk-ssp.md). Monday–Friday qualifying days.
//   - Mary, AWE 500, sick Thu 2 – Fri 10 April 2026: a PIW under the old
//     rules; waiting days Thu 2 and Fri 3 April; "workers serving waiting
//     days on 6 April become eligible": Mon 6 – Fri 10 April paid at the
//     lower of 123.25 and 80% × 500 = 400: 5 × 123.25 ÷ 5 = 123.25 (2
//     waiting days). Before: a third waiting day on 6 April, 4 × 24.65 =
//     98.60.
//   - Olive, AWE 100 (below the 2025-26 LEL £125), sick Mon 30 March – Fri
//     10 April 2026: nothing to 3 April; from 6 April "eligibility under
//     the 2026/27 rules at 80% of AWE": 80% × 100 = 80.00 a week, 5 days =
//     80.00. Before: 0 (AverageEarningsNotHighEnough).
//   - Pat, AWE 140 (80% = 112.00 < 123.25), sick Mon 16 March – Fri 17
//     April 2026 without a break: waiting 16-18 March; 19 March – 3 April
//     12 days × 118.75 ÷ 5 = 285.00; already receiving SSP on 5 April, so
//     the flat rate goes on: 6-17 April 10 days × 123.25 ÷ 5 = 246.50;
//     531.50. Back at work, sick again Mon 11 – Fri 15 May (linked, gap 23
//     days): the protection ended with the spell; 80% × 140 = 112.00 a
//     week: 112.00 (AWE of the first PIW). Before: 123.25.
//   - Quin, AWE 100, sick without a break from Mon 1 September 2025 to Fri
//     10 April 2026: "continuous sickness that started before 22 September
//     2025: eligible, but at £0": 0.
func TestUKSSPSeriesStartedBeforeTheReform(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		more := func(first string) int64 {
			return int64(num(t, e.Do("POST", e.B+"/employee/unstructured?matchType=None", e.Key, map[string]any{"firstName": first, "surname": "Sick",
				"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2024-01-01T00:00:00", "employmentType": "FullTime", "paySchedule": "Weekly",
				"primaryPayCategory": "Ordinary Hours", "primaryLocation": "Head office", "hoursPerWeek": 37.5, "residentialStreetAddress": "1 High St",
				"residentialPostCode": "SW1A 1AA", "residentialCity": "London", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first,
				"bankAccount1_AllocatedPercentage": 100, "bankAccount1_SortCode": "12-34-56", "taxCode": "1257L", "nationalInsuranceCategory": "A",
				"rate": 500, "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		}
		pat, quin := more("Pat"), more("Quin")
		sick := func(emp int64, from, to string, awe float64) map[string]any {
			return e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/ssp", e.B, emp), e.Key, map[string]any{"startDate": from + "T00:00:00",
				"endDate": to + "T00:00:00", "averageWeeklyEarningsOverride": awe}).Expect(t, 200).Map(t)
		}
		for _, c := range []struct {
			name          string
			got           map[string]any
			amount        float64
			waiting, paid float64
		}{
			{"Mary, serving waiting days on 6 April", sick(e.emp, "2026-04-02", "2026-04-10", 500), 123.25, 2, 5},
			{"Olive, below the LEL on 6 April", sick(e.other, "2026-03-30", "2026-04-10", 100), 80.00, 0, 5},
			{"Pat, receiving SSP on 6 April", sick(pat, "2026-03-16", "2026-04-17", 140), 531.50, 3, 22},
			{"Pat, a linked spell after the reform", sick(pat, "2026-05-11", "2026-05-15", 140), 112.00, 0, 5},
			{"Quin, sick since before 22 September 2025", sick(quin, "2025-09-01", "2026-04-10", 100), 0, 0, 0},
		} {
			if num(t, c.got["amount"]) != c.amount || num(t, c.got["waitingDays"]) != c.waiting || num(t, c.got["daysPaid"]) != c.paid {
				t.Errorf("%s: amount %v waiting %v paid %v; want %v %v %v (%v)", c.name, c.got["amount"], c.got["waitingDays"], c.got["daysPaid"],
					c.amount, c.waiting, c.paid, c.got)
			}
		}
	})
}
