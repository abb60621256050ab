package payrunapi_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestCreateTimingWithInputs times creating a pay run of many employees
// who each have a recurring deduction and employer liability, a leave
// allowance, and (one in ten) an approved leave request in the period, on
// SQLite. It only runs when PAYRUN_TIMING_N is set (a measurement, not a
// check):
//
//	PAYRUN_TIMING_N=10000 go test -p 1 -run TestCreateTimingWithInputs -v ./internal/httpapi/payrunapi
func TestCreateTimingWithInputs(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PAYRUN_TIMING_N"))
	if n <= 0 {
		t.Skip("set PAYRUN_TIMING_N to measure")
	}
	d := testkit.NewDB(t, db.SQLite)
	b := testkit.NewBundle(t, d, "AU")
	id := func(coll string, body map[string]any) int64 {
		var out struct {
			ID int64 `json:"id"`
		}
		b.Do("POST", b.B+"/"+coll, b.Key, body).Expect(t, 200).JSON(t, &out)
		return out.ID
	}
	sched := id("payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	cat := id("paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly", "accruesLeave": true})
	ded := id("deductioncategory", map[string]any{"name": "Union fees"})
	lib := id("employerliabilitycategory", map[string]any{"name": "Insurance"})
	annual := id("leavecategory", map[string]any{"name": "Annual Leave", "unitType": "StandardWeeks", "units": 4, "transferToPayCategoryId": cat})
	now := b.Clock.Now()
	seed := time.Now()
	testkit.MustExec(t, d, `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, employment_type,
    pay_schedule_id, primary_pay_category_id, rate, rate_unit, hours_per_week, tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt)
SELECT $2, 'First', 'Surname' || CAST(i AS TEXT), '', 'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $3, 'FullTime',
    $4, $5, CASE WHEN i % 4 = 0 THEN CAST(60000 + i AS TEXT) ELSE CAST(25 + i % 40 AS TEXT) || '.5' END,
    CASE WHEN i % 4 = 0 THEN 'Annually' ELSE 'Hourly' END, '38', '123456782', TRUE, i % 3 <> 0, i % 7 = 0
FROM seq`, n, b.Biz, now, sched, cat)
	for _, kind := range []struct {
		kind, calc string
		cat        int64
		amount     int64
	}{{"deduction", "Fixed", ded, 1250}, {"liability", "Fixed", lib, 700}} {
		testkit.MustExec(t, d, `INSERT INTO employee_recurring_inclusions (business_id, employee_id, kind, category_id, name, calc_type, amount, from_date,
    total_amount_paid, notes, external_reference_id, source, override_super_rate, paid_to, payment_reference, preserved_earnings,
    preserved_earnings_action, carry_forward_unpaid, carry_forward_unused_preserved, tax_code, created_at, updated_at)
SELECT business_id, id, $2, $3, '', $4, $5, $6, 0, '', '', '', FALSE, 'Manual', '', 'Never', 'DoNotPay', FALSE, FALSE, '', $6, $6
FROM employees WHERE business_id = $1`, b.Biz, kind.kind, kind.cat, kind.calc, kind.amount, now)
	}
	testkit.MustExec(t, d, `INSERT INTO leave_allowances (business_id, employee_id, leave_category_id, units, unit_type, leave_unit_type, hours_per_year,
    automatically_accrues, can_apply_for_leave, leave_loading, accrual_rule, updated_at)
SELECT business_id, id, $2, '4', 'StandardWeeks', 'Hours', '152', TRUE, TRUE, '0', '{}', $3 FROM employees WHERE business_id = $1`, b.Biz, annual, now)
	from := time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)
	testkit.MustExec(t, d, `INSERT INTO leave_requests (business_id, employee_id, leave_category_id, from_date, to_date, hours_e6, notes, status,
    status_reason, version, created_at, updated_at)
SELECT business_id, id, $2, $3, $3, 7600000, '', 'Approved', '', 1, $4, $4 FROM employees WHERE business_id = $1 AND id % 10 = 0`, b.Biz, annual, from, now)
	t.Logf("seeded %d employees with inclusions, allowances and leave in %v", n, time.Since(seed).Round(time.Millisecond))

	start := time.Now()
	var run struct {
		ID int64 `json:"id"`
	}
	b.Do("POST", b.B+"/payrun", b.Key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}).Expect(t, 200).JSON(t, &run)
	took := time.Since(start)
	var lines int64
	if err := d.R.QueryRow(`SELECT COUNT(*) FROM pay_run_lines WHERE pay_run_id = $1`, run.ID).Scan(&lines); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("create of a run of %d employees (SQLite): %.3f s, %d lines\n", n, took.Seconds(), lines)
	P := fmt.Sprintf("%s/payrun/%d", b.B, run.ID)
	start = time.Now()
	b.Do("POST", P+"/finalise", b.Key, map[string]any{}).Expect(t, 200)
	fmt.Printf("finalise: %.3f s\n", time.Since(start).Seconds())
	start = time.Now()
	b.Do("POST", P+"/unlock", b.Key, map[string]any{"comments": "timing"}).Expect(t, 200)
	fmt.Printf("unlock: %.3f s\n", time.Since(start).Seconds())
}
