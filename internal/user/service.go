package user

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Service owns user rules and transactions.
type Service struct {
	DB    *db.DB
	Clock payroll.Clock
}

// apiKeyPrefix makes keys recognisable in logs and secret scanners.
const apiKeyPrefix = "pk_"

// NewAPIKey returns a fresh API key.
func NewAPIKey() string { return apiKeyPrefix + payroll.NewSecret(24) }

// Create makes a user and its first API key. System administrators may
// create any user; brand administrators create users of their brand.
func (s *Service) Create(ctx context.Context, actor *payroll.Principal, in New) (_ Created, err error) {
	defer payroll.Wrap(&err, "create user %q", in.Username)
	if actor == nil || (actor.Kind != payroll.PrincipalSystemAdmin && actor.Kind != payroll.PrincipalBrandAdmin) {
		return Created{}, payroll.Forbidden("only system or brand administrators can create users")
	}
	if err := in.Validate(); err != nil {
		return Created{}, err
	}
	var brand sql.NullInt64
	if actor.Kind == payroll.PrincipalBrandAdmin {
		brand = sql.NullInt64{Int64: actor.BrandID, Valid: true}
	}
	// Hash before the transaction: waiting for a hashing slot must not hold
	// the database's writer.
	pw, err := hashOf(ctx, in.Password)
	if err != nil {
		return Created{}, err
	}
	var out Created
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		out, err = s.create(ctx, q, in, brand, false, pw)
		return err
	})
	return out, err
}

// hashOf is the stored form of an optional password.
func hashOf(ctx context.Context, password string) (sql.NullString, error) {
	if password == "" {
		return sql.NullString{}, nil
	}
	h, err := HashPassword(ctx, password)
	return sql.NullString{String: h, Valid: err == nil}, err
}

// CreateInTx is Create for other services (business access grants create
// users by email) inside their own transaction, without the actor check.
func (s *Service) CreateInTx(ctx context.Context, q *store.Queries, in New, brand sql.NullInt64) (_ Created, err error) {
	defer payroll.Wrap(&err, "create user %q", in.Username)
	if err := in.Validate(); err != nil {
		return Created{}, err
	}
	pw, err := hashOf(ctx, in.Password)
	if err != nil {
		return Created{}, err
	}
	return s.create(ctx, q, in, brand, false, pw)
}

func (s *Service) create(ctx context.Context, q *store.Queries, in New, brand sql.NullInt64, sysAdmin bool, pw sql.NullString) (Created, error) {
	now := s.Clock.Now()
	u, err := q.CreateUser(ctx, store.CreateUserParams{
		Username: in.Username, UsernameKey: Key(in.Username), DisplayName: in.DisplayName, Email: in.Email,
		TimeZone: in.TimeZone, EmailConfirmed: in.EmailConfirmed, ApiOnly: in.APIOnly, IsSystemAdmin: sysAdmin,
		BrandID: brand, AdminOfBrand: false, PasswordHash: pw, CreatedAt: now,
	})
	if db.IsUniqueViolation(err) {
		return Created{}, payroll.Conflict("a user with username %q already exists", in.Username)
	}
	if err != nil {
		return Created{}, err
	}
	key := NewAPIKey()
	if _, err := q.CreateAPIKey(ctx, store.CreateAPIKeyParams{UserID: u.ID, KeyHash: payroll.HashSecret(key), CreatedAt: now}); err != nil {
		return Created{}, err
	}
	return Created{User: u, APIKey: key}, nil
}

// Get returns a user by id.
func (s *Service) Get(ctx context.Context, id int64) (_ store.User, err error) {
	defer payroll.Wrap(&err, "get user %d", id)
	u, err := s.DB.Queries().GetUser(ctx, id)
	if db.IsNoRows(err) {
		return u, payroll.NotFound("user")
	}
	return u, err
}

// GetByUsername returns a user by username (case-insensitive).
func (s *Service) GetByUsername(ctx context.Context, username string) (_ store.User, err error) {
	defer payroll.Wrap(&err, "get user %q", username)
	u, err := s.DB.Queries().GetUserByUsername(ctx, Key(username))
	if db.IsNoRows(err) {
		return u, payroll.NotFound("user")
	}
	return u, err
}

// UpdateEmailConfirmed sets the email-confirmed flag of the user named
// username. Users may update themselves; administrators update users they
// administer. Anyone else learns nothing (404).
func (s *Service) UpdateEmailConfirmed(ctx context.Context, actor *payroll.Principal, username string, confirmed bool) (_ store.User, err error) {
	defer payroll.Wrap(&err, "update user %q", username)
	if username == "" {
		return store.User{}, payroll.Invalid("username", "username is required")
	}
	var out store.User
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		u, err := q.GetUserByUsername(ctx, Key(username))
		if db.IsNoRows(err) || (err == nil && !CanAdminister(actor, u)) {
			return payroll.NotFound("user")
		}
		if err != nil {
			return err
		}
		out, err = q.UpdateUserEmailConfirmed(ctx, store.UpdateUserEmailConfirmedParams{ID: u.ID, EmailConfirmed: confirmed, UpdatedAt: s.Clock.Now()})
		return err
	})
	return out, err
}

// CanAdminister reports whether actor may act on user u: themselves, a
// system administrator, or the administrator of u's brand (never over a
// system administrator).
func CanAdminister(actor *payroll.Principal, u store.User) bool {
	switch {
	case actor == nil:
		return false
	case actor.UserID == u.ID, actor.Kind == payroll.PrincipalSystemAdmin:
		return true
	case actor.Kind == payroll.PrincipalBrandAdmin:
		return u.BrandID.Valid && u.BrandID.Int64 == actor.BrandID && !u.IsSystemAdmin
	}
	return false
}

// AuthenticateAPIKey resolves an API key to its principal.
func (s *Service) AuthenticateAPIKey(ctx context.Context, key string) (_ *payroll.Principal, err error) {
	defer payroll.Wrap(&err, "authenticate API key")
	row, err := s.DB.Queries().GetUserByAPIKeyHash(ctx, payroll.HashSecret(key))
	if db.IsNoRows(err) {
		return nil, payroll.Unauthorized("invalid API key")
	}
	if err != nil {
		return nil, err
	}
	u := store.User{ID: row.ID, Username: row.Username, IsSystemAdmin: row.IsSystemAdmin, BrandID: row.BrandID, AdminOfBrand: row.AdminOfBrand}
	return PrincipalOf(u, fmt.Sprintf("key:%d", row.ApiKeyID)), nil
}

// VerifyPassword checks a username and password for the sign-in page. An
// unknown username, or a user without a password, is checked against a
// dummy hash with the same parameters, so every refusal costs the same
// and timing does not tell which usernames exist. It returns ErrBusy when
// no hashing slot frees up in time.
func (s *Service) VerifyPassword(ctx context.Context, username, password string) (_ store.User, err error) {
	defer payroll.Wrap(&err, "verify password of %q", username)
	u, err := s.DB.Queries().GetUserByUsername(ctx, Key(username))
	if err != nil && !db.IsNoRows(err) {
		return store.User{}, err
	}
	known := err == nil && u.PasswordHash.Valid
	encoded := dummyHash
	if known {
		encoded = u.PasswordHash.String
	}
	ok, err := CheckPassword(ctx, encoded, password)
	if err != nil {
		return store.User{}, err
	}
	if ok && known {
		return u, nil
	}
	return store.User{}, payroll.Unauthorized("unknown username or wrong password")
}

// SetPassword sets a user's sign-in password (admin command).
func (s *Service) SetPassword(ctx context.Context, username, password string) (err error) {
	defer payroll.Wrap(&err, "set password of %q", username)
	if len(password) < 8 {
		return payroll.Invalid("password", "password must be at least 8 characters")
	}
	u, err := s.GetByUsername(ctx, username)
	if err != nil {
		return err
	}
	pw, err := hashOf(ctx, password)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		now := s.Clock.Now()
		if err := q.SetUserPassword(ctx, store.SetUserPasswordParams{ID: u.ID, PasswordHash: pw, UpdatedAt: now}); err != nil {
			return err
		}
		return RevokeSignIns(ctx, q, u.ID, now)
	})
}

// RevokeSignIns ends every sign-in of user id derived from a credential
// that changed or was withdrawn (a password, an API key, a business
// grant): its OAuth access and refresh tokens are revoked and its browser
// sessions ended, in the caller's transaction. Tokens are read from the
// database on every request, so every node refuses them from the next
// request on.
func RevokeSignIns(ctx context.Context, q *store.Queries, id int64, now time.Time) error {
	if err := q.RevokeOAuthTokensOfUser(ctx, store.RevokeOAuthTokensOfUserParams{UserID: id, RevokedAt: sql.NullTime{Time: now, Valid: true}}); err != nil {
		return err
	}
	return q.DeleteWebSessionsOfUser(ctx, id)
}

// RotateAPIKey revokes a user's keys and issues a new one.
func (s *Service) RotateAPIKey(ctx context.Context, username string) (_ string, err error) {
	defer payroll.Wrap(&err, "rotate API key of %q", username)
	u, err := s.GetByUsername(ctx, username)
	if err != nil {
		return "", err
	}
	key := NewAPIKey()
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		now := s.Clock.Now()
		if err := q.RevokeAPIKeysOfUser(ctx, store.RevokeAPIKeysOfUserParams{UserID: u.ID, RevokedAt: sql.NullTime{Time: now, Valid: true}}); err != nil {
			return err
		}
		if err := RevokeSignIns(ctx, q, u.ID, now); err != nil {
			return err
		}
		_, err := q.CreateAPIKey(ctx, store.CreateAPIKeyParams{UserID: u.ID, KeyHash: payroll.HashSecret(key), CreatedAt: now})
		return err
	})
	return key, err
}

// EnsureSystemAdmin makes sure a system administrator exists. With a fixed
// key (PAYROLL_BOOTSTRAP_API_KEY) it guarantees an administrator holding
// exactly that key; without one it creates an administrator only on an
// empty installation. It returns the new key when it made one.
//
// Nodes starting together on one database may both find no administrator
// and both create one: the second's insert meets the unique username (or
// key) index, and its second look finds the first's administrator.
func (s *Service) EnsureSystemAdmin(ctx context.Context, fixedKey string) (createdKey string, err error) {
	defer payroll.Wrap(&err, "ensure a system administrator")
	for attempt := 0; ; attempt++ {
		createdKey, err = s.ensureSystemAdmin(ctx, fixedKey)
		if attempt > 0 || (!db.IsUniqueViolation(err) && payroll.KindOf(err) != payroll.KindConflict) {
			return createdKey, err
		}
	}
}

func (s *Service) ensureSystemAdmin(ctx context.Context, fixedKey string) (createdKey string, err error) {
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		now := s.Clock.Now()
		if fixedKey != "" {
			row, err := q.GetUserByAPIKeyHash(ctx, payroll.HashSecret(fixedKey))
			if err == nil {
				if !row.IsSystemAdmin {
					return q.SetUserSystemAdmin(ctx, store.SetUserSystemAdminParams{ID: row.ID, IsSystemAdmin: true, UpdatedAt: now})
				}
				return nil
			}
			if !db.IsNoRows(err) {
				return err
			}
			u, err := q.GetUserByUsername(ctx, "bootstrap-admin")
			if db.IsNoRows(err) {
				u, err = q.CreateUser(ctx, store.CreateUserParams{Username: "bootstrap-admin", UsernameKey: "bootstrap-admin",
					DisplayName: "Bootstrap administrator", TimeZone: DefaultTimeZone, ApiOnly: true, IsSystemAdmin: true, CreatedAt: now})
			}
			if err != nil {
				return err
			}
			_, err = q.CreateAPIKey(ctx, store.CreateAPIKeyParams{UserID: u.ID, KeyHash: payroll.HashSecret(fixedKey), CreatedAt: now})
			return err
		}
		n, err := q.CountSystemAdmins(ctx)
		if err != nil || n > 0 {
			return err
		}
		c, err := s.create(ctx, q, New{Username: "admin", DisplayName: "System administrator", TimeZone: DefaultTimeZone, APIOnly: true}, sql.NullInt64{}, true, sql.NullString{})
		if err != nil {
			return err
		}
		createdKey = c.APIKey
		return nil
	})
	return createdKey, err
}
