package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The wire conventions are implemented once in the HTTP layer; these tests
// exercise them through real operations.
func TestWireConventions(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d, testkit.Options{Config: func(c *config.Config) { c.MaxBodyBytes = 4096 }})
	_, key := s.NewUser("alice@example.com")
	biz := s.NewBusiness(key, "Alice", "AU")
	B := testkit.BusinessPath(biz)

	t.Run("literal path segments are case-insensitive", func(t *testing.T) {
		s.Do("GET", strings.Replace(B, "/api/v2/business", "/API/V2/Business", 1), key, nil).Expect(t, 200)
		s.Do("GET", "/Api/V2/USER", key, nil).Expect(t, 200)
	})
	t.Run("PascalCase members and enums by name in any case or integer", func(t *testing.T) {
		r := s.Do("PUT", B, key, `{"Name":"Alice Two","EndOfWeek":"tuesday","NumberOfEmployees":1,"UnknownMember":{"x":1},"LegalName":null}`).Expect(t, 200).Map(t)
		if r["name"] != "Alice Two" || r["endOfWeek"] != "Tuesday" || r["numberOfEmployees"] != "ElevenToFifty" {
			t.Fatalf("normalised update = %v", r)
		}
		if _, ok := r["unknownMember"]; ok {
			t.Fatal("unknown member stored")
		}
	})
	t.Run("camelCase out and nulls as null", func(t *testing.T) {
		body := string(s.Do("GET", B, key, nil).Expect(t, 200).Body)
		for _, want := range []string{`"externalId":`, `"leaveYearStart":null`, `"whiteLabelId":null`} {
			if !strings.Contains(body, want) {
				t.Fatalf("body lacks %s: %s", want, body)
			}
		}
	})
	t.Run("query names: prefix, case, empty = absent", func(t *testing.T) {
		s.Do("PUT", B, key, map[string]any{"externalId": "E-9"}).Expect(t, 200)
		s.Do("GET", "/api/v2/business/externalid?request.ExternalId=E-9", key, nil).Expect(t, 200)
		s.Do("GET", "/api/v2/business/externalid?filter.externalid=E-9&unused=", key, nil).Expect(t, 200)
		s.Do("GET", "/api/v2/business?$top=&$skip=", key, nil).Expect(t, 200)
	})
	bad := []struct {
		name, method, path, body string
		status                   int
		field                    string
	}{
		{"malformed JSON", "PUT", B, `{"name":`, 400, ""},
		// A number into a string member converts (as the public API's
		// binder does); a list does not.
		{"wrong type", "PUT", B, `{"name": [12]}`, 400, "name"},
		{"unknown enum name", "PUT", B, `{"endOfWeek": "Funday"}`, 400, "endOfWeek"},
		{"enum integer out of range", "PUT", B, `{"endOfWeek": 99}`, 400, "endOfWeek"},
		{"oversized body", "PUT", B, `{"name":"` + strings.Repeat("x", 5000) + `"}`, 413, ""},
		{"$top over 100", "GET", "/api/v2/business?$top=1000", "", 400, "$top"},
		{"$top not a number", "GET", "/api/v2/business?$top=ten", "", 400, "$top"},
		{"garbage $filter", "GET", "/api/v2/business?$filter=Name%20eq%20%27unterminated", "", 400, "$filter"},
		{"unknown $filter member", "GET", "/api/v2/business?$filter=Nope%20eq%201", "", 400, "$filter"},
		{"garbage $orderby", "GET", "/api/v2/business?$orderby=Name%20sideways", "", 400, "$orderby"},
		{"unknown route", "GET", "/api/v2/nothing-here", "", 404, ""},
		{"wrong method", "PATCH", "/api/v2/user", "", 405, ""},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			var body any
			if tc.body != "" {
				body = tc.body
			}
			testkit.ExpectProblem(t, s.Do(tc.method, tc.path, key, body), tc.status, tc.field)
		})
	}
	t.Run("failed update keeps stored data", func(t *testing.T) {
		if got := s.Do("GET", B, key, nil).Expect(t, 200).Map(t); got["name"] != "Alice Two" {
			t.Fatalf("name after rejected updates = %v", got["name"])
		}
	})
	t.Run("health, readiness, metrics, openapi, docs", func(t *testing.T) {
		s.Do("GET", "/healthz", "", nil).Expect(t, 200)
		s.Do("GET", "/readyz", "", nil).Expect(t, 200)
		// /metrics on the API's listener is a system administrator's only.
		s.Do("GET", "/metrics", "", nil).Expect(t, 401)
		s.Do("GET", "/metrics", key, nil).Expect(t, 403)
		m := string(s.Do("GET", "/metrics", s.AdminKey, nil).Expect(t, 200).Body)
		if !strings.Contains(m, `payrolld_http_request_duration_seconds_count{method="GET",operation="get-api-v2-user",status="200"}`) {
			t.Fatalf("metrics lack per-operation latency:\n%.2000s", m)
		}
		doc := s.Do("GET", "/openapi.json", "", nil).Expect(t, 200).Map(t)
		if doc["openapi"] != "3.1.0" {
			t.Fatalf("openapi = %v", doc["openapi"])
		}
		s.Do("GET", "/docs", "", nil).Expect(t, 200)
	})
	t.Run("request id echoed", func(t *testing.T) {
		req, _ := http.NewRequest("GET", s.URL+"/healthz", nil)
		req.Header.Set("X-Request-Id", "abc123")
		if got := s.Send(req).Header.Get("X-Request-Id"); got != "abc123" {
			t.Fatalf("X-Request-Id = %q", got)
		}
	})
}

func TestRateLimit(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d, testkit.Options{Config: func(c *config.Config) { c.RateLimitRPS = 1; c.RateLimitBurst = 2 }})
	_, key := s.NewUser("alice@example.com")
	var limited *testkit.Response
	for i := 0; i < 5 && limited == nil; i++ {
		if r := s.Do("GET", "/api/v2/user", key, nil); r.Status == 429 {
			limited = r
		}
	}
	if limited == nil {
		t.Fatal("never rate limited")
	}
	testkit.ExpectProblem(t, limited, 429, "")
	if limited.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	// Another credential has its own bucket.
	s.Do("GET", "/api/v2/user", s.AdminKey, nil).Expect(t, 200)
}

// A panicking handler yields a 500 ProblemDetails without internals.
func TestPanicIsProblem(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	api := httpapi.New(httpapi.Deps{Config: config.Default(), Users: s.Users, Businesses: s.Businesses, Reference: s.Reference,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Areas: []func(*httpapi.API){func(a *httpapi.API) {
			httpapi.Register(a, httpapi.Public, huma.Operation{Method: "GET", Path: "/boom"}, func(ctx context.Context, _ *struct{}) (*struct{}, error) {
				panic("secret internal detail")
			})
		}}})
	ts := httptest.NewServer(api.Handler())
	defer ts.Close()
	res, err := http.Get(ts.URL + "/boom")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 500 || strings.Contains(string(b), "secret") || !strings.Contains(string(b), `"status":500`) {
		t.Fatalf("panic answered %d %s", res.StatusCode, b)
	}
}

// Public operations (no credentials) are limited per client address.
func TestRateLimitPublic(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d, testkit.Options{Config: func(c *config.Config) { c.RateLimitRPS = 1; c.RateLimitBurst = 2 }})
	var limited *testkit.Response
	for i := 0; i < 5 && limited == nil; i++ {
		if r := s.Do("POST", "/api/v2/mobileaccountrecovery/userbrandassociations", "", map[string]any{"email": "x@example.com"}); r.Status == 429 {
			limited = r
		}
	}
	if limited == nil || limited.Header.Get("Retry-After") == "" {
		t.Fatal("anonymous requests were never rate limited")
	}
}

// A streamed answer (httpapi.Streamed) whose writer fails after the status
// is sent aborts the connection: the client gets a read error, never a 200
// whose body merely looks short.
func TestStreamedFailureAborts(t *testing.T) {
	t.Parallel()
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	type thing struct {
		Items []int `json:"items"`
	}
	api := httpapi.New(httpapi.Deps{Config: config.Default(), Users: s.Users, Businesses: s.Businesses, Reference: s.Reference,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Areas: []func(*httpapi.API){func(a *httpapi.API) {
			for _, fail := range []bool{false, true} {
				path := "/stream/ok"
				if fail {
					path = "/stream/fails"
				}
				httpapi.Register(a, httpapi.Public, huma.Operation{Method: "GET", Path: path}, func(ctx context.Context, _ *struct{}) (*httpapi.BodyOf[httpapi.Streamed[thing]], error) {
					return &httpapi.BodyOf[httpapi.Streamed[thing]]{Body: httpapi.Streamed[thing]{Write: func(w io.Writer) error {
						// More than any buffer between here and the client.
						io.WriteString(w, `{"items":[0`+strings.Repeat(",1", 200<<10))
						if fail {
							return errors.New("database went away")
						}
						_, err := io.WriteString(w, "]}\n")
						return err
					}}}, nil
				})
			}
		}}})
	ts := httptest.NewServer(api.Handler())
	defer ts.Close()
	res, err := http.Get(ts.URL + "/stream/ok")
	if err != nil {
		t.Fatal(err)
	}
	var ok thing
	if err := json.NewDecoder(res.Body).Decode(&ok); err != nil || len(ok.Items) != 200<<10+1 || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("streamed answer: %v, %d items, %q", err, len(ok.Items), res.Header.Get("Content-Type"))
	}
	res.Body.Close()
	res, err = http.Get(ts.URL + "/stream/fails")
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err == nil {
		t.Fatalf("a failed stream read as a complete %d answer of %d bytes ending %q", res.StatusCode, len(b), b[max(0, len(b)-40):])
	}
}
