package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/employee/inclusion"
	"github.com/payrolld/payrolld/internal/payroll"
)

// postID creates a record through the API and returns its id.
func postID(b *testing.B, f *Fixture, path string, body any) int64 {
	b.Helper()
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest("POST", "/api/v2/business/"+strconv.FormatInt(f.BusinessID, 10)+path, bytes.NewReader(raw))
	req.Header.Set("Authorization", BasicAuth(f.Key))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	f.App.Handler.ServeHTTP(rec, req)
	var out struct {
		ID int64 `json:"id"`
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
		b.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
	}
	return out.ID
}

// BenchmarkEmployeeRecordsBatch measures what a pay run reads of its
// employees' records: the bank accounts of every employee on a pay
// schedule (bankaccount.Service.OnSchedule) and the recurring inclusions
// in force in a week (inclusion.Service.Applicable), over 1,000 and
// 100,000 employees (one bank account and two inclusions each).
func BenchmarkEmployeeRecordsBatch(b *testing.B) {
	for _, size := range []int{1000, 100000} {
		d := openEmployeeBenchDB(b)
		ctx := context.Background()
		f, err := NewFixture(ctx, d)
		if err != nil {
			b.Fatal(err)
		}
		schedule := postID(b, f, "/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
		category := postID(b, f, "/deductioncategory", map[string]any{"name": "Union"})
		levy := postID(b, f, "/employerliabilitycategory", map[string]any{"name": "Levy"})
		seedEmployees(b, d, f.BusinessID, size)
		now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		for _, stmt := range []string{
			`UPDATE employees SET pay_schedule_id = $1 WHERE business_id = $2`,
			`INSERT INTO employee_bank_accounts (business_id, employee_id, account_type, bsb, account_name, account_number, roll_number,
				allocated_percentage, fixed_amount, allocate_balance, is_employee_editable, external_reference_id, created_at, updated_at)
			 SELECT business_id, id, 'Electronic', '062-000', first_name, '12345678', '', NULL, NULL, TRUE, TRUE, '', $3, $3 FROM employees WHERE business_id = $2 AND $1 > 0`,
		} {
			if _, err := d.W.Exec(stmt, schedule, f.BusinessID, now); err != nil {
				b.Fatal(err)
			}
		}
		for _, cat := range []int64{category, levy} {
			if _, err := d.W.Exec(`INSERT INTO employee_recurring_inclusions (business_id, employee_id, kind, category_id, name, calc_type, amount, from_date,
				total_amount_paid, notes, external_reference_id, source, override_super_rate, paid_to, payment_reference, preserved_earnings,
				preserved_earnings_action, carry_forward_unpaid, carry_forward_unused_preserved, tax_code, created_at, updated_at)
				SELECT business_id, id, CASE WHEN $3 = $4 THEN 'deduction' ELSE 'liability' END, $3, '', 'Fixed', 1000, $2, 0, '', '', 'None', FALSE, 'Manual', '', 'Never', 'DoNotPay', FALSE, FALSE, '', $2, $2
				FROM employees WHERE business_id = $1`, f.BusinessID, now, cat, category); err != nil {
				b.Fatal(err)
			}
		}
		if d.Dialect == db.SQLite {
			if _, err := d.W.Exec("ANALYZE"); err != nil {
				b.Fatal(err)
			}
		} else if _, err := d.W.Exec("VACUUM ANALYZE"); err != nil {
			b.Fatal(err)
		}
		acc, err := f.App.Businesses.Authorize(ctx, &payroll.Principal{Kind: payroll.PrincipalSystemAdmin}, f.BusinessID)
		if err != nil {
			b.Fatal(err)
		}
		biz := acc.Business
		var ids []int64
		rows, err := d.R.Query(`SELECT id FROM employees WHERE business_id = $1 ORDER BY id`, f.BusinessID)
		if err != nil {
			b.Fatal(err)
		}
		for rows.Next() {
			var id int64
			_ = rows.Scan(&id)
			ids = append(ids, id)
		}
		rows.Close()
		banks := &bankaccount.Service{Employees: f.App.Employees, Clock: f.App.Clock}
		incl := &inclusion.Service{Employees: f.App.Employees, Clock: f.App.Clock}
		b.Run(strconv.Itoa(size)+"/bankaccounts-on-schedule", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m, err := banks.OnSchedule(ctx, biz, schedule)
				if err != nil || len(m) != size {
					b.Fatalf("%d accounts, %v", len(m), err)
				}
			}
		})
		b.Run(strconv.Itoa(size)+"/inclusions-applicable-all", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m, err := incl.Applicable(ctx, biz, ids, now, now.AddDate(0, 0, 6))
				if err != nil || len(m) != size {
					b.Fatalf("%d employees, %v", len(m), err)
				}
			}
		})
	}
}
