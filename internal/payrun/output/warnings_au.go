package output

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// auLSLUnpaid is, by employee, the long service leave balances of AU
// leavers in the run not paid because their termination reason cannot say
// whether the state act pays them (pay.AULSLTerminationWarnings).
func (o *Outputs) auLSLUnpaid(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun, ps []Payee, lines map[int64][]store.PayRunLine) (map[int64][]string, error) {
	if biz.Region != "AU" || o.Categories == nil {
		return nil, nil
	}
	var lcs []categories.LeaveCategory
	loaded := false
	out := map[int64][]string{}
	for i := range ps {
		e := ps[i].Emp
		if e.ID == 0 || !e.EndDate.Valid || !e.StartDate.Valid {
			continue
		}
		if !loaded {
			l, err := o.Categories.LeaveCategories.List(ctx, biz, 0)
			if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
				return nil, err
			}
			lcs, loaded = l, true
		}
		var accrued []store.PayRunLine
		if run.Status == payrun.StatusDraft {
			accrued = lines[e.ID]
		}
		ws, err := pay.AULSLTerminationWarnings(ctx, q, lcs, biz.ID, run, e.ID, e.StartDate.Time, e.EndDate.Time, e.ResidentialState, accrued)
		if err != nil {
			return nil, err
		}
		out[e.ID] = ws
	}
	return out, nil
}
