package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// An audit of penalty lines from timesheets, a pay rate changed from a
// date inside the period and leave cashed out while employed, in 2026-27,
// through the API (W(x) as in au_pay_test.go).

// Penalty rates for ordinary hours are ordinary time earnings (SGR 2009/2:
// shift loadings and penalty rates for ordinary hours worked are OTE;
// overtime is not). Sal, $30 an hour, works 8 hours on each of Monday 16
// to Thursday 19 November 2026 and 8 hours on Saturday 21 November on a
// "Saturday 1.25x" category the client creates (parent Ordinary Hours,
// loading 25%, super 12%): 32 × 30 = 960.00 + 8 × 30 × 1.25 = 300.00,
// gross 1,260.00; W(1260) = 0.3227 × 1260.99 − 185.1935 = 221.73 → 222;
// SG 12% × 1,260 = 151.20.
//
// Pia, $30 an hour, works 8 hours on each of Monday 21 to Thursday 24
// December 2026 and 8 hours on Christmas Day, Friday 25, on the default
// "Public Holiday Worked" category (250%): 960.00 + 8 × 30 × 2.5 =
// 600.00, gross 1,560.00; W(1560) = 0.32 × 1560.99 − 181.7319 = 317.78 →
// 318; SG 12% × 1,560 = 187.20 (the hours are within her ordinary hours).
func TestAuditAUSaturdayAndPublicHolidayPenaltiesFromTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		sat := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Saturday 1.25x", "rateUnit": "Hourly",
			"parentId": e.pay["Ordinary Hours"], "rateLoadingPercent": 25, "defaultSuperRate": 12, "accruesLeave": true}).Expect(t, 200).Map(t)["id"]))
		hourly := map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 40}
		sal := e.employee(t, "Sal", hourly)
		pia := e.employee(t, "Pia", hourly)
		b := withBusiness(e)
		for day := 16; day <= 19; day++ {
			approvedTimesheet(t, b, e.B, sal, e.pay["Ordinary Hours"], fmt.Sprintf("2026-11-%02dT08:00:00", day), fmt.Sprintf("2026-11-%02dT16:00:00", day))
		}
		approvedTimesheet(t, b, e.B, sal, sat, "2026-11-21T08:00:00", "2026-11-21T16:00:00")
		for day := 21; day <= 24; day++ {
			approvedTimesheet(t, b, e.B, pia, e.pay["Ordinary Hours"], fmt.Sprintf("2026-12-%02dT08:00:00", day), fmt.Sprintf("2026-12-%02dT16:00:00", day))
		}
		approvedTimesheet(t, b, e.B, pia, e.pay["Public Holiday Worked"], "2026-12-25T08:00:00", "2026-12-25T16:00:00")
		P := timesheetRun(t, b, e.B, e.weekly, "2026-11-22", "2026-11-25")
		want(t, "Sal (Saturday)", e.totals(t, P, sal), map[string]int64{"grossEarnings": 126000, "paygWithheld": 22200, "superContribution": 15120})
		Q := timesheetRun(t, b, e.B, e.weekly, "2026-12-27", "2026-12-30")
		want(t, "Pia (Christmas Day worked)", e.totals(t, Q, pia), map[string]int64{"grossEarnings": 156000, "paygWithheld": 31800, "superContribution": 18720})
	})
}

// A pay rise from a date inside the period (a scheduled pay rate change):
// hours worked before the date are paid at the old rate, hours from it at
// the new one (the rate in force when the work is done). Ray, $30 an
// hour, is given $32 from Wednesday 18 November 2026 and works 8 hours on
// each of Monday 16 to Friday 20 November: 16 × 30 = 480.00 + 24 × 32 =
// 768.00, gross 1,248.00; W(1248) = 0.3227 × 1248.99 − 185.1935 = 217.86
// → 218; SG 12% × 1,248 = 149.76. The next week, all at $32: 40 × 32 =
// 1,280.00.
func TestAuditAUPayRateChangedInsideThePeriod(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		ray := e.employee(t, "Ray", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 40})
		e.Do("POST", fmt.Sprintf("%s/employee/%d/payrateschedule", e.B, ray), e.Key, map[string]any{"commencementDate": "2026-11-18T00:00:00",
			"rate": 32, "rateUnit": "Hourly"}).Expect(t, 200)
		b := withBusiness(e)
		for day := 16; day <= 27; day++ {
			if day == 21 || day == 22 {
				continue
			}
			approvedTimesheet(t, b, e.B, ray, e.pay["Ordinary Hours"], fmt.Sprintf("2026-11-%02dT08:00:00", day), fmt.Sprintf("2026-11-%02dT16:00:00", day))
		}
		P := timesheetRun(t, b, e.B, e.weekly, "2026-11-22", "2026-11-25")
		want(t, "week of the rise", e.totals(t, P, ray), map[string]int64{"grossEarnings": 124800, "paygWithheld": 21800, "superContribution": 14976})
		e.Do("POST", P+"/finalise", e.Key, nil).Expect(t, 200)
		Q := timesheetRun(t, b, e.B, e.weekly, "2026-11-29", "2026-12-02")
		want(t, "week after", e.totals(t, Q, ray), map[string]int64{"grossEarnings": 128000})
	})
}

// Annual leave cashed out while employed (FW Act s 93; STP Phase 2 paid
// leave type C, au-stp-phase2.md) is ordinary time earnings: SGR 2009/2
// counts lump sum payments of unused leave otherwise than on termination
// as OTE (it is leave paid on termination that is not). Cai, $1,000 a
// week for 40 hours ($25 an hour), cashes out 16 hours in the week ending
// 22 November 2026 through a category the client creates
// ("Annual Leave Cashed Out", STP classification
// LeaveCashOutOfLeaveInService, super 12%), with the 16 hours taken off
// her annual leave balance in the run: gross 1,400.00; SG 12% × 1,400 =
// 168.00; STP gross 1,000.00 and paid leave C 400.00.
func TestAuditAUAnnualLeaveCashedOutWhileEmployed(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		co := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Annual Leave Cashed Out", "rateUnit": "Hourly",
			"paymentSummaryClassification": "LeaveCashOutOfLeaveInService", "defaultSuperRate": 12}).Expect(t, 200).Map(t)["id"]))
		cai := e.employee(t, "Cai", nil)
		P := e.run(t, "2026-11-22", "2026-11-25")
		e.earnings(t, P, cai, map[string]any{"payCategoryId": fmt.Sprint(co), "units": 16, "rate": 25}).Expect(t, 200)
		want(t, "cash-out week", e.totals(t, P, cai), map[string]int64{"grossEarnings": 140000, "superContribution": 16800})
		s := payee(t, e.stpDoc(t, P), cai).IncomeStreams[0]
		if !s.Gross.Equal(payroll.MustMoney("1000")) || !typedAmount(s.PaidLeave, "C").Equal(payroll.MustMoney("400")) {
			t.Errorf("STP gross %s, paid leave %+v; want 1,000.00 and C 400.00", s.Gross, s.PaidLeave)
		}
	})
}
