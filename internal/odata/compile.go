package odata

import (
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"time"
)

// evalFn evaluates an expression against one element (the reflected slice
// element, which may be a struct or a pointer to one).
type evalFn func(elem reflect.Value) (value, error)

// node is a compiled expression: its evaluator plus the static type used to
// reject ill-typed filters before any item is looked at.
type node struct {
	typ  sType
	eval evalFn
	lit  *value // non-nil for literals, which may be converted statically
}

// compiler type-checks an Expr against an element type and turns it into
// closures, so that member resolution and reflection set-up happen once per
// request rather than once per item.
type compiler struct {
	members *memberSet
}

// memberGetter resolves a member name of the element type and returns an
// evaluator for it. param attributes errors to $filter or $orderby.
func memberGetter(ms *memberSet, param, name string) (evalFn, sType, error) {
	f, err := ms.lookup(param, name)
	if err != nil {
		return nil, 0, err
	}
	conv, st, err := converterFor(f.typ, true)
	if err != nil {
		return nil, 0, errorf(param, "member '%s' has type %s, which cannot be filtered or sorted on", name, f.typ)
	}
	index := f.index
	return func(elem reflect.Value) (value, error) {
		v, ok := fieldByIndex(elem, index)
		if !ok {
			return nullValue, nil
		}
		return conv(v)
	}, st, nil
}

func compileFilter(elemType reflect.Type, e Expr) (evalFn, error) {
	c := compiler{members: membersOf(elemType)}
	n, err := c.compile(e)
	if err != nil {
		return nil, err
	}
	if err := requireBool(n, e, "the filter"); err != nil {
		return nil, err
	}
	return n.eval, nil
}

// requireBool rejects operands that can never be boolean.
func requireBool(n node, e Expr, what string) error {
	switch n.typ {
	case tyBool, tyNull, tyAny:
		return nil
	}
	return errorf(ParamFilter, "%s must be a boolean expression, but %s is a %s", what, abbrev(e), n.typ)
}

func constNode(v value) node {
	return node{typ: sType(v.k), lit: &v, eval: func(reflect.Value) (value, error) { return v, nil }}
}

func (c *compiler) compile(e Expr) (node, error) {
	switch e := e.(type) {
	case *Literal:
		if e == nil {
			break
		}
		v, err := literalValue(e)
		if err != nil {
			return node{}, err
		}
		return constNode(v), nil
	case *MemberExpr:
		if e == nil {
			break
		}
		get, st, err := memberGetter(c.members, ParamFilter, e.Name)
		if err != nil {
			return node{}, err
		}
		return node{typ: st, eval: get}, nil
	case *NotExpr:
		if e == nil {
			break
		}
		return c.not(e)
	case *BinaryExpr:
		if e == nil {
			break
		}
		switch e.Op {
		case OpAnd, OpOr:
			return c.logical(e)
		case OpEq, OpNe, OpGt, OpGe, OpLt, OpLe:
			return c.comparison(e)
		}
		return node{}, errorf(ParamFilter, "unsupported operator '%s'", e.Op)
	case *CallExpr:
		if e == nil {
			break
		}
		return c.call(e)
	}
	// Only reachable with hand-built trees; Parse never produces these.
	return node{}, errorf(ParamFilter, "invalid expression node %T", e)
}

// literalValue converts a Literal. Parse only produces the documented value
// types; anything else (a hand-built tree) goes through the Valuer rules.
func literalValue(l *Literal) (value, error) {
	switch v := l.Value.(type) {
	case int64:
		return intValue(v), nil
	case *big.Rat:
		if v != nil {
			return numValue(ratNumber(v)), nil
		}
	case time.Time:
		return timeValue(v, l.zoned), nil
	}
	v, err := dynamicValue(l.Value)
	if err != nil {
		return nullValue, errorf(ParamFilter, "invalid literal: %v", err)
	}
	return v, nil
}

func (c *compiler) not(e *NotExpr) (node, error) {
	x, err := c.compile(e.X)
	if err != nil {
		return node{}, err
	}
	if err := requireBool(x, e.X, "the operand of not"); err != nil {
		return node{}, err
	}
	return node{typ: tyBool, eval: func(elem reflect.Value) (value, error) {
		v, err := x.eval(elem)
		if err != nil {
			return nullValue, err
		}
		switch v.k {
		case kNull:
			return nullValue, nil
		case kBool:
			return boolValue(!v.b), nil
		}
		return nullValue, fmt.Errorf("the operand of not is a %s, not a boolean", v.k)
	}}, nil
}

// logical compiles and/or with three-valued logic and short-circuiting:
// false and X is false, true or X is true, otherwise null is contagious.
func (c *compiler) logical(e *BinaryExpr) (node, error) {
	l, err := c.compile(e.Left)
	if err != nil {
		return node{}, err
	}
	r, err := c.compile(e.Right)
	if err != nil {
		return node{}, err
	}
	what := "the operands of " + e.Op
	if err := requireBool(l, e.Left, what); err != nil {
		return node{}, err
	}
	if err := requireBool(r, e.Right, what); err != nil {
		return node{}, err
	}
	// decisive is the operand value that settles the result on its own.
	decisive := e.Op == OpOr
	operand := func(n node, elem reflect.Value) (value, error) {
		v, err := n.eval(elem)
		if err == nil && v.k != kBool && v.k != kNull {
			err = fmt.Errorf("%s must be booleans, got a %s", what, v.k)
		}
		return v, err
	}
	return node{typ: tyBool, eval: func(elem reflect.Value) (value, error) {
		a, err := operand(l, elem)
		if err != nil || (a.k == kBool && a.b == decisive) {
			return a, err
		}
		b, err := operand(r, elem)
		if err != nil || (b.k == kBool && b.b == decisive) {
			return b, err
		}
		if a.k == kNull || b.k == kNull {
			return nullValue, nil
		}
		return boolValue(!decisive), nil
	}}, nil
}

func (c *compiler) comparison(e *BinaryExpr) (node, error) {
	l, err := c.compile(e.Left)
	if err != nil {
		return node{}, err
	}
	r, err := c.compile(e.Right)
	if err != nil {
		return node{}, err
	}
	if l, r, err = unify(e, l, r); err != nil {
		return node{}, err
	}
	op := e.Op
	return node{typ: tyBool, eval: func(elem reflect.Value) (value, error) {
		a, err := l.eval(elem)
		if err != nil {
			return nullValue, err
		}
		b, err := r.eval(elem)
		if err != nil {
			return nullValue, err
		}
		return compareOp(op, a, b)
	}}, nil
}

// unify checks that the operands of a comparison can be compared, and
// converts string literals compared with numbers or datetimes up front, so
// that 'abc' eq Age is rejected even when the list is empty. Dynamic
// operands are checked per item by compareOp.
func unify(e *BinaryExpr, l, r node) (node, node, error) {
	if l.typ == r.typ || l.typ == tyAny || r.typ == tyAny || l.typ == tyNull || r.typ == tyNull {
		return l, r, nil
	}
	var err error
	switch {
	case l.typ == tyStr && l.lit != nil && (r.typ == tyNum || r.typ == tyTime):
		l, err = convertLiteral(l, r.typ, e.Left, e.Right)
		return l, r, err
	case r.typ == tyStr && r.lit != nil && (l.typ == tyNum || l.typ == tyTime):
		r, err = convertLiteral(r, l.typ, e.Right, e.Left)
		return l, r, err
	case l.typ == tyStr && r.typ == tyTime, l.typ == tyTime && r.typ == tyStr:
		return l, r, nil // string member holding a datetime; parsed per item
	}
	return l, r, errorf(ParamFilter, "cannot compare %s (%s) with %s (%s)", abbrev(e.Left), l.typ, abbrev(e.Right), r.typ)
}

func convertLiteral(lit node, to sType, litExpr, other Expr) (node, error) {
	s := strings.TrimSpace(lit.lit.s)
	if to == tyNum {
		n, ok := parseDecimal(s)
		if !ok {
			return node{}, errorf(ParamFilter, "cannot compare %s (number) with %s (string): not a number", abbrev(other), abbrev(litExpr))
		}
		return constNode(numValue(n)), nil
	}
	t, zoned, ok := parseDateTime(s)
	if !ok {
		return node{}, errorf(ParamFilter, "cannot compare %s (datetime) with %s (string): not a datetime", abbrev(other), abbrev(litExpr))
	}
	return constNode(timeValue(t, zoned)), nil
}

func (c *compiler) call(e *CallExpr) (node, error) {
	arity, ok := functions[e.Func]
	if !ok {
		return node{}, errorf(ParamFilter, "unsupported function '%s'", e.Func)
	}
	if len(e.Args) != arity {
		return node{}, errorf(ParamFilter, "%s takes %d argument(s), got %d", e.Func, arity, len(e.Args))
	}
	args := make([]node, len(e.Args))
	for i, a := range e.Args {
		n, err := c.compile(a)
		if err != nil {
			return node{}, err
		}
		if n.typ != tyStr && n.typ != tyAny && n.typ != tyNull {
			return node{}, errorf(ParamFilter, "%s takes string arguments, but %s is a %s", e.Func, abbrev(a), n.typ)
		}
		args[i] = n
	}
	// strs evaluates the arguments; null is set if any is null, which makes
	// the call null (SQL semantics, rather than LINQ's exception).
	fn := e.Func
	strs := func(elem reflect.Value) (ss [2]string, null bool, err error) {
		for i, a := range args {
			v, err := a.eval(elem)
			if err != nil {
				return ss, false, err
			}
			switch v.k {
			case kNull:
				null = true
			case kStr:
				ss[i] = v.s
			default:
				return ss, false, fmt.Errorf("%s takes string arguments, got a %s", fn, v.k)
			}
		}
		return ss, null, nil
	}
	var apply func(a, b string) value
	typ := tyBool
	// The matching functions fold case, as KeyPay's case-insensitive SQL
	// collation does; see the package documentation.
	switch fn {
	case "tolower":
		apply, typ = func(a, _ string) value { return strValue(strings.ToLower(a)) }, tyStr
	case "toupper":
		apply, typ = func(a, _ string) value { return strValue(strings.ToUpper(a)) }, tyStr
	case "substringof": // substringof(needle, haystack)
		apply = func(a, b string) value { return boolValue(strings.Contains(strings.ToLower(b), strings.ToLower(a))) }
	case "startswith":
		apply = func(a, b string) value { return boolValue(strings.HasPrefix(strings.ToLower(a), strings.ToLower(b))) }
	case "endswith":
		apply = func(a, b string) value { return boolValue(strings.HasSuffix(strings.ToLower(a), strings.ToLower(b))) }
	}
	return node{typ: typ, eval: func(elem reflect.Value) (value, error) {
		ss, null, err := strs(elem)
		if err != nil || null {
			return nullValue, err
		}
		return apply(ss[0], ss[1]), nil
	}}, nil
}

// orderKey is a compiled $orderby term.
type orderKey struct {
	get  evalFn
	desc bool
}

func compileOrder(elemType reflect.Type, terms []OrderTerm) ([]orderKey, error) {
	ms := membersOf(elemType)
	keys := make([]orderKey, len(terms))
	for i, t := range terms {
		get, _, err := memberGetter(ms, ParamOrderBy, t.Member)
		if err != nil {
			return nil, err
		}
		keys[i] = orderKey{get: get, desc: t.Desc}
	}
	return keys, nil
}
