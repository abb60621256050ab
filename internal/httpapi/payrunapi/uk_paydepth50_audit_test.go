package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth50: a UK audit round (2026-27) of holiday pay on termination
// (the greater of the Working Time Regulations 1998 reg 14(3) pro rata
// figure and the leave ledger), casuals' holiday accrual and the other
// cases of the brief. Every figure is derived by hand from the statute or
// HMRC's tables (payroll-rules-2026-27.md §2) named at each case, not from
// our output.

// pd50Worked adds a pay category "Hours Worked" that accrues leave.
func pd50Worked(t *testing.T, e *regionEnv) int64 {
	t.Helper()
	return int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Hours Worked", "rateUnit": "Hourly", "accruesLeave": true}).Expect(t, 200).Map(t)["id"]))
}

// pd50Days adds approved timesheets of employee emp in category cat, from
// 08:00 for hours on each of days (yyyy-mm-dd).
func pd50Days(t *testing.T, e *regionEnv, emp, cat int64, hours int, days ...string) {
	t.Helper()
	for _, d := range days {
		approvedTimesheet(t, e.Bundle, e.B, emp, cat, d+"T08:00:00", fmt.Sprintf("%sT%02d:00:00", d, 8+hours))
	}
}

// Holiday in lieu on termination is the greater of reg 14(3)'s (A × B) −
// C and the leave ledger's balance (the lead's decision for payrolld, 2
// December 2026; docs/reference/holiday-pay-on-termination.md): a ledger
// that accrued more than the pro rata figure is not cut back at the final
// pay.
//   - Lea, £16.00 an hour, full time, a standard week of 37.5 hours
//     (7.5-hour days), starts Monday 9 November 2026 and leaves Sunday 15
//     November having worked 9 hours a day Monday to Friday, 45 hours, in
//     "Hours Worked" (accrues leave): 45 × 16 = 720.00.
//   - Holiday: 5.6 weeks a year for a standard week's hours worked
//     (StandardWeeks, the UK defaults' "Holiday", reg 13 and 13A): the
//     ledger accrues 5.6 ÷ 52 × 45 = 4.846153… → 4.8462 hours.
//   - Reg 14(3): leave year from the start date (reg 13(3)(b)(ii)), 7 of
//     its 365 days expired: A × B = 5.6 × 37.5 = 210 × 7 ÷ 365 = 4.0274
//     hours, C = 0.
//   - The greater is the ledger's 4.8462 hours × 16.00 = 77.5392 → 77.54
//     (before: the reg 14 figure, 4.0274 × 16 = 64.44).
//   - Gross 720 + 77.54 = 797.54; BR (cumulative, nothing earlier): 797 ×
//     20% = 159.40.
func TestAuditUKHolidayInLieuLedgerGreaterThanReg14(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		worked := pd50Worked(t, e)
		hol := pd46Holiday(t, e, "StandardWeeks", 5.6)
		lea := e.employee(t, "Lea", "Weekly", map[string]any{"rate": 16, "rateUnit": "Hourly", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"employmentType": "FullTime", "taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2026-11-09T00:00:00"})
		pd50Days(t, e, lea, worked, 9, "2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-15", "2026-11-15")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": lea, "terminationReason": "Resignation", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		l := e.linesNamed(t, P, lea, "Holiday paid on termination")
		if len(l) != 1 {
			t.Fatalf("holiday paid on termination %v, want one line", l)
		}
		expectAmount(t, "holiday in lieu", l[0]["earnings"], 77.54)
		expectAmount(t, "hours in lieu", l[0]["units"], 4.8462)
		if n := fmt.Sprint(l[0]["notes"]); !strings.Contains(n, "ledger's balance 4.8462 hours") || !strings.Contains(n, "4.0274 hours") {
			t.Errorf("notes %q, want the ledger's 4.8462 hours and reg 14(3)'s 4.0274", n)
		}
		tot := e.totals(t, P, lea)
		expectAmount(t, "gross", tot["grossEarnings"], 797.54)
		expectAmount(t, "PAYE", tot["payeWithheld"], 159.40)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, lea, hol, "2026-11-15"); b != 0 {
			t.Errorf("holiday balance after the final pay %v, want 0", b)
		}
	})
}

// A leave year "agreed" with no date: Noa's record says her leave year
// starts on a specified date but gives none (leaveAccrualStartDateType
// SpecifiedDate, no leaveYearStart). The leave year is then the next one
// that can be found (the lead's decision, 2 December 2026: the business's
// or employee's leave year start, else the employment start; reg 13(3)(b):
// without a relevant agreement the leave year begins on the day
// employment began and each anniversary): here the business's setting,
// the start-date anniversary.
//   - Noa, £600 a week fixed for 37.5 hours (16.00 an hour), holiday 5.6
//     weeks a year (Weeks, 210 hours), started 1 June 2025, leaves Sunday
//     22 November 2026 having taken none; her only run here is the final
//     week.
//   - Leave year from 1 June 2026, 175 of its 365 days expired (June 30,
//     July 31, August 31, September 30, October 31, November 22): 210 ×
//     175 ÷ 365 = 100.6849 hours (more than the ledger's week, 4.0385) ×
//     16.00 = 1,610.96; gross 2,210.96; BR 2,210 × 20% = 442.00.
//
// Before: the termination was refused (409, no leaveYearStart) and
// nothing paid. An employee with no leave year start at all (no usable
// setting and no start date) is paid the ledger with a warning; the API
// does not let such an employee be paid (a start date is one of the basic
// details), so that path is covered by the unit test TestUKResolveLeaveYear.
func TestAuditUKHolidayInLieuAgreedLeaveYearWithoutDate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pd46Holiday(t, e, "Weeks", 5.6)
		noa := e.employee(t, "Noa", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2025-06-01T00:00:00", "leaveAccrualStartDateType": "SpecifiedDate"})
		P := e.run(t, "2026-11-22", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": noa, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		pd46PaidOnTermination(t, e, P, noa, 1610.96, "175 of the 365 days", "1 June 2026", "100.6849 hours")
		tot := e.totals(t, P, noa)
		expectAmount(t, "gross", tot["grossEarnings"], 2210.96)
		expectAmount(t, "PAYE", tot["payeWithheld"], 442)
	})
}

// A casual is an irregular-hours worker (the lead's decision, 2 December
// 2026; Working Time Regulations 1998 reg 15F), so in a business whose
// only holiday is a yearly one (28 days a year) a casual's holiday accrues
// at 12.07% of the hours worked in each pay period (reg 15B(2), leave
// years from 1 April 2024) and, on leaving, the reg 15B leave untaken is
// paid as accrued (reg 15E), not a proportion of the leave year.
//   - Cara, casual, £15.00 an hour (20 hours a week on her record, 7.5 a
//     day), started 6 April 2026. Week to Sunday 15 November 2026: 20
//     hours (Monday and Tuesday, 10 each), 300.00, accrued 12.07% × 20 =
//     2.414 hours. Week to 22 November: 10 hours, 150.00, accrued 1.207;
//     she leaves on 22 November.
//   - Paid on termination (2.414 + 1.207) × 15 = 54.315 → 54.32; final
//     gross 204.32; NI nil (below the weekly PT 242).
//
// Before: the yearly category accrued by the calendar, 28 × 7.5 ÷ 52 =
// 4.0385 hours a week whatever she worked, and the final pay paid reg
// 14(3)'s pro rata of the leave year from 6 April: 210 × 231 ÷ 365 =
// 132.9041 hours = 1,993.56 to a casual who worked 30 hours here.
func TestAuditUKCasualAccruesTwelvePointOhSevenPercentOfYearlyHoliday(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		worked := pd50Worked(t, e)
		hol := pd46Holiday(t, e, "Days", 28)
		cara := e.employee(t, "Cara", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "hoursPerWeek": 20, "hoursPerDay": 7.5,
			"employmentType": "Casual", "taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		pd50Days(t, e, cara, worked, 10, "2026-11-09", "2026-11-10")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-15", "2026-11-15")
		expectAmount(t, "week 1 gross", e.totals(t, P, cara)["grossEarnings"], 300)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		if b, _ := e.balanceOf(t, cara, hol, "2026-11-15"); b != 2.414 {
			t.Errorf("holiday after week 1 %v hours, want 12.07%% × 20 = 2.414", b)
		}
		pd50Days(t, e, cara, worked, 10, "2026-11-16")
		P = timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-22", "2026-11-22")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": cara, "terminationReason": "Resignation", "terminationDate": "2026-11-22T00:00:00"}).Expect(t, 200)
		l := e.linesNamed(t, P, cara, "Holiday paid on termination")
		if len(l) != 1 {
			t.Fatalf("holiday paid on termination %v, want one line", l)
		}
		expectAmount(t, "hours in lieu", l[0]["units"], 3.621)
		expectAmount(t, "holiday in lieu", l[0]["earnings"], 54.32)
		tot := e.totals(t, P, cara)
		expectAmount(t, "final gross", tot["grossEarnings"], 204.32)
		expectAmount(t, "final NI", tot["employeeNationalInsuranceContribution"], 0)
	})
}

// Auto-enrolment opt-out within the opt-out period: the contributions
// already deducted are refunded in the next pay run (Pensions Act 2008 s
// 8: a jobholder who opts out within the period is treated as never having
// been a member; The Pensions Regulator's detailed guidance, "Opting out":
// the employer refunds the contributions deducted, less any tax due,
// within one month of the notice or in the next available payroll run;
// docs/reference/uk-auto-enrolment.md). Under a net pay arrangement the
// contributions were deducted before tax but not before NI (HMRC PTM044230),
// so the refund is taxable pay and not NI-able.
//   - Rae, £500 a week fixed, BR, category A, enrolled Monday 5 October
//     2026 in a net pay scheme, 5% employee / 3% employer on qualifying
//     earnings (weekly band £120 - £967, §2.6). Weeks to Sunday 11 and 18
//     October: employee 5% × (500 − 120) = 19.00 each, BR 20% × (500 −
//     19) = 96.20 each (cumulative: 962 × 20% = 192.40 to date).
//   - She opts out on Tuesday 20 October (within one month of 5 October).
//     Week to 25 October: no contributions (no longer a member), and the
//     38.00 deducted is refunded: gross 538.00; BR to date (962 + 538) ×
//     20% = 300.00 − 192.40 = 107.60; NI on the 500.00 only: employee 8% ×
//     (500 − 242) = 20.64, employer 15% × (500 − 96) = 60.60; net 538 −
//     107.60 − 20.64 = 409.76.
//   - The week after (to 1 November) refunds nothing again.
//
// Before: no refund (gross 500.00, PAYE 100.00, net 379.36); the bureau
// had to add it by hand.
func TestAuditUKAutoEnrolmentOptOutRefundNetPay(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		plan := pd34Plan(t, e, "net pay", 5, 0)
		rae := e.employee(t, "Rae", "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-06-01T00:00:00", "dateOfBirth": "1990-05-05T00:00:00"})
		E := fmt.Sprintf("%s/employee/%d", e.B, rae)
		e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2026-10-05T00:00:00"}).Expect(t, 200)
		e.Do("PUT", E+"/pension/membership", e.Key, map[string]any{"pensionSchemeContributionPlanId": plan, "startDate": "2026-10-05T00:00:00"}).Expect(t, 200)
		for _, day := range []string{"2026-10-11", "2026-10-18"} {
			P := e.run(t, day, 0, 0)
			tot := e.totals(t, P, rae)
			expectAmount(t, day+" employee pension", tot["employeePensionContribution"], 19)
			expectAmount(t, day+" PAYE", tot["payeWithheld"], 96.20)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "OptedOut", "optOutDate": "2026-10-20T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-10-25", 0, 0)
		l := e.linesNamed(t, P, rae, "Pension refund (opted out)")
		if len(l) != 1 {
			t.Fatalf("refund lines %v, want one of 38.00", l)
		}
		expectAmount(t, "refund", l[0]["earnings"], 38)
		tot := e.totals(t, P, rae)
		for k, v := range map[string]float64{"grossEarnings": 538, "payeWithheld": 107.60, "employeeNationalInsuranceContribution": 20.64,
			"employerNationalInsuranceContribution": 60.60, "netEarnings": 409.76, "employeePensionContribution": 0, "employerPensionContribution": 0} {
			expectAmount(t, k, tot[k], v)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P = e.run(t, "2026-11-01", 0, 0)
		if l := e.linesNamed(t, P, rae, "Pension refund (opted out)"); len(l) != 0 {
			t.Errorf("refunded again: %v", l)
		}
		expectAmount(t, "next week's gross", e.totals(t, P, rae)["grossEarnings"], 500)
	})
}

// Statutory Parental Bereavement Pay and Statutory Neonatal Care Pay
// running across 5 April 2027 into 2027-28, whose flat rate the rules
// files do not give (payroll-rules-2026-27.md §2.7: £194.32 for weeks
// beginning on or after 5 April 2026; the next rate is announced for pay
// weeks from April 2027 and is not loaded). The request is stored with a
// warning; a pay run pays the weeks with a known rate, keeps the salary of
// the days of a week it cannot pay and warns, never dropping pay silently
// (issue 32; SMP's path, docs/reference/uk-pension-statutory-pay.md).
//   - Bo (SPBP: his child died on Monday 15 March 2027, so the relevant
//     week is Sunday 7 - Saturday 13 March, in 2026-27) and Nell (SNCP,
//     baby due 1 February 2027, qualifying week from Sunday 18 October
//     2026), each £500 a week fixed for Monday to Friday, AWE 500 (90% =
//     450.00, so the flat rate 194.32 applies), leave from Monday 29 March
//     to Sunday 11 April 2027: week 1 (29 March - 4 April) 194.32; week 2
//     (5 - 11 April) has no rate.
//   - Week to Sunday 4 April 2027: 194.32 each, no salary (all five
//     working days on leave).
//   - Week to Sunday 11 April: no statutory pay, the week's salary 500.00
//     kept, and a warning naming week 2 (the run, paid in 2027-28, also
//     says its PAYE cannot be worked out: no 2027-28 rules are loaded).
func TestAuditUKBereavementAndNeonatalPayAcrossTaxYears(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		members := func() map[string]any {
			return map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "hoursPerDay": 7.5, "taxCode": "1257L",
				"nationalInsuranceCategory": "A", "startDate": "2024-01-08T00:00:00"}
		}
		bo := e.employee(t, "Bo", "Weekly", members())
		nell := e.employee(t, "Nell", "Weekly", members())
		for _, k := range []struct {
			emp  int64
			kind string
			body map[string]any
		}{
			{bo, "spbp", map[string]any{"startDate": "2027-03-29T00:00:00", "endDate": "2027-04-11T00:00:00", "childDeathDate": "2027-03-15T00:00:00",
				"averageWeeklyEarningsOverride": 500}},
			{nell, "sncp", map[string]any{"startDate": "2027-03-29T00:00:00", "endDate": "2027-04-11T00:00:00", "babyDueDate": "2027-02-01T00:00:00",
				"averageWeeklyEarningsOverride": 500}},
		} {
			res := e.Do("POST", fmt.Sprintf("%s/employee/%d/statutoryleave/%s", e.B, k.emp, k.kind), e.Key, k.body).Expect(t, 200).Map(t)
			if res["status"] != "Eligible" || !strings.Contains(fmt.Sprint(res["log"]), "week 2 (2027-04-05") {
				t.Fatalf("%s: %v, want eligible with a warning naming week 2", k.kind, res)
			}
		}
		P := e.run(t, "2027-04-04", 0, 0)
		for _, emp := range []int64{bo, nell} {
			expectAmount(t, "week 1 gross", e.totals(t, P, emp)["grossEarnings"], 194.32)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		P = e.run(t, "2027-04-11", 0, 0)
		for _, k := range []struct {
			emp  int64
			name string
		}{{bo, "Statutory Parental Bereavement Pay week 2"}, {nell, "Statutory Neonatal Care Pay week 2"}} {
			// Paid in 2027-28, whose PAYE rules are not loaded either: the
			// totals carry that calculation warning, and the gross stands.
			tot := e.Do("GET", fmt.Sprintf("%s/totals/%d", P, k.emp), e.Key, nil).Expect(t, 200).Map(t)["payRunTotals"].(map[string]any)[fmt.Sprint(k.emp)].(map[string]any)
			expectAmount(t, k.name+": the week's gross", tot["grossEarnings"], 500)
			found := false
			for _, w := range pd42Warnings(t, e, P, k.emp) {
				found = found || (strings.Contains(w, k.name) && strings.Contains(w, "salary of its days is kept"))
			}
			if !found {
				t.Errorf("no warning naming %s: %v", k.name, pd42Warnings(t, e, P, k.emp))
			}
		}
	})
}

// The same opt-out under relief at source: the employee's contribution was
// taken from net pay at 80% of the gross (the scheme claims the 20% basic
// rate relief from HMRC: Finance Act 2004 s 192; HMRC PTM044220), so the
// refund is what was deducted, added to net pay, neither taxable nor
// NI-able (TPR: "less any tax due"; Croner Taxwise: a net adjustment).
//   - Ros, £500 a week fixed, BR, A, enrolled Monday 5 October 2026, 5% /
//     3% on qualifying earnings: 5% × 380 = 19.00 gross, 15.20 deducted
//     each week to 11 and 18 October; opts out Tuesday 20 October.
//   - Week to 25 October: refund 2 × 15.20 = 30.40; PAYE 20% × 500 =
//     100.00 (cumulative BR: 1,500 × 20% = 300.00 − 200.00), NI 20.64 on
//     the 500.00; net 500 + 30.40 − 100.00 − 20.64 = 409.76.
func TestAuditUKAutoEnrolmentOptOutRefundReliefAtSource(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		scheme := int64(num(t, e.Do("POST", e.B+"/pensionscheme", e.Key, map[string]any{"name": "RAS scheme"}).Expect(t, 200).Map(t)["id"]))
		plan := int64(num(t, e.Do("POST", fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), e.Key, map[string]any{"contributionPlanName": "ras",
			"calculateOnQualifyingEarnings": true, "pensionType": "ReliefAtSource", "employeeContribution": 5, "employerContribution": 3}).Expect(t, 200).Map(t)["id"]))
		ros := e.employee(t, "Ros", "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-06-01T00:00:00", "dateOfBirth": "1990-05-05T00:00:00"})
		E := fmt.Sprintf("%s/employee/%d", e.B, ros)
		e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2026-10-05T00:00:00"}).Expect(t, 200)
		e.Do("PUT", E+"/pension/membership", e.Key, map[string]any{"pensionSchemeContributionPlanId": plan, "startDate": "2026-10-05T00:00:00"}).Expect(t, 200)
		for _, day := range []string{"2026-10-11", "2026-10-18"} {
			P := e.run(t, day, 0, 0)
			expectAmount(t, day+" net", e.totals(t, P, ros)["netEarnings"], 500-100-20.64-15.20)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "OptedOut", "optOutDate": "2026-10-20T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-10-25", 0, 0)
		l := e.linesNamed(t, P, ros, "Pension refund (opted out)")
		if len(l) != 1 {
			t.Fatalf("refund lines %v, want one of 30.40", l)
		}
		expectAmount(t, "refund", l[0]["earnings"], 30.40)
		tot := e.totals(t, P, ros)
		for k, v := range map[string]float64{"payeWithheld": 100, "employeeNationalInsuranceContribution": 20.64, "netEarnings": 409.76} {
			expectAmount(t, k, tot[k], v)
		}
	})
}

// The leave year the business has (B/leavesettings: leaveAccrualStartDateType
// SpecifiedDate from 1 April), the employee recording none of their own:
// reg 13(3)(a), the date a relevant agreement provides.
//   - Dan, £31,200 a year paid monthly (2,600.00), 40 hours a week of
//     8-hour days (15.00 an hour: 31,200 ÷ 52 ÷ 40), 28 days' holiday a
//     year (224 hours), started 1 February 2020, takes 2 days (16 hours)
//     on 12-13 October and leaves on Saturday 31 October 2026; October is
//     his only run here.
//   - Leave year 1 April 2026 - 31 March 2027 (365 days), 214 days expired
//     (April 30, May 31, June 30, July 31, August 31, September 30, October
//     31): 224 × 214 ÷ 365 = 131.3315 hours, less 16 = 115.3315 hours ×
//     15.00 = 1,729.97 (the ledger: October's 18.6667 less 16 = 2.6667).
//   - Gross 2,600 + 1,729.97 = 4,329.97; BR 4,329 × 20% = 865.80.
func TestAuditUKHolidayInLieuBusinessLeaveYear(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Monthly")
		e.Do("PUT", e.B+"/leavesettings", e.Key, map[string]any{"leaveAccrualStartDateType": "SpecifiedDate", "leaveYearShouldStartOn": "2026-04-01T00:00:00"}).Expect(t, 200)
		hol := pd46Holiday(t, e, "Days", 28)
		dan := e.employee(t, "Dan", "Monthly", map[string]any{"rate": 31200, "rateUnit": "Annually", "hoursPerWeek": 40, "hoursPerDay": 8,
			"taxCode": "BR", "nationalInsuranceCategory": "A", "startDate": "2020-02-01T00:00:00"})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, dan), e.Key, map[string]any{"leaveCategoryId": hol,
			"fromDate": "2026-10-12T00:00:00", "toDate": "2026-10-13T00:00:00", "hours": 16, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-10-31", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": dan, "terminationReason": "Resignation", "terminationDate": "2026-10-31T00:00:00"}).Expect(t, 200)
		pd46PaidOnTermination(t, e, P, dan, 1729.97, "214 of the 365 days", "1 April 2026", "131.3315 hours")
		tot := e.totals(t, P, dan)
		expectAmount(t, "gross", tot["grossEarnings"], 4329.97)
		expectAmount(t, "PAYE", tot["payeWithheld"], 865.80)
	})
}

// The same opt-out under salary sacrifice: the pay given up is restored,
// taxable and NI-able (it was given up before tax and NI; PayFit, Pento:
// "Taxable & NI'able"; docs/reference/uk-auto-enrolment.md).
//   - Sid, £500 a week fixed, BR, A, enrolled Monday 5 October 2026, 5%
//     of qualifying earnings sacrificed: 19.00 a week to 11 and 18 October
//     (taxable and NI-able pay 481.00 each: BR 96.20); opts out Tuesday
//     20 October.
//   - Week to 25 October: refund 38.00, gross 538.00; BR (962 + 538) × 20%
//     = 300.00 − 192.40 = 107.60; NI employee 8% × (538 − 242) = 23.68,
//     employer 15% × (538 − 96) = 66.30; net 538 − 107.60 − 23.68 =
//     406.72.
func TestAuditUKAutoEnrolmentOptOutRefundSalarySacrifice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		plan := pd34Plan(t, e, "sacrifice", 5, 5)
		sid := e.employee(t, "Sid", "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-06-01T00:00:00", "dateOfBirth": "1990-05-05T00:00:00"})
		E := fmt.Sprintf("%s/employee/%d", e.B, sid)
		e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2026-10-05T00:00:00"}).Expect(t, 200)
		e.Do("PUT", E+"/pension/membership", e.Key, map[string]any{"pensionSchemeContributionPlanId": plan, "startDate": "2026-10-05T00:00:00"}).Expect(t, 200)
		for _, day := range []string{"2026-10-11", "2026-10-18"} {
			P := e.run(t, day, 0, 0)
			expectAmount(t, day+" PAYE", e.totals(t, P, sid)["payeWithheld"], 96.20)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "OptedOut", "optOutDate": "2026-10-20T00:00:00"}).Expect(t, 200)
		P := e.run(t, "2026-10-25", 0, 0)
		l := e.linesNamed(t, P, sid, "Pension refund (opted out)")
		if len(l) != 1 {
			t.Fatalf("refund lines %v, want one of 38.00", l)
		}
		expectAmount(t, "refund", l[0]["earnings"], 38)
		tot := e.totals(t, P, sid)
		for k, v := range map[string]float64{"grossEarnings": 538, "payeWithheld": 107.60, "employeeNationalInsuranceContribution": 23.68,
			"employerNationalInsuranceContribution": 66.30, "netEarnings": 406.72} {
			expectAmount(t, k, tot[k], v)
		}
	})
}

// A casual paid rolled-up holiday pay who leaves: the Working Time
// Regulations 1998 reg 16A(8) (leave years from 1 April 2024): paying the
// 12.07% uplift with the pay for work done discharges the employer's
// liability to pay for that leave, so the hours the ledger accrued are
// not paid again in lieu on termination (reg 15E pays in lieu only the
// reg 15B leave not yet paid for; docs/reference/uk-holiday-irregular-hours.md).
//   - Rue, casual, £15 an hour, works 20 hours in the week to Sunday 15
//     November 2026 (300.00) and leaves on 15 November; the "Holiday
//     (Irregular Hours)" category (12.07% of hours worked) pays rolled-up
//     holiday pay through "Rolled-up Holiday Pay": 12.07% × 300 = 36.21.
//   - Final gross 300 + 36.21 = 336.21, nothing paid on termination.
func TestAuditUKRolledUpCasualLeaverNotPaidTwice(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		worked := pd50Worked(t, e)
		ruhp := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Rolled-up Holiday Pay", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday (Irregular Hours)", "units": 0.1207, "unitType": "HoursPerHourWorked",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true,
			"rolledUpHolidayPayPercent": 12.07, "transferToPayCategoryId": ruhp}).Expect(t, 200)
		rue := e.employee(t, "Rue", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "employmentType": "Casual", "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		pd50Days(t, e, rue, worked, 10, "2026-11-09", "2026-11-10")
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-15", "2026-11-15")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": rue, "terminationReason": "Resignation", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		if l := e.linesNamed(t, P, rue, "Holiday (Irregular Hours) paid on termination"); len(l) != 0 {
			t.Errorf("rolled-up holiday paid again on termination: %v", l)
		}
		expectAmount(t, "final gross", e.totals(t, P, rue)["grossEarnings"], 336.21)
	})
}
