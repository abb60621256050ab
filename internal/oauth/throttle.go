package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// ThrottlePolicy slows down password guessing. Every sign-in attempt is
// counted per account (the typed username, known or not) and per client
// address before its password is checked; a success clears the account's
// count. Past Free attempts a scope is locked for Base, doubling with each
// further attempt up to Max; a locked scope is refused at once, without
// hashing. Counts restart after Window without attempts.
//
// The counts live in the database (signin_throttle), so the limit holds
// for the whole cluster, not per node. The address allowance is larger
// than the account's because many people can share one address (an
// office behind NAT).
type ThrottlePolicy struct {
	AccountFree int
	AddrFree    int
	Base        time.Duration
	Max         time.Duration
	Window      time.Duration
}

// DefaultThrottle: 5 free attempts per account, 20 per address, then 1 s,
// 2 s, 4 s ... up to 15 minutes; counts forgotten after a quiet day.
var DefaultThrottle = ThrottlePolicy{AccountFree: 5, AddrFree: 20, Base: time.Second, Max: 15 * time.Minute, Window: 24 * time.Hour}

// ThrottledError refuses a sign-in while its account or address is
// locked. It says nothing about whether the account exists: unknown
// usernames are throttled the same way.
type ThrottledError struct {
	RetryAfter time.Duration
}

func (e *ThrottledError) Error() string {
	return fmt.Sprintf("too many sign-in attempts; retry in %s", e.RetryAfter.Round(time.Second))
}

// Unwrap makes errors.Is/As and payroll.KindOf see a rate limit.
func (e *ThrottledError) Unwrap() error {
	return &payroll.Error{Kind: payroll.KindRateLimited, Message: e.Error()}
}

// RetryAfterSeconds is the Retry-After value: whole seconds, at least 1.
func (e *ThrottledError) RetryAfterSeconds() int {
	return int((e.RetryAfter + time.Second - 1) / time.Second)
}

func (s *Service) throttlePolicy() ThrottlePolicy {
	if s.Throttle != nil {
		return *s.Throttle
	}
	return DefaultThrottle
}

// throttleScopes are the signin_throttle keys of an attempt.
func throttleScopes(username, clientAddr string) (account, addr string) {
	account = "account:" + payroll.HashSecret(user.Key(username))
	if a, err := netip.ParseAddr(clientAddr); err == nil {
		a = a.Unmap()
		if a.Is6() { // one host usually holds a whole /64
			p, _ := a.Prefix(64)
			clientAddr = p.String()
		} else {
			clientAddr = a.String()
		}
	}
	return account, "addr:" + clientAddr
}

// lockedFor returns how long the attempt's scopes stay locked (0 = not).
// It only reads, so a locked attempt costs one indexed query.
func (s *Service) lockedFor(ctx context.Context, account, addr string) (time.Duration, error) {
	now := s.Clock.Now()
	rows, err := s.DB.Queries().ListSignInLocks(ctx, store.ListSignInLocksParams{AccountScope: account, AddrScope: addr, Now: now})
	var wait time.Duration
	for _, r := range rows {
		wait = max(wait, r.LockedUntil.Sub(now))
	}
	return wait, err
}

var errLocked = errors.New("locked")

// countAttempt records an attempt on both scopes and locks those past
// their allowance. When a concurrent attempt locked a scope first, nothing
// is recorded and the wait is returned.
func (s *Service) countAttempt(ctx context.Context, account, addr string) (time.Duration, error) {
	p := s.throttlePolicy()
	now := s.Clock.Now()
	var wait time.Duration
	err := s.DB.InTx(ctx, func(q *store.Queries) error {
		for _, sc := range []struct {
			scope string
			free  int
		}{{account, p.AccountFree}, {addr, p.AddrFree}} {
			row, err := q.CountSignInAttempt(ctx, store.CountSignInAttemptParams{Scope: sc.scope, Now: now, WindowStart: now.Add(-p.Window)})
			if err != nil {
				return err
			}
			if row.LockedUntil.After(now) {
				wait = max(wait, row.LockedUntil.Sub(now))
				return errLocked // roll back: attempts on a locked scope do not count
			}
			if over := int(row.Failures) - sc.free; over >= 0 {
				err := q.LockSignIn(ctx, store.LockSignInParams{Scope: sc.scope, Failures: row.Failures, LockedUntil: now.Add(p.delay(over))})
				if err != nil {
					return err
				}
			}
		}
		return nil
	})
	if errors.Is(err, errLocked) {
		return wait, nil
	}
	return 0, err
}

// delay is the lock after the allowance is exceeded by over (0, 1, ...).
func (p ThrottlePolicy) delay(over int) time.Duration {
	d := p.Base
	for i := 0; i < over && d < p.Max; i++ {
		d *= 2
	}
	return min(d, p.Max)
}

// clearAttempts forgets the account's attempts after a successful sign-in
// (the address's count stays: one valid account must not reset the
// allowance for guessing others) and drops rows nobody needs any more.
func (s *Service) clearAttempts(ctx context.Context, q *store.Queries, account string) error {
	if err := q.ClearSignInThrottle(ctx, account); err != nil {
		return err
	}
	return q.DeleteStaleSignInThrottle(ctx, s.Clock.Now().Add(-s.throttlePolicy().Window))
}
