package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SMP after a pay rise in the relevant period (Statutory Maternity Pay
// (General) Regulations 1986 reg 21(7), as amended from 6 April 2005
// after Alabaster: a rise that applies to any part of the period from the
// start of the relevant period to the end of the maternity leave counts
// "as if such an increase applied in each week of the relevant period";
// HMRC SPM172200; docs/reference/uk-smp-pay-rise.md).
// Mia is paid £2,600 a month (paid on the last day of the month); her
// pay rises 4% to £2,704 from 1 September 2026. Baby due Wednesday 13
// January 2027: the expected week of childbirth starts Sunday 10 January
// 2027, the qualifying week (15 weeks before) is Sunday 27 September to
// Saturday 3 October 2026. The last payday on or before 3 October is 30
// September; 8 weeks before it is 5 August, the last payday on or before
// that is 31 July: the relevant period is the paydays 31 August (2,600,
// for August) and 30 September (2,704), 2 months.
//   - Without the rise: AWE (2,600 + 2,704) × 12 ÷ (52 × 2) = 612.00;
//     90% = 550.80.
//   - With reg 21(7): August's pay is raised 4% to 2,704 (its period ends
//     before 1 September; September's already has the rise): AWE (2,704
//   - 2,704) × 12 ÷ 104 = 624.00; 90% = 561.60 for weeks 1-6, then the
//     flat rate 194.32 (2026-27, payroll-rules-2026-27.md §2.7; lower
//     than 561.60) for weeks 7-12. Her leave runs 3 January to 27 March
//     2027 (12 weeks, all in 2026-27): 6 × 561.60 + 6 × 194.32 =
//     3,369.60 + 1,165.92 = 4,535.52.
//   - Eve has the same pay and a 4% rise from 1 February 2027, during her
//     leave (reg 21(7) reaches to the end of the leave): both months of
//     the relevant period are raised, (2,704 + 2,812.16) × 12 ÷ 104 =
//     636.48; 90% = 572.832, rounded up to 572.84 for weeks 1-6; total 6
//     × 572.84 + 6 × 194.32 = 3,437.04 + 1,165.92 = 4,602.96.
//   - A rise from 15 August falls inside August's pay period: refused
//     (400 naming payRiseEffectiveDate, nothing stored); a rise with SPP is
//     refused (reg 21(7) is SMP's rule).
func TestUKSMPPayRiseInTheRelevantPeriod(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		mia := e.employee(t, "Mia", "Monthly", map[string]any{"rate": 2600, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"gender": "Female", "startDate": "2025-01-06T00:00:00"})
		eve := e.employee(t, "Eve", "Monthly", map[string]any{"rate": 2600, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"gender": "Female", "startDate": "2025-01-06T00:00:00"})
		for _, day := range []string{"2026-06-30", "2026-07-31", "2026-08-31", "2026-09-30"} {
			if day == "2026-09-30" {
				for _, emp := range []int64{mia, eve} {
					e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, emp), e.Key, map[string]any{"rate": 2704}).Expect(t, 200)
				}
			}
			P := e.run(t, day, 0, 0)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		SL := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, mia)
		body := func(rise string, extra map[string]any) map[string]any {
			m := map[string]any{"startDate": "2027-01-03T00:00:00", "endDate": "2027-03-27T00:00:00", "babyDueDate": "2027-01-13T00:00:00",
				"payRisePercent": 4, "payRiseEffectiveDate": rise + "T00:00:00"}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		// Refused, nothing stored.
		pd := e.Do("POST", SL+"smp", e.Key, body("2026-08-15", nil)).Expect(t, 400).Map(t)
		if s := fmt.Sprint(pd); !strings.Contains(s, "payRiseEffectiveDate") {
			t.Errorf("mid-period rise: %v", pd)
		}
		e.Do("POST", SL+"spp", e.Key, body("2026-09-01", nil)).Expect(t, 400)
		var stored []any
		e.Do("GET", SL+"smp", e.Key, nil).Expect(t, 200).JSON(t, &stored)
		if len(stored) != 0 {
			t.Errorf("refused SMP stored: %v", stored)
		}
		smp := int64(num(t, e.Do("POST", SL+"smp", e.Key, body("2026-09-01", nil)).Expect(t, 200).Map(t)["id"]))
		c := e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SL, smp), e.Key, nil).Expect(t, 200).Map(t)
		expectAmount(t, "AWE with the rise", c["averageWeeklyEarnings"], 624)
		pays := c["payments"].([]any)
		var sum float64
		for i, p := range pays {
			m := p.(map[string]any)
			want := 194.32
			if i < 6 {
				want = 561.60
			}
			if num(t, m["weeklyRate"]) != want {
				t.Errorf("week %d rate %v, want %.2f", i+1, m["weeklyRate"], want)
			}
			sum += num(t, m["amount"])
		}
		if len(pays) != 12 || fmt.Sprintf("%.2f", sum) != "4535.52" {
			t.Errorf("%d SMP weeks summing to %.2f, want 12 and 4,535.52", len(pays), sum)
		}
		got := e.Do("GET", fmt.Sprintf("%ssmp/%d", SL, smp), e.Key, nil).Expect(t, 200).Map(t)
		expectAmount(t, "stored pay rise", got["payRisePercent"], 4)

		SE := fmt.Sprintf("%s/employee/%d/statutoryleave/", e.B, eve)
		smp = int64(num(t, e.Do("POST", SE+"smp", e.Key, body("2027-02-01", nil)).Expect(t, 200).Map(t)["id"]))
		c = e.Do("GET", fmt.Sprintf("%ssmpcalc?id=%d", SE, smp), e.Key, nil).Expect(t, 200).Map(t)
		expectAmount(t, "Eve's AWE with a rise during the leave", c["averageWeeklyEarnings"], 636.48)
		sum = 0
		for i, p := range c["payments"].([]any) {
			m := p.(map[string]any)
			if want := 572.84; i < 6 && num(t, m["weeklyRate"]) != want {
				t.Errorf("Eve week %d rate %v, want %.2f", i+1, m["weeklyRate"], want)
			}
			sum += num(t, m["amount"])
		}
		if fmt.Sprintf("%.2f", sum) != "4602.96" {
			t.Errorf("Eve's SMP %.2f, want 4,602.96", sum)
		}
	})
}
