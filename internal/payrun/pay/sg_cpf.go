package pay

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// CPF's additional wage ceiling (docs/reference/sg-cpf-aw-ceiling.md) is
// estimated from the year's ordinary wages: those to date, this month's
// and the months still to come; in the employee's last month of the year
// (December, or the month they leave) it is recalculated on the actual
// OW and the year's AW contributions adjusted in that month.

// sgYear sets on sg the months of the year still to come after the
// month of paid (to the leaving month for a leaver), whether this is the
// employee's last month of the year, and the AW paid earlier this year.
func sgYear(e *EmployeeRow, paid time.Time, y *YTD, sg *calc.SGEmployee) {
	sg.AWPaidYTD = money(y.sgAWPaid)
	last := 12
	if e.EndDate.Valid {
		end := payroll.DateOnly(e.EndDate.Time)
		switch {
		case end.Year() < paid.Year() || (end.Year() == paid.Year() && end.Month() <= paid.Month()):
			last = int(paid.Month()) // leaves this month (or already left: a final payment)
		case end.Year() == paid.Year():
			last = int(end.Month())
		}
	}
	sg.RemainingMonths = last - int(paid.Month())
	sg.YearEnd = sg.RemainingMonths == 0
}

// addSGAWPaid sets y.sgAWPaid of each SG employee: the additional wages
// (pay category types Bonus, LumpSum; not ETP) of the year's finalised runs
// paid before the run.
func addSGAWPaid(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, from time.Time, out map[int64]*YTD) error {
	if biz.Region != calc.SG {
		return nil
	}
	rows, err := q.EarningsByCategoryPaidBetween(ctx, store.EarningsByCategoryPaidBetweenParams{BusinessID: biz.ID, PayRunID: run.ID,
		FromDate: from, ToDate: run.DatePaid})
	if err != nil || len(rows) == 0 {
		return err
	}
	aw, err := nzExtraPayCategories(ctx, q, biz.ID, false) // the same categories but termination payments (not wages)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if !aw[r.CategoryID] {
			continue
		}
		y := ytdFor(out, r.EmployeeID)
		y.sgAWPaid += r.Amount
	}
	return nil
}
