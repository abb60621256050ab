package platformapi_test

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

		reg := func(extra map[string]any) map[string]any {
			m := map[string]any{"webHookUri": "http://hooks.example.com/x"}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		cases := []testkit.Case{
			// register
			{Name: "register pascal case, given secret, no filters", Method: "POST", Path: baseA, Key: keyA,
				Body: map[string]any{"WebHookUri": "http://hooks.example.com/y", "Secret": secret}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					var h webHook
					r.JSON(t, &h)
					if h.Secret != secret || len(h.Filters) != 1 || h.Filters[0] != "*" || h.Headers == nil || h.Properties == nil {
						t.Errorf("got %+v", h)
					}
				}},
			{Name: "register missing uri", Method: "POST", Path: baseA, Key: keyA, Body: map[string]any{"secret": secret}, Status: 400, Field: "webHookUri"},
			{Name: "register relative uri", Method: "POST", Path: baseA, Key: keyA, Body: reg(map[string]any{"webHookUri": "/hooks"}), Status: 400, Field: "webHookUri"},
			{Name: "register ftp uri", Method: "POST", Path: baseA, Key: keyA, Body: reg(map[string]any{"webHookUri": "ftp://hooks.example.com/"}), Status: 400, Field: "webHookUri"},
			{Name: "register unknown filter", Method: "POST", Path: baseA, Key: keyA, Body: reg(map[string]any{"filters": []string{"EmployeeCreated", "Nope"}}), Status: 400, Field: "filters",
				Check: func(t *testing.T, r *testkit.Response) {
					if !strings.Contains(string(r.Body), "The following filters are not valid: Nope") {
						t.Errorf("body %s", r.Body)
					}
				}},
			{Name: "register short secret", Method: "POST", Path: baseA, Key: keyA, Body: reg(map[string]any{"secret": "short"}), Status: 400, Field: "secret"},
			{Name: "register long secret", Method: "POST", Path: baseA, Key: keyA, Body: reg(map[string]any{"secret": strings.Repeat("x", 65)}), Status: 400, Field: "secret"},
			{Name: "register bad header", Method: "POST", Path: baseA, Key: keyA, Body: reg(map[string]any{"headers": map[string]string{"Bad Name": "v"}}), Status: 400, Field: "headers"},
			{Name: "register anonymous", Method: "POST", Path: baseA, Body: reg(nil), Status: 401},
			{Name: "register other tenant", Method: "POST", Path: baseA, Key: keyB, Body: reg(nil), Status: 404},
			// list
			{Name: "list", Method: "GET", Path: baseA, Key: keyA, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var list []webHook
				r.JSON(t, &list)
				if len(list) != 2 || list[0].ID != hook.ID && list[1].ID != hook.ID {
					t.Errorf("list %+v", list)
				}
			}},
			{Name: "list other business is empty", Method: "GET", Path: baseB, Key: keyB, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if strings.TrimSpace(string(r.Body)) != "[]" {
					t.Errorf("list %s", r.Body)
				}
			}},
			{Name: "list anonymous", Method: "GET", Path: baseA, Status: 401},
			{Name: "list other tenant", Method: "GET", Path: baseA, Key: keyB, Status: 404},
			// get
			{Name: "get", Method: "GET", Path: one, Key: keyA, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var h webHook
				r.JSON(t, &h)
				if h.ID != hook.ID || h.Secret != hook.Secret || h.Description != "main" {
					t.Errorf("get %+v", h)
				}
			}},
			{Name: "get upper-case id", Method: "GET", Path: baseA + "/" + strings.ToUpper(hook.ID), Key: keyA, Status: 200},
			{Name: "get unknown", Method: "GET", Path: baseA + "/00000000000000000000000000000000", Key: keyA, Status: 404},
			{Name: "get anonymous", Method: "GET", Path: one, Status: 401},
			{Name: "get other tenant", Method: "GET", Path: one, Key: keyB, Status: 404},
			{Name: "get via other business", Method: "GET", Path: baseB + "/" + hook.ID, Key: keyB, Status: 404},
			// update
			{Name: "update mismatched id", Method: "PUT", Path: one, Key: keyA, Body: reg(map[string]any{"id": "ffffffffffffffffffffffffffffffff"}), Status: 400, Field: "id"},
			{Name: "update unknown filter", Method: "PUT", Path: one, Key: keyA, Body: reg(map[string]any{"filters": []string{"*", "x"}}), Status: 400, Field: "filters"},
			{Name: "update bad uri", Method: "PUT", Path: one, Key: keyA, Body: reg(map[string]any{"webHookUri": "hooks"}), Status: 400, Field: "webHookUri"},
			{Name: "update short secret", Method: "PUT", Path: one, Key: keyA, Body: reg(map[string]any{"secret": "s"}), Status: 400, Field: "secret"},
			{Name: "update unknown", Method: "PUT", Path: baseA + "/00000000000000000000000000000000", Key: keyA, Body: reg(nil), Status: 404},
			{Name: "update anonymous", Method: "PUT", Path: one, Body: reg(nil), Status: 401},
			{Name: "update other tenant", Method: "PUT", Path: one, Key: keyB, Body: reg(nil), Status: 404},
			{Name: "update via other business", Method: "PUT", Path: baseB + "/" + hook.ID, Key: keyB, Body: reg(nil), Status: 404},
			{Name: "update", Method: "PUT", Path: one, Key: keyA, Body: reg(map[string]any{"id": hook.ID, "filters": []string{"timesheetapproved"}, "description": "changed"}), Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					var h webHook
					r.JSON(t, &h)
					if h.ID != hook.ID || h.Secret != hook.Secret || h.Description != "changed" || strings.Join(h.Filters, ",") != "TimesheetApproved" ||
						h.WebHookURI != "http://hooks.example.com/x" || len(h.Headers) != 0 {
						t.Errorf("update %+v", h)
					}
				}},
			{Name: "get after update", Method: "GET", Path: one, Key: keyA, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if !strings.Contains(string(r.Body), `"description":"changed"`) {
					t.Errorf("get %s", r.Body)
				}
			}},
			// test
			{Name: "test missing filter", Method: "GET", Path: one + "/test", Key: keyA, Status: 400, Field: "filter"},
			{Name: "test unknown filter", Method: "GET", Path: one + "/test?filter=Nope", Key: keyA, Status: 400, Field: "filter"},
			{Name: "test wildcard", Method: "GET", Path: one + "/test?filter=*", Key: keyA, Status: 400, Field: "filter"},
			{Name: "test unknown id", Method: "GET", Path: baseA + "/00000000000000000000000000000000/test?filter=EmployeeCreated", Key: keyA, Status: 404},
			{Name: "test anonymous", Method: "GET", Path: one + "/test?filter=EmployeeCreated", Status: 401},
			{Name: "test other tenant", Method: "GET", Path: one + "/test?filter=EmployeeCreated", Key: keyB, Status: 404},
			{Name: "test", Method: "GET", Path: one + "/test?Filter=employeecreated", Key: keyA, Status: 200},
			// delete
			{Name: "delete anonymous", Method: "DELETE", Path: one, Status: 401},
			{Name: "delete other tenant", Method: "DELETE", Path: one, Key: keyB, Status: 404},
			{Name: "delete via other business", Method: "DELETE", Path: baseB + "/" + hook.ID, Key: keyB, Status: 404},
			{Name: "delete", Method: "DELETE", Path: one, Key: keyA, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if len(r.Body) != 0 {
					t.Errorf("delete body %q", r.Body)
				}
			}},
			{Name: "delete again", Method: "DELETE", Path: one, Key: keyA, Status: 404},
			{Name: "get deleted", Method: "GET", Path: one, Key: keyA, Status: 404},
			// delete all
			{Name: "delete all anonymous", Method: "DELETE", Path: baseA, Status: 401},
			{Name: "delete all other tenant", Method: "DELETE", Path: baseA, Key: keyB, Status: 404},
			{Name: "delete all", Method: "DELETE", Path: baseA, Key: keyA, Status: 200},
			{Name: "list after delete all", Method: "GET", Path: baseA, Key: keyA, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if strings.TrimSpace(string(r.Body)) != "[]" {
					t.Errorf("list %s", r.Body)
				}
			}},
		}
		s.RunCases(t, cases)
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
