package httpapi

import (
	"reflect"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// What the OpenAPI document says about request bodies, beyond the schema
// huma derives from the Go type:
//
// Required members are declared on the model with `required:"true"`
// (payroll.RequiredMembers reads the same tag in Validate). A create
// (POST) publishes the model's schema with its required list, which huma
// enforces (400 naming the member). A merging update — a PUT whose
// omitted members keep their stored values — must not require anything,
// so it is registered with PartialBody and publishes a copy of the schema
// named <Model>Update without the list; its Validate still runs on the
// merged record.
//
// Examples: a body type that has a method RequestExample() any gets that
// value as the example of every operation that takes it (a list body
// gets a list of one), unless the operation carries its own: WithExample,
// or its entry in operationExamples (bodies declared inline, and lists
// whose example must differ from the single create's). The test in
// examples_test.go sends every example to a fresh server.

const (
	partialBodyKey = "partialBody"
	exampleKey     = "requestExample"
)

// RequestExampler is a body type that documents one valid request body.
type RequestExampler interface{ RequestExample() any }

// PartialBody marks op (a PUT that merges its body onto the stored
// record, or one whose required members differ from the create's, e.g. the
// record's employee taken from the stored record) so its body schema lists
// no required members.
func PartialBody(op *huma.Operation) {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata[partialBodyKey] = true
}

// WithExample sets op's example request body (a value that marshals to a
// body the server accepts).
func WithExample(op *huma.Operation, example any) {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata[exampleKey] = example
}

// Example is op with its example request body set (WithExample), for
// an operation registered inline.
func Example(op huma.Operation, example any) huma.Operation {
	WithExample(&op, example)
	return op
}

// bodyField is the Body field of an operation's input type.
func bodyField(in reflect.Type) (reflect.StructField, bool) {
	for in.Kind() == reflect.Pointer {
		in = in.Elem()
	}
	if in.Kind() != reflect.Struct {
		return reflect.StructField{}, false
	}
	return in.FieldByName("Body")
}

func jsonMedia(op *huma.Operation) *huma.MediaType {
	if op.RequestBody == nil {
		op.RequestBody = &huma.RequestBody{}
	}
	if op.RequestBody.Content == nil {
		op.RequestBody.Content = map[string]*huma.MediaType{}
	}
	mt := op.RequestBody.Content["application/json"]
	if mt == nil {
		mt = &huma.MediaType{}
		op.RequestBody.Content["application/json"] = mt
	}
	return mt
}

// partialBody publishes op's body as <Model>Update: the model's schema
// without its required list.
func (a *API) partialBody(op *huma.Operation, in reflect.Type) {
	f, ok := bodyField(in)
	if !ok {
		return
	}
	reg := a.huma.OpenAPI().Components.Schemas
	ref := reg.Schema(f.Type, true, "")
	if ref == nil || ref.Ref == "" {
		return
	}
	full := reg.SchemaFromRef(ref.Ref)
	if full == nil || len(full.Required) == 0 {
		return
	}
	prefix := strings.TrimSuffix(ref.Ref, path0(ref.Ref))
	name := path0(ref.Ref) + "Update"
	m := reg.Map()
	if m[name] == nil {
		c := *full
		c.Required = nil
		desc := "Update body: the schema requires no member; the operation says what an omitted member means."
		if c.Description != "" {
			desc = c.Description + " " + desc
		}
		c.Description = desc
		c.PrecomputeMessages() // huma validates with the required set computed here
		m[name] = &c
	}
	op.RequestBody = &huma.RequestBody{Required: true}
	jsonMedia(op).Schema = &huma.Schema{Ref: prefix + name}
}

func path0(ref string) string { return ref[strings.LastIndexByte(ref, '/')+1:] }

// requestExample sets the example of op's JSON body from WithExample or
// the body type's RequestExample.
func requestExample(op *huma.Operation, in reflect.Type) {
	ex, ok := op.Metadata[exampleKey]
	if !ok {
		ex, ok = operationExamples[op.Method+" "+op.Path]
	}
	if !ok {
		f, found := bodyField(in)
		if !found {
			return
		}
		t := f.Type
		ex = typeExample(t)
		if ex == nil && t.Kind() == reflect.Slice {
			// a bulk body: a list of one element's example
			if one := typeExample(t.Elem()); one != nil {
				ex = []any{one}
			}
		}
	}
	if ex == nil {
		return
	}
	jsonMedia(op).Example = ex
}

// typeExample is t's RequestExample, if it (or *t) has one.
func typeExample(t reflect.Type) any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if e, is := reflect.New(t).Elem().Interface().(RequestExampler); is {
		return e.RequestExample()
	}
	if e, is := reflect.New(t).Interface().(RequestExampler); is {
		return e.RequestExample()
	}
	return nil
}
