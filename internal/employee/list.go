package employee

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"time"

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

// column is a member clients may filter and sort on.
type column struct {
	sql      string // e.g. "e.surname"
	kind     string // member kind (s e b d m i) or "id"
	nullable bool
}

// columns is the whitelist of $filter/$orderby members, by lower-case
// wire name: every member stored in a column that compares correctly in
// SQL (rates are decimal text and are left out).
var columns = func() map[string]column {
	out := map[string]column{
		"id":          {"e.id", "i", false},
		"externalid":  {"e.external_id", "s", false},
		"status":      {"e.status", "s", false},
		"datecreated": {"e.created_at", "d", false},
	}
	for _, m := range memberInfo {
		if m.Kind == "r" {
			continue
		}
		out[lower(m.JSON)] = column{"e." + m.Column, m.Kind, m.Kind != "s" && m.Kind != "e"}
	}
	return out
}()

// List returns a page of the employees of biz that p may see, filtered,
// ordered and paged by the database with the scope in the same query.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, lq ListQuery) ([]Employee, error) {
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
	filter, order, err := compileOData(lq.OData, &a)
	if err != nil {
		return nil, err
	}
	if filter != "" {
		where = append(where, "("+filter+")")
	}
	// Page the ids first (an index walk for the usual orders), then read
	// the rows of the page.
	query := "SELECT e.id FROM employees e WHERE " + strings.Join(where, " AND ") + " ORDER BY " + order +
		" LIMIT " + a.add(int64(lq.OData.Top)) + " OFFSET " + a.add(int64(lq.OData.Skip))
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

// compileOData turns $filter and $orderby into SQL over the employees
// whitelist, binding every literal. It is the one place the employee lists
// depend on the OData dialect (swap in odata.CompileSQL when it lands).
func compileOData(q odata.Query, a *sqlArgs) (where, order string, err error) {
	if q.Filter != nil {
		c := sqlCompiler{a: a}
		where, err = c.boolExpr(q.Filter)
		if err != nil {
			return "", "", err
		}
	}
	var terms []string
	for _, t := range q.OrderBy {
		col, ok := columns[lower(t.Member)]
		if !ok {
			return "", "", payroll.Invalid("$orderby", "$orderby: unknown or unsortable member %q", t.Member)
		}
		dir := " ASC"
		if t.Desc {
			dir = " DESC"
		}
		if col.nullable { // nulls first ascending, last descending, on both engines
			terms = append(terms, "CASE WHEN "+col.sql+" IS NULL THEN 0 ELSE 1 END"+dir)
		}
		terms = append(terms, col.sql+dir)
	}
	terms = append(terms, "e.id ASC") // a stable page order
	return where, strings.Join(terms, ", "), nil
}

type sqlCompiler struct{ a *sqlArgs }

func filterErr(format string, args ...any) error {
	return payroll.Invalid("$filter", "$filter: "+format, args...)
}

// operand is a compiled value expression.
type operand struct {
	sql      string
	kind     string // s e b d m i, "null", or "lit" (an unbound literal)
	nullable bool
	lit      *odata.Literal
}

func (c *sqlCompiler) boolExpr(e odata.Expr) (string, error) {
	switch x := e.(type) {
	case *odata.BinaryExpr:
		switch x.Op {
		case odata.OpAnd, odata.OpOr:
			l, err := c.boolExpr(x.Left)
			if err != nil {
				return "", err
			}
			r, err := c.boolExpr(x.Right)
			if err != nil {
				return "", err
			}
			return "(" + l + " " + strings.ToUpper(x.Op) + " " + r + ")", nil
		}
		return c.comparison(x)
	case *odata.NotExpr:
		inner, err := c.boolExpr(x.X)
		if err != nil {
			return "", err
		}
		return "(NOT " + inner + ")", nil
	case *odata.CallExpr:
		return c.call(x)
	case *odata.MemberExpr:
		col, ok := columns[lower(x.Name)]
		if !ok || col.kind != "b" {
			return "", filterErr("%s is not a boolean member", x.Name)
		}
		return "(" + col.sql + " = " + c.a.add(true) + ")", nil
	case *odata.Literal:
		if b, ok := x.Value.(bool); ok {
			if b {
				return sqlTrue, nil
			}
			return sqlFalse, nil
		}
	}
	return "", filterErr("%s is not a condition", e)
}

var sqlOps = map[string]string{odata.OpEq: "=", odata.OpNe: "<>", odata.OpGt: ">", odata.OpGe: ">=", odata.OpLt: "<", odata.OpLe: "<="}
var flipped = map[string]string{odata.OpEq: odata.OpEq, odata.OpNe: odata.OpNe, odata.OpGt: odata.OpLt, odata.OpGe: odata.OpLe, odata.OpLt: odata.OpGt, odata.OpLe: odata.OpGe}

func (c *sqlCompiler) comparison(x *odata.BinaryExpr) (string, error) {
	l, err := c.operand(x.Left)
	if err != nil {
		return "", err
	}
	r, err := c.operand(x.Right)
	if err != nil {
		return "", err
	}
	op := x.Op
	if l.kind == "lit" || l.kind == "null" { // literal on the left: mirror
		l, r, op = r, l, flipped[op]
	}
	if l.kind == "lit" || l.kind == "null" {
		return "", filterErr("%s compares two constants", x)
	}
	if r.kind == "null" {
		switch {
		case op != odata.OpEq && op != odata.OpNe:
			return sqlFalse, nil // ordering against null is never true
		case !l.nullable:
			if op == odata.OpEq {
				return sqlFalse, nil
			}
			return sqlTrue, nil
		case op == odata.OpEq:
			return "(" + l.sql + " IS NULL)", nil
		default:
			return "(" + l.sql + " IS NOT NULL)", nil
		}
	}
	rs := r.sql
	if r.kind == "lit" {
		v, err := bindValue(l.kind, r.lit)
		if err != nil {
			return "", filterErr("%s: %v", x, err)
		}
		rs = c.a.add(v)
		if str, ok := v.(string); ok && op == odata.OpEq && str != "" && (l.kind == "s" || l.kind == "e") && strings.HasPrefix(l.sql, "e.") {
			// Implied, but stated so the partial indexes (external id,
			// TFN, ...) can serve the comparison.
			return "(" + l.sql + " = " + rs + " AND " + l.sql + " <> '')", nil
		}
	} else if comparable(l.kind) != comparable(r.kind) {
		return "", filterErr("%s compares members of different types", x)
	}
	return "(" + l.sql + " " + sqlOps[op] + " " + rs + ")", nil
}

func comparable(kind string) string {
	if kind == "e" {
		return "s"
	}
	return kind
}

func (c *sqlCompiler) operand(e odata.Expr) (operand, error) {
	switch x := e.(type) {
	case *odata.MemberExpr:
		col, ok := columns[lower(x.Name)]
		if !ok {
			return operand{}, filterErr("unknown or unfilterable member %q", x.Name)
		}
		return operand{sql: col.sql, kind: col.kind, nullable: col.nullable}, nil
	case *odata.Literal:
		if x.Value == nil {
			return operand{kind: "null"}, nil
		}
		return operand{kind: "lit", lit: x}, nil
	case *odata.CallExpr:
		if x.Func == "tolower" || x.Func == "toupper" {
			if len(x.Args) != 1 {
				return operand{}, filterErr("%s takes one argument", x.Func)
			}
			inner, err := c.operand(x.Args[0])
			if err != nil {
				return operand{}, err
			}
			if inner.kind != "s" && inner.kind != "e" {
				return operand{}, filterErr("%s needs a string member", x.Func)
			}
			fn := "LOWER"
			if x.Func == "toupper" {
				fn = "UPPER"
			}
			return operand{sql: fn + "(" + inner.sql + ")", kind: "s"}, nil
		}
	}
	return operand{}, filterErr("%s is not a member or constant", e)
}

// call compiles the boolean string functions (case-insensitive, as
// KeyPay's SQL Server collation makes them).
func (c *sqlCompiler) call(x *odata.CallExpr) (string, error) {
	if len(x.Args) != 2 {
		return "", filterErr("%s takes two arguments", x.Func)
	}
	member, pattern := x.Args[0], x.Args[1]
	if x.Func == "substringof" {
		member, pattern = pattern, member
	}
	m, err := c.operand(member)
	if err != nil {
		return "", err
	}
	if m.kind != "s" && m.kind != "e" {
		return "", filterErr("%s needs a string member", x.Func)
	}
	lit, ok := pattern.(*odata.Literal)
	s, isStr := "", false
	if ok {
		s, isStr = lit.Value.(string)
	}
	if !isStr {
		return "", filterErr("%s needs a string constant", x.Func)
	}
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(s))
	switch x.Func {
	case "startswith":
		esc += "%"
	case "endswith":
		esc = "%" + esc
	case "substringof":
		esc = "%" + esc + "%"
	default:
		return "", filterErr("unknown function %s", x.Func)
	}
	return "(LOWER(" + m.sql + ") LIKE " + c.a.add(esc) + ` ESCAPE '\')`, nil
}

// bindValue converts a literal to the column's stored form.
func bindValue(kind string, l *odata.Literal) (any, error) {
	switch kind {
	case "s", "e":
		switch v := l.Value.(type) {
		case string:
			return v, nil
		case int64:
			return fmt.Sprint(v), nil
		}
	case "b":
		if v, ok := l.Value.(bool); ok {
			return v, nil
		}
	case "i":
		switch v := l.Value.(type) {
		case int64:
			return v, nil
		case *big.Rat:
			if v.IsInt() {
				return v.Num().Int64(), nil
			}
		case string:
			var n int64
			if _, err := fmt.Sscan(v, &n); err == nil {
				return n, nil
			}
		}
	case "m":
		var s string
		switch v := l.Value.(type) {
		case int64:
			s = fmt.Sprint(v)
		case *big.Rat:
			s = v.FloatString(6)
		case string:
			s = v
		}
		if m, err := payroll.ParseMoney(s); err == nil && s != "" {
			return m.MinorUnits(), nil
		}
	case "d":
		switch v := l.Value.(type) {
		case time.Time:
			return payroll.NewDateTime(v).Time, nil
		case string:
			if d, err := payroll.ParseDateTime(v); err == nil {
				return d.Time, nil
			}
		}
	}
	return nil, fmt.Errorf("%s does not fit the member's type", l)
}
