package pay

import (
	"context"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ETPWithheld is the PAYG a finalised run withheld from an employee's
// employment termination payments, by ETP code: the Schedule 11 figures
// of the run's own calculation, recomputed (the run stores one tax
// total). STP reports it with each ETP and the payment summaries on the
// ETP's own summary, apart from the income's withholding. An error when
// the recomputation no longer gives what the run stored: the split of
// its tax is then not known.
func ETPWithheld(ctx context.Context, q *store.Queries, biz business.Business, cats *Categories, runID, employeeID int64) (map[string]payroll.Money, error) {
	figs, err := runFigures(ctx, q, biz, cats, runID, employeeID)
	if err != nil {
		return nil, fmt.Errorf("%w, so the ETPs' own withholding is not known", err)
	}
	out := map[string]payroll.Money{}
	for _, f := range figs {
		if code, ok := strings.CutPrefix(f.Code, "payg.etp."); ok {
			out[code] = out[code].Add(f.Amount)
		}
	}
	return out, nil
}

// AUAllowanceFree is the part of a finalised run's per-kilometre car
// allowances and overtime meal allowances paid to an employee that was not
// withheld on (calc/au figures allowance.car.free and allowance.meals.free,
// recomputed: the run stores its taxable earnings without them). The
// payment summary shows the whole allowance apart from gross payments, so
// it adds this part back to the taxable earnings it starts from.
func AUAllowanceFree(ctx context.Context, q *store.Queries, biz business.Business, cats *Categories, runID, employeeID int64) (payroll.Money, error) {
	figs, err := runFigures(ctx, q, biz, cats, runID, employeeID)
	if err != nil {
		return payroll.Money{}, fmt.Errorf("%w, so the allowances not withheld on are not known", err)
	}
	var free payroll.Money
	for _, f := range figs {
		if f.Code == "allowance.car.free" || f.Code == "allowance.meals.free" {
			free = free.Add(f.Amount)
		}
	}
	return free, nil
}

// runFigures are a finalised run's figures for an employee, recomputed;
// an error when they no longer give what the run stored.
func runFigures(ctx context.Context, q *store.Queries, biz business.Business, cats *Categories, runID, employeeID int64) ([]calc.Figure, error) {
	run, err := q.GetPayRun(ctx, store.GetPayRunParams{ID: runID, BusinessID: biz.ID})
	if err != nil {
		return nil, err
	}
	row, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: runID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	er, err := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: employeeID})
	if err != nil {
		return nil, err
	}
	x, err := Explain(ctx, q, biz, &run, &row, EmployeeRow(er), cats)
	if err != nil {
		return nil, err
	}
	if x.Err != nil || !x.Matches {
		return nil, fmt.Errorf("the run's figures cannot be recomputed as it worked them out (%v)", x.Err)
	}
	return x.Result.Figures, nil
}
