package pay

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// sourceExpense is the pay_run_sources kind of an approved expense
// request a run pays (source_id = the request, amount = its total).
const sourceExpense = "expense"

// loadExpenses reads the Approved expense requests of employees lo..hi
// whose lines were all incurred by the period's end: the next run that
// covers a request's dates pays it whole (internal/expense).
func (in *inputs) loadExpenses(ctx context.Context, q *store.Queries, bizID, lo, hi int64, end time.Time) error {
	rows, err := q.ApprovedExpensesForPayRun(ctx, store.ApprovedExpensesForPayRunParams{BusinessID: bizID, EmployeeID: lo, EmployeeID_2: hi,
		DateIncurred: payroll.DateOnly(end)})
	if err != nil {
		return err
	}
	in.expenses = map[int64][]store.ApprovedExpensesForPayRunRow{}
	for _, r := range rows {
		if in.ids[r.EmployeeID] {
			in.expenses[r.EmployeeID] = append(in.expenses[r.EmployeeID], r)
		}
	}
	return nil
}

// expenseLines adds an employee's approved expense request lines to out
// as expense lines (category, tax code as the subtype, location, notes)
// and one source per request.
func (in *inputs) expenseLines(e *EmployeeRow, cats *Categories, out *calculated) {
	if in == nil {
		return
	}
	totals := map[int64]int64{}
	var order []int64
	for _, r := range in.expenses[e.ID] {
		var l line
		l.Kind, l.CategoryID, l.Subtype, l.Notes = KindExpense, r.ExpenseCategoryID, r.TaxCode, r.Notes
		if c, ok := cats.ByKind[KindExpense][r.ExpenseCategoryID]; ok {
			l.CategoryName, l.TaxExempt = c.Name, c.TaxExempt
		}
		l.amount = payroll.MoneyFromMinor(r.Amount)
		l.Amount = r.Amount
		if r.LocationID.Valid {
			l.LocationID = r.LocationID.Int64
		}
		out.lines = append(out.lines, l)
		if _, seen := totals[r.RequestID]; !seen {
			order = append(order, r.RequestID)
		}
		totals[r.RequestID] += r.Amount
	}
	for _, id := range order {
		out.sources = append(out.sources, source{kind: sourceExpense, id: id, amount: totals[id]})
	}
}
