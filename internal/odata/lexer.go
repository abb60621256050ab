package odata

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokIdent
	tokLiteral
	tokLParen
	tokRParen
	tokComma
)

type token struct {
	kind tokKind
	text string   // tokIdent: the name as written
	lit  *Literal // tokLiteral
	off  int      // byte offset in the source; see position
}

func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokIdent:
		return fmt.Sprintf("'%s'", t.text)
	case tokLiteral:
		return "literal " + t.lit.String()
	case tokLParen:
		return "'('"
	case tokRParen:
		return "')'"
	default:
		return "','"
	}
}

// lexer splits a $filter string into tokens. Literals are fully decoded
// here so the parser deals only in structure.
type lexer struct {
	src string
	i   int // byte offset
}

func (lx *lexer) errAt(off int, format string, args ...any) error {
	return syntaxError(lx.src, off, format, args...)
}

// syntaxError reports a problem at byte offset off of src. Positions are
// 1-based and count characters, which is what a client sees; they are only
// computed here because counting runes per token would make lexing
// quadratic.
func syntaxError(src string, off int, format string, args ...any) error {
	pos := utf8.RuneCountInString(src[:off]) + 1
	return errorf(ParamFilter, "syntax error at position %d: %s", pos, fmt.Sprintf(format, args...))
}

func (lx *lexer) all() ([]token, error) {
	var toks []token
	for {
		t, err := lx.next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.kind == tokEOF {
			return toks, nil
		}
	}
}

func (lx *lexer) next() (token, error) {
	s := lx.src
	for lx.i < len(s) && isSpace(s[lx.i]) {
		lx.i++
	}
	start := lx.i
	tok := token{off: start}
	if start >= len(s) {
		tok.kind = tokEOF
		return tok, nil
	}
	c := s[start]
	switch {
	case c == '(':
		lx.i++
		tok.kind = tokLParen
	case c == ')':
		lx.i++
		tok.kind = tokRParen
	case c == ',':
		lx.i++
		tok.kind = tokComma
	case c == '\'':
		str, err := lx.quoted()
		if err != nil {
			return tok, err
		}
		tok.kind, tok.lit = tokLiteral, &Literal{Value: str, text: quote(str)}
	case c == '-' || isDigit(c):
		lit, err := lx.number()
		if err != nil {
			return tok, err
		}
		tok.kind, tok.lit = tokLiteral, lit
	case c == '/':
		return tok, lx.errAt(start, "member paths ('/') are not supported")
	default:
		r, size := utf8.DecodeRuneInString(s[start:])
		if !isIdentStart(r) {
			if r == utf8.RuneError && size == 1 {
				return tok, lx.errAt(start, "invalid UTF-8")
			}
			return tok, lx.errAt(start, "unexpected character %q", r)
		}
		lx.i += size
		for lx.i < len(s) {
			r, size := utf8.DecodeRuneInString(s[lx.i:])
			if !isIdentPart(r) {
				break
			}
			lx.i += size
		}
		name := s[start:lx.i]
		if lx.i < len(s) && s[lx.i] == '\'' {
			lit, err := lx.typedLiteral(start, name)
			if err != nil {
				return tok, err
			}
			tok.kind, tok.lit = tokLiteral, lit
			return tok, nil
		}
		tok.kind, tok.text = tokIdent, name
	}
	return tok, nil
}

// quoted scans a '…' string at lx.i, where ” stands for one quote.
func (lx *lexer) quoted() (string, error) {
	s, start := lx.src, lx.i
	var b strings.Builder
	i := start + 1
	for {
		j := strings.IndexByte(s[i:], '\'')
		if j < 0 {
			return "", lx.errAt(start, "unterminated string literal")
		}
		b.WriteString(s[i : i+j])
		i += j + 1
		if i < len(s) && s[i] == '\'' {
			b.WriteByte('\'')
			i++
			continue
		}
		lx.i = i
		return b.String(), nil
	}
}

// number scans -?digits[.digits][e[+-]digits][suffix]. The suffix (M, D, F
// or L, either case) names an Edm type in OData; it does not change how we
// compare, but L is only valid on integers.
func (lx *lexer) number() (*Literal, error) {
	s, start := lx.src, lx.i
	i := start
	if s[i] == '-' {
		i++
		if i >= len(s) || !isDigit(s[i]) {
			return nil, lx.errAt(start, "unexpected '-' (arithmetic is not supported)")
		}
	}
	i = skipDigits(s, i)
	integer := true
	if i < len(s) && s[i] == '.' {
		integer = false
		i = skipDigits(s, i+1)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		integer = false
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		i = skipDigits(s, i)
	}
	body := s[start:i]
	if i < len(s) {
		switch s[i] {
		case 'M', 'm', 'D', 'd', 'F', 'f':
			i++
		case 'L', 'l':
			if !integer {
				return nil, lx.errAt(start, "invalid number %q", s[start:i+1])
			}
			i++
		}
	}
	if i < len(s) {
		if r, _ := utf8.DecodeRuneInString(s[i:]); isIdentPart(r) || r == '.' {
			return nil, lx.errAt(start, "invalid number %q", s[start:i+1])
		}
	}
	n, ok := parseDecimal(body)
	if !ok {
		return nil, lx.errAt(start, "invalid number %q", s[start:i])
	}
	lx.i = i
	var v any
	if n.kind == nInt {
		v = n.i
	} else {
		v = n.r
	}
	return &Literal{Value: v, text: s[start:i]}, nil
}

// typedLiteral decodes prefix'…' literals. name starts at byte offset start
// and lx.i is at the opening quote.
func (lx *lexer) typedLiteral(start int, name string) (*Literal, error) {
	body, err := lx.quoted()
	if err != nil {
		return nil, err
	}
	prefix := strings.ToLower(name)
	switch prefix {
	case "datetime", "datetimeoffset":
		t, zoned, ok := parseDateTime(body)
		if !ok {
			return nil, lx.errAt(start, "invalid %s literal %s (want yyyy-mm-ddThh:mm[:ss[.fffffff]][Z|±hh:mm])", prefix, quote(body))
		}
		return &Literal{Value: t, zoned: zoned, text: prefix + quote(body)}, nil
	case "guid":
		// uuid.UUID renders lower case; normalise so eq matches either.
		g := strings.ToLower(body)
		return &Literal{Value: g, text: "guid" + quote(g)}, nil
	default:
		return nil, lx.errAt(start, "unsupported literal type %q", name)
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }
func isIdentPart(r rune) bool  { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// isIdentifier reports whether s is a plain member name.
func isIdentifier(s string) bool {
	for i, r := range s {
		if r == utf8.RuneError || !(isIdentPart(r) && (i > 0 || isIdentStart(r))) {
			return false
		}
	}
	return s != ""
}
