package httpapi

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
)

// normalizeRequest implements the inbound wire conventions once, before
// huma validates anything:
//   - query names: case-insensitive, optional "filter." / "request." prefix,
//     empty value = absent;
//   - bodies (JSON, text/json, application/*+json, unlabelled JSON and
//     ASP.NET-style forms; see forms.go): member names case-insensitive
//     (renamed to the schema's spelling), unknown members dropped, null =
//     absent, enums by name in any case, by display name or by integer
//     position, and primitives of the wrong JSON type converted as the
//     public API's binder converts them (coerce.go).
func (a *API) normalizeRequest(ctx huma.Context, next func(huma.Context)) {
	op := ctx.Operation()
	r, w := humachi.Unwrap(ctx)
	if strings.HasPrefix(strings.ToLower(r.Header.Get("Content-Type")), "multipart/") && a.Config.MaxUploadBytes > 0 {
		// huma's MaxBodyBytes does not cover multipart bodies: bound the
		// whole upload here (the files plus room for the form's framing).
		r.Body = http.MaxBytesReader(w, r.Body, a.Config.MaxUploadBytes+1<<20)
	}
	if r.URL.RawQuery != "" {
		r.URL.RawQuery = canonicalQuery(r.URL.RawQuery, op.Parameters)
	}
	if !a.prepareBody(op, w, r) {
		return
	}
	next(ctx)
}

// canonicalQuery rewrites query names to the declared parameter spelling.
func canonicalQuery(raw string, params []*huma.Param) string {
	vals, err := url.ParseQuery(raw)
	if err != nil {
		return raw // huma reports malformed values per parameter
	}
	names := map[string]string{}
	for _, p := range params {
		if p.In == "query" {
			names[strings.ToLower(p.Name)] = p.Name
		}
	}
	out := url.Values{}
	for k, vs := range vals {
		name := k
		lower := strings.ToLower(k)
		for _, prefix := range []string{"filter.", "request."} {
			if strings.HasPrefix(lower, prefix) {
				lower = lower[len(prefix):]
				name = name[len(prefix):]
			}
		}
		if canon, ok := names[lower]; ok {
			name = canon
		}
		for _, v := range vs {
			if v != "" {
				out.Add(name, v)
			}
		}
	}
	return out.Encode()
}

func (a *API) resolve(s *huma.Schema) *huma.Schema {
	for i := 0; s != nil && s.Ref != "" && i < 16; i++ {
		s = a.huma.OpenAPI().Components.Schemas.SchemaFromRef(s.Ref)
	}
	return s
}

func (a *API) normalizeValue(v any, s *huma.Schema, depth int) any {
	s = a.resolve(s)
	if s == nil || depth > 32 {
		return v
	}
	switch val := v.(type) {
	case map[string]any:
		if len(s.Properties) == 0 {
			if s.AdditionalProperties != nil { // dictionaries keep their keys
				if as, ok := s.AdditionalProperties.(*huma.Schema); ok {
					for k, e := range val {
						val[k] = a.normalizeValue(e, as, depth+1)
					}
				}
			}
			return val
		}
		lower := make(map[string]string, len(s.Properties))
		for name := range s.Properties {
			lower[strings.ToLower(name)] = name
		}
		out := make(map[string]any, len(val))
		for k, e := range val {
			name, ok := s.Properties[k], true
			canon := k
			if name == nil {
				canon, ok = lower[strings.ToLower(k)]
			}
			if !ok || e == nil {
				continue // unknown member or null: treated as absent
			}
			if str, isStr := e.(string); isStr && str == "" {
				if ps := a.resolve(s.Properties[canon]); ps != nil && len(ps.Enum) > 0 {
					continue // an empty enum is an unset one
				}
			}
			nv := a.normalizeValue(e, s.Properties[canon], depth+1)
			if nv == absent {
				continue // "" in a number, boolean or date-time member: null
			}
			out[canon] = nv
		}
		return out
	case []any:
		for i, e := range val {
			if nv := a.normalizeValue(e, s.Items, depth+1); nv != absent {
				val[i] = nv
			}
		}
		return val
	case string, json.Number, bool:
		return coerceScalar(val, s)
	}
	return v
}
