package odata

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// checkErr asserts that err is an *Error for param whose message contains
// substr.
func checkErr(t *testing.T, err error, param, substr string) {
	t.Helper()
	var qe *Error
	if !errors.As(err, &qe) {
		t.Fatalf("got error %v (%T), want *Error for %s", err, err, param)
	}
	if qe.Param != param {
		t.Errorf("Param = %q, want %q (message %q)", qe.Param, param, qe.Message)
	}
	if !strings.Contains(qe.Message, substr) {
		t.Errorf("Message = %q, want it to contain %q", qe.Message, substr)
	}
}

func TestParsePaging(t *testing.T) {
	tests := []struct {
		name, top, skip string
		wantTop         int
		wantSkip        int
		errParam        string
		errSubstr       string
	}{
		{name: "defaults", wantTop: 100},
		{name: "top", top: "5", wantTop: 5},
		{name: "top zero", top: "0", wantTop: 0},
		{name: "top max", top: "100", wantTop: 100},
		{name: "skip", skip: "20", wantTop: 100, wantSkip: 20},
		{name: "top 101", top: "101", errParam: ParamTop, errSubstr: "must not exceed 100"},
		{name: "top 1000", top: "1000", errParam: ParamTop, errSubstr: "must not exceed 100"},
		{name: "top overflow", top: "99999999999999999999", errParam: ParamTop, errSubstr: "must not exceed 100"},
		{name: "top abc", top: "abc", errParam: ParamTop, errSubstr: "non-negative integer"},
		{name: "top negative", top: "-1", errParam: ParamTop, errSubstr: "negative"},
		{name: "top decimal", top: "1.5", errParam: ParamTop, errSubstr: "integer"},
		{name: "top plus", top: "+5", errParam: ParamTop, errSubstr: "integer"},
		{name: "top space", top: " 5", errParam: ParamTop, errSubstr: "integer"},
		{name: "skip negative", skip: "-5", errParam: ParamSkip, errSubstr: "negative"},
		{name: "skip abc", skip: "x", errParam: ParamSkip, errSubstr: "integer"},
		{name: "skip overflow", skip: "99999999999999999999", errParam: ParamSkip, errSubstr: "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.top, tt.skip, "", "")
			if tt.errParam != "" {
				checkErr(t, err, tt.errParam, tt.errSubstr)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if q.Top != tt.wantTop || q.Skip != tt.wantSkip || q.OrderBy != nil || q.Filter != nil {
				t.Errorf("got %+v, want Top %d Skip %d", q, tt.wantTop, tt.wantSkip)
			}
		})
	}
}

func TestParseOrderBy(t *testing.T) {
	tests := []struct {
		in        string
		want      []OrderTerm
		errSubstr string
	}{
		{in: "", want: nil},
		{in: "FirstName", want: []OrderTerm{{Member: "FirstName"}}},
		{in: "FirstName desc", want: []OrderTerm{{"FirstName", true}}},
		{in: "Surname DESC, FirstName Asc ,id", want: []OrderTerm{{"Surname", true}, {"FirstName", false}, {"id", false}}},
		{in: "  Age   asc  ", want: []OrderTerm{{"Age", false}}},
		{in: "A,,B", errSubstr: "empty sort item"},
		{in: "A,", errSubstr: "empty sort item"},
		{in: "A sideways", errSubstr: "expected asc or desc"},
		{in: "A desc extra", errSubstr: "expected 'Member [asc|desc]'"},
		{in: "Address/Suburb", errSubstr: "member paths"},
		{in: "tolower(Name)", errSubstr: "invalid member name"},
		{in: "1abc", errSubstr: "invalid member name"},
		{in: strings.Repeat("A,", MaxLength/2) + "A", errSubstr: "longer than 8192 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			q, err := Parse("", "", tt.in, "")
			if tt.errSubstr != "" {
				checkErr(t, err, ParamOrderBy, tt.errSubstr)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(q.OrderBy, tt.want) {
				t.Errorf("got %+v, want %+v", q.OrderBy, tt.want)
			}
		})
	}
}

func TestErrorString(t *testing.T) {
	_, err := Parse("1000", "", "", "")
	if got, want := err.Error(), "invalid $top: must not exceed 100, got 1000"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
