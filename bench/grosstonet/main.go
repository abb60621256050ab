// Command grosstonet measures the gross-to-net report (GET
// B/report/grosstonet and its xlsx) over a business of many employees with
// finalised pay runs, through the HTTP handler (in process). The set-up —
// employees seeded with one SQL statement, then -runs weekly pay runs
// created, given a deduction each (posted in chunks with
// suppressCalculations, then one recalculation) and finalised through the
// API — runs in one process; each report is then requested in a fresh
// child process on the same database, so its time, CPU and peak RSS are
// the report's alone (plus the app's base). With -sizes it does that per
// size and prints the ratios.
//
//	go build -o /tmp/g2n ./bench/grosstonet
//	/tmp/g2n -n 10000                                  # SQLite in a temp dir
//	/tmp/g2n -n 10000 -postgres "$PAYROLL_TEST_DATABASE_URL"
//	/tmp/g2n -sizes 10000,100000                       # both, and the ratio
//	/tmp/g2n -n 100000 -memprofile /tmp/g2n.mem -cpuprofile /tmp/g2n.cpu
//	go tool pprof -sample_index=alloc_space -base /tmp/g2n.mem.json.base /tmp/g2n /tmp/g2n.mem.json
package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

var (
	n          = flag.Int("n", 10000, "employees")
	pg         = flag.String("postgres", "", "PostgreSQL URL (a fresh schema is created and dropped); empty = SQLite")
	runs       = flag.Int("runs", 2, "finalised weekly pay runs the report sums")
	chunk      = flag.Int("chunk", 4000, "employees per deduction request")
	sizes      = flag.String("sizes", "", "comma-separated sizes, each in its own processes, then the ratios")
	cpuprofile = flag.String("cpuprofile", "", "CPU profile of each report request (suffixed .json / .xlsx)")
	memprofile = flag.String("memprofile", "", "heap profile at each report's live-heap peak (suffixed .json / .xlsx)")
	// A report child: measure one report on a database set up already.
	measure  = flag.String("measure", "", "internal: json or xlsx, measured on -dsn")
	dsnFlag  = flag.String("dsn", "", "internal: the database of -measure")
	keyFlag  = flag.String("key", "", "internal: the API key of -measure")
	bizFlag  = flag.Int64("business", 0, "internal: the business of -measure")
	rowsFlag = flag.Int("rows", 0, "internal: the employees -measure expects in the report")
)

func main() {
	flag.Parse()
	var err error
	switch {
	case *measure != "":
		err = report(*measure)
	case *sizes != "":
		err = runSizes(*sizes)
	default:
		err = setup()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "grosstonet:", err)
		os.Exit(1)
	}
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// caller sends requests to the app's handler with an API key.
type caller struct {
	h   http.Handler
	key string
}

func (c *caller) call(method, path string, body any, out any) (*httptest.ResponseRecorder, error) {
	var rd bytes.Buffer
	if body != nil {
		if err := json.NewEncoder(&rd).Encode(body); err != nil {
			return nil, err
		}
	}
	req := httptest.NewRequest(method, path, &rd)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.key+":")))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		return w, fmt.Errorf("%s %s: %d %.300s", method, path, w.Code, w.Body.String())
	}
	if out != nil {
		return w, json.Unmarshal(w.Body.Bytes(), out)
	}
	return w, nil
}

// setup builds the business and its finalised runs, then measures each
// report in a child process.
func setup() error {
	ctx := context.Background()
	engine := "sqlite"
	if *pg != "" {
		engine = "postgres"
	}
	dsn, cleanup, err := bench.ScratchDSN("bench_g2n", *pg)
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
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	app := cli.Build(cfg, d, payroll.SystemClock{}, quiet())
	c := &caller{h: app.Handler, key: "pk_bench_admin"}
	if _, err := app.Users.EnsureSystemAdmin(ctx, c.key); err != nil {
		return err
	}
	var user struct {
		APIKey string `json:"apiKey"`
	}
	if _, err := c.call("POST", "/api/v2/user", map[string]any{"username": "bench@example.com", "displayName": "Bench"}, &user); err != nil {
		return err
	}
	c.key = user.APIKey
	var rec struct {
		ID int64 `json:"id"`
	}
	if _, err := c.call("POST", "/api/v2/business?setupDefaultData=false", map[string]any{"name": "Bench Pty Ltd", "abn": "51 824 753 556"}, &rec); err != nil {
		return err
	}
	biz := rec.ID
	B := fmt.Sprintf("/api/v2/business/%d", biz)
	id := func(path string, body map[string]any) (int64, error) {
		_, err := c.call("POST", B+path, body, &rec)
		return rec.ID, err
	}
	sched, err := id("/payschedule", map[string]any{"name": "Weekly", "frequency": "Weekly"})
	if err != nil {
		return err
	}
	cat, err := id("/paycategory", map[string]any{"name": "Ordinary Hours", "rateUnit": "Hourly"})
	if err != nil {
		return err
	}
	union, err := id("/deductioncategory", map[string]any{"name": "Union fees"})
	if err != nil {
		return err
	}
	sacrifice, err := id("/deductioncategory", map[string]any{"name": "Salary sacrifice", "taxExempt": true})
	if err != nil {
		return err
	}
	// Employees in one statement (as bench/payrun): hourly and salaried.
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	start := time.Now()
	if _, err := d.W.Exec(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, employment_type,
    pay_schedule_id, primary_pay_category_id, rate, rate_unit, hours_per_week, tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt)
SELECT $2, 'First' || CAST(i % 10 AS TEXT), 'Surname' || CAST(i AS TEXT), '', 'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $6, 'FullTime',
    $4, $5, CASE WHEN i % 4 = 0 THEN CAST(60000 + i AS TEXT) ELSE CAST(25 + i % 40 AS TEXT) || '.5' END,
    CASE WHEN i % 4 = 0 THEN 'Annually' ELSE 'Hourly' END, '38', '123456782', TRUE, i % 3 <> 0, i % 7 = 0
FROM seq`, *n, biz, now, sched, cat, now); err != nil {
		return err
	}
	fmt.Printf("engine %s, %d employees (seeded in %v), %d runs\n", engine, *n, time.Since(start).Round(time.Millisecond), *runs)
	for k := range *runs {
		t := time.Now()
		ending := time.Date(2026, 11, 6, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 7*k)
		if _, err := c.call("POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": ending.Format("2006-01-02T15:04:05")}, &rec); err != nil {
			return err
		}
		P := fmt.Sprintf("%s/payrun/%d", B, rec.ID)
		ids, err := runEmployees(d, rec.ID)
		if err != nil {
			return err
		}
		// A union fee (post-tax) for everyone, a salary sacrifice
		// (pre-tax) for every third employee.
		for i := 0; i < len(ids); i += *chunk {
			part := ids[i:min(i+*chunk, len(ids))]
			m := make(map[string]any, len(part))
			for _, e := range part {
				lines := []any{map[string]any{"deductionCategoryId": strconv.FormatInt(union, 10), "amount": 12.5}}
				if e%3 == 0 {
					lines = append(lines, map[string]any{"deductionCategoryId": strconv.FormatInt(sacrifice, 10), "amount": 40})
				}
				m[strconv.FormatInt(e, 10)] = lines
			}
			if _, err := c.call("POST", P+"/deductions", map[string]any{"deductions": m, "suppressCalculations": true}, nil); err != nil {
				return err
			}
		}
		if _, err := c.call("POST", P+"/recalculate", nil, nil); err != nil {
			return err
		}
		if _, err := c.call("POST", P+"/finalise", map[string]any{}, nil); err != nil {
			return err
		}
		fmt.Printf("  run %d (%d employees) created, deductions, recalculated, finalised in %.1f s\n", k+1, len(ids), time.Since(t).Seconds())
	}
	d.Close()
	for _, kind := range []string{"json", "xlsx"} {
		args := []string{"-measure", kind, "-dsn", dsn, "-key", c.key, "-business", strconv.FormatInt(biz, 10), "-rows", strconv.Itoa(*n)}
		if *cpuprofile != "" {
			args = append(args, "-cpuprofile", *cpuprofile+"."+kind)
		}
		if *memprofile != "" {
			args = append(args, "-memprofile", *memprofile+"."+kind)
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("report %s: %w", kind, err)
		}
	}
	return nil
}

func runEmployees(d *db.DB, run int64) ([]int64, error) {
	rows, err := d.R.Query("SELECT employee_id FROM pay_run_employees WHERE pay_run_id = $1 ORDER BY employee_id", run)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// report measures one report request in this (fresh) process: the app is
// built, one small request warms it, then the report is requested once.
func report(kind string) error {
	if *memprofile != "" {
		runtime.MemProfileRate = 64 << 10
	}
	ctx := context.Background()
	d, err := db.Open(ctx, *dsnFlag)
	if err != nil {
		return err
	}
	defer d.Close()
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	app := cli.Build(cfg, d, payroll.SystemClock{}, quiet())
	c := &caller{h: app.Handler, key: *keyFlag}
	B := fmt.Sprintf("/api/v2/business/%d", *bizFlag)
	if _, err := c.call("GET", B+"/payschedule", nil, nil); err != nil {
		return err
	}
	runtime.GC()
	baseRSS, err := bench.PeakRSSMB()
	if err != nil {
		return err
	}
	path := B + "/report/grosstonet?fromDate=2026-11-01&toDate=2026-12-31&includePostTaxDeductions=true&includeExpenses=true"
	if kind == "xlsx" {
		path = B + "/report/grosstonet/xlsx?fromDate=2026-11-01&toDate=2026-12-31&includePostTaxDeductions=true&includeExpenses=true"
	}
	var peak *bench.HeapPeak
	if *memprofile != "" {
		// What the process allocated before the request: compare with
		// go tool pprof -sample_index=alloc_space -base FILE.base FILE.
		if err := writeHeapProfile(*memprofile + ".base"); err != nil {
			return err
		}
		peak = bench.StartHeapPeak(10*time.Millisecond, kind)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	cpu := func() float64 {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	}
	// The answer is counted and dropped as it is written (as a server
	// streams it to a socket), so the process holds only what the handler
	// holds; the JSON report's employees are counted in the stream.
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(c.key+":")))
	w := &countingWriter{header: http.Header{}, marker: []byte(`"employeeId":`)}
	t, c0 := time.Now(), cpu()
	app.Handler.ServeHTTP(w, req)
	wall, used := time.Since(t).Seconds(), cpu()-c0
	if *cpuprofile != "" {
		pprof.StopCPUProfile()
	}
	if w.status != http.StatusOK && w.status != 0 {
		return fmt.Errorf("GET %s: %d", path, w.status)
	}
	size := w.n
	if kind == "json" && w.matches != *rowsFlag {
		return fmt.Errorf("report has %d employees, want %d", w.matches, *rowsFlag)
	}
	if peak != nil {
		max, _, err := peak.Finish(*memprofile)
		if err != nil {
			return err
		}
		fmt.Printf("  heap peak %d MB of objects; profile in %s\n", max>>20, *memprofile)
	}
	rss, err := bench.PeakRSSMB()
	if err != nil {
		return err
	}
	fmt.Printf("  report %-4s %8.3f s wall %8.3f s CPU %11d bytes, peak RSS %d MB (app base %d MB)\n", kind, wall, used, size, rss, baseRSS)
	fmt.Printf("RESULT kind=%s n=%d wall=%.3f cpu=%.3f rss_mb=%d base_mb=%d bytes=%d\n", kind, *rowsFlag, wall, used, rss, baseRSS, size)
	return nil
}

func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// countingWriter is a ResponseWriter that keeps no body: it counts the
// bytes and the occurrences of marker (across writes).
type countingWriter struct {
	header  http.Header
	status  int
	n       int
	marker  []byte
	matches int
	tail    []byte
}

func (w *countingWriter) Header() http.Header { return w.header }
func (w *countingWriter) WriteHeader(s int) {
	if w.status == 0 {
		w.status = s
	}
}
func (w *countingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.n += len(b)
	// Markers across the previous write's end, then those inside b.
	edge := append(w.tail, b[:min(len(b), len(w.marker)-1)]...)
	w.matches += bytes.Count(edge, w.marker) + bytes.Count(b, w.marker)
	// The new tail: the last len(marker)-1 bytes written.
	last := b
	if len(b) < len(w.marker)-1 {
		last = edge
	}
	keep := min(len(last), len(w.marker)-1)
	w.tail = append(w.tail[:0:0], last[len(last)-keep:]...)
	return len(b), nil
}

// runSizes runs the set-up and both reports per size with the same flags
// and prints each report's ratios to the first size's.
func runSizes(list string) error {
	var args []string
	flag.Visit(func(f *flag.Flag) {
		if f.Name != "sizes" && f.Name != "n" && f.Name != "cpuprofile" && f.Name != "memprofile" {
			args = append(args, "-"+f.Name+"="+f.Value.String())
		}
	})
	type result struct {
		kind                 string
		n                    int
		wall, cpu, rss, base float64
		bytes                int64
	}
	first := map[string]result{}
	for _, sz := range strings.Split(list, ",") {
		sz = strings.TrimSpace(sz)
		child := append(append([]string{}, args...), "-n", sz)
		if *cpuprofile != "" {
			child = append(child, "-cpuprofile", *cpuprofile+"."+sz)
		}
		if *memprofile != "" {
			child = append(child, "-memprofile", *memprofile+"."+sz)
		}
		cmd := exec.Command(os.Args[0], child...)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		os.Stdout.Write(out)
		if err != nil {
			return fmt.Errorf("size %s: %w", sz, err)
		}
		for _, line := range strings.Split(string(out), "\n") {
			var r result
			if _, err := fmt.Sscanf(line, "RESULT kind=%s n=%d wall=%f cpu=%f rss_mb=%f base_mb=%f bytes=%d", &r.kind, &r.n, &r.wall, &r.cpu, &r.rss, &r.base, &r.bytes); err != nil {
				continue
			}
			f, ok := first[r.kind]
			if !ok {
				first[r.kind] = r
				continue
			}
			fmt.Printf("RATIO %s %d/%d employees: %.1fx the size; %.2fx the wall time, %.2fx the CPU time; peak RSS %.2fx (above the app base %.2fx); %.2fx the bytes\n",
				r.kind, r.n, f.n, float64(r.n)/float64(f.n), r.wall/f.wall, r.cpu/f.cpu, r.rss/f.rss, (r.rss-r.base)/max(f.rss-f.base, 1), float64(r.bytes)/float64(f.bytes))
		}
	}
	return nil
}
