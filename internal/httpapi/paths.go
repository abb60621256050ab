package httpapi

import (
	"net/http"
	"sort"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
)

// pathCanon is the route matcher in front of chi. It knows every registered
// route with its methods and which path parameters are integers, and
//   - maps request paths onto the spelling of registered routes: literal
//     segments match case-insensitively (/EmployeeExpenses =
//     /employeeexpenses), parameter values keep their case;
//   - lets an integer parameter match only a segment of digits, so
//     POST B/leaveallowancetemplate is not taken for POST B/{businessTemplateId};
//   - decides 404 (nothing matches) and 405 (the path exists with other
//     methods: Allow lists them) before chi dispatches.
//
// It mirrors chi's order: static segments before parameters before a
// catch-all, backtracking when a branch dead-ends or lacks the method.
type pathCanon struct{ root *canonNode }

type canonNode struct {
	literals map[string]*canonLiteral // lower-case segment -> registered spelling
	param    *canonNode
	rest     *canonNode // "*": the rest of the path
	terminal bool       // a route ends here
	// methods registered here with what their parameters must look like;
	// a terminal without methods (add) matches any method, unchecked.
	methods map[string]*canonRoute
}

type canonLiteral struct {
	spelling string
	next     *canonNode
}

// canonRoute is one method on one pattern.
type canonRoute struct {
	pattern string
	digits  []int // segment positions that must be digits (integer parameters)
}

func newCanonNode() *canonNode { return &canonNode{literals: map[string]*canonLiteral{}} }

func newPathCanon() *pathCanon { return &pathCanon{root: newCanonNode()} }

// add registers a route pattern such as /api/v2/business/{businessId}/payrun
// for any method, with untyped parameters.
func (c *pathCanon) add(pattern string) { c.node(pattern).terminal = true }

// addRoute registers method on pattern; the parameters named in integers
// match only digits.
func (c *pathCanon) addRoute(method, pattern string, integers map[string]bool) {
	rt := &canonRoute{pattern: pattern}
	for i, seg := range splitPath(pattern) {
		if isParam(seg) && integers[strings.Trim(seg, "{}")] {
			rt.digits = append(rt.digits, i)
		}
	}
	n := c.node(pattern)
	n.terminal = true
	if n.methods == nil {
		n.methods = map[string]*canonRoute{}
	}
	n.methods[strings.ToUpper(method)] = rt
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

func (c *pathCanon) node(pattern string) *canonNode {
	n := c.root
	for _, seg := range splitPath(pattern) {
		switch {
		case isParam(seg):
			if n.param == nil {
				n.param = newCanonNode()
			}
			n = n.param
			continue
		case seg == "*":
			if n.rest == nil {
				n.rest = newCanonNode()
			}
			return n.rest
		}
		key := strings.ToLower(seg)
		lit := n.literals[key]
		if lit == nil {
			lit = &canonLiteral{spelling: seg, next: newCanonNode()}
			n.literals[key] = lit
		}
		n = lit.next
	}
	return n
}

// routeMatch is what lookup found.
type routeMatch struct {
	path    string   // the request path in the registered spelling
	pattern string   // the route matched ("" for an untyped one)
	found   bool     // a route serves the method
	allowed []string // otherwise: the methods the path is served with
}

// lookup matches method and path. Method "" matches any route, ignoring
// parameter types (canonical spelling only).
func (c *pathCanon) lookup(method, path string) routeMatch {
	segs := splitPath(path)
	st := &matchState{method: strings.ToUpper(method), segs: segs, out: make([]string, len(segs)), allowed: map[string]bool{}}
	m := routeMatch{path: path}
	if rt, ok := st.match(c.root, 0); ok {
		m.found = true
		if rt != nil {
			m.pattern = rt.pattern
		}
		m.path = "/" + strings.Join(st.out, "/")
		if strings.HasSuffix(path, "/") && len(segs) > 0 {
			m.path += "/"
		}
		return m
	}
	for meth := range st.allowed {
		m.allowed = append(m.allowed, meth)
	}
	sort.Strings(m.allowed)
	return m
}

type matchState struct {
	method  string
	segs    []string
	out     []string
	allowed map[string]bool
}

func (st *matchState) match(n *canonNode, i int) (*canonRoute, bool) {
	if i == len(st.segs) {
		if rt, ok := st.end(n); ok {
			return rt, true
		}
	} else {
		seg := st.segs[i]
		if lit := n.literals[strings.ToLower(seg)]; lit != nil {
			st.out[i] = lit.spelling
			if rt, ok := st.match(lit.next, i+1); ok {
				return rt, true
			}
		}
		if n.param != nil && seg != "" {
			st.out[i] = seg
			if rt, ok := st.match(n.param, i+1); ok {
				return rt, true
			}
		}
	}
	if n.rest != nil {
		copy(st.out[i:], st.segs[i:])
		return st.end(n.rest)
	}
	return nil, false
}

// end decides at a node where the path is used up.
func (st *matchState) end(n *canonNode) (*canonRoute, bool) {
	if !n.terminal {
		return nil, false
	}
	if len(n.methods) == 0 || st.method == "" {
		return nil, true
	}
	if rt := n.methods[st.method]; rt != nil && st.fits(rt) {
		return rt, true
	}
	for meth, rt := range n.methods {
		if meth != st.method && st.fits(rt) {
			st.allowed[meth] = true
		}
	}
	return nil, false
}

func (st *matchState) fits(rt *canonRoute) bool {
	for _, i := range rt.digits {
		if i >= len(st.out) || !isIntegerSegment(st.out[i]) {
			return false
		}
	}
	return true
}

// canonical returns the registered spelling of path, or path unchanged when
// no route matches.
func (c *pathCanon) canonical(path string) string { return c.lookup("", path).path }

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// indexRoutes registers every route chi serves (huma operations, the OpenAPI
// document, plain pages), with the integer path parameters the OpenAPI
// description declares for each operation.
func (a *API) indexRoutes() {
	integers := map[string]map[string]bool{} // "METHOD pattern" -> parameter names
	for pattern, item := range a.huma.OpenAPI().Paths {
		for method, op := range map[string]*huma.Operation{
			http.MethodGet: item.Get, http.MethodPut: item.Put, http.MethodPost: item.Post,
			http.MethodDelete: item.Delete, http.MethodPatch: item.Patch, http.MethodHead: item.Head,
			http.MethodOptions: item.Options, http.MethodTrace: item.Trace,
		} {
			if op == nil {
				continue
			}
			for _, p := range append(append([]*huma.Param(nil), item.Parameters...), op.Parameters...) {
				if p == nil || p.In != "path" {
					continue
				}
				if s := a.resolve(p.Schema); s != nil && s.Type == "integer" {
					k := method + " " + pattern
					if integers[k] == nil {
						integers[k] = map[string]bool{}
					}
					integers[k][p.Name] = true
				}
			}
		}
	}
	_ = chi.Walk(a.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		a.canon.addRoute(method, route, integers[method+" "+route])
		return nil
	})
}

// routeGate runs before chi: it rewrites the path to the registered
// spelling and answers 404 / 405 itself.
func (a *API) routeGate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := a.canon.lookup(r.Method, r.URL.Path)
		switch {
		case m.found:
			if m.path != r.URL.Path {
				r.URL.Path = m.path
				r.URL.RawPath = ""
			}
			next.ServeHTTP(w, r)
		case len(m.allowed) > 0:
			a.methodNotAllowed(w, r, m.allowed)
		default:
			a.notFound(w, r)
		}
	})
}

func (a *API) notFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, r, newProblem(http.StatusNotFound, "no operation matches "+r.Method+" "+r.URL.Path))
}

func (a *API) methodNotAllowed(w http.ResponseWriter, r *http.Request, allowed []string) {
	if allowed == nil {
		allowed = a.canon.lookup(r.Method, r.URL.Path).allowed
	}
	if len(allowed) > 0 {
		w.Header().Set("Allow", strings.Join(allowed, ", "))
	}
	writeProblem(w, r, newProblem(http.StatusMethodNotAllowed,
		"Method "+r.Method+" is not allowed on "+r.URL.Path+"; allowed: "+strings.Join(allowed, ", ")+"."))
}

// routeConflicts lists paths the matcher and chi disagree on: for every
// route, a sample path (integer parameters "7", others "p7") must reach that
// route, and neither it nor its variants with a non-integer in an integer
// parameter may be sent on to a pattern other than the one chi dispatches to.
// Tests keep it empty.
func (a *API) routeConflicts() []string {
	mux, ok := a.router.(*chi.Mux)
	if !ok {
		return []string{"router is not a *chi.Mux"}
	}
	var out []string
	_ = chi.Walk(a.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		segs := splitPath(route)
		base := make([]string, len(segs))
		var digits []int
		if rt := a.canon.node(route).methods[method]; rt != nil {
			digits = rt.digits
		}
		for i, seg := range segs {
			switch {
			case seg == "*":
				base[i] = "x"
			case isParam(seg):
				base[i] = "p7"
			default:
				base[i] = seg
			}
		}
		for _, i := range digits {
			base[i] = "7"
		}
		variants := [][]string{base}
		for _, i := range digits {
			v := append([]string(nil), base...)
			v[i] = "x7"
			variants = append(variants, v)
		}
		for k, v := range variants {
			path := "/" + strings.Join(v, "/")
			m := a.canon.lookup(method, path)
			if k == 0 && (!m.found || (m.pattern != "" && m.pattern != route)) {
				out = append(out, method+" "+path+": matcher finds "+m.pattern+", want "+route)
				continue
			}
			if m.found && m.pattern != "" {
				if got := mux.Find(chi.NewRouteContext(), method, m.path); got != m.pattern {
					out = append(out, method+" "+path+": matcher finds "+m.pattern+", chi dispatches to "+got)
				}
			}
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// isIntegerSegment reports whether a path segment is an integer: digits
// with an optional minus sign. A negative id reaches its operation, where
// the input policy answers 400 naming the parameter; a word is no match.
func isIntegerSegment(s string) bool {
	return isDigits(strings.TrimPrefix(s, "-"))
}

// BusinessPath is the {businessId} path parameter every business operation has.
type BusinessPath struct {
	BusinessID int64 `path:"businessId"`
}

// ESSPath is the path parameter of the self-service operations
// (/api/v2/ess/{employeeId}/...).
type ESSPath struct {
	EmployeeID int64 `path:"employeeId"`
}
