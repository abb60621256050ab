package odata

import (
	"fmt"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"
)

// Expr is a node of a parsed $filter expression: one of *BinaryExpr,
// *NotExpr, *MemberExpr, *CallExpr or *Literal.
//
// String renders the expression back into $filter syntax with keywords in
// lower case and only the parentheses the precedence rules need, so
// ParseFilter(e.String()) yields an equivalent tree.
type Expr interface {
	String() string
	write(b *strings.Builder)
}

// Binary operators, as they appear in BinaryExpr.Op.
const (
	OpEq  = "eq"
	OpNe  = "ne"
	OpGt  = "gt"
	OpGe  = "ge"
	OpLt  = "lt"
	OpLe  = "le"
	OpAnd = "and"
	OpOr  = "or"
)

// BinaryExpr is a comparison (eq, ne, gt, ge, lt, le) or a logical and/or.
type BinaryExpr struct {
	Op          string // one of the Op* constants
	Left, Right Expr
}

// NotExpr is logical negation.
type NotExpr struct{ X Expr }

// MemberExpr references a member of the element type by (JSON) name, as
// written by the client.
type MemberExpr struct{ Name string }

// CallExpr is a call of one of the supported functions. Func is lower case.
type CallExpr struct {
	Func string
	Args []Expr
}

// Literal is a constant. Value is nil (null), bool, string (also for
// guid'…'), int64, *big.Rat (other numbers, exact) or time.Time
// (datetime'…').
type Literal struct {
	Value any
	text  string // canonical source form, for String
	zoned bool   // time.Time only: the literal carried an offset
}

// Precedence levels, loosest first, per the OData v3 ABNF.
const (
	precOr = iota + 1
	precAnd
	precEquality
	precRelational
	precUnary
	precPrimary
)

func precOf(e Expr) int {
	switch e := e.(type) {
	case *BinaryExpr:
		return binaryPrec(e.Op)
	case *NotExpr:
		return precUnary
	default:
		return precPrimary
	}
}

func binaryPrec(op string) int {
	switch op {
	case OpOr:
		return precOr
	case OpAnd:
		return precAnd
	case OpEq, OpNe:
		return precEquality
	default:
		return precRelational
	}
}

func (e *BinaryExpr) String() string { return render(e) }
func (e *NotExpr) String() string    { return render(e) }
func (e *MemberExpr) String() string { return e.Name }
func (e *CallExpr) String() string   { return render(e) }
func (e *Literal) String() string {
	if e.text != "" {
		return e.text
	}
	// A hand-built Literal has no source text; approximate one.
	switch v := e.Value.(type) {
	case nil:
		return "null"
	case string:
		return quote(v)
	case time.Time:
		return "datetime'" + v.Format("2006-01-02T15:04:05.9999999") + "'"
	case *big.Rat:
		if v != nil && v.IsInt() {
			return v.RatString()
		}
		if v != nil {
			return v.FloatString(10) + "M" // may be rounded
		}
	}
	return fmt.Sprint(e.Value)
}

// render writes through one builder: concatenating child strings would be
// quadratic in the length of a long and/or chain.
func render(e Expr) string {
	var b strings.Builder
	e.write(&b)
	return b.String()
}

func (e *BinaryExpr) write(b *strings.Builder) {
	p := binaryPrec(e.Op)
	// Operators are left-associative, so a right operand of equal
	// precedence needs parentheses and a left one does not.
	writeOperand(b, e.Left, precOf(e.Left) < p)
	b.WriteString(" " + e.Op + " ")
	writeOperand(b, e.Right, precOf(e.Right) <= p)
}

func (e *NotExpr) write(b *strings.Builder) {
	b.WriteString("not ")
	writeOperand(b, e.X, precOf(e.X) < precUnary)
}

func (e *MemberExpr) write(b *strings.Builder) { b.WriteString(e.Name) }

func (e *CallExpr) write(b *strings.Builder) {
	b.WriteString(e.Func + "(")
	for i, a := range e.Args {
		if i > 0 {
			b.WriteString(",")
		}
		writeOperand(b, a, false)
	}
	b.WriteString(")")
}

func (e *Literal) write(b *strings.Builder) { b.WriteString(e.String()) }

func writeOperand(b *strings.Builder, e Expr, paren bool) {
	if e == nil { // only in hand-built trees
		b.WriteString("<nil>")
		return
	}
	if paren {
		b.WriteString("(")
	}
	e.write(b)
	if paren {
		b.WriteString(")")
	}
}

// abbrev renders e for an error message, cut short so that a long filter
// does not produce a longer error.
func abbrev(e Expr) string {
	const max = 60
	if e == nil {
		return "<nil>"
	}
	s := e.String()
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// quote renders s as an OData string literal body, doubling quotes.
func quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
