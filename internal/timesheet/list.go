package timesheet

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ListQuery selects a page of lines: the reference's filters, an order,
// and either OData ($filter, $orderby, $top, $skip) or page numbers.
type ListQuery struct {
	From, To        time.Time // dates; lines starting on From..To inclusive; zero = open
	EmployeeID      int64
	LocationID      int64
	EmployeeGroupID int64
	// Status: a state, or Any (""), AnyExceptRejected, ApprovedOrProcessed.
	Status string
	// OrderBy: Location, WorkType, Employee, Date (default), DefaultLocation,
	// PaySchedule; ignored when OData.OrderBy is given.
	OrderBy string
	OData   odata.Query
	// UseOData pages by $top/$skip; otherwise by CurrentPage and PageSize.
	UseOData              bool
	CurrentPage, PageSize int
}

// Page is the paged list (PagedResultModel).
type Page struct {
	CurrentPage, PageSize, PageCount, ItemCount int
	Items                                       []Line
}

// MaxPageSize bounds pageSize and $top; MaxPage bounds currentPage (the
// offset must stay a sane integer on both engines).
const (
	MaxPageSize = 100
	MaxPage     = 10000000
)

// ListStatuses are the values filter.status takes.
var ListStatuses = []string{"Any", StatusMissing, StatusSubmitted, StatusApproved, StatusRejected, StatusProcessed, "AnyExceptRejected", "ApprovedOrProcessed"}

// whitelist is what $filter and $orderby may name, by the wire names of
// both line shapes.
var whitelist = odata.Whitelist{ID: "t.id", Columns: map[string]odata.Column{
	"id":                  {SQL: "t.id", Type: odata.ColInt},
	"employeeId":          {SQL: "t.employee_id", Type: odata.ColInt},
	"locationId":          {SQL: "t.location_id", Type: odata.ColInt, Nullable: true},
	"workTypeId":          {SQL: "t.work_type_id", Type: odata.ColInt, Nullable: true},
	"payCategoryId":       {SQL: "t.pay_category_id", Type: odata.ColInt, Nullable: true},
	"leaveCategoryId":     {SQL: "t.leave_category_id", Type: odata.ColInt, Nullable: true},
	"payRunId":            {SQL: "t.pay_run_id", Type: odata.ColInt, Nullable: true},
	"start":               {SQL: "t.start_time", Type: odata.ColTime},
	"startTime":           {SQL: "t.start_time", Type: odata.ColTime},
	"end":                 {SQL: "t.end_time", Type: odata.ColTime},
	"endTime":             {SQL: "t.end_time", Type: odata.ColTime},
	"status":              {SQL: "t.status", Type: odata.ColString},
	"externalReferenceId": {SQL: "t.external_id", Type: odata.ColString},
	"externalId":          {SQL: "t.external_id", Type: odata.ColString},
	"comments":            {SQL: "t.comments", Type: odata.ColString},
	"source":              {SQL: "t.source", Type: odata.ColString},
}, Unsupported: []string{"breaks", "cost", "rate", "units", "employeeName", "locationName", "workTypeName", "isOverlapping", "isLocked"}}

var orderBys = map[string]string{
	"location":        "CASE WHEN loc.name IS NULL THEN 0 ELSE 1 END, loc.name, t.start_time, t.id",
	"worktype":        "CASE WHEN wt.name IS NULL THEN 0 ELSE 1 END, wt.name, t.start_time, t.id",
	"employee":        "e.surname, e.first_name, t.employee_id, t.start_time, t.id",
	"date":            "t.start_time, t.id",
	"defaultlocation": "CASE WHEN dl.name IS NULL THEN 0 ELSE 1 END, dl.name, t.start_time, t.id",
	"payschedule":     "CASE WHEN ps.name IS NULL THEN 0 ELSE 1 END, ps.name, t.start_time, t.id",
}

// OrderBys are the values filter.orderBy takes.
var OrderBys = []string{"Location", "WorkType", "Employee", "Date", "DefaultLocation", "PaySchedule"}

// List returns a page of the business's lines that p may see: filters,
// scope, order and paging all in SQL (one COUNT, one page of ids, then a
// fixed number of statements to read the page).
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, lq ListQuery) (_ Page, err error) {
	defer payroll.Wrap(&err, "list timesheet lines")
	acc, err := s.access(ctx, biz, p)
	if err != nil {
		return Page{}, err
	}
	var v payroll.Validation
	where, args := acc.scopeSQL([]any{biz.ID})
	a := sqlArgs{args: args}
	conds := []string{"t.business_id = $1", where}
	if !lq.From.IsZero() {
		conds = append(conds, "t.start_time >= "+a.add(payroll.DateOnly(lq.From)))
	}
	if !lq.To.IsZero() {
		if !lq.From.IsZero() && lq.To.Before(payroll.DateOnly(lq.From)) {
			v.Add("toDate", "toDate must not be before fromDate")
		}
		conds = append(conds, "t.start_time < "+a.add(payroll.DateOnly(lq.To).AddDate(0, 0, 1)))
	}
	if lq.EmployeeID != 0 {
		conds = append(conds, "t.employee_id = "+a.add(lq.EmployeeID))
	}
	if lq.LocationID != 0 {
		conds = append(conds, "t.location_id = "+a.add(lq.LocationID))
	}
	switch st := strings.ToLower(lq.Status); st {
	case "", "any":
	case "anyexceptrejected":
		conds = append(conds, "t.status <> 'Rejected'")
	case "approvedorprocessed":
		conds = append(conds, "t.status IN ('Approved', 'Processed')")
	default:
		if c := canonicalStatus(st); c != "" {
			conds = append(conds, "t.status = "+a.add(c))
		} else {
			v.Add("status", "status must be one of %s", strings.Join(ListStatuses, ", "))
		}
	}
	if lq.EmployeeGroupID != 0 {
		gs, err := s.Employees.GroupScope(ctx, biz, lq.EmployeeGroupID)
		if payroll.KindOf(err) == payroll.KindNotFound {
			v.Add("employeeGroupId", "employee group %d is not a group of this business", lq.EmployeeGroupID)
		} else if err != nil {
			return Page{}, err
		} else {
			var w string
			w, a.args = gs.SQL(a.args)
			conds = append(conds, w)
		}
	}
	order := orderBys["date"]
	if lq.OrderBy != "" {
		o, ok := orderBys[strings.ToLower(lq.OrderBy)]
		if !ok {
			v.Add("orderBy", "orderBy must be one of %s", strings.Join(OrderBys, ", "))
		}
		order = o
	}
	limit, offset := lq.PageSize, 0
	if lq.UseOData {
		limit, offset = lq.OData.Top, lq.OData.Skip
	} else {
		if limit == 0 {
			limit = MaxPageSize
		}
		if limit < 0 || limit > MaxPageSize {
			v.Add("pageSize", "pageSize must be between 1 and %d", MaxPageSize)
		}
		if lq.CurrentPage == 0 {
			lq.CurrentPage = 1
		}
		if lq.CurrentPage < 0 || lq.CurrentPage > MaxPage {
			v.Add("currentPage", "currentPage must be between 1 and %d", MaxPage)
		}
		offset = (lq.CurrentPage - 1) * limit
	}
	if err := v.Err(); err != nil {
		return Page{}, err
	}
	compiled, err := odata.CompileSQL(lq.OData, whitelist, len(a.args)+1)
	if err != nil {
		return Page{}, err
	}
	if len(lq.OData.OrderBy) > 0 {
		order = compiled.OrderBy
	}
	a.args = append(a.args, compiled.Args...)
	filter := strings.Join(conds, " AND ") + " AND (" + compiled.Where + ")"
	q := s.DB.Queries()
	// The count joins employees only when a predicate reads them (a
	// restricted scope, a group): every line has its employee (NOT NULL
	// foreign key), and probing employees for each line of the period was
	// most of the list's cost at 100k employees (500,000 lines).
	countFrom := "FROM timesheet_lines t "
	if !acc.scope.All || lq.EmployeeGroupID != 0 {
		countFrom += "JOIN employees e ON e.id = t.employee_id "
	}
	var count int
	if acc.scope.All && lq.EmployeeGroupID == 0 && lq.EmployeeID == 0 && lq.LocationID == 0 &&
		(lq.Status == "" || strings.EqualFold(lq.Status, "any")) && compiled.Where == odata.NoFilter {
		// Only the dates filter the lines: sum the per-day counts kept as
		// lines are written (daycounts.go) instead of counting the
		// period's index entries (43-50 ms at 500,000 lines).
		from, to := int64(0), int64(99991231)
		if !lq.From.IsZero() {
			from = payroll.DayKey(lq.From)
		}
		if !lq.To.IsZero() {
			to = payroll.DayKey(lq.To)
		}
		if err := q.QueryRow(ctx, "SELECT COALESCE(SUM(n), 0) FROM "+dayCountsTable(s.DB)+" WHERE business_id = $1 AND day >= $2 AND day <= $3",
			biz.ID, from, to).Scan(&count); err != nil {
			return Page{}, err
		}
	} else if err := q.QueryRow(ctx, "SELECT COUNT(*) "+countFrom+"WHERE "+filter, a.args...).Scan(&count); err != nil {
		return Page{}, err
	}
	page := Page{PageSize: limit, ItemCount: count, Items: []Line{}}
	if limit > 0 {
		page.CurrentPage = offset/limit + 1
		page.PageCount = (count + limit - 1) / limit
	}
	if limit == 0 || offset >= count {
		return page, nil
	}
	idQuery := "SELECT t.id " + fromJoins + " WHERE " + filter + " ORDER BY " + order + " LIMIT " + a.add(int64(limit)) + " OFFSET " + a.add(int64(offset))
	rows, err := q.Query(ctx, idQuery, a.args...)
	if err != nil {
		return Page{}, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return Page{}, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Page{}, err
	}
	page.Items, err = s.loadLines(ctx, q, biz, ids, "1 = 1", nil)
	return page, err
}
