package employee

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ListQuery selects a page of employees: the OData options plus the
// employee list's own filters.
type ListQuery struct {
	OData         odata.Query
	PayScheduleID int64 // filter.payScheduleId; 0 = any
	LocationID    int64 // filter.locationId; 0 = any
	// Members are the wire names of the members the caller needs (nil =
	// all): narrower lists read fewer columns.
	Members []string
}

// whitelist is what $filter and $orderby may name: every member stored
// in a column that compares correctly in SQL, by wire name. Amounts are
// minor units and rates decimal text, so those members are refused (400)
// rather than compared wrongly; enum members store "" for null.
var whitelist = func() odata.Whitelist {
	w := odata.Whitelist{ID: "e.id", Columns: map[string]odata.Column{
		"id":          {SQL: "e.id", Type: odata.ColInt},
		"externalId":  {SQL: "e.external_id", Type: odata.ColString},
		"status":      {SQL: "e.status", Type: odata.ColString},
		"dateCreated": {SQL: "e.created_at", Type: odata.ColTime},
	}}
	for _, m := range memberInfo {
		switch m.Kind {
		case "s":
			w.Columns[m.JSON] = odata.Column{SQL: "e." + m.Column, Type: odata.ColString}
		case "e":
			w.Columns[m.JSON] = odata.Column{SQL: "NULLIF(e." + m.Column + ", '')", Type: odata.ColString, Nullable: true}
		case "b":
			w.Columns[m.JSON] = odata.Column{SQL: "e." + m.Column, Type: odata.ColBool, Nullable: true}
		case "d":
			w.Columns[m.JSON] = odata.Column{SQL: "e." + m.Column, Type: odata.ColTime, Nullable: true}
		case "i":
			w.Columns[m.JSON] = odata.Column{SQL: "e." + m.Column, Type: odata.ColInt, Nullable: true}
		default:
			w.Unsupported = append(w.Unsupported, m.JSON)
		}
	}
	return w
}()

// List returns a page of the employees of biz that p may see, filtered,
// ordered and paged by the database with the scope in the same query.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, lq ListQuery) (_ []Employee, err error) {
	defer payroll.Wrap(&err, "list employees of business %d", biz.ID)
	sc, err := s.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	var a sqlArgs
	where := []string{"e.business_id = " + a.add(biz.ID), sc.where(&a)}
	if lq.PayScheduleID != 0 {
		where = append(where, "e.pay_schedule_id = "+a.add(lq.PayScheduleID))
	}
	if lq.LocationID != 0 {
		where = append(where, inLocations(&a, []int64{lq.LocationID}))
	}
	// Page the ids first (an index walk for the usual orders), then read
	// the rows of the page.
	clause, args, err := compileOData(lq.OData, strings.Join(where, " AND "), len(a.args)+1)
	if err != nil {
		return nil, err
	}
	query := "SELECT e.id FROM employees e " + clause
	a.args = append(a.args, args...)
	rows, err := s.DB.R.QueryContext(ctx, query, a.args...)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return s.load(ctx, biz.ID, ids, lq.Members)
}

// ownColumns are the columns every load reads.
const ownColumns = "e.id, e.business_id, e.status, e.external_id, e.user_id, e.created_at, e.updated_at, e.version, e.pay_schedule_id, e.primary_pay_category_id, e.primary_location_id"

// selectList is the column list of a load of members (nil = all).
func selectList(members []string) (string, error) {
	if members == nil {
		return "*", nil
	}
	cols := []string{ownColumns}
	for _, m := range members {
		f, ok := memberByJSON[lower(m)]
		if !ok {
			return "", fmt.Errorf("employee: unknown member %q", m)
		}
		cols = append(cols, "e."+f.m.Column)
	}
	return strings.Join(cols, ", "), nil
}

// load reads the employees with ids, in that order.
func (s *Service) load(ctx context.Context, bizID int64, ids []int64, members []string) ([]Employee, error) {
	out := make([]Employee, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	sel, err := selectList(members)
	if err != nil {
		return nil, err
	}
	var a sqlArgs
	query := "SELECT " + sel + " FROM employees e WHERE e.business_id = " + a.add(bizID) + " AND e.id IN (" + a.list(int64s(ids)) + ")"
	rows, err := s.DB.R.QueryContext(ctx, query, a.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	got, err := scanEmployees(rows)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]store.Employee, len(got))
	for _, r := range got {
		byID[r.ID] = r
	}
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, fromRow(r))
		}
	}
	return out, nil
}

// scanEmployees scans SELECT * rows into store.Employee by column name
// (the generated structs name fields after columns).
func scanEmployees(rows *sql.Rows) ([]store.Employee, error) {
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	rt := reflect.TypeOf(store.Employee{})
	idx := make([][]int, len(cols))
	for i, c := range cols {
		f, ok := rt.FieldByName(sqlcName(c))
		if !ok {
			return nil, fmt.Errorf("employee: no field for column %s", c)
		}
		idx[i] = f.Index
	}
	var out []store.Employee
	dest := make([]any, len(cols))
	for rows.Next() {
		var r store.Employee
		rv := reflect.ValueOf(&r).Elem()
		for i := range cols {
			dest[i] = rv.FieldByIndex(idx[i]).Addr().Interface()
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// sqlcName is the Go field name sqlc gives a column.
func sqlcName(col string) string {
	var b strings.Builder
	for _, p := range strings.Split(col, "_") {
		if p == "id" {
			b.WriteString("ID")
			continue
		}
		if p != "" {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

// compileOData turns the OData options into "WHERE scope AND (filter)
// ORDER BY ... LIMIT OFFSET" over the whitelist, placeholders numbered
// from first (odata.CompileSQL: every value bound).
func compileOData(q odata.Query, scope string, first int) (string, []any, error) {
	c, err := odata.CompileSQL(q, whitelist, first)
	if err != nil {
		return "", nil, err
	}
	clause, args := c.Clause(scope)
	return clause, args, nil
}
