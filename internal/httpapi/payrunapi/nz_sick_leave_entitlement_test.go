package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// NZ sick leave (Holidays Act 2003 s 63(1)(a), (2): entitled after 6
// months' current continuous employment, and again each 12 months after
// that; s 65(2): 10 days for each of those periods from 24 July 2021;
// s 66: unused sick leave carries over, at most 20 days held;
// employment.govt.nz: the employer may agree to sick leave in advance, the
// Act gives none before; docs/reference/nz-sick-leave.md). The NZ
// defaults' category: 10 days, balance in days, capped at 20, paid through
// "Sick Leave Pay". Monthly pay, $62,400 a year, 40 hours a week of 8-hour
// days: $5,200 a month, $30 an hour.
//   - Mia joined on 1 May 2026: her first entitlement is on 1 November
//     2026. Sick on 10 August (8 hours): no entitlement, so unpaid:
//     August gross 5,200 − 8 × 30 = 4,960, and her sick balance stays 0
//     (nothing accrues pay run by pay run). November (1 November in the
//     period): 10 days.
//   - Ken joined on 1 May 2025 (first entitled on 1 November 2025, his
//     sick leave anniversary 12 months later, 1 November 2026) and holds
//     15 days (120 hours entered in August); on 1 November 2026 he gets
//     only 5 more: 20 days at most.
func TestNZSickLeaveEntitlementAfterSixMonths(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		pay := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Sick Leave Pay", "rateUnit": "Hourly"}).Expect(t, 200).Map(t)["id"]))
		sick := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Sick Leave", "units": 10, "unitType": "Days",
			"leaveUnitType": "Days", "leaveCategoryType": "Standard", "automaticallyAccrues": true, "transferToPayCategoryId": pay,
			"excludeFromTerminationPayout": true, "leaveAccrualRule": map[string]any{"capType": "Limited", "unitCap": 20}}).Expect(t, 200).Map(t)["id"]))
		emp := func(first, start string) int64 {
			return e.employee(t, first, "Monthly", map[string]any{"rate": 62400, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8,
				"taxCodeDeclaration_TaxCode": "M", "startDate": start + "T00:00:00"})
		}
		mia, ken := emp("Mia", "2026-05-01"), emp("Ken", "2025-05-01")
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, mia), e.Key, map[string]any{"leaveCategoryId": sick,
			"fromDate": "2026-08-10T00:00:00", "toDate": "2026-08-10T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		aug := e.run(t, "2026-08-31", 0, 0)
		e.Do("POST", aug+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ken): []any{
			map[string]any{"leaveCategoryId": sick, "amount": 120}}}}).Expect(t, 200)
		expectAmount(t, "Mia August gross", e.totals(t, aug, mia)["grossEarnings"], 4960)
		if l := e.linesNamed(t, aug, mia, "Sick Leave Pay"); len(l) != 0 {
			t.Errorf("Mia's sick leave before her entitlement was paid: %v", l)
		}
		e.Do("POST", aug+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, mia, sick, "2026-08-31"); b != 0 {
			t.Errorf("Mia's sick balance after August = %v days, want 0", b)
		}
		if b, _ := e.balanceOf(t, ken, sick, "2026-08-31"); b != 15 {
			t.Errorf("Ken's sick balance after August = %v days, want 15", b)
		}
		oct := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, mia, sick, "2026-10-31"); b != 0 {
			t.Errorf("Mia's sick balance after October = %v days, want 0 (6 months on 1 November)", b)
		}
		nov := e.run(t, "2026-11-30", 0, 0)
		e.Do("POST", nov+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, mia, sick, "2026-11-30"); b != 10 {
			t.Errorf("Mia's sick balance after November = %v days, want 10", b)
		}
		if b, _ := e.balanceOf(t, ken, sick, "2026-11-30"); b != 20 {
			t.Errorf("Ken's sick balance after November = %v days, want 20 (carried over to the 20-day most)", b)
		}
	})
}
