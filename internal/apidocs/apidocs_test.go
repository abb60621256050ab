package apidocs

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, method, target string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

var attrURL = regexp.MustCompile(`(?i)\b(?:src|href)\s*=\s*"([^"]*)"`)

func TestIndex(t *testing.T) {
	h := Handler()
	for _, target := range []string{"/docs", "/docs/"} {
		rec := get(t, h, http.MethodGet, target, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: status %d", target, rec.Code)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", target, ct)
		}
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: CSP %q lacks default-src 'self'", target, csp)
		}
		// Scripts stay same-origin files (style attributes are allowed:
		// Swagger UI's views set them).
		if strings.Contains(csp, "unsafe-eval") || !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "script-src") {
			t.Errorf("GET %s: CSP %q allows unsafe scripts", target, csp)
		}
		for _, src := range strings.Split(csp, ";") {
			for _, w := range strings.Fields(src)[1:] {
				if w != "'self'" && w != "'none'" && w != "data:" && w != "'unsafe-inline'" {
					t.Errorf("GET %s: CSP %q allows source %q", target, csp, w)
				}
			}
		}
		body := rec.Body.String()
		if strings.Contains(body, versionPlaceholder) {
			t.Errorf("GET %s: asset version placeholder not replaced", target)
		}
		if !strings.Contains(body, `data-spec="/openapi.json"`) {
			t.Errorf("GET %s: root element lacks data-spec", target)
		}
		for _, bad := range []string{"http://", "https://", "//cdn", "<style", " style=", "javascript:"} {
			if strings.Contains(body, bad) {
				t.Errorf("GET %s: page contains %q", target, bad)
			}
		}
		// No inline scripts: every <script> has a src and an empty body.
		for _, m := range regexp.MustCompile(`(?is)<script([^>]*)>(.*?)</script>`).FindAllStringSubmatch(body, -1) {
			if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
				t.Errorf("GET %s: inline script %q", target, m[0])
			}
		}
		if regexp.MustCompile(`(?i)\son[a-z]+\s*=`).MatchString(body) {
			t.Errorf("GET %s: inline event handler attribute", target)
		}
		urls := attrURL.FindAllStringSubmatch(body, -1)
		if len(urls) == 0 {
			t.Fatalf("GET %s: no src/href attributes found", target)
		}
		var assets []string
		for _, m := range urls {
			u := m[1]
			if !strings.HasPrefix(u, "/") || strings.HasPrefix(u, "//") {
				t.Errorf("GET %s: non-local URL %q", target, u)
			}
			if strings.HasPrefix(u, AssetsPath) {
				assets = append(assets, u)
			}
		}
		if len(assets) < 3 {
			t.Errorf("GET %s: expected script, stylesheet and icon asset links, got %q", target, assets)
		}
		// Every referenced asset resolves.
		for _, u := range assets {
			if r := get(t, h, http.MethodGet, u, nil); r.Code != http.StatusOK {
				t.Errorf("referenced asset %s: status %d", u, r.Code)
			}
		}
	}
}

// vendored are the renderer's files as published (README.md): URLs in their
// strings and licence comments are text, not loads; the browser test and the
// CSP check that nothing is fetched from another origin.
var vendored = map[string]bool{"assets/swagger-ui-bundle.js": true, "assets/swagger-ui.css": true, "assets/LICENSE": true, "assets/README.md": true}

func TestEmbeddedAssetsHaveNoExternalURLs(t *testing.T) {
	n := 0
	err := fs.WalkDir(assetFS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		b, err := fs.ReadFile(assetFS, p)
		if err != nil {
			return err
		}
		s := strings.ToLower(string(b))
		if vendored[p] {
			// No source maps, fonts or stylesheets fetched, no images but data: URLs.
			for _, bad := range []string{"sourcemappingurl=", "@font-face", "@import"} {
				if strings.Contains(s, bad) {
					t.Errorf("%s contains %q", p, bad)
				}
			}
			for _, m := range regexp.MustCompile(`url\(\s*["']?([a-z]+:|/)`).FindAllStringSubmatch(s, -1) {
				if m[1] != "data:" {
					t.Errorf("%s loads url(%s...)", p, m[1])
				}
			}
			return nil
		}
		for _, bad := range []string{"http://", "https://", "sourcemappingurl"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s contains %q", p, bad)
			}
		}
		if strings.HasSuffix(p, ".css") {
			// Stylesheets load nothing: no imports, fonts or images.
			for _, bad := range []string{"@import", "url(", "@font-face"} {
				if strings.Contains(s, bad) {
					t.Errorf("%s contains %q", p, bad)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 3 {
		t.Fatalf("expected at least 3 embedded files, found %d", n)
	}
}

func TestAssets(t *testing.T) {
	h := Handler()
	cases := map[string]string{
		"docs-init.js":         "text/javascript; charset=utf-8",
		"docs.css":             "text/css; charset=utf-8",
		"swagger-ui-bundle.js": "text/javascript; charset=utf-8",
		"swagger-ui.css":       "text/css; charset=utf-8",
		"favicon.png":          "image/png",
		"LICENSE":              "text/plain; charset=utf-8",
	}
	for name, want := range cases {
		target := AssetsPath + name
		rec := get(t, h, http.MethodGet, target, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: status %d", target, rec.Code)
		}
		if ct := rec.Header().Get("Content-Type"); ct != want {
			t.Errorf("GET %s: Content-Type %q, want %q", target, ct, want)
		}
		if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age=31536000") {
			t.Errorf("GET %s: Cache-Control %q", target, cc)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: missing nosniff", target)
		}
		if rec.Body.Len() == 0 {
			t.Errorf("GET %s: empty body", target)
		}
		etag := rec.Header().Get("ETag")
		if etag == "" {
			t.Fatalf("GET %s: no ETag", target)
		}
		if r := get(t, h, http.MethodGet, target, map[string]string{"If-None-Match": etag}); r.Code != http.StatusNotModified {
			t.Errorf("conditional GET %s: status %d, want 304", target, r.Code)
		}
		if r := get(t, h, http.MethodHead, target, nil); r.Code != http.StatusOK || r.Body.Len() != 0 {
			t.Errorf("HEAD %s: status %d, body %d bytes", target, r.Code, r.Body.Len())
		}
		// Cache-busting query strings are accepted.
		if r := get(t, h, http.MethodGet, target+"?v=abc", nil); r.Code != http.StatusOK {
			t.Errorf("GET %s?v=abc: status %d", target, r.Code)
		}
	}
}

func TestNotFound(t *testing.T) {
	h := Handler()
	for _, target := range []string{
		AssetsPath + "missing.js",
		AssetsPath,
		AssetsPath + "index.html",
		AssetsPath + "sub/docs.js",
		AssetsPath + "../apidocs.go",
		AssetsPath + "%2e%2e/apidocs.go",
		AssetsPath + "DOCS.JS",
		"/docs/other",
		"/docsx",
	} {
		if rec := get(t, h, http.MethodGet, target, nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", target, rec.Code)
		}
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h := Handler()
	for _, target := range []string{"/docs", AssetsPath + "docs-init.js"} {
		rec := get(t, h, http.MethodPost, target, nil)
		if rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: status %d, want 405", target, rec.Code)
		}
		if rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("POST %s: Allow %q", target, rec.Header().Get("Allow"))
		}
	}
}

func TestIndexReferencesVersionedAssets(t *testing.T) {
	h := Handler().(*handler)
	for _, name := range []string{"swagger-ui-bundle.js", "docs-init.js", "swagger-ui.css", "docs.css", "favicon.png"} {
		re := regexp.MustCompile(regexp.QuoteMeta(AssetsPath+name) + `\?v=[0-9a-f]{12}"`)
		if !re.Match(h.index.body) {
			t.Errorf("index does not reference a content-versioned %s", name)
		}
	}
}
