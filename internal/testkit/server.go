package testkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/cli"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Server is the whole application in process, over a real listener.
type Server struct {
	*cli.App
	URL      string
	AdminKey string
	Clock    *payroll.FixedClock
	t        testing.TB
}

// Options tweak NewServer.
type Options struct {
	Config func(*config.Config)
	// Log receives the server's log (text); nil discards it.
	Log io.Writer
}

// NewServer builds the app on d with a fixed clock, rate limiting off, and
// a system administrator whose key is AdminKey.
func NewServer(t testing.TB, d *db.DB, opts ...Options) *Server {
	t.Helper()
	cfg := config.Default()
	cfg.RateLimitRPS = 0
	cfg.WebhookAllowPrivate = true
	for _, o := range opts {
		if o.Config != nil {
			o.Config(&cfg)
		}
	}
	clock := payroll.NewFixedClock(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC))
	var out io.Writer = io.Discard
	for _, o := range opts {
		if o.Log != nil {
			out = o.Log
		}
	}
	log := slog.New(slog.NewTextHandler(out, nil))
	ts := httptest.NewUnstartedServer(nil)
	cfg.BaseURL = "http://" + ts.Listener.Addr().String()
	app := cli.Build(cfg, d, clock, log)
	ts.Config.Handler = app.Handler
	ts.Start()
	t.Cleanup(ts.Close)
	key := "pk_test_admin_" + payroll.NewSecret(8)
	if _, err := app.Users.EnsureSystemAdmin(context.Background(), key); err != nil {
		t.Fatalf("bootstrap admin: %v", err)
	}
	return &Server{App: app, URL: ts.URL, AdminKey: key, Clock: clock, t: t}
}

// Response is a decoded reply.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test on error.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Map decodes an object body.
func (r *Response) Map(t testing.TB) map[string]any {
	var m map[string]any
	r.JSON(t, &m)
	return m
}

// Do sends a request with API-key auth (key "" = anonymous). body may be
// nil, a string/[]byte (sent raw) or a value (sent as JSON).
func (s *Server) Do(method, path, key string, body any) *Response {
	s.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			s.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
	}
	return s.Send(req)
}

// Send sends a prepared request.
func (s *Server) Send(req *http.Request) *Response {
	s.t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return &Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// Expect fails the test unless the reply has the wanted status.
func (r *Response) Expect(t testing.TB, status int) *Response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body: %s", r.Status, status, r.Body)
	}
	return r
}

// NewUser creates a user through the API and returns its API key.
func (s *Server) NewUser(username string) (id int64, key string) {
	s.t.Helper()
	var out struct {
		ID     int64  `json:"id"`
		APIKey string `json:"apiKey"`
	}
	s.Do("POST", "/api/v2/user", s.AdminKey, map[string]any{"username": username, "displayName": username, "email": username}).Expect(s.t, 200).JSON(s.t, &out)
	return out.ID, out.APIKey
}

// NewBusiness creates a business as the holder of key and returns its id.
func (s *Server) NewBusiness(key, name, region string) int64 {
	s.t.Helper()
	var out struct {
		ID int64 `json:"id"`
	}
	// Tests name the categories they use themselves: no default data.
	s.Do("POST", "/api/v2/business?setupDefaultData=false", key, map[string]any{"name": name, "region": region}).Expect(s.t, 200).JSON(s.t, &out)
	return out.ID
}

// File is one part of a multipart upload.
type File struct {
	Name        string
	ContentType string // "" = application/octet-stream
	Data        []byte
}

// Upload POSTs data as the multipart/form-data field "file".
func (s *Server) Upload(path, key, filename string, data []byte) *Response {
	s.t.Helper()
	return s.UploadFiles(path, key, File{Name: filename, Data: data})
}

// UploadFiles POSTs each file as a multipart/form-data part named "file".
func (s *Server) UploadFiles(path, key string, files ...File) *Response {
	s.t.Helper()
	return s.UploadWith("POST", path, key, files...)
}

// UploadWith sends each file as a multipart/form-data part named "file"
// with method (PUT for the operations that replace an attachment).
func (s *Server) UploadWith(method, path, key string, files ...File) *Response {
	s.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, f := range files {
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename=%q`, f.Name))
		h.Set("Content-Type", ct)
		part, err := w.CreatePart(h)
		if err != nil {
			s.t.Fatal(err)
		}
		_, _ = part.Write(f.Data)
	}
	_ = w.Close()
	req, err := http.NewRequest(method, s.URL+path, &buf)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	if key != "" {
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
	}
	return s.Send(req)
}
