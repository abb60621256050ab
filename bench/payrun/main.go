// Command payrun measures a pay run of many employees end to end through
// the HTTP handler (in process): create (standard earnings and every AU
// statutory figure for each employee), two more earnings lines and a
// deduction for every employee (posted in chunks that fit the default 1 MB
// body limit, with suppressCalculations, then one recalculation — or each
// chunk recalculated with -suppress=false), details, totals, and finalise; then a
// second run, whose year-to-date reads the first. Employees are seeded
// with one SQL statement. It prints each step's time and the process's
// peak RSS; with -sizes it runs each size in its own process and prints
// the ratio of the totals (see README.md).
//
//	go run ./bench/payrun -n 10000                       # SQLite in a temp dir
//	go run ./bench/payrun -n 10000 -postgres "$PAYROLL_TEST_DATABASE_URL"
//	go run ./bench/payrun -sizes 10000,100000            # both, and the ratio
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
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
	"sort"
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

func main() {
	n := flag.Int("n", 10000, "employees")
	pg := flag.String("postgres", "", "PostgreSQL URL (a fresh schema is created and dropped); empty = SQLite")
	prof := flag.String("cpuprofile", "", "write a CPU profile here")
	flag.StringVar(&memprof, "memprofile", "", "write a heap profile here, taken when the live heap was at its largest (and name the step)")
	sizes := flag.String("sizes", "", "comma-separated sizes, each run in a child process, then the ratio of the totals")
	flag.IntVar(&chunk, "chunk", 4000, "employees per earnings line / deduction request (0: all in one request, body limit raised)")
	flag.BoolVar(&suppress, "suppress", true, "post lines with suppressCalculations and recalculate once (false: every chunk recalculates its employees)")
	flag.BoolVar(&timesheets, "timesheets", false, "seed a week of approved timesheet lines (5 per employee) that the first run imports (ThisPayPeriod) and its finalise marks processed")
	flag.IntVar(&profileFrom, "profile-from-week", 0, "with -weeks and -cpuprofile: start the CPU profile at this week's create (to profile the late weeks alone)")
	flag.IntVar(&weeks, "weeks", 0, "instead of the run above: create and finalise this many weekly runs in a row (no lines), printing each create's time, to compare the last create (its year to date reads every earlier run) with the first")
	flag.Parse()
	if *sizes != "" {
		if err := runSizes(*sizes); err != nil {
			fmt.Fprintln(os.Stderr, "payrun:", err)
			os.Exit(1)
		}
		return
	}
	if *prof != "" {
		pf, err := os.Create(*prof)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if profileFrom > 0 {
			profileFile = pf // runWeeks starts it
		} else {
			_ = pprof.StartCPUProfile(pf)
		}
		defer pprof.StopCPUProfile()
	}
	var peak *bench.HeapPeak
	if memprof != "" {
		runtime.MemProfileRate = 64 << 10
		peak = bench.StartHeapPeak(20*time.Millisecond, "setup and seeding")
	}
	if err := run(*n, *pg, peak); err != nil {
		fmt.Fprintln(os.Stderr, "payrun:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
	if peak != nil {
		max, step, err := peak.Finish(memprof)
		if err != nil {
			fmt.Fprintln(os.Stderr, "payrun:", err)
			os.Exit(1)
		}
		fmt.Printf("  heap peak %d MB of objects, during %q; profile in %s\n", max>>20, step, memprof)
	}
}

var (
	chunk      int
	suppress   bool
	memprof    string
	timesheets bool
	weeks      int
	// profileFrom and profileFile: -profile-from-week's week, and the
	// profile file runWeeks starts the CPU profile into at that week.
	profileFrom int
	profileFile *os.File
)

func run(n int, pg string, peak *bench.HeapPeak) error {
	ctx := context.Background()
	engine := "sqlite"
	if pg != "" {
		engine = "postgres"
	}
	dsn, cleanup, err := bench.ScratchDSN("bench_payrun", pg)
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
	// The app as bench.NewFixture builds it, but with the body limit
	// raised when every employee's lines go in one request (-chunk 0).
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	if chunk <= 0 {
		chunk = n
		cfg.MaxBodyBytes = 256 << 20
	}
	app := cli.Build(cfg, d, payroll.SystemClock{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	key := "pk_bench_admin"
	if _, err := app.Users.EnsureSystemAdmin(ctx, key); err != nil {
		return err
	}
	call := func(method, path string, body, out any) error {
		var rd bytes.Buffer
		if body != nil {
			if err := json.NewEncoder(&rd).Encode(body); err != nil {
				return err
			}
		}
		req := httptest.NewRequest(method, path, &rd)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		app.Handler.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			return fmt.Errorf("%s %s: %d %.300s", method, path, w.Code, w.Body.String())
		}
		if out != nil {
			return json.Unmarshal(w.Body.Bytes(), out)
		}
		return nil
	}
	var user struct {
		APIKey string `json:"apiKey"`
	}
	if err := call("POST", "/api/v2/user", map[string]any{"username": "bench@example.com", "displayName": "Bench"}, &user); err != nil {
		return err
	}
	key = user.APIKey
	var biz struct {
		ID int64 `json:"id"`
	}
	if err := call("POST", "/api/v2/business?setupDefaultData=false", map[string]any{"name": "Bench Pty Ltd", "abn": "51 824 753 556"}, &biz); err != nil {
		return err
	}
	B := fmt.Sprintf("/api/v2/business/%d", biz.ID)
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
	if err := call("POST", B+"/paycategory", map[string]any{"name": "Bonus", "rateUnit": "Fixed"}, &rec); err != nil {
		return err
	}
	bonus := rec.ID
	if err := call("POST", B+"/paycategory", map[string]any{"name": "Tool allowance", "rateUnit": "Fixed"}, &rec); err != nil {
		return err
	}
	allowance := rec.ID
	if err := call("POST", B+"/deductioncategory", map[string]any{"name": "Union fees"}, &rec); err != nil {
		return err
	}
	ded := rec.ID
	// Employees are seeded in one statement (the employee API is measured
	// elsewhere): hourly and salaried, on the schedule, with tax settings.
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	// -weeks pays weekly runs from 3 July 2026: its employees start before
	// that, so every week pays everyone (with a November start the first 17
	// runs paid nobody and wrote no lines, flattering week 1).
	hired := now
	if weeks > 0 {
		hired = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	}
	start := time.Now()
	if _, err := d.W.Exec(`WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $1)
INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at, start_date, employment_type,
    pay_schedule_id, primary_pay_category_id, rate, rate_unit, hours_per_week, tax_file_number, australian_resident, claim_tax_free_threshold, stsl_debt)
SELECT $2, 'First' || CAST(i % 10 AS TEXT), 'Surname' || CAST(i AS TEXT), '', 'Active', 'EXT' || CAST(i AS TEXT), $3, $3, $6, 'FullTime',
    $4, $5, CASE WHEN i % 4 = 0 THEN CAST(60000 + i AS TEXT) ELSE CAST(25 + i % 40 AS TEXT) || '.5' END,
    CASE WHEN i % 4 = 0 THEN 'Annually' ELSE 'Hourly' END, '38', '123456782', TRUE, i % 3 <> 0, i % 7 = 0
FROM seq`, n, biz.ID, now, sched, cat, hired); err != nil {
		return err
	}
	if timesheets {
		// Monday to Friday of the first run's period (14-20 November).
		if err := bench.SeedTimesheets(ctx, d, biz.ID, 0, "2026-11-16", 5, "Approved", now); err != nil {
			return err
		}
	}
	fmt.Printf("engine %s, %d employees (seeded in %v)\n", engine, n, time.Since(start).Round(time.Millisecond))

	// Each step's wall time and this process's CPU time in it: the machine
	// is shared, so wall time includes waiting for a CPU; CPU time does not.
	cpu := func() float64 {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	}
	fmt.Printf("  %-38s %8s %8s\n", "step", "wall s", "CPU s")
	step := func(name string, fn func() error) error {
		t, c := time.Now(), cpu()
		peak.SetStep(name)
		if err := fn(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Printf("  %-38s %8.3f %8.3f\n", name, time.Since(t).Seconds(), cpu()-c)
		return nil
	}
	if weeks > 0 {
		return runWeeks(n, engine, weeks, B, sched, call, step, cpu)
	}
	total, totalCPU := time.Now(), cpu()
	var runID int64
	create := map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}
	name := "create (calculate every employee)"
	if timesheets {
		create["timesheetImportOption"] = "ThisPayPeriod"
		name = "create, importing timesheets"
	}
	if err := step(name, func() error { return call("POST", B+"/payrun", create, &rec) }); err != nil {
		return err
	}
	runID = rec.ID
	P := fmt.Sprintf("%s/payrun/%d", B, runID)
	// The run's employees, straight from the table (their totals would be
	// a response of tens of MB at 100k).
	rows, err := d.R.QueryContext(ctx, "SELECT employee_id FROM pay_run_employees WHERE pay_run_id = $1 ORDER BY employee_id", runID)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if len(ids) != n {
		return fmt.Errorf("run has %d employees, want %d", len(ids), n)
	}
	// Earnings lines and deductions in chunks below the 1 MB body limit.
	post := func(path, member string, lines func(id int64) []any) error {
		for i := 0; i < len(ids); i += chunk {
			part := ids[i:min(i+chunk, len(ids))]
			m := make(map[string]any, len(part))
			for _, id := range part {
				m[strconv.FormatInt(id, 10)] = lines(id)
			}
			if err := call("POST", P+path, map[string]any{member: m, "suppressCalculations": suppress}, nil); err != nil {
				return err
			}
		}
		return nil
	}
	if err := step(fmt.Sprintf("2 earnings lines each (%d/request)", chunk), func() error {
		return post("/earningslines", "earningsLines", func(id int64) []any {
			return []any{
				map[string]any{"payCategoryId": strconv.FormatInt(bonus, 10), "units": 1, "rate": 50 + id%7, "notes": "target"},
				map[string]any{"payCategoryId": strconv.FormatInt(allowance, 10), "units": 1, "rate": 12.35},
			}
		})
	}); err != nil {
		return err
	}
	if err := step(fmt.Sprintf("a deduction each (%d/request)", chunk), func() error {
		return post("/deductions", "deductions", func(int64) []any {
			return []any{map[string]any{"deductionCategoryId": strconv.FormatInt(ded, 10), "amount": 12.5}}
		})
	}); err != nil {
		return err
	}
	if suppress {
		if err := step("recalculate (every employee, lines)", func() error { return call("POST", P+"/recalculate", nil, nil) }); err != nil {
			return err
		}
	}
	var details struct {
		GrandTotal map[string]any `json:"grandTotal"`
	}
	if err := step("details", func() error {
		req := httptest.NewRequest("GET", P+"/details", nil)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
		rows, err := readRows(app.Handler, req, "payRunTotals", &details.GrandTotal)
		if err == nil && (rows != n || details.GrandTotal["numberOfEmployees"] != float64(n)) {
			err = fmt.Errorf("details: %d rows, grand total of %v employees, want %d", rows, details.GrandTotal["numberOfEmployees"], n)
		}
		return err
	}); err != nil {
		return err
	}
	if err := step("totals", func() error {
		req := httptest.NewRequest("GET", P+"/totals", nil)
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
		rows, err := readRows(app.Handler, req, "payRunTotals", nil)
		if err == nil && rows != n {
			err = fmt.Errorf("totals: %d employees, want %d", rows, n)
		}
		return err
	}); err != nil {
		return err
	}
	if err := step("finalise", func() error { return call("POST", P+"/finalise", map[string]any{}, nil) }); err != nil {
		return err
	}
	run1, run1CPU := time.Since(total).Seconds(), cpu()-totalCPU
	fmt.Printf("  %-38s %8.3f %8.3f\n", "run 1 total", run1, run1CPU)
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
	hwm, err := bench.PeakRSSMB() // VmHWM: ru_maxrss of a -sizes child could carry its parent's
	if err != nil {
		return err
	}
	fmt.Printf("RESULT engine=%s n=%d run1=%.3f cpu=%.3f rss_mb=%d\n", engine, n, run1, run1CPU, hwm)
	fmt.Printf("  peak RSS %d MB; process CPU user %.1f s, system %.1f s (wall times above include waiting for a shared CPU)\n", hwm,
		time.Duration(ru.Utime.Nano()).Seconds(), time.Duration(ru.Stime.Nano()).Seconds())
	// After the peak RSS is read: the digest sorts the rows in memory.
	for _, table := range []string{"pay_run_employees", "pay_run_lines", "pay_run_sources"} {
		sum, rows, err := digest(ctx, d.R, table)
		if err != nil {
			return err
		}
		fmt.Printf("  digest %s: %d rows, sha256 %x\n", table, rows, sum)
	}
	return nil
}

// runWeeks creates and finalises weeks weekly runs in a row from the start
// of the AU tax year, each paying every employee, and prints each create's
// time: the year to date a create reads grows with the runs before it
// unless it is kept as running totals.
func runWeeks(n int, engine string, weeks int, B string, sched int64, call func(method, path string, body, out any) error,
	step func(string, func() error) error, cpu func() float64) error {
	end := time.Date(2026, 7, 3, 0, 0, 0, 0, time.UTC) // the first Friday of the 2026-27 year
	var firstWall, firstCPU, lastWall, lastCPU float64
	var wallByWeek, cpuByWeek []float64
	for w := 1; w <= weeks; w++ {
		if w == profileFrom && profileFile != nil {
			_ = pprof.StartCPUProfile(profileFile)
		}
		var rec struct {
			ID int64 `json:"id"`
		}
		t, c := time.Now(), cpu()
		if err := step(fmt.Sprintf("week %d: create", w), func() error {
			return call("POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": end.Format("2006-01-02T15:04:05")}, &rec)
		}); err != nil {
			return err
		}
		wall, used := time.Since(t).Seconds(), cpu()-c
		if w == 1 {
			firstWall, firstCPU = wall, used
		}
		lastWall, lastCPU = wall, used
		wallByWeek, cpuByWeek = append(wallByWeek, wall), append(cpuByWeek, used)
		if err := step(fmt.Sprintf("week %d: finalise", w), func() error {
			return call("POST", fmt.Sprintf("%s/payrun/%d/finalise", B, rec.ID), map[string]any{}, nil)
		}); err != nil {
			return err
		}
		end = end.AddDate(0, 0, 7)
	}
	hwm, err := bench.PeakRSSMB()
	if err != nil {
		return err
	}
	fmt.Printf("RESULT engine=%s n=%d weeks=%d first_create=%.3f/%.3f last_create=%.3f/%.3f ratio_wall=%.2f ratio_cpu=%.2f rss_mb=%d\n", engine, n, weeks,
		firstWall, firstCPU, lastWall, lastCPU, lastWall/firstWall, lastCPU/firstCPU, hwm)
	// One create against another is noisy on a shared machine; the medians
	// of the first and last eight weeks say the same thing more steadily.
	if weeks >= 16 {
		early, late := median(cpuByWeek[:8]), median(cpuByWeek[weeks-8:])
		earlyW, lateW := median(wallByWeek[:8]), median(wallByWeek[weeks-8:])
		fmt.Printf("RESULT medians weeks 1-8 %.3f/%.3f, weeks %d-%d %.3f/%.3f: ratio_wall=%.2f ratio_cpu=%.2f\n",
			earlyW, early, weeks-7, weeks, lateW, late, lateW/earlyW, late/early)
	}
	return nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// digest is a SHA-256 of every row of table (both runs), without the
// row ids and timestamps (columns ending in _at), the rows sorted: the
// same inputs must give the same digest before and after a change to the
// calculation's reads. (Row ids are not compared: a lines request inserts
// its employees' lines in map order, so the user-entered lines' ids
// differ from one run of the bench to the next.)
func digest(ctx context.Context, d *sql.DB, table string) (sum []byte, n int, err error) {
	rows, err := d.QueryContext(ctx, "SELECT * FROM "+table)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, 0, err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var all []string
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, 0, err
		}
		var b strings.Builder
		for i, c := range cols {
			if c != "id" && !strings.HasSuffix(c, "_at") {
				fmt.Fprintf(&b, "%s=%v\x1f", c, vals[i])
			}
		}
		all = append(all, b.String())
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	sort.Strings(all)
	h := sha256.New()
	for _, r := range all {
		h.Write([]byte(r + "\n"))
	}
	return h.Sum(nil), len(all), nil
}

// runSizes runs each size in a child process (so each has its own peak
// RSS) with the same flags, then prints the ratio of each run-1 total and
// peak RSS to the first size's.
func runSizes(list string) error {
	var args []string
	flag.Visit(func(f *flag.Flag) {
		if f.Name != "sizes" && f.Name != "n" && f.Name != "memprofile" {
			args = append(args, "-"+f.Name+"="+f.Value.String())
		}
	})
	type result struct {
		n              int
		run1, cpu, rss float64
	}
	var res []result
	for _, sz := range strings.Split(list, ",") {
		sz = strings.TrimSpace(sz)
		child := append(args, "-n", sz)
		if memprof != "" {
			child = append(child, "-memprofile", memprof+"."+sz) // one profile per size
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
			var engine string
			if _, err := fmt.Sscanf(line, "RESULT engine=%s n=%d run1=%f cpu=%f rss_mb=%f", &engine, &r.n, &r.run1, &r.cpu, &r.rss); err == nil {
				res = append(res, r)
			}
		}
	}
	if len(res) < 2 {
		return nil // -weeks prints its own results
	}
	for _, r := range res[1:] {
		fmt.Printf("RATIO %d/%d employees: %.1fx the size; run 1 %.2fx the wall time, %.2fx the CPU time; peak RSS %.2fx\n", r.n, res[0].n,
			float64(r.n)/float64(res[0].n), r.run1/res[0].run1, r.cpu/res[0].cpu, r.rss/res[0].rss)
	}
	return nil
}

// readRows reads a P/details or P/totals answer as a client on the network
// would: from a pipe as the handler writes it, one employee at a time,
// counting the elements (array) or members (object) of member and keeping
// only the grand total, when asked (the answer of a 100k run is ~100 MB; a
// ResponseRecorder would hold it all, and the bench's RSS would be the
// recorder's).
func readRows(h http.Handler, req *http.Request, member string, grand *map[string]any) (rows int, err error) {
	pr, pw := io.Pipe()
	w := &pipeWriter{h: http.Header{}, pw: pw}
	go func() { h.ServeHTTP(w, req); pw.Close() }()
	defer io.Copy(io.Discard, pr) // let the handler finish whatever happens here
	dec := json.NewDecoder(pr)
	if _, err := dec.Token(); err != nil { // {
		return 0, err
	}
	if w.code != http.StatusOK {
		return 0, fmt.Errorf("%s: %d", req.URL.Path, w.code)
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return rows, err
		}
		switch {
		case key == member:
			var open json.Token
			open, err = dec.Token() // [ or {
			if err != nil {
				return rows, err
			}
			for dec.More() {
				if open == json.Delim('{') {
					if _, err := dec.Token(); err != nil { // the member's name
						return rows, err
					}
				}
				var row struct{}
				if err := dec.Decode(&row); err != nil {
					return rows, err
				}
				rows++
			}
			_, err = dec.Token() // ] or }
		case key == "grandTotal" && grand != nil:
			err = dec.Decode(grand)
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return rows, err
		}
	}
	return rows, nil
}

// pipeWriter is a ResponseWriter whose body goes into a pipe.
type pipeWriter struct {
	h    http.Header
	code int
	pw   *io.PipeWriter
}

func (p *pipeWriter) Header() http.Header { return p.h }

func (p *pipeWriter) WriteHeader(code int) {
	if p.code == 0 {
		p.code = code
	}
}

func (p *pipeWriter) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return p.pw.Write(b)
}
