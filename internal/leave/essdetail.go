package leave

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Details adds the self-service members (Detail) to requests in three
// reads whatever their number: the business's leave categories (units),
// the attachments' names and dates, and the leave settings' notes rule.
func (s *Service) Details(ctx context.Context, biz business.Business, reqs []Request) (_ []Detail, err error) {
	defer payroll.Wrap(&err, "leave request details of business %d", biz.ID)
	out := make([]Detail, len(reqs))
	if len(reqs) == 0 {
		return out, nil
	}
	cats, err := s.Categories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	units := map[int64]string{}
	for _, c := range cats {
		units[c.ID] = unitOf(c)
	}
	q := s.DB.Queries()
	type att struct {
		name    string
		created time.Time
	}
	atts := map[int64]att{}
	args := []any{biz.ID}
	var ph []string
	for _, r := range reqs {
		if r.AttachmentID != nil {
			args = append(args, *r.AttachmentID)
			ph = append(ph, "$"+strconv.Itoa(len(args)))
		}
	}
	if len(ph) > 0 {
		rows, err := q.Query(ctx, "SELECT id, friendly_name, created_at FROM documents WHERE business_id = $1 AND id IN ("+strings.Join(ph, ", ")+")", args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var a att
			if err := rows.Scan(&id, &a.name, &a.created); err != nil {
				rows.Close()
				return nil, err
			}
			a.created = a.created.UTC()
			atts[id] = a
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	notes := false
	if s.RequireNotes != nil {
		if notes, err = s.RequireNotes(ctx, q, biz); err != nil {
			return nil, err
		}
	}
	for i, r := range reqs {
		d := Detail{Request: r, Requested: r.RequestedAt.UTC(), StatusReason: r.StatusReason, UnitType: "Hours", RequireNotes: notes}
		if u, ok := units[r.LeaveCategoryID]; ok {
			d.UnitType = u
		}
		if r.AttachmentID != nil {
			a := atts[*r.AttachmentID]
			d.AttachmentName, d.AttachmentCreated = a.name, a.created
		}
		out[i] = d
	}
	return out, nil
}

// ColleagueLeave is the approved leave of an employee's colleagues
// overlapping from..to (zero = open), newest first, at most 1000: the
// leave self-service shows an employee when the business lets employees
// view all approved leave. Colleagues are the other employees sharing one
// of the employee's locations, or every other employee of the business
// when the employee has no location. scoped applies p's employee scope
// (a business user acting for the employee sees only colleagues in their
// own scope); the employee themself is granted the view by the setting.
func (s *Service) ColleagueLeave(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, from, to time.Time, scoped bool) (_ []Request, err error) {
	defer payroll.Wrap(&err, "colleagues' leave of employee %d", employeeID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	args := []any{biz.ID, employeeID, StatusApproved}
	bind := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	where := []string{"lr.business_id = $1", "lr.employee_id <> $2", "lr.status = $3",
		"(NOT EXISTS (SELECT 1 FROM employee_locations me WHERE me.employee_id = $2) OR EXISTS (SELECT 1 FROM employee_locations me " +
			"JOIN employee_locations them ON them.location_id = me.location_id WHERE me.employee_id = $2 AND them.employee_id = lr.employee_id))"}
	if !from.IsZero() {
		where = append(where, "lr.to_date >= "+bind(payroll.DateOnly(from)))
	}
	if !to.IsZero() {
		where = append(where, "lr.from_date <= "+bind(payroll.DateOnly(to)))
	}
	if scoped {
		sc, err := s.Employees.ScopeFor(ctx, biz, p)
		if err != nil {
			return nil, err
		}
		scope, scopeArgs := sc.SQLFrom(len(args) + 1)
		args = append(args, scopeArgs...)
		where = append(where, scope)
	}
	var rows *sql.Rows
	rows, err = s.DB.Queries().Query(ctx, requestSelect+"WHERE "+strings.Join(where, " AND ")+" ORDER BY lr.from_date DESC, lr.id DESC LIMIT 1000", args...)
	if err != nil {
		return nil, err
	}
	return scanRequests(rows)
}
