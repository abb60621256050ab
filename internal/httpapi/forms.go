package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// Request bodies. Every operation that takes a JSON body also accepts
// text/json, application/*+json and application/x-www-form-urlencoded (the
// binding conventions of ASP.NET Web API clients): prepareBody turns each of
// them into the normalised JSON the operation's schema describes and sets
// Content-Type to application/json before huma parses and validates the
// body, so operations never see the difference.

// bodyKind classifies a request's Content-Type.
type bodyKind int

const (
	bodyUnlabelled bodyKind = iota // no Content-Type: JSON if it parses as JSON
	bodyJSON
	bodyForm
	bodyMultipart
	bodyOther
)

// acceptedBodyTypes is what a 415 names.
const acceptedBodyTypes = "application/json, text/json, application/*+json or application/x-www-form-urlencoded"

func classifyContentType(ct string) (bodyKind, string) {
	if strings.TrimSpace(ct) == "" {
		return bodyUnlabelled, ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return bodyOther, ct
	}
	switch {
	case mt == "application/json" || mt == "text/json" || strings.HasSuffix(mt, "+json"):
		return bodyJSON, mt
	case mt == "application/x-www-form-urlencoded":
		return bodyForm, mt
	case strings.HasPrefix(mt, "multipart/"):
		return bodyMultipart, mt
	}
	return bodyOther, mt
}

// formIsJSON reports whether a body labelled as a form is a JSON object or
// array: curl -d sends that label by default, and no form's first key is
// a whole JSON document.
func formIsJSON(raw []byte) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[') && json.Valid(t)
}

// prepareBody rewrites a JSON-schema'd request body into normalised JSON.
// It reports false when it has answered the request itself (400 malformed
// form, 415 unsupported type).
func (a *API) prepareBody(op *huma.Operation, w http.ResponseWriter, r *http.Request) bool {
	if op.RequestBody == nil || r.Body == nil || r.ContentLength == 0 {
		return true
	}
	mt := op.RequestBody.Content["application/json"]
	if mt == nil || mt.Schema == nil {
		return true // uploads and other non-JSON operations are untouched
	}
	kind, media := classifyContentType(r.Header.Get("Content-Type"))
	switch kind {
	case bodyMultipart, bodyOther:
		if _, declared := op.RequestBody.Content[media]; declared && media != "application/octet-stream" {
			return true
		}
		writeProblem(w, r, newProblem(http.StatusUnsupportedMediaType,
			"Content-Type "+strconv.Quote(media)+" is not supported; send "+acceptedBodyTypes+"."))
		return false
	}
	limit := op.MaxBodyBytes
	if limit <= 0 {
		limit = 1 << 20
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	r.Body.Close()
	setBody := func(b []byte) {
		r.Body = io.NopCloser(bytes.NewReader(b))
		r.ContentLength = int64(len(b))
	}
	if err != nil || int64(len(raw)) > limit {
		// Oversized or unreadable bodies go on as read: huma reports 413.
		setBody(raw)
		return true
	}
	if kind != bodyForm && len(bytes.TrimSpace(raw)) == 0 {
		setBody(raw) // an empty (chunked) body: huma decides whether it may be
		return true
	}
	if kind == bodyForm && formIsJSON(raw) {
		kind = bodyJSON // curl -d '{...}' labels JSON as a form
	}
	var v any
	switch kind {
	case bodyForm:
		vals, err := url.ParseQuery(string(raw))
		if err != nil {
			writeProblem(w, r, newProblem(http.StatusBadRequest, "The form body is malformed: "+err.Error()+"."))
			return false
		}
		v = a.formToJSON(vals, mt.Schema)
	default: // JSON, labelled or not
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if dec.Decode(&v) != nil {
			if kind == bodyUnlabelled && !looksLikeJSON(raw) {
				writeProblem(w, r, newProblem(http.StatusUnsupportedMediaType,
					"The request body has no Content-Type and is not JSON; send "+acceptedBodyTypes+"."))
				return false
			}
			// Malformed JSON goes on as read: huma reports 400.
			r.Header.Set("Content-Type", "application/json")
			setBody(raw)
			return true
		}
	}
	if v = a.normalizeValue(v, mt.Schema, 0); v == absent {
		v = nil
	}
	if b, err := json.Marshal(v); err == nil {
		raw = b
	}
	r.Header.Set("Content-Type", "application/json")
	setBody(raw)
	return true
}

func looksLikeJSON(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && (b[0] == '{' || b[0] == '[' || b[0] == '"')
}

// formNode is the tree an ASP.NET-style form describes: `a.b=` and `a[b]=`
// are members, `list[0]=` / `list[0].member=` are indexed items, and a key
// repeated gives several values.
type formNode struct {
	values  []string
	members map[string]*formNode
	order   []string // member names in first-seen order
	items   map[int]*formNode
}

func newFormNode() *formNode {
	return &formNode{members: map[string]*formNode{}, items: map[int]*formNode{}}
}

func (n *formNode) member(name string) *formNode {
	c := n.members[name]
	if c == nil {
		c = newFormNode()
		n.members[name] = c
		n.order = append(n.order, name)
	}
	return c
}

func (n *formNode) item(i int) *formNode {
	c := n.items[i]
	if c == nil {
		c = newFormNode()
		n.items[i] = c
	}
	return c
}

// merge adds src's values, members and items to n.
func (n *formNode) merge(src *formNode) {
	n.values = append(n.values, src.values...)
	for _, k := range src.order {
		n.member(k).merge(src.members[k])
	}
	for i, c := range src.items {
		n.item(i).merge(c)
	}
}

// maxFormIndex bounds list[N] indexes (they are compacted, never allocated).
const maxFormIndex = 1 << 20

// parseFormKey splits `a.b[0].c[d][]` into member and index steps. An empty
// index (`list[]=`) adds nothing: the repeated key supplies the items.
func parseFormKey(key string) []formStep {
	var steps []formStep
	name := strings.Builder{}
	flush := func() {
		if name.Len() > 0 {
			steps = append(steps, formStep{name: name.String()})
			name.Reset()
		}
	}
	for i := 0; i < len(key); i++ {
		switch c := key[i]; c {
		case '.':
			flush()
		case '[':
			end := strings.IndexByte(key[i:], ']')
			if end < 0 {
				name.WriteString(key[i:])
				i = len(key)
				continue
			}
			flush()
			inner := key[i+1 : i+end]
			if n, err := strconv.Atoi(inner); err == nil && n >= 0 && n < maxFormIndex && isDigits(inner) {
				steps = append(steps, formStep{index: n, isIndex: true})
			} else if inner != "" {
				steps = append(steps, formStep{name: inner})
			}
			i += end
		default:
			name.WriteByte(c)
		}
	}
	flush()
	return steps
}

type formStep struct {
	name    string
	index   int
	isIndex bool
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// formToJSON converts form values into the JSON value schema s describes.
// The result is then normalised like any JSON body.
func (a *API) formToJSON(vals url.Values, s *huma.Schema) any {
	root := newFormNode()
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic member order
	for _, k := range keys {
		n := root
		for _, st := range parseFormKey(k) {
			if st.isIndex {
				n = n.item(st.index)
			} else {
				n = n.member(st.name)
			}
		}
		n.values = append(n.values, vals[k]...)
	}
	v, ok := a.formValue(root, s, 0)
	if !ok {
		if rs := a.resolve(s); rs != nil && schemaKind(rs) == "array" {
			return []any{}
		}
		return map[string]any{}
	}
	return v
}

// schemaKind is the JSON type a schema describes: object, array or a scalar
// type name ("" when it does not say).
func schemaKind(s *huma.Schema) string {
	switch {
	case s.Type == "object" || (s.Type == "" && (len(s.Properties) > 0 || s.AdditionalProperties != nil)):
		return "object"
	case s.Type == "array" || (s.Type == "" && s.Items != nil):
		return "array"
	}
	return s.Type
}

// formValue converts one node; false means absent (empty values bind to
// null, as in ASP.NET).
func (a *API) formValue(n *formNode, s *huma.Schema, depth int) (any, bool) {
	s = a.resolve(s)
	if depth > 32 {
		return nil, false
	}
	if s == nil {
		s = &huma.Schema{}
	}
	switch schemaKind(s) {
	case "object":
		out := map[string]any{}
		lower := make(map[string]string, len(s.Properties))
		for name := range s.Properties {
			lower[strings.ToLower(name)] = name
		}
		// Members spelled in several cases are one member.
		merged := map[string]*formNode{}
		var order []string
		for _, k := range n.order {
			canon := k
			if s.Properties[k] == nil {
				if c, ok := lower[strings.ToLower(k)]; ok {
					canon = c
				} else if _, ok := s.AdditionalProperties.(*huma.Schema); !ok {
					continue // unknown member: dropped
				}
			}
			if merged[canon] == nil {
				merged[canon] = newFormNode()
				order = append(order, canon)
			}
			merged[canon].merge(n.members[k])
		}
		if _, dict := s.AdditionalProperties.(*huma.Schema); dict {
			// A dictionary keyed by numbers (`deductions[123][0].amount=`,
			// the employee id): the index is the key, as ASP.NET binds it.
			idx := make([]int, 0, len(n.items))
			for i := range n.items {
				idx = append(idx, i)
			}
			sort.Ints(idx)
			for _, i := range idx {
				k := strconv.Itoa(i)
				if merged[k] == nil {
					merged[k] = newFormNode()
					order = append(order, k)
				}
				merged[k].merge(n.items[i])
			}
		}
		for _, canon := range order {
			ps := s.Properties[canon]
			if ps == nil {
				ps, _ = s.AdditionalProperties.(*huma.Schema) // a dictionary keeps its keys
			}
			if v, ok := a.formValue(merged[canon], ps, depth+1); ok {
				out[canon] = v
			}
		}
		if len(out) == 0 {
			if depth > 0 && len(n.values) > 0 && n.values[0] != "" {
				// A value where the schema has an object (`lines=abc`):
				// kept, so validation names the member instead of the
				// body binding to nothing.
				return n.values[0], true
			}
			return nil, false
		}
		return out, true
	case "array":
		idx := make([]int, 0, len(n.items))
		for i := range n.items {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		var out []any
		for _, i := range idx {
			if v, ok := a.formValue(n.items[i], s.Items, depth+1); ok {
				out = append(out, v)
			}
		}
		for _, raw := range n.values { // repeated keys
			if v, ok := a.formScalar([]string{raw}, s.Items); ok {
				out = append(out, v)
			}
		}
		if out == nil {
			if len(n.members) > 0 {
				// Members where the schema has a list (`lines[x].amount=`):
				// kept, so validation names the member.
				return rawForm(n, depth), true
			}
			return nil, false
		}
		return out, true
	}
	if len(n.values) == 0 && (len(n.members) > 0 || len(n.items) > 0) {
		// Structure where the schema has a scalar: kept, so validation
		// names the member.
		return rawForm(n, depth), true
	}
	return a.formScalar(n.values, s)
}

// rawForm is a node as strings, without a schema to convert by.
func rawForm(n *formNode, depth int) any {
	if depth > 32 {
		return nil
	}
	if len(n.items) > 0 {
		idx := make([]int, 0, len(n.items))
		for i := range n.items {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		out := make([]any, 0, len(idx))
		for _, i := range idx {
			out = append(out, rawForm(n.items[i], depth+1))
		}
		return out
	}
	if len(n.members) > 0 {
		out := map[string]any{}
		for _, k := range n.order {
			out[k] = rawForm(n.members[k], depth+1)
		}
		return out
	}
	if len(n.values) > 0 {
		return n.values[0]
	}
	return nil
}

var jsonNumberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// formScalar converts the first value by the schema's type. A value that
// does not convert stays a string, so validation reports the member.
func (a *API) formScalar(values []string, s *huma.Schema) (any, bool) {
	s = a.resolve(s)
	if len(values) == 0 || values[0] == "" {
		return nil, false
	}
	v := values[0]
	if s == nil {
		return v, true
	}
	switch s.Type {
	case "integer":
		if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
			return json.Number(strconv.FormatInt(n, 10)), true
		}
	case "number":
		t := strings.TrimSpace(v)
		if jsonNumberRE.MatchString(t) {
			return json.Number(t), true
		}
		if f, err := strconv.ParseFloat(t, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return json.Number(strconv.FormatFloat(f, 'f', -1, 64)), true
		}
	case "boolean":
		switch {
		case strings.EqualFold(strings.TrimSpace(v), "true"):
			return true, true
		case strings.EqualFold(strings.TrimSpace(v), "false"):
			return false, true
		}
	}
	return v, true
}
