package employee

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Count is how many rows one employee has.
type Count struct {
	EmployeeID int64
	N          int
}

// CountByEmployee counts, per employee p may see, the rows of table
// (aliased x, with business_id and employee_id columns) that match cond
// (a predicate over x whose placeholders are numbered from $1 and bound
// to args): the scope and the grouping in one statement. Other areas'
// services call it with their own table and condition (the manager
// dashboard's counts).
func (s *Service) CountByEmployee(ctx context.Context, biz business.Business, p *payroll.Principal, table, cond string, args ...any) (_ []Count, err error) {
	defer payroll.Wrap(&err, "count %s by employee", table)
	sc, err := s.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	a := sqlArgs{args: append([]any{}, args...)}
	query := "SELECT x.employee_id, COUNT(*) FROM " + table + " x JOIN employees e ON e.id = x.employee_id WHERE (" + cond + ") AND x.business_id = " +
		a.add(biz.ID) + " AND " + sc.where(&a) + " GROUP BY x.employee_id ORDER BY x.employee_id"
	rows, err := s.DB.R.QueryContext(ctx, query, a.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Count{}
	for rows.Next() {
		var c Count
		if err := rows.Scan(&c.EmployeeID, &c.N); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
