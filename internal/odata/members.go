package odata

import (
	"reflect"
	"slices"
	"strings"
	"sync"
)

// field is a member of an element type, located the way encoding/json
// locates it (index is a path through embedded structs).
type field struct {
	name  string // JSON name
	index []int
	typ   reflect.Type
}

// memberSet is the JSON-visible fields of a struct type, indexed for the
// case-insensitive lookup clients need (they send FirstName for firstName).
type memberSet struct {
	exact  map[string]*field
	folded map[string][]*field
}

var memberCache sync.Map // reflect.Type -> *memberSet

// membersOf returns the members of t, or of what t points to. Non-struct
// types have no members.
func membersOf(t reflect.Type) *memberSet {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if m, ok := memberCache.Load(t); ok {
		return m.(*memberSet)
	}
	m := &memberSet{exact: map[string]*field{}, folded: map[string][]*field{}}
	if t.Kind() == reflect.Struct {
		for _, f := range jsonFields(t) {
			m.exact[f.name] = f
			k := strings.ToLower(f.name)
			m.folded[k] = append(m.folded[k], f)
		}
	}
	actual, _ := memberCache.LoadOrStore(t, m)
	return actual.(*memberSet)
}

// lookup resolves a client-supplied member name: an exact match wins,
// otherwise a unique case-insensitive match.
func (m *memberSet) lookup(param, name string) (*field, error) {
	if f, ok := m.exact[name]; ok {
		return f, nil
	}
	switch fs := m.folded[strings.ToLower(name)]; len(fs) {
	case 0:
		return nil, errorf(param, "unknown member '%s'", name)
	case 1:
		return fs[0], nil
	default:
		return nil, errorf(param, "member '%s' is ambiguous", name)
	}
}

// jsonFields lists the fields encoding/json would marshal for struct type
// t, with the same naming and embedding rules: json:"-" fields and
// unexported fields are skipped, fields of untagged embedded structs (or
// pointers to structs) are promoted, a shallower field hides deeper ones of
// the same name, and among equally deep ones a single tagged field wins,
// otherwise all of them are dropped.
func jsonFields(t reflect.Type) []*field {
	type level struct {
		typ   reflect.Type
		index []int
	}
	var out []*field
	taken := map[string]bool{} // names decided at a shallower depth
	visited := map[reflect.Type]bool{}
	current := []level{{typ: t}}
	for len(current) > 0 {
		var next []level
		type candidate struct {
			f      *field
			tagged bool
		}
		byName := map[string][]candidate{}
		var order []string
		for _, lv := range current {
			if visited[lv.typ] {
				continue
			}
			visited[lv.typ] = true
			for i := range lv.typ.NumField() {
				sf := lv.typ.Field(i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if sf.Anonymous {
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, _, _ := strings.Cut(tag, ",")
				index := append(slices.Clone(lv.index), i)
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					next = append(next, level{typ: ft, index: index})
					continue
				}
				tagged := name != ""
				if !tagged {
					name = sf.Name
				}
				if taken[name] {
					continue
				}
				if _, seen := byName[name]; !seen {
					order = append(order, name)
				}
				byName[name] = append(byName[name], candidate{&field{name: name, index: index, typ: sf.Type}, tagged})
			}
		}
		for _, name := range order {
			cs := byName[name]
			taken[name] = true
			if len(cs) == 1 {
				out = append(out, cs[0].f)
				continue
			}
			var winner *field
			n := 0
			for _, c := range cs {
				if c.tagged {
					winner, n = c.f, n+1
				}
			}
			if n == 1 {
				out = append(out, winner)
			}
		}
		current = next
	}
	return out
}

// fieldByIndex walks index from root, dereferencing pointers on the way
// (the root itself may be a pointer). ok is false if a nil pointer was met,
// in which case the member's value is null.
func fieldByIndex(root reflect.Value, index []int) (v reflect.Value, ok bool) {
	v = root
	for _, i := range index {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}
