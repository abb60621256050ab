package payrunapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// 1st- and 2nd-year Singapore permanent residents above 55 on the
// default graduated employer and employee rates (G/G), the CPF Board's
// 2026 SPR table (as transcribed in the QuikForge-Limited
// singapore-cpf-rates data set; docs/reference/sg-sdl-and-spr-rates.md):
// 1st year above 55 to 60: employer 4%, employee 5%; 2nd year above 55 to
// 60: 6% / 12.5%; 2nd year above 60 to 65: 3.5% / 7.5%. The year of SPR
// status: the 1st year runs to the end of the month of the first
// anniversary, the 2nd from the month after (CPF Board).
// November 2026, $5,000 a month:
//   - Ang, born 1968 (58), PR since 2026-03-10 (1st year): 9% × 5,000 =
//     450, employee 250, employer 200.
//   - Bala, born 1968, PR since 2025-06-15 (17 months: 2nd year): 18.5% ×
//     5,000 = 925, employee 625, employer 300.
//   - Chen, born 1963 (63), PR since 2025-06-15 (2nd year): 11% × 5,000 =
//     550, employee 375, employer 175.
//
// Before: the pay could not be calculated ("CPF rates for 1st/2nd-year
// SPRs above age 55 are not in the rules tables").
func TestSGSPRYears1And2Above55(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		pr := func(name, dob, since string) int64 {
			return e.employee(t, name, "Monthly", map[string]any{"rate": 5000, "rateUnit": "Monthly", "hoursPerWeek": 40, "legalStatus": "Permanent Resident",
				"dateOfBirth": dob + "T00:00:00", "obtainedResidencyDate": since + "T00:00:00", "startDate": "2020-01-01T00:00:00"})
		}
		ang := pr("Ang", "1968-02-10", "2026-03-10")
		bala := pr("Bala", "1968-02-10", "2025-06-15")
		chen := pr("Chen", "1963-05-05", "2025-06-15")
		P := e.run(t, "2026-11-30", 0, 0)
		for _, c := range []struct {
			name   string
			id     int64
			ee, er float64
		}{{"Ang", ang, 250, 200}, {"Bala", bala, 625, 300}, {"Chen", chen, 375, 175}} {
			tot := e.totals(t, P, c.id)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}
