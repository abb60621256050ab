package report

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
)

// finalisedRun checks that run id of biz exists (404) and is finalised
// (409): the run-output reports read finalised runs only.
func (s *Service) finalisedRun(ctx context.Context, biz business.Business, id int64) error {
	if id <= 0 {
		return payroll.Invalid("payRunId", "payRunId is required")
	}
	run, err := s.PayRuns.Get(ctx, biz, id)
	if err != nil {
		return err
	}
	if !run.IsFinalised {
		return payroll.Conflict("pay run %d is not finalised", id)
	}
	return nil
}

// PaySlips returns the payslips of a finalised run of the employees f
// selects (employee, location, employing entity) that p may see, in the
// pay run's payslip shape, ordered by employee id.
func (s *Service) PaySlips(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []payrun.PaySlip, err error) {
	defer payroll.Wrap(&err, "payslip report of business %d", biz.ID)
	if err := s.finalisedRun(ctx, biz, f.PayRunID); err != nil {
		return nil, err
	}
	var b Args
	where, err := s.runScope(ctx, biz, p, Filter{PayRunID: f.PayRunID, EmployeeID: f.EmployeeID, LocationID: f.LocationID, EmployingEntityID: f.EmployingEntityID}, &b)
	if err != nil {
		return nil, err
	}
	var ids []int64
	err = s.Query(ctx, "SELECT e.id"+runFrom+where+" ORDER BY e.id", b.Values, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
		return nil
	})

	if err != nil {
		return nil, err
	}
	out := []payrun.PaySlip{}
	if len(ids) == 0 {
		return out, nil
	}
	emp := int64(0)
	if len(ids) == 1 {
		emp = ids[0] // one payslip: read only it
	}
	slips, err := s.PayRuns.PaySlips(ctx, biz, f.PayRunID, emp)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if ps, ok := slips[fmt.Sprint(id)]; ok {
			out = append(out, ps)
		}
	}
	return out, nil
}

// Journal is the journal of a finalised run (payrun's journal lines,
// which balance). The journal is of the whole run, so a restricted user
// (who may not see every employee in it) is refused with 404 as for a
// record outside their scope.
func (s *Service) Journal(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (_ []payrunout.JournalItem, err error) {
	defer payroll.Wrap(&err, "journal report of pay run %d", id)
	if err := s.finalisedRun(ctx, biz, id); err != nil {
		return nil, err
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	if !sc.All {
		return nil, payroll.NotFound("pay run")
	}
	return payrunout.NewOutputs(s.PayRuns).Journal(ctx, biz, id)
}
