package timesheet

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ApprovedForPayRun returns the Approved lines of businessID whose start
// falls on a day from from through to (both dates inclusive: a line
// starting any time on `to` is included), of the employees given (none
// given = every employee), ordered by employee and start, in one query
// (for up to 30000 employees). Lines carry their stored durations
// (WorkMinutes, PaidMinutes), units, rate override, pay category,
// location, work type and dimension values; Breaks, display names and
// costs are not filled. q is the pay run's transaction.
func (s *Service) ApprovedForPayRun(ctx context.Context, q *store.Queries, businessID int64, employeeIDs []int64, from, to time.Time) (_ []Line, err error) {
	defer payroll.Wrap(&err, "approved timesheet lines for a pay run")
	a := sqlArgs{args: []any{businessID, payroll.DateOnly(from.UTC()), payroll.DateOnly(to.UTC()).AddDate(0, 0, 1)}}
	query := "SELECT " + lineColumns + " FROM timesheet_lines t WHERE t.business_id = $1 AND t.status = 'Approved' AND t.start_time >= $2 AND t.start_time < $3"
	var want map[int64]bool
	switch {
	case len(employeeIDs) > 30000:
		// Beyond the engines' parameter limits: read the period, keep theirs.
		want = make(map[int64]bool, len(employeeIDs))
		for _, id := range employeeIDs {
			want[id] = true
		}
	case len(employeeIDs) > 0:
		query += " AND t.employee_id IN (" + db.IDList(employeeIDs) + ")"
	}
	rows, err := q.Query(ctx, query+" ORDER BY t.employee_id, t.start_time, t.id", a.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Line{}
	for rows.Next() {
		var r store.TimesheetLine
		if err := rows.Scan(scanLine(&r)...); err != nil {
			return nil, err
		}
		if want != nil && !want[r.EmployeeID] {
			continue
		}
		out = append(out, fromRow(r))
	}
	return out, rows.Err()
}

// ApprovedForPayRunRange returns the Approved lines of businessID's
// employees with ids in [lo, hi] whose start falls on a day from from
// through to (both inclusive), ordered by employee and start: a pay run
// reads a page of its employees' lines at a time this way (served by
// timesheet_lines_business_status_employee, so a page's read does not grow
// with the business). Lines are filled as by ApprovedForPayRun.
func (s *Service) ApprovedForPayRunRange(ctx context.Context, q *store.Queries, businessID, lo, hi int64, from, to time.Time) (_ []Line, err error) {
	defer payroll.Wrap(&err, "approved timesheet lines of employees %d-%d for a pay run", lo, hi)
	rows, err := q.Query(ctx, "SELECT "+lineColumns+" FROM timesheet_lines t WHERE t.business_id = $1 AND t.status = 'Approved'"+
		" AND t.employee_id >= $2 AND t.employee_id <= $3 AND t.start_time >= $4 AND t.start_time < $5 ORDER BY t.employee_id, t.start_time, t.id",
		businessID, lo, hi, payroll.DateOnly(from.UTC()), payroll.DateOnly(to.UTC()).AddDate(0, 0, 1))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Line{}
	for rows.Next() {
		var r store.TimesheetLine
		if err := rows.Scan(scanLine(&r)...); err != nil {
			return nil, err
		}
		out = append(out, fromRow(r))
	}
	return out, rows.Err()
}

// MarkPayRunProcessed moves the lines pay run payRunID paid (its sources
// of kind sourceKind, of the employees still in it) from Approved to
// Processed under it, in q's transaction (finalising the run), with one
// statement. If any of them is no longer Approved it is a Conflict and the
// caller's transaction must roll back.
func (s *Service) MarkPayRunProcessed(ctx context.Context, q *store.Queries, businessID, payRunID int64, sourceKind string) (err error) {
	defer payroll.Wrap(&err, "mark timesheet lines processed by pay run %d", payRunID)
	want, err := q.CountPayRunTimesheetSources(ctx, store.CountPayRunTimesheetSourcesParams{PayRunID: payRunID, Kind: sourceKind})
	if err != nil || want == 0 {
		return err
	}
	moved, err := q.MarkPayRunTimesheetLinesProcessed(ctx, store.MarkPayRunTimesheetLinesProcessedParams{PayRunID: nullID(payRunID),
		UpdatedAt: s.Clock.Now().UTC(), BusinessID: businessID, Kind: sourceKind})
	if err != nil {
		return err
	}
	if moved != want {
		return payroll.Conflict("%d of the pay run's %d timesheet lines are no longer Approved; recalculate the pay run", want-moved, want)
	}
	return nil
}

// MarkProcessed moves lineIDs of businessID from Approved to Processed
// under payRunID (finalising the pay run), in q's transaction. If any of
// them is no longer Approved (edited, rejected or deleted since the pay run
// read it) it is a Conflict and the caller's transaction must roll back.
func (s *Service) MarkProcessed(ctx context.Context, q *store.Queries, businessID, payRunID int64, lineIDs []int64) (err error) {
	defer payroll.Wrap(&err, "mark timesheet lines processed by pay run %d", payRunID)
	now := s.Clock.Now().UTC()
	seen := make(map[int64]bool, len(lineIDs))
	uniq := make([]int64, 0, len(lineIDs))
	for _, id := range lineIDs {
		if !seen[id] {
			seen[id] = true
			uniq = append(uniq, id)
		}
	}
	lineIDs = uniq
	moved := 0
	for _, chunk := range chunks(lineIDs, maxIn) {
		rows, err := q.Query(ctx, "UPDATE timesheet_lines SET status = 'Processed', pay_run_id = $2, updated_at = $3, version = version + 1 "+
			"WHERE business_id = $1 AND status = 'Approved' AND id IN ("+db.IDList(chunk)+") RETURNING id", businessID, payRunID, now)
		if err != nil {
			return err
		}
		for rows.Next() {
			moved++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	if moved != len(lineIDs) {
		return payroll.Conflict("%d of the pay run's %d timesheet lines are no longer Approved; recalculate the pay run", len(lineIDs)-moved, len(lineIDs))
	}
	return nil
}

// ReturnToApproved unlocks the lines pay run payRunID processed: they
// become Approved again, without a pay run (the pay run's unlock, an
// audited transition of the pay run owner), in q's transaction.
func (s *Service) ReturnToApproved(ctx context.Context, q *store.Queries, businessID, payRunID int64) (err error) {
	defer payroll.Wrap(&err, "return timesheet lines of pay run %d to Approved", payRunID)
	_, err = q.ReturnTimesheetLinesToApproved(ctx, store.ReturnTimesheetLinesToApprovedParams{BusinessID: businessID, PayRunID: nullID(payRunID),
		UpdatedAt: s.Clock.Now().UTC()})
	return err
}
