// Package conformance checks response bodies against the shapes the
// published AU description of the public API declares, so that clients
// generated from that description parse what we send.
//
// The shapes (au-responses.json) are facts extracted from the description by
// scripts/genshapes: operation keys, member names, JSON types, .NET
// nullability and enum value sets. The rules a strict generated client
// needs, checked by Check:
//
//   - a member's JSON type is the declared one (numbers where numbers,
//     integers integral, date-times parse);
//   - an enum is one of its declared names, never "";
//   - null only where the .NET type admits it (String, Nullable<T>); declared
//     objects, arrays, maps and non-nullable value types are never null;
//   - members of a non-nullable value type (integers, numbers, booleans,
//     enums, date-times) and declared objects and arrays are present, since
//     the published API always serialises them (a client would otherwise
//     read a default we never chose).
//
// The documented exceptions to these rules are in Exceptions (where we
// answer as KeyPay does and clients cope, or where the description cannot
// say what we send), and flag enums (Flags) are comma-joined names.
package conformance

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
)

//go:embed au-responses.json
var publishedJSON []byte

// Shape is one extracted schema (see scripts/genshapes).
type Shape struct {
	Ref      string            `json:"ref,omitempty"`
	Type     string            `json:"type,omitempty"`
	Format   string            `json:"format,omitempty"`
	Nullable bool              `json:"nullable,omitempty"`
	Enum     []string          `json:"enum,omitempty"`
	Items    *Shape            `json:"items,omitempty"`
	Values   *Shape            `json:"values,omitempty"`
	Members  map[string]*Shape `json:"members,omitempty"`
	Any      bool              `json:"any,omitempty"`
}

// Flags are the members whose enum is a [Flags] enum: a comma-joined list
// of names (reference §business access). With no flag set the member is
// absent, never null: the description has no zero name, "" maps to none,
// and a generated client reads an absent member as unset.
var Flags = map[string]bool{
	"EmployeeGroupAccessModel.permissions": true,
	"LocationAccessModel.permissions":      true,
	"KioskAccessModel.permissions":         true,
	"ReportAccessModel.specificReports":    true,
	"UnavailabilityModel.recurringDays":    true,
}

// Exceptions are the one place the documented departures from the rules
// live, keyed by operation ("METHOD /path" as published: the whole body) or
// by "Schema.member" (null is accepted there), each with its reason.
var Exceptions = map[string]string{
	"GET /api/v2/business/{businessId}/document/{id}/content": "the document's raw bytes with its Content-Type, as KeyPay " +
		"sends them (the description declares a DocumentFile object)",
	"PUT /api/v2/business/{businessId}/leaveallowances": "the description declares one AuLeaveAllowanceModel for the answer of a " +
		"business-wide write; we answer the written allowances keyed by employee id, the shape GET B/leaveallowances declares " +
		"(reference §9.3: B/leaveallowances is a dictionary keyed by employee id)",

	"GET /api/v2/business/{businessId}/employee/{employeeId}/document/{id}/content": "the document's raw bytes with its " +
		"Content-Type (as the business document content above)",
	"GET /api/v2/business/{businessId}/employee/{employeeId}/qualification/{qualificationId}/document/{id}/content": "the " +
		"document's raw bytes with its Content-Type (as the business document content above)",
	// Pay run files: raw bytes, as the document content above.
	"GET /api/v2/business/{businessId}/payrun/{payRunId}/file/payslip/{employeeId}": "the payslip PDF's bytes as application/pdf " +
		"(the description declares the .NET ByteArrayContent wrapper, whose wire form is the raw bytes)",
	"GET /api/v2/business/{businessId}/payrun/{payRunId}/file/aba/{abaId}": "the ABA file's bytes as text/plain (as file/payslip)",
	// Self-service files (ess3): raw bytes, as the document content above.
	"GET /api/v2/ess/{employeeId}/document/download/{documentId}": "the document's raw bytes with its Content-Type (as the business " +
		"document content above)",
	"GET /api/v2/ess/{employeeId}/document/payslip/{payrunId}":          "the payslip PDF's bytes as application/pdf (as file/payslip)",
	"GET /api/v2/ess/{employeeId}/document/paymentsummary/{documentId}": "the payment summary PDF's bytes as application/pdf (as file/payslip)",
	// Report spreadsheets: raw bytes too.
	"GET /api/v2/business/{businessId}/report/grosstonet/xlsx":         "the spreadsheet's bytes as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (as file/payslip)",
	"GET /api/v2/business/{businessId}/report/detailedactivity/xlsx":   "the spreadsheet's bytes as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (as file/payslip)",
	"GET /api/v2/business/{businessId}/report/leavebalances/xlsx":      "the spreadsheet's bytes as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (as file/payslip)",
	"GET /api/v2/business/{businessId}/report/supercontributions/xlsx": "the spreadsheet's bytes as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (as file/payslip)",

	// The second set of reports' spreadsheets (reports2).
	"GET /api/v2/business/{businessId}/report/leaveliability/xlsx":         "the spreadsheet's bytes as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (as file/payslip)",
	"GET /api/v2/business/{businessId}/report/payrunaudit/{payRunId}/xlxs": "the workbook's bytes as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (as file/payslip)",
	"GET /api/v2/business/{businessId}/report/payrunvariance/xlxs":         "the spreadsheet's bytes as application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (as file/payslip)",
}

// AnsweredAs are operations where the specification (which wins over the
// description) declares a different answer: the body is checked against
// the named published schema instead, with the reason.
var AnsweredAs = map[string]struct{ Schema, Why string }{
	"GET /api/v2/business/{businessId}/timesheet": {"PagedResultModelOfManagerTimesheetLineModel",
		"spec: Get Business Timesheets is a paged list of shape B lines (ManagerTimesheetLineModel), where the description declares an array of AuTimesheetLineModel"},
}

// Published is the description's operations and their 200 response shapes.
type Published struct {
	// Operations maps "METHOD /path/{param}" to its 200 body shape; nil
	// when the description does not describe the body.
	Operations map[string]*Shape `json:"operations"`
	Schemas    map[string]*Shape `json:"schemas"`
	byKey      map[string]string // normalised key -> published key
}

// Load parses the embedded shapes.
func Load() (*Published, error) {
	p := &Published{}
	if err := json.Unmarshal(publishedJSON, p); err != nil {
		return nil, err
	}
	p.byKey = map[string]string{}
	for k := range p.Operations {
		p.byKey[NormalKey(k)] = k
	}
	return p, nil
}

var paramRE = regexp.MustCompile(`\{[^}]*\}`)

// NormalKey makes "GET /api/v2/Business/{businessId}/x/{id}" and
// "get /api/v2/business/{bid}/X/{xid}" equal: method upper-case, path
// lower-case, parameter names dropped.
func NormalKey(key string) string {
	method, path, _ := strings.Cut(key, " ")
	return strings.ToUpper(method) + " " + paramRE.ReplaceAllString(strings.ToLower(path), "{}")
}

// Lookup finds the published operation for one of our operation keys.
func (p *Published) Lookup(key string) (published string, ok bool) {
	published, ok = p.byKey[NormalKey(key)]
	return published, ok
}

// Mismatch is one violation at a JSON path of the body.
type Mismatch struct {
	At      string // JSON path, "$" for the body itself
	Problem string
}

func (m Mismatch) String() string { return m.At + ": " + m.Problem }

// Check validates a 200 body of the published operation key against its
// declared shape. An undescribed body is not checked.
func (p *Published) Check(key string, body []byte) []Mismatch {
	s := p.Operations[key]
	if s == nil || s.Any || Exceptions[key] != "" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []Mismatch{{"$", "not JSON: " + err.Error()}}
	}
	if as, ok := AnsweredAs[key]; ok {
		s = &Shape{Ref: as.Schema}
	}
	c := checker{p: p}
	c.value("$", v, s, 0)
	sort.Slice(c.bad, func(i, j int) bool { return c.bad[i].At < c.bad[j].At })
	return c.bad
}

type checker struct {
	p   *Published
	bad []Mismatch
}

func (c *checker) add(at, format string, args ...any) {
	c.bad = append(c.bad, Mismatch{at, fmt.Sprintf(format, args...)})
}

// resolve follows a component reference; the name is kept for messages.
func (c *checker) resolve(s *Shape) (*Shape, string) {
	if s.Ref == "" {
		return s, ""
	}
	r := c.p.Schemas[s.Ref]
	if r == nil {
		return &Shape{Any: true}, s.Ref
	}
	return r, s.Ref
}

// nullable reports whether null is acceptable for s: only reference types
// the description does not declare as objects, arrays or maps.
func nullable(s *Shape) bool {
	return s.Nullable && s.Ref == "" && s.Items == nil && s.Values == nil && s.Members == nil
}

// valueType is a member a .NET serialiser always writes (struct types).
func valueType(s *Shape) bool {
	if s.Nullable || s.Any {
		return false
	}
	switch s.Type {
	case "integer", "number", "boolean":
		return true
	case "string":
		return len(s.Enum) > 0 || s.Format == "date-time" || s.Format == "uuid"
	}
	return false
}

func (c *checker) value(at string, v any, s *Shape, depth int) {
	if depth > 32 || s == nil || s.Any {
		return
	}
	if v == nil {
		if !nullable(s) {
			c.add(at, "null where %s is declared", describe(s))
		}
		return
	}
	s, name := c.resolve(s)
	if s.Any {
		return
	}
	switch {
	case len(s.Enum) > 0:
		str, ok := v.(string)
		switch {
		case !ok:
			c.add(at, "enum is %s, not a name", jsonKind(v))
		case str == "":
			c.add(at, `"" is not one of the enum's names`)
		case !containsFold(s.Enum, str):
			c.add(at, "%q is not one of %v", str, s.Enum)
		}
	case s.Type == "integer":
		n, ok := v.(json.Number)
		if !ok {
			c.add(at, "%s where an integer is declared", jsonKind(v))
		} else if _, err := n.Int64(); err != nil {
			c.add(at, "%s is not an integer", n)
		}
	case s.Type == "number":
		if _, ok := v.(json.Number); !ok {
			c.add(at, "%s where a number is declared", jsonKind(v))
		}
	case s.Type == "boolean":
		if _, ok := v.(bool); !ok {
			c.add(at, "%s where a boolean is declared", jsonKind(v))
		}
	case s.Type == "string":
		str, ok := v.(string)
		if !ok {
			c.add(at, "%s where a string is declared", jsonKind(v))
		} else if s.Format == "date-time" && !dateTime(str) {
			c.add(at, "%q is not a date-time", str)
		}
	case s.Type == "array":
		arr, ok := v.([]any)
		if !ok {
			c.add(at, "%s where an array is declared", jsonKind(v))
			return
		}
		for i, e := range arr {
			c.value(fmt.Sprintf("%s[%d]", at, i), e, s.Items, depth+1)
		}
	case s.Values != nil:
		m, ok := v.(map[string]any)
		if !ok {
			c.add(at, "%s where a map is declared", jsonKind(v))
			return
		}
		for k, e := range m {
			c.value(at+"."+k, e, s.Values, depth+1)
		}
	case s.Members != nil:
		m, ok := v.(map[string]any)
		if !ok {
			c.add(at, "%s where object %s is declared", jsonKind(v), name)
			return
		}
		for member, ms := range s.Members {
			e, present := lookupFold(m, member)
			if !present {
				if mustBePresent(c, ms) && !Flags[name+"."+member] {
					c.add(at+"."+member, "missing (%s)", describe(ms))
				}
				continue
			}
			qualified := name + "." + member
			if e == nil && Exceptions[qualified] != "" {
				continue
			}
			if str, ok := e.(string); ok && Flags[qualified] && str != "" {
				for _, part := range strings.Split(str, ",") {
					c.value(at+"."+member, strings.TrimSpace(part), ms, depth+1)
				}
				continue
			}
			c.value(at+"."+member, e, ms, depth+1)
		}
	}
}

// mustBePresent: value types, declared objects and arrays are always
// serialised by the published API.
func mustBePresent(c *checker, s *Shape) bool {
	if s.Ref != "" {
		r, _ := c.resolve(s)
		return !r.Any
	}
	return valueType(s) || s.Type == "array" || s.Values != nil || s.Members != nil
}

func describe(s *Shape) string {
	switch {
	case s.Ref != "":
		return "object " + s.Ref
	case len(s.Enum) > 0:
		return "enum"
	case s.Values != nil:
		return "map"
	case s.Format != "":
		return s.Type + " (" + s.Format + ")"
	}
	return s.Type
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func containsFold(list []string, s string) bool {
	for _, e := range list {
		if strings.EqualFold(e, s) {
			return true
		}
	}
	return false
}

// lookupFold finds a member by name, ignoring case as the published
// serialiser's clients do.
func lookupFold(m map[string]any, name string) (any, bool) {
	if v, ok := m[name]; ok {
		return v, true
	}
	for k, v := range m {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return nil, false
}

// dateTime accepts the local form the published API sends
// (2006-01-02T15:04:05, optional fraction) and RFC 3339.
func dateTime(s string) bool {
	for _, layout := range []string{"2006-01-02T15:04:05.999999999", time.RFC3339Nano} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}
