package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth29: NZ and SG leavers and joiners part-way through a period and
// holiday pay on termination, 2026-27 (NZ) and 2026 (SG), paid through the
// API the way a client does (rates: payroll-rules-2026-27.md §§ 3, 4).

// Holidays Act 2003 s 23(2)(a): a leaver within the first 12 months is
// paid 8% of gross earnings since employment began "less any amount paid
// to the employee for annual holidays taken in advance" (gross earnings,
// s 14, include the pay for those holidays):
//   - Mia, $52,000 a year ($1,000 a week, 40 hours) on M, starts Monday 5
//     October 2026 and takes one day (8 hours) of annual holidays in
//     advance on Wednesday 21 October, paid at ordinary weekly pay ÷ 5 =
//     200.00 (s 21); she leaves on Sunday 1 November after four weeks.
//   - 8% × 4,000 (4 × 1,000, the day's 200.00 included) = 320.00, less
//     200.00 = 120.00.
//   - An extra pay (IR340; as TestNZHolidayPayWithinFirstYear: the weeks
//     before, 3,000, + 120 = 3,120 × 13 = 40,560, the 17.5% band): 21.00,
//     with the ACC earners' levy 1.75% × 120 = 2.10: the final week's PAYE
//     and levy are 23.10 more than a normal week's.
func TestAuditNZFirstYearLeaverHolidaysTakenInAdvance(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		annual := e.leave["Annual Leave"]
		mia := e.nzEmployee(t, "Mia", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2026-10-05T00:00:00"})
		var weekPAYE float64
		for i, day := range []string{"2026-10-11", "2026-10-18", "2026-10-25"} {
			if i == 2 {
				e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, mia), e.Key, map[string]any{"leaveCategoryId": annual,
					"fromDate": "2026-10-21T00:00:00", "toDate": "2026-10-21T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
			}
			P := e.runOn(t, sch["Weekly"], day, day)
			tot := e.totals(t, P, mia)
			want(t, "week "+day, tot, map[string]int64{"grossEarnings": 100000})
			weekPAYE = num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"])
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.runOn(t, sch["Weekly"], "2026-11-01", "2026-11-01")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": mia, "terminationReason": "Resignation", "terminationDate": "2026-11-01T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, mia)
		want(t, "final week", tot, map[string]int64{"grossEarnings": 112000})
		if got := num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"]) - weekPAYE; fmt.Sprintf("%.2f", got) != "23.10" {
			t.Errorf("PAYE on the holiday pay = %.2f, want 23.10", got)
		}
	})
}

// A four-weekly NZ joiner part-way through a period (no statutory rule
// for part-period salary: calendar days, part-period-pay.md; ACC earners'
// levy 1.75% of the period's liable earnings, IRD):
//   - Ari, $52,000 a year ($4,000 a four-week period), starts Wednesday
//     11 November 2026 in the period 26 October - 22 November: 4,000 × 12
//     ÷ 28 = 1,714.29; ACC 1.75% × 1,714.29 = 30.00.
func TestAuditNZFourWeeklyJoinerPartPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "FourWeekly")
		ari := e.employee(t, "Ari", "FourWeekly", map[string]any{"rate": 52000, "rateUnit": "Annually", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-11-11T00:00:00"})
		tot := e.totals(t, e.run(t, "2026-11-22", 0, 0), ari)
		expectAmount(t, "gross", tot["grossEarnings"], 1714.29)
		expectAmount(t, "ACC earners' levy", tot["accLevyAmount"], 30)
	})
}

// SG leave paid on termination is an additional wage for CPF (CPF Board,
// "Ordinary and additional wages": payment in lieu of leave on
// termination is AW); CPF on the month's total wages (OW + AW), total
// rounded to the dollar, the employee's share with cents dropped
// (payroll-rules-2026-27.md 4.1-4.2: a citizen aged 46, 17% / 20%):
//   - Hal, $15 an hour, 38 hours a week (164.6667 hours a month: 2,470.00),
//     40 hours of leave entered in October, resigns on 30 November: leave
//     600.00 (AW, well under the AW ceiling); wages 3,070.00.
//   - Total 37% × 3,070 = 1,135.90 → 1,136; employee 20% × 3,070 =
//     614.00; employer 522.00.
func TestAuditSGLeavePaidOnTerminationCPF(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		hal, _, P := e.holidayLeaver(t, "Monthly", "2026-10-31", "2026-11-30", map[string]any{"startDate": "2025-01-01T00:00:00"})
		tot := e.totals(t, P, hal)
		expectAmount(t, "final gross", tot["grossEarnings"], 3070)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 614)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 522)
	})
}

// NZ holiday pay of a first-year leaver paid in the week after she left
// (Holidays Act 2003 s 23: 8% of gross earnings since employment began;
// IR340 extra pay: the gross pay of the last four weeks plus the extra
// pay, × 13, sets the rate; the run pays no salary after her last day):
//   - Nia, $1,000 a week (40 hours) on M, starts Monday 28 September 2026
//     and leaves on Sunday 18 October after three weeks, each finalised;
//     the run for the week ending 25 October (leavers included) pays her
//     8% × 3,000 = 240.00.
//   - (3,000 + 240) × 13 = 42,120: the 17.5% band, 42.00; ACC earners'
//     levy 1.75% × 240 = 4.20: PAYE and levy 46.20.
func TestAuditNZHolidayPayPaidTheWeekAfterLeaving(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, sch := newNZDefaultsEnv(t, d, "Weekly")
		nia := e.nzEmployee(t, "Nia", "Weekly", map[string]any{"rate": 52000, "rateUnit": "Annually", "startDate": "2026-09-28T00:00:00"})
		for _, day := range []string{"2026-10-04", "2026-10-11", "2026-10-18"} {
			e.Do("POST", e.runOn(t, sch["Weekly"], day, day)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		r := e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": sch["Weekly"], "payPeriodEnding": "2026-10-25T00:00:00",
			"datePaid": "2026-10-25T00:00:00", "includeTerminatedEmployees": true}).Expect(t, 200).Map(t)
		P := fmt.Sprintf("%s/payrun/%d", e.B, int64(num(t, r["id"])))
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Resignation", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, nia)
		want(t, "holiday pay the week after", tot, map[string]int64{"grossEarnings": 24000})
		if got := num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"]); fmt.Sprintf("%.2f", got) != "46.20" {
			t.Errorf("PAYE and levy on the holiday pay = %.2f, want 46.20", got)
		}
	})
}

// SG leaver in the first year with annual leave of 14 days a year
// (Employment Act s 88A and MOM, as TestAuditSGAnnualLeaveFirstYearCompletedMonths:
// completed months ÷ 12 × the year's days, under one half dropped; MOM's
// incomplete month: monthly pay × days worked ÷ working days; CPF Board:
// leave paid on termination is an additional wage; CPF on the month's
// total wages, total rounded to the dollar, employee's share cents
// dropped; a citizen aged 46: 37% / 20%):
//   - Sam, $8,000 a month (40 hours, Monday to Friday), joins Monday 2
//     March 2026 and leaves on Tuesday 20 October. Completed months 2
//     March to 1 October: 7; 14 × 7 ÷ 12 = 8.17 → 8 days × 369.2308 =
//     2,953.85 (64 hours × 46.153846).
//   - October: 14 of 22 working days: 8,000 × 14 ÷ 22 = 5,090.91.
//   - Wages 8,044.76: CPF total 37% = 2,976.56 → 2,977; employee 20% =
//     1,608.95 → 1,608; employer 1,369.
func TestAuditSGFirstYearLeaverLeaveCPF(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		e.sgAnnualLeave(t, 14, nil)
		sam := e.sgMonthly(t, "Sam", "2026-03-02")
		sep := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, sam, "2026-10-20")
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, sam), 2953.85)
		tot := e.totals(t, P, sam)
		expectAmount(t, "final gross", tot["grossEarnings"], 8044.76)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 1608)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 1369)
	})
}
