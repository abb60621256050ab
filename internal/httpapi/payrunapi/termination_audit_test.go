package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// A further audit of terminations, leavers, week 53 and holiday pay on
// termination across AU, UK, NZ and SG, paid through the API. Each figure
// is derived by hand in the comment from the statute or official guidance
// named there (rates: payroll-rules-2026-27.md), not from our output.

// redundancyCategory adds a pay category for a redundancy (retrenchment)
// payment: of type ETP, paid as an amount.
func (e *regionEnv) redundancyCategory(t *testing.T) int64 {
	t.Helper()
	return int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Redundancy", "rateUnit": "Fixed",
		"payCategoryType": "ETP"}).Expect(t, 200).Map(t)["id"]))
}

// pay adds one earnings line of pay category cat to employee emp in run P.
func (e *regionEnv) pay(t *testing.T, P string, emp, cat int64, amount float64) {
	t.Helper()
	e.Do("POST", P+"/earningslines", e.Key, map[string]any{"earningsLines": map[string]any{fmt.Sprint(emp): []any{
		map[string]any{"payCategoryId": fmt.Sprint(cat), "earnings": amount}}}}).Expect(t, 200)
}

// NZ redundancy paid to a KiwiSaver member (IRD, "Taxing employee
// redundancy": redundancy is taxed at the extra-pay (lump sum) rate and
// "the ACC earners' levy does not apply to redundancy payments"; IRD,
// "Redundancy and KiwiSaver": "contributions will not be deducted from
// any redundancy payment"; KiwiSaver Act 2006 s 4: redundancy payments are
// not salary or wages, so no compulsory employer contribution either).
// Kai, $1,000 a week on M, KiwiSaver 3.5% / 3.5%, made redundant at the
// end of the week 12-18 October 2026 with $5,000 compensation:
//   - the week: annual 52,000: 10.5% × 15,600 + 17.5% × 36,400 = 8,008
//     ÷ 52 = 154.00; ACC 1.75% × 1,000 = 17.50;
//   - the redundancy (an extra pay, IR Payroll Calculations & Business
//     Rules Specification §5.11 step 3.1: the last four weeks' 4,000 × 13
//     = 52,000, plus 5,000 = 57,000 → 30%): 1,500.00, no ACC (annualising
//     the redundancy too, 117,000 → 33%, gave 1,650.00). He is paid the
//     four weeks to 11 October, so the four weekly pays are 4,000 whether
//     the window is the four weeks before the period (ours) or the four
//     weeks to and including the pay day (the specification's);
//   - KiwiSaver employee 3.5% × 1,000 = 35.00, employer 35.00.
func TestAuditNZRedundancyNoACCNoKiwiSaver(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		red := e.redundancyCategory(t)
		kai := e.employee(t, "Kai", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "kiwiSaver_EnrollmentStatus": "Enrolled", "kiwiSaver_EmployeeContribution": 3.5,
			"kiwiSaver_EmployerContribution": 3.5})
		for _, day := range []string{"2026-09-20", "2026-09-27", "2026-10-04", "2026-10-11"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": kai, "terminationReason": "Redundancy", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		e.pay(t, P, kai, red, 5000)
		tot := e.totals(t, P, kai)
		expectAmount(t, "gross", tot["grossEarnings"], 6000)
		expectAmount(t, "ACC earners' levy", tot["accLevyAmount"], 17.50)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 35)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 35)
		expectAmount(t, "PAYE (income tax; the levy is apart)", tot["payeWithheld"], 154+1500)
		if x := e.explainTerms(t, P, kai, "acc"); x["redundancy (not liable)"] != 5000 || x["levied earnings"] != 1000 {
			t.Errorf("explanation of the levy: %v", x)
		}
		if x := e.explainTerms(t, P, kai, "kiwisaver.employee"); x["redundancy (not salary or wages)"] != 5000 {
			t.Errorf("explanation of KiwiSaver: %v", x)
		}
	})
}

// NZ final pay within the first year with a redundancy payment (Holidays
// Act 2003 s 23: 8% of gross earnings; employment.govt.nz, "Gross
// earnings": redundancy payments are excluded): Nia, $1,000 a week,
// started Monday 28 September 2026, made redundant on Sunday 18 October
// with $5,000: 8% × 3,000 = 240.00 (not 8% × 8,000 = 640.00).
func TestAuditNZRedundancyOutOfTheEightPercent(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		red := e.redundancyCategory(t)
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00"})
		for _, day := range []string{"2026-10-04", "2026-10-11"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Redundancy", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		e.pay(t, P, nia, red, 5000)
		paid := e.linesNamed(t, P, nia, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one 8%% line", paid)
		}
		expectAmount(t, "8% without the redundancy", paid[0]["earnings"], 240)
	})
}

// NZ alternative holiday not taken when employment ends (Holidays Act
// 2003 s 60: paid at relevant daily pay for each untaken alternative
// holiday): Ari, $1,000 a week for 5 days of 8 hours, has one alternative
// day (8 hours) owed when he leaves: 1,000 ÷ 5 = 200.00.
func TestAuditNZAlternativeHolidayPaidOut(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		alt := e.manualLeave(t, "Alternative Holiday")
		ari := e.employee(t, "Ari", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M"})
		P1 := e.run(t, "2026-10-11", 0, 0)
		e.accrue(t, P1, ari, alt, 8)
		e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P := e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ari, "terminationReason": "Resignation", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, ari, "Alternative Holiday paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one alternative holiday line", paid)
		}
		expectAmount(t, "alternative holiday paid out", paid[0]["earnings"], 200)
		expectAmount(t, "final gross", e.totals(t, P, ari)["grossEarnings"], 1200)
	})
}

// SG retrenchment benefit (CPF Board, "Are CPF contributions payable on
// gratuity and ex-gratia payments?": not payable on payments that are
// compensation for termination or loss of employment; CPF Board:
// termination benefits given for retrenchment or loss of employment are
// not wages): Rin, $8,000 a month, age 46, retrenched on 30 September
// 2026 with $16,000: CPF on the month's 8,000 only: total 37% = 2,960,
// employee 20% = 1,600, employer 1,360 (with the benefit as an
// additional wage it would be 8,880 / 4,800 / 4,080).
func TestAuditSGRetrenchmentBenefitNoCPF(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		red := e.redundancyCategory(t)
		rin := e.employee(t, "Rin", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2020-01-01T00:00:00"})
		P := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rin, "terminationReason": "Redundancy", "terminationDate": "2026-09-30T00:00:00"}).Expect(t, 200)
		e.pay(t, P, rin, red, 16000)
		tot := e.totals(t, P, rin)
		expectAmount(t, "gross", tot["grossEarnings"], 24000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 1600)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 1360)
		if x := e.explainTerms(t, P, rin, "cpf.total"); x["termination payments (compensation for loss of employment: not wages)"] != 16000 ||
			x["additional wages"] != 0 {
			t.Errorf("explanation of CPF: %v", x)
		}
	})
}

// SG joiner's AW ceiling (CPF Board, AW ceiling = 102,000 − the year's
// total OW subject to CPF; docs/reference/sg-cpf-aw-ceiling.md): Joy joins
// on 1 July 2026 at $8,000 a month (age 46) and is paid a $60,000 bonus
// in December. Her year's OW is 6 × 8,000 = 48,000: ceiling 54,000, so
// 54,000 of the bonus is subject. December: 8,000 + 54,000 = 62,000:
// total 37% = 22,940, employee 20% = 12,400, employer 10,540.
func TestAuditSGJoinerAWCeiling(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		joy := e.employee(t, "Joy", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "startDate": "2026-07-01T00:00:00"})
		for _, day := range []string{"2026-07-31", "2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		dec := e.run(t, "2026-12-31", joy, 60000)
		tot := e.totals(t, dec, joy)
		expectAmount(t, "December CPF employee", tot["cpfEmployeeContributionAmount"], 12400)
		expectAmount(t, "December CPF employer", tot["cpfEmployerContributionAmount"], 10540)
	})
}

// UK fortnightly week 54 (Specification for PAYE Tax Table Routines,
// "Payments in weeks 53, 54 or 56"; docs/reference/uk-paye.md): a payment
// on 5 April 2027 is in week 53, a fortnightly payroll's week 54, taxed on
// the week-2 basis. £600 a fortnight on 1257L: week-2 free pay 2 × 192.32
// (the two 500 blocks) + 99.20 (257: 2,579 × 2 ÷ 52 = 99.19, rounded up)
// = 483.84; taxable 116.16 → 116 × 20% = 23.20 (cumulatively, 1,200 to
// date against 53 weeks' free pay, nothing). NI as any fortnight: 8% ×
// (600 − 484) = 9.28.
func TestAuditUKFortnightlyWeek54(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Fortnightly")
		fay := e.employee(t, "Fay", "Fortnightly", map[string]any{"rate": 600, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2027-03-09T00:00:00"})
		P := e.run(t, "2027-03-22", 0, 0)
		expectAmount(t, "fortnight 51 PAYE", e.totals(t, P, fay)["payeWithheld"], 0)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P = e.run(t, "2027-04-05", 0, 0)
		tot := e.totals(t, P, fay)
		expectAmount(t, "week 54 PAYE", tot["payeWithheld"], 23.20)
		expectAmount(t, "week 54 employee NI", tot["employeeNationalInsuranceContribution"], 9.28)
	})
}

// UK week 53 past the week-1 basic rate band: £1,000 paid on 5 April 2027
// (weekly, 1257L): week-1 free pay 241.92, taxable 758.08 → 758; the
// week-1 basic band 37,700 ÷ 52 = 725.00 at 20% = 145.00, 33 at 40% =
// 13.20: 158.20. Employee NI: the weekly UEL is 967, so 8% × (967 − 242)
// = 58.00 and 2% × (1,000 − 967) = 0.66: 58.66.
func TestAuditUKWeek53HigherRate(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		wil := e.employee(t, "Wil", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "taxCode": "1257L", "nationalInsuranceCategory": "A",
			"startDate": "2027-03-30T00:00:00"})
		tot := e.totals(t, e.run(t, "2027-04-05", 0, 0), wil)
		expectAmount(t, "week 53 PAYE", tot["payeWithheld"], 158.20)
		expectAmount(t, "week 53 employee NI", tot["employeeNationalInsuranceContribution"], 58.66)
	})
}

// UK irregular-hours worker's holiday on termination (Working Time
// Regulations 1998 reg 15B, leave years from 1 April 2024: 12.07% of the
// hours worked in each pay period; reg 14: untaken leave paid in lieu):
// Iris, £15 an hour, works 20 hours in the week ending 15 November 2026
// and 20 hours in the next, leaving on Tuesday 17 November: accrued 2 ×
// 20 × 12.07% = 4.828 hours × 15 = 72.42; final gross 300 + 72.42 =
// 372.42.
func TestAuditUKIrregularHoursHolidayOnTermination(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday (Irregular Hours)", "units": 0.1207, "unitType": "HoursPerHourWorked",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true}).Expect(t, 200)
		// Hours worked that accrue leave (as the UK defaults' Basic Pay).
		ordinary := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Hours Worked", "rateUnit": "Hourly",
			"accruesLeave": true}).Expect(t, 200).Map(t)["id"]))
		iris := e.employee(t, "Iris", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "taxCode": "BR", "nationalInsuranceCategory": "A",
			"startDate": "2026-04-06T00:00:00"})
		approvedTimesheet(t, e.Bundle, e.B, iris, ordinary, "2026-11-09T08:00:00", "2026-11-09T18:00:00")
		approvedTimesheet(t, e.Bundle, e.B, iris, ordinary, "2026-11-10T08:00:00", "2026-11-10T18:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-15", "2026-11-15")
		expectAmount(t, "first week", e.totals(t, P, iris)["grossEarnings"], 300)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		approvedTimesheet(t, e.Bundle, e.B, iris, ordinary, "2026-11-16T08:00:00", "2026-11-16T18:00:00")
		approvedTimesheet(t, e.Bundle, e.B, iris, ordinary, "2026-11-17T08:00:00", "2026-11-17T18:00:00")
		e.leaveOn(t, iris, "2026-11-17")
		P = timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-22", "2026-11-22")
		paid := e.linesNamed(t, P, iris, "Holiday (Irregular Hours) paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one holiday line", paid)
		}
		expectAmount(t, "holiday in lieu", paid[0]["earnings"], 72.42)
		expectAmount(t, "final gross", e.totals(t, P, iris)["grossEarnings"], 372.42)
	})
}

// AU casual paid from timesheets and terminated (Fair Work Act 2009 s 86:
// the NES annual leave does not apply to casual employees, so nothing
// accrues and nothing is paid out): Cas, $30 an hour casual, works 16
// hours in the week 16-22 November 2026 and leaves on Tuesday 17: gross
// 480.00 only; PAYG W(480) = 0.15 × 480.99 − 54.3462 = 17.80 → 18; SG
// 12% × 480 = 57.60.
func TestAuditAUCasualTerminatedNoLeavePayout(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		cas := e.employee(t, "Cas", map[string]any{"rate": 30, "rateUnit": "Hourly", "employmentType": "Casual"})
		approvedTimesheet(t, e.Bundle, e.B, cas, e.pay["Ordinary Hours"], "2026-11-16T09:00:00", "2026-11-16T17:00:00")
		approvedTimesheet(t, e.Bundle, e.B, cas, e.pay["Ordinary Hours"], "2026-11-17T09:00:00", "2026-11-17T17:00:00")
		P := timesheetRun(t, e.Bundle, e.B, e.weekly, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": cas, "terminationReason": "VoluntaryCessation", "terminationDate": "2026-11-17T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, cas), map[string]int64{"grossEarnings": 48000, "paygWithheld": 1800, "superContribution": 5760})
	})
}

// AU long service leave paid out on a resignation (Schedule 7, normal
// termination, leave accrued after 17 August 1993: the marginal rate
// method; au-pay-rules.md §2) and its payment summary (ATO, PAYG payment
// summary – individual non-business: such leave is part of gross
// payments, not Lump Sum A): Lou, a casual ($25 an hour, 40 hours: $1,000
// a week; a casual accrues long service leave, NSW Long Service Leave Act
// 1955 s 4(11)(a): 40 × 0.016667 = 0.66668 → 0.6667 hours a week)
// employed since 1 July 2014 (LSL payable after 7 years), has 100 hours of
// LSL entered and 0.6667 accrued in each of his last two weeks when he
// resigns on Sunday 22 November 2026: 101.3334 × 25 = 2,533.335 →
// 2,533.34; ÷ 52 = 48.72 → 48; W(1048) = 0.3227 × 1048.99 − 185.1935 =
// 153.32 → 153, W(1000) = 138: 15 × 52 = 780; PAYG 138 + 780 = 918. SG
// 12% × 1,000 = 120 (unused leave is not OTE). The year's summary: gross
// payments 1,000 + 3,533.34 = 4,533.34 → 4,533 (whole dollars), Lump Sum
// A 0, tax 138 + 918 = 1,056.
func TestAuditAULongServiceLeaveOnResignation(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		lsl := e.leave["Long Service Leave"]
		lou := e.employee(t, "Lou", map[string]any{"rate": 25, "rateUnit": "Hourly", "employmentType": "Casual", "startDate": "2014-07-01T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lou): []any{
			map[string]any{"leaveCategoryId": lsl, "amount": 100}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lou, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, lou), map[string]int64{"grossEarnings": 353334, "paygWithheld": 91800, "superContribution": 12000})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		sum := e.Do("PUT", fmt.Sprintf("%s/paymentsummary/2027?employeeId=%d", e.B, lou), e.Key, nil).Expect(t, 200).Map(t)
		for k, v := range map[string]float64{"grossPayments": 4533, "lumpSumA": 0, "lumpSumB": 0, "totalTaxWithheld": 1056} {
			if num(t, sum[k]) != v {
				t.Errorf("payment summary %s = %v, want %v", k, sum[k], v)
			}
		}
	})
}

// AU annual leave with its loading paid out on a dismissal of a worker
// whose award loading is paid on termination (Schedule 7 normal
// termination: the leave and loading together by the marginal method):
// Dan, a casual at $25 an hour for 40 hours (no accrual by itself), has
// 38 hours of annual leave (17.5% loading) when dismissed on Sunday 22
// November 2026: 38 × 25 = 950.00, loading 166.25, together 1,116.25;
// ÷ 52 = 21.47 → 21; W(1021) = 0.3227 × 1021.99 − 185.1935 = 144.60 →
// 145, W(1000) = 138: 7 × 52 = 364; PAYG 138 + 364 = 502.
func TestAuditAUDismissalLeaveWithLoading(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		dan := e.employee(t, "Dan", map[string]any{"rate": 25, "rateUnit": "Hourly", "employmentType": "Casual", "startDate": "2020-07-01T00:00:00"})
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(dan): []any{
			map[string]any{"leaveCategoryId": al, "amount": 38}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dan, "terminationReason": "Dismissal", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, dan), map[string]int64{"grossEarnings": 100000 + 95000 + 16625, "paygWithheld": 50200, "superContribution": 12000})
	})
}

// NZ holiday pay on termination is salary or wages for KiwiSaver
// (KiwiSaver Act 2006 s 4: only redundancy is left out; Holidays Act 2003
// s 86: holiday pay is salary or wages): Kiri, $1,000 a week, KiwiSaver
// 3.5% / 3.5%, started Monday 28 September 2026 and leaves on Sunday 18
// October: s 23 8% × 3,000 = 240.00; the final week's KiwiSaver 3.5% ×
// (1,000 + 240) = 43.40 each.
func TestAuditNZKiwiSaverOnHolidayPayOnTermination(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		e.nzAnnualLeave(t, false)
		kiri := e.employee(t, "Kiri", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00", "kiwiSaver_EnrollmentStatus": "Enrolled",
			"kiwiSaver_EmployeeContribution": 3.5, "kiwiSaver_EmployerContribution": 3.5})
		for _, day := range []string{"2026-10-04", "2026-10-11"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": kiri, "terminationReason": "Resignation", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, kiri)
		expectAmount(t, "final gross", tot["grossEarnings"], 1240)
		expectAmount(t, "KiwiSaver employee", tot["kiwiSaverEmployeeContribution"], 43.40)
		expectAmount(t, "KiwiSaver employer", tot["kiwiSaverEmployerContribution"], 43.40)
	})
}
