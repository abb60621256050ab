package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/oauth"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// forbids is a 403 naming what.
func forbids(what string) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		if !strings.Contains(detailOf(r), what) {
			t.Fatalf("403 without %s: %s", what, r.Body)
		}
	}
}

// TestRestrictedUserFindings: a user granted only ViewRosters over Sydney
// (Ann; Ben works in Melbourne) reaches no pay run, no employee detail, no
// report; grants of the matching payroll, employee and report access let
// them do exactly that, for Ann only.
func TestRestrictedUserFindings(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		sw := newAccessSweep(t, d, "location")
		b := sw.b
		f := fmt.Sprintf
		draft, run := f("%s/payrun/%d", b.B, sw.runIn), f("%s/payrun/%d", b.B, sw.runAll)
		b.Do("POST", run+"/finalise", b.Key, map[string]any{}).Expect(t, 200) // pays Ann and Ben
		ann, ben := f("%s/employee/%d", b.B, sw.e0), f("%s/employee/%d", b.B, sw.e1)
		b.Do("POST", ann+"/bankaccount", b.Key, map[string]any{"bsb": "063-001", "accountName": "Ann", "accountNumber": "87654321",
			"allocateBalance": true}).Expect(t, 200)
		var accounts []map[string]any
		b.Do("GET", ann+"/bankaccount", b.Key, nil).Expect(t, 200).JSON(t, &accounts)
		annAccount := f("%s/bankaccount/%v", ann, accounts[0]["id"])

		rosters := sw.user(grant{flags: business.ViewRosters})
		reader := sw.user(grant{flags: business.ViewRosters, payroll: business.PayRunCreatorAllSchedules})
		payer := sw.user(grant{payroll: business.PaymentApproverAllSchedules})
		editor := sw.user(grant{flags: business.EditAllEmployeeDetails})
		basic := sw.user(grant{flags: business.EditBasicEmployeeDetails})
		reports := sw.user(grant{report: "GrossToNetReport"})
		line := map[string]any{"earningsLines": map[string]any{fmt.Sprint(sw.e0): []any{map[string]any{"payCategoryId": fmt.Sprint(sw.ordinary), "units": 1, "rate": 5000}}}}
		rows := func(want ...string) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				body := string(r.Body)
				for _, name := range []string{"Ann", "Ben"} {
					if got, wanted := strings.Contains(body, name), strings.Contains(strings.Join(want, ","), name); got != wanted {
						t.Fatalf("%s in the report: %v, want %v: %s", name, got, wanted, truncate(body, 300))
					}
				}
			}
		}
		b.RunCases(t, []testkit.Case{
			// ViewRosters only: no pay run operation at all.
			{Name: "payslip of Ben", Method: "GET", Path: run + f("/payslips/%d", sw.e1), Key: rosters, Status: 403, Check: forbids("payroll access")},
			{Name: "payslip PDF of Ben", Method: "GET", Path: run + f("/file/payslip/%d", sw.e1), Key: rosters, Status: 403, Check: forbids("payroll access")},
			{Name: "payments", Method: "GET", Path: run + "/payments", Key: rosters, Status: 403, Check: forbids("PaymentApprover")},
			{Name: "earnings line", Method: "POST", Path: draft + "/earningslines", Key: rosters, Body: line, Status: 403, Check: forbids("PayRunCreator")},
			{Name: "finalise", Method: "POST", Path: draft + "/finalise", Key: rosters, Body: map[string]any{}, Status: 403, Check: forbids("PayRunApprover")},
			{Name: "unlock", Method: "POST", Path: run + "/unlock", Key: rosters, Body: map[string]any{}, Status: 403, Check: forbids("PayRunApprover")},
			{Name: "delete", Method: "DELETE", Path: draft, Key: rosters, Status: 403, Check: forbids("PayRunCreator")},
			{Name: "create", Method: "POST", Path: b.B + "/payrun", Key: rosters, Body: map[string]any{"payScheduleId": 1, "payPeriodEnding": "2026-12-04T00:00:00"},
				Status: 403, Check: forbids("PayRunCreator")},
			{Name: "run list", Method: "GET", Path: b.B + "/payrun", Key: rosters, Status: 403, Check: forbids("payroll access")},
			// ... no employee detail ...
			{Name: "bank account", Method: "PUT", Path: annAccount, Key: rosters, Body: map[string]any{"bsb": "062000", "accountNumber": "99999999", "accountName": "Mallory"},
				Status: 403, Check: forbids(business.EditAllEmployeeDetails)},
			{Name: "notes", Method: "POST", Path: ann + "/notes", Key: rosters, Body: map[string]any{"note": "x"}, Status: 403, Check: forbids(business.EmployeeNotes)},
			{Name: "documents", Method: "GET", Path: ann + "/document", Key: rosters, Status: 403, Check: forbids(business.ViewEmployeeDocuments)},
			{Name: "unstructured employee", Method: "GET", Path: f("%s/employee/unstructured/%d", b.B, sw.e0), Key: rosters, Status: 403,
				Check: forbids(business.ViewEmployeeDetails)},
			{Name: "unstructured employee outside the scope", Method: "GET", Path: f("%s/employee/unstructured/%d", b.B, sw.e1), Key: rosters, Status: 404},
			{Name: "self-service bank accounts", Method: "GET", Path: f("/api/v2/ess/%d/bankaccounts", sw.e0), Key: rosters, Status: 403,
				Check: forbids(business.ViewEmployeeDetails)},
			// ... no report.
			{Name: "report", Method: "GET", Path: b.B + "/report/grosstonet", Key: rosters, Status: 403, Check: forbids("GrossToNetReport")},

			// Payroll access reads the runs paying only employees in scope.
			{Name: "reader's payslip of Ann", Method: "GET", Path: draft + f("/payslips/%d", sw.e0), Key: reader, Status: 200},
			{Name: "reader's payslip of Ben", Method: "GET", Path: run + f("/payslips/%d", sw.e1), Key: reader, Status: 404},
			{Name: "reader's totals of a run paying Ben", Method: "GET", Path: run + "/totals", Key: reader, Status: 403, Check: forbids("outside your access")},
			{Name: "reader's run list", Method: "GET", Path: b.B + "/payrun", Key: reader, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := idsOf(t, r); len(got) != 1 || got[0] != sw.runIn {
					t.Fatalf("runs %v, want only %d", got, sw.runIn)
				}
			}},
			{Name: "creator adds a line for Ann", Method: "POST", Path: draft + "/earningslines", Key: reader, Body: line, Status: 200},
			{Name: "creator does not finalise", Method: "POST", Path: draft + "/finalise", Key: reader, Body: map[string]any{}, Status: 403, Check: forbids("PayRunApprover")},
			{Name: "payment approver's payments of a run paying Ben", Method: "GET", Path: run + "/payments", Key: payer, Status: 403, Check: forbids("outside your access")},
			// Employee details by permission, for Ann only.
			{Name: "editor changes Ann's bank account", Method: "PUT", Path: annAccount, Key: editor,
				Body: map[string]any{"bsb": "062000", "accountNumber": "11112222", "accountName": "Ann", "allocateBalance": true}, Status: 200},
			{Name: "editor reaches no one outside the scope", Method: "GET", Path: ben + "/bankaccount", Key: editor, Status: 404},
			{Name: "basic editor renames Ann", Method: "PUT", Path: f("%s/employee/unstructured/%d", b.B, sw.e0), Key: basic,
				Body: map[string]any{"preferredName": "Annie"}, Status: 200},
			{Name: "basic editor cannot change Ann's pay", Method: "PUT", Path: f("%s/employee/unstructured/%d", b.B, sw.e0), Key: basic,
				Body: map[string]any{"rate": 99}, Status: 403, Check: forbids(business.EditAllEmployeeDetails)},
			// Reports by report access, rows in scope.
			{Name: "report of the scope", Method: "GET", Path: b.B + "/report/grosstonet?fromDate=2026-11-01&toDate=2026-12-31", Key: reports, Status: 200, Check: rows("Ann")},
			{Name: "report not granted", Method: "GET", Path: b.B + "/report/birthday", Key: reports, Status: 403, Check: forbids("BirthdayReport")},
		})
		// noReportingRestriction: every employee's rows.
		_, everyone := b.NewUser("everyone@example.com")
		b.Do("POST", b.B+"/access", b.Key, map[string]any{"email": "everyone@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{sw.l1}, "permissions": business.ViewRosters}},
			"reports":        map[string]any{"accessType": "AllReports", "noReportingRestriction": true}}).Expect(t, 200)
		rows("Ann", "Ben")(t, b.Do("GET", b.B+"/report/grosstonet?fromDate=2026-11-01&toDate=2026-12-31", everyone, nil).Expect(t, 200))
	})
}

func idsOf(t *testing.T, r *testkit.Response) []int64 {
	t.Helper()
	var out []struct {
		ID int64 `json:"id"`
	}
	r.Expect(t, 200).JSON(t, &out)
	ids := make([]int64, len(out))
	for i, o := range out {
		ids[i] = o.ID
	}
	return ids
}

// tokenPair signs userID in through OAuth (the service's code and token
// steps, as the authorise page and /oauth/token run them).
func tokenPair(t *testing.T, s *testkit.Server, cc oauth.ClientCredentials, callback string, userID int64) oauth.Tokens {
	t.Helper()
	ctx := context.Background()
	req := oauth.AuthRequest{ClientID: cc.ID, RedirectURI: callback, ResponseType: "code"}
	c, err := s.OAuth.CheckClient(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	code, err := s.OAuth.IssueCode(ctx, c, userID, req)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.OAuth.ExchangeCode(ctx, cc, code, callback, "")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func bearer(t *testing.T, s *testkit.Server, token string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", s.URL+"/api/v2/user", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	return s.Send(req).Status
}

// TestCredentialChangesRevokeTokens: a password set, an API key rotated,
// a business grant or a self-service access removed revokes the user's
// OAuth tokens at once, on every node (two API instances on one database).
func TestCredentialChangesRevokeTokens(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		b := testkit.NewBundle(t, d, "AU")
		other := testkit.NewServer(t, d) // a second node
		ctx := context.Background()
		const callback = "https://app.example/callback"
		id, secret, err := b.OAuth.CreateClient(ctx, "Sync", callback)
		if err != nil {
			t.Fatal(err)
		}
		cc := oauth.ClientCredentials{ID: id, Secret: secret}
		userID, _ := b.NewUser("rita@example.com")
		b.Do("POST", b.B+"/access", b.Key, map[string]any{"email": "rita@example.com", "accessType": "Unrestricted", "suppressNotificationEmails": true}).Expect(t, 200)
		emp := int64(b.Do("POST", b.B+"/employee/unstructured", b.Key, map[string]any{"firstName": "Ann", "surname": "Self"}).Expect(t, 200).Map(t)["id"].(float64))
		b.Do("POST", fmt.Sprintf("%s/employee/%d/access", b.B, emp), b.Key, map[string]any{"email": "ann.self@example.com", "name": "Ann",
			"suppressNotificationEmails": true}).Expect(t, 200)
		annUser, err := b.Users.GetByUsername(ctx, "ann.self@example.com")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name   string
			user   int64
			change func()
		}{
			{"set password", userID, func() {
				if err := b.Users.SetPassword(ctx, "rita@example.com", "a new password 1"); err != nil {
					t.Fatal(err)
				}
			}},
			{"rotate key", userID, func() {
				if _, err := b.Users.RotateAPIKey(ctx, "rita@example.com"); err != nil {
					t.Fatal(err)
				}
			}},
			{"business grant removed", userID, func() {
				b.Do("DELETE", b.B+"/access?email=rita@example.com", b.Key, nil).Expect(t, 200)
			}},
			{"self-service access removed", annUser.ID, func() {
				b.Do("DELETE", fmt.Sprintf("%s/employee/%d/access?email=ann.self@example.com", b.B, emp), b.Key, nil).Expect(t, 200)
			}},
		} {
			t.Run(c.name, func(t *testing.T) {
				tok := tokenPair(t, b.Server, cc, callback, c.user)
				if s1, s2 := bearer(t, b.Server, tok.AccessToken), bearer(t, other, tok.AccessToken); s1 != 200 || s2 != 200 {
					t.Fatalf("fresh token: %d and %d", s1, s2)
				}
				c.change()
				if s1, s2 := bearer(t, b.Server, tok.AccessToken), bearer(t, other, tok.AccessToken); s1 != 401 || s2 != 401 {
					t.Fatalf("old access token after the change: %d and %d, want 401 on both nodes", s1, s2)
				}
				if _, err := other.OAuth.Refresh(ctx, cc, tok.RefreshToken); err == nil {
					t.Fatal("the old refresh token still mints tokens")
				}
			})
		}
	})
}

// TestPrincipalFailureIs503: when the credentials cannot be checked (the
// database fails), the answer is 503 with Retry-After and an error log
// line, not 401: the client's key may be fine.
func TestPrincipalFailureIs503(t *testing.T) {
	t.Parallel()
	d := testkit.NewDB(t, db.SQLite)
	s := testkit.NewServer(t, d)
	var log bytes.Buffer
	var mu sync.Mutex
	api := httpapi.New(httpapi.Deps{Config: config.Default(), Users: s.Users, Businesses: s.Businesses, Reference: s.Reference,
		Log: slog.New(slog.NewTextHandler(lockedWriter{&mu, &log}, nil)),
		BearerAuth: func(ctx context.Context, token string) (*payroll.Principal, error) {
			if token == "unknown" {
				return nil, payroll.Unauthorized("the access token is invalid, expired or revoked")
			}
			return nil, fmt.Errorf("authenticate bearer: %w", errors.New("dial tcp 127.0.0.1:5432: connect: connection refused"))
		},
		Areas: []func(*httpapi.API){func(a *httpapi.API) {
			httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: "GET", Path: "/probe"}, func(ctx context.Context, _ *struct{}) (*struct{}, error) {
				return nil, nil
			})
		}}})
	ts := httptest.NewServer(api.Handler())
	defer ts.Close()
	call := func(token string) *http.Response {
		req, _ := http.NewRequest("GET", ts.URL+"/probe", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	if res := call("unknown"); res.StatusCode != 401 {
		t.Fatalf("unknown token: %d", res.StatusCode)
	}
	res := call("any")
	if res.StatusCode != 503 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("database failure: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(log.String(), "level=ERROR") || !strings.Contains(log.String(), "connection refused") {
		t.Fatalf("no error log naming the cause: %s", log.String())
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestPostgresOutage: a node whose PostgreSQL goes away answers
// authenticated requests 503 with Retry-After (not 401) and an error log
// line, and serves again without a restart when the database is back. The
// outage is a TCP proxy between the node and the database being stopped
// and started (the shared server itself keeps running).
func TestPostgresOutage(t *testing.T) {
	t.Parallel()
	dsn := testkit.NewPostgresURL(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	p := newTCPProxy(t, u.Host)
	u.Host = p.addr
	d, err := db.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	var log bytes.Buffer
	var mu sync.Mutex
	s := testkit.NewServer(t, d, testkit.Options{Log: lockedWriter{&mu, &log}})
	_, key := s.NewUser("alice@example.com")
	biz := s.NewBusiness(key, "Alice", "AU")
	paths := []string{"/api/v2/user", fmt.Sprintf("/api/v2/business/%d/location", biz)}
	for _, path := range paths {
		s.Do("GET", path, key, nil).Expect(t, 200)
	}
	p.stop()
	for _, path := range paths {
		r := s.Do("GET", path, key, nil)
		if r.Status != 503 || r.Header.Get("Retry-After") == "" {
			t.Fatalf("GET %s during the outage: %d %s (Retry-After %q)", path, r.Status, r.Body, r.Header.Get("Retry-After"))
		}
	}
	// A write during the outage is a 503 too, and leaves nothing behind.
	if r := s.Do("POST", paths[1], key, map[string]any{"name": "Outage depot", "country": "AU"}); r.Status != 503 || r.Header.Get("Retry-After") == "" {
		t.Fatalf("POST %s during the outage: %d %s (Retry-After %q)", paths[1], r.Status, r.Body, r.Header.Get("Retry-After"))
	}
	mu.Lock()
	logged := strings.Contains(log.String(), "level=ERROR")
	mu.Unlock()
	if !logged {
		t.Fatal("no error logged during the outage")
	}
	p.start()
	deadline := time.Now().Add(30 * time.Second)
	for _, path := range paths {
		for {
			r := s.Do("GET", path, key, nil)
			if r.Status == 200 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("GET %s after the database returned: %d %s", path, r.Status, r.Body)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	var locs []map[string]any
	s.Do("GET", paths[1]+"?$filter=name%20eq%20'Outage%20depot'", key, nil).Expect(t, 200).JSON(t, &locs)
	if len(locs) != 0 {
		t.Fatalf("the write refused during the outage was stored: %v", locs)
	}
	s.Do("POST", paths[1], key, map[string]any{"name": "Outage depot", "country": "AU"}).Expect(t, 200)
}

// tcpProxy forwards connections to target while started.
type tcpProxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

func newTCPProxy(t *testing.T, target string) *tcpProxy {
	p := &tcpProxy{t: t, target: target}
	p.start()
	t.Cleanup(p.stop)
	return p
}

func (p *tcpProxy) start() {
	addr := p.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { io.Copy(up, c); up.Close() }()
			go func() { io.Copy(c, up); c.Close() }()
		}
	}()
}

// stop refuses new connections and cuts the open ones.
func (p *tcpProxy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
