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

// Graduated CPF for total wages above $500 up to $750 (CPF Act First
// Schedule, as CPF Board's rate tables: total = employer rate × TW + the
// employee factor × (TW − 500), employee = that factor × (TW − 500); the
// factor is 3 × the full employee rate; rounding as above). June 2026,
// $600 a month:
//   - Lin, age 30: 17% × 600 + 0.6 × 100 = 102 + 60 = 162, employee 60,
//     employer 102;
//   - Ong, born 1 January 1964 (62, above 60 to 65): 12.5% × 600 +
//     0.375 × 100 = 75 + 37.50 = 112.50 → 113 (50 cents up), employee
//     37.50 → 37, employer 113 − 37 = 76.
func TestAuditSGGraduatedWagesRounding(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		lin := e.employee(t, "Lin", "Monthly", map[string]any{"rate": 600, "rateUnit": "Fixed", "dateOfBirth": "1996-03-03T00:00:00"})
		ong := e.employee(t, "Ong", "Monthly", map[string]any{"rate": 600, "rateUnit": "Fixed", "dateOfBirth": "1964-01-01T00:00:00"})
		P := e.run(t, "2026-06-30", 0, 0)
		for _, c := range []struct {
			name   string
			emp    int64
			ee, er float64
		}{{"Lin", lin, 60, 102}, {"Ong", ong, 37, 76}} {
			tot := e.totals(t, P, c.emp)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
	})
}

// The year of SPR status turns at the month after the anniversary (CPF
// Board, "How do I determine the year of my SPR status for the purpose of
// CPF contributions?": the first year rate "ends on the last day of the
// month of your first anniversary of SPR conversion. The second and third
// year rates apply from the month following the anniversary"; PR from 15
// January 2020: 1st year to 31 January 2021, 2nd year 1 February 2021 to
// 31 January 2022). Age 55 and below, $5,000 a month, G/G:
//   - Ana, PR from 15 June 2025: June 2026 is her anniversary month, still
//     the 1st year: 9% = 450, employee 250, employer 200; July 2026 the 2nd
//     year: 24% = 1,200, employee 750, employer 450;
//   - Bo, PR from 15 June 2024: June 2026 still the 2nd year (750 / 450);
//     July 2026 the 3rd year, citizens' rates: 1,000 / 850.
func TestAuditSGPermanentResidentYearTurnsAfterTheAnniversaryMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		pr := func(name, since string) int64 {
			return e.employee(t, name, "Monthly", map[string]any{"rate": 5000, "rateUnit": "Fixed", "legalStatus": "Permanent Resident",
				"obtainedResidencyDate": since + "T00:00:00", "startDate": "2020-01-01T00:00:00"})
		}
		ana, bo := pr("Ana", "2025-06-15"), pr("Bo", "2024-06-15")
		for _, m := range []struct {
			day                      string
			anaEE, anaER, boEE, boER float64
		}{{"2026-06-30", 250, 200, 750, 450}, {"2026-07-31", 750, 450, 1000, 850}} {
			P := e.run(t, m.day, 0, 0)
			a, b := e.totals(t, P, ana), e.totals(t, P, bo)
			expectAmount(t, m.day+" Ana CPF employee", a["cpfEmployeeContributionAmount"], m.anaEE)
			expectAmount(t, m.day+" Ana CPF employer", a["cpfEmployerContributionAmount"], m.anaER)
			expectAmount(t, m.day+" Bo CPF employee", b["cpfEmployeeContributionAmount"], m.boEE)
			expectAmount(t, m.day+" Bo CPF employer", b["cpfEmployerContributionAmount"], m.boER)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
	})
}
