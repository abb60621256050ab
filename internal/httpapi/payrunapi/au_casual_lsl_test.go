package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// AU casuals accrue long service leave and nothing else (state and
// territory LSL Acts count casual service: NSW Long Service Leave Act 1955
// s 4(11)(a), Vic Long Service Leave Act 2018 s 3 "employee"; the NES
// annual and personal/carer's leave do not apply to casuals, Fair Work Act
// 2009 ss 86, 95; docs/reference/au-long-service-leave-casuals.md). Cas,
// a casual at $30 an hour for 40 hours a week in NSW, and Ful, full time on
// $1,000 for 40 hours, in the week ending 22 November 2026. The default
// LSL category accrues 2 months (8 2/3 weeks) per 10 years = 8.6667 ÷ 520
// = 0.016667 hours per hour: 40 × 0.016667 = 0.66668 → 0.6667 hours, for
// both. Annual leave (4 weeks a year: 0.076923 h/h × 40 = 3.07692 →
// 3.0769) and personal leave (0.038462 × 40 = 1.53848 → 1.5385) accrue to
// Ful only.
func TestAuditAUCasualAccruesLongServiceLeaveOnly(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cas := e.employee(t, "Cas", map[string]any{"rate": 30, "rateUnit": "Hourly", "employmentType": "Casual"})
		ful := e.employee(t, "Ful", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		var acc map[string]any
		e.Do("GET", P+"/leaveaccrued", e.Key, nil).Expect(t, 200).JSON(t, &acc)
		byName := func(emp int64) map[string]float64 {
			got := map[string]float64{}
			lines, _ := acc["leave"].(map[string]any)[fmt.Sprint(emp)].([]any)
			for _, a := range lines {
				m := a.(map[string]any)
				got[fmt.Sprint(m["leaveCategoryName"])] += num(t, m["amount"])
			}
			return got
		}
		for _, c := range []struct {
			name string
			emp  int64
			want map[string]float64
		}{
			{"casual", cas, map[string]float64{"Long Service Leave": 0.6667}},
			{"full time", ful, map[string]float64{"Long Service Leave": 0.6667, "Annual Leave": 3.0769, "Personal/Carer's Leave": 1.5385}},
		} {
			got := byName(c.emp)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%s accrued %v, want %v", c.name, got, c.want)
			}
		}
	})
}
