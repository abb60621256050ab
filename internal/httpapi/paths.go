package httpapi

import (
	"net/http"
	"strings"
)

// pathCanon maps request paths onto the spelling of registered routes:
// literal segments match case-insensitively (/EmployeeExpenses =
// /employeeexpenses), parameter values keep their case. It mirrors chi's
// preference for static segments over parameters, backtracking when a
// static branch dead-ends.
type pathCanon struct{ root *canonNode }

type canonNode struct {
	literals map[string]*canonLiteral // lower-case segment -> registered spelling
	param    *canonNode
	terminal bool
}

type canonLiteral struct {
	spelling string
	next     *canonNode
}

func newCanonNode() *canonNode { return &canonNode{literals: map[string]*canonLiteral{}} }

func newPathCanon() *pathCanon { return &pathCanon{root: newCanonNode()} }

// add registers a route pattern such as /api/v2/business/{businessId}/payrun.
func (c *pathCanon) add(pattern string) {
	n := c.root
	for _, seg := range splitPath(pattern) {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			if n.param == nil {
				n.param = newCanonNode()
			}
			n = n.param
			continue
		}
		key := strings.ToLower(seg)
		lit := n.literals[key]
		if lit == nil {
			lit = &canonLiteral{spelling: seg, next: newCanonNode()}
			n.literals[key] = lit
		}
		n = lit.next
	}
	n.terminal = true
}

// canonical returns the registered spelling of path, or path unchanged when
// no route matches (the router then answers 404).
func (c *pathCanon) canonical(path string) string {
	segs := splitPath(path)
	out := make([]string, len(segs))
	if !c.match(c.root, segs, out) {
		return path
	}
	s := "/" + strings.Join(out, "/")
	if strings.HasSuffix(path, "/") && len(segs) > 0 {
		s += "/"
	}
	return s
}

func (c *pathCanon) match(n *canonNode, segs, out []string) bool {
	if len(segs) == 0 {
		return n.terminal
	}
	if lit := n.literals[strings.ToLower(segs[0])]; lit != nil {
		out[0] = lit.spelling
		if c.match(lit.next, segs[1:], out[1:]) {
			return true
		}
	}
	if n.param != nil && segs[0] != "" {
		out[0] = segs[0]
		return c.match(n.param, segs[1:], out[1:])
	}
	return false
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// middleware rewrites r.URL.Path before routing. RawPath is rewritten too
// when the client escaped characters, segment by segment.
func (c *pathCanon) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if canon := c.canonical(r.URL.Path); canon != r.URL.Path {
			r.URL.Path = canon
			r.URL.RawPath = ""
		}
		next.ServeHTTP(w, r)
	})
}
