// Package timesheet_test measures the timesheet list and bulk replace at
// headcount scale (run by hand, not in CI):
//
//	go test ./bench/timesheet -run '^$' -bench . -benchtime 20x -timeout 60m
//	PAYROLL_BENCH_ENGINE=postgres PAYROLL_TEST_DATABASE_URL=postgres://... (same)
//
// BenchmarkTimesheetList compares GET B/timesheet filtered to one week and
// one location over 1,000,000 lines (10,000 employees, 100 locations, 100
// days) with the same query over 10,000 lines (100 employees, one
// location, 100 days): both match 700 lines (7 pages), so the difference is
// what the other 990,000 lines cost. BenchmarkTimesheetBulkReplace PUTs a
// week (5 shifts with a break) for 10,000 employees.
package timesheet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
)

type fixture struct {
	d    *db.DB
	app  *cli.App
	key  string
	biz  int64
	base string
}

func open(b *testing.B) *db.DB {
	ctx := context.Background()
	url := filepath.Join(b.TempDir(), "bench.db")
	if os.Getenv("PAYROLL_BENCH_ENGINE") == "postgres" {
		url = testdb.FreshPostgresURL(b)
	}
	d, err := db.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx, db.MigrateOptions{NoLock: true}); err != nil {
		b.Fatal(err)
	}
	return d
}

// newFixture is an app (JSON bodies up to 32 MiB, so a week of 10,000
// employees fits one request) with one user and one AU business.
func newFixture(b *testing.B) *fixture {
	d := open(b)
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	cfg.MaxBodyBytes = 32 << 20
	app := cli.Build(cfg, d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	f := &fixture{d: d, app: app}
	if _, err := app.Users.EnsureSystemAdmin(context.Background(), "pk_bench_admin"); err != nil {
		b.Fatal(err)
	}
	var u struct {
		APIKey string `json:"apiKey"`
	}
	f.do(b, "POST", "/api/v2/user", "pk_bench_admin", map[string]any{"username": "bench@example.com", "displayName": "Bench"}, &u)
	f.key = u.APIKey
	var biz struct {
		ID int64 `json:"id"`
	}
	f.do(b, "POST", "/api/v2/business?setupDefaultData=false", f.key, map[string]any{"name": "Bench Pty Ltd", "region": "AU"}, &biz)
	f.biz, f.base = biz.ID, "/api/v2/business/"+strconv.FormatInt(biz.ID, 10)
	return f
}

func (f *fixture) do(b *testing.B, method, path, key string, body, out any) {
	b.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", bench.BasicAuth(key))
	rec := httptest.NewRecorder()
	f.app.Handler.ServeHTTP(rec, req)
	if rec.Code != 200 {
		b.Fatalf("%s %s: %d %.300s", method, path, rec.Code, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			b.Fatal(err)
		}
	}
}

// seed creates locs locations and emps hourly employees (employee i works
// at location i % locs) and one 8-hour line with a 30-minute break per
// employee per day for days days from 2026-03-01, inserted in batches in
// one transaction per 50 employees. It returns the location ids and
// employee ids.
func (f *fixture) seed(b *testing.B, locs, emps, days int) ([]int64, []int64) {
	b.Helper()
	locIDs := make([]int64, locs)
	for i := range locIDs {
		var l struct {
			ID int64 `json:"id"`
		}
		f.do(b, "POST", f.base+"/location", f.key, map[string]any{"name": fmt.Sprintf("Site %03d", i)}, &l)
		locIDs[i] = l.ID
	}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	if _, err := f.d.W.Exec(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, rate, rate_unit, hours_per_week)
SELECT $2, 'First' || CAST(i % 10 AS TEXT), 'Surname' || CAST(i AS TEXT), '', 'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $3, '30', 'Hourly', '38'
FROM seq`, emps, f.biz, now); err != nil {
		b.Fatal(err)
	}
	rows, err := f.d.R.Query(`SELECT id FROM employees WHERE business_id = $1 ORDER BY id`, f.biz)
	if err != nil {
		b.Fatal(err)
	}
	var empIDs []int64
	for rows.Next() {
		var id int64
		_ = rows.Scan(&id)
		empIDs = append(empIDs, id)
	}
	rows.Close()
	if days > 0 {
		f.seedLines(b, locIDs, days, now)
	}
	// Breaks for the lines, one set-based statement.
	if _, err := f.d.W.Exec(`INSERT INTO timesheet_breaks (business_id, line_id, start_time, end_time, submitted_start, submitted_end, is_paid)
SELECT business_id, id, start_time, start_time, NULL, NULL, FALSE FROM timesheet_lines WHERE business_id = $1`, f.biz); err != nil {
		b.Fatal(err)
	}
	if f.d.Dialect == db.SQLite {
		if _, err := f.d.W.Exec("ANALYZE"); err != nil {
			b.Fatal(err)
		}
	} else if _, err := f.d.W.Exec("VACUUM ANALYZE"); err != nil {
		b.Fatal(err)
	}
	return locIDs, empIDs
}

// seedLines inserts one 8-hour line a day per employee with one
// engine-specific INSERT ... SELECT (bench set-up only; the service's SQL
// is portable), indexes dropped and rebuilt around it as a bulk load
// would. Locations were created one after another, so their ids are
// consecutive: employee id % len(locIDs) picks one.
func (f *fixture) seedLines(b *testing.B, locIDs []int64, days int, now time.Time) {
	b.Helper()
	for i, id := range locIDs {
		if id != locIDs[0]+int64(i) {
			b.Fatalf("location ids not consecutive: %v", locIDs[:i+1])
		}
	}
	ddlQuery := "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'timesheet_lines' AND sql IS NOT NULL"
	if f.d.Dialect == db.Postgres {
		ddlQuery = "SELECT indexdef FROM pg_indexes WHERE tablename = 'timesheet_lines' AND indexname <> 'timesheet_lines_pkey' AND schemaname = current_schema()"
	}
	rows, err := f.d.R.Query(ddlQuery)
	if err != nil {
		b.Fatal(err)
	}
	var ddl []string
	for rows.Next() {
		var s string
		_ = rows.Scan(&s)
		ddl = append(ddl, s)
	}
	rows.Close()
	for _, s := range ddl {
		name := strings.Fields(s)[2]
		if strings.EqualFold(name, "INDEX") { // CREATE UNIQUE INDEX name
			name = strings.Fields(s)[3]
		}
		if _, err := f.d.W.Exec("DROP INDEX " + name); err != nil {
			b.Fatal(err)
		}
	}
	cols := `INSERT INTO timesheet_lines (business_id, employee_id, start_time, end_time, submitted_start, submitted_end, location_id, comments,
hidden_comments, status, external_id, source, work_minutes, break_minutes, paid_break_minutes, shift_condition_ids, dimension_value_ids,
reviewed_by, rejection_reason, submitted_by_user, created_at, updated_at) `
	var q string
	if f.d.Dialect == db.SQLite {
		// The driver stores times as "2006-01-02 15:04:05-07:00" text.
		q = cols + `WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < $1 - 1),
t AS (SELECT e.id AS emp, d.n AS n, strftime('%Y-%m-%d %H:%M:%S', '2026-03-01 09:00:00', '+' || d.n || ' days') || '+00:00' AS st,
             strftime('%Y-%m-%d %H:%M:%S', '2026-03-01 17:00:00', '+' || d.n || ' days') || '+00:00' AS en
      FROM employees e CROSS JOIN d WHERE e.business_id = $2)
SELECT $2, emp, st, en, st, en, $3 + (emp % $4), '', '', CASE WHEN n % 3 = 0 THEN 'Approved' ELSE 'Submitted' END, '', 'API', 450, 30, 0, '', '', '', '', 'bench', $5, $5
FROM t ORDER BY emp, n`
	} else {
		q = cols + `SELECT $2, e.id, CAST($5 AS TIMESTAMPTZ) + make_interval(days => n, hours => 9), CAST($5 AS TIMESTAMPTZ) + make_interval(days => n, hours => 17),
CAST($5 AS TIMESTAMPTZ) + make_interval(days => n, hours => 9), CAST($5 AS TIMESTAMPTZ) + make_interval(days => n, hours => 17), $3 + (e.id % $4),
'', '', CASE WHEN n % 3 = 0 THEN 'Approved' ELSE 'Submitted' END, '', 'API', 450, 30, 0, '', '', '', '', 'bench', $5, $5
FROM employees e CROSS JOIN generate_series(0, $1 - 1) AS n WHERE e.business_id = $2 ORDER BY e.id, n`
	}
	if _, err := f.d.W.Exec(q, days, f.biz, locIDs[0], int64(len(locIDs)), now); err != nil {
		b.Fatal(err)
	}
	for _, s := range ddl {
		if _, err := f.d.W.Exec(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTimesheetList(b *testing.B) {
	for _, size := range []struct {
		name             string
		locs, emps, days int
	}{{"10k-lines", 1, 100, 100}, {"1M-lines", 100, 10000, 100}} {
		f := newFixture(b)
		t0 := time.Now()
		locs, _ := f.seed(b, size.locs, size.emps, size.days)
		b.Logf("%s: seeded %d lines in %s", size.name, size.emps*size.days, time.Since(t0).Round(time.Second))
		week := fmt.Sprintf("%s/timesheet?fromDate=2026-04-06&toDate=2026-04-12&locationId=%d", f.base, locs[0])
		for _, q := range []struct{ name, path string }{
			{"week-location-page1", week + "&pageSize=100&currentPage=1"},
			{"week-location-page7", week + "&pageSize=100&currentPage=7"},
			{"week-location-odata-skip300", week + "&$top=100&$skip=300"},
			{"week-location-approved", week + "&status=Approved"},
		} {
			b.Run(size.name+"/"+q.name, func(b *testing.B) {
				var page struct {
					ItemCount int
					Items     []any
				}
				for i := 0; i < b.N; i++ {
					f.do(b, "GET", q.path, f.key, nil, &page)
				}
				if page.ItemCount == 0 || len(page.Items) == 0 {
					b.Fatalf("empty page: %+v", page)
				}
				b.ReportMetric(float64(page.ItemCount), "matching")
			})
		}
	}
}

func BenchmarkTimesheetBulkReplace(b *testing.B) {
	f := newFixture(b)
	locs, emps := f.seed(b, 100, 10000, 0)
	body := map[string]any{"fromDate": "2026-03-02", "toDate": "2026-03-08"}
	sheets := map[string]any{}
	for i, e := range emps {
		var ls []any
		for d := 2; d <= 6; d++ {
			ls = append(ls, map[string]any{"startTime": fmt.Sprintf("2026-03-%02dT09:00:00", d), "endTime": fmt.Sprintf("2026-03-%02dT17:00:00", d),
				"locationId": strconv.FormatInt(locs[i%len(locs)], 10),
				"breaks":     []any{map[string]any{"startTime": fmt.Sprintf("2026-03-%02dT12:00:00", d), "endTime": fmt.Sprintf("2026-03-%02dT12:30:00", d)}}})
		}
		sheets[strconv.FormatInt(e, 10)] = ls
	}
	body["timesheets"] = sheets
	raw, _ := json.Marshal(body)
	b.Logf("body %d bytes, %d lines", len(raw), 5*len(emps))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.do(b, "PUT", f.base+"/timesheet/bulk", f.key, json.RawMessage(raw), nil)
	}
	b.StopTimer()
	var n int
	_ = f.d.R.QueryRow(`SELECT COUNT(*) FROM timesheet_lines WHERE business_id = $1`, f.biz).Scan(&n)
	if n != 5*len(emps) {
		b.Fatalf("%d lines after replace, want %d", n, 5*len(emps))
	}
	b.ReportMetric(float64(5*len(emps)), "lines/op")
}

// BenchmarkTimesheetBulk1200 is the size a bureau sends per request: a
// week (5 shifts with a break) of 240 employees, 1,200 lines, added with
// POST B/timesheet/bulk to a business with a web hook registration (so
// every line is an event too) and read back (returnResponse).
func BenchmarkTimesheetBulk1200(b *testing.B) {
	f := newFixture(b)
	locs, emps := f.seed(b, 10, 240, 0)
	f.do(b, "POST", f.base+"/webhookregistrations", f.key, map[string]any{"webHookUri": "https://93.184.215.14/payroll", "filters": []string{"*"}}, nil)
	week := 0
	body := func() []byte {
		sheets := map[string]any{}
		for i, e := range emps {
			var ls []any
			for d := range 5 {
				day := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*week+d).Format("2006-01-02")
				ls = append(ls, map[string]any{"startTime": day + "T09:00:00", "endTime": day + "T17:00:00",
					"locationId": strconv.FormatInt(locs[i%len(locs)], 10), "comments": "shift",
					"breaks": []any{map[string]any{"startTime": day + "T12:00:00", "endTime": day + "T12:30:00"}}})
			}
			sheets[strconv.FormatInt(e, 10)] = ls
		}
		raw, _ := json.Marshal(map[string]any{"timesheets": sheets, "returnResponse": true})
		week++
		return raw
	}
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		raw := body()
		b.StartTimer()
		f.do(b, "POST", f.base+"/timesheet/bulk", f.key, json.RawMessage(raw), nil)
	}
	b.ReportMetric(1200, "lines/op")
}
