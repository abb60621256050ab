package httpapi_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

type webHook struct {
	ID          string            `json:"id"`
	WebHookURI  string            `json:"webHookUri"`
	Secret      string            `json:"secret"`
	Description string            `json:"description"`
	IsPaused    bool              `json:"isPaused"`
	Filters     []string          `json:"filters"`
	Headers     map[string]string `json:"headers"`
	Properties  map[string]any    `json:"properties"`
}

var hexID = regexp.MustCompile(`^[0-9a-f]{32}$`)

func TestWebhookRegistrationAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, keyA := s.NewUser("a@example.com")
		_, keyB := s.NewUser("b@example.com")
		bizA, bizB := s.NewBusiness(keyA, "A Pty Ltd", "AU"), s.NewBusiness(keyB, "B Ltd", "UK")
		baseA := "/api/v2/business/" + strconv.FormatInt(bizA, 10) + "/webhookregistrations"
		baseB := "/api/v2/business/" + strconv.FormatInt(bizB, 10) + "/webhookregistrations"
		secret := strings.Repeat("k", 40)

		var hook webHook
		s.Do("POST", baseA, keyA, map[string]any{"id": "ignored", "webHookUri": "https://hooks.example.com/in",
			"filters": []string{"employeecreated", "PAYRUNFINALISED", "EmployeeCreated"}, "headers": map[string]string{"X-Tenant": "a"},
			"properties": map[string]any{"n": 1}, "description": "main"}).Expect(t, 200).JSON(t, &hook)
		if !hexID.MatchString(hook.ID) || len(hook.Secret) < 32 || len(hook.Secret) > 64 {
			t.Fatalf("register returned id %q secret %q", hook.ID, hook.Secret)
		}
		if strings.Join(hook.Filters, ",") != "EmployeeCreated,PayRunFinalised" || hook.Headers["X-Tenant"] != "a" || hook.Properties["n"] != 1.0 {
			t.Fatalf("register stored %+v", hook)
		}
		one := baseA + "/" + hook.ID

		type tc struct {
			name, method, path, key string
			body                    any
			status                  int
			check                   func(t *testing.T, r *testkit.Response)
			field                   string // for 400: the member the errors map must name
		}
		reg := func(extra map[string]any) map[string]any {
			m := map[string]any{"webHookUri": "http://hooks.example.com/x"}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		cases := []tc{
			// register
			{name: "register pascal case, given secret, no filters", method: "POST", path: baseA, key: keyA,
				body: map[string]any{"WebHookUri": "http://hooks.example.com/y", "Secret": secret}, status: 200,
				check: func(t *testing.T, r *testkit.Response) {
					var h webHook
					r.JSON(t, &h)
					if h.Secret != secret || len(h.Filters) != 1 || h.Filters[0] != "*" || h.Headers == nil || h.Properties == nil {
						t.Errorf("got %+v", h)
					}
				}},
			{name: "register missing uri", method: "POST", path: baseA, key: keyA, body: map[string]any{"secret": secret}, status: 400, field: "webHookUri"},
			{name: "register relative uri", method: "POST", path: baseA, key: keyA, body: reg(map[string]any{"webHookUri": "/hooks"}), status: 400, field: "webHookUri"},
			{name: "register ftp uri", method: "POST", path: baseA, key: keyA, body: reg(map[string]any{"webHookUri": "ftp://hooks.example.com/"}), status: 400, field: "webHookUri"},
			{name: "register unknown filter", method: "POST", path: baseA, key: keyA, body: reg(map[string]any{"filters": []string{"EmployeeCreated", "Nope"}}), status: 400, field: "filters",
				check: func(t *testing.T, r *testkit.Response) {
					if !strings.Contains(string(r.Body), "The following filters are not valid: Nope") {
						t.Errorf("body %s", r.Body)
					}
				}},
			{name: "register short secret", method: "POST", path: baseA, key: keyA, body: reg(map[string]any{"secret": "short"}), status: 400, field: "secret"},
			{name: "register long secret", method: "POST", path: baseA, key: keyA, body: reg(map[string]any{"secret": strings.Repeat("x", 65)}), status: 400, field: "secret"},
			{name: "register bad header", method: "POST", path: baseA, key: keyA, body: reg(map[string]any{"headers": map[string]string{"Bad Name": "v"}}), status: 400, field: "headers"},
			{name: "register anonymous", method: "POST", path: baseA, body: reg(nil), status: 401},
			{name: "register other tenant", method: "POST", path: baseA, key: keyB, body: reg(nil), status: 404},
			// list
			{name: "list", method: "GET", path: baseA, key: keyA, status: 200, check: func(t *testing.T, r *testkit.Response) {
				var list []webHook
				r.JSON(t, &list)
				if len(list) != 2 || list[0].ID != hook.ID && list[1].ID != hook.ID {
					t.Errorf("list %+v", list)
				}
			}},
			{name: "list other business is empty", method: "GET", path: baseB, key: keyB, status: 200, check: func(t *testing.T, r *testkit.Response) {
				if strings.TrimSpace(string(r.Body)) != "[]" {
					t.Errorf("list %s", r.Body)
				}
			}},
			{name: "list anonymous", method: "GET", path: baseA, status: 401},
			{name: "list other tenant", method: "GET", path: baseA, key: keyB, status: 404},
			// get
			{name: "get", method: "GET", path: one, key: keyA, status: 200, check: func(t *testing.T, r *testkit.Response) {
				var h webHook
				r.JSON(t, &h)
				if h.ID != hook.ID || h.Secret != hook.Secret || h.Description != "main" {
					t.Errorf("get %+v", h)
				}
			}},
			{name: "get upper-case id", method: "GET", path: baseA + "/" + strings.ToUpper(hook.ID), key: keyA, status: 200},
			{name: "get unknown", method: "GET", path: baseA + "/00000000000000000000000000000000", key: keyA, status: 404},
			{name: "get anonymous", method: "GET", path: one, status: 401},
			{name: "get other tenant", method: "GET", path: one, key: keyB, status: 404},
			{name: "get via other business", method: "GET", path: baseB + "/" + hook.ID, key: keyB, status: 404},
			// update
			{name: "update mismatched id", method: "PUT", path: one, key: keyA, body: reg(map[string]any{"id": "ffffffffffffffffffffffffffffffff"}), status: 400, field: "id"},
			{name: "update unknown filter", method: "PUT", path: one, key: keyA, body: reg(map[string]any{"filters": []string{"*", "x"}}), status: 400, field: "filters"},
			{name: "update bad uri", method: "PUT", path: one, key: keyA, body: reg(map[string]any{"webHookUri": "hooks"}), status: 400, field: "webHookUri"},
			{name: "update short secret", method: "PUT", path: one, key: keyA, body: reg(map[string]any{"secret": "s"}), status: 400, field: "secret"},
			{name: "update unknown", method: "PUT", path: baseA + "/00000000000000000000000000000000", key: keyA, body: reg(nil), status: 404},
			{name: "update anonymous", method: "PUT", path: one, body: reg(nil), status: 401},
			{name: "update other tenant", method: "PUT", path: one, key: keyB, body: reg(nil), status: 404},
			{name: "update via other business", method: "PUT", path: baseB + "/" + hook.ID, key: keyB, body: reg(nil), status: 404},
			{name: "update", method: "PUT", path: one, key: keyA, body: reg(map[string]any{"id": hook.ID, "filters": []string{"timesheetapproved"}, "description": "changed"}), status: 200,
				check: func(t *testing.T, r *testkit.Response) {
					var h webHook
					r.JSON(t, &h)
					if h.ID != hook.ID || h.Secret != hook.Secret || h.Description != "changed" || strings.Join(h.Filters, ",") != "TimesheetApproved" ||
						h.WebHookURI != "http://hooks.example.com/x" || len(h.Headers) != 0 {
						t.Errorf("update %+v", h)
					}
				}},
			{name: "get after update", method: "GET", path: one, key: keyA, status: 200, check: func(t *testing.T, r *testkit.Response) {
				if !strings.Contains(string(r.Body), `"description":"changed"`) {
					t.Errorf("get %s", r.Body)
				}
			}},
			// test
			{name: "test missing filter", method: "GET", path: one + "/test", key: keyA, status: 400, field: "filter"},
			{name: "test unknown filter", method: "GET", path: one + "/test?filter=Nope", key: keyA, status: 400, field: "filter"},
			{name: "test wildcard", method: "GET", path: one + "/test?filter=*", key: keyA, status: 400, field: "filter"},
			{name: "test unknown id", method: "GET", path: baseA + "/00000000000000000000000000000000/test?filter=EmployeeCreated", key: keyA, status: 404},
			{name: "test anonymous", method: "GET", path: one + "/test?filter=EmployeeCreated", status: 401},
			{name: "test other tenant", method: "GET", path: one + "/test?filter=EmployeeCreated", key: keyB, status: 404},
			{name: "test", method: "GET", path: one + "/test?Filter=employeecreated", key: keyA, status: 200},
			// delete
			{name: "delete anonymous", method: "DELETE", path: one, status: 401},
			{name: "delete other tenant", method: "DELETE", path: one, key: keyB, status: 404},
			{name: "delete via other business", method: "DELETE", path: baseB + "/" + hook.ID, key: keyB, status: 404},
			{name: "delete", method: "DELETE", path: one, key: keyA, status: 200, check: func(t *testing.T, r *testkit.Response) {
				if len(r.Body) != 0 {
					t.Errorf("delete body %q", r.Body)
				}
			}},
			{name: "delete again", method: "DELETE", path: one, key: keyA, status: 404},
			{name: "get deleted", method: "GET", path: one, key: keyA, status: 404},
			// delete all
			{name: "delete all anonymous", method: "DELETE", path: baseA, status: 401},
			{name: "delete all other tenant", method: "DELETE", path: baseA, key: keyB, status: 404},
			{name: "delete all", method: "DELETE", path: baseA, key: keyA, status: 200},
			{name: "list after delete all", method: "GET", path: baseA, key: keyA, status: 200, check: func(t *testing.T, r *testkit.Response) {
				if strings.TrimSpace(string(r.Body)) != "[]" {
					t.Errorf("list %s", r.Body)
				}
			}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := s.Do(c.method, c.path, c.key, c.body).Expect(t, c.status)
				if c.status >= 400 {
					var p struct {
						Status int                 `json:"status"`
						Title  string              `json:"title"`
						Errors map[string][]string `json:"errors"`
					}
					r.JSON(t, &p)
					if p.Status != c.status || p.Title == "" {
						t.Errorf("not ProblemDetails: %s", r.Body)
					}
					if c.field != "" && len(p.Errors[c.field]) == 0 {
						t.Errorf("errors do not name %s: %s", c.field, r.Body)
					}
				}
				if c.check != nil {
					c.check(t, r)
				}
			})
		}
	})
}

// The test operation sends a signed sample through the normal delivery path.
func TestWebhookTestOperationDelivers(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, key := s.NewUser("owner@example.com")
		biz := s.NewBusiness(key, "Acme", "AU")
		var mu sync.Mutex
		var gotHeader http.Header
		var gotBody []byte
		rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			defer mu.Unlock()
			gotHeader = r.Header.Clone()
			gotBody, _ = io.ReadAll(r.Body)
		}))
		t.Cleanup(rcv.Close)
		base := "/api/v2/business/" + strconv.FormatInt(biz, 10) + "/webhookregistrations"
		var hook webHook
		s.Do("POST", base, key, map[string]any{"webHookUri": rcv.URL + "/in", "filters": []string{"PayRunFinalised"},
			"headers":    map[string]string{"X-Custom": "yes", "ms-signature": "forged", "Content-Type": "text/plain"},
			"properties": map[string]any{"env": "test"}}).Expect(t, 200).JSON(t, &hook)
		s.Do("GET", base+"/"+hook.ID+"/test?filter=EmployeeCreated", key, nil).Expect(t, 200)

		w := s.Webhooks.NewWorker(0, nil)
		if n, err := w.DeliverDue(context.Background()); err != nil || n != 1 {
			t.Fatalf("worker pass: %d attempts, %v", n, err)
		}
		mu.Lock()
		defer mu.Unlock()
		id := gotHeader.Get("webhook-id")
		if !hexID.MatchString(id) {
			t.Fatalf("webhook-id %q", id)
		}
		want := `{"Id":"` + id + `","Attempt":1,"Properties":{"env":"test"},"Notifications":[{"Action":"EmployeeCreated","businessId":` +
			strconv.FormatInt(biz, 10) + `,"test":true}]}`
		if string(gotBody) != want {
			t.Errorf("body\n got %s\nwant %s", gotBody, want)
		}
		if gotHeader.Get("X-Custom") != "yes" || gotHeader.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("headers %v", gotHeader)
		}
		if ts := gotHeader.Get("webhook-timestamp"); ts != strconv.FormatInt(s.Clock.Now().Unix(), 10) {
			t.Errorf("webhook-timestamp %q", ts)
		}
		mac := hmac.New(sha256.New, []byte(hook.Secret))
		mac.Write(gotBody)
		if got := gotHeader.Values("ms-signature"); len(got) != 1 || got[0] != "sha256="+hex.EncodeToString(mac.Sum(nil)) {
			t.Errorf("ms-signature %q does not verify", got)
		}
		mac = hmac.New(sha256.New, []byte(hook.Secret))
		mac.Write([]byte(id + "." + gotHeader.Get("webhook-timestamp") + "." + string(gotBody)))
		if got := gotHeader.Get("webhook-signature"); got != "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)) {
			t.Errorf("webhook-signature %q does not verify", got)
		}
		var env map[string]json.RawMessage
		if err := json.Unmarshal(gotBody, &env); err != nil || len(env) != 4 {
			t.Errorf("body members %v (%v)", env, err)
		}

		// A paused registration cannot be tested.
		hook.IsPaused = true
		s.Do("PUT", base+"/"+hook.ID, key, hook).Expect(t, 200)
		s.Do("GET", base+"/"+hook.ID+"/test?filter=EmployeeCreated", key, nil).Expect(t, 409)
	})
}

func TestWebhookPrivateTargetsRefused(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d, testkit.Options{Config: func(c *config.Config) { c.WebhookAllowPrivate = false }})
		_, key := s.NewUser("owner@example.com")
		base := "/api/v2/business/" + strconv.FormatInt(s.NewBusiness(key, "Acme", "AU"), 10) + "/webhookregistrations"
		for _, uri := range []string{
			"http://127.0.0.1:8080/hook", "http://localhost/hook", "http://api.localhost/hook", "http://[::1]/hook",
			"http://10.1.2.3/", "https://172.16.0.1/", "http://192.168.1.1/", "http://169.254.169.254/latest/meta-data",
			"http://[fd00::1]/", "http://[fe80::1]/", "http://0.0.0.0/", "http://[::]/", "http://[::ffff:127.0.0.1]/", "http://100.100.100.200/",
		} {
			r := s.Do("POST", base, key, map[string]any{"webHookUri": uri}).Expect(t, 400)
			var p struct{ Errors map[string][]string }
			r.JSON(t, &p)
			if len(p.Errors["webHookUri"]) == 0 {
				t.Errorf("%s: errors do not name webHookUri: %s", uri, r.Body)
			}
		}
		s.Do("POST", base, key, map[string]any{"webHookUri": "https://93.184.215.14/hook"}).Expect(t, 200)
	})
}
