package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SG annual leave paid on termination counts completed months of service
// (Employment Act 1968 s 88A; MOM, "Annual leave eligibility and
// entitlement": (completed months of service ÷ 12) × the year's days, a
// fraction under one half dropped, one half or more a whole day; under 3
// months of service no annual leave). Facts and sources:
// docs/reference/sg-annual-leave-completed-months.md. Each figure is
// derived by hand below; the monthly salary is $8,000 for 40 hours a week
// of 8-hour days, Monday to Friday, so MOM's gross rate of pay for a day is
// 12 × 8,000 ÷ (52 × 5) = 369.2308 (46.153846 an hour).

// sgAnnualLeave adds an annual leave category of days a year (kept in
// days, accruing by itself like the SG defaults'), with yearly tiers by
// year of service when tiers is given.
func (e *regionEnv) sgAnnualLeave(t *testing.T, days int, tiers []int) int64 {
	t.Helper()
	body := map[string]any{"name": "Holiday", "units": days, "unitType": "Days", "leaveUnitType": "Days",
		"leaveCategoryType": "Standard", "automaticallyAccrues": true}
	if len(tiers) > 0 {
		var list []any
		for i, d := range tiers {
			list = append(list, map[string]any{"accrualStartAfter": i, "accrualStartAfterUnitType": "Year", "accrualAmount": d, "accrualUnitType": "Yearly"})
		}
		body["leaveEntitlement"] = map[string]any{"leaveEntitlementTiers": list}
	}
	return int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, body).Expect(t, 200).Map(t)["id"]))
}

func (e *regionEnv) sgMonthly(t *testing.T, first, start string) int64 {
	t.Helper()
	emp := e.employee(t, first, "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
		"startDate": start + "T00:00:00"})
	e.workWeek(t, emp, 5, false)
	return emp
}

// First year: Sue joins on 15 January 2026 with 7 days a year,
// takes one day (Monday 7 September) and leaves on Tuesday 20
// October. Completed months 15 January to 14 October = 9 (15 to
// 20 October is not a completed month): 7 × 9 ÷ 12 = 5.25 → 5
// days; less 1 taken = 4 days × 369.2308 = 1,476.92 (32 hours ×
// 46.153846 = 1,476.923). Salary for the incomplete month (MOM):
// October 2026 has 22 working days (Monday to Friday), she worked
// 14 (1-2, 5-9, 12-16, 19-20): 8,000 × 14 ÷ 22 = 5,090.909 →
// 5,090.91. Gross 6,567.83. (The ledger's calendar-day accrual,
// September's 4.6667 hours and 20/31 of it in October, less the
// 8 hours taken, is below nothing: no leave would be paid.)
func TestAuditSGAnnualLeaveFirstYearCompletedMonths(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		annual := e.sgAnnualLeave(t, 7, nil)
		sue := e.sgMonthly(t, "Sue", "2026-01-15")
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, sue), e.Key, map[string]any{"leaveCategoryId": annual,
			"fromDate": "2026-09-07T00:00:00", "toDate": "2026-09-07T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		sep := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, sue, "2026-10-20")
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, sue), 1476.92)
		expectAmount(t, "final gross", e.totals(t, P, sue)["grossEarnings"], 6567.83)
	})
}

// Under 3 months: Tan joins on 1 August 2026 and leaves on 20
// October; completed months 2 (1 August to 30 September): s 88A
// gives annual leave only after 3 months of service, so nothing
// is paid out although October's run accrued 7 × 8 ÷ 12 × 20 ÷ 31
// = 3.0108 hours. Salary 5,090.91 as above.
func TestAuditSGAnnualLeaveUnderThreeMonths(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		e.sgAnnualLeave(t, 7, nil)
		tan := e.sgMonthly(t, "Tan", "2026-08-01")
		e.leaveOn(t, tan, "2026-10-20")
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, tan), 0)
		expectAmount(t, "final gross", e.totals(t, P, tan)["grossEarnings"], 5090.91)
	})
}

// A later year, by the category's tiers (MOM's table: 7 days in
// the 1st year of service, 8 in the 2nd, 9 in the 3rd): Lim joins
// on 1 March 2024 and leaves on 20 October 2026, in her 3rd year
// (from 1 March 2026). Completed months of that year: March to
// September = 7 (1 to 20 October is not completed): 9 × 7 ÷ 12 =
// 5.25 → 5 days = 40 hours × 46.153846 = 1,846.15. Nothing was
// carried from earlier years (the payroll starts in October).
func TestAuditSGAnnualLeaveThirdYearByTiers(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		e.sgAnnualLeave(t, 7, []int{7, 8, 9, 10, 11, 12, 13, 14})
		lim := e.sgMonthly(t, "Lim", "2024-03-01")
		e.leaveOn(t, lim, "2026-10-20")
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, lim), 1846.15)
		expectAmount(t, "final gross", e.totals(t, P, lim)["grossEarnings"], 6937.06)
	})
}
