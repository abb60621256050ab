package odata

import (
	"strconv"
	"strings"
)

const (
	// DefaultTop is the page size used when $top is absent.
	DefaultTop = 100
	// MaxTop is the largest $top a client may ask for, as in KeyPay.
	MaxTop = 100
)

// OrderTerm is one item of $orderby.
type OrderTerm struct {
	Member string // as written by the client; resolved by Apply
	Desc   bool
}

// Query is a parsed set of list-query options.
//
// The zero value has Top 0 and therefore selects nothing; build queries with
// Parse, or set Top explicitly. Apply does not enforce MaxTop, so internal
// callers may ask for more than clients can.
type Query struct {
	Top, Skip int
	OrderBy   []OrderTerm
	Filter    Expr // nil = no filter
}

// Parse parses raw query-string values (already URL-decoded; empty means
// absent). It checks syntax only: member names and types are checked by
// Apply and Count against the element type. All errors are *Error.
func Parse(top, skip, orderby, filter string) (Query, error) {
	q := Query{Top: DefaultTop}
	var err error
	if top != "" {
		if q.Top, err = parseCount(ParamTop, top, MaxTop); err != nil {
			return Query{}, err
		}
	}
	if skip != "" {
		if q.Skip, err = parseCount(ParamSkip, skip, -1); err != nil {
			return Query{}, err
		}
	}
	if q.OrderBy, err = parseOrderBy(orderby); err != nil {
		return Query{}, err
	}
	if filter != "" {
		if q.Filter, err = ParseFilter(filter); err != nil {
			return Query{}, err
		}
	}
	return q, nil
}

// parseCount parses a non-negative decimal integer no larger than max
// (max < 0 means unbounded). Only ASCII digits are accepted: "+5", " 5" and
// "5.0" are rejected rather than guessed at.
func parseCount(param, s string, max int) (int, error) {
	if strings.HasPrefix(s, "-") && isDigits(s[1:]) {
		return 0, errorf(param, "must not be negative, got %s", s)
	}
	if !isDigits(s) {
		return 0, errorf(param, "must be a non-negative integer, got %q", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil { // only possible error left is overflow
		if max >= 0 {
			return 0, errorf(param, "must not exceed %d, got %s", max, s)
		}
		return 0, errorf(param, "%s is too large", s)
	}
	if max >= 0 && n > max {
		return 0, errorf(param, "must not exceed %d, got %d", max, n)
	}
	return n, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseOrderBy parses "Member [asc|desc], ...". Keywords are
// case-insensitive; an empty item (a stray comma) is an error because it is
// almost certainly a client bug.
func parseOrderBy(s string) ([]OrderTerm, error) {
	if s == "" {
		return nil, nil
	}
	if len(s) > MaxLength {
		return nil, errorf(ParamOrderBy, "longer than %d bytes", MaxLength)
	}
	parts := strings.Split(s, ",")
	terms := make([]OrderTerm, 0, len(parts))
	for _, part := range parts {
		f := strings.Fields(part)
		if len(f) == 0 {
			return nil, errorf(ParamOrderBy, "empty sort item in %q", s)
		}
		if len(f) > 2 {
			return nil, errorf(ParamOrderBy, "expected 'Member [asc|desc]', got %q", strings.TrimSpace(part))
		}
		if !isIdentifier(f[0]) {
			if strings.Contains(f[0], "/") {
				return nil, errorf(ParamOrderBy, "member paths are not supported: %q", f[0])
			}
			return nil, errorf(ParamOrderBy, "invalid member name %q", f[0])
		}
		t := OrderTerm{Member: f[0]}
		if len(f) == 2 {
			switch strings.ToLower(f[1]) {
			case "asc":
			case "desc":
				t.Desc = true
			default:
				return nil, errorf(ParamOrderBy, "expected asc or desc after %s, got %q", f[0], f[1])
			}
		}
		terms = append(terms, t)
	}
	return terms, nil
}
