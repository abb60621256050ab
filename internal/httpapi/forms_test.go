package httpapi

import (
	"reflect"
	"testing"
)

func TestParseFormKey(t *testing.T) {
	m := func(n string) formStep { return formStep{name: n} }
	i := func(n int) formStep { return formStep{index: n, isIndex: true} }
	cases := []struct {
		key  string
		want []formStep
	}{
		{"name", []formStep{m("name")}},
		{"a.b", []formStep{m("a"), m("b")}},
		{"a[b]", []formStep{m("a"), m("b")}},
		{"list[0]", []formStep{m("list"), i(0)}},
		{"list[10].member", []formStep{m("list"), i(10), m("member")}},
		{"list[2][member]", []formStep{m("list"), i(2), m("member")}},
		{"list[]", []formStep{m("list")}},
		{"[0].name", []formStep{i(0), m("name")}},
		{"", nil},
		{"a[unclosed", []formStep{m("a[unclosed")}},
		{"list[99999999999]", []formStep{m("list"), m("99999999999")}},
	}
	for _, tc := range cases {
		if got := parseFormKey(tc.key); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseFormKey(%q) = %+v, want %+v", tc.key, got, tc.want)
		}
	}
}

func TestClassifyContentType(t *testing.T) {
	cases := map[string]bodyKind{
		"":                                  bodyUnlabelled,
		"application/json":                  bodyJSON,
		"Application/JSON; charset=utf-8":   bodyJSON,
		"text/json":                         bodyJSON,
		"application/problem+json":          bodyJSON,
		"application/x-www-form-urlencoded": bodyForm,
		"application/x-www-form-urlencoded; charset=UTF-8": bodyForm,
		"multipart/form-data; boundary=x":                  bodyMultipart,
		"application/xml":                                  bodyOther,
		"text/plain":                                       bodyOther,
		"garbage;;":                                        bodyOther,
	}
	for ct, want := range cases {
		if got, _ := classifyContentType(ct); got != want {
			t.Errorf("classifyContentType(%q) = %v, want %v", ct, got, want)
		}
	}
}
