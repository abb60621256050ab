package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Irregular-hours workers (Working Time Regulations 1998 regs 15B and 16A
// as inserted by the Employment Rights (Amendment, Revocation and
// Transitional Provision) Regulations 2023, leave years from 1 April
// 2024; docs/reference/uk-holiday-irregular-hours.md): holiday accrues at
// 12.07% of the hours worked in each pay period (reg 15B(2)), and the
// employer may instead pay rolled-up holiday pay of 12.07% of the pay for
// work done in the period, shown as a separate item on the payslip (reg
// 16A). Cas, a casual on £15 an hour, works 2 × 10 hours in the week ending
// Sunday 15 November 2026:
//   - accrued: 20 × 12.07% = 2.414 hours (before: nothing, the AU rule
//     that casuals accrue no NES leave was applied to UK casuals);
//   - rolled-up holiday pay: 12.07% × 300.00 = 36.21 in its own pay
//     category, on the payslip; gross 300 + 36.21 = 336.21.
func TestUKIrregularHoursAccrualAndRolledUpHolidayPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		id := func(path string, body map[string]any) int64 {
			return int64(num(t, e.Do("POST", e.B+path, e.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		worked := id("/paycategory", map[string]any{"name": "Hours Worked", "rateUnit": "Hourly", "accruesLeave": true})
		ruhp := id("/paycategory", map[string]any{"name": "Rolled-up Holiday Pay", "rateUnit": "Fixed", "accruesLeave": false})
		testkit.ExpectProblem(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "No line", "units": 0.1207,
			"unitType": "HoursPerHourWorked", "rolledUpHolidayPayPercent": 12.07}), 400, "transferToPayCategoryId")
		id("/leavecategory", map[string]any{"name": "Holiday (Irregular Hours)", "units": 0.1207, "unitType": "HoursPerHourWorked",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true,
			"rolledUpHolidayPayPercent": 12.07, "transferToPayCategoryId": ruhp})
		cas := e.employee(t, "Cas", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "employmentType": "Casual", "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		approvedTimesheet(t, e.Bundle, e.B, cas, worked, "2026-11-09T08:00:00", "2026-11-09T18:00:00")
		approvedTimesheet(t, e.Bundle, e.B, cas, worked, "2026-11-10T08:00:00", "2026-11-10T18:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-15", "2026-11-15")

		lines := e.linesNamed(t, P, cas, "Rolled-up Holiday Pay")
		if len(lines) != 1 {
			t.Fatalf("rolled-up holiday pay lines %v, want one", lines)
		}
		expectAmount(t, "rolled-up holiday pay", lines[0]["earnings"], 36.21)
		expectAmount(t, "gross", e.totals(t, P, cas)["grossEarnings"], 336.21)

		var acc map[string]any
		e.Do("GET", P+"/leaveaccrued", e.Key, nil).Expect(t, 200).JSON(t, &acc)
		var accrued float64
		got, _ := acc["leave"].(map[string]any)[fmt.Sprint(cas)].([]any)
		for _, a := range got {
			if m := a.(map[string]any); m["leaveCategoryName"] == "Holiday (Irregular Hours)" {
				accrued += num(t, m["amount"])
			}
		}
		if accrued != 2.414 {
			t.Errorf("accrued %v hours, want 2.414 (%v)", accrued, acc)
		}

		slip := string(e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, cas), e.Key, nil).Expect(t, 200).Body)
		if !strings.Contains(slip, "Rolled-up Holiday Pay") || !strings.Contains(slip, "36.21") {
			t.Errorf("the payslip does not show the rolled-up holiday pay as its own item: %s", slip)
		}
	})
}
