package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// SG annual leave accrues by the year of service (Employment Act 1968 s
// 88A: 7 days in the first year of service, one more day for each further
// year up to 14; MOM, "Annual leave eligibility and entitlement"): Tia,
// 8-hour days, joined on 1 March 2024; in September 2026 she is in her
// third year of service (2 completed years), so 9 days a year: a month
// accrues 9 × 8 ÷ 12 = 6.0000 hours (the category's first-year 7 days
// would give 4.6667). Ben, who joined on 1 March 2026, is in his first
// year: 7 × 8 ÷ 12 = 4.6667 hours.
func TestAuditSGAnnualLeaveAccruesByYearOfService(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		annual := e.sgAnnualLeave(t, 7, []int{7, 8, 9, 10, 11, 12, 13, 14})
		tia := e.sgMonthly(t, "Tia", "2024-03-01")
		ben := e.sgMonthly(t, "Ben", "2026-03-01")
		P := e.run(t, "2026-09-30", 0, 0)
		var acc map[string]any
		e.Do("GET", P+"/leaveaccrued", e.Key, nil).Expect(t, 200).JSON(t, &acc)
		for emp, want := range map[int64]float64{tia: 6, ben: 4.6667} {
			var got []float64
			for _, a := range acc["leave"].(map[string]any)[fmt.Sprint(emp)].([]any) {
				m := a.(map[string]any)
				if fmt.Sprint(m["leaveCategoryId"]) == fmt.Sprint(annual) {
					got = append(got, num(t, m["amount"]))
				}
			}
			if len(got) != 1 || got[0] != want {
				t.Errorf("employee %d accrued %v hours, want %v: %v", emp, got, want, acc)
			}
		}
	})
}
