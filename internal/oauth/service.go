// Package oauth implements OAuth2 (authorization code + PKCE, refresh
// rotation, revocation), the sign-in session of the web pages, single
// sign-on links and mobile account recovery.
package oauth

import (
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/user"
)

// Service owns OAuth clients, codes, tokens, sessions and SSO links.
type Service struct {
	DB         *db.DB
	Clock      payroll.Clock
	Users      *user.Service
	Businesses *business.Service
	Notify     *notify.Sender
	BaseURL    string // public base URL for links handed out
	// Throttle slows down password guessing; nil = DefaultThrottle.
	Throttle *ThrottlePolicy
}

// Lifetimes. Access and refresh lifetimes are those of the API we mirror
// (reference §3.2); the rest are short because each is a bearer secret.
const (
	AccessTokenLifetime  = 24 * time.Hour
	RefreshTokenLifetime = 28 * 24 * time.Hour
	CodeLifetime         = 10 * time.Minute
	SSOLinkLifetime      = 5 * time.Minute
	RecoveryLinkLifetime = time.Hour
	SessionLifetime      = 12 * time.Hour
)

// Secret prefixes make each kind recognisable in logs and secret scanners.
const (
	clientSecretPrefix = "pcs_"
	accessTokenPrefix  = "pat_"
	refreshTokenPrefix = "prt_"
)

// Purposes of one-time links (sso_tokens.purpose).
const (
	purposeSSO      = "sso"
	purposeRecovery = "recovery"
)
