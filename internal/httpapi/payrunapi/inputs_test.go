package payrunapi_test

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// inputsEnv is env plus what employee records need: a leave category
// that accrues and is paid through its own pay category, and categories
// that accrue leave.
type inputsEnv struct {
	*env
	annual, annualPay, levy int64
}

func newInputsEnv(t *testing.T, d *db.DB) *inputsEnv {
	e := &inputsEnv{env: newEnv(t, d)}
	id := func(coll string, body map[string]any) int64 {
		return int64(num(t, e.Do("POST", e.B+"/"+coll, e.Key, body).Expect(t, 200).Map(t)["id"]))
	}
	e.Do("PUT", fmt.Sprintf("%s/paycategory/%d", e.B, e.ordinary), e.Key, map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly", "accruesLeave": true}).Expect(t, 200)
	e.annualPay = id("paycategory", map[string]any{"name": "Annual Leave Taken", "rateUnit": "Hourly", "accruesLeave": true})
	e.annual = id("leavecategory", map[string]any{"name": "Annual Leave", "units": 0.076923, "unitType": "HoursPerHourWorked",
		"automaticallyAccrues": true, "transferToPayCategoryId": e.annualPay})
	e.levy = id("employerliabilitycategory", map[string]any{"name": "Fringe levy"})
	return e
}

// lines are an employee's earnings lines of a run as "category units rate earnings", sorted.
func (e *inputsEnv) lines(t *testing.T, P string, emp int64) []string {
	t.Helper()
	var res struct {
		EarningsLines map[string][]map[string]any `json:"earningsLines"`
	}
	e.Do("GET", P+"/earningslines", e.Key, nil).Expect(t, 200).JSON(t, &res)
	var out []string
	for _, l := range res.EarningsLines[fmt.Sprint(emp)] {
		out = append(out, fmt.Sprintf("%v %v %v %v", l["payCategoryName"], l["units"], l["rate"], l["earnings"]))
	}
	sort.Strings(out)
	return out
}

func (e *inputsEnv) total(t *testing.T, P string, emp int64) map[string]any {
	t.Helper()
	var res struct {
		PayRunTotals map[string]map[string]any `json:"payRunTotals"`
	}
	e.Do("GET", P+"/totals", e.Key, nil).Expect(t, 200).JSON(t, &res)
	return res.PayRunTotals[fmt.Sprint(emp)]
}

// accrued is the run's leave accrued lines of an employee (units).
func (e *inputsEnv) accrued(t *testing.T, runID, emp int64) []string {
	t.Helper()
	rows, err := e.DB.R.Query(`SELECT category_name, units FROM pay_run_lines WHERE pay_run_id = $1 AND employee_id = $2 AND kind = 'leaveaccrued' ORDER BY id`, runID, emp)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n, u string
		if err := rows.Scan(&n, &u); err != nil {
			t.Fatal(err)
		}
		out = append(out, n+" "+u)
	}
	return out
}

func eq(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("%s:\n got  %v\n want %v", what, got, want)
	}
}

// TestPayRunInputs: a run pays what the employee records hold, each figure
// checked against a hand computation; finalise carries leave taken and
// accrued, timesheets and inclusion totals into their areas, unlock takes
// them back exactly, and two concurrent finalises have one winner.
func TestPayRunInputs(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newInputsEnv(t, d)
		B, key := e.B, e.Key
		hourly30 := map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38}
		ann := e.employee(t, "Ann", "Weekly", hourly30) // approved leave
		bea := e.employee(t, "Bea", "Weekly", hourly30) // pay rate changes
		cal := e.employee(t, "Cal", "Weekly", hourly30) // recurring inclusions
		dan := e.employee(t, "Dan", "Weekly", hourly30) // timesheets
		E := func(id int64) string { return fmt.Sprintf("%s/employee/%d", B, id) }

		// Ann: 7.6 h of annual leave on Wednesday 18 November, approved.
		req := int64(num(t, e.Do("POST", E(ann)+"/leaverequest", key, map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-11-18T00:00:00",
			"toDate": "2026-11-18T00:00:00", "hours": 7.6}).Expect(t, 200).Map(t)["id"]))
		e.Do("POST", fmt.Sprintf("%s/leaverequest/%d/approve", E(ann), req), key, nil).Expect(t, 200)
		// Bea: $32 from 1 November, $35 from Wednesday 18 November.
		for _, c := range []map[string]any{{"rate": 32, "rateUnit": "Hourly", "commencementDate": "2026-11-01T00:00:00"},
			{"rate": 35, "rateUnit": "Hourly", "commencementDate": "2026-11-18T00:00:00"}} {
			e.Do("POST", E(bea)+"/payrateschedule", key, c).Expect(t, 200)
		}
		// Cal: union fees $12.50 a week up to $20, a bonus of 2 x $25, and
		// a levy of 10% of gross.
		ded := int64(num(t, e.Do("POST", E(cal)+"/deduction", key, map[string]any{"name": "Union", "deductionCategoryId": e.union, "amount": 12.5,
			"deductionType": "Fixed", "fromDate": "2026-10-01T00:00:00", "maximumAmountPaid": 20}).Expect(t, 200).Map(t)["id"]))
		e.Do("POST", E(cal)+"/additional-earnings", key, map[string]any{"payCategoryId": e.bonus, "amount": 25, "units": 2, "startDate": "2026-11-01T00:00:00"}).Expect(t, 200)
		e.Do("POST", E(cal)+"/employerliability", key, map[string]any{"employerLiabilityCategoryId": e.levy, "amount": 10, "liabilityType": "PercentageGross",
			"fromDate": "2026-01-01T00:00:00"}).Expect(t, 200)
		// Dan: 8 h on Monday and 4 h on Tuesday approved; 3 h on Thursday
		// only submitted.
		sheet := func(start, end string) int64 {
			return int64(num(t, e.Do("POST", B+"/timesheet", key, map[string]any{"employeeId": dan, "startTime": start, "endTime": end,
				"payCategoryId": e.ordinary}).Expect(t, 200).Map(t)["id"]))
		}
		mon, tue, thu := sheet("2026-11-16T09:00:00", "2026-11-16T17:00:00"), sheet("2026-11-17T09:00:00", "2026-11-17T13:00:00"), sheet("2026-11-19T09:00:00", "2026-11-19T12:00:00")
		for _, ts := range []int64{mon, tue} {
			e.Do("POST", fmt.Sprintf("%s/manager/%d/timesheet/%d/approve", B, dan, ts), key, nil).Expect(t, 200)
		}
		status := func(ts int64) string {
			return e.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, ts), key, nil).Expect(t, 200).Map(t)["status"].(string)
		}

		// Bad options.
		base := map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-20T00:00:00"}
		with := func(extra map[string]any) map[string]any {
			m := map[string]any{}
			for k, v := range base {
				m[k] = v
			}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		testkit.ExpectProblem(t, e.Do("POST", B+"/payrun", key, with(map[string]any{"timesheetImportOption": "CustomPeriod"})), 400, "timesheetImportFromDate")
		testkit.ExpectProblem(t, e.Do("POST", B+"/payrun", key, with(map[string]any{"timesheetImportOption": "CustomPeriod",
			"timesheetImportFromDate": "2026-11-20T00:00:00", "timesheetImportToDate": "2026-11-01T00:00:00"})), 400, "timesheetImportToDate")

		// Without timesheets and without leave requests: standard hours.
		plain := int64(num(t, e.Do("POST", B+"/payrun", key, with(map[string]any{"excludeLeaveRequests": true})).Expect(t, 200).Map(t)["id"]))
		PP := fmt.Sprintf("%s/payrun/%d", B, plain)
		eq(t, "ann without leave", e.lines(t, PP, ann), []string{"Ordinary Hours 38 30 1140"})
		eq(t, "dan without timesheets", e.lines(t, PP, dan), []string{"Ordinary Hours 38 30 1140"})
		if st := e.Do("DELETE", PP, key, nil).Status; st != 200 && st != 204 {
			t.Fatalf("delete answered %d", st)
		}

		run := int64(num(t, e.Do("POST", B+"/payrun", key, with(map[string]any{"timesheetImportOption": "ThisPayPeriod"})).Expect(t, 200).Map(t)["id"]))
		P := fmt.Sprintf("%s/payrun/%d", B, run)
		check := func() {
			t.Helper()
			// 38 h at $30 with 7.6 h of leave: 30.4 h ordinary = 912.00 and
			// 7.6 h leave = 228.00; accrual 0.076923 x 38 h = 2.923074 -> 2.9231.
			eq(t, "ann", e.lines(t, P, ann), []string{"Annual Leave Taken 7.6 30 228", "Ordinary Hours 30.4 30 912"})
			if tot := e.total(t, P, ann); tot["grossEarnings"] != 1140.0 || tot["totalHours"] != 38.0 {
				t.Fatalf("ann totals %v", tot)
			}
			eq(t, "ann accrued", e.accrued(t, run, ann), []string{"Annual Leave 2.9231"})
			// 14-17 Nov at $32: 38 x 4/7 = 21.7143 h = 694.8576 -> 694.86;
			// 18-20 Nov at $35: 38 x 3/7 = 16.2857 h = 569.9995 -> 570.00.
			eq(t, "bea", e.lines(t, P, bea), []string{"Ordinary Hours 16.2857 35 570", "Ordinary Hours 21.7143 32 694.86"})
			// 1140 + 2 x 25 = 1190; levy 10% = 119.00; union 12.50.
			eq(t, "cal", e.lines(t, P, cal), []string{"Bonus 2 25 50", "Ordinary Hours 38 30 1140"})
			if tot := e.total(t, P, cal); tot["grossEarnings"] != 1190.0 || tot["totalEmployerLiabilities"] != 119.0 || tot["postTaxDeductions"] != 12.5 {
				t.Fatalf("cal totals %v", tot)
			}
			// Approved timesheets replace the standard hours: 12 h x $30 = 360.
			eq(t, "dan", e.lines(t, P, dan), []string{"Ordinary Hours 12 30 360"})
			eq(t, "dan accrued", e.accrued(t, run, dan), []string{"Annual Leave 0.9231"}) // 0.076923 x 12 = 0.923076
		}
		check()
		e.Do("POST", P+"/recalculate", key, nil).Expect(t, 200)
		check() // the run read its options back

		balance := func(emp int64) float64 {
			var list []map[string]any
			e.Do("GET", E(emp)+"/leavebalances?asAtDate=2026-12-31T00:00:00", key, nil).Expect(t, 200).JSON(t, &list)
			for _, b := range list {
				if int64(num(t, b["leaveCategoryId"])) == e.annual {
					return num(t, b["accruedAmount"])
				}
			}
			return 0
		}
		paid := func() float64 {
			return num(t, e.Do("GET", fmt.Sprintf("%s/deduction/%d", E(cal), ded), key, nil).Expect(t, 200).Map(t)["totalAmountPaid"])
		}
		state := func() string {
			return fmt.Sprintf("ann %v dan %v bea %v; timesheets %s %s %s; union paid %v", balance(ann), balance(dan), balance(bea),
				status(mon), status(tue), status(thu), paid())
		}
		before := state()
		if before != "ann 0 dan 0 bea 0; timesheets Approved Approved Submitted; union paid 0" {
			t.Fatalf("before finalise: %s", before)
		}
		e.Do("POST", P+"/finalise", key, map[string]any{}).Expect(t, 200)
		// Ann: 2.9231 accrued - 7.6 taken; Bea 38 h accrue 2.9231.
		const final = "ann -4.6769 dan 0.9231 bea 2.9231; timesheets Processed Processed Submitted; union paid 12.5"
		if got := state(); got != final {
			t.Fatalf("after finalise: %s", got)
		}
		e.Do("POST", P+"/unlock", key, map[string]any{"comments": "fix"}).Expect(t, 200)
		if got := state(); got != before {
			t.Fatalf("after unlock: %s, want %s", got, before)
		}
		e.Do("POST", P+"/finalise", key, map[string]any{}).Expect(t, 200)
		if got := state(); got != final {
			t.Fatalf("after finalise, unlock, finalise: %s, want %s", got, final)
		}

		// The next week: the leave was paid, the timesheets processed, and
		// the union fees stop at their maximum ($20 - $12.50 = $7.50).
		next := int64(num(t, e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": e.weekly, "payPeriodEnding": "2026-11-27T00:00:00",
			"timesheetImportOption": "AllOutstanding"}).Expect(t, 200).Map(t)["id"]))
		N := fmt.Sprintf("%s/payrun/%d", B, next)
		eq(t, "ann next week", e.lines(t, N, ann), []string{"Ordinary Hours 38 30 1140"})
		eq(t, "dan next week", e.lines(t, N, dan), []string{"Ordinary Hours 38 30 1140"})
		if tot := e.total(t, N, cal); tot["postTaxDeductions"] != 7.5 {
			t.Fatalf("cal next week %v", tot)
		}
		// Two concurrent finalises: one wins, the other is a 409, and the
		// effects happen once.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.Do("POST", N+"/finalise", key, map[string]any{}).Status
			}()
		}
		wg.Wait()
		sort.Ints(codes)
		if codes[0] != 200 || codes[1] != 409 {
			t.Fatalf("concurrent finalises answered %v", codes)
		}
		if got := paid(); got != 20 {
			t.Fatalf("union paid after two runs %v", got)
		}
		// Ann: -4.6769 + 2.9231 = -1.7538.
		if got := balance(ann); got != -1.7538 {
			t.Fatalf("ann balance after two runs %v", got)
		}
	})
}

// TestNewBusinessRunsWithoutSetup: a business created with the published
// default (setupDefaultData true) pays its first run through its default
// pay categories and accrues its default leave categories.
func TestNewBusinessRunsWithoutSetup(t *testing.T) {
	t.Parallel()
	b := testkit.NewBundle(t, testkit.NewDB(t, db.SQLite), "AU")
	var biz struct {
		ID int64 `json:"id"`
	}
	b.Do("POST", "/api/v2/business", b.Key, map[string]any{"name": "Fresh Pty Ltd", "region": "AU"}).Expect(t, 200).JSON(t, &biz)
	e := &inputsEnv{env: &env{Bundle: b}}
	e.B = testkit.BusinessPath(biz.ID)
	e.Do("POST", e.B+"/location", e.Key, map[string]any{"name": "Sydney"}).Expect(t, 200)
	e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Weekly", "frequency": "Weekly"}).Expect(t, 200)
	ann := e.employee(t, "Ann", "Weekly", map[string]any{"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38})
	var sched []map[string]any
	e.Do("GET", e.B+"/payschedule", e.Key, nil).Expect(t, 200).JSON(t, &sched)
	run := int64(num(t, e.Do("POST", e.B+"/payrun", e.Key, map[string]any{"payScheduleId": sched[0]["id"], "payPeriodEnding": "2026-11-20T00:00:00"}).Expect(t, 200).Map(t)["id"]))
	P := fmt.Sprintf("%s/payrun/%d", e.B, run)
	eq(t, "earnings", e.lines(t, P, ann), []string{"Ordinary Hours 38 30 1140"})
	// 38 h x 0.076923 = 2.923074; x 0.038462 = 1.461556; x 0.016667 = 0.633346.
	eq(t, "accrued", e.accrued(t, run, ann), []string{"Annual Leave 2.9231", "Personal/Carer's Leave 1.4616", "Long Service Leave 0.6333"})
	e.Do("POST", P+"/finalise", e.Key, map[string]any{}).Expect(t, 200)

	// The default chart of accounts posts the first journal with no setup.
	// 1,140.00 weekly, tax-free threshold claimed (scale 2, 2026-27):
	// x = 1,140.99, y = 0.3227x - 185.1935 = 183.004 -> 183.00; SG 12% =
	// 136.80; net 1,140.00 - 183.00 = 957.00.
	var items []map[string]any
	e.Do("GET", fmt.Sprintf("%s/journal/%d", e.B, run), e.Key, nil).Expect(t, 200).JSON(t, &items)
	var got []string
	for _, it := range items {
		side := "Cr"
		if it["isDebit"] == true {
			side = "Dr"
		}
		got = append(got, fmt.Sprintf("%s %s %s %.2f", side, it["accountCode"], it["accountName"], math.Abs(it["amount"].(float64))))
	}
	sort.Strings(got)
	eq(t, "journal", got, []string{
		"Cr 804 Wages Payable - Payroll 957.00",
		"Cr 825 PAYG Withholdings Payable 183.00",
		"Cr 826 Superannuation Payable 136.80",
		"Dr 477 Wages and Salaries 1140.00",
		"Dr 478 Superannuation 136.80",
	})
}
