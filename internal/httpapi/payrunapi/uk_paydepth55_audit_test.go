package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// paydepth55: a UK audit round (2026-27) of leavers, year-end figures and
// week 53. Every figure is derived by hand from the statute or HMRC's
// tables (payroll-rules-2026-27.md §2) named at each case, not from our
// output.

// pd55YearToDate is employee emp's E/yeartodate as at day (yyyy-mm-dd).
func pd55YearToDate(t *testing.T, e *regionEnv, emp int64, day string) map[string]any {
	t.Helper()
	return e.Do("GET", fmt.Sprintf("%s/employee/%d/yeartodate?date=%sT00:00:00", e.B, emp, day), e.Key, nil).Expect(t, 200).Map(t)
}

// A casual paid rolled-up holiday pay who took more time off than the
// ledger accrued, and leaves. Working Time Regulations 1998 reg 16A
// (leave years from 1 April 2024): the 12.07% uplift paid with the pay
// for work done is the holiday pay, so the time off itself is unpaid
// (reg 16A(8): the payment discharges the liability for that leave).
// Reg 14(4) lets the employer recover from a leaver only the pay for
// leave taken beyond the proportion accrued; time off that was never
// paid owes nothing. So the final pay deducts nothing and warns of
// nothing owed for the rolled-up category.
//   - Ivy, casual, £15.00 an hour, started 6 April 2026, "Holiday
//     (Irregular Hours)" accruing 12.07% of hours worked and paying
//     rolled-up holiday pay through "Rolled-up Holiday Pay".
//   - Week to Sunday 15 November 2026: 20 hours worked (Monday and
//     Tuesday, 10 each): 300.00, rolled-up 12.07% × 300 = 36.21, accrued
//     12.07% × 20 = 2.414 hours; she takes Thursday 12 November off as
//     holiday, 7.5 hours, unpaid (already paid by the uplift): balance
//     2.414 − 7.5 = −5.086 hours. She leaves on 15 November.
//   - Final gross 300 + 36.21 = 336.21 (nothing in lieu: reg 16A(8));
//     BR 20% × 336 = 67.20.
//
// Before: P/warnings said "Holiday (Irregular Hours): 5.086 hours taken
// beyond the leave accrued ... add a deduction line", inviting the
// bureau to recover pay that was never paid.
func TestAuditUKRolledUpLeaverTookMoreThanAccruedOwesNothing(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		worked := pd50Worked(t, e)
		ruhp := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Rolled-up Holiday Pay", "rateUnit": "Fixed"}).Expect(t, 200).Map(t)["id"]))
		hol := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Holiday (Irregular Hours)", "units": 0.1207, "unitType": "HoursPerHourWorked",
			"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": true,
			"rolledUpHolidayPayPercent": 12.07, "transferToPayCategoryId": ruhp}).Expect(t, 200).Map(t)["id"]))
		ivy := e.employee(t, "Ivy", "Weekly", map[string]any{"rate": 15, "rateUnit": "Hourly", "employmentType": "Casual", "taxCode": "BR",
			"nationalInsuranceCategory": "A", "startDate": "2026-04-06T00:00:00"})
		pd50Days(t, e, ivy, worked, 10, "2026-11-09", "2026-11-10")
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, ivy), e.Key, map[string]any{"leaveCategoryId": hol,
			"fromDate": "2026-11-12T00:00:00", "toDate": "2026-11-12T00:00:00", "hours": 7.5, "automaticallyApprove": true}).Expect(t, 200)
		P := timesheetRun(t, e.Bundle, e.B, e.schedule, "2026-11-15", "2026-11-15")
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": ivy, "terminationReason": "Resignation", "terminationDate": "2026-11-15T00:00:00"}).Expect(t, 200)
		tot := e.totals(t, P, ivy)
		expectAmount(t, "final gross", tot["grossEarnings"], 336.21)
		expectAmount(t, "PAYE", tot["payeWithheld"], 67.20)
		check := func(when string) {
			for _, w := range pd42Warnings(t, e, P, ivy) {
				if strings.Contains(w, "Holiday (Irregular Hours)") {
					t.Errorf("%s: warning %q, want none: the rolled-up time off was unpaid", when, w)
				}
			}
		}
		check("draft")
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		check("finalised")
		if b, _ := e.balanceOf(t, ivy, hol, "2026-11-15"); b != -5.086 {
			t.Errorf("balance %v, want 2.414 − 7.5 = −5.086 (the ledger keeps it)", b)
		}
	})
}

// The year to date after an auto-enrolment opt-out refund. Pensions Act
// 2008 s 8(2)(b): a jobholder who opts out within the opt-out period is
// treated as never having been an active member, and the contributions
// deducted are refunded (TPR, "Opting out"; uk-auto-enrolment.md). What
// was deducted and given back is not a contribution paid: the employee's
// pension contributions to date (E/yeartodate employeePension, the
// figure the FPS's "employee pension contributions paid" year to date is
// read from) fall back by the refund.
//   - Rae (net pay arrangement) and Ros (relief at source), each £500 a
//     week fixed, BR, category A, enrolled Monday 5 October 2026 at 5% of
//     qualifying earnings (weekly band £120 - £967, §2.6): 5% × 380 =
//     19.00 a week to Sunday 11 and 18 October (Rae: 19.00 deducted
//     before tax; Ros: 80% × 19.00 = 15.20 deducted from net pay).
//   - Both opt out on Tuesday 20 October; the week to 25 October refunds
//     Rae 38.00 (taxable) and Ros 30.40 (a net addition).
//   - Year to date on 25 October: Rae employee pension 38.00 − 38.00 =
//     0.00; gross 500 + 500 + 538 = 1,538.00, PAYE 96.20 + 96.20 +
//     107.60 = 300.00. Ros 30.40 − 30.40 = 0.00; PAYE 3 × 100.00 = 300.00.
//
// Before: 38.00 and 30.40 (the contributions deducted, the refund not
// counted).
func TestAuditUKOptOutRefundClearsYearToDatePension(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		netPay := pd34Plan(t, e, "net pay", 5, 0)
		scheme := int64(num(t, e.Do("POST", e.B+"/pensionscheme", e.Key, map[string]any{"name": "RAS scheme"}).Expect(t, 200).Map(t)["id"]))
		ras := int64(num(t, e.Do("POST", fmt.Sprintf("%s/pensionscheme/%d/plan", e.B, scheme), e.Key, map[string]any{"contributionPlanName": "ras",
			"calculateOnQualifyingEarnings": true, "pensionType": "ReliefAtSource", "employeeContribution": 5, "employerContribution": 3}).Expect(t, 200).Map(t)["id"]))
		emps := map[string]int64{}
		for name, plan := range map[string]int64{"Rae": netPay, "Ros": ras} {
			id := e.employee(t, name, "Weekly", map[string]any{"rate": 500, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "BR",
				"nationalInsuranceCategory": "A", "startDate": "2026-06-01T00:00:00", "dateOfBirth": "1990-05-05T00:00:00"})
			E := fmt.Sprintf("%s/employee/%d", e.B, id)
			e.Do("PUT", E+"/pension", e.Key, map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2026-10-05T00:00:00"}).Expect(t, 200)
			e.Do("PUT", E+"/pension/membership", e.Key, map[string]any{"pensionSchemeContributionPlanId": plan, "startDate": "2026-10-05T00:00:00"}).Expect(t, 200)
			emps[name] = id
		}
		for _, day := range []string{"2026-10-11", "2026-10-18"} {
			e.Do("POST", e.run(t, day, 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		if y := pd55YearToDate(t, e, emps["Rae"], "2026-10-18"); num(t, y["employeePension"]) != 38 {
			t.Errorf("Rae's pension to 18 October %v, want 2 × 19.00 = 38.00", y["employeePension"])
		}
		for _, id := range emps {
			e.Do("PUT", fmt.Sprintf("%s/employee/%d/pension", e.B, id), e.Key, map[string]any{"enrolmentStatus": "OptedOut", "optOutDate": "2026-10-20T00:00:00"}).Expect(t, 200)
		}
		e.Do("POST", e.run(t, "2026-10-25", 0, 0)+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		for name, want := range map[string]map[string]float64{
			"Rae": {"employeePension": 0, "grossEarnings": 1538, "payeWithheld": 300},
			"Ros": {"employeePension": 0, "payeWithheld": 300},
		} {
			y := pd55YearToDate(t, e, emps[name], "2026-10-25")
			for k, v := range want {
				expectAmount(t, name+" year to date "+k, y[k], v)
			}
		}
	})
}

// K codes in week 53. A weekly payment on Monday 5 April 2027 is in tax
// week 53 of 2026-27 (6 April 2026 was a Monday: 52 weeks end on Sunday
// 4 April 2027). HMRC's Specification for PAYE Tax Table Routines,
// "Payments in weeks 53, 54 or 56": the code is operated on the week 1
// basis whatever its basis, the year to date not used; the K code's
// additional pay is one week's and the regulatory limit (half the
// period's pay) applies to the payment (docs/reference/uk-paye.md).
//   - Kai, K100, £300 a week fixed: additional pay (100 × 10 + 9) ÷ 52 =
//     19.4038 → 19.41 (rounded up); taxable 319.41 → £319, below the
//     week-1 basic band limit 37,700 ÷ 52 = 725: 20% × 319 = 63.80; the
//     limit 50% × 300 = 150.00 does not bind. NI 8% × (300 − 242) =
//     4.64.
//   - Kit, K1000, £100 a week fixed: additional pay one box of 96.16 (for
//     the first 500) + (500 × 10 + 9) ÷ 52 = 96.3269 → 96.33: 192.49;
//     taxable 292.49 → £292 × 20% = 58.40; the limit 50% × 100 = 50.00
//     binds: PAYE 50.00. NI nil (below the LEL, £129).
//
// The engine was right: pinned.
func TestAuditUKWeek53KCodesWeekOneBasisAndRegulatoryLimit(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		kai := e.employee(t, "Kai", "Weekly", map[string]any{"rate": 300, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "K100",
			"nationalInsuranceCategory": "A", "startDate": "2024-01-08T00:00:00"})
		kit := e.employee(t, "Kit", "Weekly", map[string]any{"rate": 100, "rateUnit": "Fixed", "hoursPerWeek": 10, "taxCode": "K1000",
			"nationalInsuranceCategory": "A", "startDate": "2024-01-08T00:00:00"})
		P := e.run(t, "2027-04-05", 0, 0)
		tot := e.totals(t, P, kai)
		expectAmount(t, "Kai PAYE", tot["payeWithheld"], 63.80)
		expectAmount(t, "Kai NI", tot["employeeNationalInsuranceContribution"], 4.64)
		tot = e.totals(t, P, kit)
		expectAmount(t, "Kit PAYE", tot["payeWithheld"], 50)
		expectAmount(t, "Kit NI", tot["employeeNationalInsuranceContribution"], 0)
		if x := e.explainTerms(t, P, kit, "paye"); x["regulatory limit (50% of pay)"] != 50 || x["additional pay to date"] != 192.49 {
			t.Errorf("Kit's PAYE explanation %v, want additional pay 192.49 and the limit 50.00", x)
		}
	})
}

// A joiner with a P45 whose first pay is in week 53. HMRC's Specification
// for PAYE Tax Table Routines, "Payments in weeks 53, 54 or 56": the
// payment is taxed on the week 1 basis whatever the code's basis, the
// year to date not used — so the previous employment's pay and tax on the
// P45 play no part in it (uk-paye.md "Week 53, 54 and 56"); the FPS
// reports this employment's figures to date only and the tax week 53
// (GOV.UK "Send your final payroll report": "put '53' if you pay your
// employees weekly").
//   - Jo, £600 a week fixed, 1257L cumulative, starts Monday 29 March 2027
//     with a P45: previous pay 20,000.00, tax 2,000.00, left 26 March.
//   - First pay Monday 5 April 2027 (week 53), a full week: week-1 free
//     pay 241.92, taxable 358.08 → £358 × 20% = 71.60 (cumulatively with
//     the P45 the figure would differ). NI 8% × (600 − 242) = 28.64.
//   - FPS: week 53; figures to date taxable pay 600.00, tax 71.60.
//
// The engine was right: pinned.
func TestAuditUKJoinerWithP45FirstPaidInWeek53(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "UK", "Weekly")
		pd34HMRC(t, e, nil)
		jo := e.employee(t, "Jo", "Weekly", map[string]any{"rate": 600, "rateUnit": "Fixed", "hoursPerWeek": 37.5, "taxCode": "1257L",
			"nationalInsuranceCategory": "A", "startDate": "2027-03-29T00:00:00", "previousEmployerTaxablePay": 20000, "previousEmployerTaxWithheld": 2000,
			"previousEmployerLeavingDate": "2027-03-26T00:00:00", "previousEmployerW1M1": false, "gender": "Female"})
		P := e.run(t, "2027-04-05", 0, 0)
		tot := e.totals(t, P, jo)
		expectAmount(t, "gross", tot["grossEarnings"], 600)
		expectAmount(t, "PAYE", tot["payeWithheld"], 71.60)
		expectAmount(t, "employee NI", tot["employeeNationalInsuranceContribution"], 28.64)
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		fps := pd34FPS(t, e, P, jo)
		if w := num(t, fps["payment"].(map[string]any)["weekNo"]); w != 53 {
			t.Errorf("FPS week %v, want 53", w)
		}
		td := fps["figuresToDate"].(map[string]any)
		expectAmount(t, "FPS taxable pay to date", td["taxablePay"], 600)
		expectAmount(t, "FPS tax to date", td["totalTax"], 71.60)
	})
}
