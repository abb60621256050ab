package leave

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// PageBalances is Balances for the employees of a page (a manager's list of
// requests), by employee and leave category, in a fixed three statements
// (ledger sums, allowances, categories) instead of three per employee. The
// caller has scoped employeeIDs (they come from a scoped list); untracked
// categories are left out, and a category with an allowance but no ledger
// entry is 0, as Balances.
func (s *Service) PageBalances(ctx context.Context, biz business.Business, employeeIDs []int64, asAt time.Time) (_ map[int64]map[int64]payroll.Rate, err error) {
	defer payroll.Wrap(&err, "leave balances of %d employees", len(employeeIDs))
	out := map[int64]map[int64]payroll.Rate{}
	if len(employeeIDs) == 0 {
		return out, nil
	}
	if asAt.IsZero() {
		asAt = s.Clock.Now()
	}
	args := []any{biz.ID, payroll.DateOnly(asAt)}
	ph := make([]string, len(employeeIDs))
	for i, id := range employeeIDs {
		args = append(args, id)
		ph[i] = "$" + strconv.Itoa(len(args))
	}
	in := "employee_id IN (" + strings.Join(ph, ", ") + ")"
	sums := map[int64]map[int64]int64{}
	add := func(emp, cat, h int64) {
		if sums[emp] == nil {
			sums[emp] = map[int64]int64{}
		}
		sums[emp][cat] += h
	}
	q := s.DB.Queries()
	rows, err := q.Query(ctx, "SELECT employee_id, leave_category_id, CAST(SUM(hours_e6) AS BIGINT) FROM leave_ledger WHERE business_id = $1 AND entry_date <= $2 AND "+
		in+" GROUP BY employee_id, leave_category_id", args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var emp, cat, h int64
		if err := rows.Scan(&emp, &cat, &h); err != nil {
			rows.Close()
			return nil, err
		}
		add(emp, cat, h)
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return nil, err
	}
	rows.Close()
	// The allowances' statement has no date: $2 is left out by numbering
	// the employees from $2.
	aargs := append([]any{biz.ID}, args[2:]...)
	aph := make([]string, len(employeeIDs))
	for i := range employeeIDs {
		aph[i] = "$" + strconv.Itoa(i+2)
	}
	rows, err = q.Query(ctx, "SELECT employee_id, leave_category_id FROM leave_allowances WHERE business_id = $1 AND employee_id IN ("+strings.Join(aph, ", ")+")", aargs...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var emp, cat int64
		if err := rows.Scan(&emp, &cat); err != nil {
			rows.Close()
			return nil, err
		}
		add(emp, cat, 0)
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return nil, err
	}
	rows.Close()
	cats, err := s.Categories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	for _, id := range employeeIDs {
		m := map[int64]payroll.Rate{}
		for _, c := range cats {
			if h, ok := sums[id][c.ID]; ok && !c.IsBalanceUntracked {
				m[c.ID] = hoursOf(h)
			}
		}
		out[id] = m
	}
	return out, nil
}
