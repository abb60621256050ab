package odata

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"
)

// sexpr renders a tree fully parenthesised, with literal types, so tests can
// see exactly what was parsed.
func sexpr(e Expr) string {
	switch e := e.(type) {
	case *BinaryExpr:
		return "(" + sexpr(e.Left) + " " + e.Op + " " + sexpr(e.Right) + ")"
	case *NotExpr:
		return "(not " + sexpr(e.X) + ")"
	case *MemberExpr:
		return e.Name
	case *CallExpr:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			args[i] = sexpr(a)
		}
		return e.Func + "(" + strings.Join(args, ", ") + ")"
	case *Literal:
		switch v := e.Value.(type) {
		case nil:
			return "null"
		case string:
			return fmt.Sprintf("str(%s)", v)
		case int64:
			return fmt.Sprintf("int(%d)", v)
		case *big.Rat:
			return fmt.Sprintf("rat(%s)", v.RatString())
		case time.Time:
			return fmt.Sprintf("time(%s,zoned=%v)", v.Format(time.RFC3339Nano), e.zoned)
		default:
			return fmt.Sprintf("%T(%v)", v, v)
		}
	}
	return fmt.Sprintf("?%T", e)
}

func TestParseFilter(t *testing.T) {
	tests := []struct{ in, want string }{
		// Precedence: not > relational > equality > and > or.
		{"a or b and c", "(a or (b and c))"},
		{"a and b or c", "((a and b) or c)"},
		{"a or b or c", "((a or b) or c)"},
		{"(a or b) and c", "((a or b) and c)"},
		{"not a and b", "((not a) and b)"},
		{"not a or b and not c", "((not a) or (b and (not c)))"},
		{"not (a and b)", "(not (a and b))"},
		{"not not a", "(not (not a))"},
		{"NOT(a)", "(not a)"},
		{"not a eq b", "((not a) eq b)"},
		{"a gt b eq c", "((a gt b) eq c)"},
		{"A eq 1 and B ne 2 or C gt 3", "(((A eq int(1)) and (B ne int(2))) or (C gt int(3)))"},
		{"A lt 1 and (B le 2 or C ge 3)", "((A lt int(1)) and ((B le int(2)) or (C ge int(3))))"},
		{"((((A eq 1))))", "(A eq int(1))"},
		// Keywords are case-insensitive; member names keep their case.
		{"FirstName EQ 'x' AnD Age Gt 3 OR NOT IsActive", "(((FirstName eq str(x)) and (Age gt int(3))) or (not IsActive))"},
		// String literals.
		{"A eq 'it''s'", "(A eq str(it's))"},
		{"A eq ''", "(A eq str())"},
		{"A eq ''''", "(A eq str('))"},
		{"A eq 'a and b'", "(A eq str(a and b))"},
		{"A eq 'héllo wörld'", "(A eq str(héllo wörld))"},
		// Numbers, with OData type suffixes.
		{"A eq 30", "(A eq int(30))"},
		{"A eq -7", "(A eq int(-7))"},
		{"A eq 30L", "(A eq int(30))"},
		{"A eq 1.5", "(A eq rat(3/2))"},
		{"A eq 1234.56M", "(A eq rat(30864/25))"},
		{"A eq 2.50m", "(A eq rat(5/2))"},
		{"A eq 30.0M", "(A eq int(30))"},
		{"A eq 1.5d", "(A eq rat(3/2))"},
		{"A eq 1.5F", "(A eq rat(3/2))"},
		{"A eq 1e3", "(A eq int(1000))"},
		{"A eq 1E+10d", "(A eq int(10000000000))"},
		{"A eq 9223372036854775808", "(A eq rat(9223372036854775808))"},
		// Other literals.
		{"A eq true", "(A eq bool(true))"},
		{"A eq False", "(A eq bool(false))"},
		{"A eq NULL", "(A eq null)"},
		{"A eq datetime'2016-04-01T00:00:00'", "(A eq time(2016-04-01T00:00:00Z,zoned=false))"},
		{"A eq datetime'2016-04-01'", "(A eq time(2016-04-01T00:00:00Z,zoned=false))"},
		{"A eq DateTime'2016-04-01T10:20'", "(A eq time(2016-04-01T10:20:00Z,zoned=false))"},
		{"A eq datetime'2016-04-01T10:20:30.1234567'", "(A eq time(2016-04-01T10:20:30.1234567Z,zoned=false))"},
		{"A eq datetime'2016-04-01T10:20:30Z'", "(A eq time(2016-04-01T10:20:30Z,zoned=true))"},
		{"A eq datetimeoffset'2016-04-01T00:00:00+10:00'", "(A eq time(2016-04-01T00:00:00+10:00,zoned=true))"},
		{"A eq guid'6F9619FF-8B86-D011-B42D-00C04FC964FF'", "(A eq str(6f9619ff-8b86-d011-b42d-00c04fc964ff))"},
		// Functions.
		{"substringof('smith', Surname)", "substringof(str(smith), Surname)"},
		{"SubStringOf( 'x' , Surname ) eq true", "(substringof(str(x), Surname) eq bool(true))"},
		{"startswith(FirstName,'B') and endswith(Surname,'s')", "(startswith(FirstName, str(B)) and endswith(Surname, str(s)))"},
		{"tolower(FirstName) eq 'alice'", "(tolower(FirstName) eq str(alice))"},
		{"startswith(toupper(A), tolower('X'))", "startswith(toupper(A), tolower(str(X)))"},
		{"not startswith(A,'x')", "(not startswith(A, str(x)))"},
		// Whitespace.
		{"\tA  eq\n1 ", "(A eq int(1))"},
		{"(A eq 1)and(B eq 2)", "((A eq int(1)) and (B eq int(2)))"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := ParseFilter(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := sexpr(e); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			// String must reproduce an equivalent tree.
			e2, err := ParseFilter(e.String())
			if err != nil {
				t.Fatalf("reparse of %q: %v", e.String(), err)
			}
			if got := sexpr(e2); got != tt.want {
				t.Errorf("String() = %q reparses to %s", e.String(), got)
			}
		})
	}
}

func TestFilterString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"A eq 1 OR (B eq 2 AND C eq 3)", "A eq 1 or B eq 2 and C eq 3"},
		{"(A eq 1 or B eq 2) and C eq 3", "(A eq 1 or B eq 2) and C eq 3"},
		{"A or (B or C)", "A or (B or C)"},
		{"NOT (A eq 'it''s')", "not (A eq 'it''s')"},
		{"Startswith(A,'x') Eq True", "startswith(A,'x') eq true"},
		{"A eq 1.50M", "A eq 1.50M"},
		{"A eq DATETIME'2016-04-01'", "A eq datetime'2016-04-01'"},
	}
	for _, tt := range tests {
		e, err := ParseFilter(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if got := e.String(); got != tt.want {
			t.Errorf("%q: String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseFilterErrors(t *testing.T) {
	tests := []struct{ in, substr string }{
		{"Age eq", "position 7: expected an operand but found end of input"},
		{"eq 5", "position 1: unexpected 'eq'"},
		{"Age eq 'abc", "position 8: unterminated string literal"},
		{"(Age eq 1", "expected ')' but found end of input"},
		{"Age eq 1)", "position 9: unexpected ')'"},
		{"Age eq 1 Name", "unexpected 'Name'"},
		{"Age eq 1 and", "expected an operand"},
		{"Age eq 1 or or Age eq 2", "unexpected 'or'"},
		{"()", "expected an operand but found ')'"},
		{"foo(Age)", "unsupported function 'foo'"},
		{"length(Name) eq 3", "unsupported function 'length'"},
		{"startswith(Name)", "startswith takes 2 argument(s), got 1"},
		{"tolower(A, B)", "tolower takes 1 argument(s), got 2"},
		{"tolower()", "tolower takes 1 argument(s), got 0"},
		{"startswith(A 'x')", "expected ',' or ')'"},
		{"Age add 1 eq 2", "unexpected 'add'"},
		{"Age eq 1 add 2", "unexpected 'add'"},
		{"Age eq -Age", "arithmetic is not supported"},
		{"Address/Suburb eq 'x'", "member paths"},
		{"Age eq 1.5L", "invalid number"},
		{"Age eq 1.", "invalid number"},
		{"Age eq 1e", "invalid number"},
		{"Age eq 1e99999", "invalid number"},
		{"Age eq 12abc", "invalid number"},
		{"Age eq 1.2.3", "invalid number"},
		{"A eq datetime'2016-13-01'", "invalid datetime literal"},
		{"A eq datetime'yesterday'", "invalid datetime literal"},
		{"A eq datetime'2016-04-01", "unterminated string literal"},
		{"A eq binary'00'", "unsupported literal type \"binary\""},
		{"A eq \"x\"", "unexpected character '\"'"},
		{"A eq 1 & B eq 2", "unexpected character '&'"},
		{"A eq '\xff'", ""}, // invalid UTF-8 inside a string is just bytes
		{"\xff eq 1", "invalid UTF-8"},
		{strings.Repeat("(", MaxDepth+1) + "A" + strings.Repeat(")", MaxDepth+1), "nested more than 100 levels"},
		{strings.Repeat("not ", MaxDepth+1) + "A", "nested more than 100 levels"},
		{strings.Repeat("A eq 1 or ", MaxLength/10) + "A eq 1", "longer than 8192 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse("", "", "", tt.in)
			if tt.substr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			checkErr(t, err, ParamFilter, tt.substr)
		})
	}
	// Exactly MaxDepth levels is fine.
	deep := strings.Repeat("(", MaxDepth) + "A" + strings.Repeat(")", MaxDepth)
	if _, err := ParseFilter(deep); err != nil {
		t.Errorf("depth %d: %v", MaxDepth, err)
	}
}

func TestLiteralStringHandBuilt(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{nil, "null"},
		{"it's", "'it''s'"},
		{"", "''"},
		{true, "true"},
		{int64(5), "5"},
		{big.NewRat(3, 2), "1.5000000000M"},
		{big.NewRat(4, 2), "2"},
		{time.Date(2016, 4, 1, 0, 0, 0, 0, time.UTC), "datetime'2016-04-01T00:00:00'"},
	}
	for _, tt := range tests {
		l := &Literal{Value: tt.v}
		if got := l.String(); got != tt.want {
			t.Errorf("%#v: got %q, want %q", tt.v, got, tt.want)
		}
		if _, err := ParseFilter("A eq " + l.String()); err != nil {
			t.Errorf("%q does not parse: %v", l.String(), err)
		}
	}
}
