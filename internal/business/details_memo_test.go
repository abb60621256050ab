package business

import (
	"reflect"
	"testing"
)

// A member added to Details that refers to shared memory (a pointer, slice
// or map) must be copied by clone, or a caller changing it would change
// what the memo hands to the next request.
func TestDetailsCloneSharesNothing(t *testing.T) {
	t.Parallel()
	var d Details
	v := reflect.ValueOf(&d).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func:
			t.Fatalf("Details.%s is a %s: clone cannot copy it; give it a value type or copy it in clone", v.Type().Field(i).Name, f.Kind())
		}
	}
	c := reflect.ValueOf(d.clone())
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).Kind() == reflect.Pointer && v.Field(i).Pointer() == c.Field(i).Pointer() {
			t.Errorf("clone shares Details.%s with the original", v.Type().Field(i).Name)
		}
	}
}

// The memo answers from the document it was given: a changed document
// (an update on any node) is decoded again, and what a caller does to
// the answer does not reach the next one.
func TestDecodeDetailsFollowsTheDocument(t *testing.T) {
	t.Parallel()
	const id = -42 // no real business has it, so parallel tests cannot collide
	a := decodeDetails(id, `{"legalName":"A Pty Ltd","initialFinancialYearStart":2026}`)
	if a.LegalName != "A Pty Ltd" || a.InitialFinancialYearStart == nil || *a.InitialFinancialYearStart != 2026 || a.EndOfWeek != "Sunday" {
		t.Fatalf("first decode: %+v", a)
	}
	*a.InitialFinancialYearStart = 1999
	a.LegalName = "changed by a caller"
	again := decodeDetails(id, `{"legalName":"A Pty Ltd","initialFinancialYearStart":2026}`)
	if again.LegalName != "A Pty Ltd" || *again.InitialFinancialYearStart != 2026 {
		t.Fatalf("memo changed by a caller: %+v", again)
	}
	b := decodeDetails(id, `{"legalName":"B Pty Ltd"}`)
	if b.LegalName != "B Pty Ltd" || b.InitialFinancialYearStart != nil {
		t.Fatalf("changed document: %+v", b)
	}
}
