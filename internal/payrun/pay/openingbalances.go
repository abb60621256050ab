package pay

import (
	"context"
	"math"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/store"
)

// addOpeningBalances adds the employees' opening balances of the
// financial year starting on from (E/openingbalances) to their
// year-to-date: what was paid before their first pay run here counts
// like a finalised run of the year (tax, thresholds, payslip YTD).
func addOpeningBalances(ctx context.Context, q *store.Queries, biz business.Business, from time.Time, out map[int64]*YTD) error {
	rows, err := q.OpeningBalancesOfYear(ctx, store.OpeningBalancesOfYearParams{BusinessID: biz.ID, FinancialYear: int32(from.Year()),
		EmployeeID: 0, EmployeeID_2: math.MaxInt64})
	if err != nil {
		return err
	}
	for _, r := range rows {
		y := ytdFor(out, r.EmployeeID)
		// As a run's figures: tax includes the study loan repayments.
		stsl := r.Help + r.Sfss
		tax := r.PaygWithholding + r.MethodB2PaygWithholding + stsl
		y.Gross += r.GrossEarnings
		y.Taxable += r.GrossEarnings - r.PreTaxDeductions
		y.Tax += tax
		y.Stsl += stsl
		y.PreTax += r.PreTaxDeductions
		y.PostTax += r.PostTaxDeductions
		y.SuperContribution += r.SuperContribution
		y.Net += r.GrossEarnings - r.PreTaxDeductions - r.PostTaxDeductions - tax
	}
	return nil
}
