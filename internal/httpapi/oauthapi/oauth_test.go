package oauthapi_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
	"github.com/payrolld/payrolld/internal/user"
)

const (
	oauthCallback = "https://client.example.com/callback"
	alicePassword = "correct horse battery"
)

// oauthEnv is a server with a registered client and a user who can sign in.
type oauthEnv struct {
	*testkit.Server
	t        *testing.T
	d        *db.DB
	clientID string
	secret   string
	aliceID  int64
	aliceKey string
}

func newOAuthEnv(t *testing.T, d *db.DB) *oauthEnv {
	t.Helper()
	s := testkit.NewServer(t, d)
	ctx := context.Background()
	id, key := s.NewUser("alice@example.com")
	if err := s.Users.SetPassword(ctx, "alice@example.com", alicePassword); err != nil {
		t.Fatal(err)
	}
	clientID, secret, err := s.OAuth.CreateClient(ctx, "Acme Sync", oauthCallback)
	if err != nil {
		t.Fatal(err)
	}
	return &oauthEnv{Server: s, t: t, d: d, clientID: clientID, secret: secret, aliceID: id, aliceKey: key}
}

// browser is a cookie-keeping client that does not follow redirects.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
}

func (e *oauthEnv) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: e.t, base: e.URL, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

func (b *browser) do(method, path string, form url.Values) *testkit.Response {
	b.t.Helper()
	target := path
	if !strings.HasPrefix(path, "http") {
		target = b.base + path
	}
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		b.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	res, err := b.c.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return &testkit.Response{Status: res.StatusCode, Header: res.Header, Body: raw}
}

var csrfRE = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

func csrfOf(t *testing.T, r *testkit.Response) string {
	t.Helper()
	m := csrfRE.FindSubmatch(r.Body)
	if m == nil {
		t.Fatalf("no CSRF token in page: %s", r.Body)
	}
	return string(m[1])
}

func pkcePair() (verifier, challenge string) {
	verifier = payroll.NewSecret(48)
	sum := sha256.Sum256([]byte(verifier))
	return verifier, base64.RawURLEncoding.EncodeToString(sum[:])
}

// defaultVerifier and defaultChallenge are the PKCE pair of requests that
// do not test PKCE itself (every authorization request needs one).
var defaultVerifier, defaultChallenge = pkcePair()

func (e *oauthEnv) authQuery(extra url.Values) url.Values {
	q := url.Values{"client_id": {e.clientID}, "redirect_uri": {oauthCallback}, "response_type": {"code"}, "state": {"st-123"},
		"code_challenge": {defaultChallenge}, "code_challenge_method": {"S256"}}
	for k, v := range extra {
		q[k] = v
	}
	return q
}

// consent runs the authorise page in b: GET, then POST the form with the
// page's hidden fields, the CSRF token and the given fields.
func consent(t *testing.T, b *browser, q url.Values, fields url.Values) *testkit.Response {
	t.Helper()
	page := b.do("GET", "/oauth/authorise?"+q.Encode(), nil).Expect(t, 200)
	form := url.Values{"csrf_token": {csrfOf(t, page)}}
	for k, v := range q {
		form[k] = v
	}
	for k, v := range fields {
		form[k] = v
	}
	return b.do("POST", "/oauth/authorise", form)
}

// location parses the redirect of r.
func location(t *testing.T, r *testkit.Response) *url.URL {
	t.Helper()
	if r.Status != http.StatusFound {
		t.Fatalf("status %d, want 302; body %s", r.Status, r.Body)
	}
	u, err := url.Parse(r.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

var aliceSignIn = url.Values{"username": {"Alice@Example.com"}, "password": {alicePassword}, "decision": {"allow"}}

// code runs the whole authorise flow as alice and returns the code
// (challenge "" = the default PKCE pair's).
func (e *oauthEnv) code(challenge string) string {
	e.t.Helper()
	extra := url.Values{}
	if challenge != "" {
		extra = url.Values{"code_challenge": {challenge}, "code_challenge_method": {"S256"}}
	}
	u := location(e.t, consent(e.t, e.browser(), e.authQuery(extra), aliceSignIn))
	if got := u.Scheme + "://" + u.Host + u.Path; got != oauthCallback || u.Query().Get("state") != "st-123" || u.Query().Get("code") == "" {
		e.t.Fatalf("redirect %s, want %s with code and state", u, oauthCallback)
	}
	return u.Query().Get("code")
}

// tokenCall posts form to path with the client's credentials in the form.
func (e *oauthEnv) tokenCall(path string, form url.Values) *testkit.Response {
	e.t.Helper()
	f := url.Values{"client_id": {e.clientID}, "client_secret": {e.secret}}
	for k, v := range form {
		f[k] = v
	}
	req, _ := http.NewRequest("POST", e.URL+path, strings.NewReader(f.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return e.Send(req)
}

type tokenBody struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
	Scope        *string
	Error        string `json:"error"`
}

func (e *oauthEnv) exchange(code, verifier string) tokenBody {
	e.t.Helper()
	if verifier == "" {
		verifier = defaultVerifier
	}
	var tb tokenBody
	e.tokenCall("/oauth/token", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {oauthCallback},
		"code_verifier": {verifier}}).Expect(e.t, 200).JSON(e.t, &tb)
	return tb
}

func (e *oauthEnv) refresh(token string) *testkit.Response {
	return e.tokenCall("/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {token}})
}

// bearerStatus is the status of GET /api/v2/user with an access token.
func (e *oauthEnv) bearerStatus(token string) int {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.URL+"/api/v2/user", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	return e.Send(req).Status
}

func oauthErrorOf(t *testing.T, r *testkit.Response, status int, code string) {
	t.Helper()
	r.Expect(t, status)
	var body struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	r.JSON(t, &body)
	if body.Error != code || body.Description == "" {
		t.Fatalf("error %q (%q), want %q; body %s", body.Error, body.Description, code, r.Body)
	}
	if status == 401 && r.Header.Get("WWW-Authenticate") == "" {
		t.Fatal("401 without WWW-Authenticate")
	}
}

func TestOAuthCodeFlow(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newOAuthEnv(t, d)
		verifier, challenge := pkcePair()
		res := e.tokenCall("/oauth/token", url.Values{"grant_type": {"authorization_code"}, "code": {e.code(challenge)},
			"redirect_uri": {oauthCallback}, "code_verifier": {verifier}}).Expect(t, 200)
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Fatalf("Cache-Control %q", cc)
		}
		var tb tokenBody
		res.JSON(t, &tb)
		if tb.TokenType != "bearer" || tb.ExpiresIn != 86400 || tb.Scope == nil || *tb.Scope != "" || tb.AccessToken == "" || tb.RefreshToken == "" {
			t.Fatalf("token response %s", res.Body)
		}
		req, _ := http.NewRequest("GET", e.URL+"/api/v2/user", nil)
		req.Header.Set("Authorization", "Bearer "+tb.AccessToken)
		var me struct{ ID int64 }
		e.Send(req).Expect(t, 200).JSON(t, &me)
		if me.ID != e.aliceID {
			t.Fatalf("bearer token is user %d, want %d", me.ID, e.aliceID)
		}
		// Only hashes are stored.
		var n int
		if err := d.R.QueryRow("SELECT COUNT(*) FROM oauth_tokens WHERE access_hash = $1 OR refresh_hash = $2", tb.AccessToken, tb.RefreshToken).Scan(&n); err != nil || n != 0 {
			t.Fatalf("tokens stored in clear (%d, %v)", n, err)
		}

		// Refresh rotates; the old access token stays valid until it expires.
		var next tokenBody
		e.refresh(tb.RefreshToken).Expect(t, 200).JSON(t, &next)
		if next.RefreshToken == tb.RefreshToken || next.AccessToken == tb.AccessToken {
			t.Fatal("refresh did not rotate")
		}
		if st := e.bearerStatus(next.AccessToken); st != 200 {
			t.Fatalf("refreshed access token: %d", st)
		}
		// Replaying the rotated refresh token revokes the whole family.
		oauthErrorOf(t, e.refresh(tb.RefreshToken), 400, "invalid_grant")
		for _, tok := range []string{tb.AccessToken, next.AccessToken} {
			if st := e.bearerStatus(tok); st != 401 {
				t.Fatalf("family not revoked: %d", st)
			}
		}
		oauthErrorOf(t, e.refresh(next.RefreshToken), 400, "invalid_grant")

		// Expiry: 24 h.
		fresh := e.exchange(e.code(""), "")
		e.Clock.Advance(24*time.Hour - time.Second)
		if st := e.bearerStatus(fresh.AccessToken); st != 200 {
			t.Fatalf("token before expiry: %d", st)
		}
		e.Clock.Advance(2 * time.Second)
		if st := e.bearerStatus(fresh.AccessToken); st != 401 {
			t.Fatalf("expired token: %d", st)
		}
		// The refresh token outlives it.
		e.refresh(fresh.RefreshToken).Expect(t, 200)
	})
}

func TestOAuthTokenErrors(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newOAuthEnv(t, d)
		verifier, challenge := pkcePair()
		otherVerifier, _ := pkcePair()
		codeGrant := func(code, verifier string) url.Values {
			return url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {oauthCallback}, "code_verifier": {verifier}}
		}
		cases := []struct {
			name   string
			req    func() *http.Request
			status int
			error  string
		}{
			{"wrong verifier", func() *http.Request { return e.formRequest(codeGrant(e.code(challenge), otherVerifier), true) }, 400, "invalid_grant"},
			{"missing verifier", func() *http.Request { return e.formRequest(codeGrant(e.code(challenge), ""), true) }, 400, "invalid_grant"},
			{"redirect_uri differs", func() *http.Request {
				f := codeGrant(e.code(challenge), verifier)
				f.Set("redirect_uri", oauthCallback+"/other")
				return e.formRequest(f, true)
			}, 400, "invalid_grant"},
			{"unknown code", func() *http.Request { return e.formRequest(codeGrant("nope", verifier), true) }, 400, "invalid_grant"},
			{"wrong secret", func() *http.Request {
				f := codeGrant(e.code(challenge), verifier)
				f.Set("client_id", e.clientID)
				f.Set("client_secret", "pcs_wrong")
				return e.formRequest(f, false)
			}, 401, "invalid_client"},
			{"unknown client", func() *http.Request {
				f := codeGrant("x", verifier)
				f.Set("client_id", "nobody")
				f.Set("client_secret", "x")
				return e.formRequest(f, false)
			}, 401, "invalid_client"},
			{"no client auth", func() *http.Request { return e.formRequest(codeGrant("x", verifier), false) }, 401, "invalid_client"},
			{"wrong basic secret", func() *http.Request {
				r := e.formRequest(codeGrant(e.code(challenge), verifier), false)
				r.SetBasicAuth(e.clientID, "pcs_wrong")
				return r
			}, 401, "invalid_client"},
			{"basic and form secret", func() *http.Request {
				r := e.formRequest(codeGrant("x", verifier), true)
				r.SetBasicAuth(e.clientID, e.secret)
				return r
			}, 400, "invalid_request"},
			{"missing grant_type", func() *http.Request { return e.formRequest(url.Values{"code": {"x"}}, true) }, 400, "invalid_request"},
			{"unsupported grant_type", func() *http.Request { return e.formRequest(url.Values{"grant_type": {"password"}}, true) }, 400, "unsupported_grant_type"},
			{"repeated parameter", func() *http.Request {
				return e.formRequest(url.Values{"grant_type": {"refresh_token", "refresh_token"}}, true)
			}, 400, "invalid_request"},
			{"json body", func() *http.Request {
				r, _ := http.NewRequest("POST", e.URL+"/oauth/token", strings.NewReader(`{"grant_type":"refresh_token"}`))
				r.Header.Set("Content-Type", "application/json")
				return r
			}, 400, "invalid_request"},
			{"unknown refresh token", func() *http.Request {
				return e.formRequest(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"prt_nope"}}, true)
			}, 400, "invalid_grant"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				oauthErrorOf(t, e.Send(tc.req()), tc.status, tc.error)
			})
		}

		t.Run("basic client auth", func(t *testing.T) {
			r := e.formRequest(codeGrant(e.code(challenge), verifier), false)
			r.SetBasicAuth(url.QueryEscape(e.clientID), url.QueryEscape(e.secret))
			e.Send(r).Expect(t, 200)
		})
		t.Run("code reuse revokes", func(t *testing.T) {
			code := e.code(challenge)
			first := e.exchange(code, verifier)
			oauthErrorOf(t, e.Send(e.formRequest(codeGrant(code, verifier), true)), 400, "invalid_grant")
			if st := e.bearerStatus(first.AccessToken); st != 401 {
				t.Fatalf("token of a replayed code still works: %d", st)
			}
			oauthErrorOf(t, e.refresh(first.RefreshToken), 400, "invalid_grant")
		})
		t.Run("failed exchange spends the code", func(t *testing.T) {
			code := e.code(challenge)
			oauthErrorOf(t, e.Send(e.formRequest(codeGrant(code, otherVerifier), true)), 400, "invalid_grant")
			oauthErrorOf(t, e.Send(e.formRequest(codeGrant(code, verifier), true)), 400, "invalid_grant")
		})
		t.Run("expired code", func(t *testing.T) {
			code := e.code(challenge)
			e.Clock.Advance(10*time.Minute + time.Second)
			oauthErrorOf(t, e.Send(e.formRequest(codeGrant(code, verifier), true)), 400, "invalid_grant")
		})
		t.Run("other client's code", func(t *testing.T) {
			id2, secret2, err := e.OAuth.CreateClient(context.Background(), "Other", "https://other.example.com/cb")
			if err != nil {
				t.Fatal(err)
			}
			f := codeGrant(e.code(challenge), verifier)
			f.Set("client_id", id2)
			f.Set("client_secret", secret2)
			oauthErrorOf(t, e.Send(e.formRequest(f, false)), 400, "invalid_grant")
		})
	})
}

// formRequest builds a token request; withClient adds the form credentials.
func (e *oauthEnv) formRequest(form url.Values, withClient bool) *http.Request {
	f := url.Values{}
	for k, v := range form {
		f[k] = v
	}
	if withClient {
		f.Set("client_id", e.clientID)
		f.Set("client_secret", e.secret)
	}
	r, _ := http.NewRequest("POST", e.URL+"/oauth/token", strings.NewReader(f.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return r
}

func TestOAuthRevoke(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newOAuthEnv(t, d)
		a := e.exchange(e.code(""), "")
		b := e.exchange(e.code(""), "")
		cases := []struct {
			name   string
			form   url.Values
			status int
		}{
			{"unknown token", url.Values{"token": {"garbage"}}, 200},
			{"missing token", url.Values{}, 400},
			{"refresh token with hint", url.Values{"token": {a.RefreshToken}, "token_type_hint": {"refresh_token"}}, 200},
			{"again", url.Values{"token": {a.AccessToken}}, 200},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				e.tokenCall("/oauth/token/revoke", tc.form).Expect(t, tc.status)
			})
		}
		// All the user's tokens are gone, not only the one presented.
		for _, tok := range []string{a.AccessToken, b.AccessToken} {
			if st := e.bearerStatus(tok); st != 401 {
				t.Fatalf("revoked token answers %d", st)
			}
		}
		oauthErrorOf(t, e.refresh(b.RefreshToken), 400, "invalid_grant")
		bad := e.tokenCall("/oauth/token/revoke", url.Values{"token": {"x"}, "client_secret": {"wrong"}})
		oauthErrorOf(t, bad, 401, "invalid_client")
	})
}

func TestOAuthAuthorisePage(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newOAuthEnv(t, d)
		_, challenge := pkcePair()
		t.Run("page", func(t *testing.T) {
			r := e.browser().do("GET", "/OAuth/Authorize?"+e.authQuery(nil).Encode(), nil).Expect(t, 200)
			if !strings.Contains(r.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(r.Body), "Acme Sync") ||
				!strings.Contains(r.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Fatalf("authorise page: %v %s", r.Header, r.Body)
			}
		})
		// Bad client or redirect_uri: an error page, never a redirect.
		pageErrors := []struct {
			name  string
			query url.Values
		}{
			{"unknown client", e.authQuery(url.Values{"client_id": {"nobody"}})},
			{"missing client", e.authQuery(url.Values{"client_id": {""}})},
			{"other host", e.authQuery(url.Values{"redirect_uri": {"https://evil.example.com/callback"}})},
			{"other scheme", e.authQuery(url.Values{"redirect_uri": {"http://client.example.com/callback"}})},
			{"prefix", e.authQuery(url.Values{"redirect_uri": {oauthCallback + "-evil"}})},
			{"sub-path", e.authQuery(url.Values{"redirect_uri": {oauthCallback + "/tenant"}})},
			{"extra query", e.authQuery(url.Values{"redirect_uri": {oauthCallback + "?x=1"}})},
			{"trailing slash", e.authQuery(url.Values{"redirect_uri": {oauthCallback + "/"}})},
			{"dot segments", e.authQuery(url.Values{"redirect_uri": {oauthCallback + "/../evil"}})},
			{"encoded dot segments", e.authQuery(url.Values{"redirect_uri": {oauthCallback + "/%2e%2e/evil"}})},
			{"fragment", e.authQuery(url.Values{"redirect_uri": {oauthCallback + "#x"}})},
		}
		for _, tc := range pageErrors {
			t.Run(tc.name, func(t *testing.T) {
				r := e.browser().do("GET", "/oauth/authorise?"+tc.query.Encode(), nil).Expect(t, 400)
				if r.Header.Get("Location") != "" || !strings.Contains(r.Header.Get("Content-Type"), "text/html") {
					t.Fatalf("redirected or not HTML: %v", r.Header)
				}
			})
		}
		// Errors after the redirect URI is known go back to the client.
		redirects := []struct {
			name   string
			query  url.Values
			fields url.Values
			error  string
		}{
			{"deny", e.authQuery(nil), url.Values{"decision": {"deny"}}, "access_denied"},
			{"plain PKCE", e.authQuery(url.Values{"code_challenge": {challenge}, "code_challenge_method": {"plain"}}), nil, "invalid_request"},
			{"no PKCE", e.authQuery(url.Values{"code_challenge": {""}, "code_challenge_method": {""}}), nil, "invalid_request"},
			{"method without challenge", e.authQuery(url.Values{"code_challenge": {""}}), nil, "invalid_request"},
			{"implicit grant", e.authQuery(url.Values{"response_type": {"token"}}), nil, "unsupported_response_type"},
		}
		for _, tc := range redirects {
			t.Run(tc.name, func(t *testing.T) {
				b := e.browser()
				var r *testkit.Response
				if tc.fields != nil {
					r = consent(t, b, tc.query, tc.fields)
				} else {
					r = b.do("GET", "/oauth/authorise?"+tc.query.Encode(), nil)
				}
				u := location(t, r)
				if u.Host != "client.example.com" || u.Query().Get("error") != tc.error || u.Query().Get("state") != "st-123" || u.Query().Get("code") != "" {
					t.Fatalf("redirect %s, want error=%s", u, tc.error)
				}
			})
		}
		t.Run("wrong password", func(t *testing.T) {
			r := consent(t, e.browser(), e.authQuery(nil), url.Values{"username": {"alice@example.com"}, "password": {"wrong password"}, "decision": {"allow"}})
			r.Expect(t, 401)
			if r.Header.Get("Location") != "" || !strings.Contains(string(r.Body), "wrong password") {
				t.Fatalf("failed sign-in page: %s", r.Body)
			}
		})
		t.Run("csrf", func(t *testing.T) {
			b := e.browser()
			b.do("GET", "/oauth/authorise?"+e.authQuery(nil).Encode(), nil).Expect(t, 200)
			form := e.authQuery(aliceSignIn)
			b.do("POST", "/oauth/authorise", form).Expect(t, 403)
			form.Set("csrf_token", "forged-token-forged-token-forged-token-forged")
			b.do("POST", "/oauth/authorise", form).Expect(t, 403)
		})
		t.Run("exact redirect and session reuse", func(t *testing.T) {
			b := e.browser()
			u := location(t, consent(t, b, e.authQuery(nil), aliceSignIn))
			if u.Scheme+"://"+u.Host+u.Path != oauthCallback || u.Query().Get("code") == "" {
				t.Fatalf("redirect %s", u)
			}
			e.exchangeAt(u.Query().Get("code"), oauthCallback)
			// Signed in now: the page offers consent without the password.
			page := b.do("GET", "/oauth/authorise?"+e.authQuery(nil).Encode(), nil).Expect(t, 200)
			if !strings.Contains(string(page.Body), "Signed in as") {
				t.Fatalf("no session on the page: %s", page.Body)
			}
			u = location(t, consent(t, b, e.authQuery(nil), url.Values{"decision": {"allow"}}))
			if u.Query().Get("code") == "" {
				t.Fatalf("no code: %s", u)
			}
		})
		t.Run("documented", func(t *testing.T) {
			paths := e.API.Huma().OpenAPI().Paths
			tok := paths["/oauth/token"]
			if tok == nil || tok.Post == nil || tok.Post.RequestBody.Content["application/x-www-form-urlencoded"] == nil ||
				paths["/oauth/token/revoke"] == nil || paths["/oauth/authorise"] == nil || paths["/oauth/authorise"].Get == nil || paths["/oauth/authorise"].Post == nil {
				t.Fatal("OAuth endpoints missing from the OpenAPI document")
			}
		})
	})
}

func (e *oauthEnv) exchangeAt(code, redirectURI string) {
	e.t.Helper()
	e.tokenCall("/oauth/token", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI},
		"code_verifier": {defaultVerifier}}).Expect(e.t, 200)
}

// ssoLink asks for a link and returns its path.
func (e *oauthEnv) ssoLink(t *testing.T, path, key string, body map[string]any) string {
	t.Helper()
	var out struct{ URL string }
	e.Do("POST", path, key, body).Expect(t, 200).JSON(t, &out)
	if !strings.HasPrefix(out.URL, e.URL+"/sso/") {
		t.Fatalf("link %q not under %s/sso/", out.URL, e.URL)
	}
	return strings.TrimPrefix(out.URL, e.URL)
}

// signedInAs follows a link in a new browser and returns the browser and
// the redirect target.
func (e *oauthEnv) follow(t *testing.T, link string) (*browser, string) {
	t.Helper()
	b := e.browser()
	r := b.do("GET", link, nil)
	if r.Status != http.StatusFound {
		t.Fatalf("link answered %d: %s", r.Status, r.Body)
	}
	cookie := r.Header.Get("Set-Cookie")
	if !strings.Contains(cookie, "payrolld_session=") || !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") || !strings.Contains(cookie, "Path=/") {
		t.Fatalf("session cookie %q", cookie)
	}
	return b, r.Header.Get("Location")
}

func accountOf(t *testing.T, b *browser) string {
	t.Helper()
	return string(b.do("GET", "/account", nil).Expect(t, 200).Body)
}

func TestSSO(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newOAuthEnv(t, d)
		ctx := context.Background()
		bobID, bobKey := e.NewUser("bob@example.com")
		_, carolKey := e.NewUser("carol@example.com")
		biz := e.NewBusiness(e.aliceKey, "Alice Pty Ltd", "AU")
		carolBiz := e.NewBusiness(carolKey, "Carol Ltd", "AU")
		B := testkit.BusinessPath(biz)

		t.Run("link works once", func(t *testing.T) {
			link := e.ssoLink(t, "/api/v2/singlesignon", e.aliceKey, map[string]any{"url": "/account?tab=1", "navigation": "None"})
			b, to := e.follow(t, link)
			if to != "/account?tab=1" {
				t.Fatalf("redirect to %q", to)
			}
			if page := accountOf(t, b); !strings.Contains(page, "alice@example.com") {
				t.Fatalf("account page: %s", page)
			}
			e.browser().do("GET", link, nil).Expect(t, 404)
		})
		t.Run("expired link", func(t *testing.T) {
			link := e.ssoLink(t, "/api/v2/singlesignon", e.aliceKey, map[string]any{})
			e.Clock.Advance(5*time.Minute + time.Second)
			e.browser().do("GET", link, nil).Expect(t, 404)
		})
		t.Run("not signed in", func(t *testing.T) {
			e.browser().do("GET", "/account", nil).Expect(t, 401)
		})
		redirects := []struct{ url, want string }{
			{"https://evil.example.com/x", "/account"},
			{"//evil.example.com/x", "/account"},
			{`/\evil.example.com`, "/account"},
			{"javascript:alert(1)", "/account"},
			{"relative/path", "/account"},
			{"", "/account"},
			{e.URL + "/account?from=abs", "/account?from=abs"},
			{"/oauth/authorise?client_id=x", "/oauth/authorise?client_id=x"},
		}
		for _, tc := range redirects {
			t.Run("target "+tc.url, func(t *testing.T) {
				link := e.ssoLink(t, "/api/v2/singlesignon", e.aliceKey, map[string]any{"url": tc.url})
				if _, to := e.follow(t, link); to != tc.want {
					t.Fatalf("redirect to %q, want %q", to, tc.want)
				}
			})
		}

		// Bob gets access to Alice's business; an employee record links him.
		e.Do("POST", B+"/access", e.aliceKey, map[string]any{"email": "bob@example.com", "accessType": "Unrestricted"}).Expect(t, 200)
		var linked, unlinked store.Employee
		err := d.InTx(ctx, func(q *store.Queries) error {
			var err error
			now := e.Clock.Now()
			if linked, err = q.CreateEmployeeMinimal(ctx, store.CreateEmployeeMinimalParams{BusinessID: biz, FirstName: "Bob", Surname: "B",
				Email: "bob@example.com", Status: "Active", UserID: sql.NullInt64{Int64: bobID, Valid: true}, CreatedAt: now}); err != nil {
				return err
			}
			unlinked, err = q.CreateEmployeeMinimal(ctx, store.CreateEmployeeMinimalParams{BusinessID: biz, FirstName: "Dan", Surname: "D",
				Email: "dan@example.com", Status: "Active", CreatedAt: now})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		E := func(business, employee int64) string {
			return fmt.Sprintf("/api/v2/business/%d/employee/%d/singlesignon", business, employee)
		}
		cases := []struct {
			name, path, key string
			body            map[string]any
			status          int
			as              string // user the link signs in, when 200
		}{
			{"self by default", "/api/v2/singlesignon", bobKey, map[string]any{}, 200, "bob@example.com"},
			{"other user without business", "/api/v2/singlesignon", bobKey, map[string]any{"userName": "alice@example.com"}, 404, ""},
			{"unknown user", "/api/v2/singlesignon", e.AdminKey, map[string]any{"userName": "nobody@example.com"}, 404, ""},
			{"system admin", "/api/v2/singlesignon", e.AdminKey, map[string]any{"userName": "carol@example.com"}, 200, "carol@example.com"},
			{"business admin for user with access", "/api/v2/singlesignon", e.aliceKey, map[string]any{"userName": "BOB@example.com", "businessId": biz}, 200, "bob@example.com"},
			{"business admin for user without access", "/api/v2/singlesignon", e.aliceKey, map[string]any{"userName": "carol@example.com", "businessId": biz}, 404, ""},
			{"other tenant's business", "/api/v2/singlesignon", carolKey, map[string]any{"userName": "alice@example.com", "businessId": biz}, 404, ""},
			{"business route", B + "/singlesignon", e.aliceKey, map[string]any{"userName": "bob@example.com"}, 200, "bob@example.com"},
			{"business route, no access", B + "/singlesignon", e.aliceKey, map[string]any{"userName": "carol@example.com"}, 404, ""},
			{"business route, other tenant", B + "/singlesignon", carolKey, map[string]any{"userName": "carol@example.com"}, 404, ""},
			{"business route, administrator target", B + "/singlesignon", e.aliceKey, map[string]any{"userName": "bootstrap-admin"}, 403, ""},
			{"bad navigation", "/api/v2/singlesignon", e.aliceKey, map[string]any{"navigation": "Sideways"}, 400, ""},
			{"employee", E(biz, linked.ID), e.aliceKey, map[string]any{}, 200, "bob@example.com"},
			{"employee without user", E(biz, unlinked.ID), e.aliceKey, map[string]any{}, 409, ""},
			{"unknown employee", E(biz, 999999), e.aliceKey, map[string]any{}, 404, ""},
			{"employee of another tenant's business", E(biz, linked.ID), carolKey, map[string]any{}, 404, ""},
			{"employee through own business", E(carolBiz, linked.ID), carolKey, map[string]any{}, 404, ""},
			{"employee anonymous", E(biz, linked.ID), "", map[string]any{}, 401, ""},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				if tc.status != 200 {
					e.Do("POST", tc.path, tc.key, tc.body).Expect(t, tc.status)
					return
				}
				b, _ := e.follow(t, e.ssoLink(t, tc.path, tc.key, tc.body))
				if page := accountOf(t, b); !strings.Contains(page, tc.as) {
					t.Fatalf("signed in page does not name %s: %s", tc.as, page)
				}
			})
		}
		t.Run("session skips the password on the authorise page", func(t *testing.T) {
			b, _ := e.follow(t, e.ssoLink(t, "/api/v2/singlesignon", e.aliceKey, map[string]any{}))
			u := location(t, consent(t, b, e.authQuery(nil), url.Values{"decision": {"allow"}}))
			tb := e.exchange(u.Query().Get("code"), "")
			if st := e.bearerStatus(tb.AccessToken); st != 200 {
				t.Fatalf("bearer %d", st)
			}
		})
		t.Run("sign out", func(t *testing.T) {
			b, _ := e.follow(t, e.ssoLink(t, "/api/v2/singlesignon", e.aliceKey, map[string]any{}))
			page := b.do("GET", "/account", nil).Expect(t, 200)
			b.do("POST", "/account/signout", url.Values{"csrf_token": {csrfOf(t, page)}}).Expect(t, 303)
			b.do("GET", "/account", nil).Expect(t, 401)
		})
	})
}

func TestRecovery(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newOAuthEnv(t, d)
		ctx := context.Background()
		var brand store.Brand
		if err := d.InTx(ctx, func(q *store.Queries) error {
			var err error
			brand, err = q.CreateBrand(ctx, store.CreateBrandParams{Name: "Acme Payroll", CreatedAt: e.Clock.Now()})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		testkit.MustExec(t, d, "UPDATE users SET brand_id = $1 WHERE id = $2", brand.ID, e.aliceID)

		assoc := []struct {
			name string
			body map[string]any
			want string
		}{
			{"email", map[string]any{"email": "alice@example.com"}, fmt.Sprintf(`[{"brandId":%d,"brandName":"Acme Payroll"}]`, brand.ID)},
			{"emailAddress any case", map[string]any{"EmailAddress": "ALICE@example.com"}, fmt.Sprintf(`[{"brandId":%d,"brandName":"Acme Payroll"}]`, brand.ID)},
			{"unknown", map[string]any{"email": "nobody@example.com"}, `[]`},
		}
		for _, tc := range assoc {
			t.Run("brands "+tc.name, func(t *testing.T) {
				r := e.Do("POST", "/api/v2/mobileaccountrecovery/userbrandassociations", "", tc.body).Expect(t, 200)
				if got := strings.TrimSpace(string(r.Body)); got != tc.want {
					t.Fatalf("got %s, want %s", got, tc.want)
				}
			})
		}
		e.Do("POST", "/api/v2/mobileaccountrecovery/userbrandassociations", "", map[string]any{}).Expect(t, 400)

		notes := func(to string) []store.Notification {
			n, err := d.Queries().ListNotificationsTo(ctx, to)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		attempts := []struct {
			name string
			body map[string]any
			sent bool
		}{
			{"unknown email", map[string]any{"email": "nobody@example.com"}, false},
			{"other brand", map[string]any{"email": "alice@example.com", "brandId": brand.ID + 1}, false},
			{"known", map[string]any{"email": "Alice@Example.com", "brandId": brand.ID}, true},
		}
		for _, tc := range attempts {
			t.Run("attempt "+tc.name, func(t *testing.T) {
				before := len(notes("alice@example.com")) + len(notes("nobody@example.com"))
				r := e.Do("POST", "/api/v2/mobileaccountrecovery/attempt", "", tc.body).Expect(t, 200)
				if strings.TrimSpace(string(r.Body)) != "{}" {
					t.Fatalf("body %s", r.Body)
				}
				after := len(notes("alice@example.com")) + len(notes("nobody@example.com"))
				if (after > before) != tc.sent {
					t.Fatalf("notifications %d -> %d, sent should be %v", before, after, tc.sent)
				}
				recs, err := d.Queries().ListRecoveryAttempts(ctx, strings.TrimSpace(tc.body["email"].(string)))
				if err != nil || len(recs) == 0 || recs[len(recs)-1].UserID.Valid != tc.sent {
					t.Fatalf("attempt not recorded: %v %v", recs, err)
				}
			})
		}

		sent := notes("alice@example.com")
		if len(sent) != 1 || sent[0].Kind != "account_recovery" {
			t.Fatalf("notifications %v", sent)
		}
		link := regexp.MustCompile(`http://\S+/account/recover/\S+`).FindString(sent[0].Body)
		if link == "" {
			t.Fatalf("no link in %q", sent[0].Body)
		}
		b := e.browser()
		page := b.do("GET", link, nil).Expect(t, 200)
		b.do("GET", link, nil).Expect(t, 200) // opening the link does not spend it
		csrf := csrfOf(t, page)
		steps := []struct {
			name     string
			pw, conf string
			status   int
		}{
			{"passwords differ", "new password 1", "new password 2", 400},
			{"too short", "short", "short", 400},
			{"set", "brand new secret", "brand new secret", 200},
			{"link spent", "another secret", "another secret", 404},
		}
		for _, st := range steps {
			t.Run("recover "+st.name, func(t *testing.T) {
				b.do("POST", link, url.Values{"csrf_token": {csrf}, "password": {st.pw}, "confirm": {st.conf}}).Expect(t, st.status)
			})
		}
		t.Run("new password signs in", func(t *testing.T) {
			old := url.Values{"username": {"alice@example.com"}, "password": {alicePassword}, "decision": {"allow"}}
			consent(t, e.browser(), e.authQuery(nil), old).Expect(t, 401)
			fresh := url.Values{"username": {"alice@example.com"}, "password": {"brand new secret"}, "decision": {"allow"}}
			if u := location(t, consent(t, e.browser(), e.authQuery(nil), fresh)); u.Query().Get("code") == "" {
				t.Fatalf("no code: %s", u)
			}
		})
		t.Run("sso link is not a recovery link", func(t *testing.T) {
			sso := e.ssoLink(t, "/api/v2/singlesignon", e.aliceKey, map[string]any{})
			e.browser().do("GET", strings.Replace(sso, "/sso/", "/account/recover/", 1), nil).Expect(t, 404)
		})
	})
}

// 40 concurrent wrong-password sign-ins: at most the hashing bound run
// argon2id at once (64 MiB each); the rest wait briefly and get 503, or
// 429 once the account is locked, both with Retry-After. Then the account
// stays locked (fixed clock), even for the right password.
func TestOAuthSignInConcurrencyBound(t *testing.T) {
	d := testkit.NewDB(t, db.SQLite)
	e := newOAuthEnv(t, d)
	const n = 40
	type post struct {
		b    *browser
		form url.Values
	}
	posts := make([]post, n)
	for i := range posts {
		b := e.browser()
		page := b.do("GET", "/oauth/authorise?"+e.authQuery(nil).Encode(), nil).Expect(t, 200)
		form := e.authQuery(url.Values{"csrf_token": {csrfOf(t, page)}, "username": {"alice@example.com"},
			"password": {fmt.Sprintf("wrong password %d", i)}, "decision": {"allow"}})
		posts[i] = post{b, form}
	}
	user.ResetHashPeak()
	start := make(chan struct{})
	results := make(chan *testkit.Response, n)
	var wg sync.WaitGroup
	for _, p := range posts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results <- p.b.do("POST", "/oauth/authorise", p.form)
		}()
	}
	close(start)
	wg.Wait()
	close(results)
	counts := map[int]int{}
	for r := range results {
		counts[r.Status]++
		switch r.Status {
		case 401:
		case 429, 503:
			if r.Header.Get("Retry-After") == "" {
				t.Errorf("%d without Retry-After", r.Status)
			}
		default:
			t.Errorf("status %d: %s", r.Status, r.Body)
		}
	}
	slots, peak := user.HashStats()
	t.Logf("statuses %v; peak %d concurrent hashes, bound %d", counts, peak, slots)
	if peak > int64(slots) || counts[401] == 0 || counts[401] > 5 {
		t.Fatalf("peak %d hashes at once (bound %d); %d wrong-password answers (at most 5 before the lock)", peak, slots, counts[401])
	}
	// Finish the free attempts one at a time (the storm may have counted
	// fewer: 503s do not count); then the account is locked.
	wrong := counts[401]
	for ; wrong < 5; wrong++ {
		consent(t, e.browser(), e.authQuery(nil), url.Values{"username": {"alice@example.com"}, "password": {"wrong"}, "decision": {"allow"}}).Expect(t, 401)
	}
	r := consent(t, e.browser(), e.authQuery(nil), aliceSignIn).Expect(t, 429)
	if ra, _ := strconv.Atoi(r.Header.Get("Retry-After")); ra < 1 || !strings.Contains(string(r.Body), "Too many sign-in attempts") {
		t.Fatalf("locked account: Retry-After %q, body %s", r.Header.Get("Retry-After"), r.Body)
	}
}

// The CSRF cookie of the sign-in form is __Host- prefixed: Secure, Path=/,
// no Domain. Browsers (and Go's cookie jar) keep Secure cookies on
// http://127.0.0.1, so the flows above run over plain http; only plain
// http to another host falls back to an unprefixed cookie.
func TestOAuthCSRFCookieHostPrefix(t *testing.T) {
	e := newOAuthEnv(t, testkit.NewDB(t, db.SQLite))
	get := func(host string) string {
		req, _ := http.NewRequest("GET", e.URL+"/oauth/authorise?"+e.authQuery(nil).Encode(), nil)
		if host != "" {
			req.Host = host
		}
		res := e.Send(req).Expect(t, 200)
		return res.Header.Get("Set-Cookie")
	}
	c := get("")
	if !strings.HasPrefix(c, "__Host-payrolld_csrf=") || !strings.Contains(c, "; Secure") || !strings.Contains(c, "Path=/;") ||
		strings.Contains(strings.ToLower(c), "domain=") || !strings.Contains(c, "HttpOnly") {
		t.Fatalf("CSRF cookie %q", c)
	}
	if c := get("localhost:8080"); !strings.HasPrefix(c, "__Host-payrolld_csrf=") {
		t.Fatalf("localhost: CSRF cookie %q", c)
	}
	if c := get("payroll.example.com"); !strings.HasPrefix(c, "payrolld_csrf=") || strings.Contains(c, "Secure") {
		t.Fatalf("plain http to a non-loopback host: CSRF cookie %q", c)
	}
	// A cookie without the prefix is not accepted where the prefix is used.
	b := e.browser()
	page := b.do("GET", "/oauth/authorise?"+e.authQuery(nil).Encode(), nil).Expect(t, 200)
	form := e.authQuery(aliceSignIn)
	form.Set("csrf_token", csrfOf(t, page))
	req, _ := http.NewRequest("POST", e.URL+"/oauth/authorise", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: "payrolld_csrf", Value: csrfOf(t, page)})
	e.Send(req).Expect(t, 403)
}
