package oauth

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// Session is a signed-in browser of the web pages (authorise, account).
type Session struct {
	User       store.User
	BusinessID int64 // set when single sign-on opened it for a business
	EmployeeID int64 // set when single sign-on opened it for an employee
	ExpiresAt  time.Time
}

// SignIn checks a username and password and opens a session; it returns
// the session token for the cookie. clientAddr is the client's address
// (see ThrottlePolicy). Besides payroll.Unauthorized for a wrong username
// or password it returns *ThrottledError while the account or address is
// locked and user.ErrBusy when no password-hashing slot frees up in time.
//
// Order matters: a locked attempt is refused before it costs a hash; the
// hashing slot is taken before the attempt is counted, so an attempt
// refused for load does not count against the user.
func (s *Service) SignIn(ctx context.Context, username, password, clientAddr string) (string, Session, error) {
	account, addr := throttleScopes(username, clientAddr)
	if wait, err := s.lockedFor(ctx, account, addr); err != nil || wait > 0 {
		if err != nil {
			return "", Session{}, err
		}
		return "", Session{}, &ThrottledError{RetryAfter: wait}
	}
	ctx, release, err := user.HoldHashSlot(ctx)
	if err != nil {
		return "", Session{}, err
	}
	defer release()
	if wait, err := s.countAttempt(ctx, account, addr); err != nil || wait > 0 {
		if err != nil {
			return "", Session{}, err
		}
		return "", Session{}, &ThrottledError{RetryAfter: wait}
	}
	u, err := s.Users.VerifyPassword(ctx, username, password)
	release() // the slot guards the hash only
	if err != nil {
		return "", Session{}, err
	}
	var token string
	var expires time.Time
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.clearAttempts(ctx, q, account); err != nil {
			return err
		}
		token, expires, err = s.openSession(ctx, q, u.ID, sql.NullInt64{}, sql.NullInt64{})
		return err
	})
	return token, Session{User: u, ExpiresAt: expires}, err
}

// Session returns the live session of token.
func (s *Service) Session(ctx context.Context, token string) (Session, error) {
	if token == "" {
		return Session{}, payroll.Unauthorized("not signed in")
	}
	row, err := s.DB.Queries().GetWebSession(ctx, store.GetWebSessionParams{TokenHash: payroll.HashSecret(token), ExpiresAt: s.Clock.Now()})
	if db.IsNoRows(err) {
		return Session{}, payroll.Unauthorized("not signed in")
	}
	if err != nil {
		return Session{}, err
	}
	u, err := s.Users.Get(ctx, row.UserID)
	if err != nil {
		return Session{}, err
	}
	return Session{User: u, BusinessID: row.BusinessID.Int64, EmployeeID: row.EmployeeID.Int64, ExpiresAt: row.ExpiresAt}, nil
}

// SignOut ends the session of token.
func (s *Service) SignOut(ctx context.Context, token string) error {
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		return q.DeleteWebSession(ctx, payroll.HashSecret(token))
	})
}

func (s *Service) openSession(ctx context.Context, q *store.Queries, userID int64, businessID, employeeID sql.NullInt64) (string, time.Time, error) {
	token := payroll.NewSecret(32)
	now := s.Clock.Now()
	expires := now.Add(SessionLifetime)
	err := q.CreateWebSession(ctx, store.CreateWebSessionParams{TokenHash: payroll.HashSecret(token), UserID: userID,
		BusinessID: businessID, EmployeeID: employeeID, ExpiresAt: expires, CreatedAt: now})
	return token, expires, err
}
