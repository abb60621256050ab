package employee

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// SelfServiceAccess decides whether p may use the self-service (ESS)
// operations of employee id, whose paths name no business: p must be the
// employee's own self-service user (employees.user_id) or a business user
// whose scope covers the employee. self reports the former. Anything else
// is NotFound, as for another tenant's records.
func (s *Service) SelfServiceAccess(ctx context.Context, p *payroll.Principal, id int64) (_ business.Access, self bool, err error) {
	defer payroll.Wrap(&err, "self-service access to employee %d", id)
	if p == nil {
		return business.Access{}, false, payroll.NotFound("employee")
	}
	q := s.DB.Queries()
	owner, err := q.GetEmployeeOwner(ctx, id)
	if db.IsNoRows(err) {
		return business.Access{}, false, payroll.NotFound("employee")
	}
	if err != nil {
		return business.Access{}, false, err
	}
	self = owner.UserID.Valid && owner.UserID.Int64 == p.UserID
	acc, err := s.Businesses.Authorize(ctx, p, owner.BusinessID)
	switch {
	case err == nil:
		// A business user: the employee must be in their scope.
		sc, err := s.ScopeFor(business.WithAccess(ctx, acc), acc.Business, p)
		if err != nil {
			return business.Access{}, false, err
		}
		_, err = s.visibleIn(ctx, q, acc.Business, &sc, id)
		if err == nil {
			return acc, self, nil
		}
		if !self || payroll.KindOf(err) != payroll.KindNotFound {
			return business.Access{}, false, err
		}
		// The employee's own user, whose business access does not cover
		// themself: they still reach their own records.
		acc, err = s.Businesses.SelfAccess(ctx, owner.BusinessID, id)
		return acc, true, err
	case payroll.KindOf(err) != payroll.KindNotFound:
		return business.Access{}, false, err
	case self:
		acc, err := s.Businesses.SelfAccess(ctx, owner.BusinessID, id)
		return acc, true, err
	}
	return business.Access{}, false, payroll.NotFound("employee")
}
