package timesheetapi_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// The list's itemCount stays the number of lines in the dates asked
// through every write that adds, moves or removes a line (it is summed
// from the per-day counts triggers keep: counter rows on SQLite, migration
// 00901; deltas on PostgreSQL, folded by a periodic job, 01080), including
// lines past midnight and the bulk replace.
func TestTimesheetListCountFollowsWrites(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		count := func(query string) int {
			t.Helper()
			var page struct {
				ItemCount int `json:"itemCount"`
			}
			e.Do("GET", B+"/timesheet"+query, key, nil).Expect(t, 200).JSON(t, &page)
			return page.ItemCount
		}
		want := func(step string, cases map[string]int) {
			t.Helper()
			for q, n := range cases {
				if got := count(q); got != n {
					t.Errorf("%s: %s counts %d lines, want %d", step, q, got, n)
				}
			}
			// The kept counts agree with the lines themselves, day by day:
			// SQLite's counter rows, PostgreSQL's deltas before and after
			// the periodic fold, which leaves one row a day.
			agree := func(when string) {
				t.Helper()
				table, day := "timesheet_day_counts", "CAST(replace(substr(start_time, 1, 10), '-', '') AS INTEGER)"
				if d.Dialect == db.Postgres {
					table, day = "timesheet_day_count_deltas", "to_char(start_time AT TIME ZONE 'UTC', 'YYYYMMDD')::bigint"
				}
				var off int
				if err := d.R.QueryRow(`SELECT COUNT(*) FROM (SELECT business_id, ` + day + ` AS day,
					COUNT(*) AS n FROM timesheet_lines GROUP BY 1, 2) l
					FULL JOIN (SELECT business_id, day, SUM(n) AS n FROM ` + table + ` GROUP BY 1, 2 HAVING SUM(n) <> 0) c
					ON c.business_id = l.business_id AND c.day = l.day WHERE c.n IS NULL OR l.n IS NULL OR c.n <> l.n`).Scan(&off); err != nil || off != 0 {
					t.Errorf("%s, %s: %d days' kept counts differ from the lines (err %v)", step, when, off, err)
				}
			}
			agree("as written")
			if d.Dialect == db.Postgres {
				if _, err := (&timesheet.Service{DB: d}).MergeDayCounts(context.Background()); err != nil {
					t.Fatal(err)
				}
				agree("folded")
				var extra int
				if err := d.R.QueryRow(`SELECT COUNT(*) FROM (SELECT 1 FROM timesheet_day_count_deltas
					GROUP BY business_id, day HAVING COUNT(*) > 1 OR bool_or(NOT merged)) x`).Scan(&extra); err != nil || extra != 0 {
					t.Errorf("%s: %d days keep more than one folded row (err %v)", step, extra, err)
				}
				for q, n := range cases {
					if got := count(q); got != n {
						t.Errorf("%s, folded: %s counts %d lines, want %d", step, q, got, n)
					}
				}
			}
		}

		e.line(t, e.ann, "2026-11-02T09:00:00", "2026-11-02T17:00:00", nil)
		moved := e.line(t, e.ann, "2026-11-03T09:00:00", "2026-11-03T17:00:00", nil)
		e.line(t, e.ben, "2026-11-03T22:00:00", "2026-11-04T06:00:00", nil) // counted on the day it starts
		gone := e.line(t, e.ben, "2026-11-05T09:00:00", "2026-11-05T17:00:00", nil)
		e.Do("POST", e.OtherB+"/timesheet", e.OtherKey, map[string]any{"employeeId": e.bobEmp, "startTime": "2026-11-03T09:00:00",
			"endTime": "2026-11-03T17:00:00"}).Expect(t, 200) // another business's line counts there only
		want("created", map[string]int{"": 4, "?fromDate=2026-11-03&toDate=2026-11-03": 2, "?fromDate=2026-11-04": 1,
			"?toDate=2026-11-02": 1, "?fromDate=2026-11-06": 0})

		// Moved to another day, then deleted; a manager's rejection changes
		// the status only.
		e.Do("PUT", fmt.Sprintf("%s/timesheet/%d", B, moved), key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-06T09:00:00",
			"endTime": "2026-11-06T17:00:00"}).Expect(t, 200)
		e.Do("DELETE", fmt.Sprintf("%s/timesheet/%d", B, gone), key, nil).Expect(t, 200)
		want("moved and deleted", map[string]int{"": 3, "?fromDate=2026-11-03&toDate=2026-11-03": 1, "?fromDate=2026-11-05": 1,
			"?fromDate=2026-11-06&toDate=2026-11-06": 1})

		// A bulk replace of Ann's week: her two lines become three.
		day := func(d int) map[string]any {
			return map[string]any{"startTime": fmt.Sprintf("2026-11-%02dT08:00:00", d), "endTime": fmt.Sprintf("2026-11-%02dT12:00:00", d)}
		}
		e.Do("PUT", B+"/timesheet/bulk", key, map[string]any{"fromDate": "2026-11-02", "toDate": "2026-11-08",
			"timesheets": map[string]any{fmt.Sprint(e.ann): []any{day(2), day(4), day(4)}}}).Expect(t, 200)
		want("bulk replace", map[string]int{"": 4, "?fromDate=2026-11-04&toDate=2026-11-04": 2, "?fromDate=2026-11-06": 0,
			"?status=Submitted": 4})
	})
}

// Lines written by concurrent requests while the deltas are folded (on
// PostgreSQL) are each counted once: writers never wait on a counter, and
// a fold takes only the deltas its snapshot sees.
func TestTimesheetListCountUnderConcurrentWritesAndFolds(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		const perEmployee = 12
		var wg sync.WaitGroup
		errs := make(chan error, 2*perEmployee+1)
		for _, emp := range []int64{e.ann, e.ben} {
			wg.Add(1)
			go func(emp int64) {
				defer wg.Done()
				for i := 0; i < perEmployee; i++ {
					day := fmt.Sprintf("2026-10-%02d", 1+i%6) // several lines a day, so folds and writes meet
					hour := 6 + i/6*4
					r := e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": emp,
						"startTime": fmt.Sprintf("%sT%02d:00:00", day, hour), "endTime": fmt.Sprintf("%sT%02d:00:00", day, hour+3)})
					if r.Status != 200 {
						errs <- fmt.Errorf("create: %d %s", r.Status, r.Body)
					}
				}
			}(emp)
		}
		writing, folded := make(chan struct{}), make(chan struct{})
		go func() { // fold while the writers write
			defer close(folded)
			for {
				if _, err := (&timesheet.Service{DB: d}).MergeDayCounts(ctx); err != nil {
					errs <- err
					return
				}
				select {
				case <-writing:
					return
				case <-time.After(time.Millisecond):
				}
			}
		}()
		wg.Wait()
		close(writing)
		<-folded
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if _, err := (&timesheet.Service{DB: d}).MergeDayCounts(ctx); err != nil {
			t.Fatal(err)
		}
		var page struct {
			ItemCount int `json:"itemCount"`
		}
		e.Do("GET", e.B+"/timesheet?fromDate=2026-10-01&toDate=2026-10-31", e.Key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 2*perEmployee {
			t.Errorf("itemCount %d, want %d", page.ItemCount, 2*perEmployee)
		}
	})
}
