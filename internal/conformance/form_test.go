package conformance_test

import (
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// form sends body as application/x-www-form-urlencoded, the way clients
// generated from the published description send it (ASP.NET binding:
// `a.b=`, `list[0].member=`, a top-level list as `[0].member=`), expects
// 200 and checks the answer like call.
func (r *run) form(key, method, pattern string, body any, args ...any) *testkit.Response {
	r.t.Helper()
	path := r.path(method, pattern, args)
	vals := url.Values{}
	encodeForm("", reflect.ValueOf(body), vals)
	req, err := http.NewRequest(method, r.s.URL+path, strings.NewReader(vals.Encode()))
	if err != nil {
		r.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(key, "")
	return r.checked(method, pattern, path, r.s.Send(req))
}

// encodeForm flattens v into ASP.NET form keys under prefix; nil members
// are left out (absent is how a form says null).
func encodeForm(prefix string, v reflect.Value, out url.Values) {
	for v.IsValid() && (v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer) {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	if !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		for _, k := range keys {
			name := fmt.Sprint(k.Interface())
			if prefix != "" {
				name = prefix + "." + name
			}
			encodeForm(name, v.MapIndex(k), out)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			encodeForm(fmt.Sprintf("%s[%d]", prefix, i), v.Index(i), out)
		}
	default:
		out.Add(prefix, fmt.Sprint(v.Interface()))
	}
}

// The encoder writes the keys the server's form binding reads.
func TestEncodeForm(t *testing.T) {
	vals := url.Values{}
	encodeForm("", reflect.ValueOf(map[string]any{"name": "X", "n": 2, "skip": nil,
		"lines": []any{map[string]any{"a": true}}, "by": map[string]any{"7": []string{"p", "q"}}}), vals)
	if got, want := vals.Encode(), "by.7%5B0%5D=p&by.7%5B1%5D=q&lines%5B0%5D.a=true&n=2&name=X"; got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	vals = url.Values{}
	encodeForm("", reflect.ValueOf([]string{"a", "b"}), vals)
	if got, want := vals.Encode(), "%5B0%5D=a&%5B1%5D=b"; got != want {
		t.Fatalf("top-level list: got %s, want %s", got, want)
	}
}
