package record

import (
	"reflect"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// checkEnums applies the `enum` struct tags of a model outside the HTTP
// layer too (CSV imports, default data): values are put into their
// canonical spelling, unknown ones are errors naming the member. Empty
// values are unset and pass.
func CheckEnums(v any, val *payroll.Validation) {
	walkEnums(reflect.ValueOf(v), val)
}

func walkEnums(rv reflect.Value, val *payroll.Validation) {
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return
	}
	t := rv.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fv := rv.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Anonymous || f.Type.Kind() == reflect.Struct || (f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct) {
			walkEnums(fv, val)
			continue
		}
		if f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct {
			for j := 0; j < fv.Len(); j++ {
				walkEnums(fv.Index(j), val)
			}
			continue
		}
		tag := f.Tag.Get("enum")
		if tag == "" {
			continue
		}
		allowed := strings.Split(tag, ",")
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		fix := func(s reflect.Value) {
			if s.String() == "" {
				return
			}
			for _, a := range allowed {
				if strings.EqualFold(a, s.String()) {
					s.SetString(a)
					return
				}
			}
			val.Add(name, "%s must be one of %s", name, strings.Join(allowed, ", "))
		}
		switch {
		case fv.Kind() == reflect.String:
			fix(fv)
		case fv.Kind() == reflect.Slice && fv.Type().Elem().Kind() == reflect.String:
			for j := 0; j < fv.Len(); j++ {
				fix(fv.Index(j))
			}
		}
	}
}
