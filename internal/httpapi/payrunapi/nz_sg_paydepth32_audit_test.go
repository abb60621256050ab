package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth32: an audit of NZ leave (sick, bereavement, alternative
// holidays), NZ extra pays and SG leavers, joiners and foreign workers,
// paid through the API as a client does. Every figure is derived by hand
// in the comment from the Act or the official guidance named there
// (rates: payroll-rules-2026-27.md §3 NZ, §4 SG), never from our output.

// nzLeave enters an approved leave request of emp in the NZ defaults
// business: hours of leave category name from day from to day to.
func (e *auEnv) nzLeave(t *testing.T, emp int64, name, from, to string, hours float64) {
	t.Helper()
	e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": e.leave[name],
		"fromDate": from + "T00:00:00", "toDate": to + "T00:00:00", "hours": hours, "automaticallyApprove": true}).Expect(t, 200)
}

// nzLines are emp's earnings lines of run P paid through pay category
// name, as amounts.
func (e *auEnv) nzLines(t *testing.T, P string, emp int64, name string) []float64 {
	t.Helper()
	lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(emp)].([]any)
	var out []float64
	for _, l := range lines {
		if m := l.(map[string]any); m["payCategoryName"] == name {
			out = append(out, num(t, m["earnings"]))
		}
	}
	return out
}

// nzBalance is emp's balance of leave category name as at a day.
func (e *auEnv) nzBalance(t *testing.T, emp int64, name, day string) float64 {
	t.Helper()
	var bal []map[string]any
	e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=%sT00:00:00", e.B, emp, day), e.Key, nil).Expect(t, 200).JSON(t, &bal)
	for _, x := range bal {
		if int64(num(t, x["leaveCategoryId"])) == e.leave[name] {
			return num(t, x["accruedAmount"])
		}
	}
	t.Fatalf("no %s balance in %v", name, bal)
	return 0
}

// nzWeeks creates and finalises a weekly run ending on each day.
func (e *auEnv) nzWeeks(t *testing.T, schedule int64, days ...string) {
	t.Helper()
	for _, day := range days {
		e.Do("POST", e.runOn(t, schedule, day, day)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	}
}

// Sick leave is paid at relevant daily pay (Holidays Act 2003 s 71(1)(a):
// "relevant daily pay or average daily pay for each day of sick leave
// taken"; s 9(1)(a): what the employee would have received had they
// worked that day) and drawn from the entitlement that arose after 6
// months' current continuous employment (s 63(1)(a), s 65(2): 10 days).
//   - Kea, $62,400 a year paid weekly ($1,200 a week, 40 hours, 8-hour
//     days Monday to Friday, $30 an hour), starts Monday 4 May 2026: her
//     6 months are completed on Wednesday 4 November 2026, so the week
//     2-8 November gives her 10 days.
//   - Sick on Tuesday 10 and Wednesday 11 November: 2 days at relevant
//     daily pay 1,200 ÷ 5 = 240.00: 480.00 through "Sick Leave Pay"; the
//     week's gross stays 1,200.00 (3 days of salary 720.00 + 480.00).
//   - ACC earners' levy 1.75% × 1,200 = 21.00; balance 10 − 2 = 8 days.
func TestAuditNZSickDaysAtRelevantDailyPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		kea := e.nzEmployee(t, "Kea", "Weekly", map[string]any{"rate": 62400, "rateUnit": "Annually", "startDate": "2026-05-04T00:00:00"})
		e.nzWeeks(t, sch["Weekly"], "2026-11-08")
		if got := e.nzBalance(t, kea, "Sick Leave", "2026-11-08"); got != 10 {
			t.Errorf("sick leave on 8 November = %v days, want 10", got)
		}
		e.nzLeave(t, kea, "Sick Leave", "2026-11-10", "2026-11-11", 16)
		P := e.runOn(t, sch["Weekly"], "2026-11-15", "2026-11-15")
		if got := e.nzLines(t, P, kea, "Sick Leave Pay"); len(got) != 1 || got[0] != 480 {
			t.Errorf("sick leave pay lines %v, want [480]", got)
		}
		want(t, "sick week", e.totals(t, P, kea), map[string]int64{"grossEarnings": 120000, "accLevyAmount": 2100})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if got := e.nzBalance(t, kea, "Sick Leave", "2026-11-15"); got != 8 {
			t.Errorf("sick leave after = %v days, want 8", got)
		}
	})
}

// Bereavement leave (Holidays Act 2003 s 69(2)(a): 3 days on the death of
// a parent; s 71(1)(a): paid at relevant daily pay; s 63(1): an employee
// is entitled to bereavement leave, as to sick leave, only after 6
// months' current continuous employment).
//   - Rua, $52,000 a year weekly (40 hours, 8-hour days), employed since
//     1 October 2024, takes 3 days on Monday 9 to Wednesday 11 November
//     2026: 3 × (1,000 ÷ 5) = 600.00 through "Bereavement Leave Pay";
//     gross 1,000.00.
//   - Tama, the same pay, started on Monday 7 September 2026 (2 months):
//     no entitlement yet, so the day he takes on Tuesday 10 November is
//     unpaid, as sick leave before 6 months is (nz-sick-leave.md; an
//     employer that pays it anyway records it under another category):
//     gross 1,000 − 8 × 25 = 800.00, no bereavement line.
func TestAuditNZBereavementLeave(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		rua := e.nzEmployee(t, "Rua", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		tama := e.nzEmployee(t, "Tama", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2026-09-07T00:00:00"})
		e.nzLeave(t, rua, "Bereavement Leave", "2026-11-09", "2026-11-11", 24)
		e.nzLeave(t, tama, "Bereavement Leave", "2026-11-10", "2026-11-10", 8)
		P := e.runOn(t, sch["Weekly"], "2026-11-15", "2026-11-15")
		if got := e.nzLines(t, P, rua, "Bereavement Leave Pay"); len(got) != 1 || got[0] != 600 {
			t.Errorf("Rua's bereavement leave pay lines %v, want [600]", got)
		}
		want(t, "Rua", e.totals(t, P, rua), map[string]int64{"grossEarnings": 100000})
		if got := e.nzLines(t, P, tama, "Bereavement Leave Pay"); len(got) != 0 {
			t.Errorf("Tama's bereavement leave pay lines %v, want none (not entitled before 6 months)", got)
		}
		want(t, "Tama", e.totals(t, P, tama), map[string]int64{"grossEarnings": 80000})
	})
}

// An alternative holiday taken is paid at relevant daily pay (Holidays
// Act 2003 s 60(1): "relevant daily pay or average daily pay for the
// day"). Ari, $52,000 a year weekly (8-hour days), earned one alternative
// holiday (8 hours, entered on the run of the week ending 1 November
// 2026, as for working Labour Day) and takes it on Thursday 12
// November: 1,000 ÷ 5 = 200.00 through "Alternative Holiday Pay"; gross
// 1,000.00; the balance falls from 1 day to 0.
func TestAuditNZAlternativeHolidayTaken(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		ari := e.nzEmployee(t, "Ari", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		P1 := e.runOn(t, sch["Weekly"], "2026-11-01", "2026-11-01")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(ari): []any{
			map[string]any{"leaveCategoryId": e.leave["Alternative Holiday"], "amount": 8}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.nzWeeks(t, sch["Weekly"], "2026-11-08")
		if got := e.nzBalance(t, ari, "Alternative Holiday", "2026-11-08"); got != 1 {
			t.Fatalf("alternative holiday balance %v days, want 1", got)
		}
		e.nzLeave(t, ari, "Alternative Holiday", "2026-11-12", "2026-11-12", 8)
		P := e.runOn(t, sch["Weekly"], "2026-11-15", "2026-11-15")
		if got := e.nzLines(t, P, ari, "Alternative Holiday Pay"); len(got) != 1 || got[0] != 200 {
			t.Errorf("alternative holiday pay lines %v, want [200]", got)
		}
		want(t, "week", e.totals(t, P, ari), map[string]int64{"grossEarnings": 100000})
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if got := e.nzBalance(t, ari, "Alternative Holiday", "2026-11-15"); got != 0 {
			t.Errorf("alternative holiday balance after %v days, want 0", got)
		}
	})
}

// Back pay is an extra pay (IRD, "Lump sum payments": lump sum payments,
// also called extra pay, include "back pay"; Income Tax Act 2007 s RD 17:
// the extra pay is added to the four weeks' earnings before it,
// annualised × 13, and taxed whole at the band's rate, IR340; student
// loan 12% of the whole extra pay; KiwiSaver on gross salary or wages,
// back pay included).
//   - Hemi, $52,000 a year weekly on M SL, KiwiSaver 3.5%, employed since
//     1 October 2024, paid four weeks to 8 November 2026 (4 × 1,000), is
//     paid $400 of back pay (a rise backdated) through a pay category of
//     type BackPayment with the week ending 15 November.
//   - Regular PAYE: 1,000 × 52 = 52,000: 1,638 + 17.5% × 36,400 =
//     8,008.00 ÷ 52 = 154.00. The back pay (IR Payroll Calculations &
//     Business Rules Specification §5.11 step 3.1): 4,000 × 13 = 52,000,
//     plus 400 = 52,400, the 17.5% band: 70.00. PAYE 224.00 (annualising
//     the back pay too, 57,200 → 30%, gave 274.00).
//   - ACC 1.75% × 1,400 = 24.50; student loan 12% × (1,000 − 464) =
//     64.32 and 12% × 400 = 48.00: 112.32; KiwiSaver 3.5% × 1,400 = 49.00
//     each.
//   - Taxed as ordinary pay (before): (1,400 × 52 = 72,800) 1,638 +
//     6,632.50 + 30% × 19,300 = 14,060.50 ÷ 52 = 270.39, and student loan
//     12% × (1,400 − 464) = 112.32.
func TestAuditNZBackPayIsAnExtraPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		back := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Back Pay", "rateUnit": "Fixed",
			"payCategoryType": "BackPayment"}).Expect(t, 200).Map(t)["id"]))
		hemi := e.nzEmployee(t, "Hemi", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually", "taxCodeDeclaration_TaxCode": "M SL",
			"kiwiSaver_EnrollmentStatus": "Enrolled"})
		e.nzWeeks(t, sch["Weekly"], "2026-10-18", "2026-10-25", "2026-11-01", "2026-11-08")
		P := e.runOn(t, sch["Weekly"], "2026-11-15", "2026-11-15")
		e.earnings(t, P, hemi, map[string]any{"payCategoryId": fmt.Sprint(back), "earnings": 400}).Expect(t, 200)
		want(t, "back pay week", e.totals(t, P, hemi), map[string]int64{"grossEarnings": 140000, "payeWithheld": 22400, "accLevyAmount": 2450,
			"studentLoanAmount": 11232, "kiwiSaverEmployeeContribution": 4900, "kiwiSaverEmployerContribution": 4900})
	})
}

// A public holiday inside annual holidays is a public holiday, not a day
// of annual holidays (Holidays Act 2003 s 40(1): "A public holiday that
// occurs during an employee's annual holidays must be treated as a public
// holiday and not as part of the employee's annual holidays"; legislation.govt.nz
// DLM237114).
// Tia, $52,000 a year weekly (8-hour days Monday to Friday), employed
// since 1 October 2024 with 80 hours of annual holidays, takes Monday 26
// (Labour Day) to Friday 30 October 2026: 4 days of annual holidays (32
// hours) at ordinary weekly pay ÷ 5 = 200.00 (s 21; average weekly
// earnings, the two weeks paid here ÷ 52, are lower): 800.00; Labour Day is paid as
// her salary (s 49); gross 1,000.00; the request takes 32 hours from the
// balance.
func TestAuditNZPublicHolidayInsideAnnualHolidays(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		tia := e.nzEmployee(t, "Tia", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		P1 := e.runOn(t, sch["Weekly"], "2026-10-18", "2026-10-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(tia): []any{
			map[string]any{"leaveCategoryId": e.leave["Annual Leave"], "amount": 80}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.nzWeeks(t, sch["Weekly"], "2026-10-25")
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, tia), e.Key, map[string]any{"leaveCategoryId": e.leave["Annual Leave"],
			"fromDate": "2026-10-26T00:00:00", "toDate": "2026-10-30T00:00:00", "automaticallyApprove": true}).Expect(t, 200)
		var reqs []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, tia), e.Key, nil).Expect(t, 200).JSON(t, &reqs)
		if len(reqs) != 1 || num(t, reqs[0]["totalHours"]) != 32 {
			t.Errorf("leave requests %v, want one of 32 hours (Labour Day not annual holidays)", reqs)
		}
		P := e.runOn(t, sch["Weekly"], "2026-11-01", "2026-11-01")
		if got := e.nzLines(t, P, tia, "Annual Leave Pay"); len(got) != 1 || got[0] != 800 {
			t.Errorf("annual leave pay lines %v, want [800]", got)
		}
		want(t, "week", e.totals(t, P, tia), map[string]int64{"grossEarnings": 100000})
	})
}

// SG unused leave paid in the month after the employee left. CPF Board,
// "Are CPF contributions payable on Additional Wages payable to
// ex-employees after they have left employment?": payable when the
// employee is a citizen or PR on the last day of employment and on the
// day the AW is payable; "I am paying a bonus to an ex-employee": the
// contribution month is the month the AW is due and payable (the last
// month of employment when it was payable then and paid late by
// oversight). Leave paid on termination is an additional wage (CPF
// Board). Hal, a citizen aged 46, $25 an hour for 38 hours a week,
// accrues 40 hours in September 2026, is paid October in full and leaves
// on 31 October; the November run (leavers included) pays the 40 hours:
// 40 × 25 = 1,000.00, no salary after his last day.
//   - As November's wages: OW 0, AW 1,000 (the ceiling 102,000 − the
//     year's actual OW, 10 × 4,116.67, is far off): total 37% × 1,000 =
//     370, employee 20% = 200, employer 170.
//   - As October's (a top-up of October's contributions): 37% ×
//     5,116.67 = 1,893.17 → 1,893 less 37% × 4,116.67 = 1,523.17 → 1,523:
//     370; employee 1,023.33 → 1,023 less 823.33 → 823: 200. The same, so
//     the figures hold whichever month the AW was payable in (they differ
//     only where a month's total wages fall in the $50-$750 bands).
func TestAuditSGLeavePaidTheMonthAfterLeaving(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		holiday := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday"}).Expect(t, 200).Map(t)["id"]))
		hal := e.employee(t, "Hal", "Monthly", map[string]any{"rate": 25, "rateUnit": "Hourly", "startDate": "2024-01-01T00:00:00"})
		sep := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", sep+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(hal): []any{
			map[string]any{"leaveCategoryId": holiday, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		oct := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "October gross", e.totals(t, oct, hal)["grossEarnings"], 4116.67)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": e.schedule, "payPeriodEnding": "2026-11-30T00:00:00",
			"datePaid": "2026-11-30T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": hal, "terminationReason": "Resignation", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, hal), 1000)
		tot := e.totals(t, P, hal)
		expectAmount(t, "November gross", tot["grossEarnings"], 1000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 200)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 170)
	})
}

// A foreign worker (work permit): no CPF (CPF is for citizens and PRs,
// CPF Act s 7), but the Skills Development Levy is payable on every
// employee's remuneration, foreigners included (Skills Development Levy
// Act 1979 s 3; payroll-rules-2026-27.md §4.3: 0.25% of the month's
// remuneration, at least $2 and at most $11.25). Raj, $3,000 a month and
// a $1,000 bonus in December 2026: SDL 0.25% × 4,000 = 10.00; no CPF;
// no self-help group fund (not Muslim; CDAC, SINDA, ECF are for citizens
// and PRs); net 4,000.00.
func TestAuditSGForeignWorkerBonusSDLNoCPF(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		raj := e.employee(t, "Raj", "Monthly", map[string]any{"rate": 3000, "rateUnit": "Monthly", "hoursPerWeek": 44,
			"legalStatus": "Foreigner", "nationalRegistrationIdentityNumber": "G1234567X", "ethnicity": "Indian"})
		tot := e.totals(t, e.run(t, "2026-12-31", raj, 1000), raj)
		expectAmount(t, "gross", tot["grossEarnings"], 4000)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 0)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 0)
		expectAmount(t, "SDL", tot["sdlContributionAmount"], 10)
		expectAmount(t, "net", tot["netEarnings"], 4000)
	})
}

// A December bonus year-end: the AW ceiling recalculated on the year's
// actual OW (CPF Board, "Additional Wage (AW) ceiling": when AW is paid
// before the year's end the employer estimates the year's OW; at the end
// of the year the ceiling is recomputed on the actual OW and the further
// contributions paid, or the excess refunded; docs/reference/
// sg-cpf-aw-ceiling.md). Kai, a citizen born 1980 (46), $8,000 a month,
// Monday to Friday, joins on 1 August 2026.
//   - October, a $70,000 bonus: estimated OW 16,000 (August, September),
//     8,000 and 2 × 8,000 (November, December) = 40,000, ceiling 62,000:
//     CPF on 8,000 + 62,000 = 70,000: total 37% = 25,900, employee
//     14,000, employer 11,900.
//   - November: 11 days of no-pay leave (16-20, 23-27 and 30 November) of
//     its 21 working days: 8,000 × 10 ÷ 21 = 3,809.52 (MOM, incomplete
//     month).
//   - December, the last month of the year: actual OW 8,000 × 4 +
//     3,809.52 = 35,809.52, ceiling 66,190.48, so 66,190.48 of the bonus
//     is subject, 4,190.48 more than in October: CPF on 8,000 + 4,190.48
//     = 12,190.48: total 37% = 4,510.48 → 4,510; employee 20% = 2,438.10
//     → 2,438; employer 2,072. (Without the recalculation: 2,960, 1,600,
//     1,360.)
func TestAuditSGDecemberAWCeilingRecalculated(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		unpaid := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Unpaid Leave", "leaveUnitType": "Hours",
			"leaveCategoryType": "Standard", "isBalanceUntracked": true}).Expect(t, 200).Map(t)["id"]))
		kai := e.employee(t, "Kai", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"startDate": "2026-08-01T00:00:00"})
		e.workWeek(t, kai, 5, false)
		for _, day := range []string{"2026-08-31", "2026-09-30"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		oct := e.run(t, "2026-10-31", kai, 70000)
		tot := e.totals(t, oct, kai)
		expectAmount(t, "October CPF employee", tot["cpfEmployeeContributionAmount"], 14000)
		expectAmount(t, "October CPF employer", tot["cpfEmployerContributionAmount"], 11900)
		e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, kai), e.Key, map[string]any{"leaveCategoryId": unpaid,
			"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-30T00:00:00", "hours": 88, "automaticallyApprove": true}).Expect(t, 200)
		nov := e.run(t, "2026-11-30", 0, 0)
		expectAmount(t, "November gross", e.totals(t, nov, kai)["grossEarnings"], 3809.52)
		e.Do("POST", nov+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		tot = e.totals(t, e.run(t, "2026-12-31", 0, 0), kai)
		expectAmount(t, "December CPF employee", tot["cpfEmployeeContributionAmount"], 2438)
		expectAmount(t, "December CPF employer", tot["cpfEmployerContributionAmount"], 2072)
	})
}

// A salaried employee who works a public holiday (Holidays Act 2003 s
// 50(1)(a): paid at least time and a half for the hours worked; s 56(1):
// the day is an otherwise working day, so also an alternative holiday).
// Wiremu, $52,000 a year weekly (40 hours, 8-hour days Monday to Friday,
// $25 an hour), works 8 hours on Labour Day, Monday 26 October 2026, on
// an approved timesheet: the other half of the rate for the hours, 8 ×
// 25 ÷ 2 = 100.00, and one alternative holiday (1 day) accrued.
//
// The week's gross is 1,100.00: the salary already pays the day once
// (relevant daily pay 200.00, s 9(1)(a)), so the timesheet's hours add only
// the other half. Before, a salaried employee's timesheet hours in the
// primary category were paid on top of the salary (timesheetLines, every
// region): 1,300.00.
func TestAuditNZSalariedPublicHolidayWorked(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		wir := e.nzEmployee(t, "Wiremu", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		approvedTimesheet(t, withBusiness(e), e.B, wir, e.pay["Ordinary Hours"], "2026-10-26T08:00:00", "2026-10-26T16:00:00")
		P := timesheetRun(t, withBusiness(e), e.B, sch["Weekly"], "2026-11-01", "2026-11-01")
		lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, wir), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(wir)].([]any)
		var half []float64
		for _, l := range lines {
			if m := l.(map[string]any); strings.HasPrefix(fmt.Sprint(m["notes"]), "Public holiday worked") {
				half = append(half, num(t, m["earnings"]))
			}
		}
		if len(half) != 1 || half[0] != 100 {
			t.Errorf("public holiday worked lines %v, want [100]", half)
		}
		expectAmount(t, "Wiremu's gross", e.totals(t, P, wir)["grossEarnings"], 1100)
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		if got := e.nzBalance(t, wir, "Alternative Holiday", "2026-11-01"); got != 1 {
			t.Errorf("alternative holiday balance %v days, want 1", got)
		}
	})
}
