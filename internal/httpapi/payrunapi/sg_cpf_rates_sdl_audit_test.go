package payrunapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A further SG audit in 2026 (CPF rates from 1 January 2026 and the OW
// ceiling $8,000, payroll-rules-2026-27.md §4.1-4.2; rounding: total to
// the dollar, 50 cents up, employee share's cents dropped, employer =
// total − employee). Figures derived by hand from the CPF Board's and the
// Skills Development Levy Act's rules, not from our output.

// The age band changes the month after the birthday (CPF Board: the
// "55 and below" rates apply up to the month of the 55th birthday, the
// "above 55 to 60" rates from the month after; payroll-rules-2026-27.md
// §4.1). Gus, born 10 June 1971, $5,000 a month:
//   - June 2026 (turns 55): 37% = 1,850, employee 20% = 1,000, employer
//     850;
//   - July 2026: 34% = 1,700, employee 18% = 900, employer 800.
func TestAuditSGAgeBandChangesAfterTheBirthdayMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		gus := e.employee(t, "Gus", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "dateOfBirth": "1971-06-10T00:00:00",
			"startDate": "2020-01-01T00:00:00"})
		P := e.run(t, "2026-06-30", 0, 0)
		tot := e.totals(t, P, gus)
		expectAmount(t, "June CPF employee", tot["cpfEmployeeContributionAmount"], 1000)
		expectAmount(t, "June CPF employer", tot["cpfEmployerContributionAmount"], 850)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		tot = e.totals(t, e.run(t, "2026-07-31", 0, 0), gus)
		expectAmount(t, "July CPF employee", tot["cpfEmployeeContributionAmount"], 900)
		expectAmount(t, "July CPF employer", tot["cpfEmployerContributionAmount"], 800)
	})
}

// Singapore permanent residents in their first and second years (CPF
// Board, "Contribution rates for Singapore Permanent Residents (SPRs)":
// graduated employer and employee rates, G/G, unless the employer and
// employee jointly apply to contribute at the full rates, F/F, or the
// employer alone at the full employer rate, F/G; from the third year the
// citizens' rates). Age 55 and below, $5,000 in June 2026:
//   - Pia, PR from 1 March 2026 (1st year), G/G 4% / 5%: total 9% = 450,
//     employee 250, employer 200;
//   - Pam, PR from 1 March 2025 (2nd year), G/G 9% / 15%: total 24% =
//     1,200, employee 750, employer 450;
//   - Pat, PR from 1 January 2024 (3rd year): 37% = 1,850, employee 1,000,
//     employer 850;
//   - Pax, PR from 1 March 2026 (1st year) with the full rates applied
//     for (applyFullCpfRate, F/F): as Pat, 1,850 / 1,000 / 850.
func TestAuditSGPermanentResidentFirstSecondYearAndFullRates(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		pr := func(name, since string, full bool) int64 {
			return e.employee(t, name, "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "legalStatus": "Permanent Resident",
				"obtainedResidencyDate": since + "T00:00:00", "applyFullCpfRate": full, "startDate": "2020-01-01T00:00:00"})
		}
		pia, pam, pat, pax := pr("Pia", "2026-03-01", false), pr("Pam", "2025-03-01", false), pr("Pat", "2024-01-01", false), pr("Pax", "2026-03-01", true)
		P := e.run(t, "2026-06-30", 0, 0)
		for _, c := range []struct {
			name   string
			emp    int64
			ee, er float64
		}{{"Pia", pia, 250, 200}, {"Pam", pam, 750, 450}, {"Pat", pat, 1000, 850}, {"Pax", pax, 1000, 850}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
	})
}

// The Skills Development Levy (Skills Development Levy Act 1979 s 3(1),
// (1A): 0.25% of the first $4,500 of each employee's monthly
// remuneration, at least $2; payroll-rules-2026-27.md §4.3), June 2026:
//   - Fay, a foreigner (no CPF), $700: 0.25% × 700 = 1.75 → the minimum
//     2.00;
//   - Cal, a citizen, $2,000: 5.00 (CPF 37% = 740, employee 400, employer
//     340);
//   - Hal, a citizen, $6,000: 0.25% × 4,500 = 11.25;
//   - Sue, a citizen, $6,000, marked SDL-exempt by the employer
//     (sdlExempt): no levy.
func TestAuditSGSkillsDevelopmentLevyBounds(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		fay := e.employee(t, "Fay", "Monthly", map[string]any{"rate": 700, "rateUnit": "Fixed", "legalStatus": "Foreigner"})
		cal := e.employee(t, "Cal", "Monthly", map[string]any{"rate": 2000, "rateUnit": "Fixed"})
		hal := e.employee(t, "Hal", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Fixed"})
		sue := e.employee(t, "Sue", "Monthly", map[string]any{"rate": 6000, "rateUnit": "Fixed", "sdlExempt": true})
		P := e.run(t, "2026-06-30", 0, 0)
		for _, c := range []struct {
			name string
			emp  int64
			sdl  float64
		}{{"Fay", fay, 2}, {"Cal", cal, 5}, {"Hal", hal, 11.25}, {"Sue", sue, 0}} {
			expectAmount(t, c.name+" SDL", e.totals(t, P, c.emp)["sdlContributionAmount"], c.sdl)
		}
		tot := e.totals(t, P, cal)
		expectAmount(t, "Cal CPF employee", tot["cpfEmployeeContributionAmount"], 400)
		expectAmount(t, "Cal CPF employer", tot["cpfEmployerContributionAmount"], 340)
		expectAmount(t, "Fay CPF employee", e.totals(t, P, fay)["cpfEmployeeContributionAmount"], 0)
	})
}
