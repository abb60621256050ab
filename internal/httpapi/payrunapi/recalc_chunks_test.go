package payrunapi_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestRecalculateInChunks: a whole-run recalculation takes the employees
// a chunk of ids at a time; here chunks of 7 over 40 employees
// (6 chunks, the last of 5). Recalculating an unchanged run gives back
// exactly what creating it calculated; lines entered for the employees on
// each side of every chunk boundary are paid to them and to no one else;
// a recalculation of some employees (more than 20: the chunked path,
// filtered) gives what a whole-run recalculation then leaves unchanged.
func TestRecalculateInChunks(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		b.PayRuns.ChunkSize = 7
		id := func(coll string, body map[string]any) int64 {
			var out struct {
				ID int64 `json:"id"`
			}
			b.Do("POST", b.B+"/"+coll, b.Key, body).Expect(t, 200).JSON(t, &out)
			return out.ID
		}
		sched := id("payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
		cat := id("paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
		bonus := id("paycategory", map[string]any{"name": "Bonus", "rateUnit": "Fixed"})
		ded := id("deductioncategory", map[string]any{"name": "Union fees"})
		now := b.Clock.Now()
		testkit.MustExec(t, d, `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, employment_type,
    pay_schedule_id, primary_pay_category_id, rate, rate_unit, hours_per_week, tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt)
SELECT $2, 'First', 'Surname' || CAST(i AS TEXT), '', 'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $6, 'FullTime',
    $4, $5, CASE WHEN i % 4 = 0 THEN CAST(60000 + i AS TEXT) ELSE CAST(25 + i % 40 AS TEXT) || '.5' END,
    CASE WHEN i % 4 = 0 THEN 'Annually' ELSE 'Hourly' END, '38', '123456782', TRUE, i % 3 <> 0, i % 7 = 0
FROM seq`, 40, b.Biz, now, sched, cat, now)
		// A recurring deduction for every other employee: an input read
		// per chunk (loadInputs).
		testkit.MustExec(t, d, `INSERT INTO employee_recurring_inclusions (business_id, employee_id, kind, category_id, name, calc_type, amount, from_date,
    total_amount_paid, notes, external_reference_id, source, override_super_rate, paid_to, payment_reference, preserved_earnings,
    preserved_earnings_action, carry_forward_unpaid, carry_forward_unused_preserved, tax_code, created_at, updated_at)
SELECT business_id, id, 'deduction', $2, '', 'Fixed', 1250, $3, 0, '', '', '', FALSE, 'Manual', '', 'Never', 'DoNotPay', FALSE, FALSE, '', $4, $4
FROM employees WHERE business_id = $1 AND id % 2 = 0`, b.Biz, ded, now, now)

		var run struct {
			ID int64 `json:"id"`
		}
		b.Do("POST", b.B+"/payrun", b.Key, map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}).Expect(t, 200).JSON(t, &run)
		P := fmt.Sprintf("%s/payrun/%d", b.B, run.ID)
		// figures: each employee's stored figures and lines (without line
		// ids, which a recalculation renews), by employee id.
		figures := func() (ids []int64, byEmp map[int64]string, gross map[int64]int64) {
			byEmp, gross = map[int64]string{}, map[int64]int64{}
			rows, err := d.R.Query(`SELECT employee_id, gross, pre_tax, taxable, post_tax, tax, stsl, super_contribution, net, total_hours_e4, calc_error
FROM pay_run_employees WHERE pay_run_id = $1 ORDER BY employee_id`, run.ID)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var emp, g, pre, taxable, post, tax, stsl, super, net, hours int64
				var calcErr string
				if err := rows.Scan(&emp, &g, &pre, &taxable, &post, &tax, &stsl, &super, &net, &hours, &calcErr); err != nil {
					t.Fatal(err)
				}
				ids = append(ids, emp)
				gross[emp] = g
				byEmp[emp] = fmt.Sprintf("gross %d pre %d taxable %d post %d tax %d stsl %d super %d net %d hours %d err %q;",
					g, pre, taxable, post, tax, stsl, super, net, hours, calcErr)
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
			rows, err = d.R.Query(`SELECT employee_id, kind, category_id, category_name, units, rate, amount, user_entered, notes
FROM pay_run_lines WHERE pay_run_id = $1 ORDER BY employee_id, kind, category_id, amount, units`, run.ID)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var emp, catID, amount int64
				var kind, name, units, rate, notes string
				var user bool
				if err := rows.Scan(&emp, &kind, &catID, &name, &units, &rate, &amount, &user, &notes); err != nil {
					t.Fatal(err)
				}
				byEmp[emp] += fmt.Sprintf(" %s %d %s %s x %s = %d user %v %q;", kind, catID, name, units, rate, amount, user, notes)
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
			return ids, byEmp, gross
		}
		ids, created, createdGross := figures()
		if len(ids) != 40 {
			t.Fatalf("run has %d employees, want 40", len(ids))
		}
		for _, e := range ids {
			if !strings.Contains(created[e], "deduction") != (e%2 != 0) {
				t.Fatalf("employee %d: recurring deduction %v, want on even ids only: %s", e, strings.Contains(created[e], "deduction"), created[e])
			}
		}
		same := func(what string, want, got map[int64]string, except map[int64]bool) {
			t.Helper()
			for _, e := range ids {
				if !except[e] && want[e] != got[e] {
					t.Fatalf("%s: employee %d\n got %s\nwant %s", what, e, got[e], want[e])
				}
			}
		}

		b.Do("POST", P+"/recalculate", b.Key, nil).Expect(t, 200)
		_, recalculated, _ := figures()
		same("recalculating an unchanged run", created, recalculated, nil)

		// A bonus of $100 (1 x 100.00 = 10,000 cents) for the last
		// employee of each chunk and the first of the next (positions
		// 6,7, 13,14, ... 34,35): their gross rises by exactly 10,000.
		edge := map[int64]bool{}
		lines := map[string]any{}
		for i := 7; i < len(ids); i += 7 {
			for _, e := range []int64{ids[i-1], ids[i]} {
				edge[e] = true
				lines[strconv.FormatInt(e, 10)] = []any{map[string]any{"payCategoryId": strconv.FormatInt(bonus, 10), "units": 1, "rate": 100, "notes": "edge"}}
			}
		}
		b.Do("POST", P+"/earningslines", b.Key, map[string]any{"earningsLines": lines, "suppressCalculations": true}).Expect(t, 200)
		b.Do("POST", P+"/recalculate", b.Key, nil).Expect(t, 200)
		_, withBonus, bonusGross := figures()
		same("bonus for the chunk edges: the others", created, withBonus, edge)
		for e := range edge {
			if bonusGross[e]-createdGross[e] != 10000 || !strings.Contains(withBonus[e], `"edge"`) {
				t.Fatalf("employee %d: gross %d -> %d, want +10000; %s", e, createdGross[e], bonusGross[e], withBonus[e])
			}
		}

		// 24 employees (more than 20: the chunked path for some
		// employees) given a second bonus without suppressing the
		// calculation: they are recalculated, and a whole-run
		// recalculation afterwards changes nothing.
		lines = map[string]any{}
		some := map[int64]bool{}
		for i := 3; len(some) < 24; i++ {
			e := ids[i]
			some[e] = true
			lines[strconv.FormatInt(e, 10)] = []any{map[string]any{"payCategoryId": strconv.FormatInt(bonus, 10), "units": 2, "rate": 25, "notes": "some"}}
		}
		b.Do("POST", P+"/earningslines", b.Key, map[string]any{"earningsLines": lines}).Expect(t, 200)
		_, partial, partialGross := figures()
		same("a recalculation of 24 employees: the others", withBonus, partial, some)
		for e := range some {
			// 2 x 25.00 = 50.00: 5,000 cents more than before.
			if partialGross[e]-bonusGross[e] != 5000 {
				t.Fatalf("employee %d: gross %d -> %d, want +5000", e, bonusGross[e], partialGross[e])
			}
		}
		b.Do("POST", P+"/recalculate", b.Key, nil).Expect(t, 200)
		_, whole, _ := figures()
		same("whole run after the partial recalculation", partial, whole, nil)
	})
}
