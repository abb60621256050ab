package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SG approved no-pay leave makes an incomplete month of work (Ministry of
// Manpower, "How to compute the salary of an employee who is on no-pay
// leave for the month"; "Salary for an incomplete month of work": monthly
// gross rate of pay ÷ working days in the month × days the employee
// actually worked; docs/reference/sg-annual-leave-completed-months.md).
// Siti, $8,000 a month, 40 hours a week, 8 hours a day, Monday to Friday,
// takes 3 days (24 hours) of unpaid leave on Tuesday 13 to Thursday 15
// October 2026. October 2026 has 22 working days (31 days, less the
// Saturdays and Sundays 3-4, 10-11, 17-18, 24-25 and 31; a public holiday
// counts as a working day), so she is paid 8,000 ÷ 22 × 19 =
// 6,909.09 (6,909.0909). Before, the hours were taken at the hourly rate
// (8,000 × 12 ÷ 52 ÷ 40 = 46.1538 × 24 = 1,107.69): 6,892.31.
func TestSGNoPayLeaveIsAnIncompleteMonth(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		// No pay category: the leave is unpaid (leaveLines).
		unpaid := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Unpaid Leave", "leaveUnitType": "Hours",
			"leaveCategoryType": "Standard", "isBalanceUntracked": true}).Expect(t, 200).Map(t)["id"]))
		siti := e.employee(t, "Siti", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"startDate": "2025-01-01T00:00:00"})
		e.workWeek(t, siti, 5, false)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, siti), e.Key, map[string]any{"leaveCategoryId": unpaid,
			"fromDate": "2026-10-13T00:00:00", "toDate": "2026-10-15T00:00:00", "hours": 24, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "October gross", e.totals(t, P, siti)["grossEarnings"], 6909.09)
	})
}
