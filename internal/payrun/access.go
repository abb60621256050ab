package payrun

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// What a restricted user's access to pay runs is decided from (the HTTP
// layer decides; docs/access.md): the run's pay schedule against the
// grant's payroll access, and whether the run pays anyone outside the
// user's employee scope. The statements are composed here because the
// scope is a predicate built at run time (employee.Scope.SQL).

// outsideRunSQL is true when run $1 pays an employee outside the scope
// (the predicate over employees e appended).
const outsideRunSQL = `SELECT CASE WHEN EXISTS (SELECT 1 FROM pay_run_employees pe JOIN employees e ON e.id = pe.employee_id
    WHERE pe.pay_run_id = $1 AND NOT `

// outsideScheduleSQL is true when pay schedule $2 of business $1 has an
// employee (of any status) outside the scope.
const outsideScheduleSQL = `SELECT CASE WHEN EXISTS (SELECT 1 FROM employees e
    WHERE e.business_id = $1 AND e.pay_schedule_id = $2 AND NOT `

// PayScheduleOf is the pay schedule of run id of biz (a NotFound error
// when biz has no such run).
func (s *Service) PayScheduleOf(ctx context.Context, biz business.Business, id int64) (_ int64, err error) {
	defer payroll.Wrap(&err, "pay schedule of pay run %d", id)
	r, err := s.Load(ctx, s.DB.Queries(), biz, id)
	return r.PayScheduleID, err
}

// PaysOutsideScope reports whether run id of biz pays an employee outside
// the scope of p under the access in ctx (false for an unrestricted one).
func (s *Service) PaysOutsideScope(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (_ bool, err error) {
	defer payroll.Wrap(&err, "employees of pay run %d outside the caller's scope", id)
	return s.outside(ctx, s.DB.Queries(), biz, p, outsideRunSQL, id)
}

func (s *Service) outside(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, prefix string, args ...any) (bool, error) {
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return false, err
	}
	if sc.All {
		return false, nil
	}
	pred, args := sc.SQL(args)
	var n int
	if err := q.QueryRow(ctx, prefix+"("+pred+")) THEN 1 ELSE 0 END", args...).Scan(&n); err != nil {
		return false, err
	}
	return n == 1, nil
}

// CheckCreate refuses (403) a restricted user a pay run of pay schedule
// scheduleID unless their payroll access creates runs for it and every
// employee of the schedule is in their scope: the run would pay them all.
func (s *Service) CheckCreate(ctx context.Context, biz business.Business, scheduleID int64) error {
	acc, ok := business.AccessFrom(ctx)
	if !ok || !acc.Restricted() {
		return nil
	}
	if !acc.PayrollAllows(business.CreatePayRuns, scheduleID) {
		return business.PayrollDenied(business.CreatePayRuns, scheduleID)
	}
	out, err := s.outside(ctx, s.DB.Queries(), biz, payroll.PrincipalFrom(ctx), outsideScheduleSQL, biz.ID, scheduleID)
	if err != nil {
		return err
	}
	if out {
		return payroll.Forbidden("pay schedule %d pays employees outside your access: a pay run of it would pay them too", scheduleID)
	}
	return nil
}

// RunsInAccess narrows a pay run list's predicate (over pay_runs r, its
// values bound in args) to the runs the restricted user in ctx may read:
// of a pay schedule their payroll access covers, paying nobody outside
// their scope (a run's totals are the sum over everyone it pays).
func (s *Service) RunsInAccess(ctx context.Context, biz business.Business, where string, args []any) (string, []any, error) {
	acc, ok := business.AccessFrom(ctx)
	if !ok || !acc.Restricted() {
		return where, args, nil
	}
	all, ids := acc.PayrollSchedules(business.ReadPayRuns)
	if !all {
		if len(ids) == 0 {
			return where + " AND 1 = 0", args, nil
		}
		var b strings.Builder
		b.WriteString(" AND r.pay_schedule_id IN ")
		store.Placeholders(&b, 1, len(ids), false, len(args)+1)
		where += b.String()
		for _, id := range ids {
			args = append(args, id)
		}
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, payroll.PrincipalFrom(ctx))
	if err != nil {
		return "", nil, err
	}
	pred, args := sc.SQL(args)
	return where + " AND NOT EXISTS (SELECT 1 FROM pay_run_employees pe JOIN employees e ON e.id = pe.employee_id WHERE pe.pay_run_id = r.id AND NOT (" +
		pred + "))", args, nil
}
