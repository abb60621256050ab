package oauth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// Tokens is a successful token response.
type Tokens struct {
	AccessToken  string
	RefreshToken string
	ExpiresIn    time.Duration
}

// ExchangeCode redeems an authorization code (grant_type=authorization_code).
// A code works once: a second use revokes every token issued from it, as
// the code has evidently leaked (RFC 6749 section 4.1.2). A failed
// exchange also spends the code, so a stolen code cannot be retried.
func (s *Service) ExchangeCode(ctx context.Context, cc ClientCredentials, code, redirectURI, verifier string) (Tokens, error) {
	if code == "" {
		return Tokens{}, oauthError(ErrInvalidRequest, "code is required")
	}
	now := s.Clock.Now()
	var out Tokens
	var refused *Error // refusals that still commit (code spent, family revoked)
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		client, err := authenticateClient(ctx, q, cc)
		if err != nil {
			return err
		}
		hash := payroll.HashSecret(code)
		c, err := q.UseOAuthCode(ctx, store.UseOAuthCodeParams{CodeHash: hash, UsedAt: sql.NullTime{Time: now, Valid: true}})
		if db.IsNoRows(err) {
			spent, err := q.GetOAuthCode(ctx, hash)
			if db.IsNoRows(err) {
				return oauthError(ErrInvalidGrant, "unknown authorization code")
			}
			if err != nil {
				return err
			}
			refused = oauthError(ErrInvalidGrant, "authorization code already used; the tokens issued from it are revoked")
			return q.RevokeOAuthFamily(ctx, store.RevokeOAuthFamilyParams{FamilyID: spent.FamilyID, RevokedAt: sql.NullTime{Time: now, Valid: true}})
		}
		if err != nil {
			return err
		}
		switch {
		case c.ClientID != client.ClientID:
			refused = oauthError(ErrInvalidGrant, "authorization code was issued to another client")
		case !c.ExpiresAt.After(now):
			refused = oauthError(ErrInvalidGrant, "authorization code expired")
		case c.RedirectUri != "" && c.RedirectUri != redirectURI:
			refused = oauthError(ErrInvalidGrant, "redirect_uri does not match the authorization request")
		default:
			refused = checkVerifier(c, verifier)
		}
		if refused != nil {
			return nil
		}
		out, err = s.issue(ctx, q, c.FamilyID, client.ClientID, c.UserID, now)
		return err
	})
	if err != nil {
		return Tokens{}, err
	}
	if refused != nil {
		return Tokens{}, refused
	}
	return out, nil
}

// checkVerifier applies PKCE (RFC 7636 section 4.6). A verifier for a code
// that had no challenge is refused too: it means the challenge was
// stripped from the authorization request (downgrade).
func checkVerifier(c store.OauthCode, verifier string) *Error {
	if c.CodeChallenge == "" {
		if verifier != "" {
			return oauthError(ErrInvalidGrant, "code_verifier sent, but the authorization request had no code_challenge")
		}
		return nil
	}
	if len(verifier) < 43 || len(verifier) > 128 || !isPKCEString(verifier) {
		return oauthError(ErrInvalidGrant, "code_verifier is required: 43 to 128 characters of A-Z a-z 0-9 - . _ ~")
	}
	sum := sha256.Sum256([]byte(verifier))
	if subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(c.CodeChallenge)) != 1 {
		return oauthError(ErrInvalidGrant, "code_verifier does not match the code_challenge")
	}
	return nil
}

// Refresh exchanges a refresh token for new tokens (grant_type=refresh_token).
// Refresh tokens rotate: each works once. Presenting a rotated one means
// two parties hold it, so the whole family is revoked (OAuth 2.0 Security
// BCP, RFC 9700 section 4.14.2).
func (s *Service) Refresh(ctx context.Context, cc ClientCredentials, refreshToken string) (Tokens, error) {
	if refreshToken == "" {
		return Tokens{}, oauthError(ErrInvalidRequest, "refresh_token is required")
	}
	now := s.Clock.Now()
	var out Tokens
	var refused *Error
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		client, err := authenticateClient(ctx, q, cc)
		if err != nil {
			return err
		}
		t, err := q.GetOAuthTokenByRefresh(ctx, payroll.HashSecret(refreshToken))
		if db.IsNoRows(err) {
			return oauthError(ErrInvalidGrant, "unknown refresh token")
		}
		if err != nil {
			return err
		}
		switch {
		case t.ClientID != client.ClientID:
			return oauthError(ErrInvalidGrant, "refresh token was issued to another client")
		case t.RevokedAt.Valid:
			return oauthError(ErrInvalidGrant, "refresh token revoked")
		case !t.RefreshExpiresAt.After(now):
			return oauthError(ErrInvalidGrant, "refresh token expired")
		}
		n := int64(0)
		if !t.RotatedAt.Valid {
			// The conditional update also settles two concurrent refreshes:
			// the loser sees 0 rows and is treated as a replay.
			if n, err = q.RotateOAuthToken(ctx, store.RotateOAuthTokenParams{ID: t.ID, RotatedAt: sql.NullTime{Time: now, Valid: true}}); err != nil {
				return err
			}
		}
		if n == 0 {
			refused = oauthError(ErrInvalidGrant, "refresh token already used; all tokens of this authorization are revoked")
			return q.RevokeOAuthFamily(ctx, store.RevokeOAuthFamilyParams{FamilyID: t.FamilyID, RevokedAt: sql.NullTime{Time: now, Valid: true}})
		}
		out, err = s.issue(ctx, q, t.FamilyID, client.ClientID, t.UserID, now)
		return err
	})
	if err != nil {
		return Tokens{}, err
	}
	if refused != nil {
		return Tokens{}, refused
	}
	return out, nil
}

// Revoke implements RFC 7009 as the API we mirror does: presenting any of
// a user's tokens revokes all the user's active OAuth2 tokens. Unknown
// tokens, and tokens of other clients, are ignored without error, so the
// answer tells the caller nothing.
func (s *Service) Revoke(ctx context.Context, cc ClientCredentials, token string) error {
	if token == "" {
		return oauthError(ErrInvalidRequest, "token is required")
	}
	now := s.Clock.Now()
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		client, err := authenticateClient(ctx, q, cc)
		if err != nil {
			return err
		}
		t, err := q.FindOAuthToken(ctx, payroll.HashSecret(token))
		if db.IsNoRows(err) || (err == nil && t.ClientID != client.ClientID) {
			return nil
		}
		if err != nil {
			return err
		}
		return q.RevokeOAuthTokensOfUser(ctx, store.RevokeOAuthTokensOfUserParams{UserID: t.UserID, RevokedAt: sql.NullTime{Time: now, Valid: true}})
	})
}

// AuthenticateBearer resolves an access token to its principal; expired
// and revoked tokens are refused. The credential names the token family.
func (s *Service) AuthenticateBearer(ctx context.Context, token string) (*payroll.Principal, error) {
	row, err := s.DB.Queries().GetOAuthTokenByAccess(ctx, store.GetOAuthTokenByAccessParams{
		AccessHash: payroll.HashSecret(token), AccessExpiresAt: s.Clock.Now()})
	if db.IsNoRows(err) {
		return nil, payroll.Unauthorized("the access token is invalid, expired or revoked")
	}
	if err != nil {
		return nil, err
	}
	u := store.User{ID: row.UserID, Username: row.Username, IsSystemAdmin: row.IsSystemAdmin, BrandID: row.BrandID, AdminOfBrand: row.AdminOfBrand}
	return user.PrincipalOf(u, "oauth:"+row.FamilyID), nil
}

func (s *Service) issue(ctx context.Context, q *store.Queries, family, clientID string, userID int64, now time.Time) (Tokens, error) {
	t := Tokens{AccessToken: accessTokenPrefix + payroll.NewSecret(32), RefreshToken: refreshTokenPrefix + payroll.NewSecret(32), ExpiresIn: AccessTokenLifetime}
	_, err := q.CreateOAuthToken(ctx, store.CreateOAuthTokenParams{FamilyID: family, ClientID: clientID, UserID: userID,
		AccessHash: payroll.HashSecret(t.AccessToken), RefreshHash: payroll.HashSecret(t.RefreshToken),
		AccessExpiresAt: now.Add(AccessTokenLifetime), RefreshExpiresAt: now.Add(RefreshTokenLifetime), CreatedAt: now})
	return t, err
}
