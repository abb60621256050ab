package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A salaried employee who keeps timesheets (modern awards require the
// records of salaried staff since 1 March 2020) is paid the salary for
// their ordinary hours, not the salary and the timesheets: Employment
// Hero's salaried staff submit timesheets "whilst still being paid their
// normal working hours". Overtime on a timesheet is still paid.
//
// Sam, $1,000 a week for 40 hours ($25 an hour), works 8 hours on each of
// Monday 16 to Friday 20 November 2026 on Ordinary Hours and 2 hours on
// Friday evening on the default "Overtime 1.5x": 1,000.00 + 2 × 25 × 1.5 =
// 75.00, gross 1,075.00 (before: 2,075.00, the 40 hours paid again on top
// of the salary). W(1075) = 0.3227 × 1075.99 − 185.1935 = 162.03 → 162
// (Schedule 1, scale 2, 2026-27: payroll-rules-2026-27.md §1); SG 12% ×
// 1,000 = 120.00 (overtime is not ordinary time earnings, SGR 2009/2).
func TestAuditAUSalariedTimesheetsPaidTheSalary(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		sam := e.employee(t, "Sam", nil)
		b := withBusiness(e)
		for day := 16; day <= 20; day++ {
			approvedTimesheet(t, b, e.B, sam, e.pay["Ordinary Hours"], fmt.Sprintf("2026-11-%02dT08:00:00", day), fmt.Sprintf("2026-11-%02dT16:00:00", day))
		}
		approvedTimesheet(t, b, e.B, sam, e.pay["Overtime 1.5x"], "2026-11-20T17:00:00", "2026-11-20T19:00:00")
		P := timesheetRun(t, b, e.B, e.weekly, "2026-11-22", "2026-11-25")
		want(t, "Sam (salary and timesheets)", e.totals(t, P, sam), map[string]int64{"grossEarnings": 107500, "paygWithheld": 16200, "superContribution": 12000})
	})
}
