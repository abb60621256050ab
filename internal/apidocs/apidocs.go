// Package apidocs serves the API reference page for the service's OpenAPI
// document: Swagger UI (vendored from npm, see assets/README.md) with a
// search over operations, the request examples, and "Try it out" with an
// API key.
//
// Everything is embedded in the binary; the page loads nothing from another
// origin and fetches only the OpenAPI document and the requests the user
// sends, same-origin (the Content-Security-Policy enforces it). The document
// URL is read from the data-spec attribute of the page's root element
// (default "/openapi.json", resolved against the site root).
//
// Mount the handler for both "/docs" and "/docs/" (it expects the full,
// unstripped request path):
//
//	h := apidocs.Handler()
//	mux.Handle("/docs", h)
//	mux.Handle("/docs/", h)
package apidocs

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

const (
	// BasePath is the URL path at which the reference page is served.
	BasePath = "/docs"
	// AssetsPath is the URL path prefix of the page's static assets.
	AssetsPath = BasePath + "/assets/"

	// ContentSecurityPolicy is sent with the HTML page: same-origin scripts,
	// styles and fetches only. Swagger UI's stylesheet draws its icons from
	// data: URLs, and its React views set style attributes (no scripts are
	// inline: script-src stays 'self').
	ContentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; " +
		"base-uri 'none'; object-src 'none'; form-action 'none'; frame-ancestors 'self'"

	indexFile          = "index.html"
	versionPlaceholder = "__ASSET_VERSION__"
	assetCacheControl  = "public, max-age=31536000, immutable"
)

//go:embed assets
var assetFS embed.FS

// contentTypes maps the extensions of embedded assets to their media types.
// It is explicit so the result does not depend on the host's mime tables.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".png":  "image/png",
	".md":   "text/plain; charset=utf-8",
	"":      "text/plain; charset=utf-8", // LICENSE, NOTICE
}

type asset struct {
	body        []byte
	contentType string
	etag        string
}

type handler struct {
	index  asset
	assets map[string]asset // keyed by file name, index.html excluded
}

var loadHandler = sync.OnceValue(func() *handler {
	h, err := newHandler(assetFS)
	if err != nil {
		// The assets are embedded at compile time; failure here is a build defect.
		panic("apidocs: " + err.Error())
	}
	return h
})

// Handler returns the http.Handler serving the API reference:
//
//	GET /docs                 the HTML page (also at /docs/)
//	GET /docs/assets/<file>   embedded JavaScript, CSS and icon, cached for a year
//
// Asset URLs in the page carry a content hash, so a new build never serves
// stale cached assets. Every other path under /docs answers 404.
func Handler() http.Handler { return loadHandler() }

func newHandler(fsys embed.FS) (*handler, error) {
	sub, err := fs.Sub(fsys, "assets")
	if err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(sub, ".")
	if err != nil {
		return nil, err
	}
	h := &handler{assets: make(map[string]asset)}
	sum := sha256.New()
	var indexBody []byte
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		body, err := fs.ReadFile(sub, e.Name())
		if err != nil {
			return nil, err
		}
		if e.Name() == indexFile {
			indexBody = body
			continue
		}
		ct, ok := contentTypes[path.Ext(e.Name())]
		if !ok {
			ct = "application/octet-stream"
		}
		h.assets[e.Name()] = asset{body: body, contentType: ct, etag: etagOf(body)}
		sum.Write([]byte(e.Name()))
		sum.Write(body)
	}
	version := hex.EncodeToString(sum.Sum(nil))[:12]
	indexBody = bytes.ReplaceAll(indexBody, []byte(versionPlaceholder), []byte(version))
	h.index = asset{body: indexBody, contentType: contentTypes[".html"], etag: etagOf(indexBody)}
	return h, nil
}

func etagOf(b []byte) string {
	s := sha256.Sum256(b)
	return `"` + hex.EncodeToString(s[:8]) + `"`
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case p == BasePath || p == BasePath+"/":
		if !allowRead(w, r) {
			return
		}
		hdr := w.Header()
		hdr.Set("Content-Security-Policy", ContentSecurityPolicy)
		hdr.Set("Cache-Control", "no-cache")
		hdr.Set("Referrer-Policy", "no-referrer")
		serve(w, r, h.index)
	case strings.HasPrefix(p, AssetsPath):
		name := strings.TrimPrefix(p, AssetsPath)
		a, ok := h.assets[name]
		if !ok || strings.Contains(name, "/") {
			http.NotFound(w, r)
			return
		}
		if !allowRead(w, r) {
			return
		}
		w.Header().Set("Cache-Control", assetCacheControl)
		serve(w, r, a)
	default:
		http.NotFound(w, r)
	}
}

func allowRead(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
	return false
}

func serve(w http.ResponseWriter, r *http.Request, a asset) {
	hdr := w.Header()
	hdr.Set("Content-Type", a.contentType)
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("ETag", a.etag)
	// ServeContent handles HEAD, Range and If-None-Match (via the ETag above).
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
}
