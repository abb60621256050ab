// Package awards_test measures award interpretation at headcount scale
// (run by hand, not in CI):
//
//	go test ./bench/awards -run '^$' -bench . -benchtime 3x -timeout 60m
//	PAYROLL_BENCH_ENGINE=postgres PAYROLL_TEST_DATABASE_URL=postgres://... (same)
//
// BenchmarkInterpretFortnight installs the Retail award, gives N employees
// (1,000 and 10,000) its Level 2 agreements (casual, full-time and
// part-time in turn) and a fortnight of approved timesheets each (10
// shifts with a half-hour break, every fourth one running to 9.30 pm: an
// evening, overtime outside the span), then interprets them as a pay run
// does, in one transaction: the period's approved lines, their breaks and
// shift conditions, the employees' terms, and each employee's fortnight
// through the rules. cpu-s/op is the process CPU time per interpretation.
package awards_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/payrolld/payrolld/bench"
	"github.com/payrolld/payrolld/internal/award"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
	"github.com/payrolld/payrolld/internal/timesheet"
)

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

func call(b *testing.B, f *bench.Fixture, method, path string, body, out any) {
	b.Helper()
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", bench.BasicAuth(f.Key))
	rec := httptest.NewRecorder()
	f.App.Handler.ServeHTTP(rec, req)
	if rec.Code != 200 {
		b.Fatalf("%s %s: %d %.300s", method, path, rec.Code, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			b.Fatal(err)
		}
	}
}

// seed installs the Retail award and creates n employees on its Level 2
// agreements with a fortnight of approved lines each from Monday 12
// October 2026; it returns the number of lines.
func seed(b *testing.B, d *db.DB, f *bench.Fixture, n int) int {
	ctx := context.Background()
	B := fmt.Sprintf("/api/v2/business/%d", f.BusinessID)
	call(b, f, "PUT", B+"/award/4/install", nil, nil)
	var list []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	call(b, f, "GET", B+"/employmentagreement", nil, &list)
	var agreements []int64
	for _, a := range list {
		if strings.HasPrefix(a.Name, "Retail Employee Level 2 - ") {
			agreements = append(agreements, a.ID)
		}
	}
	now := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	start := time.Date(2026, 10, 12, 0, 0, 0, 0, time.UTC)
	lines := 0
	const batch = 200
	for lo := 0; lo < n; lo += batch {
		err := d.InTx(ctx, func(q *store.Queries) error {
			var ids []int64
			for i := lo; i < min(lo+batch, n); i++ {
				var id int64
				err := q.QueryRow(ctx, `INSERT INTO employees (business_id, first_name, surname, email, status, external_id, created_at, updated_at,
start_date, date_of_birth, employment_type, employment_agreement_id, hours_per_week, residential_state) VALUES ($1, $2, $3, '', 'Active', $4, $5, $5, $6, $7, '', $8, '30', 'NSW')
RETURNING id`, f.BusinessID, "First", fmt.Sprintf("Surname%d", i), fmt.Sprintf("EXT%d", i), now, now.AddDate(-1, 0, 0),
					time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC), agreements[i%len(agreements)]).Scan(&id)
				if err != nil {
					return err
				}
				ids = append(ids, id)
			}
			for k, id := range ids {
				for _, off := range []int{0, 1, 2, 3, 4, 7, 8, 9, 10, 11} {
					day := start.AddDate(0, 0, off)
					from, to := day.Add(9*time.Hour), day.Add(17*time.Hour+30*time.Minute)
					if (lo+k+off)%4 == 0 {
						to = day.Add(21*time.Hour + 30*time.Minute)
					}
					work := int64(to.Sub(from)/time.Minute) - 30
					var line int64
					if err := q.QueryRow(ctx, `INSERT INTO timesheet_lines (business_id, employee_id, start_time, end_time, location_id, comments,
hidden_comments, status, external_id, source, work_minutes, break_minutes, paid_break_minutes, shift_condition_ids, dimension_value_ids,
reviewed_by, rejection_reason, submitted_by_user, created_at, updated_at)
VALUES ($1, $2, $3, $4, NULL, '', '', 'Approved', '', 'API', $5, 30, 0, '', '', '', '', 'bench', $6, $6) RETURNING id`,
						f.BusinessID, id, from, to, work, now).Scan(&line); err != nil {
						return err
					}
					if err := q.Exec(ctx, `INSERT INTO timesheet_breaks (business_id, line_id, start_time, end_time, submitted_start, submitted_end, is_paid)
VALUES ($1, $2, $3, $4, NULL, NULL, FALSE)`, f.BusinessID, line, day.Add(12*time.Hour), day.Add(12*time.Hour+30*time.Minute)); err != nil {
						return err
					}
					lines++
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if d.Dialect == db.SQLite {
		_, _ = d.W.Exec("ANALYZE")
	} else {
		_, _ = d.W.Exec("VACUUM ANALYZE")
	}
	return lines
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkInterpretFortnight(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%d-employees", n), func(b *testing.B) {
			ctx := context.Background()
			d := open(b)
			f, err := bench.NewFixture(ctx, d)
			if err != nil {
				b.Fatal(err)
			}
			t0 := time.Now()
			shifts := seed(b, d, f, n)
			b.Logf("seeded %d employees, %d lines in %s", n, shifts, time.Since(t0).Round(time.Second))
			biz := business.Business{ID: f.BusinessID, Region: "AU"}
			from, to := time.Date(2026, 10, 12, 0, 0, 0, 0, time.UTC), time.Date(2026, 10, 25, 0, 0, 0, 0, time.UTC)
			var paid, lines int
			var amount int64
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				paid, lines, amount = 0, 0, 0
				err := d.InTx(ctx, func(q *store.Queries) error {
					all, err := f.App.Timesheets.ApprovedForPayRun(ctx, q, f.BusinessID, nil, from, to)
					if err != nil {
						return err
					}
					names, err := timesheet.InterpretationInputs(ctx, q, f.BusinessID, all)
					if err != nil {
						return err
					}
					ab, err := f.App.Agreements.Load(ctx, q, biz)
					if err != nil {
						return err
					}
					byEmp := map[int64][]timesheet.Line{}
					var ids []int64
					for _, l := range all {
						if _, ok := byEmp[l.EmployeeID]; !ok {
							ids = append(ids, l.EmployeeID)
						}
						byEmp[l.EmployeeID] = append(byEmp[l.EmployeeID], l)
					}
					sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
					terms, err := ab.TermsOf(ctx, ids)
					if err != nil {
						return err
					}
					for _, id := range ids {
						ls := byEmp[id]
						sh := make([]award.Shift, len(ls))
						for k := range ls {
							sh[k] = timesheet.AwardShift(&ls[k], names)
						}
						res, err := ab.Interpret(ctx, terms[id], sh, nil, from, false)
						if err != nil {
							return err
						}
						paid += len(sh)
						lines += len(res.Lines)
						for _, l := range res.Lines {
							amount += l.AmountCents
						}
					}
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(paid), "shifts/op")
			b.ReportMetric(float64(lines), "lines/op")
			b.Logf("%d shifts interpreted into %d lines paying %d.%02d", paid, lines, amount/100, amount%100)
		})
	}
}
