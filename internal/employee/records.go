package employee

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ReadRecords checks the employee is visible to p (404 otherwise) and
// returns it with the read queries, for the areas that keep records under
// E/ (bank accounts, pay rates, standard hours, recurring inclusions).
func (s *Service) ReadRecords(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (Employee, *store.Queries, error) {
	e, err := s.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return Employee{}, nil, err
	}
	return e, s.DB.Queries(), nil
}

// WriteRecords runs fn in a write transaction on the records of employee
// employeeID, once p may see that employee (404 otherwise). The employee
// row is locked first, so rules that span several records of one
// employee (allocations adding up, one balance account, effective dates)
// are checked against committed rows by one writer at a time on both
// engines; the employee's own version is left alone.
func (s *Service) WriteRecords(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, fn func(q *store.Queries, e Employee) error) (err error) {
	defer payroll.Wrap(&err, "write records of employee %d", employeeID)
	e, err := s.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		n, err := q.LockEmployeeRecords(ctx, store.LockEmployeeRecordsParams{ID: employeeID, BusinessID: biz.ID})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.NotFound("employee")
		}
		return fn(q, e)
	})
}

// EmitIn records a web hook event in q's transaction (no-op without a
// webhook service).
func (s *Service) EmitIn(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error {
	if s.Emit == nil {
		return nil
	}
	return s.Emit(ctx, q, businessID, action, data)
}

// Load reads employee id of biz with no principal's scope: for work the
// business itself does (a pay run reading its employees' rates), never
// for answering a request.
func (s *Service) Load(ctx context.Context, biz business.Business, id int64) (Employee, error) {
	return s.visibleIn(ctx, s.DB.Queries(), biz, &Scope{All: true}, id)
}

// LoadMany is Load of the employees ids (one statement), in that order;
// ids not in biz are left out.
func (s *Service) LoadMany(ctx context.Context, biz business.Business, ids []int64) ([]Employee, error) {
	return s.load(ctx, biz.ID, ids, nil)
}
