package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/store"
)

// runTotals is what the writer's queued and written figures change of the
// run's kept totals (pay_runs.total_*), applied by Flush in the writer's
// transaction: the run lists read them instead of summing the run.
type runTotals struct{ employees, hoursE4, gross, net int64 }

// added counts a new employee row of the run.
func (t *runTotals) added(f *figures) {
	t.employees++
	t.hoursE4 += f.hoursE4
	t.gross += f.gross
	t.net += f.net
}

// changed counts an employee row's figures going from old to f.
func (t *runTotals) changed(old *store.PayRunEmployee, f *figures) {
	t.hoursE4 += f.hoursE4 - old.TotalHoursE4
	t.gross += f.gross - old.Gross
	t.net += f.net - old.Net
}

// flush adds the pending difference to the run's row.
func (t *runTotals) flush(ctx context.Context, q *store.Queries, runID int64) error {
	if *t == (runTotals{}) {
		return nil
	}
	err := q.AddPayRunTotals(ctx, store.AddPayRunTotalsParams{ID: runID, Employees: t.employees, HoursE4: t.hoursE4, Gross: t.gross, Net: t.net})
	if err == nil {
		*t = runTotals{}
	}
	return err
}
