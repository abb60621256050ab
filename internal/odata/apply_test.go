package odata

import (
	"math/big"
	"reflect"
	"slices"
	"testing"
	"time"
)

// money is a wrapper type that plugs in through Valuer, keeping cents exact.
type money struct{ cents int64 }

func (m money) OData() any { return big.NewRat(m.cents, 100) }

// date plugs in through a pointer-receiver Valuer; the zero date is null.
type date struct{ t time.Time }

func (d *date) OData() any {
	if d.t.IsZero() {
		return nil
	}
	return d.t
}

// guid is an array type that compares through its String method.
type guid [2]byte

func (g guid) String() string {
	return string("0123456789abcdef"[g[0]>>4]) + string("0123456789abcdef"[g[0]&15])
}

type audit struct {
	ID        int    `json:"id"`
	CreatedBy string `json:"createdBy"`
}

type employee struct {
	audit
	FirstName string     `json:"firstName"`
	Surname   string     `json:"surname,omitempty"`
	Age       int        `json:"age"`
	Rate      float64    `json:"rate"`
	Salary    money      `json:"salary"`
	Active    bool       `json:"isActive"`
	Start     time.Time  `json:"startDate"`
	End       *time.Time `json:"endDate"`
	Born      string     `json:"dateOfBirth"`
	Manager   *string    `json:"manager"`
	Hours     *float64   `json:"hours"`
	Hired     date       `json:"hiredDate"`
	Extra     any        `json:"extra"`
	Level     uint8      `json:"level"`
	Key       guid       `json:"key"`
	Tags      []string   `json:"tags"`
	Password  string     `json:"-"`
	Notes     string
	//lint:ignore U1000 an unexported field is not a member, whatever its name (the test's point)
	internal int
}

func ptr[T any](v T) *T { return &v }

func day(s string) time.Time {
	t, err := time.Parse("2006-01-02T15:04:05", s)
	if err != nil {
		panic(err)
	}
	return t
}

func employees() []employee {
	return []employee{
		{audit: audit{1, "sys"}, FirstName: "Alice", Surname: "Smith", Age: 30, Rate: 25.5, Salary: money{123456},
			Active: true, Start: day("2016-04-01T00:00:00"), Born: "1990-01-15T00:00:00", Manager: ptr("Bob"),
			Hours: ptr(37.5), Hired: date{day("2016-04-01T00:00:00")}, Extra: "x", Level: 1, Key: guid{0xAB}, Notes: "it's"},
		{audit: audit{2, "sys"}, FirstName: "bob", Surname: "Jones", Age: 45, Rate: 40, Salary: money{200000},
			Start: day("2010-01-01T00:00:00"), End: ptr(day("2020-07-31T00:00:00")), Born: "1979-06-30", Extra: 5, Level: 2},
		{audit: audit{3, "ann"}, FirstName: "Carol", Surname: "O'Brien", Age: 30, Rate: 0.1, Salary: money{99999},
			Active: true, Start: day("2020-07-31T09:30:00"), Born: "", Manager: ptr("Alice"), Hours: ptr(0.0),
			Hired: date{day("2020-07-31T00:00:00")}, Level: 3},
		{audit: audit{4, "ann"}, FirstName: "dave", Surname: "Smith", Age: 22, Rate: 18.75, Salary: money{10},
			Active: true, Start: day("2021-02-28T00:00:00"), End: ptr(day("2022-01-01T00:00:00")),
			Born: "2001-02-03T04:05:06.789", Manager: ptr("bob"), Hours: ptr(20.0), Extra: true, Level: 1},
		{audit: audit{5, "sys"}, FirstName: "Eve", Surname: "smithers", Age: 61, Rate: 55, Salary: money{500000},
			Start: day("1999-12-31T23:59:59"), Born: "not a date", Level: 2},
	}
}

func ids(es []employee) []int {
	out := []int{}
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

func TestApply(t *testing.T) {
	type tc struct {
		name                       string
		top, skip, orderby, filter string
		want                       []int
		errParam, errSubstr        string
	}
	all := []int{1, 2, 3, 4, 5}
	tests := []tc{
		// Paging.
		{name: "defaults", want: all},
		{name: "top", top: "2", want: []int{1, 2}},
		{name: "top zero", top: "0", want: []int{}},
		{name: "skip", skip: "3", want: []int{4, 5}},
		{name: "skip to end", skip: "5", want: []int{}},
		{name: "skip beyond end", skip: "1000", want: []int{}},
		{name: "top and skip", top: "2", skip: "1", want: []int{2, 3}},
		{name: "top past end", top: "100", skip: "4", want: []int{5}},

		// Ordering.
		{name: "orderby asc is stable", orderby: "Age", want: []int{4, 1, 3, 2, 5}},
		{name: "orderby desc is stable", orderby: "Age desc", want: []int{5, 2, 1, 3, 4}},
		{name: "orderby multi desc asc", orderby: "Age desc, FirstName", want: []int{5, 2, 1, 3, 4}},
		{name: "orderby multi asc desc", orderby: "age ASC,firstname DESC", want: []int{4, 3, 1, 2, 5}},
		{name: "orderby ordinal strings", orderby: "Surname, Id desc", want: []int{2, 3, 4, 1, 5}},
		{name: "orderby nulls first", orderby: "Manager", want: []int{2, 5, 3, 1, 4}},
		{name: "orderby nulls last desc", orderby: "Manager desc", want: []int{4, 1, 3, 2, 5}},
		{name: "orderby valuer", orderby: "Salary", want: []int{4, 3, 1, 2, 5}},
		{name: "orderby time", orderby: "StartDate", want: []int{5, 2, 1, 3, 4}},
		{name: "orderby bool", orderby: "IsActive", want: []int{2, 5, 1, 3, 4}},
		{name: "orderby float pointer", orderby: "Hours desc", want: []int{1, 4, 3, 2, 5}},
		{name: "orderby then page", orderby: "Age", top: "2", skip: "1", want: []int{1, 3}},
		{name: "orderby after filter", orderby: "FirstName desc", filter: "Age le 30", want: []int{4, 3, 1}},
		{name: "orderby unknown", orderby: "Bogus", errParam: ParamOrderBy, errSubstr: "unknown member 'Bogus'"},
		{name: "orderby unsupported type", orderby: "Tags", errParam: ParamOrderBy, errSubstr: "cannot be filtered or sorted on"},
		{name: "orderby dynamic mismatch", orderby: "Extra", errParam: ParamOrderBy, errSubstr: "cannot compare"},

		// Each comparison operator.
		{name: "eq", filter: "Age eq 30", want: []int{1, 3}},
		{name: "ne", filter: "Age ne 30", want: []int{2, 4, 5}},
		{name: "gt", filter: "Age gt 30", want: []int{2, 5}},
		{name: "ge", filter: "Age ge 45", want: []int{2, 5}},
		{name: "lt", filter: "Age lt 30", want: []int{4}},
		{name: "le", filter: "Age le 30", want: []int{1, 3, 4}},
		{name: "literal on the left", filter: "30 lt Age", want: []int{2, 5}},
		{name: "string eq is case-sensitive", filter: "FirstName eq 'alice'", want: []int{}},
		{name: "string eq", filter: "FirstName eq 'Alice'", want: []int{1}},
		{name: "string gt is ordinal", filter: "FirstName gt 'a'", want: []int{2, 4}},
		{name: "bool eq", filter: "IsActive eq false", want: []int{2, 5}},
		{name: "bare bool member", filter: "IsActive", want: []int{1, 3, 4}},
		{name: "uint", filter: "Level eq 1", want: []int{1, 4}},
		{name: "stringer", filter: "Key eq 'ab'", want: []int{1}},
		{name: "member vs member", filter: "Rate gt Age", want: []int{}},
		{name: "constant filter", filter: "1 eq 1", want: all},

		// Logic and precedence.
		{name: "and binds tighter than or", filter: "Age eq 30 or Age eq 45 and IsActive eq false", want: []int{1, 2, 3}},
		{name: "parentheses", filter: "(Age eq 30 or Age eq 45) and IsActive eq false", want: []int{2}},
		{name: "not", filter: "not IsActive", want: []int{2, 5}},
		{name: "not binds tighter than and", filter: "not IsActive and Age gt 50", want: []int{5}},
		{name: "not parenthesised", filter: "not (IsActive and Age gt 25)", want: []int{2, 4, 5}},
		{name: "not binds tighter than eq", filter: "not IsActive eq true", want: []int{2, 5}},
		{name: "not of comparison needs parens", filter: "not Age eq 30", errParam: ParamFilter, errSubstr: "operand of not must be a boolean expression, but Age is a number"},
		{name: "keywords any case", filter: "Age EQ 30 AND IsActive Eq TRUE", want: []int{1, 3}},

		// Literals.
		{name: "string escape", filter: "Surname eq 'O''Brien'", want: []int{3}},
		{name: "string escape 2", filter: "Notes eq 'it''s'", want: []int{1}},
		{name: "decimal M suffix", filter: "Salary eq 1234.56M", want: []int{1}},
		{name: "decimal m suffix gt", filter: "Salary gt 999.99m", want: []int{1, 2, 5}},
		{name: "decimal exact small", filter: "Salary eq 0.1M", want: []int{4}},
		{name: "decimal vs int", filter: "Salary eq 2000", want: []int{2}},
		{name: "decimal vs float field", filter: "Rate eq 0.1", want: []int{3}},
		{name: "double suffix", filter: "Rate gt 25.5d", want: []int{2, 5}},
		{name: "float suffix", filter: "Rate ge 18.75f", want: []int{1, 2, 4, 5}},
		{name: "long suffix", filter: "Age eq 30L", want: []int{1, 3}},
		{name: "integral decimal", filter: "Age eq 30.0M", want: []int{1, 3}},
		{name: "fractional vs int", filter: "Age lt 22.5", want: []int{4}},
		{name: "numeric string literal", filter: "Age eq '30'", want: []int{1, 3}},

		// Datetimes.
		{name: "datetime ge", filter: "StartDate ge datetime'2016-04-01T00:00:00'", want: []int{1, 3, 4}},
		{name: "datetime date only", filter: "StartDate eq datetime'2016-04-01'", want: []int{1}},
		{name: "datetime fraction", filter: "StartDate eq datetime'2020-07-31T09:30:00.000'", want: []int{3}},
		{name: "datetime no seconds", filter: "StartDate eq datetime'2020-07-31T09:30'", want: []int{3}},
		{name: "datetime zoned", filter: "StartDate lt datetime'2000-01-01T10:00:00+10:00'", want: []int{5}},
		{name: "datetime pointer", filter: "EndDate gt datetime'2021-01-01'", want: []int{4}},
		{name: "datetime valuer", filter: "HiredDate eq datetime'2020-07-31'", want: []int{3}},
		{name: "datetime vs string member", filter: "DateOfBirth lt datetime'1990-01-16'", want: []int{1, 2}},
		{name: "datetime vs string member fraction", filter: "DateOfBirth eq datetime'2001-02-03T04:05:06.789'", want: []int{4}},
		{name: "string literal as datetime", filter: "StartDate gt '2020-01-01'", want: []int{3, 4}},
		{name: "datetime literal on left", filter: "datetime'2020-01-01' lt StartDate", want: []int{3, 4}},

		// Members.
		{name: "PascalCase member", filter: "FirstName eq 'Carol' and IsActive", want: []int{3}},
		{name: "lower-case member", filter: "firstname eq 'Carol'", want: []int{3}},
		{name: "embedded member", filter: "ID eq 2 or CreatedBy eq 'ann'", want: []int{2, 3, 4}},
		{name: "untagged member", filter: "notes eq 'it''s'", want: []int{1}},
		{name: "unknown member", filter: "Bogus eq 1", errParam: ParamFilter, errSubstr: "unknown member 'Bogus'"},
		{name: "json dash member", filter: "Password eq 'x'", errParam: ParamFilter, errSubstr: "unknown member 'Password'"},
		{name: "unexported member", filter: "internal eq 1", errParam: ParamFilter, errSubstr: "unknown member 'internal'"},
		{name: "go name of tagged member", filter: "Active eq true", errParam: ParamFilter, errSubstr: "unknown member 'Active'"},
		{name: "unknown member in function", filter: "startswith(Bogus, 'x')", errParam: ParamFilter, errSubstr: "unknown member 'Bogus'"},
		{name: "unsupported member type", filter: "Tags eq 'x'", errParam: ParamFilter, errSubstr: "member 'Tags' has type []string"},

		// Nulls.
		{name: "eq null", filter: "Manager eq null", want: []int{2, 5}},
		{name: "ne null", filter: "Manager ne null", want: []int{1, 3, 4}},
		{name: "null on left", filter: "null eq Manager", want: []int{2, 5}},
		{name: "null pointer time", filter: "EndDate eq null", want: []int{1, 3, 5}},
		{name: "null valuer", filter: "HiredDate eq null", want: []int{2, 4, 5}},
		{name: "null interface", filter: "Extra eq null", want: []int{3, 5}},
		{name: "null excluded from gt", filter: "Hours gt 10", want: []int{1, 4}},
		{name: "null excluded from le", filter: "Hours le 10", want: []int{3}},
		{name: "not of false comparison", filter: "not (Hours gt 10)", want: []int{2, 3, 5}},
		{name: "null or true", filter: "startswith(Manager, 'b') or Age gt 60", want: []int{1, 4, 5}},
		{name: "null and false", filter: "not (startswith(Manager, 'x') and Age gt 100)", want: all},
		{name: "null eq null", filter: "null eq null", want: all},
		{name: "null filter", filter: "null", want: []int{}},
		{name: "unparseable string date is null", filter: "DateOfBirth eq null or DateOfBirth ne null", want: all},
		{name: "unparseable string date not compared", filter: "DateOfBirth ge datetime'0001-01-01'", want: []int{1, 2, 4}},

		// Functions.
		{name: "substringof", filter: "substringof('smith', Surname)", want: []int{1, 4, 5}},
		{name: "substringof eq true", filter: "substringof('O', Manager) eq true", want: []int{1, 4}},
		{name: "startswith", filter: "startswith(FirstName,'B')", want: []int{2}},
		{name: "endswith", filter: "endswith(Surname,'S')", want: []int{2, 5}},
		{name: "not startswith null", filter: "not startswith(Manager, 'a')", want: []int{1, 4}},
		{name: "tolower", filter: "tolower(FirstName) eq 'alice'", want: []int{1}},
		{name: "toupper", filter: "toupper(Surname) eq 'SMITH'", want: []int{1, 4}},
		{name: "nested functions", filter: "startswith(toupper(FirstName), tolower('D'))", want: []int{4}},
		{name: "function on dynamic, short-circuit", filter: "Age eq 30 and substringof('X', Extra)", want: []int{1}},

		// Type errors.
		{name: "int vs non-numeric string", filter: "Age eq 'abc'", errParam: ParamFilter, errSubstr: "cannot compare Age (number) with 'abc' (string)"},
		{name: "string vs number", filter: "FirstName eq 5", errParam: ParamFilter, errSubstr: "cannot compare FirstName (string) with 5 (number)"},
		{name: "bool vs number", filter: "IsActive eq 1", errParam: ParamFilter, errSubstr: "cannot compare"},
		{name: "datetime vs bad string", filter: "StartDate eq 'garbage'", errParam: ParamFilter, errSubstr: "not a datetime"},
		{name: "datetime vs number", filter: "StartDate gt 5", errParam: ParamFilter, errSubstr: "cannot compare StartDate (datetime) with 5 (number)"},
		{name: "function on number", filter: "startswith(Age, '3')", errParam: ParamFilter, errSubstr: "startswith takes string arguments, but Age is a number"},
		{name: "non-boolean filter", filter: "Age", errParam: ParamFilter, errSubstr: "the filter must be a boolean expression"},
		{name: "non-boolean and", filter: "Age and IsActive", errParam: ParamFilter, errSubstr: "operands of and must be a boolean"},
		{name: "non-boolean function filter", filter: "tolower(FirstName)", errParam: ParamFilter, errSubstr: "must be a boolean"},
		{name: "dynamic mismatch", filter: "Extra eq 5", errParam: ParamFilter, errSubstr: "cannot compare a number with a non-numeric string"},
		{name: "valuer vs string", filter: "Salary eq 'lots'", errParam: ParamFilter, errSubstr: "non-numeric string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := Parse(tt.top, tt.skip, tt.orderby, tt.filter)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			items := employees()
			got, err := Apply(items, q)
			if tt.errParam != "" {
				checkErr(t, err, tt.errParam, tt.errSubstr)
				return
			}
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			if !slices.Equal(ids(got), tt.want) {
				t.Errorf("got %v, want %v", ids(got), tt.want)
			}
			if !slices.Equal(ids(items), all) {
				t.Errorf("input reordered: %v", ids(items))
			}
			// Count agrees with an unpaged Apply.
			n, err := Count(items, q)
			if err != nil {
				t.Fatalf("Count: %v", err)
			}
			unpaged, _ := Apply(items, Query{Top: len(items), Filter: q.Filter})
			if n != len(unpaged) {
				t.Errorf("Count = %d, want %d", n, len(unpaged))
			}
		})
	}
}

func TestApplyValidatesEmptyList(t *testing.T) {
	for _, f := range []string{"Bogus eq 1", "Age eq 'abc'", "Age"} {
		q, err := Parse("", "", "", f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Apply[employee](nil, q); err == nil {
			t.Errorf("%q: no error for empty list", f)
		}
	}
	got, err := Apply[employee](nil, Query{Top: 10})
	if err != nil || got == nil || len(got) != 0 {
		t.Errorf("got %v, %v; want empty non-nil slice", got, err)
	}
}

func TestCount(t *testing.T) {
	q, err := Parse("1", "1", "Age desc", "Age eq 30 or IsActive eq false")
	if err != nil {
		t.Fatal(err)
	}
	n, err := Count(employees(), q)
	if err != nil || n != 4 {
		t.Errorf("Count = %d, %v; want 4", n, err)
	}
	_, err = Count(employees(), Query{Filter: &MemberExpr{Name: "Nope"}})
	checkErr(t, err, ParamFilter, "unknown member 'Nope'")
}

func TestApplyPointers(t *testing.T) {
	es := employees()
	items := []*employee{&es[0], nil, &es[1], &es[2]}
	q, err := Parse("", "", "Age desc", "Manager eq null or Age eq 30")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Apply(items, q)
	if err != nil {
		t.Fatal(err)
	}
	// nil sorts first ascending, so last descending; pointers are preserved.
	want := []*employee{&es[1], &es[0], &es[2], nil}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestApplyManualQuery(t *testing.T) {
	_, err := Apply(employees(), Query{Top: -1})
	checkErr(t, err, ParamTop, "negative")
	_, err = Apply(employees(), Query{Top: 1, Skip: -1})
	checkErr(t, err, ParamSkip, "negative")
	// Apply itself does not cap Top; only Parse enforces MaxTop.
	many := make([]employee, 250)
	got, err := Apply(many, Query{Top: 200})
	if err != nil || len(got) != 200 {
		t.Errorf("got %d items, %v", len(got), err)
	}
	// Hand-built trees with unexpected nodes are errors, not panics.
	for _, e := range []Expr{
		&BinaryExpr{Op: "xor", Left: &Literal{Value: true}, Right: &Literal{Value: true}},
		&BinaryExpr{Op: OpAnd, Left: nil, Right: &Literal{Value: true}},
		&NotExpr{},
		&CallExpr{Func: "length", Args: []Expr{&MemberExpr{Name: "FirstName"}}},
		&CallExpr{Func: "tolower"},
		&BinaryExpr{Op: OpEq, Left: &Literal{Value: []int{1}}, Right: &Literal{Value: 1}},
	} {
		if _, err := Apply(employees(), Query{Top: 10, Filter: e}); err == nil {
			t.Errorf("%s: no error", sexpr(e))
		} else {
			checkErr(t, err, ParamFilter, "")
		}
	}
	// Hand-built literals of other Go types go through the Valuer rules.
	got, err = Apply(employees(), Query{Top: 10, Filter: &BinaryExpr{Op: OpEq, Left: &MemberExpr{Name: "age"}, Right: &Literal{Value: int16(22)}}})
	if err != nil || !slices.Equal(ids(got), []int{4}) {
		t.Errorf("int16 literal: %v, %v", ids(got), err)
	}
}

// Member resolution follows encoding/json.
func TestMembers(t *testing.T) {
	type inner struct {
		Shadowed string `json:"shadowed"`
		Deep     string `json:"deep"`
		Both     int
	}
	type other struct{ Both int }
	type named struct {
		X int `json:"x"`
	}
	type outer struct {
		*inner
		other
		Named    named  `json:"named"`
		Shadowed string `json:"shadowed"`
		Lower    string `json:"value"`
		Upper    string `json:"VALUE"`
		Opts     int    `json:",omitempty"`
	}
	fields := map[string]string{}
	for _, f := range jsonFields(reflect.TypeFor[outer]()) {
		fields[f.name] = f.typ.String()
	}
	want := map[string]string{
		"named": "odata.named", "shadowed": "string", "value": "string", "VALUE": "string",
		"Opts": "int", "deep": "string", // Both is ambiguous at equal depth and dropped
	}
	if !reflect.DeepEqual(fields, want) {
		t.Errorf("fields = %v\nwant     %v", fields, want)
	}

	items := []outer{{Shadowed: "top", Lower: "l", Upper: "U"}, {inner: &inner{Deep: "d"}}}
	run := func(filter string) ([]outer, error) {
		q, err := Parse("", "", "", filter)
		if err != nil {
			t.Fatal(err)
		}
		return Apply(items, q)
	}
	// A nil embedded pointer makes its members null.
	if got, err := run("deep eq null"); err != nil || len(got) != 1 || got[0].Shadowed != "top" {
		t.Errorf("deep eq null: %v %v", got, err)
	}
	if got, err := run("shadowed eq 'top'"); err != nil || len(got) != 1 {
		t.Errorf("shadowed: %v %v", got, err)
	}
	// Exact matches win; a case-insensitive match must be unique.
	if got, err := run("VALUE eq 'U'"); err != nil || len(got) != 1 {
		t.Errorf("VALUE: %v %v", got, err)
	}
	_, err := run("Value eq 'U'")
	checkErr(t, err, ParamFilter, "member 'Value' is ambiguous")
	_, err = run("Both eq 1")
	checkErr(t, err, ParamFilter, "unknown member 'Both'")
	_, err = run("Named eq 1")
	checkErr(t, err, ParamFilter, "cannot be filtered")
}

// decimalLike mimics govalues/decimal: Float64 plus a value receiver.
type decimalLike struct {
	s  string
	ok bool
}

func (d decimalLike) Float64() (float64, bool) {
	f := 0.0
	if d.s == "1.10" {
		f = 1.1
	}
	return f, d.ok
}

// ptrValuer returns a primitive from a pointer receiver, via an interface.
type ptrValuer struct{ n int }

func (p *ptrValuer) OData() any { return uint64(p.n) }

type selfValuer struct{}

func (s selfValuer) OData() any { return s }

func TestMemberTypes(t *testing.T) {
	type row struct {
		ID   int         `json:"id"`
		Dec  decimalLike `json:"dec"`
		Any  any         `json:"any"`
		Rat  *big.Rat    `json:"rat"`
		Self selfValuer  `json:"self"`
	}
	items := []row{
		{ID: 1, Dec: decimalLike{"1.10", true}, Any: ptrValuer{7}, Rat: big.NewRat(1, 3)},
		{ID: 2, Dec: decimalLike{"x", false}, Any: &ptrValuer{8}},
		{ID: 3, Any: money{150}, Rat: big.NewRat(2, 1)},
	}
	tests := []struct {
		filter string
		want   []int
		err    string
	}{
		{filter: "dec eq 1.1M", want: []int{1}},
		{filter: "dec eq null", want: []int{2, 3}},
		{filter: "any eq 7", want: []int{1}},
		{filter: "any eq 8", want: []int{2}},
		{filter: "any eq 1.5M", want: []int{3}},
		{filter: "rat gt 0.3333M and rat lt 0.3334M", want: []int{1}},
		{filter: "rat eq 2", want: []int{3}},
		{filter: "self eq 1", err: "cannot be filtered or sorted on"},
	}
	for _, tt := range tests {
		q, err := Parse("", "", "", tt.filter)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Apply(items, q)
		if tt.err != "" {
			checkErr(t, err, ParamFilter, tt.err)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.filter, err)
			continue
		}
		var gotIDs []int
		for _, r := range got {
			gotIDs = append(gotIDs, r.ID)
		}
		if !slices.Equal(gotIDs, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.filter, gotIDs, tt.want)
		}
	}
}

func TestTimeSemantics(t *testing.T) {
	syd := time.FixedZone("AEST", 10*3600)
	type row struct {
		ID int       `json:"id"`
		At time.Time `json:"at"`
	}
	// Midnight 1 April in Sydney is 14:00 31 March UTC.
	items := []row{{1, time.Date(2016, 4, 1, 0, 0, 0, 0, syd)}}
	for _, tt := range []struct {
		filter string
		n      int
	}{
		{"at eq datetime'2016-04-01T00:00:00'", 1},             // unzoned: wall clock
		{"at eq datetime'2016-03-31T14:00:00Z'", 1},            // zoned: instant
		{"at eq datetimeoffset'2016-04-01T00:00:00+10:00'", 1}, // zoned: instant
		{"at eq datetime'2016-04-01T00:00:00Z'", 0},
		{"at lt datetime'2016-04-01T00:00:01'", 1},
	} {
		q, err := Parse("", "", "", tt.filter)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := Count(items, q); err != nil || n != tt.n {
			t.Errorf("%s: got %d, %v; want %d", tt.filter, n, err, tt.n)
		}
	}
}

func TestNaN(t *testing.T) {
	type row struct {
		F float64 `json:"f"`
	}
	items := []row{{F: 1}, {F: nan()}}
	for filter, n := range map[string]int{"f eq f": 1, "f ne f": 1, "f gt 0": 1, "f le 1": 1} {
		q, _ := Parse("", "", "", filter)
		if got, err := Count(items, q); err != nil || got != n {
			t.Errorf("%s: got %d, %v; want %d", filter, got, err, n)
		}
	}
}

func nan() float64 { z := 0.0; return z / z }
