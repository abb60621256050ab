package leave

import (
	"context"
	"time"

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
		ORDER BY lr.employee_id, lr.from_date, lr.id`, businessID, day(from), day(to), lo, hi)
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
