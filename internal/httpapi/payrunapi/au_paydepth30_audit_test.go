package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/au/stp"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth30: an AU audit round in 2026-27 through the API, each figure
// derived by hand. W(x) is the Schedule 1 scale 2 weekly amount
// (payroll-rules-2026-27.md 1.3): a × (x + 0.99) − b rounded to the
// dollar on whole dollars x; a fortnightly amount is twice W on half the
// earnings (cents ignored); a monthly amount is W on earnings × 3 ÷ 13
// (cents ignored) × 13 ÷ 3, rounded to the dollar. Leave accrues at the
// default annual leave rate 0.076923 and long service leave rate 0.016667
// hours an hour, each accrual kept to four places in the ledger; a leaver
// or joiner inside a period is paid and accrues for its calendar days
// (part-period-pay.md).

// A salaried part-timer leaving in the middle of a fortnight with unused
// annual leave and its 17.5% loading (Fair Work Act 2009 s 90(2): the
// balance is paid as if taken, loading included where the employee would
// have had it; ATO Schedule 7, normal termination, leave accrued after 17
// August 1993: the marginal method on a whole period's normal gross
// earnings; STP Phase 2: unused leave on termination is paid leave type
// U, au-stp-phase2.md):
//   - Pia, part time, $39,000 a year for 24 hours a week ($31.25 an hour,
//     $1,500 a fortnight), has 30 hours of annual leave entered in the
//     fortnight 26 October - 8 November 2026 (its accrual 48 × 0.076923 =
//     3.692304 → 3.6923) and resigns on Wednesday 18 November, 10 of the
//     fortnight 9-22 November's 14 days.
//   - Salary 1,500 × 10 ÷ 14 = 1,071.43; accrual 48 × 10 ÷ 14 × 0.076923
//     = 2.63736 → 2.6374.
//   - Leave 36.3297 h × 31.25 = 1,135.30; loading 17.5% = 198.68;
//     together 1,333.98.
//   - Schedule 7: 1,333.98 ÷ 26 = 51.30 → 51; on 1,500 + 51 = 1,551:
//     W(775) = 0.179 × 775.99 − 60.8377 = 78.06 → 78 × 2 = 156, less on
//     1,500: W(750) = 0.179 × 750.99 − 60.8377 = 73.59 → 74 × 2 = 148: 8 ×
//     26 = 208.
//   - Salary: 1,071.43 ÷ 2 = 535: W(535) = 0.15 × 535.99 − 54.3462 =
//     26.05 → 26 × 2 = 52. PAYG 52 + 208 = 260.
//   - SG 12% × 1,071.43 = 128.57 (unused leave is not OTE: SGAA s 6(1)).
//   - STP year to date: gross 1,500 + 1,071.43 = 2,571.43; paid leave U
//     1,333.98; PAYGW 148 + 260 = 408; cessation V on 2026-11-18; basis P.
func TestAuditAUPartTimerLeavesMidFortnightWithLoading(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		fortnightly := e.schedule(t, "Fortnightly")
		pia := e.employee(t, "Pia", map[string]any{"paySchedule": "Fortnightly", "rate": 39000, "rateUnit": "Annually", "hoursPerWeek": 24,
			"employmentType": "PartTime"})
		P1 := e.runOn(t, fortnightly, "2026-11-08", "2026-11-11")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(pia): []any{
			map[string]any{"leaveCategoryId": al, "amount": 30}}}}).Expect(t, 200)
		want(t, "first fortnight", e.totals(t, P1, pia), map[string]int64{"grossEarnings": 150000, "paygWithheld": 14800})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": pia, "terminationReason": "Resignation", "terminationDate": "2026-11-18T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, pia), map[string]int64{"grossEarnings": 107143 + 133398, "paygWithheld": 26000, "superContribution": 12857,
			"netEarnings": 107143 + 133398 - 26000})
		e.matchesPaySlip(t, P, pia)
		doc := e.stpDoc(t, P)
		p := payee(t, doc, pia)
		if p.CessationReason != "V" || !strings.HasPrefix(p.CessationDate, "2026-11-18") || p.EmploymentBasis != "P" {
			t.Errorf("STP cessation %q %q basis %q, want V 2026-11-18 P", p.CessationReason, p.CessationDate, p.EmploymentBasis)
		}
		s := p.IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("2571.43")) || !typedAmount(s.PaidLeave, "U").Equal(payroll.MustMoney("1333.98")) || !s.TaxWithheld.Equal(payroll.MustMoney("408")) {
			t.Errorf("STP gross %s leave %+v PAYGW %s, want 2,571.43, U 1,333.98, 408.00", s.Gross, s.PaidLeave, s.TaxWithheld)
		}
	})
}

// A fortnightly employee of 14 years made genuinely redundant with unused
// annual and long service leave, a tax-free amount (Lump Sum D) and the
// excess as an ETP (code R) (ATO Schedule 7: on a genuine redundancy,
// annual leave and long service leave accrued after 15 August 1978 are
// Lump Sum A type R, 32% of the total, cents of the result disregarded;
// NSW Long Service Leave Act 1955 s 4(2)(a)(i): after 10 years paid on any
// termination; Schedule 11: ETP R under the preservation age within the
// ETP cap 32%; STP Phase 2: lump sum A type R, lump sum D, ETP R):
//   - Rex, $78,000 a year ($3,000 a fortnight, 40 hours a week: $37.50 an
//     hour), born 1980, in NSW since 5 March 2012, has 60 hours of annual
//     and 300 of long service leave entered in the fortnight ending 8
//     November 2026; each of that fortnight and the next accrues 80 ×
//     0.076923 = 6.15384 → 6.1538 of annual leave and 80 × 0.016667 =
//     1.33336 → 1.3334 of long service leave. Made redundant on Sunday 22
//     November, the end of the fortnight.
//   - Annual leave 72.3076 × 37.50 = 2,711.535 → 2,711.54; long service
//     leave 302.6668 × 37.50 = 11,350.005 → 11,350.01; Lump Sum A R
//     14,061.55 × 32% = 4,499.70 → 4,499.
//   - Lump Sum D 15,000 (not withheld from); ETP R 20,000 × 32% = 6,400.
//   - Salary: W(1,500) = 0.32 × 1,500.99 − 181.7319 = 298.58 → 299 × 2 =
//     598. PAYG 598 + 4,499 + 6,400 = 11,497; SG 12% × 3,000 = 360.
func TestAuditAUFortnightlyRedundancyLongServiceLeaveLumpSums(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := e.schedule(t, "Fortnightly")
		rex := e.employee(t, "Rex", map[string]any{"paySchedule": "Fortnightly", "rate": 78000, "rateUnit": "Annually", "startDate": "2012-03-05T00:00:00",
			"dateOfBirth": "1980-05-06T00:00:00"})
		P1 := e.runOn(t, fortnightly, "2026-11-08", "2026-11-11")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(rex): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 60}, map[string]any{"leaveCategoryId": e.leave["Long Service Leave"], "amount": 300}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rex, "terminationReason": "Redundancy", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, rex, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Genuine Redundancy Tax-Free Amount (Lump Sum D)"]), "earnings": 15000},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Redundancy Payment (ETP)"]), "earnings": 20000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, rex), map[string]int64{"grossEarnings": 300000 + 1406155 + 1500000 + 2000000, "paygWithheld": 1149700, "superContribution": 36000})
		e.matchesPaySlip(t, P, rex)
		doc := e.stpDoc(t, P)
		p := payee(t, doc, rex)
		s := p.IncomeStreams[0]
		if !typedAmount(s.LumpSums, "AR").Equal(payroll.MustMoney("14061.55")) || !typedAmount(s.LumpSums, "D").Equal(payroll.MustMoney("15000")) {
			t.Errorf("STP lump sums %+v, want AR 14,061.55 and D 15,000.00", s.LumpSums)
		}
		if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "R" || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("6400")) {
			t.Errorf("STP ETPs %+v, want R 20,000.00 withheld 6,400.00", s.EmploymentTermination)
		}
		if p.CessationReason != "R" {
			t.Errorf("STP cessation %q, want R", p.CessationReason)
		}
	})
}

// A dismissal with a payment in lieu of notice to an employee past the
// preservation age, with unused annual leave in the same run (ATO
// "Employment termination payments": a payment in lieu of notice is a
// life benefit ETP, non-excluded, code O; Schedule 11: 17% from the
// preservation age, reached by the end of the income year, within the
// whole-of-income cap; SIS Regulations 1994 reg 6.01(2): preservation age
// 60 for those born after 30 June 1964; Schedule 7 marginal method on the
// leave):
//   - Olga, $1,200 a week (40 hours, $30 an hour), born 10 March 1965
//     (61 on 30 June 2027), 50 hours of annual leave entered in the week
//     ending 15 November 2026 plus 40 × 0.076923 = 3.07692 → 3.0769
//     accrued in each of that week and the next; dismissed on Sunday 22
//     November with four weeks' pay in lieu of notice, 4,800.
//   - Leave 56.1538 × 30 = 1,684.61. Schedule 7: 1,684.61 ÷ 52 = 32.39 →
//     32: W(1,232) = 0.3227 × 1,232.99 − 185.1935 = 212.69 → 213, less
//     W(1,200) = 0.3227 × 1,200.99 − 185.1935 = 202.37 → 202: 11 × 52 =
//     572.
//   - ETP O 17% × 4,800 = 816. PAYG 202 + 572 + 816 = 1,590; SG on
//     the salary and the notice (OTE, SGR 2009/2; the default category is
//     a superable ETP since paydepth56), not the leave: 12% × (1,200 +
//     4,800) = 720.00 (before 12% × 1,200 = 144), far under the 2026-27
//     maximum contribution base of $270,830.
//   - STP: paid leave U 1,684.61, ETP O 4,800.00 withheld 816.00, income
//     stream PAYGW 202 + 202 + 572 = 976, cessation F.
func TestAuditAUNoticePaidPastPreservationAgeWithLeave(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		olga := e.employee(t, "Olga", map[string]any{"rate": 62400, "rateUnit": "Annually", "dateOfBirth": "1965-03-10T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(olga): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 50}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": olga, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, olga, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Payment in Lieu of Notice (ETP)"]), "earnings": 4800}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, olga), map[string]int64{"grossEarnings": 120000 + 168461 + 480000, "paygWithheld": 159000, "superContribution": 72000})
		e.matchesPaySlip(t, P, olga)
		p := payee(t, e.stpDoc(t, P), olga)
		s := p.IncomeStreams[0]
		if !typedAmount(s.PaidLeave, "U").Equal(payroll.MustMoney("1684.61")) || !s.TaxWithheld.Equal(payroll.MustMoney("976")) {
			t.Errorf("STP paid leave %+v PAYGW %s, want U 1,684.61 and 976.00", s.PaidLeave, s.TaxWithheld)
		}
		if len(s.EmploymentTermination) != 1 || s.EmploymentTermination[0].Code != "O" ||
			!s.EmploymentTermination[0].TaxableComponent.Equal(payroll.MustMoney("4800")) || !s.EmploymentTermination[0].TaxWithheld.Equal(payroll.MustMoney("816")) {
			t.Errorf("STP ETPs %+v, want O 4,800.00 withheld 816.00", s.EmploymentTermination)
		}
		if p.CessationReason != "F" {
			t.Errorf("STP cessation %q, want F", p.CessationReason)
		}
	})
}

// Long service leave on termination between 7 and 10 years' service, by
// the state's Act (docs/reference/au-lsl-on-termination.md), with the
// business's default Long Service Leave category:
//   - Vera, in Victoria since 7 January 2019 (7.87 years), resigns on
//     Sunday 22 November 2026: Long Service Leave Act 2018 (Vic) s 9 pays
//     the leave on any termination after 7 years. $1,000 a week (40
//     hours, $25 an hour); 180 hours of long service leave entered in the
//     week ending 15 November plus 40 × 0.016667 = 0.66668 → 0.6667 in
//     each of her last two weeks; annual leave only the two weeks' 40 ×
//     0.076923 = 3.07692 → 3.0769 each.
//     Long service leave 181.3334 × 25 = 4,533.335 → 4,533.34; annual
//     leave 6.1538 × 25 = 153.845 → 153.85; 4,687.19. Schedule 7: ÷ 52 =
//     90.13 → 90: W(1,090) = 0.3227 × 1,090.99 − 185.1935 = 166.87 → 167,
//     less W(1,000) = 0.3227 × 1,000.99 − 185.1935 = 137.83 → 138: 29 ×
//     52 = 1,508. PAYG 138 + 1,508 = 1,646; SG 12% × 1,000 = 120.
//   - Nat, the same in NSW since 3 September 2018 (8.22 years), resigns
//     the same day: Long Service Leave Act 1955 (NSW) s 4(2)(a)(iii) pays
//     between 5 and 10 years only when the employer ends the employment
//     (other than for serious and wilful misconduct) or the worker leaves
//     for illness, incapacity or domestic or other pressing necessity,
//     which a resignation does not say; from 10 years, s 4(2)(a)(i)-(ii),
//     any termination. Nothing of the long service leave is payable by
//     the Act: annual leave 153.85 only: ÷ 52 = 2.95 → 2: W(1,002) =
//     0.3227 × 1,002.99 − 185.1935 = 138.47 → 138 = W(1,000): nil. PAYG
//     138; the run warns that the 181.3334 hours were not paid.
func TestAuditAULongServiceLeaveBetweenSevenAndTenYears(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lsl := e.leave["Long Service Leave"]
		vera := e.employee(t, "Vera", map[string]any{"startDate": "2019-01-07T00:00:00", "residentialState": "VIC", "residentialSuburb": "Melbourne",
			"residentialPostCode": "3000", "residentialStreetAddress": "1 Collins St"})
		nat := e.employee(t, "Nat", map[string]any{"startDate": "2018-09-03T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		for _, id := range []int64{vera, nat} {
			e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(id): []any{
				map[string]any{"leaveCategoryId": lsl, "amount": 180}}}}).Expect(t, 200)
		}
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		for _, id := range []int64{vera, nat} {
			e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": id, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		}
		want(t, "Vera", e.totals(t, P, vera), map[string]int64{"grossEarnings": 100000 + 453334 + 15385, "paygWithheld": 164600, "superContribution": 12000})
		want(t, "Nat", e.totals(t, P, nat), map[string]int64{"grossEarnings": 100000 + 15385, "paygWithheld": 13800, "superContribution": 12000})
		var warns []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &warns)
		warned := false
		for _, w := range warns {
			if s := fmt.Sprint(w["warning"]); int64(num(t, w["employeeId"])) == nat && strings.Contains(s, "181.3334 hours") {
				warned = true
			}
		}
		if !warned {
			t.Errorf("no warning that Nat's 181.3334 hours of long service leave were not paid: %v", warns)
		}
	})
}

// Salary sacrifice to super on a fortnightly run, a fixed amount in a
// fortnight with a bonus and a percentage of gross (SGAA s 15A: the SG
// base is OTE plus the OTE sacrificed to super; a bonus for ordinary
// hours is OTE, SGR 2009/2; the sacrifice is paid to the fund and is a
// reportable employer super contribution, STP salary sacrifice S;
// Schedule 5 Method A on the bonus over the year's 26 fortnights, on the
// earnings after the sacrifice):
//   - Sal, $91,000 a year ($3,500 a fortnight), sacrifices $300 a
//     fortnight and is paid a $2,000 bonus in the fortnight 9-22 November
//     2026. Without the bonus 3,500 − 300 = 3,200: W(1,600) = 0.32 ×
//     1,600.99 − 181.7319 = 330.58 → 331 × 2 = 662. Bonus 2,000 ÷ 26 =
//     76.92 → 76: 3,276 → W(1,638) = 0.32 × 1,638.99 − 181.7319 = 342.74
//     → 343 × 2 = 686: 24 × 26 = 624 (under 47% × 2,000). PAYG 1,286; SG
//     12% × 5,500 = 660; the fund gets 960; net 5,500 − 300 − 1,286 =
//     3,914. STP: gross 3,500, bonuses 2,000, salary sacrifice S 300, SG
//     liability 660, RESC 300.
//   - Tia, the same salary, sacrifices 10% of gross: 350. W(1,575) = 0.32
//     × 1,575.99 − 181.7319 = 322.58 → 323 × 2 = 646; SG 12% × 3,500 =
//     420; the fund gets 770.
func TestAuditAUFortnightlySacrificeFixedWithBonusAndPercentage(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := e.schedule(t, "Fortnightly")
		sac := e.ded["Salary Sacrifice (Superannuation)"]
		sal := e.employee(t, "Sal", map[string]any{"paySchedule": "Fortnightly", "rate": 91000, "rateUnit": "Annually"})
		tia := e.employee(t, "Tia", map[string]any{"paySchedule": "Fortnightly", "rate": 91000, "rateUnit": "Annually"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, sal), e.Key, map[string]any{"deductionCategoryId": sac,
			"amount": 300, "deductionType": "Fixed", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/deduction", e.B, tia), e.Key, map[string]any{"deductionCategoryId": sac,
			"amount": 10, "deductionType": "PercentageGross", "fromDate": "2026-07-01T00:00:00"}).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		e.earnings(t, P, sal, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 2000}).Expect(t, 200)
		want(t, "Sal", e.totals(t, P, sal), map[string]int64{"grossEarnings": 550000, "preTaxDeductions": 30000, "taxableEarnings": 520000,
			"paygWithheld": 128600, "superContribution": 96000, "netEarnings": 391400})
		want(t, "Tia", e.totals(t, P, tia), map[string]int64{"grossEarnings": 350000, "preTaxDeductions": 35000, "paygWithheld": 64600, "superContribution": 77000})
		e.matchesPaySlip(t, P, sal)
		doc := e.stpDoc(t, P)
		p := payee(t, doc, sal)
		s := p.IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("3500")) || !s.BonusesAndCommissions.Equal(payroll.MustMoney("2000")) || !typedAmount(s.SalarySacrifice, "S").Equal(payroll.MustMoney("300")) {
			t.Errorf("STP gross %s bonus %s sacrifice %+v, want 3,500, 2,000, S 300", s.Gross, s.BonusesAndCommissions, s.SalarySacrifice)
		}
		if !p.SuperEntitlement.SuperannuationGuaranteeLiability.Equal(payroll.MustMoney("660")) || !p.SuperEntitlement.ReportableEmployerSuperannuationContribution.Equal(payroll.MustMoney("300")) {
			t.Errorf("STP super %+v, want SG 660.00 and RESC 300.00", p.SuperEntitlement)
		}
	})
}

// Overtime and a Saturday penalty for ordinary hours over a fortnight,
// lines with units and no rate (SGR 2009/2: penalty rates for ordinary
// hours are OTE, overtime is not; the line takes the employee's rate with
// the category's loading):
//   - Ozzy, $30 an hour, 38 hours a week, works 68 ordinary weekday hours
//     (2,040.00), 8 ordinary hours on a Saturday at 125% (8 × 37.50 =
//     300.00) and 6 hours' overtime at time and a half (6 × 45 = 270.00)
//     in the fortnight 9-22 November 2026: gross 2,610.00.
//   - PAYG 2,610 ÷ 2 = 1,305: W(1,305) = 0.32 × 1,305.99 − 181.7319 =
//     236.18 → 236 × 2 = 472. SG 12% × 2,340 = 280.80. STP overtime 270.
func TestAuditAUFortnightSaturdayPenaltyAndOvertime(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := e.schedule(t, "Fortnightly")
		sat := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Saturday Ordinary 125%", "rateUnit": "Hourly",
			"penaltyLoadingPercent": 25}).Expect(t, 200).Map(t)["id"]))
		ozzy := e.employee(t, "Ozzy", map[string]any{"paySchedule": "Fortnightly", "rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38})
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/earningslines", e.Key, map[string]any{"replaceExisting": true, "earningsLines": map[string]any{fmt.Sprint(ozzy): []any{
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Ordinary Hours"]), "units": 68},
			map[string]any{"payCategoryId": fmt.Sprint(sat), "units": 8},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Overtime 1.5x"]), "units": 6}}}}).Expect(t, 200)
		want(t, "fortnight", e.totals(t, P, ozzy), map[string]int64{"grossEarnings": 261000, "paygWithheld": 47200, "superContribution": 28080})
		s := payee(t, e.stpDoc(t, P), ozzy).IncomeStreams[0]
		if !s.Overtime.Equal(payroll.MustMoney("270")) || !s.Gross.Equal(payroll.MustMoney("2340")) {
			t.Errorf("STP overtime %s gross %s, want 270.00 and 2,340.00", s.Overtime, s.Gross)
		}
	})
}

// A commission paid with a study and training support loan (ATO Schedule
// 5 Method A, with the Schedule 8 component in steps 2 and 5; Schedule 8
// 2026-27 weekly component, payroll-rules-2026-27.md 1.5: 0.15 × x −
// 200.5615 from $1,337, rounded to the dollar; a commission is OTE, SGAA
// s 6(1)):
//   - Cam, $1,500 a week, with a study loan, is paid a $1,300 commission
//     in the week ending 22 November 2026.
//   - Step 2: W(1,500) = 0.32 × 1,500.99 − 181.7319 = 298.58 → 299, plus
//     0.15 × 1,500.99 − 200.5615 = 24.59 → 25: 324.
//   - 1,300 ÷ 52 = 25: W(1,525) = 0.32 × 1,525.99 − 181.7319 = 306.58 →
//     307, plus 0.15 × 1,525.99 − 200.5615 = 28.34 → 28: 335; (335 − 324)
//     × 52 = 572 (under 47% × 1,300 = 611).
//   - Withheld 324 + 572 = 896: the Schedule 1 part 299 + (307 − 299) ×
//     52 = 715 (paygWithheld) and the Schedule 8 part 25 + (28 − 25) × 52
//     = 181 (helpWithheld). SG 12% × 2,800 = 336.
func TestAuditAUCommissionWithStudyLoan(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cam := e.employee(t, "Cam", map[string]any{"rate": 1500, "stslDebt": true})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, cam, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Commission"]), "earnings": 1300}).Expect(t, 200)
		want(t, "commission week", e.totals(t, P, cam), map[string]int64{"grossEarnings": 280000, "paygWithheld": 71500, "helpWithheld": 18100, "superContribution": 33600})
		e.matchesPaySlip(t, P, cam)
	})
}

// Back pay that accrued in the previous financial year more than 12
// months before it is paid, as Lump Sum E on a fortnightly run
// (docs/reference/au-lump-sum-e.md: Schedule 5 Method A over the year's
// pay periods; reported at Lump Sum E, not in gross payments; back pay of
// ordinary hours is OTE, SGR 2009/2):
//   - Priya, $67,600 a year ($2,600 a fortnight), is paid 3,900 of a pay
//     rise owed for July to October 2025 through a client's category
//     classified LumpSumE, in the fortnight ending 22 November 2026.
//   - W(1,300) = 0.32 × 1,300.99 − 181.7319 = 234.58 → 235 × 2 = 470;
//     3,900 ÷ 26 = 150: W(1,375) = 0.32 × 1,375.99 − 181.7319 = 258.58 →
//     259 × 2 = 518: 48 × 26 = 1,248 (under 47% × 3,900 = 1,833). PAYG
//     1,718; SG 12% × 6,500 = 780.
//   - STP lump sum E 3,900.00, gross 2,600.00; payment summary 2027:
//     gross payments 2,600, Lump Sum E 3,900, tax 1,718.
func TestAuditAUFortnightlyLumpSumEBackPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := e.schedule(t, "Fortnightly")
		lse := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Back Pay (Lump Sum E)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LumpSumE", "defaultSuperRate": 12}).Expect(t, 200).Map(t)["id"]))
		priya := e.employee(t, "Priya", map[string]any{"paySchedule": "Fortnightly", "rate": 67600, "rateUnit": "Annually"})
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		e.earnings(t, P, priya, map[string]any{"payCategoryId": fmt.Sprint(lse), "earnings": 3900}).Expect(t, 200)
		want(t, "fortnight", e.totals(t, P, priya), map[string]int64{"grossEarnings": 650000, "paygWithheld": 171800, "superContribution": 78000})
		s := payee(t, e.stpDoc(t, P), priya).IncomeStreams[0]
		if !typedAmount(s.LumpSums, "E").Equal(payroll.MustMoney("3900")) || !s.Gross.Equal(payroll.MustMoney("2600")) {
			t.Errorf("STP lump sums %+v gross %s, want E 3,900.00 and 2,600.00", s.LumpSums, s.Gross)
		}
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, priya), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 2600, "lumpSumE": 3900, "totalTaxWithheld": 1718})
	})
}

// A salaried joiner starting on the Wednesday of a fortnight (calendar
// days, part-period-pay.md; Schedule 1 on the part period's earnings):
//   - Jo, $65,000 a year ($2,500 a fortnight), starts Wednesday 18
//     November 2026: 5 of the fortnight 9-22 November's 14 days, 2,500 ×
//     5 ÷ 14 = 892.857 → 892.86.
//   - PAYG 892.86 ÷ 2 = 446: W(446) = 0.15 × 446.99 − 54.3462 = 12.70 →
//     13 × 2 = 26. SG 12% × 892.86 = 107.14.
func TestAuditAUFortnightlyJoinerOnAWednesday(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		fortnightly := e.schedule(t, "Fortnightly")
		jo := e.employee(t, "Jo", map[string]any{"paySchedule": "Fortnightly", "rate": 65000, "rateUnit": "Annually", "startDate": "2026-11-18T00:00:00"})
		P := e.runOn(t, fortnightly, "2026-11-22", "2026-11-25")
		want(t, "first fortnight", e.totals(t, P, jo), map[string]int64{"grossEarnings": 89286, "paygWithheld": 2600, "superContribution": 10714})
		e.matchesPaySlip(t, P, jo)
	})
}

// Annual leave with a 17.5% loading taken over 1 July: the payment date
// picks the year's tables (Schedule 1 applies to payments made from 1
// July 2026), the loading is OTE (SGR 2009/2) and is withheld on with the
// period's earnings (Schedule 1; Schedule 7 is only for termination):
//   - Lea, $52,000 a year ($2,000 a fortnight, 40 hours: $25 an hour),
//     takes 40 hours of annual leave 29 June - 3 July 2026 in the
//     fortnight 22 June - 5 July, paid Wednesday 8 July 2026.
//   - Salary 1,000 + leave 1,000 + loading 175 = 2,175.
//   - PAYG 2026-27: 2,175 ÷ 2 = 1,087: W(1,087) = 0.3227 × 1,087.99 −
//     185.1935 = 165.90 → 166 × 2 = 332. SG 12% × 2,175 = 261.00.
//   - The 2026-27 payment summary has it: gross 2,175, tax 332.
func TestAuditAULeaveLoadingOverTheFirstOfJuly(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		fortnightly := e.schedule(t, "Fortnightly")
		lea := e.employee(t, "Lea", map[string]any{"paySchedule": "Fortnightly", "rate": 52000, "rateUnit": "Annually"})
		P1 := e.runOn(t, fortnightly, "2026-06-21", "2026-06-24")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lea): []any{
			map[string]any{"leaveCategoryId": al, "amount": 60}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, lea), e.Key, map[string]any{"leaveCategoryId": al,
			"fromDate": "2026-06-29T00:00:00", "toDate": "2026-07-03T00:00:00", "hours": 40, "automaticallyApprove": true}).Expect(t, 200)
		P := e.runOn(t, fortnightly, "2026-07-05", "2026-07-08")
		want(t, "fortnight over 1 July", e.totals(t, P, lea), map[string]int64{"grossEarnings": 217500, "paygWithheld": 33200, "superContribution": 26100})
		e.matchesPaySlip(t, P, lea)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, lea), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary 2026-27", sum, map[string]float64{"grossPayments": 2175, "totalTaxWithheld": 332})
	})
}

// Directors' fees paid monthly with a salary (SGAA s 11(1): the
// remuneration of a member of a body corporate's executive body is salary
// or wages, and a director so paid is an employee, s 12; directors' fees
// are OTE: e-payday's "Directors' Fees" pay type note, secondary, the ATO
// list of OTE payments not read in full; withheld on with the salary under
// Schedule 1 when paid regularly; STP Phase 2 reports them apart as
// directors' fees, au-stp-phase2.md):
//   - Dora, $60,000 a year ($5,000 a month), is paid a $2,000 director's
//     fee in November 2026: 7,000.
//   - PAYG 7,000 × 3 ÷ 13 = 1,615.38 → 1,615: W(1,615) = 0.32 × 1,615.99
//     − 181.7319 = 335.38 → 335 × 13 ÷ 3 = 1,451.67 → 1,452. SG 12% ×
//     7,000 = 840.
func TestAuditAUDirectorsFeesMonthly(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		monthly := e.schedule(t, "Monthly")
		fees := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Directors' Fees", "rateUnit": "Fixed",
			"paymentSummaryClassification": "DirectorsFees", "defaultSuperRate": 12}).Expect(t, 200).Map(t)["id"]))
		dora := e.employee(t, "Dora", map[string]any{"paySchedule": "Monthly", "rate": 60000, "rateUnit": "Annually"})
		P := e.runOn(t, monthly, "2026-11-30", "2026-11-30")
		e.earnings(t, P, dora, map[string]any{"payCategoryId": fmt.Sprint(fees), "earnings": 2000}).Expect(t, 200)
		want(t, "month", e.totals(t, P, dora), map[string]int64{"grossEarnings": 700000, "paygWithheld": 145200, "superContribution": 84000})
		s := payee(t, e.stpDoc(t, P), dora).IncomeStreams[0]
		if !s.DirectorsFees.Equal(payroll.MustMoney("2000")) || !s.Gross.Equal(payroll.MustMoney("5000")) {
			t.Errorf("STP directors' fees %s gross %s, want 2,000.00 and 5,000.00", s.DirectorsFees, s.Gross)
		}
	})
}

// A quarterly bonus on a monthly run, withheld on over the three months it
// relates to (Schedule 5 Method A step 3: a bonus for a defined period
// shorter than 12 months is divided by the pay periods it covers):
//   - Bo, $72,000 a year ($6,000 a month), is paid a $3,000 bonus for the
//     quarter September - November 2026 in November.
//   - Step 2: 6,000 × 3 ÷ 13 = 1,384.61 → 1,384: W(1,384) = 0.32 ×
//     1,384.99 − 181.7319 = 261.46 → 261 × 13 ÷ 3 = 1,131.
//   - 3,000 ÷ 3 = 1,000: 7,000 → W(1,615) = 335 × 13 ÷ 3 = 1,451.67 →
//     1,452; (1,452 − 1,131) × 3 = 963 (under 47% × 3,000 = 1,410).
//   - PAYG 2,094; SG 12% × 9,000 = 1,080.
func TestAuditAUQuarterlyBonusOnAMonthlyRun(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		monthly := e.schedule(t, "Monthly")
		bo := e.employee(t, "Bo", map[string]any{"paySchedule": "Monthly", "rate": 72000, "rateUnit": "Annually"})
		P := e.runOn(t, monthly, "2026-11-30", "2026-11-30")
		e.earnings(t, P, bo, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Bonus"]), "earnings": 3000, "lumpSumNumberOfPayPeriods": 3}).Expect(t, 200)
		want(t, "month", e.totals(t, P, bo), map[string]int64{"grossEarnings": 900000, "paygWithheld": 209400, "superContribution": 108000})
		e.matchesPaySlip(t, P, bo)
	})
}

// Long service leave of a 50-year employee paid on retirement in its
// three components, which the client works out (ATO "Withholding from
// unused leave payments on termination of employment", steps 1-2: by the
// days of service in each period) and pays through categories classified
// LumpSumB (before 16 August 1978), LumpSumATypeT (16 August 1978 - 17
// August 1993) and the default unused leave category (after 17 August
// 1993). Step 3, table 6 (a normal termination): the pre-16 August 1978
// component "5% of total at marginal rate"; the pre-18 August 1993
// component 32%, cents disregarded; the post-17 August 1993 component
// ($300 or more) by the marginal rates steps, with "5% of the pre-16 August
// 1978 component" added to it (step 2). ITAA 1997 s 83-80 (5% of the
// pre-16/8/78 amount is assessable), s 83-85 (the 1978-1993 amount is
// taxed at no more than 30% plus the Medicare levy); payment summary: Lump
// Sum A type T, Lump Sum B in full.
//   - Len, $1,200 a week (40 hours, $30 an hour), born 1958, employed
//     since 1 March 1976, retires on Sunday 22 November 2026; his final
//     week accrues 40 × 0.076923 = 3.0769 hours of annual leave and 40 ×
//     0.016667 = 0.6667 of long service leave, paid out: 92.31 + 20.00 =
//     112.31. The client pays LSL 2,000 (Lump Sum B), 8,000 (Lump Sum A
//     T) and 20,000 (after 17 August 1993).
//   - W(1,200) = 0.3227 × 1,200.99 − 185.1935 = 202.37 → 202.
//   - Lump Sum A: 8,000 × 32% = 2,560.
//   - Marginal: 20,112.31 + 5% × 2,000 = 20,212.31; ÷ 52 = 388.70 → 388:
//     W(1,588) = 0.32 × 1,588.99 − 181.7319 = 326.74 → 327; (327 − 202) ×
//     52 = 6,500.
//   - PAYG 202 + 2,560 + 6,500 = 9,262 (before: the 2,000 was withheld on
//     in full as normal earnings). SG 12% × 1,200 = 144.
//   - Payment summary 2026-27: gross 1,200 + 20,112.31 → 21,312; Lump Sum
//     A 8,000 type T; Lump Sum B 2,000; tax 9,262.
//
// paydepth49: the 20.00 of long service leave the final week accrues, paid
// out automatically, is now split by the days of service in each period
// too (ITAA 1997 s 83-95; TestAuditAULongServiceLeaveSplitForServiceBefore1993):
// 18,529 days from 1 March 1976 to 22 November 2026, 898 before 16 August
// 1978, 5,481 to 17 August 1993, 12,150 after: 20 × 12,150 ÷ 18,529 =
// 13.11 (rounded down), 20 × 5,481 ÷ 18,529 = 5.91, the rest 0.98 before
// 1978. Lump Sum A 8,005.91 × 32% = 2,561.89 → 2,561; marginal 20,105.42
// + 5% × 2,000.98 = 20,205.47 ÷ 52 → 388: 6,500 as before; PAYG 202 +
// 2,561 + 6,500 = 9,263 (was 9,262, the 20.00 all taken as after 1993);
// payment summary gross 1,200 + 92.31 + 20,013.11 → 21,305 (was 21,312),
// Lump Sum A 8,005, Lump Sum B 2,000, tax 9,263.
func TestAuditAULongServiceLeaveBeforeAndAfter1978And1993(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lsb := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "LSL before 16/8/78 (Lump Sum B)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LumpSumB"}).Expect(t, 200).Map(t)["id"]))
		lsa := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "LSL 16/8/78 - 17/8/93 (Lump Sum A)", "rateUnit": "Fixed",
			"paymentSummaryClassification": "LumpSumATypeT"}).Expect(t, 200).Map(t)["id"]))
		len_ := e.employee(t, "Len", map[string]any{"rate": 62400, "rateUnit": "Annually", "startDate": "1976-03-01T00:00:00", "dateOfBirth": "1958-04-05T00:00:00"})
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": len_, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		e.earnings(t, P, len_, map[string]any{"payCategoryId": fmt.Sprint(lsb), "earnings": 2000}, map[string]any{"payCategoryId": fmt.Sprint(lsa), "earnings": 8000},
			map[string]any{"payCategoryId": fmt.Sprint(e.pay["Unused Leave on Termination"]), "earnings": 20000}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, len_), map[string]int64{"grossEarnings": 120000 + 11231 + 3000000, "paygWithheld": 926300, "superContribution": 14400})
		e.matchesPaySlip(t, P, len_)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, len_), e.Key, nil).Expect(t, 200).Map(t)
		dollars(t, "payment summary", sum, map[string]float64{"grossPayments": 21305, "lumpSumA": 8005, "lumpSumB": 2000, "totalTaxWithheld": 9263})
		if sum["lumpSumAType"] != "T" {
			t.Errorf("Lump Sum A type %v, want T", sum["lumpSumAType"])
		}
	})
}

// A leaver paid unused annual leave in the run after their last week, whose
// pay rose inside that last week (ATO Schedule 7, marginal rate method:
// the leave is added to "the normal gross earnings for a full pay period",
// those of the last whole period of employment, each rate for its days as
// the period paid them; Fair Work Act 2009 s 90(2): the balance is paid
// at the base rate of pay at termination):
//   - Ray, $52,000 a year ($1,000 a week, 40 hours), rises to $72,800
//     ($1,400 a week, $35 an hour) from Thursday 12 November 2026; his last
//     day is Sunday 15 November, the end of the week 9-15 November, paid
//     1,000 × 3 ÷ 7 + 1,400 × 4 ÷ 7 = 428.57 + 800.00 = 1,228.57, with 38
//     hours of annual leave entered and that week's 40 × 0.076923 = 3.0769.
//   - The week ending 22 November pays the leave: 41.0769 × 35 = 1,437.69.
//   - Schedule 7: 1,437.69 ÷ 52 = 27.64 → 27 on 1,228: W(1,255) = 0.3227
//     × 1,255.99 − 185.1935 = 220.11 → 220, less W(1,228) = 0.3227 ×
//     1,228.99 − 185.1935 = 211.40 → 211: 9 × 52 = 468. Before, the normal
//     earnings were the run's own week at the new rate, 1,400: W(1,427) =
//     0.32 × 1,427.99 − 181.7319 = 275.22 → 275, less W(1,400) = 266.58 →
//     267: 8 × 52 = 416.
func TestAuditAULeaverNormalEarningsAcrossARateRise(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ray := e.employee(t, "Ray", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/payrateschedule", e.B, ray), e.Key, map[string]any{"rate": 72800, "rateUnit": "Annually",
			"commencementDate": "2026-11-12T00:00:00"}).Expect(t, 200)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ray): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 38}}}}).Expect(t, 200)
		want(t, "last week", e.totals(t, P1, ray), map[string]int64{"grossEarnings": 122857})
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-22T00:00:00",
			"datePaid": "2026-11-25T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ray, "terminationReason": "Resignation", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		want(t, "leave paid the week after", e.totals(t, P, ray), map[string]int64{"grossEarnings": 143769, "paygWithheld": 46800, "superContribution": 0})
		e.matchesPaySlip(t, P, ray)
		x := e.Do("GET", fmt.Sprintf("%s/payslips/%d/explain", P, ray), e.Key, nil).Expect(t, 200).Map(t)
		found := false
		for _, f := range x["figures"].([]any) {
			fig := f.(map[string]any)
			if fig["code"] != "payg.schedule7" {
				continue
			}
			for _, tm := range fig["terms"].([]any) {
				if m := tm.(map[string]any); m["name"] == "normal gross earnings of a pay period" {
					found = true
					expectAmount(t, "Schedule 7 normal gross earnings", m["value"], 1228)
				}
			}
		}
		if !found {
			t.Errorf("no Schedule 7 normal earnings in the explanation: %v", x["figures"])
		}
	})
}

// A leaver finalised for the year and then paid again in a later run (STP
// Phase 2: the finalisation indicator is carried per payee, and reporting
// a payee again after finalising resets it unless it is set again,
// au-stp-phase2.md [F-P]; the event's year to date covers every payment
// of the income year):
//   - Lou, $1,000 a week (40 hours, $25 an hour), resigns on Sunday 15
//     November 2026; the week's run pays her salary and her 38 hours of
//     annual leave entered with the week's 3.0769 accrued: 41.0769 × 25 =
//     1,026.92. W(1,000) = 0.3227 × 1,000.99 − 185.1935 = 137.83 → 138;
//     Schedule 7: 1,026.92 ÷ 52 = 19.74 → 19: W(1,019) = 0.3227 ×
//     1,019.99 − 185.1935 = 143.96 → 144: (144 − 138) × 52 = 312. PAYG
//     450. The run is lodged and her year finalised.
//   - The week ending 22 November pays a $500 commission for her last
//     week (Schedule 5 Method A over the one period it relates to, on no
//     normal earnings: W(500) = 0.15 × 500.99 − 54.3462 = 20.80 → 21).
//   - Its pay event reports her with the cessation (V, 2026-11-15), the
//     year to date of both runs (gross 1,000.00, paid leave U 1,026.92,
//     commissions 500.00, PAYGW 471.00) and the final event indicator set;
//     before, the indicator was cleared.
func TestAuditAULeaverPaidAfterFinalisationStaysFinal(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lou := e.employee(t, "Lou", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lou): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P1+"/terminate", e.Key, map[string]any{"employeeId": lou, "terminationReason": "Resignation", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P1, lou), map[string]int64{"grossEarnings": 100000 + 102692, "paygWithheld": 45000})
		e.stpDoc(t, P1)
		e.Do("POST", e.B+"/filing/stpfinalisation", e.Key, map[string]any{"financialYear": 2026, "employeeIds": []int64{lou}}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-22T00:00:00",
			"datePaid": "2026-11-25T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.earnings(t, P, lou, map[string]any{"payCategoryId": fmt.Sprint(e.pay["Commission"]), "earnings": 500, "lumpSumNumberOfPayPeriods": 1}).Expect(t, 200)
		want(t, "commission after leaving", e.totals(t, P, lou), map[string]int64{"grossEarnings": 50000, "paygWithheld": 2100})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{"lodgePayRun": true}).Expect(t, 200)
		var doc stp.Document
		e.Do("GET", P+"/stp", e.Key, nil).Expect(t, 200).JSON(t, &doc)
		p := payee(t, doc, lou)
		s := p.IncomeStreams[0]
		if p.CessationReason != "V" || p.CessationDate != "2026-11-15" || !p.FinalEventIndicator {
			t.Errorf("STP cessation %q %q final %v, want V 2026-11-15 and the final event indicator", p.CessationReason, p.CessationDate, p.FinalEventIndicator)
		}
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !typedAmount(s.PaidLeave, "U").Equal(payroll.MustMoney("1026.92")) ||
			!s.BonusesAndCommissions.Equal(payroll.MustMoney("500")) || !s.TaxWithheld.Equal(payroll.MustMoney("471")) {
			t.Errorf("STP year to date gross %s leave %+v commissions %s PAYGW %s, want 1,000.00, U 1,026.92, 500.00, 471.00", s.Gross, s.PaidLeave, s.BonusesAndCommissions, s.TaxWithheld)
		}
	})
}
