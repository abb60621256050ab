package oauth_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/oauth"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
	"github.com/payrolld/payrolld/internal/user"
)

// Failed sign-ins slow down per account and per client address, on a fake
// clock; the counts live in the database (both engines).
func TestOAuthSignInThrottle(t *testing.T) {
	testdb.EachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := payroll.NewFixedClock(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC))
		users := &user.Service{DB: d, Clock: clock}
		policy := oauth.ThrottlePolicy{AccountFree: 2, AddrFree: 5, Base: time.Second, Max: 3 * time.Second, Window: time.Hour}
		s := &oauth.Service{DB: d, Clock: clock, Users: users, Throttle: &policy}
		err := d.InTx(ctx, func(q *store.Queries) error {
			_, err := users.CreateInTx(ctx, q, user.New{Username: "ann@example.com", DisplayName: "Ann", TimeZone: user.DefaultTimeZone,
				Password: "ann's right password"}, sql.NullInt64{})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		const ip = "198.51.100.7"
		attempt := func(name, password, addr string) error {
			t.Helper()
			_, _, err := s.SignIn(ctx, name, password, addr)
			return err
		}
		wantWrong := func(err error) {
			t.Helper()
			if payroll.KindOf(err) != payroll.KindUnauthorized {
				t.Fatalf("got %v, want wrong password", err)
			}
		}
		wantLocked := func(err error, wait time.Duration) {
			t.Helper()
			var te *oauth.ThrottledError
			if !errors.As(err, &te) || te.RetryAfter != wait || payroll.KindOf(err) != payroll.KindRateLimited {
				t.Fatalf("got %v, want locked for %v", err, wait)
			}
		}
		// Two free attempts; the second locks the account for Base.
		wantWrong(attempt("ann@example.com", "guess 1", ip))
		wantWrong(attempt("Ann@Example.com", "guess 2", ip))
		wantLocked(attempt("ann@example.com", "ann's right password", ip), time.Second) // even the right password waits
		wantLocked(attempt("ann@example.com", "guess 3", "203.0.113.9"), time.Second)   // from any address
		clock.Advance(time.Second)
		wantWrong(attempt("ann@example.com", "guess 3", ip)) // doubles: 2 s
		clock.Advance(time.Second)
		wantLocked(attempt("ann@example.com", "guess 4", ip), time.Second)
		clock.Advance(time.Second)
		wantWrong(attempt("ann@example.com", "guess 4", ip)) // 4 s, capped at Max
		wantLocked(attempt("ann@example.com", "guess 5", ip), 3*time.Second)
		// The address has made 4 counted attempts of its 5: an unknown
		// username from it is counted too and locks the address.
		wantWrong(attempt("nobody@example.com", "guess", ip))
		wantLocked(attempt("other@example.com", "guess", ip), time.Second)
		clock.Advance(3 * time.Second)
		// Success clears the account's count but not the address's.
		if _, sess, err := s.SignIn(ctx, "ann@example.com", "ann's right password", "203.0.113.9"); err != nil || sess.User.Username != "ann@example.com" {
			t.Fatalf("right password after the lock: %v", err)
		}
		wantWrong(attempt("ann@example.com", "guess 6", "203.0.113.9"))
		wantWrong(attempt("ann@example.com", "guess 7", "203.0.113.10"))
		wantLocked(attempt("ann@example.com", "guess 8", "203.0.113.9"), time.Second)
		// Unknown usernames are throttled like known ones, so a lock says
		// nothing about whether an account exists.
		wantWrong(attempt("ghost@example.com", "guess", "203.0.113.20"))
		wantWrong(attempt("ghost@example.com", "guess", "203.0.113.21"))
		wantLocked(attempt("ghost@example.com", "guess", "203.0.113.22"), time.Second)
		// Counts restart after a quiet window.
		clock.Advance(policy.Window + time.Second)
		wantWrong(attempt("ghost@example.com", "guess", "203.0.113.22"))
		wantWrong(attempt("ghost@example.com", "guess", "203.0.113.22"))
		wantLocked(attempt("ghost@example.com", "guess", "203.0.113.22"), time.Second)
	})
}
