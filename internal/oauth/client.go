package oauth

import (
	"context"
	"crypto/subtle"
	"net"
	"net/url"
	"strings"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ClientCredentials authenticate a client at the token endpoints.
type ClientCredentials struct {
	ID     string
	Secret string
}

// CreateClient registers an OAuth2 application and returns its id and
// secret; the secret is stored hashed and shown only here. redirectURI is
// the callback: authorization requests may name it or any path below it.
func (s *Service) CreateClient(ctx context.Context, name, redirectURI string) (clientID, clientSecret string, err error) {
	name, redirectURI = strings.TrimSpace(name), strings.TrimSpace(redirectURI)
	var v payroll.Validation
	v.Required("name", name)
	v.MaxLen("name", name, 200)
	v.Required("redirect_uri", redirectURI)
	v.MaxLen("redirect_uri", redirectURI, 2000)
	if msg := checkCallback(redirectURI); redirectURI != "" && msg != "" {
		v.Add("redirect_uri", "%s", msg)
	}
	if err := v.Err(); err != nil {
		return "", "", err
	}
	clientID = payroll.NewHexID()
	clientSecret = clientSecretPrefix + payroll.NewSecret(32)
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.CreateOAuthClient(ctx, store.CreateOAuthClientParams{ClientID: clientID, SecretHash: payroll.HashSecret(clientSecret),
			Name: name, RedirectUri: redirectURI, CreatedAt: s.Clock.Now()})
		return err
	})
	if err != nil {
		return "", "", err
	}
	return clientID, clientSecret, nil
}

// checkCallback returns why raw cannot be a registered callback, or "".
// Plain http is allowed only to loopback hosts (native and development
// clients); codes must not travel in clear over the network.
func checkCallback(raw string) string {
	u, err := url.Parse(raw)
	switch {
	case err != nil || !u.IsAbs() || u.Host == "":
		return "redirect_uri must be an absolute URL"
	case u.Fragment != "" || u.User != nil:
		return "redirect_uri must not contain a fragment or user info"
	case strings.EqualFold(u.Scheme, "https"):
		return ""
	case strings.EqualFold(u.Scheme, "http") && isLoopback(u.Hostname()):
		return ""
	}
	return "redirect_uri must use https (http only for localhost)"
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// redirectAllowed reports whether requested is exactly the registered
// callback (OAuth 2.1 section 2.3.1: simple string comparison; no sub-paths,
// no extra query, no case folding).
func redirectAllowed(registered, requested string) bool {
	return requested == registered
}

// authenticateClient checks client credentials. Unknown clients and wrong
// secrets are one error, so client ids cannot be probed.
func authenticateClient(ctx context.Context, q *store.Queries, cc ClientCredentials) (store.OauthClient, error) {
	if cc.ID == "" || cc.Secret == "" {
		return store.OauthClient{}, oauthError(ErrInvalidClient, "client authentication is required (client_id and client_secret, or HTTP Basic)")
	}
	c, err := q.GetOAuthClient(ctx, cc.ID)
	if err != nil && !db.IsNoRows(err) {
		return c, err
	}
	got := payroll.HashSecret(cc.Secret)
	if err != nil || subtle.ConstantTimeCompare([]byte(got), []byte(c.SecretHash)) != 1 {
		return store.OauthClient{}, oauthError(ErrInvalidClient, "unknown client or wrong client secret")
	}
	return c, nil
}
