package expense

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ManagerQuery selects expense requests of the employees a manager
// manages (GET B/manager/expense).
type ManagerQuery struct {
	Status            string    // Pending, Approved, Cancelled, Declined, Processed; "" = any
	From, To          time.Time // a line incurred within (inclusive dates); zero = open
	EmployeeID        int64
	LocationID        int64 // a line at this location
	ExpenseCategoryID int64 // a line of this category
	GroupBy           string
	CurrentPage       int // from 1
	PageSize          int // 1 to 100
}

// ManagerPage is one page of requests and the count of all that match.
type ManagerPage struct {
	Items       []ExpenseRequest
	ItemCount   int
	CurrentPage int
	PageSize    int
	PageCount   int
}

// Managed pages the expense requests of the employees p may see, newest
// first (with groupBy Employee: by employee, then newest first), with the
// scope, the filters, the count and the page in SQL.
func (s *Service) Managed(ctx context.Context, biz business.Business, p *payroll.Principal, mq ManagerQuery) (_ ManagerPage, err error) {
	defer payroll.Wrap(&err, "list managed expense requests of business %d", biz.ID)
	if mq.CurrentPage == 0 {
		mq.CurrentPage = 1
	}
	if mq.PageSize == 0 {
		mq.PageSize = 100
	}
	if mq.CurrentPage < 1 {
		return ManagerPage{}, payroll.Invalid("currentPage", "currentPage starts at 1")
	}
	if mq.PageSize < 1 || mq.PageSize > 100 {
		return ManagerPage{}, payroll.Invalid("pageSize", "pageSize must be between 1 and 100")
	}
	order := "er.id DESC"
	switch strings.ToLower(mq.GroupBy) {
	case "", "none", "date":
	case "employee":
		order = "e.surname, e.first_name, e.id, er.id DESC"
	default:
		return ManagerPage{}, payroll.Invalid("groupBy", "groupBy is Employee or Date")
	}
	if mq.Status != "" {
		ok := false
		for _, st := range []string{StatusPending, StatusApproved, StatusCancelled, StatusDeclined, StatusProcessed} {
			if strings.EqualFold(st, mq.Status) {
				mq.Status, ok = st, true
			}
		}
		if !ok {
			return ManagerPage{}, payroll.Invalid("status", "status is Pending, Approved, Cancelled, Declined or Processed")
		}
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return ManagerPage{}, err
	}
	scope, args := sc.SQL([]any{biz.ID})
	ph := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	where := []string{"er.business_id = $1", scope}
	if mq.Status != "" {
		where = append(where, "er.status = "+ph(mq.Status))
	}
	if mq.EmployeeID != 0 {
		where = append(where, "er.employee_id = "+ph(mq.EmployeeID))
	}
	var line []string
	if !mq.From.IsZero() {
		line = append(line, "l.date_incurred >= "+ph(mq.From))
	}
	if !mq.To.IsZero() {
		line = append(line, "l.date_incurred < "+ph(mq.To.AddDate(0, 0, 1)))
	}
	if mq.LocationID != 0 {
		line = append(line, "l.location_id = "+ph(mq.LocationID))
	}
	if mq.ExpenseCategoryID != 0 {
		line = append(line, "l.expense_category_id = "+ph(mq.ExpenseCategoryID))
	}
	if len(line) > 0 {
		where = append(where, "EXISTS (SELECT 1 FROM expense_request_lines l WHERE l.request_id = er.id AND "+strings.Join(line, " AND ")+")")
	}
	cond := "WHERE " + strings.Join(where, " AND ")
	q := s.Employees.DB.Queries()
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM expense_requests er JOIN employees e ON e.id = er.employee_id "+cond, args...).Scan(&n); err != nil {
		return ManagerPage{}, err
	}
	limit, offset := ph(int64(mq.PageSize)), ph(int64((mq.CurrentPage-1)*mq.PageSize))
	rows, err := s.query(ctx, q, biz.ID, 0, selectRequests+cond+" ORDER BY "+order+" LIMIT "+limit+" OFFSET "+offset, args...)
	if err != nil {
		return ManagerPage{}, err
	}
	page := ManagerPage{Items: rows, ItemCount: n, CurrentPage: mq.CurrentPage, PageSize: mq.PageSize, PageCount: (n + mq.PageSize - 1) / mq.PageSize}
	return page, nil
}

// fillEach fills requests of several employees, one employee at a time.
func (s *Service) fillEach(ctx context.Context, q *store.Queries, bizID int64, reqs []ExpenseRequest) error {
	byEmployee := map[int64][]int{}
	var order []int64
	for i, r := range reqs {
		if _, ok := byEmployee[r.EmployeeID]; !ok {
			order = append(order, r.EmployeeID)
		}
		byEmployee[r.EmployeeID] = append(byEmployee[r.EmployeeID], i)
	}
	for _, emp := range order {
		idx := byEmployee[emp]
		part := make([]ExpenseRequest, len(idx))
		for j, i := range idx {
			part[j] = reqs[i]
		}
		if err := s.fill(ctx, q, bizID, emp, part); err != nil {
			return err
		}
		for j, i := range idx {
			reqs[i] = part[j]
		}
	}
	return nil
}
