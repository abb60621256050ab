package bench

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/db"
)

// SeedTimesheets inserts days timesheet lines a day (09:00-17:00, a
// 30-minute break, status) for every employee of business biz from day
// (2006-01-02) on, at location loc (0: none), with one engine-specific
// INSERT ... SELECT: bench set-up only (the service's SQL is portable).
func SeedTimesheets(ctx context.Context, d *db.DB, biz, loc int64, day string, days int, status string, now time.Time) error {
	cols := `INSERT INTO timesheet_lines (business_id, employee_id, start_time, end_time, submitted_start, submitted_end, location_id, comments,
hidden_comments, status, external_id, source, work_minutes, break_minutes, paid_break_minutes, shift_condition_ids, dimension_value_ids,
reviewed_by, rejection_reason, submitted_by_user, created_at, updated_at) `
	var q string
	if d.Dialect == db.SQLite {
		// The driver stores times as "2006-01-02 15:04:05-07:00" text.
		q = cols + `WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < $1 - 1),
t AS (SELECT e.id AS emp, strftime('%Y-%m-%d %H:%M:%S', $5 || ' 09:00:00', '+' || n.k || ' days') || '+00:00' AS st,
             strftime('%Y-%m-%d %H:%M:%S', $5 || ' 17:00:00', '+' || n.k || ' days') || '+00:00' AS en, n.k AS k
      FROM employees e CROSS JOIN n WHERE e.business_id = $2)
SELECT $2, emp, st, en, st, en, $3, '', '', $4, '', 'API', 450, 30, 0, '', '', '', '', 'bench', $6, $6 FROM t ORDER BY emp, k`
	} else {
		q = cols + `SELECT $2, e.id, CAST($5 AS TIMESTAMPTZ) + make_interval(days => k, hours => 9), CAST($5 AS TIMESTAMPTZ) + make_interval(days => k, hours => 17),
CAST($5 AS TIMESTAMPTZ) + make_interval(days => k, hours => 9), CAST($5 AS TIMESTAMPTZ) + make_interval(days => k, hours => 17), $3,
'', '', $4, '', 'API', 450, 30, 0, '', '', '', '', 'bench', $6, $6
FROM employees e CROSS JOIN generate_series(0, $1 - 1) AS k WHERE e.business_id = $2 ORDER BY e.id, k`
	}
	location := sql.NullInt64{Int64: loc, Valid: loc != 0}
	if _, err := d.W.ExecContext(ctx, q, days, biz, location, status, day, now); err != nil {
		return fmt.Errorf("seed timesheets: %w", err)
	}
	return nil
}
