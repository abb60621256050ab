// Command payrun measures a pay run of many employees end to end through
// the HTTP handler (in process): create (standard earnings and every AU
// statutory figure for each employee), a deduction for every employee in
// one request (each employee recalculated), totals, and finalise; then a
// second run, whose year-to-date reads the first. It prints each step's
// time and the process's peak RSS.
//
//	go run ./bench/payrun -n 10000                       # SQLite in a temp dir
//	go run ./bench/payrun -n 10000 -postgres "$PAYROLL_TEST_DATABASE_URL"
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/db"
)

func main() {
	n := flag.Int("n", 10000, "employees")
	pg := flag.String("postgres", "", "PostgreSQL URL (a fresh schema is created and dropped); empty = SQLite")
	prof := flag.String("cpuprofile", "", "write a CPU profile here")
	flag.Parse()
	if *prof != "" {
		pf, err := os.Create(*prof)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		_ = pprof.StartCPUProfile(pf)
		defer pprof.StopCPUProfile()
	}
	if err := run(*n, *pg); err != nil {
		fmt.Fprintln(os.Stderr, "payrun:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func run(n int, pg string) error {
	ctx := context.Background()
	dsn, engine := "", "sqlite"
	if pg == "" {
		dir, err := os.MkdirTemp("", "payrunbench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		dsn = filepath.Join(dir, "bench.db")
	} else {
		engine = "postgres"
		admin, err := sql.Open("pgx", pg)
		if err != nil {
			return err
		}
		defer admin.Close()
		schema := fmt.Sprintf("bench_payrun_%d", time.Now().UnixNano())
		if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
			return err
		}
		defer admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		u, err := url.Parse(pg)
		if err != nil {
			return err
		}
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		dsn = u.String()
	}
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
	call := func(method, path string, body, out any) error {
		var rd bytes.Buffer
		if body != nil {
			if err := json.NewEncoder(&rd).Encode(body); err != nil {
				return err
			}
		}
		req := httptest.NewRequest(method, path, &rd)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(f.Key+":")))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		f.App.Handler.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			return fmt.Errorf("%s %s: %d %s", method, path, w.Code, w.Body.String())
		}
		if out != nil {
			return json.Unmarshal(w.Body.Bytes(), out)
		}
		return nil
	}
	var rec struct {
		ID int64 `json:"id"`
	}
	if err := call("POST", B+"/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"}, &rec); err != nil {
		return err
	}
	sched := rec.ID
	if err := call("POST", B+"/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"}, &rec); err != nil {
		return err
	}
	cat := rec.ID
	if err := call("POST", B+"/deductioncategory", map[string]any{"name": "Union fees"}, &rec); err != nil {
		return err
	}
	ded := rec.ID
	// Employees are seeded in one statement (the employee API is measured
	// elsewhere): hourly and salaried, on the schedule, with tax settings.
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	start := time.Now()
	if _, err := d.W.Exec(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, employment_type,
    pay_schedule_id, primary_pay_category_id, rate, rate_unit, hours_per_week, tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt)
SELECT $2, 'First' || CAST(i % 10 AS TEXT), 'Surname' || CAST(i AS TEXT), '', 'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $6, 'FullTime',
    $4, $5, CASE WHEN i % 4 = 0 THEN CAST(60000 + i AS TEXT) ELSE CAST(25 + i % 40 AS TEXT) || '.5' END,
    CASE WHEN i % 4 = 0 THEN 'Annually' ELSE 'Hourly' END, '38', '123456782', TRUE, i % 3 <> 0, i % 7 = 0
FROM seq`, n, f.BusinessID, now, sched, cat, now); err != nil {
		return err
	}
	fmt.Printf("engine %s, %d employees (seeded in %v)\n", engine, n, time.Since(start).Round(time.Millisecond))

	step := func(name string, fn func() error) error {
		t := time.Now()
		if err := fn(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Printf("  %-34s %8.3f s\n", name, time.Since(t).Seconds())
		return nil
	}
	total := time.Now()
	var runID int64
	if err := step("create (calculate every employee)", func() error {
		return call("POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}, &rec)
	}); err != nil {
		return err
	}
	runID = rec.ID
	P := fmt.Sprintf("%s/payrun/%d", B, runID)
	var ids []string
	if err := step("a deduction for every employee", func() error {
		var tot struct {
			PayRunTotals map[string]json.RawMessage `json:"payRunTotals"`
		}
		if err := call("GET", P+"/totals", nil, &tot); err != nil {
			return err
		}
		lines := make(map[string]any, len(tot.PayRunTotals))
		for id := range tot.PayRunTotals {
			ids = append(ids, id)
			lines[id] = []any{map[string]any{"deductionCategoryId": strconv.FormatInt(ded, 10), "amount": 12.5}}
		}
		return call("POST", P+"/deductions", map[string]any{"deductions": lines}, nil)
	}); err != nil {
		return err
	}
	var details struct {
		GrandTotal map[string]any `json:"grandTotal"`
	}
	if err := step("details", func() error { return call("GET", P+"/details", nil, &details) }); err != nil {
		return err
	}
	if err := step("finalise", func() error { return call("POST", P+"/finalise", map[string]any{}, nil) }); err != nil {
		return err
	}
	fmt.Printf("  run 1 total %40.3f s\n", time.Since(total).Seconds())
	if err := step("second run (YTD from the first)", func() error {
		return call("POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-27T00:00:00"}, &rec)
	}); err != nil {
		return err
	}
	P2 := fmt.Sprintf("%s/payrun/%d", B, rec.ID)
	if err := step("recalculate second run", func() error { return call("POST", P2+"/recalculate", nil, nil) }); err != nil {
		return err
	}
	if err := step("finalise second run", func() error { return call("POST", P2+"/finalise", map[string]any{}, nil) }); err != nil {
		return err
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("  employees %v, gross %v, net %v, PAYG %v\n", details.GrandTotal["numberOfEmployees"], details.GrandTotal["grossEarnings"],
		details.GrandTotal["netEarnings"], details.GrandTotal["paygWithholdingAmount"])
	fmt.Printf("  peak RSS %d MB; process CPU user %.1f s, system %.1f s (wall times above include waiting for a shared CPU)\n", ru.Maxrss/1024,
		time.Duration(ru.Utime.Nano()).Seconds(), time.Duration(ru.Stime.Nano()).Seconds())
	return nil
}
