package ess

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
)

// PeriodCounts are an employee's timesheet lines or expense requests of a
// period by state (EssCurrentTimesheetsModel, EssCurrentExpensesModel).
type PeriodCounts struct {
	From, To                                 time.Time // the period's first and last day
	Submitted, Approved, Rejected, Processed int
	// Minutes are the worked minutes of the timesheet lines that count
	// (submitted, approved and processed; not rejected ones).
	Minutes int64
}

// RosterCounts are what the dashboard shows of the employee's roster
// besides the pending shifts and proposed swaps (roster.CountsOf).
type RosterCounts struct {
	NextShiftID int64 // the first published shift starting after now; 0 = none
	// NotAccepted are the employee's published shifts that ended without
	// being accepted.
	NotAccepted int
}

// Dashboards reads the figures of the self-service dashboard, each in one
// statement.
type Dashboards struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// Week is the dashboard's current period: Monday to Sunday of the week of
// now (the week the timesheet summaries and the satisfaction survey use).
func Week(now time.Time) (time.Time, time.Time) {
	from := WeekStart(now)
	return from, from.AddDate(0, 0, 6)
}

// Timesheets counts the employee's timesheet lines starting in the days
// from..to by state.
func (s *Dashboards) Timesheets(ctx context.Context, biz business.Business, employeeID int64, from, to time.Time) (c PeriodCounts, err error) {
	defer payroll.Wrap(&err, "timesheet counts of employee %d", employeeID)
	c.From, c.To = from, to
	rows, err := s.Employees.DB.Queries().Query(ctx, "SELECT status, COUNT(*), CAST(COALESCE(SUM(work_minutes), 0) AS BIGINT) FROM timesheet_lines "+
		"WHERE business_id = $1 AND employee_id = $2 AND start_time >= $3 AND start_time < $4 GROUP BY status", biz.ID, employeeID, from, to.AddDate(0, 0, 1))
	if err != nil {
		return c, err
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		var min int64
		if err := rows.Scan(&st, &n, &min); err != nil {
			return c, err
		}
		switch st {
		case "Submitted":
			c.Submitted += n
		case "Approved":
			c.Approved += n
		case "Rejected":
			c.Rejected += n
			min = 0
		case "Processed":
			c.Processed += n
		default:
			min = 0
		}
		c.Minutes += min
	}
	return c, rows.Err()
}

// Expenses counts the employee's expense requests made in the days
// from..to by state: Pending ones are submitted, Declined ones rejected
// (cancelled ones are not counted).
func (s *Dashboards) Expenses(ctx context.Context, biz business.Business, employeeID int64, from, to time.Time) (c PeriodCounts, err error) {
	defer payroll.Wrap(&err, "expense counts of employee %d", employeeID)
	c.From, c.To = from, to
	rows, err := s.Employees.DB.Queries().Query(ctx, "SELECT status, COUNT(*) FROM expense_requests "+
		"WHERE business_id = $1 AND employee_id = $2 AND created_at >= $3 AND created_at < $4 GROUP BY status", biz.ID, employeeID, from, to.AddDate(0, 0, 1))
	if err != nil {
		return c, err
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return c, err
		}
		switch st {
		case "Pending":
			c.Submitted += n
		case "Approved":
			c.Approved += n
		case "Declined":
			c.Rejected += n
		case "Processed":
			c.Processed += n
		}
	}
	return c, rows.Err()
}

// Roster reads the employee's next published shift and the count of
// their published shifts that ended unaccepted, in one statement.
func (s *Dashboards) Roster(ctx context.Context, biz business.Business, employeeID int64) (c RosterCounts, err error) {
	defer payroll.Wrap(&err, "roster of employee %d", employeeID)
	now := s.Clock.Now().UTC()
	err = s.Employees.DB.Queries().QueryRow(ctx, "SELECT COALESCE((SELECT n.id FROM roster_shifts n WHERE n.business_id = $1 AND n.employee_id = $2 "+
		"AND n.published = TRUE AND n.start_time > $3 ORDER BY n.start_time, n.id LIMIT 1), 0), "+
		"(SELECT COUNT(*) FROM roster_shifts x WHERE x.business_id = $1 AND x.employee_id = $2 AND x.published = TRUE AND x.accepted = FALSE AND x.end_time <= $3)",
		biz.ID, employeeID, now).Scan(&c.NextShiftID, &c.NotAccepted)
	if db.IsNoRows(err) {
		err = nil
	}
	return c, err
}

// AwaitingAcknowledgement counts the documents the employee sees that
// require their acknowledgement and are not acknowledged yet.
func (s *Documents) AwaitingAcknowledgement(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (int, error) {
	docs, err := s.List(ctx, biz, p, employeeID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range docs {
		if d.RequiresEmployeeAcknowledgement && d.Acknowledged.IsZero() {
			n++
		}
	}
	return n, nil
}

// Latest is the employee's latest paid published payslip (ok false when
// none is published).
func (s *Payslips) Latest(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ Payslip, ok bool, err error) {
	defer payroll.Wrap(&err, "latest payslip of employee %d", employeeID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return Payslip{}, false, err
	}
	ps, err := s.read(ctx, biz, employeeID, publishedPayslips+" ORDER BY r.date_paid DESC, r.id DESC LIMIT 1", biz.ID, employeeID)
	if err != nil || len(ps) == 0 {
		return Payslip{}, false, err
	}
	return ps[0], true, nil
}

// ThisWeek is the employee's answer to the satisfaction survey for the
// week of now (value NotSet when not answered).
func (s *Satisfactions) ThisWeek(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (Satisfaction, error) {
	week := WeekStart(s.Clock.Now())
	list, err := s.List(ctx, biz, p, employeeID, week, week)
	if err != nil {
		return Satisfaction{}, err
	}
	out := Satisfaction{Value: "NotSet", WeekStartDate: payroll.NewDateTime(week)}
	for _, x := range list {
		if x.WeekStartDate.Time.Equal(week) {
			out.Value = x.Value
		}
	}
	return out, nil
}
