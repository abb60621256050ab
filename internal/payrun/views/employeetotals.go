package views

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// EmployeeTotals is E/payruntotals: the employee's totals in each
// finalised run, latest paid first. Drafts are left out: their figures
// change until finalised (P/totals shows them).
func (s *Views) EmployeeTotals(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []payrun.PayRunTotalModel, err error) {
	defer payroll.Wrap(&err, "pay run totals of employee %d", employeeID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().ListEmployeePayRunTotals(ctx, store.ListEmployeePayRunTotalsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	pens, err := pay.UKPensionsOf(ctx, s.DB.Queries(), biz.Region, biz.ID, 0, employeeID)
	if err != nil {
		return nil, err
	}
	my, err := pay.MYFiguresOf(ctx, s.DB.Queries(), biz, 0, employeeID)
	if err != nil {
		return nil, err
	}
	out := make([]payrun.PayRunTotalModel, 0, len(rows))
	for _, r := range rows {
		t := payrun.TotalModel(biz.Region, r.PayRun, r.PayRunEmployee)
		payrun.ApplyUKPension(&t, pens)
		payrun.ApplyMY(&t, my, r.PayRunEmployee.Tax)
		out = append(out, t)
	}
	return out, nil
}
