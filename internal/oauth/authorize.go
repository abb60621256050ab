package oauth

import (
	"context"
	"net/url"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// AuthRequest is an authorization request (RFC 6749 section 4.1.1 with
// RFC 7636 PKCE), as received by the authorise page.
type AuthRequest struct {
	ClientID            string
	RedirectURI         string // "" = the registered callback
	ResponseType        string
	State               string
	CodeChallenge       string
	CodeChallengeMethod string
}

// AuthRequestFrom reads the request parameters from a query or form.
func AuthRequestFrom(v url.Values) AuthRequest {
	return AuthRequest{ClientID: v.Get("client_id"), RedirectURI: v.Get("redirect_uri"), ResponseType: v.Get("response_type"),
		State: v.Get("state"), CodeChallenge: v.Get("code_challenge"), CodeChallengeMethod: v.Get("code_challenge_method")}
}

// CheckClient resolves the client and checks the redirect URI. Its errors
// must be shown to the user and never sent to the redirect URI (RFC 6749
// section 4.1.2.1): redirecting to an unchecked URI is an open redirector.
func (s *Service) CheckClient(ctx context.Context, req AuthRequest) (store.OauthClient, error) {
	if req.ClientID == "" {
		return store.OauthClient{}, payroll.Invalid("client_id", "client_id is required")
	}
	c, err := s.DB.Queries().GetOAuthClient(ctx, req.ClientID)
	if db.IsNoRows(err) {
		return c, payroll.Invalid("client_id", "no application is registered with this client_id")
	}
	if err != nil {
		return c, err
	}
	if req.RedirectURI != "" && !redirectAllowed(c.RedirectUri, req.RedirectURI) {
		return c, payroll.Invalid("redirect_uri", "redirect_uri must equal the application's registered callback exactly")
	}
	return c, nil
}

// Check validates the rest of the request; its errors go to the client's
// redirect URI. PKCE is required for every request (OAuth 2.1), confidential
// clients included, and only S256: "plain" adds nothing over no challenge
// against an attacker who can read the authorization request.
func (r AuthRequest) Check() *Error {
	switch {
	case r.ResponseType != "code":
		return oauthError(ErrUnsupportedResponseType, "response_type must be code")
	case r.CodeChallenge == "":
		return oauthError(ErrInvalidRequest, "code_challenge is required (PKCE with code_challenge_method=S256)")
	case r.CodeChallengeMethod != "S256":
		return oauthError(ErrInvalidRequest, "code_challenge_method must be S256 (plain is not supported)")
	case len(r.CodeChallenge) != 43 || !isPKCEString(r.CodeChallenge):
		return oauthError(ErrInvalidRequest, "code_challenge must be the base64url SHA-256 of the code_verifier (43 characters)")
	}
	return nil
}

// Callback returns the client's redirect URI with params added to its
// query (which is kept, RFC 6749 section 3.1.2).
func (r AuthRequest) Callback(c store.OauthClient, params url.Values) string {
	raw := r.RedirectURI
	if raw == "" {
		raw = c.RedirectUri
	}
	u, err := url.Parse(raw) // checked by CheckClient / CreateClient
	if err != nil {
		return c.RedirectUri
	}
	q := u.Query()
	for k, vs := range params {
		q[k] = vs
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// IssueCode records the user's consent and returns a single-use
// authorization code. Each code starts a token family: every token issued
// from it, and from their refreshes, shares the family id.
func (s *Service) IssueCode(ctx context.Context, c store.OauthClient, userID int64, req AuthRequest) (string, error) {
	code := payroll.NewSecret(32)
	now := s.Clock.Now()
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		return q.CreateOAuthCode(ctx, store.CreateOAuthCodeParams{CodeHash: payroll.HashSecret(code), FamilyID: payroll.NewHexID(),
			ClientID: c.ClientID, UserID: userID, RedirectUri: req.RedirectURI, CodeChallenge: req.CodeChallenge,
			CodeChallengeMethod: req.CodeChallengeMethod, ExpiresAt: now.Add(CodeLifetime), CreatedAt: now})
	})
	if err != nil {
		return "", err
	}
	return code, nil
}

// isPKCEString reports whether s uses only the characters RFC 7636 allows
// in a code verifier or challenge.
func isPKCEString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
		if !ok {
			return false
		}
	}
	return true
}
