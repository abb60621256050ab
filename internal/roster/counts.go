package roster

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ShiftsByEmployee counts the assigned shifts overlapping from..to of each
// employee p may see (the manager dashboard's shifts today).
func (s *Service) ShiftsByEmployee(ctx context.Context, biz business.Business, p *payroll.Principal, from, to time.Time) ([]employee.Count, error) {
	return s.Employees.CountByEmployee(ctx, biz, p, "roster_shifts", "x.start_time < $1 AND x.end_time > $2", to, from)
}
