package payrunapi_test

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"encoding/json"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// What a leave category's hours come out of (AuLeaveCategoryModel's
// deductFromPrimaryPayCategory, deductFromPayCategoryId,
// useDeductFromPayCategoryRate; docs/reference/leave-deduction.md):
// the primary pay category's standard hours, another pay category's lines,
// or nothing (the salary continues, the leave's own pay category, if any,
// paid in addition). Each figure is derived by hand in the test's comment.

// newLeaveDefaultsEnv is a business of region with its default pay and
// leave categories (setupDefaultData), a "Head office" location and a
// schedule of frequency; the region env's helpers work on it.
func newLeaveDefaultsEnv(t *testing.T, d *db.DB, region, frequency string) (*regionEnv, map[string]int64) {
	b := testkit.NewBundle(t, d, region)
	var biz struct {
		ID int64 `json:"id"`
	}
	b.Do("POST", "/api/v2/business", b.Key, map[string]any{"name": "Defaults " + region, "region": region}).Expect(t, 200).JSON(t, &biz)
	bb := *b
	bb.Biz, bb.B = biz.ID, testkit.BusinessPath(biz.ID)
	e := &regionEnv{Bundle: &bb, region: region}
	e.Do("POST", e.B+"/location", e.Key, map[string]any{"name": "Head office"}).Expect(t, 200)
	e.schedule = int64(num(t, e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": frequency, "frequency": frequency}).Expect(t, 200).Map(t)["id"]))
	leave := map[string]int64{}
	var list []map[string]any
	e.Do("GET", e.B+"/leavecategory", e.Key, nil).Expect(t, 200).JSON(t, &list)
	for _, c := range list {
		leave[c["name"].(string)] = int64(num(t, c["id"]))
	}
	return e, leave
}

// leaveRequest adds an approved leave request of emp: hours of category
// cat from day from to day to.
func (e *regionEnv) leaveRequest(t *testing.T, emp, cat int64, from, to string, hours float64) {
	t.Helper()
	e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": cat,
		"fromDate": from + "T00:00:00", "toDate": to + "T00:00:00", "hours": hours, "automaticallyApprove": true}).Expect(t, 200)
}

// slipLeave is the amount of leave category name in a payslip list
// ("leaveTaken" or "accruedLeave") of emp in run P, and whether it is there.
func slipLeave(t *testing.T, b *testkit.Bundle, P string, emp int64, list, name string) (float64, bool) {
	t.Helper()
	slip := b.Do("GET", fmt.Sprintf("%s/payslips/%d", P, emp), b.Key, nil).Expect(t, 200).Map(t)
	sum, found := 0.0, false
	for _, x := range slip[list].([]any) {
		if m := x.(map[string]any); m["leaveCategory"] == name {
			sum, found = sum+num(t, m["amount"]), true
		}
	}
	return sum, found
}

// earningsOf are emp's earnings lines of run P paid through pay category
// name: their amounts.
func earningsOf(t *testing.T, b *testkit.Bundle, P string, emp int64, name string) []float64 {
	t.Helper()
	lines := b.Do("GET", fmt.Sprintf("%s/earningslines/%d", P, emp), b.Key, nil).Expect(t, 200).Map(t)["earningsLines"].(map[string]any)[fmt.Sprint(emp)].([]any)
	var out []float64
	for _, l := range lines {
		if m := l.(map[string]any); m["payCategoryName"] == name {
			out = append(out, num(t, m["earnings"]))
		}
	}
	return out
}

func sameAmounts(got []float64, want ...float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

// SG default leave keeps the monthly salary whole; default "Unpaid Leave"
// still takes the incomplete month's share off it. A business with the SG
// defaults (internal/categories/defaults.go), November 2026, two citizens
// on $4,000 a month for 40 hours a week of 8-hour days, Monday to Friday.
//   - Aisha (born 1992, 34) takes two days of the default "Annual Leave"
//     (Tuesday 17 and Wednesday 18 November, 16 hours). The employer pays
//     the gross rate of pay for every day of paid annual leave (Employment
//     Act 1968 s 88A; docs/reference/leave-deduction.md); the default
//     category pays no leave line and deducts nothing
//     (deductFromPrimaryPayCategory false), so the month's salary is paid
//     as it is: gross 4,000.00. CPF (age 55 and below 17% / 20%, total
//     37%; total rounded to the dollar, the employee's share's cents
//     dropped, payroll-rules-2026-27.md §4): total 1,480, employee 800,
//     employer 680; net 3,200.00. The payslip lists 2 days of Annual Leave
//     taken and her balance after the run is what it accrued less the 2
//     days. Before: the 16 hours came out of the salary as no-pay leave
//     (4,000 × 2 ÷ 21 = 380.95): gross 3,619.05.
//   - Ben (born 1980, 46) takes two days of the default "Unpaid Leave"
//     on the same dates: no-pay leave, an incomplete month (MOM, "Salary
//     for an incomplete month of work": monthly gross rate ÷ working days
//     in the month × days worked; docs/reference/sg-incomplete-month-no-pay-leave.md).
//     November 2026 has 21 working days Monday to Friday (1 November is a
//     Sunday: 2-6, 9-13, 16-20, 23-27, 30), so the leave takes 4,000 × 2 ÷
//     21 = 380.952… → 380.95: gross 3,619.05. CPF 37% × 3,619.05 =
//     1,339.0485 → 1,339; employee 20% × 3,619.05 = 723.81 → 723;
//     employer 616. (Unchanged.)
func TestLeaveDeductSGDefaultLeaveKeepsTheSalary(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e, leave := newLeaveDefaultsEnv(t, d, "SG", "Monthly")
		aisha := e.employee(t, "Aisha", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"primaryPayCategory": "Basic Pay", "dateOfBirth": "1992-07-07T00:00:00", "startDate": "2020-01-01T00:00:00", "nationalRegistrationIdentityNumber": "S8045678F"})
		ben := e.employee(t, "Ben", "Monthly", map[string]any{"rate": 4000, "rateUnit": "Monthly", "hoursPerWeek": 40, "hoursPerDay": 8,
			"primaryPayCategory": "Basic Pay", "startDate": "2020-01-01T00:00:00"})
		for _, emp := range []int64{aisha, ben} {
			e.workWeek(t, emp, 5, false)
		}
		e.leaveRequest(t, aisha, leave["Annual Leave"], "2026-11-17", "2026-11-18", 16)
		e.leaveRequest(t, ben, leave["Unpaid Leave"], "2026-11-17", "2026-11-18", 16)
		P := e.run(t, "2026-11-30", 0, 0)

		tot := e.totals(t, P, aisha)
		expectAmount(t, "Aisha gross", tot["grossEarnings"], 4000)
		expectAmount(t, "Aisha CPF employee", tot["cpfEmployeeContributionAmount"], 800)
		expectAmount(t, "Aisha CPF employer", tot["cpfEmployerContributionAmount"], 680)
		expectAmount(t, "Aisha net", tot["netEarnings"], 3200)
		if got := earningsOf(t, e.Bundle, P, aisha, "Basic Pay"); !sameAmounts(got, 4000) {
			t.Errorf("Aisha's Basic Pay lines %v, want the whole salary 4,000.00", got)
		}
		if got, ok := slipLeave(t, e.Bundle, P, aisha, "leaveTaken", "Annual Leave"); !ok || got != 2 {
			t.Errorf("Aisha's payslip lists %v days of Annual Leave taken (listed %v), want 2", got, ok)
		}
		accrued, _ := slipLeave(t, e.Bundle, P, aisha, "accruedLeave", "Annual Leave")

		tot = e.totals(t, P, ben)
		expectAmount(t, "Ben gross", tot["grossEarnings"], 3619.05)
		expectAmount(t, "Ben CPF employee", tot["cpfEmployeeContributionAmount"], 723)
		expectAmount(t, "Ben CPF employer", tot["cpfEmployerContributionAmount"], 616)

		e.sgFinalise(t, P)
		if got, _ := e.balanceOf(t, aisha, leave["Annual Leave"], "2026-11-30"); fmt.Sprintf("%.4f", got) != fmt.Sprintf("%.4f", accrued-2) {
			t.Errorf("Aisha's Annual Leave balance %v days, want the %v accrued less the 2 taken", got, accrued)
		}
	})
}

// AU, a salaried employee and a category that deducts nothing: Ann,
// $1,000 a week for 40 hours ($25 an hour), takes 8 hours of "Study
// Leave" on Wednesday 4 November 2026, a category created with
// deductFromPrimaryPayCategory false and paid through "Study Leave Pay":
// the salary stays 1,000.00 and the leave is paid on top, 8 × 25 =
// 200.00; gross 1,200.00. Bob takes the same 8 hours of "Study Leave
// (deducted)", created through the API without the member: it is stored
// true (read back so) and deducts as every API-created category did
// before: salary 1,000.00 − 200.00 = 800.00 plus the leave 200.00, gross
// 1,000.00.
func TestLeaveDeductAUSalaryContinuesWithoutDeduction(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		pay := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Study Leave Pay", "rateUnit": "Hourly"}).Expect(t, 200).Map(t)["id"]))
		kept := e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Study Leave", "leaveUnitType": "Hours", "isBalanceUntracked": true,
			"deductFromPrimaryPayCategory": false, "transferToPayCategoryId": pay}).Expect(t, 200).Map(t)
		cut := e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Study Leave (deducted)", "leaveUnitType": "Hours", "isBalanceUntracked": true,
			"transferToPayCategoryId": pay}).Expect(t, 200).Map(t)
		if kept["deductFromPrimaryPayCategory"] != false || cut["deductFromPrimaryPayCategory"] != true {
			t.Fatalf("deductFromPrimaryPayCategory: sent false -> %v, not sent -> %v; want false, true", kept["deductFromPrimaryPayCategory"], cut["deductFromPrimaryPayCategory"])
		}
		got := e.Do("GET", fmt.Sprintf("%s/leavecategory/%d", e.B, int64(num(t, cut["id"]))), e.Key, nil).Expect(t, 200).Map(t)
		if got["deductFromPrimaryPayCategory"] != true {
			t.Fatalf("read back %v, want deductFromPrimaryPayCategory true", got)
		}
		ann, bob := e.employee(t, "Ann", nil), e.employee(t, "Bob", nil)
		for emp, cat := range map[int64]any{ann: kept["id"], bob: cut["id"]} {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": cat,
				"fromDate": "2026-11-04T00:00:00", "toDate": "2026-11-04T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-08", "2026-11-11")
		b := withBusiness(e)
		for _, c := range []struct {
			name        string
			emp         int64
			salary      float64
			leave       float64
			grossWanted float64
		}{{"Ann", ann, 1000, 200, 1200}, {"Bob", bob, 800, 200, 1000}} {
			expectAmount(t, c.name+" gross", e.totals(t, P, c.emp)["grossEarnings"], c.grossWanted)
			if got := earningsOf(t, b, P, c.emp, "Ordinary Hours"); !sameAmounts(got, c.salary) {
				t.Errorf("%s's salary lines %v, want %v", c.name, got, c.salary)
			}
			if got := earningsOf(t, b, P, c.emp, "Study Leave Pay"); !sameAmounts(got, c.leave) {
				t.Errorf("%s's leave lines %v, want %v", c.name, got, c.leave)
			}
		}
	})
}

// AU, leave that does not deduct across a pay rise inside the period
// (au_leave_rate_change.go prices the leave by day; the category's
// deductFromPrimaryPayCategory false keeps the salary whole). The week is
// Monday 16 to Sunday 22 November 2026; Sue, $52,000 a year for 40 hours
// ($1,000 a week, $25 an hour), $57,200 from Wednesday 18 ($1,100 a week,
// $27.50 an hour), takes 8 hours of "Study Leave" (paid through "Study
// Leave Pay", deducting nothing) on Monday 16, before the rise.
//   - Salary: 2/7 × 1,000 = 285.714… → 285.71 and 5/7 × 1,100 =
//     785.714… → 785.71, 1,071.42 in all, nothing taken out of it.
//   - Leave: 8 h at the rate on its day, 8 × 25 = 200.00.
//   - Gross 1,271.42; scale 2 weekly W(x) = 0.3227 × (1271 + 0.99) −
//     185.1935 = 410.4808 − 185.1935 = 225.287 → 225 (2026-27 coefficients
//     as in au_leave_rate_change_test.go).
//
// A category that deducts (the default "Annual Leave" without loading,
// Tom, same salary and rise, same day) takes the 200.00 out of the
// days before the rise: salary 1,071.42 − 200.00 = 871.42, leave 200.00,
// gross 1,071.42.
func TestLeaveDeductAUSalaryContinuesAcrossARateChange(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		b := withBusiness(e)
		pay := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Study Leave Pay", "rateUnit": "Hourly"}).Expect(t, 200).Map(t)["id"]))
		study := int64(num(t, e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "Study Leave", "leaveUnitType": "Hours", "isBalanceUntracked": true,
			"deductFromPrimaryPayCategory": false, "transferToPayCategoryId": pay}).Expect(t, 200).Map(t)["id"]))
		sue := e.employee(t, "Sue", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		tom := e.employee(t, "Tom", map[string]any{"rate": 52000, "rateUnit": "Annually"})
		for _, emp := range []int64{sue, tom} {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/payrateschedule", e.B, emp), e.Key, map[string]any{"rate": 57200, "rateUnit": "Annually",
				"commencementDate": "2026-11-18T00:00:00"}).Expect(t, 200)
		}
		for emp, cat := range map[int64]int64{sue: study, tom: e.leave["Annual Leave"]} {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": cat,
				"fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-16T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		}
		P := e.run(t, "2026-11-22", "2026-11-25")
		want(t, "Sue", e.totals(t, P, sue), map[string]int64{"grossEarnings": 127142, "paygWithheld": 22500})
		sum := func(xs []float64) (s float64) {
			for _, x := range xs {
				s += x
			}
			return math.Round(s*100) / 100
		}
		if got := sum(earningsOf(t, b, P, sue, "Ordinary Hours")); got != 1071.42 {
			t.Errorf("Sue's salary lines sum to %v, want 1071.42 (285.71 + 785.71, nothing deducted)", got)
		}
		if got := earningsOf(t, b, P, sue, "Study Leave Pay"); !sameAmounts(got, 200) {
			t.Errorf("Sue's leave lines %v, want [200] (8 h at 25, the rate on Monday 16)", got)
		}
		expectAmount(t, "Tom gross", e.totals(t, P, tom)["grossEarnings"], 1071.42)
		if got := sum(earningsOf(t, b, P, tom, "Ordinary Hours")); got != 871.42 {
			t.Errorf("Tom's salary lines sum to %v, want 871.42 (1,071.42 − 200.00 of annual leave)", got)
		}
	})
}

// AU, leave deducted from another pay category's hours: Cal and Dee,
// $25 an hour, record their 40 rostered hours (8 a day, Monday 2 to
// Friday 6 November 2026) in "Shift Hours", an hourly category with a 20%
// loading ($30 an hour: 25 × 1.2), and take 8 hours of a rostered day off
// on Wednesday 4 November, paid through "RDO Pay". The leave categories
// deduct from "Shift Hours" (deductFromPayCategoryId): the shift line
// keeps 32 hours, 32 × 30 = 960.00.
//   - Cal's category pays at the deducted category's rate
//     (useDeductFromPayCategoryRate): 8 × 30 = 240.00; gross 1,200.00.
//   - Dee's pays at her hourly rate: 8 × 25 = 200.00; gross 1,160.00.
//
// Before: nothing came out of the shift hours (the primary category's
// standard hours are not paid to an employee on timesheets): 1,200.00 +
// 200.00 = 1,400.00 each.
func TestLeaveDeductAUFromAnotherPayCategory(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		b := withBusiness(e)
		shift := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "Shift Hours", "rateUnit": "Hourly",
			"rateLoadingPercent": 20}).Expect(t, 200).Map(t)["id"]))
		rdo := int64(num(t, e.Do("POST", e.B+"/paycategory", e.Key, map[string]any{"name": "RDO Pay", "rateUnit": "Hourly"}).Expect(t, 200).Map(t)["id"]))
		atShift := e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "RDO", "leaveUnitType": "Hours", "isBalanceUntracked": true,
			"deductFromPayCategoryId": shift, "useDeductFromPayCategoryRate": true, "transferToPayCategoryId": rdo}).Expect(t, 200).Map(t)
		atBase := e.Do("POST", e.B+"/leavecategory", e.Key, map[string]any{"name": "RDO (base rate)", "leaveUnitType": "Hours", "isBalanceUntracked": true,
			"deductFromPayCategoryId": shift, "transferToPayCategoryId": rdo}).Expect(t, 200).Map(t)
		if atShift["deductFromPrimaryPayCategory"] != false || atBase["deductFromPrimaryPayCategory"] != false {
			t.Fatalf("a category deducting from a pay category: deductFromPrimaryPayCategory %v, %v; want false", atShift["deductFromPrimaryPayCategory"], atBase["deductFromPrimaryPayCategory"])
		}
		cal := e.employee(t, "Cal", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		dee := e.employee(t, "Dee", map[string]any{"rate": 25, "rateUnit": "Hourly"})
		for emp, cat := range map[int64]any{cal: atShift["id"], dee: atBase["id"]} {
			for day := 2; day <= 6; day++ {
				approvedTimesheet(t, b, e.B, emp, shift, fmt.Sprintf("2026-11-%02dT08:00:00", day), fmt.Sprintf("2026-11-%02dT16:00:00", day))
			}
			e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, emp), e.Key, map[string]any{"leaveCategoryId": cat,
				"fromDate": "2026-11-04T00:00:00", "toDate": "2026-11-04T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		}
		P := timesheetRun(t, b, e.B, e.weekly, "2026-11-08", "2026-11-11")
		for _, c := range []struct {
			name  string
			emp   int64
			leave float64
			gross float64
		}{{"Cal", cal, 240, 1200}, {"Dee", dee, 200, 1160}} {
			expectAmount(t, c.name+" gross", e.totals(t, P, c.emp)["grossEarnings"], c.gross)
			if got := earningsOf(t, b, P, c.emp, "Shift Hours"); !sameAmounts(got, 960) {
				t.Errorf("%s's Shift Hours lines %v, want 960 (32 hours at 30)", c.name, got)
			}
			if got := earningsOf(t, b, P, c.emp, "RDO Pay"); !sameAmounts(got, c.leave) {
				t.Errorf("%s's RDO Pay lines %v, want %v", c.name, got, c.leave)
			}
		}
	})
}

// useDeductFromPayCategoryRate with a deductFromPayCategoryId that is not
// paid by the hour. The pay run pays each hour of such leave at the
// deducted category's rate for the employee: their hourly rate with the
// category's loading (docs/reference/leave-deduction.md). A pay category
// whose rateUnit is Daily (or Annually, Weekly, Monthly, Fixed) has no
// hourly rate to give, so since 2 December 2026 a leave category naming
// one with useDeductFromPayCategoryRate is refused: 400 naming the member,
// as JSON and as a form, nothing stored. The same category with
// useDeductFromPayCategoryRate false is accepted.
//
// Changing the pay category to Daily while the leave category uses its
// rate is refused since ukfps60 (400 naming rateUnit and the leave
// category, nothing stored). One stored before (here: stored while "Day
// Shifts" was hourly, then the pay category written as Daily straight to
// the store, as one changed before that rule) is paid at the employee's hourly rate,
// with a warning: Cal, $1,000 a week for 40 hours ($25 an hour), takes 8
// hours of "RDO" on Wednesday 4 November 2026 (week Monday 2 to Sunday 8),
// paid through "RDO Pay"; the run has no Day Shifts lines, so nothing is
// deducted (the salary 1,000.00 stays). Leave 8 × 25 = 200.00 (at the
// category's rate it would be 8 × 25 × 1.2 = 240.00: Day Shifts has a 20%
// loading); gross 1,200.00.
func TestLeaveDeductRateOfANonHourlyCategory(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		b := withBusiness(e)
		LC, PC := e.B+"/leavecategory", e.B+"/paycategory"
		daily := int64(num(t, e.Do("POST", PC, e.Key, map[string]any{"name": "Day Rate", "rateUnit": "Daily"}).Expect(t, 200).Map(t)["id"]))
		rdo := int64(num(t, e.Do("POST", PC, e.Key, map[string]any{"name": "RDO Pay", "rateUnit": "Hourly"}).Expect(t, 200).Map(t)["id"]))
		refused := func(what string, r *testkit.Response) {
			t.Helper()
			pd := r.Expect(t, 400).Map(t)
			if s := fmt.Sprint(pd); !strings.Contains(s, "useDeductFromPayCategoryRate") || !strings.Contains(s, "not an hourly rate") {
				t.Errorf("%s: %v, want a problem naming useDeductFromPayCategoryRate and saying the rate is not an hourly rate", what, pd)
			}
		}
		refused("JSON", e.Do("POST", LC, e.Key, map[string]any{"name": "Day off", "deductFromPayCategoryId": daily,
			"useDeductFromPayCategoryRate": true, "transferToPayCategoryId": rdo}))
		refused("form", e.form(t, LC, url.Values{"name": {"Day off"}, "deductFromPayCategoryId": {fmt.Sprint(daily)},
			"useDeductFromPayCategoryRate": {"true"}, "transferToPayCategoryId": {fmt.Sprint(rdo)}}))
		var list []map[string]any
		e.Do("GET", LC, e.Key, nil).Expect(t, 200).JSON(t, &list)
		for _, c := range list {
			if c["name"] == "Day off" {
				t.Fatalf("a refused leave category was stored: %v", c)
			}
		}
		e.Do("POST", LC, e.Key, map[string]any{"name": "Day off", "deductFromPayCategoryId": daily, "transferToPayCategoryId": rdo}).Expect(t, 200)

		day := e.Do("POST", PC, e.Key, map[string]any{"name": "Day Shifts", "rateUnit": "Hourly", "rateLoadingPercent": 20}).Expect(t, 200).Map(t)
		cat := e.Do("POST", LC, e.Key, map[string]any{"name": "RDO", "leaveUnitType": "Hours", "isBalanceUntracked": true,
			"deductFromPayCategoryId": day["id"], "useDeductFromPayCategoryRate": true, "transferToPayCategoryId": rdo}).Expect(t, 200).Map(t)
		// Since ukfps60 the pay category cannot be made non-hourly while a
		// leave category pays at its rate: 400 naming rateUnit and the leave
		// category, nothing stored (it stays Hourly).
		dayID := int64(num(t, day["id"]))
		day["rateUnit"] = "Daily"
		pd := e.Do("PUT", fmt.Sprintf("%s/%d", PC, dayID), e.Key, day).Expect(t, 400).Map(t)
		errs, _ := pd["errors"].(map[string]any)
		if s := fmt.Sprint(errs["rateUnit"]); !strings.Contains(s, `"RDO"`) || !strings.Contains(s, "useDeductFromPayCategoryRate") {
			t.Errorf("pay category made Daily: %v, want a 400 whose errors.rateUnit names leave category \"RDO\" and useDeductFromPayCategoryRate", pd)
		}
		if got := e.Do("GET", fmt.Sprintf("%s/%d", PC, dayID), e.Key, nil).Expect(t, 200).Map(t); got["rateUnit"] != "Hourly" {
			t.Fatalf("a refused change was stored: %v", got)
		}
		// A leave category that deducts from a pay category without using
		// its rate does not hold it: "Day off" deducts from "Day Rate",
		// which may become Weekly.
		e.Do("PUT", fmt.Sprintf("%s/%d", PC, daily), e.Key, map[string]any{"rateUnit": "Weekly"}).Expect(t, 200)
		// One stored before that rule (written here straight to the store,
		// as a pay category changed before ukfps60 is) is what the pay run
		// still meets.
		makeDailyInStore(t, d, e.B, dayID)
		// An update of the stored category now meets the rule too.
		refused("PUT", e.Do("PUT", fmt.Sprintf("%s/%d", LC, int64(num(t, cat["id"]))), e.Key, map[string]any{"leaveLoading": 0}))

		cal := e.employee(t, "Cal", nil)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, cal), e.Key, map[string]any{"leaveCategoryId": cat["id"],
			"fromDate": "2026-11-04T00:00:00", "toDate": "2026-11-04T00:00:00", "hours": 8, "automaticallyApprove": true}).Expect(t, 200)
		P := e.run(t, "2026-11-08", "2026-11-11")
		expectAmount(t, "Cal gross", e.totals(t, P, cal)["grossEarnings"], 1200)
		if got := earningsOf(t, b, P, cal, "RDO Pay"); !sameAmounts(got, 200) {
			t.Errorf("Cal's RDO Pay lines %v, want [200] (8 h at his hourly rate 25, not Day Shifts' 30)", got)
		}
		if got := earningsOf(t, b, P, cal, "Ordinary Hours"); !sameAmounts(got, 1000) {
			t.Errorf("Cal's salary lines %v, want [1000] (no Day Shifts lines to deduct from)", got)
		}
		var ws []map[string]any
		e.Do("GET", P+"/warnings", e.Key, nil).Expect(t, 200).JSON(t, &ws)
		warned := false
		for _, w := range ws {
			if int64(num(t, w["employeeId"])) == cal && strings.Contains(fmt.Sprint(w["warning"]), "useDeductFromPayCategoryRate") {
				warned = true
			}
		}
		if !warned {
			t.Errorf("no warning that RDO's deduct-from pay category is not hourly: %v", ws)
		}
	})
}

// The members on the wire: a create without deductFromPrimaryPayCategory
// (and without deductFromPayCategoryId) stores true; one that sends false,
// as JSON or as a form field, keeps false; a PUT merges (a body without
// the member keeps the stored value), and a PUT that names a
// deductFromPayCategoryId alone moves the deduction to that category.
func TestLeaveDeductMembersOnTheWire(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newAUEnv(t, d)
		LC := e.B + "/leavecategory"
		deducts := func(r map[string]any) any { return r["deductFromPrimaryPayCategory"] }
		absent := e.Do("POST", LC, e.Key, map[string]any{"name": "A"}).Expect(t, 200).Map(t)
		sentFalse := e.Do("POST", LC, e.Key, map[string]any{"name": "B", "DeductFromPrimaryPayCategory": false}).Expect(t, 200).Map(t)
		form := e.form(t, LC, url.Values{"name": {"C"}, "deductFromPrimaryPayCategory": {"false"}}).Expect(t, 200).Map(t)
		formAbsent := e.form(t, LC, url.Values{"name": {"D"}}).Expect(t, 200).Map(t)
		if deducts(absent) != true || deducts(sentFalse) != false || deducts(form) != false || deducts(formAbsent) != true {
			t.Fatalf("deductFromPrimaryPayCategory: JSON absent %v, JSON false %v, form false %v, form absent %v; want true, false, false, true",
				deducts(absent), deducts(sentFalse), deducts(form), deducts(formAbsent))
		}
		item := func(r map[string]any) string { return fmt.Sprintf("%s/%d", LC, int64(num(t, r["id"]))) }
		if r := e.Do("PUT", item(sentFalse), e.Key, map[string]any{"leaveLoading": 10}).Expect(t, 200).Map(t); deducts(r) != false {
			t.Errorf("PUT without the member on a false category: %v, want false kept", deducts(r))
		}
		if r := e.Do("PUT", item(absent), e.Key, map[string]any{"leaveLoading": 10}).Expect(t, 200).Map(t); deducts(r) != true {
			t.Errorf("PUT without the member on a true category: %v, want true kept", deducts(r))
		}
		ord := e.pay["Ordinary Hours"]
		r := e.Do("PUT", item(absent), e.Key, map[string]any{"deductFromPayCategoryId": ord}).Expect(t, 200).Map(t)
		if deducts(r) != false || num(t, r["deductFromPayCategoryId"]) != float64(ord) {
			t.Errorf("PUT deductFromPayCategoryId alone: %v, %v; want false and %d", deducts(r), r["deductFromPayCategoryId"], ord)
		}
		e.Do("POST", LC, e.Key, map[string]any{"name": "E", "deductFromPrimaryPayCategory": true, "deductFromPayCategoryId": ord}).Expect(t, 400)
	})
}

// migrationStatements are the statements of the Up section of migration
// file name of the engine.
func migrationStatements(t *testing.T, d *db.DB, name string) []string {
	t.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("../../db/migrations/%s/%s", d.Dialect, name))
	if err != nil {
		t.Fatal(err)
	}
	up, _, _ := strings.Cut(strings.TrimPrefix(string(raw), "-- +goose Up"), "-- +goose Down")
	var lines []string
	for _, l := range strings.Split(up, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			lines = append(lines, l)
		}
	}
	var out []string
	for _, st := range strings.Split(strings.Join(lines, "\n"), ";") {
		if s := strings.TrimSpace(st); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Migration 01153 on rows stored before it (deductFromPrimaryPayCategory
// false for every category created through the API without the member):
// false becomes true, which the pay run read as true all along, except in
// the SG and MY defaults' salary-continues categories (a default name, no
// pay category, created with the business). Rows are put back to what the
// earlier code stored (false) by hand, then the migration runs.
func TestLeaveDeductMigrationKeepsTheSGDefaults(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e, leave := newLeaveDefaultsEnv(t, d, "SG", "Monthly")
		plain := *e.Bundle
		plain.Biz, plain.B = e.AddBusiness("Plain SG", "SG") // without defaults
		create := func(b *testkit.Bundle, body map[string]any) int64 {
			return int64(num(t, b.Do("POST", b.B+"/leavecategory", b.Key, body).Expect(t, 200).Map(t)["id"]))
		}
		legacy := create(e.Bundle, map[string]any{"name": "Study Leave"})
		lookalike := create(&plain, map[string]any{"name": "Annual Leave"})
		for _, id := range []int64{legacy, lookalike} {
			if _, err := d.W.ExecContext(ctx, "UPDATE records SET data = REPLACE(data, '\"deductFromPrimaryPayCategory\":true', '\"deductFromPrimaryPayCategory\":false') WHERE id = $1", id); err != nil {
				t.Fatal(err)
			}
		}
		var created time.Time
		if err := d.W.QueryRowContext(ctx, "SELECT created_at FROM records WHERE id = $1", lookalike).Scan(&created); err != nil {
			t.Fatal(err)
		}
		if _, err := d.W.ExecContext(ctx, "UPDATE records SET created_at = $1 WHERE id = $2", created.Add(time.Hour), lookalike); err != nil {
			t.Fatal(err) // made an hour after its business: not the defaults
		}
		for _, st := range migrationStatements(t, d, "01153_leave_category_deduct_default.sql") {
			if _, err := d.W.ExecContext(ctx, st); err != nil {
				t.Fatalf("%s: %v", st, err)
			}
		}
		get := func(b *testkit.Bundle, id int64) any {
			return b.Do("GET", fmt.Sprintf("%s/leavecategory/%d", b.B, id), b.Key, nil).Expect(t, 200).Map(t)["deductFromPrimaryPayCategory"]
		}
		for _, c := range []struct {
			what string
			b    *testkit.Bundle
			id   int64
			want bool
		}{
			{"default Annual Leave", e.Bundle, leave["Annual Leave"], false},
			{"default Maternity Leave", e.Bundle, leave["Maternity Leave"], false},
			{"default Sick Leave (Outpatient)", e.Bundle, leave["Sick Leave (Outpatient)"], false},
			{"default Unpaid Leave", e.Bundle, leave["Unpaid Leave"], true},
			{"API-created, stored false", e.Bundle, legacy, true},
			{"API-created Annual Leave, an hour after its business", &plain, lookalike, true},
		} {
			if got := get(c.b, c.id); got != c.want {
				t.Errorf("%s: deductFromPrimaryPayCategory %v, want %v", c.what, got, c.want)
			}
		}
	})
}

// makeDailyInStore rewrites pay category id of the business at path B
// (/api/v2/business/{id}) with rateUnit Daily straight in the store,
// bypassing the API's checks: the state a pay category changed before
// checkPayCategory existed is in.
func makeDailyInStore(t *testing.T, d *db.DB, B string, id int64) {
	t.Helper()
	ctx := context.Background()
	biz, err := strconv.ParseInt(B[strings.LastIndex(B, "/")+1:], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	q := d.Queries()
	r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: biz, Kind: record.KindPayCategory})
	if err != nil {
		t.Fatal(err)
	}
	var data map[string]any
	if err := json.Unmarshal([]byte(r.Data), &data); err != nil {
		t.Fatal(err)
	}
	data["rateUnit"] = "Daily"
	b, _ := json.Marshal(data)
	if err := d.InTx(ctx, func(q *store.Queries) error {
		_, err := q.UpdateRecord(ctx, store.UpdateRecordParams{ID: r.ID, BusinessID: biz, Kind: r.Kind, Name: r.Name, ExternalID: r.ExternalID,
			Data: string(b), UniqueKey: r.UniqueKey, UpdatedAt: r.UpdatedAt, Version: r.Version})
		return err
	}); err != nil {
		t.Fatal(err)
	}
}
