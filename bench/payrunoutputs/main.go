// Command payrunoutputs measures what a finalised pay run of many
// employees produces, through the HTTP handler (in process): payments,
// warnings, the journal and its export, the ABA file and a payslip PDF.
// It prints each step's time, the sizes produced and the process's peak
// RSS.
//
//	go run ./bench/payrunoutputs -n 10000                  # SQLite in a temp dir
//	go run ./bench/payrunoutputs -n 10000 -postgres "$PAYROLL_TEST_DATABASE_URL"
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/db"
)

func main() {
	n := flag.Int("n", 10000, "employees")
	pg := flag.String("postgres", "", "PostgreSQL URL (a fresh schema is created and dropped); empty = SQLite")
	flag.Parse()
	if err := run(*n, *pg); err != nil {
		fmt.Fprintln(os.Stderr, "payrunoutputs:", err)
		os.Exit(1)
	}
}

func run(n int, pg string) error {
	ctx := context.Background()
	engine := "sqlite"
	if pg != "" {
		engine = "postgres"
	}
	dsn, cleanup, err := bench.ScratchDSN("bench_outputs", pg)
	if err != nil {
		return err
	}
	defer cleanup()
	d, err := db.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx, db.MigrateOptions{NoLock: true}); err != nil {
		return err
	}
	f, err := bench.NewFixture(ctx, d)
	if err != nil {
		return err
	}
	B := fmt.Sprintf("/api/v2/business/%d", f.BusinessID)
	call := func(method, path string, body, out any) (int, error) {
		var rd bytes.Buffer
		if body != nil {
			if err := json.NewEncoder(&rd).Encode(body); err != nil {
				return 0, err
			}
		}
		req := httptest.NewRequest(method, path, &rd)
		req.Header.Set("Authorization", bench.BasicAuth(f.Key))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		f.App.Handler.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			return 0, fmt.Errorf("%s %s: %d %.300s", method, path, w.Code, w.Body.String())
		}
		if out != nil {
			return w.Body.Len(), json.Unmarshal(w.Body.Bytes(), out)
		}
		return w.Body.Len(), nil
	}
	var rec struct {
		ID int64 `json:"id"`
	}
	if _, err := call("POST", B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"}, &rec); err != nil {
		return err
	}
	sched := rec.ID
	if _, err := call("POST", B+"/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}, &rec); err != nil {
		return err
	}
	cat := rec.ID
	account := func(code, typ string) (int64, error) {
		_, err := call("POST", B+"/accounts", map[string]any{"accountCode": code, "accountName": code, "accountType": typ}, &rec)
		return rec.ID, err
	}
	bank, err := account("1100", "Asset")
	if err != nil {
		return err
	}
	expense, err := account("6100", "Expense")
	if err != nil {
		return err
	}
	liability, err := account("2100", "Liability")
	if err != nil {
		return err
	}
	if _, err := call("POST", B+"/chartofaccounts", map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": bank,
		"defaultExpenseAccountId": expense, "defaultLiabilityAccountId": liability}}, nil); err != nil {
		return err
	}
	if _, err := call("POST", B+"/aba", map[string]any{"bsb": "062-000", "accountNumber": "12345678", "accountName": "Bench Pty Ltd",
		"financialInstitutionCode": "CBA", "lodgementReference": "BENCH PAY", "userName": "Bench", "userId": "301500"}, &rec); err != nil {
		return err
	}
	aba := rec.ID
	// Employees are seeded in one statement, each paid to the account of
	// their employee record.
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	start := time.Now()
	if _, err := d.W.Exec(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, employment_type,
    pay_schedule_id, primary_pay_category_id, rate, rate_unit, hours_per_week, tax_file_number, australian_resident, claim_tax_free_threshold,
    bank_account1_bsb, bank_account1_account_number, bank_account1_account_name, bank_account1_allocated_percentage)
SELECT $2, 'First' || CAST(i % 10 AS TEXT), 'Surname' || CAST(i AS TEXT), '', 'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $6, 'FullTime',
    $4, $5, CAST(25 + i % 40 AS TEXT) || '.5', 'Hourly', '38', '123456782', TRUE, i % 3 <> 0,
    '062-000', CAST(10000000 + i AS TEXT), 'Payee ' || CAST(i AS TEXT), '100'
FROM seq`, n, f.BusinessID, now, sched, cat, now); err != nil {
		return err
	}
	fmt.Printf("engine %s, %d employees (seeded in %v)\n", engine, n, time.Since(start).Round(time.Millisecond))
	step := func(name string, fn func() (int, error)) error {
		t := time.Now()
		size, err := fn()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Printf("  %-28s %8.3f s %10d bytes\n", name, time.Since(t).Seconds(), size)
		return nil
	}
	if err := step("create run", func() (int, error) {
		return call("POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}, &rec)
	}); err != nil {
		return err
	}
	P := fmt.Sprintf("%s/payrun/%d", B, rec.ID)
	if err := step("finalise", func() (int, error) { return call("POST", P+"/finalise", map[string]any{}, nil) }); err != nil {
		return err
	}
	var pays []map[string]any
	var warns []map[string]any
	var items []map[string]any
	for _, s := range []struct {
		name, method, path string
		out                any
	}{
		{"payments", "GET", P + "/payments", &pays},
		{"warnings", "GET", P + "/warnings", &warns},
		{"journal", "GET", fmt.Sprintf("%s/journal/%d", B, rec.ID), &items},
		{"export journal", "POST", P + "/exportjournal", nil},
		{"ABA file", "GET", fmt.Sprintf("%s/file/aba/%d", P, aba), nil},
		{"payslip PDF (one employee)", "GET", P + "/file/payslip/1", nil},
	} {
		if err := step(s.name, func() (int, error) { return call(s.method, s.path, nil, s.out) }); err != nil {
			return err
		}
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("  %d payments, %d warnings, %d journal lines; peak RSS %d MB; CPU user %.1f s\n", len(pays), len(warns), len(items),
		ru.Maxrss/1024, time.Duration(ru.Utime.Nano()).Seconds())
	return nil
}
