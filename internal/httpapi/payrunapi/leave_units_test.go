package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// balanceOf is an employee's balance of one leave category as the leave
// balances API reports it (amount and unit) as at a date.
func (e *regionEnv) balanceOf(t *testing.T, emp, category int64, asAt string) (float64, string) {
	t.Helper()
	var bal []map[string]any
	e.Do("GET", fmt.Sprintf("%s/employee/%d/leavebalances?asAtDate=%sT00:00:00", e.B, emp, asAt), e.Key, nil).Expect(t, 200).JSON(t, &bal)
	for _, b := range bal {
		if int64(num(t, b["leaveCategoryId"])) == category {
			return num(t, b["accruedAmount"]), b["unitType"].(string)
		}
	}
	t.Fatalf("no balance of leave category %d in %v", category, bal)
	return 0, ""
}

// The ledger keeps hours; a category kept in days shows days. SG, Sue,
// $8,000 a month, 40 hours a week of 8-hour days, accrues 12 days a year
// of annual leave (balance in days, as the SG defaults): 12 × 8 ÷ 12 = 8
// hours a month, one day. She joined on 1 July 2026. After July and August
// her balance is 2 days; leaving on 30 September (3 completed months of
// service: 12 × 3 ÷ 12 = 3 days, Employment Act s 88A, as the ledger
// holds) she is paid the 3 days (24 hours) at her hourly
// rate, 8,000 × 12 ÷ 52 ÷ 40 = 46.153846…: 24 × 46.153846… = 1,107.69
// (the same as MOM's daily rate 8,000 × 12 ÷ 260 = 369.23… × 3).
func TestLeaveUnitsSGDaysBalanceAndPayout(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "SG", "Monthly")
		annual := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Annual Leave", "units": 12, "unitType": "Days",
			"leaveUnitType": "Days", "leaveCategoryType": "Standard", "automaticallyAccrues": true}).Expect(t, 200).Map(t)["id"]))
		sue := e.employee(t, "Sue", "Monthly", map[string]any{"rate": 8000, "rateUnit": "Fixed", "hoursPerWeek": 40, "hoursPerDay": 8,
			"startDate": "2026-07-01T00:00:00"})
		for _, day := range []string{"2026-07-31", "2026-08-31"} {
			P := e.run(t, day, 0, 0)
			e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)
		}
		if n, unit := e.balanceOf(t, sue, annual, "2026-08-31"); n != 2 || unit != "Days" {
			t.Errorf("balance after two months = %v %s, want 2 Days", n, unit)
		}
		P := e.run(t, "2026-09-30", 0, 0)
		e.Do("POST", P+"/terminate", e.Key, map[string]any{"employeeId": sue, "terminationReason": "Resignation", "terminationDate": "2026-09-30T00:00:00"}).Expect(t, 200)
		paid := e.linesNamed(t, P, sue, "Annual Leave paid on termination")
		if len(paid) != 1 {
			t.Fatalf("final pay lines %v, want one payout", paid)
		}
		expectAmount(t, "3 days paid out", paid[0]["earnings"], 1107.69)
		expectAmount(t, "its hours", paid[0]["units"], 24)
	})
}

// NZ, categories kept in days and in weeks. Tai, $62,400 a year monthly
// (40 hours a week, 8 a day: $30 an hour), employed since 1 October 2024,
// entitled on 1 October 2026 to four weeks (160 hours entered on the
// September run) of annual holidays kept in days (20 days), and with 40
// hours of a long service leave kept in weeks (1 week). Leaving on 30
// November 2026 she is paid s 24's 4 weeks at 1,200.00 = 4,800.00 (as
// when the category is kept in hours, nz_holiday_pay_test.go; with the s
// 40 public holidays, 20 days from 1 December) and the long service
// leave's 40 hours at $30 = 1,200.00.
func TestLeaveUnitsNZDaysAndWeeks(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRegionEnv(t, d, "NZ", "Monthly")
		annual := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Annual Leave", "units": 4, "unitType": "StandardWeeks",
			"leaveUnitType": "Days", "leaveCategoryType": "Standard", "automaticallyAccrues": false}).Expect(t, 200).Map(t)["id"]))
		lsl := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Long Service Leave", "leaveUnitType": "Weeks",
			"leaveCategoryType": "Standard", "automaticallyAccrues": false}).Expect(t, 200).Map(t)["id"]))
		tai, _, P := e.nzEntitledLeaver(t, map[string]any{"hoursPerDay": 8}, map[int64]float64{annual: 160, lsl: 40}, nil)
		if n, unit := e.balanceOf(t, tai, annual, "2026-09-30"); n != 20 || unit != "Days" {
			t.Errorf("annual holidays = %v %s, want 20 Days", n, unit)
		}
		if n, unit := e.balanceOf(t, tai, lsl, "2026-09-30"); n != 1 || unit != "Weeks" {
			t.Errorf("long service leave = %v %s, want 1 Weeks", n, unit)
		}
		paid := e.linesNamed(t, P, tai, "Annual Leave paid on termination")
		if len(paid) != 3 {
			t.Fatalf("final pay lines %v, want the entitlement, the public holidays and the 8%%", paid)
		}
		expectAmount(t, "untaken entitlement (s 24)", paid[0]["earnings"], 4800)
		expectAmount(t, "its weeks", paid[0]["units"], 4)
		ls := e.linesNamed(t, P, tai, "Long Service Leave paid on termination")
		if len(ls) != 1 {
			t.Fatalf("long service leave lines %v, want one", ls)
		}
		expectAmount(t, "1 week of long service leave", ls[0]["earnings"], 1200)
	})
}
