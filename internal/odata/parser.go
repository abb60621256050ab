package odata

import (
	"strings"
)

// MaxDepth bounds nesting (parentheses, not, function arguments) in a
// $filter, so hostile input cannot drive the recursive-descent parser and
// evaluator arbitrarily deep.
const MaxDepth = 100

// MaxLength bounds the length in bytes of $filter and $orderby. Real
// clients stay far below it (IIS, in front of KeyPay, rejects query strings
// over 2 KB by default); the cap keeps evaluation cost, which grows with the
// filter, proportionate to a request.
const MaxLength = 8 << 10

// functions maps each supported function to its arity.
var functions = map[string]int{
	"substringof": 2,
	"startswith":  2,
	"endswith":    2,
	"tolower":     1,
	"toupper":     1,
}

// ParseFilter parses a $filter expression. Parse calls it; it is exported
// for callers that take a filter from somewhere other than a query string.
func ParseFilter(s string) (Expr, error) {
	if len(s) > MaxLength {
		return nil, errorf(ParamFilter, "longer than %d bytes", MaxLength)
	}
	lx := lexer{src: s}
	toks, err := lx.all()
	if err != nil {
		return nil, err
	}
	p := parser{src: s, toks: toks}
	e, err := p.parseOr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.errAt(t, "unexpected %s", t.describe())
	}
	return e, nil
}

// parser is a recursive-descent parser over the grammar
//
//	or         = and { "or" and }
//	and        = equality { "and" equality }
//	equality   = relational { ("eq" | "ne") relational }
//	relational = unary { ("gt" | "ge" | "lt" | "le") unary }
//	unary      = "not" unary | primary
//	primary    = "(" or ")" | literal | "true" | "false" | "null"
//	           | function "(" [ or { "," or } ] ")" | member
//
// which encodes OData v3's precedence; all binary operators associate left.
type parser struct {
	src   string
	toks  []token
	i     int
	depth int
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) advance() token {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

func (p *parser) errAt(t token, format string, args ...any) error {
	return syntaxError(p.src, t.off, format, args...)
}

// keyword returns the lower-cased identifier at the cursor if it is one of
// kws (keywords are case-insensitive), or "".
func (p *parser) keyword(kws ...string) string {
	t := p.peek()
	if t.kind != tokIdent {
		return ""
	}
	for _, kw := range kws {
		if strings.EqualFold(t.text, kw) {
			return kw
		}
	}
	return ""
}

func (p *parser) enter(t token) error {
	p.depth++
	if p.depth > MaxDepth {
		return p.errAt(t, "expression is nested more than %d levels deep", MaxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// binary parses a left-associative chain of operators ops over next.
func (p *parser) binary(next func() (Expr, error), ops ...string) (Expr, error) {
	left, err := next()
	if err != nil {
		return nil, err
	}
	for {
		op := p.keyword(ops...)
		if op == "" {
			return left, nil
		}
		p.advance()
		right, err := next()
		if err != nil {
			return nil, err
		}
		left = &BinaryExpr{Op: op, Left: left, Right: right}
	}
}

func (p *parser) parseOr() (Expr, error) { return p.binary(p.parseAnd, OpOr) }

func (p *parser) parseAnd() (Expr, error) { return p.binary(p.parseEquality, OpAnd) }

func (p *parser) parseEquality() (Expr, error) {
	return p.binary(p.parseRelational, OpEq, OpNe)
}

func (p *parser) parseRelational() (Expr, error) {
	return p.binary(p.parseUnary, OpGt, OpGe, OpLt, OpLe)
}

func (p *parser) parseUnary() (Expr, error) {
	if p.keyword("not") == "" {
		return p.parsePrimary()
	}
	if err := p.enter(p.advance()); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.parseUnary()
	if err != nil {
		return nil, err
	}
	return &NotExpr{X: x}, nil
}

// reserved are words that cannot start an operand; naming them gives a
// clearer message than "unknown member 'and'" would later.
var reserved = map[string]string{
	"and": "", "or": "", "eq": "", "ne": "", "gt": "", "ge": "", "lt": "", "le": "",
	"add": "arithmetic is not supported", "sub": "arithmetic is not supported",
	"mul": "arithmetic is not supported", "div": "arithmetic is not supported",
	"mod": "arithmetic is not supported",
}

func (p *parser) parsePrimary() (Expr, error) {
	t := p.advance()
	switch t.kind {
	case tokLiteral:
		return t.lit, nil
	case tokLParen:
		if err := p.enter(t); err != nil {
			return nil, err
		}
		defer p.leave()
		e, err := p.parseOr()
		if err != nil {
			return nil, err
		}
		if c := p.advance(); c.kind != tokRParen {
			return nil, p.errAt(c, "expected ')' but found %s", c.describe())
		}
		return e, nil
	case tokIdent:
		lower := strings.ToLower(t.text)
		switch lower {
		case "true":
			return &Literal{Value: true, text: "true"}, nil
		case "false":
			return &Literal{Value: false, text: "false"}, nil
		case "null":
			return &Literal{Value: nil, text: "null"}, nil
		}
		if p.peek().kind == tokLParen {
			return p.parseCall(t, lower)
		}
		if why, ok := reserved[lower]; ok {
			if why == "" {
				why = "expected an operand"
			}
			return nil, p.errAt(t, "unexpected '%s': %s", t.text, why)
		}
		return &MemberExpr{Name: t.text}, nil
	default:
		return nil, p.errAt(t, "expected an operand but found %s", t.describe())
	}
}

// parseCall parses the argument list of function name; the cursor is at
// the opening parenthesis.
func (p *parser) parseCall(nameTok token, name string) (Expr, error) {
	arity, ok := functions[name]
	if !ok {
		return nil, p.errAt(nameTok, "unsupported function '%s' (supported: substringof, startswith, endswith, tolower, toupper)", nameTok.text)
	}
	if err := p.enter(p.advance()); err != nil {
		return nil, err
	}
	defer p.leave()
	call := &CallExpr{Func: name}
	if p.peek().kind == tokRParen {
		p.advance()
	} else {
		for {
			arg, err := p.parseOr()
			if err != nil {
				return nil, err
			}
			call.Args = append(call.Args, arg)
			t := p.advance()
			if t.kind == tokRParen {
				break
			}
			if t.kind != tokComma {
				return nil, p.errAt(t, "expected ',' or ')' in arguments of %s but found %s", name, t.describe())
			}
		}
	}
	if len(call.Args) != arity {
		return nil, p.errAt(nameTok, "%s takes %d argument(s), got %d", name, arity, len(call.Args))
	}
	return call, nil
}
