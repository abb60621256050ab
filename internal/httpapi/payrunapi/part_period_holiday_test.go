package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Holiday pay on termination for leavers part-way through a period: the
// final pay pays the days worked of the period and the untaken leave
// (docs/reference/holiday-pay-on-termination.md, part-period-pay.md).
// Each figure is derived by hand from the rule named in its comment.

// manualLeave adds a leave category that does not accrue by itself (the
// test enters the untaken balance).
func (e *regionEnv) manualLeave(t *testing.T, name string) int64 {
	t.Helper()
	return int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": name, "leaveUnitType": "Hours",
		"leaveCategoryType": "Standard"}).Expect(t, 200).Map(t)["id"]))
}

// accrue enters hours of leave category cat accrued by emp in run P.
func (e *regionEnv) accrue(t *testing.T, P string, emp, cat int64, hours float64) {
	t.Helper()
	e.Do("POST", P+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(emp): []any{
		map[string]any{"leaveCategoryId": cat, "amount": hours}}}}).Expect(t, 200)
}

// UK salaried leaver part-way through October 2026 with untaken holiday:
// Lee, £36,000 a year paid monthly for 40 hours a week (8-hour days), BR,
// category A, has 40 hours (5 days) of holiday accrued and not taken when
// she leaves on Thursday 15 October.
//   - Salary for the days employed (calendar days, part-period-pay.md):
//     36,000 ÷ 12 × 15 ÷ 31 = 1,451.6129 → 1,451.61.
//   - Holiday in lieu (Working Time Regulations 1998 reg 14(3)(b): paid
//     at a week's pay; Employment Rights Act 1996 s 221(2): for normal
//     working hours and pay that does not vary, the amount payable under
//     the contract for the normal hours in a week): 36,000 ÷ 52 =
//     692.3077 a week of 40 hours = 17.3077 an hour; 40 hours = 692.31.
//   - Gross 2,143.92. BR cumulative (payroll-rules-2026-27.md 2.1):
//     September 3,000 → 600.00; to date 5,143.92 → 5,143 × 20% = 1,028.60
//     − 600.00 = 428.60.
//   - Class 1 NI monthly (2.4: PT 1,048, ST 417): employee 8% × (2,143.92
//     − 1,048) = 87.6736 → 87.67; employer 15% × (2,143.92 − 417) =
//     259.038 → 259.04.
func TestAuditUKSalariedPartMonthLeaverHolidayPay(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		holiday := e.manualLeave(t, "Holiday")
		lee := e.employee(t, "Lee", "Monthly", map[string]any{"rate": 36000, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCode": "BR", "nationalInsuranceCategory": "A"})
		sep := e.run(t, "2026-09-30", 0, 0)
		e.accrue(t, sep, lee, holiday, 40)
		expectAmount(t, "September PAYE", e.totals(t, sep, lee)["payeWithheld"], 600)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, lee, "2026-10-15")
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "holiday in lieu", e.paidOnTermination(t, P, lee), 692.31)
		tot := e.totals(t, P, lee)
		expectAmount(t, "final gross", tot["grossEarnings"], 2143.92)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 428.60)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 87.67)
		expectAmount(t, "employer NI", tot["employerNationalInsuranceContribution"], 259.04)
	})
}

// SG leaver part-way through September 2026 with annual leave paid out:
// Sue, $8,000 a month for 40 hours a week (8-hour days, Monday to
// Friday), age 46, has 40 hours (5 days) of annual leave untaken when she
// leaves on Tuesday 15 September.
//   - Salary for an incomplete month (MOM, "Salary for an incomplete month
//     of work"): 8,000 ÷ 22 working days × 11 worked = 4,000.00.
//   - Leave paid on termination at the gross rate of pay (Employment Act s
//     43; MOM's gross rate of pay for a day of a monthly-rated employee:
//     12 × monthly gross rate ÷ (52 × working days a week) = 96,000 ÷ 260
//     = 369.2308): 5 days = 1,846.15.
//   - CPF (2026, age 46: 37% total, 20% employee, payroll-rules-2026-27.md
//     4.1): OW 4,000.00 (under the 8,000 ceiling), the leave an additional
//     wage (CPF Board, additional wages; far under the AW ceiling of
//     102,000 less the year's OW): total 37% × 5,846.15 = 2,163.0755 →
//     2,163 (nearest dollar), employee 20% × 5,846.15 = 1,169.23 → 1,169
//     (cents dropped), employer 994.
func TestAuditSGPartMonthLeaverLeavePayout(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		annual := e.manualLeave(t, "Holiday")
		sue := e.employee(t, "Sue", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"startDate": "2025-01-01T00:00:00"})
		e.workWeek(t, sue, 5, false)
		aug := e.run(t, "2026-08-31", 0, 0)
		e.accrue(t, aug, sue, annual, 40)
		e.Do("POST", aug+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, sue, "2026-09-15")
		P := e.run(t, "2026-09-30", 0, 0)
		expectAmount(t, "leave paid on termination", e.paidOnTermination(t, P, sue), 1846.15)
		tot := e.totals(t, P, sue)
		expectAmount(t, "final gross", tot["grossEarnings"], 5846.15)
		expectAmount(t, "CPF employee", tot["cpfEmployeeContributionAmount"], 1169)
		expectAmount(t, "CPF employer", tot["cpfEmployerContributionAmount"], 994)
	})
}

// AU leaver part-way through a week paid annual leave with a 17.5%
// loading: Lea, $1,000 a week for 40 hours ($25 an hour), resigns on
// Wednesday 18 November 2026 (week 16-22 November, paid 25 November).
// Her annual leave (NES: 4 weeks a year, accruing with ordinary hours;
// the category pays a 17.5% loading, as the award does):
//   - 40 hours entered in the week ending 15 November, with that week's
//     accrual 40 × 4 ÷ 52 = 3.0769;
//   - the final week's accrual on the hours employed: 40 × 3 ÷ 7 =
//     17.1429 hours × 4 ÷ 52 = 1.3187;
//   - untaken 44.3956 hours × 25 = 1,109.89 (NES s 90(2): what she would
//     have been paid had she taken it), loading 17.5% = 194.2308 → 194.23.
//
// Salary for the days employed: 1,000 × 3 ÷ 7 = 428.5714 → 428.57.
// PAYG: the week's pay W(428) = 0.15 × 428.99 − 54.3462 = 10.00 → 10;
// Schedule 7 marginal method on 1,304.12 (normal termination): ÷ 52 =
// 25.08 → 25 added to a full period's normal earnings 1,000: W(1025) =
// 0.3227 × 1025.99 − 185.1935 = 145.89 → 146, W(1000) = 137.83 → 138:
// 8 × 52 = 416. PAYG 426. SG 12% × 428.57 = 51.43 (unused leave and its
// loading paid on termination are not OTE). Gross 1,732.69.
func TestAuditAUPartWeekLeaverLeaveWithLoading(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al := e.leave["Annual Leave"]
		e.leaveLoading(t, al, 17.5)
		lea := e.employee(t, "Lea", nil)
		P1 := e.run(t, "2026-11-15", "2026-11-18")
		e.Do("POST", P1+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(lea): []any{
			map[string]any{"leaveCategoryId": al, "amount": 40}}}}).Expect(t, 200)
		e.Do("POST", P1+"/finalise", e.Key, nil).Expect(t, 200)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lea, "terminationReason": "Resignation", "terminationDate": "2026-11-18T00:00:00"}).Expect(t, 200)
		want(t, "final pay", e.totals(t, P, lea), map[string]int64{"grossEarnings": 173269, "paygWithheld": 42600, "superContribution": 5143})
	})
}

// UK leaver part-way through October 2026 whose holiday accrues as days
// a year: Lyn, £36,000 a year paid monthly for 40 hours a week (8-hour
// days), BR, started 1 January 2024 (the test employees' start date), has
// a holiday category of 28 days (224 hours) a year that accrues by itself.
// She leaves on Thursday 15 October. Working Time Regulations 1998 reg
// 14(3)(b), (A × B) − C: with no leave year agreed it runs from the
// anniversary of the start date (reg 13(3)(b)(ii)), 1 January 2026; B is
// the proportion of it expired at the termination date, 288 of its 365
// days (January to September 273, October 15): 224 × 288 ÷ 365 =
// 176.7452 hours, none taken. At her hourly rate (a week's pay 36,000 ÷
// 52 = 692.3077 for 40 hours): × 17.307692 = 3,059.05. Gross 1,451.61 +
// 3,059.05 = 4,510.66; BR cumulative: 7,510.66 → 7,510 × 20% = 1,502.00 −
// 600.00 = 902.00.
//
// Before paydepth46 the ledger's accruals were paid (September's 18.6667
// hours and October's 18.6667 × 15 ÷ 31 = 9.0323: 27.6990 hours = 479.41),
// as if the leave year had begun with the first payroll run here.
func TestAuditUKPartMonthLeaverHolidayAccruedInDays(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday", "units": 28, "unitType": "Days",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true}).Expect(t, 200)
		lyn := e.employee(t, "Lyn", "Monthly", map[string]any{"rate": 36000, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCode": "BR", "nationalInsuranceCategory": "A"})
		sep := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		e.leaveOn(t, lyn, "2026-10-15")
		P := e.run(t, "2026-10-31", 0, 0)
		expectAmount(t, "holiday in lieu", e.paidOnTermination(t, P, lyn), 3059.05)
		tot := e.totals(t, P, lyn)
		expectAmount(t, "final gross", tot["grossEarnings"], 4510.66)
		expectAmount(t, "final PAYE", tot["payeWithheld"], 902)
	})
}
