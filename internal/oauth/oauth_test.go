package oauth

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/store"
)

func TestOAuthRedirectAllowed(t *testing.T) {
	const reg = "https://app.example.com/cb"
	cases := []struct {
		requested string
		want      bool
	}{
		{reg, true},
		// OAuth 2.1: exact string comparison, nothing else.
		{"https://APP.example.com/cb", false},
		{reg + "/tenant/7", false},
		{reg + "?x=1", false},
		{reg + "/", false},
		{"https://app.example.com/cb2", false},
		{"https://app.example.com/", false},
		{"http://app.example.com/cb", false},
		{"https://app.example.com:8443/cb", false},
		{"https://evil.example.com/cb", false},
		{"https://app.example.com.evil.com/cb", false},
		{"https://user@app.example.com/cb", false},
		{reg + "#frag", false},
		{reg + "/../admin", false},
		{reg + "/%2e%2e/admin", false},
		{reg + "/./x", false},
		{"//app.example.com/cb", false},
		{"/cb", false},
	}
	for _, tc := range cases {
		if got := redirectAllowed(reg, tc.requested); got != tc.want {
			t.Errorf("redirectAllowed(%q) = %v, want %v", tc.requested, got, tc.want)
		}
	}
	if redirectAllowed("https://app.example.com", "https://app.example.com/any/path") {
		t.Error("a callback without a path allowed a path below it")
	}
}

func TestOAuthCallbackRegistration(t *testing.T) {
	cases := map[string]bool{
		"https://app.example.com/cb":   true,
		"http://localhost:8080/cb":     true,
		"http://127.0.0.1/cb":          true,
		"http://[::1]:9000/cb":         true,
		"http://app.example.com/cb":    false,
		"https://app.example.com/cb#x": false,
		"/cb":                          false,
		"app.example.com/cb":           false,
		"ftp://app.example.com/cb":     false,
	}
	for raw, ok := range cases {
		if got := checkCallback(raw) == ""; got != ok {
			t.Errorf("checkCallback(%q) ok = %v, want %v", raw, got, ok)
		}
	}
}

func TestOAuthAuthRequestCheck(t *testing.T) {
	challenge := strings.Repeat("a", 43)
	cases := []struct {
		name string
		req  AuthRequest
		want string // error code, "" = valid
	}{
		{"no PKCE", AuthRequest{ResponseType: "code"}, ErrInvalidRequest},
		{"S256", AuthRequest{ResponseType: "code", CodeChallenge: challenge, CodeChallengeMethod: "S256"}, ""},
		{"token", AuthRequest{ResponseType: "token"}, ErrUnsupportedResponseType},
		{"missing response_type", AuthRequest{}, ErrUnsupportedResponseType},
		{"plain", AuthRequest{ResponseType: "code", CodeChallenge: challenge, CodeChallengeMethod: "plain"}, ErrInvalidRequest},
		{"method defaults to plain", AuthRequest{ResponseType: "code", CodeChallenge: challenge}, ErrInvalidRequest},
		{"method without challenge", AuthRequest{ResponseType: "code", CodeChallengeMethod: "S256"}, ErrInvalidRequest},
		{"short challenge", AuthRequest{ResponseType: "code", CodeChallenge: "abc", CodeChallengeMethod: "S256"}, ErrInvalidRequest},
		{"bad characters", AuthRequest{ResponseType: "code", CodeChallenge: strings.Repeat("+", 43), CodeChallengeMethod: "S256"}, ErrInvalidRequest},
	}
	for _, tc := range cases {
		got := ""
		if err := tc.req.Check(); err != nil {
			got = err.Code
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestOAuthVerifier(t *testing.T) {
	verifier := strings.Repeat("v", 50)
	sum := sha256.Sum256([]byte(verifier))
	withPKCE := store.OauthCode{CodeChallenge: base64.RawURLEncoding.EncodeToString(sum[:]), CodeChallengeMethod: "S256"}
	cases := []struct {
		name     string
		code     store.OauthCode
		verifier string
		ok       bool
	}{
		{"match", withPKCE, verifier, true},
		{"mismatch", withPKCE, strings.Repeat("w", 50), false},
		{"missing", withPKCE, "", false},
		{"too short", withPKCE, "v", false},
		{"no PKCE", store.OauthCode{}, "", true},
		{"verifier without challenge", store.OauthCode{}, verifier, false},
	}
	for _, tc := range cases {
		if err := checkVerifier(tc.code, tc.verifier); (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

func TestSSOLocalPath(t *testing.T) {
	s := &Service{BaseURL: "https://pay.example.com"}
	cases := map[string]string{
		"/account":                           "/account",
		"/employee/7?tab=pay":                "/employee/7?tab=pay",
		"https://pay.example.com/x?y=1":      "/x?y=1",
		"HTTPS://PAY.example.com/x":          "/x",
		"https://pay.example.com":            "",
		"http://pay.example.com/x":           "",
		"https://evil.example.com/x":         "",
		"//evil.example.com/x":               "",
		`/\evil.example.com`:                 "",
		"/%5Cevil.example.com":               "",
		"javascript:alert(1)":                "",
		"relative":                           "",
		"https://user@pay.example.com/x":     "",
		"":                                   "",
		"/a b":                               "/a%20b",
		"/ok#frag":                           "/ok",
		"https://pay.example.com//evil.com/": "",
	}
	for raw, want := range cases {
		if got := s.localPath(raw); got != want {
			t.Errorf("localPath(%q) = %q, want %q", raw, got, want)
		}
	}
}
