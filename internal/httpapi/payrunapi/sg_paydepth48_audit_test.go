package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/sg/cpf"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth48: SG terminations (what is wages for CPF, the SDL and the
// self-help group funds), the year-end AW recalculation with an excess, a
// December joiner, and a public holiday on a non-working day. Every figure
// is derived by hand from the source named beside it, not from our output.
// CPF 2026 (payroll-rules-2026-27.md §4.1-4.2: 55 and below 17% / 20%,
// total 37%; above 55 to 60 16% / 18%, total 34%; OW ceiling $8,000 a
// month, annual ceiling $102,000; the total rounded to the dollar, 50
// cents up, the employee's share with its cents dropped, the employer's
// the difference). SDL 0.25% of the month's wages up to $4,500, at least
// $2, to the cent. CDAC (from 1 January 2015): total wages ≤ $2,000
// $0.50, > $2,000 to $3,500 $1.00, > $7,500 $3.00
// (docs/reference/sg-self-help-group-funds.md).

// sgLeaveAccrued is the leave accrued in run P to emp, by leave category
// name.
func (e *regionEnv) sgLeaveAccrued(t *testing.T, P string, emp int64) map[string]float64 {
	t.Helper()
	var acc map[string]any
	e.Do("GET", P+"/leaveaccrued", e.Key, nil).Expect(t, 200).JSON(t, &acc)
	got := map[string]float64{}
	lines, _ := acc["leave"].(map[string]any)[fmt.Sprint(emp)].([]any)
	for _, a := range lines {
		m := a.(map[string]any)
		got[fmt.Sprint(m["leaveCategoryName"])] += num(t, m["amount"])
	}
	return got
}

// A retrenchment part-way through November 2026 with every kind of
// termination payment. Tan, a Chinese citizen born 10 May 1975 (51: 55 and
// below), $2,000 a month since 2018, Monday to Friday (8 hours a day), is
// retrenched; her last day is Friday 13 November 2026. She has 48 hours (6
// days) of annual leave accrued in October. November's run pays:
//   - Her salary for an incomplete month (MOM, "Salary for an incomplete
//     month of work": monthly gross rate ÷ working days in the month × days
//     worked; public holidays count): November has 21 working days (2-6,
//     9-13, 16-20, 23-27, 30; Monday 9 November, the day after Deepavali,
//     is a holiday and counts), she worked 10 (2-13): 2,000 × 10 ÷ 21 =
//     952.38. An ordinary wage.
//   - Unused leave at the gross rate of pay (a day 12 × 2,000 ÷ 260 =
//     92.3077): 6 days = 553.85. An additional wage (CPF Board: payment in
//     lieu of leave on termination is AW).
//   - An ex gratia payment of $1,000 "in recognition of her service"
//     (a Bonus category): CPF Board, "Are CPF contributions payable on
//     gratuity and ex-gratia payments?": payable on an ex gratia payment
//     given to "recognise your employee's service", not on one given as
//     compensation for termination or loss of employment. An AW.
//   - A retrenchment benefit of $4,000 and $2,000 in lieu of notice (ETP
//     categories): not wages (CPF Board: compensation for loss of
//     employment; "payment in lieu of notice is liquidated damages for the
//     breach of contract").
//
// CPF: OW 952.38 + AW 1,553.85 (the leaver's AW ceiling, 102,000 less the
// year's actual OW, is far above) = 2,506.23: 37% = 927.3051 → 927;
// employee 20% = 501.246 → 501; employer 426.
// SDL: the Skills Development Levy Act 1979 s 2 (as amended in 2022) levies
// "wages", "the remuneration in money ... due or granted to a person in
// respect of the person's employment", the CPF Act's words, which leave
// out compensation for the loss of employment: 0.25% × 2,506.23 =
// 6.265575 → 6.27 (before: 0.25% of the first 4,500 of 8,506.23 = 11.25).
// CDAC on the month's total wages 2,506.23: $1.00 (before, on 8,506.23:
// $3.00). Gross 8,506.23; net 8,506.23 − 501 − 1.00 = 8,004.23.
// The CPF file for November: status L, OW 952.38, AW 1,553.85, CPF 927.00;
// the SDL summary 6.27 and the CDAC summary 1.00.
func TestAuditSGRetrenchmentWithExGratiaLeaveAndNotice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		annual := e.manualLeave(t, "Annual Leave")
		exGratia := e.sgCategory(t, "Ex Gratia (Service)", "Bonus")
		retrench := e.sgCategory(t, "Retrenchment Benefit", "ETP")
		notice := e.sgCategory(t, "Salary in Lieu of Notice", "ETP")
		tan := e.employee(t, "Tan", "Monthly", map[string]any{"rate": 2000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1975-05-10T00:00:00", "startDate": "2018-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8012345J",
			"ethnicity": "Chinese", "religion": "Buddhist"})
		e.workWeek(t, tan, 5, false)
		oct := e.run(t, "2026-10-31", 0, 0)
		e.accrue(t, oct, tan, annual, 48)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, tan, "2026-11-13")
		P := e.run(t, "2026-11-30", 0, 0)
		e.pay(t, P, tan, exGratia, 1000)
		e.pay(t, P, tan, retrench, 4000)
		e.pay(t, P, tan, notice, 2000)
		tot := e.totals(t, P, tan)
		expectAmount(t, "gross", tot["grossEarnings"], 8506.23)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 501)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 426)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 6.27)
		expectAmount(t, "net", tot["netEarnings"], 8004.23)
		if got := e.shgOnSlip(t, P, tan, "CDAC Fund"); got != 1 {
			t.Errorf("CDAC on the payslip = %v, want 1.00", got)
		}
		if x := e.explainTerms(t, P, tan, "sdl"); x["termination payments (compensation for loss of employment: not wages, not levied)"] != 6000 ||
			x["remuneration"] != 2506.23 {
			t.Errorf("SDL explanation %v, want remuneration 2,506.23 and 6,000 of termination payments left out", x)
		}
		f := e.sgCPFFile(t, P, "2026-11")
		if dt := sgDetail(t, f, "S8012345J"); dt.Status != 'L' || dt.Ordinary != 95238 || dt.Additional != 155385 || dt.Amount != 92700 {
			t.Errorf("CPF detail %+v, want L, OW 95238, AW 155385, CPF 92700", dt)
		}
		if f.Summaries[cpf.CodeSDL] != 627 || f.Summaries[cpf.CodeCDAC] != 100 {
			t.Errorf("CPF file summaries %v, want SDL 627, CDAC 100", f.Summaries)
		}
	})
}

// The year-end recalculation when the estimate was too low: contributions
// paid on AW above the recalculated ceiling are claimed back from the CPF
// Board, not taken off December's (CPF Board, "How do I calculate CPF
// contributions on Additional Wages (AW) paid before the end of the
// year/last month of employment?": "Any shortfall in the CPF contributions
// after the re-computation should be paid together with December's
// contributions ... If you have overpaid the CPF contributions, you can
// apply for a refund"; CPF Board, "Applying for refund of CPF
// contributions": the refund of contributions paid in excess of the AW
// ceiling is applied for, the employer returning the employee's share).
// Mei, a citizen born 15 June 1971 (55 in June 2026): 55 and below (37%)
// to June 2026 (the birthday month included),
// above 55 to 60 (34%, employee 18%) from July. $7,000 a month, paid every
// month of 2026 through this payroll.
//   - March, a $20,000 bonus: the AW ceiling on the estimated OW, January
//     and February 14,000 + March 7,000 + 9 × 7,000 = 84,000: 18,000, so
//     18,000 subject: CPF on 25,000: 9,250, employee 5,000, employer 4,250.
//   - October and November: $1,000 of monthly commission each (ordinary
//     wages; OW 8,000, at the ceiling).
//   - December: the year's actual OW 9 × 7,000 + 2 × 8,000 + 7,000 =
//     86,000, ceiling 16,000: 2,000 of the AW was contributed on in
//     excess (740 at March's 37%, to be claimed back). December's
//     contributions are on December's wages at December's rates: 34% ×
//     7,000 = 2,380, employee 18% = 1,260, employer 1,120 (before: the
//     excess taken off at December's rates, 34% × 5,000 = 1,700, 900,
//     800). The CPF file for December: OW 7,000.00, AW 0, 2,380.00.
func TestAuditSGYearEndExcessAWAfterTheAgeBandChange(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		comm := e.sgCategory(t, "Sales Commission", "Commission")
		mei := e.employee(t, "Mei", "Monthly", map[string]any{"rate": 7000, "rateUnit": "Monthly", "hoursPerWeek": 40,
			"dateOfBirth": "1971-06-15T00:00:00", "startDate": "2015-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8023456B"})
		for _, day := range []string{"2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31",
			"2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30"} {
			bonus := 0.0
			if day == "2026-03-31" {
				bonus = 20000
			}
			P := e.run(t, day, mei, bonus)
			switch day {
			case "2026-03-31":
				tot := e.totals(t, P, mei)
				expectAmount(t, "March CPF employee", tot["cpfEmployeeContributionAmount"], 5000)
				expectAmount(t, "March CPF employer", tot["cpfEmployerContributionAmount"], 4250)
			case "2026-10-31", "2026-11-30":
				e.pay(t, P, mei, comm, 1000)
			}
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-12-31", 0, 0)
		tot := e.totals(t, P, mei)
		expectAmount(t, "December CPF employee", tot["cpfEmployeeContributionAmount"], 1260)
		expectAmount(t, "December CPF employer", tot["cpfEmployerContributionAmount"], 1120)
		expectAmount(t, "December net", tot["netEarnings"], 5740)
		x := e.explainTerms(t, P, mei, "cpf.total")
		for name, v := range x {
			if strings.HasPrefix(name, "AW contributed on earlier this year above the recalculated ceiling") && v != 2000 {
				t.Errorf("%s = %v, want 2,000", name, v)
			}
		}
		f := e.sgCPFFile(t, P, "2026-12")
		if dt := sgDetail(t, f, "S8023456B"); dt.Ordinary != 700000 || dt.Additional != 0 || dt.Amount != 238000 {
			t.Errorf("December CPF detail %+v, want OW 700000, AW 0, CPF 238000", dt)
		}
	})
}

// A joiner part-way through December 2026. Lim, a Chinese citizen born
// 1990, $3,500 a month, Monday to Friday, starts Wednesday 16 December.
// December 2026 has 23 working days (Tuesday 1 to Thursday 31; Christmas,
// Friday 25, is a holiday and counts: MOM, incomplete month); from the
// 16th 12 (16-18, 21-25, 28-31): 3,500 × 12 ÷ 23 = 1,826.0870 → 1,826.09.
// CPF 37% = 675.6533 → 676, employee 20% = 365.218 → 365, employer 311
// (December is her last month of the year: the AW ceiling is recalculated
// on nothing paid). SDL 0.25% × 1,826.09 = 4.565 → 4.57; CDAC on the
// month's 1,826.09: $0.50. Net 1,826.09 − 365 − 0.50 = 1,460.59.
func TestAuditSGDecemberJoinerSDLAndCDAC(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		lim := e.employee(t, "Lim", "Monthly", map[string]any{"rate": 3500, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"dateOfBirth": "1990-04-04T00:00:00", "startDate": "2026-12-16T00:00:00", "ethnicity": "Chinese", "religion": "Taoist"})
		e.workWeek(t, lim, 5, false)
		P := e.run(t, "2026-12-31", 0, 0)
		tot := e.totals(t, P, lim)
		expectAmount(t, "gross", tot["grossEarnings"], 1826.09)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 365)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 311)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 4.57)
		expectAmount(t, "net", tot["netEarnings"], 1460.59)
	})
}

// A public holiday on a non-working day: Hari Raya Puasa, Saturday 21
// March 2026 (MOM, public holidays for 2026). Employment Act 1968 s 88;
// MOM, "Public holidays: entitlement and pay": "if a public holiday falls
// on a non-working day, you are entitled to another day off or one extra
// day's salary in lieu of the public holiday at the gross rate of pay ...
// If you are on a 5-day work week, Saturday would be considered your
// non-working day and Sunday would be your rest day"; ask.gov.sg (MOM):
// the employer decides between the extra day's pay and another day off.
// Each works Monday to Friday; the work week types Saturday Off (a
// non-working day) and Sunday Rest.
//   - Aisha, $2,600 a month, at an employer that pays: a day's gross pay
//     12 × 2,600 ÷ (52 × 5) = 120.00. Gross 2,720: CPF 37% = 1,006.40 →
//     1,006, employee 544, employer 462. SDL 6.80.
//   - Ben, $3,000, at an employer that gives another day off (it keeps an
//     "Off in Lieu" leave category): one day (8 hours, the leave ledger's
//     unit) accrued, no pay added.
//     Gross 3,000: CPF 1,110, employee 600, employer 510.
//   - Cai, $2,600, whose stored week lists Monday to Friday only (no day
//     typed Off): the record does not say Saturday is her non-working day
//     (nor what the employer gives): nothing added. Gross 2,600.
func TestAuditSGPublicHolidayOnANonWorkingDay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		monthly := func(e *regionEnv, first string, rate float64) int64 {
			return e.employee(t, first, "Monthly", map[string]any{"rate": rate, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
				"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2020-01-01T00:00:00"})
		}
		aisha, cai := monthly(e, "Aisha", 2600), monthly(e, "Cai", 2600)
		e.sgRestDayWeek(t, aisha)
		e.workWeek(t, cai, 5, false)
		P := e.run(t, "2026-03-31", 0, 0)
		tot := e.totals(t, P, aisha)
		expectAmount(t, "Aisha gross", tot["grossEarnings"], 2720)
		expectAmount(t, "Aisha CPF employee", tot["cpfEmployeeContributionAmount"], 544)
		expectAmount(t, "Aisha CPF employer", tot["cpfEmployerContributionAmount"], 462)
		expectAmount(t, "Aisha SDL", tot["sdlContributionAmount"], 6.8)
		var extra []map[string]any
		for _, l := range e.linesNamed(t, P, aisha, "Ordinary Hours") {
			if n, _ := l["notes"].(string); strings.Contains(n, "non-working day") {
				extra = append(extra, l)
			}
		}
		if len(extra) != 1 || num(t, extra[0]["earnings"]) != 120 || !strings.Contains(fmt.Sprint(extra[0]["notes"]), "Hari Raya Puasa") {
			t.Errorf("Aisha's extra day lines %v, want one of 120.00 for Hari Raya Puasa", extra)
		}
		expectAmount(t, "Cai gross", e.totals(t, P, cai)["grossEarnings"], 2600)
	})
}

// Ben of TestAuditSGPublicHolidayOnANonWorkingDay: his employer gives
// another day off for a holiday on a non-working day.
func TestAuditSGPublicHolidayOnANonWorkingDayOffInLieu(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		f := newRegionEnv(t, d, "SG", "Monthly")
		monthly := func(e *regionEnv, first string, rate float64) int64 {
			return e.employee(t, first, "Monthly", map[string]any{"rate": rate, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
				"dateOfBirth": "1980-02-03T00:00:00", "startDate": "2020-01-01T00:00:00"})
		}
		f.Do("POST", f.B+"/leavecategory", f.Key, map[string]any{"name": "Off in Lieu", "leaveUnitType": "Days",
			"leaveCategoryType": "Standard"}).Expect(t, 200)
		ben := monthly(f, "Ben", 3000)
		f.sgRestDayWeek(t, ben)
		Q := f.run(t, "2026-03-31", 0, 0)
		tot := f.totals(t, Q, ben)
		expectAmount(t, "Ben gross", tot["grossEarnings"], 3000)
		expectAmount(t, "Ben CPF employee", tot["cpfEmployeeContributionAmount"], 600)
		expectAmount(t, "Ben CPF employer", tot["cpfEmployerContributionAmount"], 510)
		if got := f.sgLeaveAccrued(t, Q, ben)["Off in Lieu"]; got != 8 {
			t.Errorf("Ben's off in lieu accrued = %v, want 8 hours (1 day)", got)
		}
	})
}
