package odata

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ColumnType is the SQL type family of a whitelisted column.
type ColumnType uint8

const (
	ColString ColumnType = iota + 1 // TEXT, compared byte-wise (PostgreSQL: COLLATE "C")
	ColInt                          // INTEGER / BIGINT
	ColBool                         // BOOLEAN (0/1 on SQLite)
	ColTime                         // TIMESTAMP / TIMESTAMPTZ holding UTC instants
)

func (t ColumnType) sType() sType {
	switch t {
	case ColString:
		return tyStr
	case ColInt:
		return tyNum
	case ColBool:
		return tyBool
	case ColTime:
		return tyTime
	}
	return tyNull
}

// Column is a member a SQL-backed list can filter and sort on.
type Column struct {
	SQL      string // column expression, e.g. "l.name"; never client input
	Type     ColumnType
	Nullable bool // the column may hold NULL (a null member on the wire)
}

// Whitelist maps the wire members of a resource (JSON names, matched
// case-insensitively like the in-memory path) to SQL columns. Only these
// members can be used in $filter and $orderby; any other is a 400.
type Whitelist struct {
	Columns map[string]Column
	// ID is the id column: the last sort key, so pages are stable (the
	// in-memory path keeps load order, which is by id, for ties).
	ID string
	// Unsupported lists wire members that exist but cannot be queried in
	// SQL (computed or array members), for a clearer 400.
	Unsupported []string
}

func (w *Whitelist) lookup(param, name string) (Column, error) {
	if c, ok := w.Columns[name]; ok {
		return c, nil
	}
	var found []Column
	for n, c := range w.Columns {
		if strings.EqualFold(n, name) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		for _, u := range w.Unsupported {
			if strings.EqualFold(u, name) {
				return Column{}, errorf(param, "member '%s' cannot be filtered or sorted on", name)
			}
		}
		return Column{}, errorf(param, "unknown member '%s'", name)
	}
	return Column{}, errorf(param, "member '%s' is ambiguous", name)
}

// SQL is a compiled list query. Where and OrderBy are fragments to splice
// into a fixed statement; every value the client sent is in Args, bound as
// $first, $first+1, ... in order; nothing the client sent is in the text
// except through the whitelist.
type SQL struct {
	Where   string // a boolean expression; "1 = 1" without a filter
	OrderBy string // ORDER BY items, always ending with the id tiebreak
	Args    []any
	Limit   int // $top
	Offset  int // $skip
	Next    int // the first placeholder number after Args
}

// NoFilter is CompileSQL's Where when $filter is empty.
const NoFilter = "1 = 1"

// CompileSQL turns q into SQL over the whitelisted columns, with
// placeholders numbered from firstParam (the fixed part of the statement
// uses $1..$firstParam-1). The SQL is portable between SQLite and
// PostgreSQL and gives the same answers as [Apply] on the same data:
//
//   - comparisons are two-valued as in memory: "x eq null" is IS NULL, a
//     null member is unequal to any value and never gt/lt anything;
//     member-vs-member comparisons are null-safe (CASE).
//   - string eq/ne/gt/... compare byte-wise: SQLite's BINARY collation,
//     and on PostgreSQL the columns must be declared COLLATE "C".
//   - substringof/startswith/endswith are LOWER(x) LIKE pattern ESCAPE '\'
//     with the pattern bound (its %, _ and \ escaped). SQL LOWER folds
//     ASCII letters only (SQLite always, PostgreSQL under "C"), where the
//     in-memory path folds all of Unicode.
//   - decimal literals against integer columns are rewritten exactly
//     (id gt 1.5 is id > 1); nulls sort first ascending, last descending.
//   - a string member cannot be compared with a datetime in SQL (the
//     in-memory path parses it per item): that is a 400 here.
//
// All errors are *Error naming the parameter, as from Apply.
func CompileSQL(q Query, w Whitelist, firstParam int) (SQL, error) {
	if q.Top < 0 {
		return SQL{}, errorf(ParamTop, "must not be negative, got %d", q.Top)
	}
	if q.Skip < 0 {
		return SQL{}, errorf(ParamSkip, "must not be negative, got %d", q.Skip)
	}
	c := sqlCompiler{w: &w, next: firstParam}
	out := SQL{Where: NoFilter, Limit: q.Top, Offset: q.Skip}
	var order []string
	for _, t := range q.OrderBy {
		col, err := w.lookup(ParamOrderBy, t.Member)
		if err != nil {
			return SQL{}, err
		}
		dir := " ASC"
		if t.Desc {
			dir = " DESC"
		}
		if col.Nullable { // null first ascending, last descending, on both engines
			order = append(order, "CASE WHEN "+col.SQL+" IS NULL THEN 0 ELSE 1 END"+dir)
		}
		order = append(order, col.SQL+dir)
	}
	order = append(order, w.ID+" ASC")
	out.OrderBy = strings.Join(order, ", ")
	if q.Filter != nil {
		n, err := c.compile(q.Filter, 0, true)
		if err != nil {
			return SQL{}, err
		}
		if err := sqlRequireBool(n, q.Filter, "the filter"); err != nil {
			return SQL{}, err
		}
		out.Where = c.boolSQL(n)
		if c.err != nil {
			return SQL{}, c.err
		}
		out.Args = c.args
	}
	out.Next = c.next
	return out, nil
}

// sqlNode is a compiled sub-expression: SQL text, or a literal not yet
// bound (so comparisons can convert and fold it).
type sqlNode struct {
	sql      string
	typ      sType
	nullable bool
	lit      *value
}

type sqlCompiler struct {
	w    *Whitelist
	next int
	args []any
	err  error // from bind
}

const (
	sqlTrue  = "1 = 1"
	sqlFalse = "1 = 0"
	sqlNull  = "1 = NULL"
)

func (c *sqlCompiler) bind(v any) string {
	if s, ok := v.(string); ok && (!utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0) {
		// PostgreSQL refuses such text outright; say so instead of a 500.
		c.err = errorf(ParamFilter, "string literals must be UTF-8 text without NUL characters")
	}
	c.args = append(c.args, v)
	p := "$" + strconv.Itoa(c.next)
	c.next++
	return p
}

func litNode(v value) sqlNode { return sqlNode{typ: sType(v.k), lit: &v, nullable: v.k == kNull} }

func constBool(b bool) sqlNode { return litNode(boolValue(b)) }

func sqlRequireBool(n sqlNode, e Expr, what string) error {
	switch n.typ {
	case tyBool, tyNull:
		return nil
	}
	return errorf(ParamFilter, "%s must be a boolean expression, but %s is a %s", what, abbrev(e), n.typ)
}

// boolSQL renders a boolean node for a boolean position.
func (c *sqlCompiler) boolSQL(n sqlNode) string {
	if n.lit == nil {
		return n.sql
	}
	if n.lit.k == kBool {
		if n.lit.b {
			return sqlTrue
		}
		return sqlFalse
	}
	return sqlNull
}

// valueSQL renders a node for a value position, binding literals.
func (c *sqlCompiler) valueSQL(n sqlNode) string {
	if n.lit == nil {
		return n.sql
	}
	switch n.lit.k {
	case kStr:
		return c.bind(n.lit.s)
	case kBool:
		return c.bind(n.lit.b)
	case kNum:
		if n.lit.n.kind == nInt {
			return c.bind(n.lit.n.i)
		}
		return c.bind(n.lit.n.float())
	case kTime:
		return c.bind(literalTime(*n.lit))
	}
	return "NULL"
}

// literalTime is the instant a datetime literal stands for against a
// column of UTC instants: an unzoned literal is a UTC wall-clock reading.
func literalTime(v value) time.Time {
	if v.zoned {
		return v.t.UTC()
	}
	return wallClock(v.t)
}

// compile compiles e. pos says the context only asks whether e is true
// (the WHERE itself, or and/or operands there): NULL and FALSE are then
// alike, so comparisons need no null guards and stay index-friendly. Under
// not, and as an operand of a comparison or function, pos is false.
func (c *sqlCompiler) compile(e Expr, depth int, pos bool) (sqlNode, error) {
	if depth > 4*MaxDepth { // hand-built trees only; Parse bounds depth
		return sqlNode{}, errorf(ParamFilter, "nested too deeply")
	}
	switch e := e.(type) {
	case *Literal:
		if e == nil {
			break
		}
		v, err := literalValue(e)
		if err != nil {
			return sqlNode{}, err
		}
		return litNode(v), nil
	case *MemberExpr:
		if e == nil {
			break
		}
		col, err := c.w.lookup(ParamFilter, e.Name)
		if err != nil {
			return sqlNode{}, err
		}
		return sqlNode{sql: col.SQL, typ: col.Type.sType(), nullable: col.Nullable}, nil
	case *NotExpr:
		if e == nil {
			break
		}
		x, err := c.compile(e.X, depth+1, false)
		if err != nil {
			return sqlNode{}, err
		}
		if err := sqlRequireBool(x, e.X, "the operand of not"); err != nil {
			return sqlNode{}, err
		}
		if x.lit != nil {
			if x.lit.k == kBool {
				return constBool(!x.lit.b), nil
			}
			return litNode(nullValue), nil
		}
		return sqlNode{sql: "NOT (" + x.sql + ")", typ: tyBool, nullable: x.nullable}, nil
	case *BinaryExpr:
		if e == nil {
			break
		}
		switch e.Op {
		case OpAnd, OpOr:
			return c.logical(e, depth, pos)
		case OpEq, OpNe, OpGt, OpGe, OpLt, OpLe:
			return c.comparison(e, depth, pos)
		}
		return sqlNode{}, errorf(ParamFilter, "unsupported operator '%s'", e.Op)
	case *CallExpr:
		if e == nil {
			break
		}
		return c.call(e, depth)
	}
	return sqlNode{}, errorf(ParamFilter, "invalid expression node %T", e)
}

func (c *sqlCompiler) logical(e *BinaryExpr, depth int, pos bool) (sqlNode, error) {
	l, err := c.compile(e.Left, depth+1, pos)
	if err != nil {
		return sqlNode{}, err
	}
	r, err := c.compile(e.Right, depth+1, pos)
	if err != nil {
		return sqlNode{}, err
	}
	what := "the operands of " + e.Op
	if err := sqlRequireBool(l, e.Left, what); err != nil {
		return sqlNode{}, err
	}
	if err := sqlRequireBool(r, e.Right, what); err != nil {
		return sqlNode{}, err
	}
	op := " AND "
	if e.Op == OpOr {
		op = " OR "
	}
	// SQL's AND/OR are the three-valued logic the in-memory path uses.
	return sqlNode{sql: "(" + c.boolSQL(l) + op + c.boolSQL(r) + ")", typ: tyBool, nullable: l.nullable || r.nullable}, nil
}

var sqlOps = map[string]string{OpEq: "=", OpNe: "<>", OpGt: ">", OpGe: ">=", OpLt: "<", OpLe: "<="}

// flipped is the operator with its operands swapped (5 lt x = x gt 5).
var flipped = map[string]string{OpEq: OpEq, OpNe: OpNe, OpGt: OpLt, OpGe: OpLe, OpLt: OpGt, OpLe: OpGe}

func (c *sqlCompiler) comparison(e *BinaryExpr, depth int, pos bool) (sqlNode, error) {
	l, err := c.compile(e.Left, depth+1, false)
	if err != nil {
		return sqlNode{}, err
	}
	r, err := c.compile(e.Right, depth+1, false)
	if err != nil {
		return sqlNode{}, err
	}
	if l, r, err = c.unify(e, l, r); err != nil {
		return sqlNode{}, err
	}
	op := e.Op
	if l.lit != nil && r.lit != nil { // constant: decide it here, as Apply would
		v, err := compareOp(op, *l.lit, *r.lit)
		if err != nil {
			return sqlNode{}, asQueryError(ParamFilter, err)
		}
		return litNode(v), nil
	}
	if l.lit != nil { // the literal goes right
		l, r, op = r, l, flipped[op]
	}
	if r.lit != nil {
		return c.compareLiteral(op, l, *r.lit, pos)
	}
	// Two expressions: null-safe, since either may be NULL.
	a, b := l.sql, r.sql
	cmp := "(" + a + " " + sqlOps[op] + " " + b + ")"
	if !l.nullable && !r.nullable {
		return sqlNode{sql: cmp, typ: tyBool}, nil
	}
	bothNull := "(" + a + " IS NULL AND " + b + " IS NULL)"
	var ifNull string
	switch op {
	case OpEq:
		ifNull = bothNull
	case OpNe:
		ifNull = "NOT " + bothNull
	default:
		ifNull = sqlFalse
	}
	return sqlNode{sql: "(CASE WHEN " + a + " IS NULL OR " + b + " IS NULL THEN " + ifNull + " ELSE " + cmp + " END)", typ: tyBool}, nil
}

// compareLiteral compiles x op literal.
func (c *sqlCompiler) compareLiteral(op string, x sqlNode, lit value, pos bool) (sqlNode, error) {
	if lit.k == kNull {
		switch op {
		case OpEq:
			return sqlNode{sql: "(" + x.sql + " IS NULL)", typ: tyBool}, nil
		case OpNe:
			return sqlNode{sql: "(" + x.sql + " IS NOT NULL)", typ: tyBool}, nil
		}
		return constBool(false), nil
	}
	notNull := func() sqlNode {
		if !x.nullable {
			return constBool(true)
		}
		return sqlNode{sql: "(" + x.sql + " IS NOT NULL)", typ: tyBool}
	}
	var arg string
	if lit.k == kNum && lit.n.kind != nInt {
		// Integer column against a decimal (or an integer beyond int64):
		// rewrite exactly to an int64 bound, or decide it outright.
		if x.typ != tyNum || lit.n.kind == nFloat { // not from Parse
			return sqlNode{}, errorf(ParamFilter, "cannot compare a %s with a decimal number", x.typ)
		}
		r := lit.n.r
		bound := new(big.Int)
		if !r.IsInt() {
			switch op {
			case OpEq:
				return constBool(false), nil
			case OpNe:
				return constBool(true), nil
			case OpGt, OpGe: // x >= 1.5 <=> x > 1
				op = OpGt
			case OpLt, OpLe: // x < 1.5 <=> x <= 1
				op = OpLe
			}
			bound.Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
		} else {
			bound.Set(r.Num())
		}
		switch {
		case bound.IsInt64():
			arg = c.bind(bound.Int64())
		case bound.Sign() > 0: // beyond every int64
			switch op {
			case OpEq, OpGt, OpGe:
				return constBool(false), nil
			default:
				return notNull(), nil
			}
		default: // below every int64
			switch op {
			case OpEq, OpLt, OpLe:
				return constBool(false), nil
			default:
				return notNull(), nil
			}
		}
	} else {
		arg = c.valueSQL(litNode(lit))
	}
	cmp := x.sql + " " + sqlOps[op] + " " + arg
	if !x.nullable || pos && op != OpNe { // NULL is as good as false here
		return sqlNode{sql: "(" + cmp + ")", typ: tyBool}, nil
	}
	if op == OpNe {
		return sqlNode{sql: "(" + x.sql + " IS NULL OR " + cmp + ")", typ: tyBool}, nil
	}
	return sqlNode{sql: "(" + x.sql + " IS NOT NULL AND " + cmp + ")", typ: tyBool}, nil
}

// unify mirrors the in-memory type rules: same types, or null, or a string
// literal converted to the number or datetime it is compared with.
func (c *sqlCompiler) unify(e *BinaryExpr, l, r sqlNode) (sqlNode, sqlNode, error) {
	if l.typ == r.typ || l.typ == tyNull || r.typ == tyNull {
		return l, r, nil
	}
	conv := func(n sqlNode, to sType, litExpr, other Expr) (sqlNode, error) {
		s := strings.TrimSpace(n.lit.s)
		if to == tyNum {
			num, ok := parseDecimal(s)
			if !ok {
				return sqlNode{}, errorf(ParamFilter, "cannot compare %s (number) with %s (string): not a number", abbrev(other), abbrev(litExpr))
			}
			return litNode(numValue(num)), nil
		}
		t, zoned, ok := parseDateTime(s)
		if !ok {
			return sqlNode{}, errorf(ParamFilter, "cannot compare %s (datetime) with %s (string): not a datetime", abbrev(other), abbrev(litExpr))
		}
		return litNode(timeValue(t, zoned)), nil
	}
	var err error
	switch {
	case l.typ == tyStr && l.lit != nil && l.lit.k == kStr && (r.typ == tyNum || r.typ == tyTime):
		l, err = conv(l, r.typ, e.Left, e.Right)
		return l, r, err
	case r.typ == tyStr && r.lit != nil && r.lit.k == kStr && (l.typ == tyNum || l.typ == tyTime):
		r, err = conv(r, l.typ, e.Right, e.Left)
		return l, r, err
	case l.typ == tyStr && r.typ == tyTime, l.typ == tyTime && r.typ == tyStr:
		return l, r, errorf(ParamFilter, "cannot compare %s (%s) with %s (%s) here: the string is not a datetime column", abbrev(e.Left), l.typ, abbrev(e.Right), r.typ)
	}
	return l, r, errorf(ParamFilter, "cannot compare %s (%s) with %s (%s)", abbrev(e.Left), l.typ, abbrev(e.Right), r.typ)
}

// likeEscaper escapes LIKE's wildcards and its escape character.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

func (c *sqlCompiler) call(e *CallExpr, depth int) (sqlNode, error) {
	arity, ok := functions[e.Func]
	if !ok {
		return sqlNode{}, errorf(ParamFilter, "unsupported function '%s'", e.Func)
	}
	if len(e.Args) != arity {
		return sqlNode{}, errorf(ParamFilter, "%s takes %d argument(s), got %d", e.Func, arity, len(e.Args))
	}
	args := make([]sqlNode, len(e.Args))
	allLit, anyNull := true, false
	for i, a := range e.Args {
		n, err := c.compile(a, depth+1, false)
		if err != nil {
			return sqlNode{}, err
		}
		if n.typ != tyStr && n.typ != tyNull {
			return sqlNode{}, errorf(ParamFilter, "%s takes string arguments, but %s is a %s", e.Func, abbrev(a), n.typ)
		}
		if n.lit == nil {
			allLit = false
		} else if n.lit.k == kNull {
			anyNull = true
		}
		args[i] = n
	}
	typ := tyBool
	if e.Func == "tolower" || e.Func == "toupper" {
		typ = tyStr
	}
	if anyNull { // a null argument makes the call null
		n := litNode(nullValue)
		n.typ = typ
		return n, nil
	}
	if allLit { // constant: evaluate here
		a := args[0].lit.s
		var b string
		if len(args) > 1 {
			b = args[1].lit.s
		}
		switch e.Func {
		case "tolower":
			return litNode(strValue(strings.ToLower(a))), nil
		case "toupper":
			return litNode(strValue(strings.ToUpper(a))), nil
		case "substringof":
			return constBool(strings.Contains(strings.ToLower(b), strings.ToLower(a))), nil
		case "startswith":
			return constBool(strings.HasPrefix(strings.ToLower(a), strings.ToLower(b))), nil
		case "endswith":
			return constBool(strings.HasSuffix(strings.ToLower(a), strings.ToLower(b))), nil
		}
	}
	switch e.Func {
	case "tolower", "toupper":
		fn := "LOWER("
		if e.Func == "toupper" {
			fn = "UPPER("
		}
		x := args[0]
		return sqlNode{sql: fn + x.sql + ")", typ: tyStr, nullable: x.nullable}, nil
	}
	var hay, needle sqlNode
	var prefix, suffix string // wildcards around the needle
	switch e.Func {
	case "substringof": // substringof(needle, haystack)
		needle, hay, prefix, suffix = args[0], args[1], "%", "%"
	case "startswith":
		hay, needle, suffix = args[0], args[1], "%"
	case "endswith":
		hay, needle, prefix = args[0], args[1], "%"
	}
	var hayExpr string
	if hay.lit != nil {
		hayExpr = c.bind(strings.ToLower(hay.lit.s))
	} else {
		hayExpr = "LOWER(" + hay.sql + ")"
	}
	var pattern string
	if needle.lit != nil {
		pattern = c.bind(prefix + likeEscaper.Replace(strings.ToLower(needle.lit.s)) + suffix)
	} else {
		pattern = `REPLACE(REPLACE(REPLACE(LOWER(` + needle.sql + `), '\', '\\'), '%', '\%'), '_', '\_')`
		if prefix != "" {
			pattern = "'%' || " + pattern
		}
		if suffix != "" {
			pattern += " || '%'"
		}
	}
	return sqlNode{sql: "(" + hayExpr + " LIKE " + pattern + ` ESCAPE '\')`, typ: tyBool, nullable: hay.nullable || needle.nullable}, nil
}

// Clause is "WHERE <scope> AND (<filter>) ORDER BY ... LIMIT $n OFFSET $m"
// for a statement whose own placeholders ($1..$firstParam-1) come first;
// it returns the clause and the arguments that follow the statement's own
// (the filter's, then limit and offset).
func (s SQL) Clause(scope string) (string, []any) {
	args := append(append([]any{}, s.Args...), int64(s.Limit), int64(s.Offset))
	return fmt.Sprintf("WHERE %s AND (%s) ORDER BY %s LIMIT $%d OFFSET $%d", scope, s.Where, s.OrderBy, s.Next, s.Next+1), args
}

// CountClause is "WHERE <scope> AND (<filter>)" and the filter's arguments,
// for the COUNT(*) of a paged shape.
func (s SQL) CountClause(scope string) (string, []any) {
	return fmt.Sprintf("WHERE %s AND (%s)", scope, s.Where), append([]any{}, s.Args...)
}

// Members lists the member names q refers to in $orderby and $filter, as
// the client wrote them (a caller can pick a path by what is asked for).
func (q Query) Members() []string {
	var out []string
	for _, t := range q.OrderBy {
		out = append(out, t.Member)
	}
	var walk func(e Expr)
	walk = func(e Expr) {
		switch e := e.(type) {
		case *MemberExpr:
			if e != nil {
				out = append(out, e.Name)
			}
		case *NotExpr:
			if e != nil {
				walk(e.X)
			}
		case *BinaryExpr:
			if e != nil {
				walk(e.Left)
				walk(e.Right)
			}
		case *CallExpr:
			if e != nil {
				for _, a := range e.Args {
					walk(a)
				}
			}
		}
	}
	walk(q.Filter)
	return out
}
