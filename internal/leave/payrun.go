package leave

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ApprovedInRange is ApprovedInPeriod for the employees with ids in
// [lo, hi] (a pay run's employees; the caller keeps its own set): one
// query whatever the number of employees, without an IN list past the
// engines' parameter limits.
func (s *Service) ApprovedInRange(ctx context.Context, q *store.Queries, businessID, lo, hi int64, from, to time.Time) (_ []Approved, err error) {
	defer payroll.Wrap(&err, "approved leave of business %d", businessID)
	rows, err := q.Query(ctx, `SELECT lr.id, lr.employee_id, lr.leave_category_id, lr.from_date, lr.to_date, lr.hours_e6,
		CAST(COALESCE((SELECT -SUM(l.hours_e6) FROM leave_ledger l WHERE l.leave_request_id = lr.id AND l.kind = 'Taken'), 0) AS BIGINT)
		FROM leave_requests lr
		WHERE lr.business_id = $1 AND lr.status = 'Approved' AND lr.from_date <= $3 AND lr.to_date >= $2
		AND lr.employee_id >= $4 AND lr.employee_id <= $5
		ORDER BY lr.employee_id, lr.from_date, lr.id`, businessID, payroll.DateOnly(from), payroll.DateOnly(to), lo, hi)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Approved{}
	for rows.Next() {
		var a Approved
		var h, applied int64
		if err := rows.Scan(&a.LeaveRequestID, &a.EmployeeID, &a.LeaveCategoryID, &a.FromDate, &a.ToDate, &h, &applied); err != nil {
			return nil, err
		}
		a.Hours, a.HoursApplied = hoursOf(h), hoursOf(applied)
		out = append(out, a)
	}
	return out, rows.Err()
}

// PostPayRun writes a pay run's leave entries in the caller's transaction
// (q). Posting is idempotent per pay run: entries it posted before are
// replaced, so a recalculated pay run posts again safely. Entries go in
// multi-row INSERTs: a pay run of 100,000 employees posts hundreds of
// thousands of them.
func (s *Service) PostPayRun(ctx context.Context, q *store.Queries, businessID, payRunID int64, entries []Entry) (err error) {
	defer payroll.Wrap(&err, "post leave of pay run %d", payRunID)
	if _, err := q.DeleteLeaveEntriesBySource(ctx, store.DeleteLeaveEntriesBySourceParams{BusinessID: businessID, SourceKind: SourcePayRun, SourceID: payRunID}); err != nil {
		return err
	}
	now := s.Clock.Now()
	const cols, rowsPer = 11, 500
	args := make([]any, 0, rowsPer*cols)
	var b strings.Builder
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		b.Reset()
		b.WriteString(`INSERT INTO leave_ledger (business_id, employee_id, leave_category_id, hours_e6, kind, source_kind, source_id, leave_request_id, entry_date, notes, created_at) VALUES `)
		// SQLite looks $N up by name (quadratic in a long statement): ? there.
		store.Placeholders(&b, len(args)/cols, cols, s.DB != nil && s.DB.Dialect == db.SQLite, 1)
		err := q.Exec(ctx, b.String(), args...)
		args = args[:0]
		return err
	}
	for i, e := range entries {
		member := "entries[" + strconv.Itoa(i) + "].hours"
		h, err := hoursE6(member, e.Hours)
		if err != nil {
			return err
		}
		switch e.Kind {
		case KindAccrual, KindAdjustment:
		case KindTaken:
			h = -h
		default:
			return payroll.Invalid("entries["+strconv.Itoa(i)+"].kind", "kind must be Accrual, Taken or Adjustment, got %q", e.Kind)
		}
		if e.Kind != KindAdjustment && h != 0 && (h < 0) != (e.Kind == KindTaken) {
			return payroll.Invalid(member, "hours of an %s entry must not be negative", e.Kind)
		}
		args = append(args, businessID, e.EmployeeID, e.LeaveCategoryID, h, e.Kind, SourcePayRun, payRunID,
			sql.NullInt64{Int64: e.LeaveRequestID, Valid: e.LeaveRequestID != 0}, payroll.DateOnly(e.Date), e.Notes, now)
		if len(args) >= rowsPer*cols {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
