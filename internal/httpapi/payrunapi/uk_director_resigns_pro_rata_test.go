package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A director appointed during the year who then resigns keeps the
// pro-rata earnings period to the year's end (SSCR 2001 reg 8(2)-(3);
// NIM12022, NIM12024), and the NI set against it is the NI of that period
// only, not the NI paid as an ordinary employee before the appointment.
// Joy, £3,000 a month, 1257L, category A, is appointed on Monday 5 October
// 2026 (tax week 27, which starts that day: 26 weeks to the year's end, PT
// 12,570 ÷ 52 × 26 = 6,285, ST 5,000 ÷ 52 × 26 = 2,500, NIM01206; the
// September payment falls in week 26, outside the period) on the annual
// method and resigns on 30 November (flag cleared, end date set).
//   - April to September, per month: employee 8% × (3,000 − 1,048) =
//     156.16; employer 15% × (3,000 − 417) = 387.45.
//   - October: 3,000 to date ≤ 6,285, employee nil; employer 15% × (3,000
//     − 2,500) = 75.00.
//   - November: 6,000 ≤ 6,285, nil; employer 15% × 3,500 = 525.00 less
//     75.00 = 450.00.
//   - December (no longer a director, same period): employee 8% × (9,000
//     − 6,285) = 217.20 less nil; employer 15% × 6,500 = 975.00 less
//     525.00 = 450.00. Setting the year's NI (936.96 / 2,924.70) against
//     the period's figures would charge nothing.
func TestUKDirectorAppointedInYearResignsKeepsProRataPeriod(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		joy := e.employee(t, "Joy", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2020-01-06T00:00:00"})
		month := func(day string, employee, employer float64) {
			t.Helper()
			P := e.run(t, day, 0, 0)
			tot := e.totals(t, P, joy)
			expectAmount(t, day+" employee NI", tot["employeeNationalInsuranceContribution"], employee)
			expectAmount(t, day+" employer NI", tot["employerNationalInsuranceContribution"], employer)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		for _, day := range []string{"2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31", "2026-08-31", "2026-09-30"} {
			month(day, 156.16, 387.45)
		}
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, joy), e.Key, map[string]any{"isCompanyDirector": "true",
			"appointmentStartDate": "2026-10-05T00:00:00", "nationalInsuranceCalculationMethod": "Cumulative"}).Expect(t, 200)
		month("2026-10-31", 0, 75)
		month("2026-11-30", 0, 450)
		e.Do("PUT", fmt.Sprintf("%s/employee/unstructured/%d", e.B, joy), e.Key, map[string]any{"isCompanyDirector": "false",
			"appointmentEndDate": "2026-11-30T00:00:00"}).Expect(t, 200)
		month("2026-12-31", 217.20, 450)
	})
}
