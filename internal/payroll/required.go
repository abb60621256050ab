package payroll

import (
	"reflect"
	"strings"
	"sync"
)

// Required members are declared once, on the model, with the struct tag
// `required:"true"`. The OpenAPI document reads that tag (the schema's
// required list, which huma also enforces: a body without the member is
// 400 naming it), and a model's Validate reads the same tag through
// RequiredMembers (a member present but blank or zero is 400 naming it).
// A merging update (PUT that keeps omitted members) publishes the schema
// without the list (httpapi: PartialBody) and still validates the merged
// record with RequiredMembers, so a required member cannot be blanked.

// RequiredMembers adds "<member> is required" for every field of the
// struct m points to (embedded structs included) that is tagged
// `required:"true"` and is blank: a string of only white space, or the
// zero value of its type (0 for ids, a zero date, a nil pointer or an
// empty list).
func (v *Validation) RequiredMembers(m any) {
	rv := reflect.ValueOf(m)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return
		}
		rv = rv.Elem()
	}
	for _, f := range requiredFields(rv.Type()) {
		fv := rv.FieldByIndex(f.index)
		if blankValue(fv) {
			v.Add(f.name, "%s is required", f.name)
		}
	}
}

// RequiredMemberNames lists the JSON names of the members of T's struct
// tagged `required:"true"`, in declaration order.
func RequiredMemberNames(t reflect.Type) []string {
	var out []string
	for _, f := range requiredFields(t) {
		out = append(out, f.name)
	}
	return out
}

type requiredField struct {
	name  string
	index []int
}

var requiredCache sync.Map // reflect.Type -> []requiredField

func requiredFields(t reflect.Type) []requiredField {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	if c, ok := requiredCache.Load(t); ok {
		return c.([]requiredField)
	}
	var out []requiredField
	var walk func(t reflect.Type, prefix []int)
	walk = func(t reflect.Type, prefix []int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			idx := append(append([]int{}, prefix...), i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct && f.Tag.Get("json") == "" {
				walk(f.Type, idx)
				continue
			}
			if f.Tag.Get("required") != "true" || !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				name = f.Name
			}
			out = append(out, requiredField{name: name, index: idx})
		}
	}
	walk(t, nil)
	requiredCache.Store(t, out)
	return out
}

type zeroer interface{ IsZero() bool }

func blankValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return strings.TrimSpace(v.String()) == ""
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	case reflect.Slice, reflect.Map:
		return v.Len() == 0
	}
	if v.CanInterface() {
		if z, ok := v.Interface().(zeroer); ok {
			return z.IsZero()
		}
	}
	return v.IsZero()
}
