package odata

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse checks that no input makes Parse, Apply or Count panic, that
// every error is an *Error naming a real parameter, and that a parsed filter
// survives a String/ParseFilter round trip. Plain `go test` only runs the
// seeds; fuzz with:
//
//	go test ./internal/odata/ -run '^$' -fuzz FuzzParse -fuzztime 20s
func FuzzParse(f *testing.F) {
	for _, s := range [][4]string{
		{"", "", "", ""},
		{"10", "5", "FirstName desc, Age", "Age eq 30"},
		{"1000", "-1", "A,,B", "Age eq"},
		{"", "", "Manager", "substringof('smith', Surname) or not IsActive"},
		{"", "", "", "StartDate ge datetime'2016-04-01T00:00:00' and Salary gt 1234.56M"},
		{"", "", "", "(Age eq 30 or Age eq 45) and IsActive eq false"},
		{"", "", "", "tolower(FirstName) eq 'o''brien' and Manager ne null"},
		{"", "", "", "startswith(toupper(FirstName), 'B') eq true"},
		{"", "", "", "Extra eq 5 or Hours le -1.5e3d"},
		{"", "", "", "DateOfBirth lt datetime'1990-01-16T00:00:00.123+10:00'"},
		{"", "", "", "not not (Key eq guid'AB')"},
		{"", "", "", "((((((Age"},
		{"", "", "", "A eq 'unterminated"},
		{"", "", "", "Age eq 1e99999"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, top, skip, orderby, filter string) {
		q, err := Parse(top, skip, orderby, filter)
		if err != nil {
			requireQueryError(t, err)
			return
		}
		if q.Top < 0 || q.Top > MaxTop || q.Skip < 0 {
			t.Fatalf("out of range paging accepted: %+v", q)
		}
		if q.Filter != nil {
			s := q.Filter.String()
			e2, err := ParseFilter(s)
			if err != nil {
				t.Fatalf("String() of %q is %q, which does not parse: %v", filter, s, err)
			}
			if a, b := sexpr(q.Filter), sexpr(e2); a != b {
				t.Fatalf("round trip of %q via %q changed the tree:\n%s\n%s", filter, s, a, b)
			}
		}
		if _, err := Apply(employees(), q); err != nil {
			requireQueryError(t, err)
		}
		if _, err := Count(employees(), q); err != nil {
			requireQueryError(t, err)
		}
		// The SQL compiler: no panic, only *Error, and no client text in
		// the SQL (every literal is bound; only whitelisted names appear).
		s, err := CompileSQL(q, fuzzColumns, 1)
		if err != nil {
			requireQueryError(t, err)
			return
		}
		for _, a := range s.Args {
			// (the compiler's own constants: LIKE's escape and wildcards)
			if str, ok := a.(string); ok && !strings.Contains(`\ % _ \\ \% \_`, str) && strings.Contains(s.Where, "'"+str+"'") {
				t.Fatalf("literal %q interpolated into %q", str, s.Where)
			}
		}
	})
}

// fuzzColumns whitelists some members of the employee fixture.
var fuzzColumns = Whitelist{ID: "e.id", Columns: map[string]Column{
	"id":        {SQL: "e.id", Type: ColInt},
	"firstName": {SQL: "e.first_name", Type: ColString},
	"surname":   {SQL: "e.surname", Type: ColString},
	"age":       {SQL: "e.age", Type: ColInt},
	"isActive":  {SQL: "e.is_active", Type: ColBool},
	"startDate": {SQL: "e.start_date", Type: ColTime},
	"endDate":   {SQL: "e.end_date", Type: ColTime, Nullable: true},
	"manager":   {SQL: "e.manager", Type: ColString, Nullable: true},
}, Unsupported: []string{"tags"}}

func requireQueryError(t *testing.T, err error) {
	t.Helper()
	var qe *Error
	if !errors.As(err, &qe) {
		t.Fatalf("error %v is %T, not *Error", err, err)
	}
	switch qe.Param {
	case ParamTop, ParamSkip, ParamOrderBy, ParamFilter:
	default:
		t.Fatalf("error %v names unknown parameter %q", err, qe.Param)
	}
	if qe.Message == "" {
		t.Fatalf("empty message for %s", qe.Param)
	}
}
