// Command genshapes extracts the response shapes the published AU OpenAPI
// description declares (operation keys, schema and member names, JSON types,
// .NET nullability, enum value sets) into a compact JSON file that the
// conformance test (internal/conformance) validates our responses against.
// Only facts are copied, never descriptive text.
//
//	go run ./scripts/genshapes -in ../shared/reference/au-openapi.json
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"
)

// node is the part of an OpenAPI 3.0 schema object the description uses.
type node struct {
	Ref                  string           `json:"$ref"`
	Title                string           `json:"title"`
	Type                 string           `json:"type"`
	Format               string           `json:"format"`
	Enum                 []string         `json:"enum"`
	Items                *node            `json:"items"`
	AdditionalProperties *node            `json:"additionalProperties"`
	Properties           map[string]*node `json:"properties"`
}

// Shape is one extracted schema: Type is the JSON type ("integer",
// "number", "boolean", "string", "array", "object") or "" when Ref names a
// component; Nullable is true where the .NET type is a reference type or
// Nullable<T> (the description's only nullability signal is the title).
type Shape struct {
	Ref      string            `json:"ref,omitempty"`
	Type     string            `json:"type,omitempty"`
	Format   string            `json:"format,omitempty"`
	Nullable bool              `json:"nullable,omitempty"`
	Enum     []string          `json:"enum,omitempty"`
	Items    *Shape            `json:"items,omitempty"`
	Values   *Shape            `json:"values,omitempty"`
	Members  map[string]*Shape `json:"members,omitempty"`
	Any      bool              `json:"any,omitempty"` // no declared shape (IHttpActionResult, Object)
}

type doc struct {
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components struct {
		Schemas map[string]*node `json:"schemas"`
	} `json:"components"`
}

type operation struct {
	Responses map[string]struct {
		Content map[string]struct {
			Schema *node `json:"schema"`
		} `json:"content"`
	} `json:"responses"`
}

// nullableTitle reports whether a .NET type name admits null.
func nullableTitle(title string) bool {
	switch {
	case strings.HasPrefix(title, "Nullable<"), title == "String", title == "Byte[]", title == "Object":
		return true
	}
	return false
}

var components map[string]*node
var needed = map[string]bool{}

func convert(n *node) *Shape {
	if n == nil {
		return &Shape{Any: true}
	}
	if n.Ref != "" {
		name := strings.TrimPrefix(n.Ref, "#/components/schemas/")
		needed[name] = true
		return &Shape{Ref: name}
	}
	s := &Shape{Type: n.Type, Format: n.Format, Nullable: nullableTitle(n.Title), Enum: n.Enum}
	switch {
	case n.Type == "array":
		s.Items = convert(n.Items)
	case n.Type == "object" && n.AdditionalProperties != nil:
		s.Values = convert(n.AdditionalProperties)
	case n.Type == "object" && n.Properties != nil:
		s.Members = map[string]*Shape{}
		for name, p := range n.Properties {
			s.Members[name] = convert(p)
		}
	case n.Type == "object" || n.Type == "":
		s = &Shape{Any: true}
	}
	return s
}

func main() {
	in := flag.String("in", "../shared/reference/au-openapi.json", "published OpenAPI description")
	out := flag.String("out", "internal/conformance/au-responses.json", "extracted shapes")
	flag.Parse()
	raw, err := os.ReadFile(*in)
	if err != nil {
		log.Fatal(err)
	}
	var d doc
	if err := json.Unmarshal(raw, &d); err != nil {
		log.Fatal(err)
	}
	components = d.Components.Schemas
	ops := map[string]*Shape{}
	for path, methods := range d.Paths {
		for method, rawOp := range methods {
			switch method {
			case "get", "post", "put", "delete", "patch":
			default:
				continue
			}
			var op operation
			if err := json.Unmarshal(rawOp, &op); err != nil {
				log.Fatalf("%s %s: %v", method, path, err)
			}
			key := strings.ToUpper(method) + " " + path
			ok := op.Responses["200"].Content["application/json"].Schema
			if ok == nil {
				ops[key] = nil // the operation exists; its 200 body is not described
				continue
			}
			ops[key] = convert(ok)
		}
	}
	schemas := map[string]*Shape{}
	for len(needed) > len(schemas) {
		for name := range needed {
			if schemas[name] != nil {
				continue
			}
			n := components[name]
			if n == nil {
				log.Fatalf("unknown component %s", name)
			}
			s := convert(&node{Type: "object", Properties: n.Properties})
			if n.Properties == nil {
				s = convert(n)
			}
			schemas[name] = s
		}
	}
	var buf bytes.Buffer
	buf.WriteString("{\n\"operations\": {\n")
	writeSorted(&buf, ops)
	buf.WriteString("},\n\"schemas\": {\n")
	writeSorted(&buf, schemas)
	buf.WriteString("}\n}\n")
	if !json.Valid(buf.Bytes()) {
		log.Fatal("generated invalid JSON")
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// writeSorted writes one member per line, sorted, so regenerating gives
// small diffs.
func writeSorted(buf *bytes.Buffer, m map[string]*Shape) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		v, err := json.Marshal(m[k])
		if err != nil {
			log.Fatal(err)
		}
		sep := ","
		if i == len(keys)-1 {
			sep = ""
		}
		fmt.Fprintf(buf, "%q: %s%s\n", k, v, sep)
	}
}
