package output

import (
	"context"
	"database/sql"
	"fmt"
	"math"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
)

// ukUnpaidStatutory is, by employee, the weeks of UK statutory family pay
// in a run's period that cannot be paid because their tax year's rate is
// not loaded: the run keeps those days' salary instead, and says so.
func (o *Outputs) ukUnpaidStatutory(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun) (map[int64][]string, error) {
	if biz.Region != "UK" || o.StatutoryLeave == nil {
		return nil, nil
	}
	return o.StatutoryLeave.Unpaid(ctx, q, biz, run.PeriodStarting, run.PeriodEnding, 0, math.MaxInt64)
}

// ukPayrolledBenefits is, by employee, the benefits in kind of payrolled
// categories (payrollingBenefit) provided on a day of the run's period.
// The pay run does not yet add their cash equivalent to taxable pay
// (HMRC, "Payrolling benefits in kind": the cash equivalent spread over
// the paydays is taxed as notional pay, Class 1A at the year end), and a
// payrolled benefit is left off the P11D: without this warning it would
// go untaxed in silence (docs/reference/uk-payrolled-benefits.md).
func (o *Outputs) ukPayrolledBenefits(ctx context.Context, q *store.Queries, biz business.Business, run store.PayRun) (map[int64][]string, error) {
	if biz.Region != "UK" || o.UK == nil {
		return nil, nil
	}
	rows, err := q.ListUKEmployeeBenefitsInPeriod(ctx, store.ListUKEmployeeBenefitsInPeriodParams{BusinessID: biz.ID,
		PeriodTo: run.PeriodEnding, PeriodFrom: sql.NullTime{Time: run.PeriodStarting, Valid: true}})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	out := map[int64][]string{}
	cats := map[int64]*uk.UKBenefitCategory{}
	for _, r := range rows {
		c, ok := cats[r.BenefitCategoryID]
		if !ok {
			got, err := o.UK.BenefitCategories.Load(ctx, q, biz.ID, 0, r.BenefitCategoryID)
			if err == nil {
				c = &got
			}
			cats[r.BenefitCategoryID] = c
		}
		if c == nil || !c.PayrollingBenefit {
			continue
		}
		out[r.EmployeeID] = append(out[r.EmployeeID], fmt.Sprintf("benefit %q is payrolled but its cash equivalent is not taxed by this pay run "+
			"(payrolling benefits is not built): add the period's cash equivalent as a taxable, non-NI-able earnings line, or report the benefit on the P11D",
			c.Name))
	}
	return out, nil
}
