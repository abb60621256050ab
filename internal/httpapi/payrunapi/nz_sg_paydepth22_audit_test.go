package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of SG and NZ pay as a client runs it (paydepth22): every figure
// derived by hand from the CPF Board's, the self-help group funds', the
// Skills Development Levy Act's and Inland Revenue's rules
// (payroll-rules-2026-27.md §3 and §4; docs/reference), never from our
// output. June 2026 for SG (CPF rates from 1 January 2026, OW ceiling
// $8,000; rounding: total to the dollar, 50 cents up, employee share's
// cents dropped, employer = total − employee).

// sgCategory creates an SG pay category of a type and returns its id.
func (e *regionEnv) sgCategory(t *testing.T, name, typ string) int64 {
	t.Helper()
	return int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": name, "rateUnit": "Fixed",
		"payCategoryType": typ}).Expect(t, 200).Map(t)["id"]))
}

// Monthly commission is an ordinary wage (CPF Board, "What payments attract
// CPF contributions": OW are wages "due or granted wholly and exclusively in
// respect of an employee's employment in that month"; commission earned for
// the month and paid with it is OW), so it shares the OW ceiling with the
// salary. Kim, born 1986 (age 40), $7,000 salary + $2,000 commission for
// June 2026: OW 9,000 capped at 8,000: 37% = 2,960, employee 20% = 1,600,
// employer 1,360. SDL 0.25% × 4,500 (its cap) = 11.25. Net 9,000 − 1,600 =
// 7,400 (no self-help group fund recorded).
//
// An allowance is OW as well, a bonus AW (CPF Board). Lee, born 1986,
// $6,000 salary + $1,000 allowance + $3,000 bonus in June 2026: OW 7,000
// (under the ceiling); AW ceiling 102,000 − OW of the year (7,000 × 12 =
// 84,000 at most) ≥ 18,000, so the bonus is all subject: TW 10,000 × 37%
// = 3,700, employee 2,000, employer 1,700.
//
// Above 60 to 65 (2026: employer 12.5%, employee 12.5%, total 25%): Moh,
// born 15 January 1964 (62 in June 2026), $5,000: 1,250, employee 625,
// employer 625.
func TestAuditSGCommissionAllowanceAndSixtyToSixtyFive(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		comm := e.sgCategory(t, "Sales commission", "Commission")
		allow := e.sgCategory(t, "Transport allowance", "Allowance")
		monthly := func(first, dob string, rate float64) int64 {
			return e.employee(t, first, "Monthly", map[string]any{"rate": rate, "rateUnit": "Monthly", "hoursPerWeek": 40,
				"dateOfBirth": dob + "T00:00:00", "startDate": "2020-01-01T00:00:00"})
		}
		kim := monthly("Kim", "1986-03-03", 7000)
		lee := monthly("Lee", "1986-03-03", 6000)
		moh := monthly("Moh", "1964-01-15", 5000)
		P := e.run(t, "2026-06-30", lee, 3000)
		e.pay(t, P, kim, comm, 2000)
		e.pay(t, P, lee, allow, 1000)
		for _, c := range []struct {
			name          string
			id            int64
			gross, ee, er float64
			sdl, net      float64
		}{
			{"Kim", kim, 9000, 1600, 1360, 11.25, 7400},
			{"Lee", lee, 10000, 2000, 1700, 11.25, 8000},
			{"Moh", moh, 5000, 625, 625, 11.25, 4375},
		} {
			tot := e.totals(t, P, c.id)
			expectAmount(t, c.name+" gross", tot["grossEarnings"], c.gross)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
			expectAmount(t, c.name+" SDL", tot["sdlContributionAmount"], c.sdl)
			expectAmount(t, c.name+" net", tot["netEarnings"], c.net)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// Self-help group funds by ethnicity and religion (docs/reference/
// sg-self-help-group-funds.md; Muis "Employer Information": a Muslim who
// is also of the Chinese or Indian community gives to both funds by
// default; MBMF is for every working Muslim, foreigners included; CDAC
// for citizens and PRs):
//   - Wan, a Chinese Muslim citizen, $5,000 in June 2026: CDAC "> $3,500
//     to $5,000: $1.50" and MBMF "> $4,000 to $6,000: $19.50"; CPF 20% =
//     1,000; net 5,000 − 1,000 − 1.50 − 19.50 = 3,979.00.
//   - Adi, a Malay Muslim foreigner (work permit), $2,500: MBMF "> $2,000
//     to $3,000: $6.50"; no CPF; SDL 0.25% × 2,500 = 6.25; net 2,493.50.
func TestAuditSGSelfHelpGroupChineseMuslimAndForeignMuslim(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		wan := e.employee(t, "Wan", "Monthly", map[string]any{"rate": 5000, "rateUnit": "Monthly", "hoursPerWeek": 40, "dateOfBirth": "1990-05-05T00:00:00",
			"ethnicity": "Chinese", "religion": "Muslim", "nationalRegistrationIdentityNumber": "S8012345J"})
		adi := e.employee(t, "Adi", "Monthly", map[string]any{"rate": 2500, "rateUnit": "Monthly", "hoursPerWeek": 40, "dateOfBirth": "1990-05-05T00:00:00",
			"ethnicity": "Malay", "religion": "Muslim", "legalStatus": "Foreigner", "nationalRegistrationIdentityNumber": "G1234567X"})
		P := e.run(t, "2026-06-30", 0, 0)
		tot := e.totals(t, P, wan)
		expectAmount(t, "Wan CDAC", e.shgOnSlip(t, P, wan, "CDAC Fund"), 1.50)
		expectAmount(t, "Wan MBMF", e.shgOnSlip(t, P, wan, "Mosque Building and Mendaki Fund (MBMF)"), 19.50)
		expectAmount(t, "Wan CPF employee", tot["cpfEmployeeContributionAmount"], 1000)
		expectAmount(t, "Wan net", tot["netEarnings"], 3979)
		tot = e.totals(t, P, adi)
		expectAmount(t, "Adi MBMF", e.shgOnSlip(t, P, adi, "Mosque Building and Mendaki Fund (MBMF)"), 6.50)
		expectAmount(t, "Adi CPF employee", tot["cpfEmployeeContributionAmount"], 0)
		expectAmount(t, "Adi SDL", tot["sdlContributionAmount"], 6.25)
		expectAmount(t, "Adi net", tot["netEarnings"], 2493.50)
	})
}

// NZ tax code ME: the independent earner tax credit is given through PAYE
// (IRD, IETC: $10 a week, $520 a year, for annual income $24,000 to
// $66,000; payroll-rules-2026-27.md §3.1). Mere, $1,000 a week, ME,
// November 2026: annual 52,000: 1,638.00 + 17.5% × 36,400 = 8,008.00 −
// 520 = 7,488.00 ÷ 52 = PAYE 144.00; ACC 1.75% × 1,000 = 17.50. Tai, the
// same pay on M: 154.00.
//
// KiwiSaver from 1 April 2026 (§3.3): default employee and employer
// rates 3.5%, and 16- and 17-year-olds contributing from wages get the
// compulsory employer contribution. Rua, 17 (born 1 June 2009), enrolled,
// $800 a week: employee 3.5% × 800 = 28.00, employer 28.00.
func TestAuditNZIETCAndSeventeenYearOldKiwiSaver(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		weekly := func(first, code string, rate float64, m map[string]any) int64 {
			if m == nil {
				m = map[string]any{}
			}
			m["rate"], m["rateUnit"], m["hoursPerWeek"], m["taxCodeDeclaration_TaxCode"], m["startDate"] = rate, "Fixed", 40, code, "2024-01-01T00:00:00"
			return e.employee(t, first, "Weekly", m)
		}
		mere := weekly("Mere", "ME", 1000, nil)
		tai := weekly("Tai", "M", 1000, nil)
		rua := weekly("Rua", "M", 800, map[string]any{"dateOfBirth": "2009-06-01T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled"})
		P := e.run(t, "2026-11-15", 0, 0)
		tot := e.totals(t, P, mere)
		expectAmount(t, "Mere PAYE (ME)", tot["payeWithheld"], 144)
		expectAmount(t, "Mere ACC", tot["accLevyAmount"], 17.50)
		expectAmount(t, "Tai PAYE (M)", e.totals(t, P, tai)["payeWithheld"], 154)
		tot = e.totals(t, P, rua)
		expectAmount(t, "Rua KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 28)
		expectAmount(t, "Rua KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 28)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// A quarter's commission is an additional wage (CPF Board: AW are wages
// "not granted wholly and exclusively for the month", such as payments
// "made at intervals of more than a month"; commission for the month is
// OW; docs/reference/sg-cpf-aw-ceiling.md). The line says it is for 3
// months (lumpSumNumberOfPayPeriods 3). Qin, born 1986, $8,000 a month
// since 2020, is paid $6,000 commission for April to June with June 2026's
// salary: OW 8,000 (at the ceiling); AW ceiling 102,000 − 12 × 8,000 =
// 6,000, so all 6,000 is subject: TW 14,000 × 37% = 5,180, employee 20% =
// 2,800, employer 2,380. As OW (before) it fell above the OW ceiling: 2,960
// / 1,600 / 1,360. The same $6,000 as a month's commission (no periods)
// stays OW: Ren, the same salary: 2,960 / 1,600 / 1,360.
func TestAuditSGQuarterlyCommissionIsAW(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		comm := e.sgCategory(t, "Sales commission", "Commission")
		m := func(first string) int64 {
			return e.employee(t, first, "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40,
				"dateOfBirth": "1986-03-03T00:00:00", "startDate": "2020-01-01T00:00:00"})
		}
		qin, ren := m("Qin"), m("Ren")
		P := e.run(t, "2026-06-30", 0, 0)
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(qin): []any{
			map[string]any{"payCategoryId": fmt.Sprint(comm), "earnings": 6000, "lumpSumNumberOfPayPeriods": 3}}}}).Expect(t, 200)
		e.pay(t, P, ren, comm, 6000)
		for _, c := range []struct {
			name   string
			id     int64
			ee, er float64
		}{{"Qin (quarterly)", qin, 2800, 2380}, {"Ren (monthly)", ren, 1600, 1360}} {
			tot := e.totals(t, P, c.id)
			expectAmount(t, c.name+" gross", tot["grossEarnings"], 14000)
			expectAmount(t, c.name+" CPF employee", tot["cpfEmployeeContributionAmount"], c.ee)
			expectAmount(t, c.name+" CPF employer", tot["cpfEmployerContributionAmount"], c.er)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	})
}

// A KiwiSaver member on a savings suspension (IRD, "Savings suspension":
// the employer stops the member's deductions and is not required to pay
// compulsory employer contributions; docs/reference/
// nz-kiwisaver-savings-suspension.md). Sam, $1,000 a week, status
// "OnASavingsSuspension", and Pita, "OnAContributionsHoliday" (the name
// before 1 April 2019): no employee or employer contribution, no ESCT;
// net 1,000 − PAYE 154.00 − ACC 17.50 = 828.50. Kahu, enrolled, the same
// pay: 3.5% = 35.00 each. Before: Sam and Pita paid 35.00 and the
// employer 35.00.
func TestAuditNZKiwiSaverSavingsSuspension(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		emp := func(first, status string) int64 {
			return e.employee(t, first, "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40,
				"taxCodeDeclaration_TaxCode": "M", "startDate": "2020-01-06T00:00:00", "kiwiSaver_EnrollmentStatus": status})
		}
		sam, pita, kahu := emp("Sam", "OnASavingsSuspension"), emp("Pita", "OnAContributionsHoliday"), emp("Kahu", "Enrolled")
		P := e.run(t, "2026-11-15", 0, 0)
		for _, c := range []struct {
			name string
			id   int64
			ks   float64
		}{{"Sam", sam, 0}, {"Pita", pita, 0}, {"Kahu", kahu, 35}} {
			tot := e.totals(t, P, c.id)
			expectAmount(t, c.name+" KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], c.ks)
			expectAmount(t, c.name+" KiwiSaver employer", tot["kiwiSaverEmployerContribution"], c.ks)
			if c.ks == 0 {
				expectAmount(t, c.name+" ESCT", tot["esctContribution"], 0)
				expectAmount(t, c.name+" net", tot["netEarnings"], 828.50)
			}
		}
	})
}

// A bonus month: the self-help group fund is read on the month's total
// wages, bonus included (the funds' tables: total wages include bonus and
// commission; docs/reference/sg-self-help-group-funds.md). Chen, a Chinese
// citizen born 1990 on $4,000, is paid a $4,000 bonus with June 2026's
// salary: total 8,000, CDAC "> $7,500: $3.00" (the salary alone would be
// 1.50). CPF: OW 4,000 + AW 4,000 (the AW ceiling 102,000 − 12 × 4,000 =
// 54,000 is far off): 37% × 8,000 = 2,960, employee 1,600, employer 1,360.
// SDL 0.25% × 4,500 = 11.25. Net 8,000 − 1,600 − 3.00 = 6,397.00.
func TestAuditSGSelfHelpGroupOnABonusMonth(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		chen := e.employee(t, "Chen", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Monthly", "hoursPerWeek": 40, "dateOfBirth": "1990-05-05T00:00:00",
			"ethnicity": "Chinese", "startDate": "2020-01-01T00:00:00"})
		P := e.run(t, "2026-06-30", chen, 4000)
		tot := e.totals(t, P, chen)
		expectAmount(t, "CDAC", e.shgOnSlip(t, P, chen, "CDAC Fund"), 3)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 1600)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 1360)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 11.25)
		expectAmount(t, "net", tot["netEarnings"], 6397)
	})
}
