package timesheet

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
)

// SubmittedByEmployee counts the Submitted lines awaiting review of each
// employee p may see (the manager dashboard).
func (s *Service) SubmittedByEmployee(ctx context.Context, biz business.Business, p *payroll.Principal) ([]employee.Count, error) {
	return s.Employees.CountByEmployee(ctx, biz, p, "timesheet_lines", "x.status = $1", StatusSubmitted)
}
