package leave

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
)

// PendingByEmployee counts the pending leave requests of each employee p
// may see (the manager dashboard).
func (s *Service) PendingByEmployee(ctx context.Context, biz business.Business, p *payroll.Principal) ([]employee.Count, error) {
	return s.Employees.CountByEmployee(ctx, biz, p, "leave_requests", "x.status = $1", StatusPending)
}
