package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SMP arrears after a pay rise learnt once six weeks were paid (SMP
// (General) Regulations 1986 reg 21(7): a rise applying to any part of the
// period from the start of the relevant period to the end of the
// maternity leave counts as if it applied in each week of the relevant
// period; HMRC SPM172200: the extra SMP for the weeks already paid is due;
// docs/reference/uk-smp-pay-rise.md):
//   - Ann, £500 a week, AWE 500.00 (override); SMP from Sunday 5 July 2026
//     for 39 weeks. Weekly runs to Saturdays 11 July - 15 August pay weeks
//     1-6 at 90% × 500 = 450.00 each and are finalised.
//   - A 12% rise is then awarded, back-dated into the relevant period: the
//     AWE becomes 560.00 (entered as the new override); 90% = 504.00 for
//     weeks 1-6 (SSCBA 1992 s 166(1)(a)); weeks 7-39 stay at the flat rate
//     194.32 (2026-27, lower than 504.00).
//   - The next run (week 7, to 22 August) pays week 7, 194.32, and the
//     arrears of weeks 1-6: 6 × (504.00 − 450.00) = 324.00; gross 518.32;
//     NI weekly 8% × (518.32 − 242) = 22.1056 → 22.10 (third decimal 5 or
//     less rounds down, payroll-rules.md §2.4), employer 15% × (518.32 −
//     96) = 63.348 → 63.35. The FPS's SMP to date: 6 × 450.00 +
//     194.32 + 324.00 = 3,218.32.
//   - The run after (week 8) pays 194.32 and no arrears again.
//   - Refused, nothing stored: a lower AWE (480), both forms at once, a
//     pay rise on a period whose AWE is an override.
func TestUKSMPArrearsAfterALatePayRise(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		putHMRCSettings(t, e.Bundle)
		ann := e.employee(t, "Ann", "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"gender": "Female", "startDate": "2025-01-06T00:00:00"})
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, ann)
		smp := int64(num(t, e.Do("POST", SL+"smp", e.Key, map[string]any{"startDate": "2026-07-05T00:00:00", "endDate": "2027-04-03T00:00:00",
			"babyDueDate": "2026-07-08T00:00:00", "averageWeeklyEarningsOverride": 500}).Expect(t, 200).Map(t)["id"]))
		for _, day := range []string{"2026-07-11", "2026-07-18", "2026-07-25", "2026-08-01", "2026-08-08", "2026-08-15"} {
			P := e.run(t, day, 0, 0)
			expectAmount(t, "SMP week to "+day, e.totals(t, P, ann)["grossEarnings"], 450)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		U := fmt.Sprintf("%ssmp/%d/earnings", SL, smp)
		e.Do("PUT", U, e.Key, map[string]any{"averageWeeklyEarningsOverride": 480}).Expect(t, 400)
		e.Do("PUT", U, e.Key, map[string]any{"averageWeeklyEarningsOverride": 560, "payRisePercent": 12, "payRiseEffectiveDate": "2026-07-01T00:00:00"}).Expect(t, 400)
		pd := e.Do("PUT", U, e.Key, map[string]any{"payRisePercent": 12, "payRiseEffectiveDate": "2026-07-01T00:00:00"}).Expect(t, 400).Map(t)
		if !strings.Contains(fmt.Sprint(pd), "averageWeeklyEarningsOverride") {
			t.Errorf("a rise on an override: %v", pd)
		}
		calc := func() map[string]any {
			return e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, smp), e.Key, nil).Expect(t, 200).Map(t)
		}
		expectAmount(t, "AWE after the refusals", calc()["averageWeeklyEarnings"], 500)

		got := e.Do("PUT", U, e.Key, map[string]any{"averageWeeklyEarningsOverride": 560}).Expect(t, 200).Map(t)
		expectAmount(t, "stored AWE", got["averageWeeklyEarnings"], 560)
		expectAmount(t, "weeks paid", got["weeksPaid"], 6)
		for i, p := range calc()["payments"].([]any) {
			m := p.(map[string]any)
			switch {
			case i < 6:
				expectAmount(t, fmt.Sprintf("week %d rate", i+1), m["weeklyRate"], 504)
				expectAmount(t, fmt.Sprintf("week %d paid", i+1), m["amountPaid"], 450)
			case i == 6:
				expectAmount(t, "week 7 rate", m["weeklyRate"], 194.32)
			}
		}

		P := e.run(t, "2026-08-22", 0, 0)
		tot := e.totals(t, P, ann)
		expectAmount(t, "week 7 gross", tot["grossEarnings"], 518.32)
		expectAmount(t, "week 7 employee NI", tot["employeeNationalInsuranceContribution"], 22.10)
		expectAmount(t, "week 7 employer NI", tot["employerNationalInsuranceContribution"], 63.35)
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, ann), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(ann)].([]any)
		var arrears int
		for _, l := range lines {
			m := l.(map[string]any)
			if strings.Contains(fmt.Sprint(m["notes"]), "arrears") {
				arrears++
				expectAmount(t, "arrears line", m["earnings"], 54)
				if n := fmt.Sprint(m["notes"]); !strings.Contains(n, "504.00") || !strings.Contains(n, "450.00") || !strings.Contains(n, "560.00") {
					t.Errorf("arrears notes %q, want the new rate, the paid amount and the AWE", n)
				}
			}
		}
		if arrears != 6 {
			t.Errorf("%d arrears lines, want 6: %v", arrears, lines)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		fps := e.Do("POST", e.B+"/report/fps", e.Key, map[string]any{"payRunId": num(t, e.Do("GET", P, e.Key, nil).Expect(t, 200).Map(t)["id"])}).Expect(t, 200).Map(t)
		expectAmount(t, "FPS SMP to date", fps["employees"].([]any)[0].(map[string]any)["figuresToDate"].(map[string]any)["smpytd"], 3218.32)
		for i, p := range calc()["payments"].([]any) {
			if m := p.(map[string]any); i < 6 && num(t, m["amountPaid"]) != 504 {
				t.Errorf("week %d paid %v after the arrears, want 504.00", i+1, m["amountPaid"])
			}
		}
		expectAmount(t, "weeks paid after the arrears", e.Do("GET", fmt.Sprintf("%ssmp/%d", SL, smp), e.Key, nil).Expect(t, 200).Map(t)["weeksPaid"], 7)

		expectAmount(t, "week 8 gross", e.totals(t, e.run(t, "2026-08-29", 0, 0), ann)["grossEarnings"], 194.32)
	})
}
