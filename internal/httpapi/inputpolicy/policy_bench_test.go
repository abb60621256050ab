package inputpolicy

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"
)

// payRunBody is a pay run's earnings lines body as a bureau's client
// sends it (P/earningslines): n employees with a few lines each, every
// line's strings and numbers classified and checked.
func payRunBody(n int) (any, *huma.Schema) {
	str := &huma.Schema{Type: "string"}
	integer := &huma.Schema{Type: "integer"}
	number := &huma.Schema{Type: "number"}
	line := &huma.Schema{Type: "object", Properties: map[string]*huma.Schema{
		"payCategoryId": integer, "payCategoryExternalId": str, "units": number, "rate": number, "notes": str,
		"locationId": integer, "locationExternalId": str, "reportingDimensionValueIds": {Type: "array", Items: integer},
		"externalReferenceId": str, "overrideRates": {Type: "boolean"}, "lumpSumNumber": integer, "lumpSumE": str,
		"dateUtc": str, "id": integer,
	}}
	schema := &huma.Schema{Type: "object", Properties: map[string]*huma.Schema{
		"payRunId": integer, "replaceExisting": {Type: "boolean"}, "suppressCalculations": {Type: "boolean"},
		"earningsLines": {Type: "object", AdditionalProperties: &huma.Schema{Type: "array", Items: line}},
	}}
	var b strings.Builder
	b.WriteString(`{"payRunId": 12, "replaceExisting": true, "earningsLines": {`)
	for e := range n {
		if e > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%d": [`, 1000+e)
		for l := range 3 {
			if l > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"payCategoryId": %d, "payCategoryExternalId": "ORD-%d", "units": 38.5, "rate": 31.25, "notes": "Week %d shift",
				"locationId": 7, "locationExternalId": "SYD", "reportingDimensionValueIds": [1, 2], "externalReferenceId": "L-%d-%d",
				"overrideRates": false, "dateUtc": "2026-11-02T00:00:00", "id": 0}`, 3+l, l, e, e, l)
		}
		b.WriteByte(']')
	}
	b.WriteString(`}}`)
	dec := json.NewDecoder(strings.NewReader(b.String()))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		panic(err)
	}
	return v, schema
}

// BenchmarkWalkPayRunBody is the policy's cost on a 1,000-employee pay
// run body (3,000 lines).
func BenchmarkWalkPayRunBody(b *testing.B) {
	v, s := payRunBody(1000)
	c := Checker{Resolve: func(s *huma.Schema) *huma.Schema { return s }}
	b.ReportAllocs()
	for b.Loop() {
		var errs Errors
		c.Walk(&errs, v, s)
		if errs.Len() != 0 {
			b.Fatal(errs.Fields())
		}
	}
}
