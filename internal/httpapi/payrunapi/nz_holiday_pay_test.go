package payrunapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// nzAnnualLeave adds the NZ defaults' "Annual Leave" category (four
// weeks a year, Holidays Act s 16; the balance kept in hours), accruing
// by itself unless manual (the test enters the entitlement).
func (e *regionEnv) nzAnnualLeave(t *testing.T, manual bool) int64 {
	t.Helper()
	return int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Annual Leave", "units": 4, "unitType": "StandardWeeks",
		"leaveUnitType": "Hours", "leaveCategoryType": "Standard", "automaticallyAccrues": !manual}).Expect(t, 200).Map(t)["id"]))
}

// nzEntitledLeaver is Tai, $62,400 a year paid monthly (40 hours a week),
// employed since 1 October 2024 (members add to or replace her details;
// setup runs once she exists): her September 2026 run accrues the hours
// given by leave category (her entitlement on 1 October), September and
// October are finalised, and the November run terminates her on 30
// November. It returns her id, the October run and the November run.
func (e *regionEnv) nzEntitledLeaver(t *testing.T, members map[string]any, accrued map[int64]float64, setup func(tai int64)) (tai int64, oct, P string) {
	t.Helper()
	m := map[string]any{"rate": 62400, "rateUnit": "Annually", "hoursPerWeek": 40, "taxCodeDeclaration_TaxCode": "M", "startDate": "2024-10-01T00:00:00"}
	for k, v := range members {
		m[k] = v
	}
	tai = e.employee(t, "Tai", "Monthly", m)
	if setup != nil {
		setup(tai)
	}
	sep := e.run(t, "2026-09-30", 0, 0)
	var leave []any
	for cat, hours := range accrued {
		leave = append(leave, map[string]any{"leaveCategoryId": cat, "amount": hours})
	}
	e.Do("POST", sep+"/leaveaccrued", e.Key, map[string]any{"leave": map[string]any{fmt.Sprint(tai): leave}}).Expect(t, 200)
	e.Do("POST", sep+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	oct = e.run(t, "2026-10-31", 0, 0)
	e.Do("POST", oct+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
	P = e.run(t, "2026-11-30", 0, 0)
	e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": tai, "terminationReason": "Resignation", "terminationDate": "2026-11-30T00:00:00"}).Expect(t, 200)
	return tai, oct, P
}

// linesNamed are an employee's earnings lines of a run paid through a
// pay category of that name.
func (e *regionEnv) linesNamed(t *testing.T, P string, emp int64, category string) []map[string]any {
	t.Helper()
	lines := e.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, emp), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(emp)].([]any)
	var out []map[string]any
	for _, l := range lines {
		if m := l.(map[string]any); m["payCategoryName"] == category {
			out = append(out, m)
		}
	}
	return out
}

// Holidays Act 2003 s 23: employment ending within the first 12 months
// pays 8% of the gross earnings since it began. Nia, $1,000 a week (40
// hours), starts Monday 28 September 2026 and leaves Sunday 18 October
// after three weeks: 8% × 3,000 = 240.00, an extra pay for PAYE (IR340:
// the four weeks before the period earned 2,000; (2,000 + 240) × 13 =
// 29,120, the 17.5% band: 42.00, with the ACC earners' levy 1.75% × 240
// = 4.20, so the final pay's PAYE and levy are 46.20 more than a normal week's).
func TestNZHolidayPayWithinFirstYear(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Weekly")
		annual := e.nzAnnualLeave(t, false)
		nia := e.employee(t, "Nia", "Weekly", map[string]any{"rate": 1000, "rateUnit": "Fixed", "hoursPerWeek": 40,
			"taxCodeDeclaration_TaxCode": "M", "startDate": "2026-09-28T00:00:00"})
		var week2PAYE float64
		for _, day := range []string{"2026-10-04", "2026-10-11"} {
			P := e.run(t, day, 0, 0)
			tot := e.totals(t, P, nia)
			week2PAYE = num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"])
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		P := e.run(t, "2026-10-18", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": nia, "terminationReason": "Resignation", "terminationDate": "2026-10-18T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, nia, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one 8%% line", paid)
		}
		expectAmount(t, "8% holiday pay", paid[0]["earnings"], 240)
		tot := e.totals(t, P, nia)
		expectAmount(t, "final gross", tot["grossEarnings"], 1240)
		if got := num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"]) - week2PAYE; fmt.Sprintf("%.2f", got) != "46.20" {
			t.Errorf("PAYE on the holiday pay = %.2f, want 46.20 (extra pay at 17.5%% with the levy)", got)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		var bal []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=2026-10-31T00:00:00", e.B, nia), e.Key, nil).Expect(t, 200).JSON(t, &bal)
		for _, b := range bal {
			if int64(num(t, b["leaveCategoryId"])) == annual && num(t, b["accruedAmount"]) != 0 {
				t.Errorf("annual leave balance after the final pay: %v", b["accruedAmount"])
			}
		}
	})
}

// Holidays Act 2003 ss 24-25: Tai, $62,400 a year paid monthly (40 hours
// a week), employed since 1 October 2024, entitled on 1 October 2026 to
// four weeks (160 hours, entered on the September run) and leaving on 30
// November 2026 without taking them:
//   - s 24: 4 weeks at the greater of ordinary weekly pay (5,200 × 12 ÷
//     52 = 1,200.00) and average weekly earnings (the 12 months to 31
//     October: September and October, 10,400 ÷ 52 = 200.00): 4,800.00;
//   - s 40: the four weeks taken from 1 December would span Christmas
//     Day and Boxing Day (Mondayised to 28 December): 2 × relevant daily
//     pay 240.00 = 480.00 (TestAuditNZPublicHolidaysInFinalHolidayPay);
//   - s 25: 8% of gross earnings since 1 October 2026 (October 5,200 +
//     November 5,200 + the 4,800 holiday pay and the 480 public holiday
//     pay, s 14) = 8% × 15,680 = 1,254.40.
//
// All are extra pays (IR Payroll Calculations & Business Rules
// Specification §5.11 step 3.1: the month's 5,200 × 12 = 62,400, plus
// 6,534.40 = 68,934 (cents dropped), the 30% band: 1,960.32; ACC 1.75% ×
// 6,534.40 = 114.35): the final pay's PAYE and levy are 2,074.67 more than
// October's (annualising the extra pay too gave 33%: 2,270.70).
func TestNZHolidayPayAfterEntitlement(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		tai, oct, P := e.nzEntitledLeaver(t, nil, map[int64]float64{annual: 160}, nil)
		octTot := e.totals(t, oct, tai)
		octPAYE := num(t, octTot["payeWithheld"]) + num(t, octTot["accLevyAmount"])
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want the entitlement, the public holidays and the 8%%", paid)
		}
		expectAmount(t, "untaken entitlement (s 24)", paid[0]["earnings"], 4800)
		expectAmount(t, "its weeks", paid[0]["units"], 4)
		expectAmount(t, "its weekly rate", paid[0]["rate"], 1200)
		expectAmount(t, "public holidays (s 40)", paid[1]["earnings"], 480)
		expectAmount(t, "8% since the anniversary (s 25)", paid[2]["earnings"], 1254.40)
		tot := e.totals(t, P, tai)
		expectAmount(t, "final gross", tot["grossEarnings"], 11734.40)
		if got := num(t, tot["payeWithheld"]) + num(t, tot["accLevyAmount"]) - octPAYE; fmt.Sprintf("%.2f", got) != "2074.67" {
			t.Errorf("PAYE on the holiday pay = %.2f, want 2,074.67 (extra pay at 30%% with the levy)", got)
		}
		e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		// The payslip and the year to date carry it.
		slip := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, tai), e.Key, nil).Expect(t, 200).Map(t)
		if slip[fmt.Sprint(tai)] != nil {
			slip = slip[fmt.Sprint(tai)].(map[string]any)
		}
		expectAmount(t, "payslip gross", slip["grossEarnings"], 11734.40)
		expectAmount(t, "payslip gross year to date", slip["grossYTD"], 5200+5200+11734.40)
	})
}

// Holidays Act 2003 s 25 with the anniversary inside a pay period: the 8%
// is on the gross earnings "since the employee last became entitled"
// (s 16: entitled after each completed 12 months), so the period the
// anniversary falls in counts from the anniversary, by calendar days
// (docs/reference/holiday-pay-on-termination.md). Tai, $62,400 a year
// paid monthly (5,200.00), employed since 16 October 2024, entitled on 16
// October 2026 to 160 hours (4 weeks), leaving 30 November 2026:
//   - October (1-31, 31 days) counts 16-31 October: 5,200 × 16 ÷ 31 =
//     2,683.8710 → 2,683.87 (the other 15 days belong to the year whose
//     entitlement is the 4 weeks);
//   - s 24: 4 × max(ordinary weekly pay 5,200 × 12 ÷ 52 = 1,200.00,
//     average weekly earnings (5,200 + 5,200) ÷ 52 = 200.00) = 4,800.00;
//   - s 40: Christmas Day and Boxing Day (Mondayised) in the four weeks
//     from 1 December: 2 × 240.00 = 480.00;
//   - s 25: 8% × (2,683.87 + November 5,200 + 4,800 + 480) = 8% ×
//     13,163.87 = 1,053.1096 → 1,053.11 (counting all of October:
//     1,254.40).
func TestNZHolidayPayAnniversaryInsideAPeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := e.nzAnnualLeave(t, true)
		tai, _, P := e.nzEntitledLeaver(t, map[string]any{"startDate": "2024-10-16T00:00:00"}, map[int64]float64{annual: 160}, nil)
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want the entitlement, the public holidays and the 8%%", paid)
		}
		expectAmount(t, "untaken entitlement (s 24)", paid[0]["earnings"], 4800)
		expectAmount(t, "8% since the anniversary (s 25)", paid[2]["earnings"], 1053.11)
		// The line says how the straddling period was counted (the payslip
		// shows the line's notes).
		if n := fmt.Sprint(paid[2]["notes"]); !strings.Contains(n, "1 October 2026 to 31 October 2026") ||
			!strings.Contains(n, "16 of its 31 days: 2683.87 of 5200.00") {
			t.Errorf("8%% line notes %q do not give the anniversary split", n)
		}
	})
}
