package output

import (
	"context"
	"math"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/store"
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
