package pay

import (
	"context"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
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
		return nil, fmt.Errorf("the run's figures cannot be recomputed as it worked them out (%v), so the ETPs' own withholding is not known", x.Err)
	}
	out := map[string]payroll.Money{}
	for _, f := range x.Result.Figures {
		if code, ok := strings.CutPrefix(f.Code, "payg.etp."); ok {
			out[code] = out[code].Add(f.Amount)
		}
	}
	return out, nil
}
