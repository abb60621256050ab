package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestHostileInputSweep sends hostile bodies and parameters to every served
// POST and PUT operation of the live OpenAPI document (and hostile path and
// query parameters to every GET) (NUL in each string,
// 100k-character strings, 1e308 and -1e15 numbers, 9999-12-31 dates, -1 and
// int64-max ids, wrong types, deeply nested junk), on SQLite and, with
// PAYROLL_TEST_DATABASE_URL set, on PostgreSQL. No answer may be a 5xx, and
// afterwards nothing outside the input policy may be readable from the
// businesses' records. Operations are split over shards, each with its own
// server and database, run in parallel.
func TestHostileInputSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("sweep skipped in -short mode")
	}
	const shards = 4
	for _, e := range testkit.Engines() {
		e := e
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			var sent, fivexx, ops, gets, accepted atomic.Int64
			t.Run("shards", func(t *testing.T) {
				for i := 0; i < shards; i++ {
					i := i
					t.Run(fmt.Sprint(i), func(t *testing.T) {
						t.Parallel()
						sw := newSweep(t, testkit.NewDB(t, e))
						sw.run(i, shards)
						sent.Add(sw.sent)
						accepted.Add(int64(sw.accepted))
						ops.Add(int64(sw.swept))
						gets.Add(int64(sw.gets))
						fivexx.Add(int64(len(sw.failures)))
						sw.checkStored()
					})
				}
			})
			t.Logf("%s: %d POST/PUT operations (%d accepted their baseline body) and %d GETs, %d hostile requests, %d answers >= 500",
				e, ops.Load(), accepted.Load(), gets.Load(), sent.Load(), fivexx.Load())
		})
	}
}

type sweep struct {
	t        *testing.T
	s        *testkit.Server
	key      string
	biz      map[string]int64 // region -> business
	doc      map[string]any
	ops      []sweepOp
	ids      map[string]string // collection path -> id of a created record
	sent     int64
	accepted int // operations whose baseline body was accepted
	swept    int // POST and PUT operations
	gets     int
	failures []string
	seq      int
}

type sweepOp struct {
	method, path string
	body         map[string]any // JSON schema of the JSON body, nil = none
	form         map[string]any // schema of a form body
	params       []map[string]any
}

func newSweep(t *testing.T, d *db.DB) *sweep {
	s := testkit.NewServer(t, d)
	_, key := s.NewUser("sweep@example.com")
	sw := &sweep{t: t, s: s, key: key, biz: map[string]int64{}, ids: map[string]string{}}
	for _, region := range []string{"AU", "UK", "NZ", "SG"} {
		sw.biz[region] = s.NewBusiness(key, "Sweep "+region, region)
	}
	s.Do("GET", "/openapi.json", "", nil).Expect(t, 200).JSON(t, &sw.doc)
	paths, _ := sw.doc["paths"].(map[string]any)
	for p, v := range paths {
		for m, o := range v.(map[string]any) {
			if m != "post" && m != "put" && m != "get" { // GETs: parameters only
				continue
			}
			op := o.(map[string]any)
			so := sweepOp{method: strings.ToUpper(m), path: p}
			if rb, ok := op["requestBody"].(map[string]any); ok {
				content, _ := rb["content"].(map[string]any)
				if mt, ok := content["application/json"].(map[string]any); ok {
					so.body, _ = mt["schema"].(map[string]any)
				} else if mt, ok := content["application/x-www-form-urlencoded"].(map[string]any); ok {
					so.form, _ = mt["schema"].(map[string]any)
				}
			}
			if ps, ok := op["parameters"].([]any); ok {
				for _, p := range ps {
					so.params = append(so.params, p.(map[string]any))
				}
			}
			sw.ops = append(sw.ops, so)
		}
	}
	sort.Slice(sw.ops, func(i, j int) bool {
		if sw.ops[i].path != sw.ops[j].path {
			return sw.ops[i].path < sw.ops[j].path
		}
		return sw.ops[i].method < sw.ops[j].method
	})
	return sw
}

func (sw *sweep) resolve(s map[string]any) map[string]any {
	for i := 0; s != nil && i < 16; i++ {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		name := ref[strings.LastIndexByte(ref, '/')+1:]
		s, _ = sw.doc["components"].(map[string]any)["schemas"].(map[string]any)[name].(map[string]any)
	}
	return s
}

func schemaType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		for _, e := range t {
			if e != "null" {
				return e.(string)
			}
		}
	}
	if _, ok := s["properties"]; ok {
		return "object"
	}
	return ""
}

var sweepDateName = regexp.MustCompile(`((?i)date$|^date|datetime|utc$|[a-z]ending$|datepaid$|yearstart$|window(start|end)$|^since$|^lastpayrun$)|[a-z](On|At)$`)

// sweepHints are valid values for members whose format the services check,
// so that more baseline bodies are accepted and the hostile variants reach
// deeper. Keys are lower-case member names.
var sweepHints = map[string]any{
	"abn": "51824753556", "intermediaryabn": "51824753556", "employingentityabn": "51824753556",
	"accountnumber": "12345678", "bsb": "062000", "bankaccount1_bsb": "062000", "paygaccountbsb": "062000",
	"paygaccountnumber": "12345678", "bankaccount1_accountnumber": "12345678", "epsaccountnumber": "12345678",
	"sortcode": "123456", "epsaccountsortcode": "123456", "postcode": "SW1A 1AA", "adminpostcode": "SW1A 1AA",
	"accountsofficereference": "123PA00012345", "payereference": "123/AB456", "taxofficenumber": "123",
	"taxofficereference": "AB456", "branchcode": "123", "states": "NSW", "state": "NSW", "taxcode": "GST",
	"businesstype": "SoleTrader", "benefittype": "Assets", "secret": "0123456789abcdef0123456789abcdef",
	"servicerusernumber": "123456", "serviceusernumber": "123456", "financialinstitutioncode": "CBA",
	"lodgementreference": "SWEEP", "balancelodgementreference": "SWEEP", "userid": "123456",
	"autoreenrolmentdate": "2026-11-02T00:00:00", "phonenumber": "0212345678", "region": "AU",
	"branch": "001", "bankswift": "CTBAAU2S", "paye": "123/AB456", "filters": "*",
	"exportjournalstimeofday": "09:00", "lodgepayruntimeofday": "09:00", "publishpayslipstimeofday": "09:00",
	"runreportpackstimeofday": "09:00", "submittopensionsynctimeofday": "09:00",
}

// baseline builds a plausible valid value for schema s.
func (sw *sweep) baseline(s map[string]any, name string, depth int) any {
	s = sw.resolve(s)
	if s == nil || depth > 5 {
		return nil
	}
	if h, ok := sweepHints[strings.ToLower(name)]; ok && schemaType(s) == "string" {
		return h
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		for _, e := range enum {
			if e != "" && e != "None" {
				return e
			}
		}
		return enum[0]
	}
	switch schemaType(s) {
	case "object":
		props, _ := s["properties"].(map[string]any)
		out := map[string]any{}
		for k, p := range props {
			ps := sw.resolve(p.(map[string]any))
			if ps == nil || ps["readOnly"] == true {
				continue
			}
			if v := sw.baseline(ps, k, depth+1); v != nil {
				out[k] = v
			}
		}
		return out
	case "array":
		items, _ := s["items"].(map[string]any)
		it := sw.resolve(items)
		if it == nil || schemaType(it) == "integer" {
			return []any{}
		}
		if v := sw.baseline(it, name, depth+1); v != nil {
			return []any{v}
		}
		return []any{}
	case "string":
		if s["format"] == "binary" {
			return nil
		}
		l := strings.ToLower(name)
		if h, ok := sweepHints[l]; ok {
			return h
		}
		switch {
		case sweepDateName.MatchString(name):
			return "2026-07-01T00:00:00"
		case strings.Contains(l, "email") || l == "username":
			sw.seq++
			return fmt.Sprintf("sweep%d@example.com", sw.seq)
		case strings.Contains(l, "uri") || strings.Contains(l, "url"):
			return "http://127.0.0.1:9/hook"
		}
		sw.seq++
		v := fmt.Sprintf("Sweep %d", sw.seq)
		if ml, ok := s["maxLength"].(float64); ok && int(ml) < len(v) {
			v = v[:int(ml)]
		}
		return v
	case "integer":
		if strings.HasSuffix(name, "Id") || name == "id" {
			return 0
		}
		if strings.Contains(strings.ToLower(name), "year") {
			return 2026
		}
		return 1
	case "number":
		return 1
	case "boolean":
		return false
	}
	return nil
}

// leaf is one scalar in a body: its path and schema facts.
type leaf struct {
	path []any // string keys and int indexes
	typ  string
	name string
}

func (sw *sweep) leaves(v any, s map[string]any, name string, path []any, out *[]leaf) {
	s = sw.resolve(s)
	if s == nil {
		return
	}
	switch val := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for k, e := range val {
			ps, _ := props[k].(map[string]any)
			sw.leaves(e, ps, k, append(append([]any{}, path...), k), out)
		}
	case []any:
		items, _ := s["items"].(map[string]any)
		for i, e := range val {
			sw.leaves(e, items, name, append(append([]any{}, path...), i), out)
		}
	default:
		*out = append(*out, leaf{path: path, typ: schemaType(s), name: name})
	}
}

func clone(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

func setAt(root any, path []any, v any) any {
	if len(path) == 0 {
		return v
	}
	switch c := root.(type) {
	case map[string]any:
		c[path[0].(string)] = setAt(c[path[0].(string)], path[1:], v)
	case []any:
		c[path[0].(int)] = setAt(c[path[0].(int)], path[1:], v)
	}
	return root
}

func pathString(path []any) string {
	var b strings.Builder
	for _, p := range path {
		switch k := p.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(k)
		case int:
			fmt.Fprintf(&b, "[%d]", k)
		}
	}
	return b.String()
}

var long100k = strings.Repeat("x", 100000)

// rawNumber keeps numbers like int64 max exact in JSON.
type rawNumber string

func (r rawNumber) MarshalJSON() ([]byte, error) { return []byte(r), nil }

func nested(depth int) string {
	return strings.Repeat(`{"a":[`, depth) + `"\u0000"` + strings.Repeat(`]}`, depth)
}

// hostile lists the variants for one leaf.
func hostile(l leaf) []any {
	var vs []any
	switch l.typ {
	case "string":
		vs = append(vs, "a\x00b", long100k, "a\x01b", 12345, "a\u202eb", "a\u200bb")
		if sweepDateName.MatchString(l.name) {
			vs = append(vs, "9999-12-31T00:00:00", "0001-01-01T00:00:00")
		}
	case "integer":
		vs = append(vs, -1, rawNumber("9223372036854775807"), rawNumber("1e308"), "x\x00")
	case "number":
		vs = append(vs, rawNumber("1e308"), rawNumber("-1e15"), -1, rawNumber("1e400"), "x")
	case "boolean":
		vs = append(vs, "\x00")
	default:
		vs = append(vs, "a\x00b", rawNumber("1e308"))
	}
	return vs
}

func (sw *sweep) send(method, path string, ct string, body []byte, what string) *testkit.Response {
	req, err := http.NewRequest(method, sw.s.URL+path, bytes.NewReader(body))
	if err != nil {
		sw.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", ct)
	}
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(sw.key+":")))
	r := sw.s.Send(req)
	sw.sent++
	if r.Status >= 500 {
		msg := fmt.Sprintf("%s %s [%s] -> %d %s", method, truncate(path, 200), what, r.Status, truncate(string(r.Body), 200))
		sw.failures = append(sw.failures, msg)
		if len(sw.failures) <= 40 {
			sw.t.Error(msg)
		} else if len(sw.failures) == 41 {
			sw.t.Error("more answers >= 500 not listed")
		}
	}
	return r
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func (sw *sweep) sendJSON(method, path string, v any, what string) *testkit.Response {
	b, err := json.Marshal(v)
	if err != nil {
		sw.t.Fatal(err)
	}
	return sw.send(method, path, "application/json", b, what)
}

func (sw *sweep) sendForm(method, path string, v map[string]any, what string) *testkit.Response {
	f := url.Values{}
	for k, e := range v {
		switch x := e.(type) {
		case string:
			f.Set(k, x)
		default:
			b, _ := json.Marshal(x)
			f.Set(k, string(b))
		}
	}
	return sw.send(method, path, "application/x-www-form-urlencoded", []byte(f.Encode()), what)
}

// isRegionError tells a 400 for a region-specific operation.
func isRegionError(r *testkit.Response) bool {
	if r.Status != 400 {
		return false
	}
	var p struct {
		Errors map[string][]string `json:"errors"`
	}
	_ = json.Unmarshal(r.Body, &p)
	_, ok := p.Errors["region"]
	return ok
}

// fillPath substitutes path parameters: businessId by the business, other
// ids by a record created through the collection the parameter follows.
func (sw *sweep) fillPath(path string, biz int64) string {
	tmpl := strings.Split(path, "/")
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if !strings.HasPrefix(seg, "{") {
			continue
		}
		name := strings.Trim(seg, "{}")
		if name == "businessId" {
			segs[i] = strconv.FormatInt(biz, 10)
			continue
		}
		coll := strings.Join(segs[:i], "/")
		id, ok := sw.ids[coll]
		if !ok {
			id = "1"
			for _, op := range sw.ops {
				if op.method == "POST" && op.body != nil && op.path == strings.Join(tmpl[:i], "/") {
					r := sw.sendJSON("POST", coll, sw.baseline(op.body, "", 0), "create a parent record")
					var m map[string]any
					if r.Status == 200 && json.Unmarshal(r.Body, &m) == nil {
						switch v := m["id"].(type) {
						case float64:
							id = strconv.FormatInt(int64(v), 10)
						case string:
							id = v
						}
					}
					break
				}
			}
			sw.ids[coll] = id
		}
		segs[i] = id
	}
	return strings.Join(segs, "/")
}

func (sw *sweep) run(shard, shards int) {
	for i, op := range sw.ops {
		if i%shards != shard {
			continue
		}
		// Under the race detector (CI's race step) every raceSample-th
		// operation is swept; the README's test command, without -race,
		// sweeps them all.
		if raceDetector && (i/shards)%raceSample != 0 {
			continue
		}
		sw.sweepOp(op)
		if op.method == "GET" {
			sw.gets++
		} else {
			sw.swept++
		}
	}
}

func (sw *sweep) sweepOp(op sweepOp) {
	schema := op.body
	isForm := false
	if schema == nil && op.form != nil {
		schema, isForm = op.form, true
	}
	post := func(path string, body any, what string) *testkit.Response {
		if isForm {
			m, _ := body.(map[string]any)
			return sw.sendForm(op.method, path, m, what)
		}
		return sw.sendJSON(op.method, path, body, what)
	}
	// find the business whose region the operation serves
	var path string
	var base any
	for _, region := range []string{"AU", "UK", "NZ", "SG"} {
		path = sw.fillPath(op.path, sw.biz[region])
		base = nil
		if schema != nil {
			base = sw.baseline(schema, "", 0)
			if op.method == "PUT" { // start from the stored record where one can be read
				if r := sw.s.Do("GET", path, sw.key, nil); r.Status == 200 {
					var cur any
					if json.Unmarshal(r.Body, &cur) == nil {
						if m, ok := cur.(map[string]any); ok {
							base = m
						}
					}
				}
			}
		}
		var r *testkit.Response
		if schema != nil {
			r = post(path, base, "baseline")
		} else {
			r = sw.send(op.method, path, "", nil, "baseline")
		}
		if !isRegionError(r) || !strings.Contains(op.path, "{businessId}") {
			switch {
			case op.method == "GET":
			case r.Status >= 300:
				sw.t.Logf("baseline %s %s -> %d %s", op.method, op.path, r.Status, truncate(string(r.Body), 160))
			default:
				sw.accepted++
			}
			break
		}
	}
	sendParam := func(path, what string) {
		if schema == nil {
			sw.send(op.method, path, "", nil, what)
			return
		}
		post(path, base, what)
	}
	// path and query parameters
	for _, p := range op.params {
		name, _ := p["name"].(string)
		ps := sw.resolve(p["schema"].(map[string]any))
		switch p["in"] {
		case "path":
			if name == "businessId" {
				continue
			}
			var vals []string
			if schemaType(ps) == "integer" {
				vals = []string{"-1", "0", "9223372036854775807", "99999999999999999999999"}
			} else {
				vals = []string{"a%00b", url.PathEscape(long100k[:5000])}
			}
			for _, v := range vals {
				segs := strings.Split(op.path, "/")
				filled := strings.Split(path, "/")
				for i, seg := range segs {
					if seg == "{"+name+"}" {
						filled[i] = v
					}
				}
				sendParam(strings.Join(filled, "/"), "path "+name+"="+truncate(v, 20))
			}
		case "query":
			for _, v := range []string{"\x00", long100k[:20000], "-1", "9223372036854775807", "9999-12-31"} {
				q := url.Values{name: {v}}
				sendParam(path+"?"+q.Encode(), "query "+name+"="+truncate(v, 20))
			}
		}
	}
	if schema == nil {
		return
	}
	// whole-body junk
	for i, junk := range []string{`[]`, `"\u0000"`, `1e308`, `{"a":` + nested(300) + `}`, strings.Repeat("[", 5000) + strings.Repeat("]", 5000)} {
		if isForm {
			break
		}
		sw.send(op.method, path, "application/json", []byte(junk), fmt.Sprintf("junk %d", i))
	}
	// each member, each variant
	var ls []leaf
	sw.leaves(base, schema, "", nil, &ls)
	for _, l := range ls {
		for _, v := range hostile(l) {
			body := setAt(clone(base), l.path, v)
			post(path, body, fmt.Sprintf("%s=%s", pathString(l.path), truncate(fmt.Sprint(v), 20)))
		}
		// deeply nested junk in place of the member
		if !isForm {
			body := setAt(clone(base), l.path, json.RawMessage(nested(40)))
			post(path, body, pathString(l.path)+"=nested")
		}
	}
}

// checkStored reads back everything readable about the businesses and the
// user and fails on any value outside the input policy: control characters,
// strings over 4,000 characters, numbers outside ±1e9 (ids up to 2^53),
// dates outside 1900–2100.
func (sw *sweep) checkStored() {
	paths, _ := sw.doc["paths"].(map[string]any)
	var gets []string
	for p, v := range paths {
		if _, ok := v.(map[string]any)["get"]; !ok {
			continue
		}
		rest := strings.ReplaceAll(p, "{businessId}", "")
		if strings.Contains(rest, "{") || !strings.HasPrefix(p, "/api/v2/") {
			continue
		}
		gets = append(gets, p)
	}
	sort.Strings(gets)
	for _, region := range []string{"AU", "UK", "NZ", "SG"} {
		for _, p := range gets {
			path := strings.ReplaceAll(p, "{businessId}", strconv.FormatInt(sw.biz[region], 10))
			r := sw.s.Do("GET", path, sw.key, nil)
			if r.Status >= 500 {
				sw.t.Errorf("read back GET %s -> %d %s", path, r.Status, truncate(string(r.Body), 200))
			}
			if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Type"), "json") {
				continue
			}
			dec := json.NewDecoder(bytes.NewReader(r.Body))
			dec.UseNumber()
			var v any
			if dec.Decode(&v) != nil {
				continue
			}
			storedOutsidePolicy(sw.t, "GET "+p, "", v)
		}
	}
}

// storedFreeText names the members the policy reads as free text.
var storedFreeText = regexp.MustCompile(`(?i)(notes?|description|message|comments?|template|reason|instructions|body|_address|recipients)$`)

var storedDate = regexp.MustCompile(`^[+-]?(\d{4,})-\d{2}-\d{2}([T ]|$)`)

func storedOutsidePolicy(t *testing.T, where, path string, v any) {
	switch val := v.(type) {
	case map[string]any:
		for k, e := range val {
			storedOutsidePolicy(t, where, path+"."+k, e)
		}
	case []any:
		for i, e := range val {
			storedOutsidePolicy(t, where, fmt.Sprintf("%s[%d]", path, i), e)
		}
	case string:
		if len([]rune(val)) > 4000 {
			t.Errorf("%s %s: stored a %d-character string", where, path, len(val))
		}
		name := path[strings.LastIndexAny(path, ".]")+1:]
		for _, c := range val {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
				t.Errorf("%s %s: stored control character U+%04X", where, path, c)
				break
			}
			// Bidirectional overrides nowhere; zero-width characters only
			// in free text (notes, descriptions...).
			if c == 0x202e || c == 0x200b && !storedFreeText.MatchString(name) {
				t.Errorf("%s %s: stored invisible formatting character U+%04X", where, path, c)
				break
			}
		}
		// .NET's DateTime.MinValue is what payroll.DateTimeOrMin writes for
		// a non-nullable date we leave unset; the input policy refuses
		// dates before 1900 in every member, so it cannot be stored input.
		if m := storedDate.FindStringSubmatch(val); m != nil && val != "0001-01-01T00:00:00" {
			if y, _ := strconv.Atoi(m[1]); y < 1900 || y > 2100 || strings.HasPrefix(val, "-") {
				t.Errorf("%s %s: stored date %q", where, path, val)
			}
		}
	case json.Number:
		f, err := val.Float64()
		name := path[strings.LastIndexAny(path, ".]")+1:]
		limit := 1e9
		if name == "id" || strings.HasSuffix(name, "Id") {
			limit = 1 << 53
		}
		if err != nil || math.IsInf(f, 0) || math.Abs(f) > limit || f == -1e15 {
			t.Errorf("%s %s: stored number %s", where, path, val)
		}
		if f < 0 && (name == "id" || strings.HasSuffix(name, "Id")) {
			t.Errorf("%s %s: stored id %s", where, path, val)
		}
	}
}
