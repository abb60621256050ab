package timesheetapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The list's itemCount stays the number of lines in the dates asked
// through every write that adds, moves or removes a line (on SQLite it is
// summed from the per-day counts triggers keep, migration 00901; on
// PostgreSQL it is counted), including lines past midnight and the bulk
// replace.
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
			// The kept counts agree with the lines themselves, day by day
			// (SQLite: the only tree that keeps them).
			if d.Dialect == db.SQLite {
				var off int
				if err := d.R.QueryRow(`SELECT COUNT(*) FROM (SELECT business_id, CAST(replace(substr(start_time, 1, 10), '-', '') AS INTEGER) AS day,
					COUNT(*) AS n FROM timesheet_lines GROUP BY 1, 2) l
					FULL JOIN (SELECT business_id, day, SUM(n) AS n FROM timesheet_day_counts GROUP BY 1, 2 HAVING SUM(n) <> 0) c
					ON c.business_id = l.business_id AND c.day = l.day WHERE c.n IS NULL OR l.n IS NULL OR c.n <> l.n`).Scan(&off); err != nil || off != 0 {
					t.Errorf("%s: %d days' kept counts differ from the lines (err %v)", step, off, err)
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
