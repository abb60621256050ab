package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"

	"github.com/payrolld/payrolld/internal/httpapi/inputpolicy"
	"github.com/payrolld/payrolld/internal/oauth"
)

// The input policy (package inputpolicy: its bounds and classes, and
// docs/input-policy.md) applied to every operation by enforceInputPolicy,
// a middleware after authentication and before huma's own validation and
// the handler, and to the plain routes by plainInputAllowed.

// policy is the policy's checker over this API's schemas.
func (a *API) policy() inputpolicy.Checker { return inputpolicy.Checker{Resolve: a.resolve} }

// policyProblem is the 400 ProblemDetails of the violations found.
func policyProblem(e *inputpolicy.Errors) *Problem {
	p := newProblem(http.StatusBadRequest, "The request is invalid")
	p.Errors = e.Fields()
	fields := make([]string, 0, len(e.Fields()))
	for f := range e.Fields() {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	parts := make([]string, 0, len(fields))
	for _, f := range fields {
		parts = append(parts, f+": "+strings.Join(e.Fields()[f], "; "))
	}
	p.Detail = p.Detail + ": " + strings.Join(parts, ", ")
	p.Message = p.Detail
	return p
}

// enforceInputPolicy is the middleware applying the policy to every
// operation's path and query parameters and body.
func (a *API) enforceInputPolicy(ctx huma.Context, next func(huma.Context)) {
	op := ctx.Operation()
	r, w := humachi.Unwrap(ctx)
	var errs inputpolicy.Errors
	pc := a.policy()
	for _, p := range op.Parameters {
		if p.In == "path" {
			pc.CheckPath(&errs, p.Name, ctx.Param(p.Name), p.Schema)
		}
	}
	if r.URL.RawQuery != "" {
		pc.CheckQuery(&errs, r.URL.RawQuery, op.Parameters)
	}
	if op.RequestBody != nil && r.Body != nil && r.ContentLength != 0 {
		a.checkBody(&errs, r, op)
	}
	if errs.Len() > 0 {
		writeProblem(w, r, policyProblem(&errs))
		return
	}
	next(ctx)
}

// checkBody reads the (already normalised) body, walks it and puts it back.
func (a *API) checkBody(errs *inputpolicy.Errors, r *http.Request, op *huma.Operation) {
	ct := strings.ToLower(r.Header.Get("Content-Type"))
	if strings.HasPrefix(ct, "multipart/") {
		return
	}
	limit := op.MaxBodyBytes
	if limit <= 0 {
		limit = 1 << 20
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(raw))
	if err != nil || int64(len(raw)) > limit {
		return // huma answers 413
	}
	schemaFor := func(mt string) *huma.Schema {
		if m := op.RequestBody.Content[mt]; m != nil {
			return m.Schema
		}
		return nil
	}
	// A JSON body (whatever its declared type: normalisation may have
	// turned a form into JSON) is walked against the JSON schema.
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) == nil {
		if s := schemaFor("application/json"); s != nil {
			a.policy().Walk(errs, v, s)
		}
		return
	}
	if strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		vals, err := url.ParseQuery(string(raw))
		if err != nil {
			return
		}
		s := schemaFor("application/x-www-form-urlencoded")
		if s == nil {
			s = schemaFor("application/json")
		}
		a.policy().CheckForm(errs, vals, s)
	}
	// anything else is malformed: huma reports it
}

// plainInputAllowed applies the policy to a route served outside huma (the
// OAuth endpoints and pages, see PlainRoute): the path, query values and a
// form body. On a violation it answers 400 in the route's own style (an
// RFC 6749 error from the token endpoints, an HTML page from the browser
// pages) and returns false.
func (a *API) plainInputAllowed(w http.ResponseWriter, r *http.Request, pattern string) bool {
	var errs inputpolicy.Errors
	inputpolicy.CheckURLPath(&errs, r.URL.Path)
	if r.URL.RawQuery != "" {
		a.policy().CheckQuery(&errs, r.URL.RawQuery, nil)
	}
	if r.Body != nil && r.ContentLength != 0 && strings.HasPrefix(strings.ToLower(r.Header.Get("Content-Type")), "application/x-www-form-urlencoded") {
		raw, err := io.ReadAll(io.LimitReader(r.Body, MaxFormBytes+1))
		r.Body.Close()
		r.Body = io.NopCloser(bytes.NewReader(raw))
		if err == nil && len(raw) <= MaxFormBytes {
			if vals, err := url.ParseQuery(string(raw)); err == nil {
				var s *huma.Schema
				if pi := a.huma.OpenAPI().Paths[pattern]; pi != nil && pi.Post != nil && pi.Post.RequestBody != nil {
					if mt := pi.Post.RequestBody.Content["application/x-www-form-urlencoded"]; mt != nil {
						s = mt.Schema
					}
				}
				a.policy().CheckForm(&errs, vals, s)
			}
		}
	}
	if errs.Len() == 0 {
		return true
	}
	p := policyProblem(&errs)
	switch {
	case strings.HasPrefix(pattern, "/oauth/token"):
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusBadRequest)
		_ = jsonEncode(w, map[string]string{"error": "invalid_request", "error_description": p.Detail}) // RFC 6749 section 5.2
	default:
		oauth.WriteMessage(w, http.StatusBadRequest, "Invalid request", p.Detail)
	}
	return false
}
