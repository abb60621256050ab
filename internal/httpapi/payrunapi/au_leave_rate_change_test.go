package payrunapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Leave taken before a pay rise that starts inside the period is paid at
// the rate in force on the days of the leave: the NES pays annual leave
// and paid personal/carer's leave at the employee's base rate of pay for
// the ordinary hours in the period of leave (Fair Work Act 2009 s 90(1),
// s 99), and the base rate on a day before the rise is the old one. The
// rise commences on Wednesday 18 November 2026; the week is Monday 16 to
// Sunday 22 November (2026-27 scale 2, W(x) as in au_pay_test.go). The
// standard hours or salary of the period are shared between the rates by
// calendar days (2/7 before the rise, 5/7 from it), as a rise inside a
// period already is.
//
// Lee, $25 an hour for 40 standard hours, $27.50 from the 18th, takes
// annual leave (loading 17.5%) on Monday 16 (8 hours) and personal leave
// on Tuesday 17 (8 hours): both days are before the rise, so the leave is
// 16 × 25 = 400.00 (annual 200.00, personal 200.00) and the loading 17.5%
// × 200 = 35.00. The standard hours before the rise (40 × 2/7 = 11.4286)
// are all taken by the leave; the other 16 − 11.4286 = 4.5714 come out of
// the hours from the rise, which leaves 28.5714 − 4.5714 = 24 hours (the
// three days Wednesday to Friday he works) at 27.50 = 660.00. Gross 400 +
// 35 + 660 = 1,095.00; W(1095) = 0.3227 × 1095.99 − 185.1935 = 168.48 →
// 168.
//
// Sue, $52,000 a year for 40 hours ($1,000 a week, $25 an hour), $57,200
// from the 18th ($1,100 a week, $27.50 an hour), takes 16 hours of annual
// leave (loading 17.5%) on Monday 16 and Tuesday 17: the salary of the
// week is 2/7 × 1,000 = 285.71 + 5/7 × 1,100 = 785.71 = 1,071.42; the
// leave is paid out of it at the old rate, 16 × 25 = 400.00 (285.71 from
// the days before the rise, 114.29 from the rest), so her pay is still
// 1,071.42, plus the loading 17.5% × 400 = 70.00: gross 1,141.42;
// W(1141) = 0.3227 × 1141.99 − 185.1935 = 183.33 → 183.
//
// Kim, $25 an hour for 40 standard hours, $27.50 from the 18th, takes the
// whole week (Monday 16 to Friday 20, 40 hours) as annual leave (loading
// 17.5%): the request's 5 weekdays are 2 before the rise and 3 from it, so
// 16 hours at 25 = 400.00 and 24 hours at 27.50 = 660.00, leave 1,060.00,
// loading 17.5% × 1,060 = 185.50, and no standard hours are left: gross
// 1,245.50; W(1245) = 0.3227 × 1245.99 − 185.1935 = 216.88 → 217.
func TestAULeaveTakenAcrossAMidPeriodRateChange(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		al, pl := e.leave["Annual Leave"], e.leave["Personal/Carer's Leave"]
		e.leaveLoading(t, al, 17.5)
		lee := e.employee(t, "Lee", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		sue := e.employee(t, "Sue", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		kim := e.employee(t, "Kim", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		for emp, r := range map[int64]map[string]any{lee: {"rate": 27.5, "rateUnit": "Hourly"}, sue: {"rate": 57200, "rateUnit": "Annually"},
			kim: {"rate": 27.5, "rateUnit": "Hourly"}} {
			r["commencementDate"] = "2026-11-18T00:00:00"
			e.Do("POST", fmt.Sprintf("%s/employee/%d/payrateschedule", e.B, emp), e.Key, r).Expect(t, 200)
		}
		req := func(emp, cat int64, from, to string, hours float64) {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": cat,
				"fromDate": from + "T00:00:00", "toDate": to + "T00:00:00", "hours": hours, "automaticallyApprove": true}).Expect(t, 200)
		}
		req(lee, al, "2026-11-16", "2026-11-16", 8)
		req(lee, pl, "2026-11-17", "2026-11-17", 8)
		req(sue, al, "2026-11-16", "2026-11-17", 16)
		req(kim, al, "2026-11-16", "2026-11-20", 40)
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "Lee", e.totals(t, P, lee), map[string]int64{"grossEarnings": 109500, "paygWithheld": 16800})
		want(t, "Sue", e.totals(t, P, sue), map[string]int64{"grossEarnings": 114142, "paygWithheld": 18300})
		want(t, "Kim", e.totals(t, P, kim), map[string]int64{"grossEarnings": 124550, "paygWithheld": 21700})
		for _, c := range []struct {
			emp  int64
			cat  string
			want int64
		}{{lee, "Annual Leave Taken", 20000}, {lee, "Personal/Carer's Leave Taken", 20000}, {sue, "Annual Leave Taken", 40000}, {kim, "Annual Leave Taken", 106000}} {
			var got int64
			lines := e.Do("GET", fmt.Sprintf("%s/payslips/%d", P, c.emp), e.Key, nil).Expect(t, 200).Map(t)["earningsLines"].([]any)
			for _, l := range lines {
				if m := l.(map[string]any); m["payCategoryName"] == c.cat {
					got += cents(t, m["grossEarnings"])
				}
			}
			if got != c.want {
				t.Errorf("employee %d %s = %d cents, want %d: %v", c.emp, c.cat, got, c.want, lines)
			}
		}
	})
}
