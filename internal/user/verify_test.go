package user_test

import (
	"context"
	"database/sql"
	"slices"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
	"github.com/payrolld/payrolld/internal/user"
)

// An unknown username costs what a wrong password costs (a dummy hash is
// checked), so timing does not tell which usernames exist. Before the
// dummy hash: ~3 ms unknown vs ~70 ms known.
func TestVerifyPasswordUnknownUserTiming(t *testing.T) {
	d := testdb.NewDB(t, db.SQLite)
	ctx := context.Background()
	s := &user.Service{DB: d, Clock: payroll.NewFixedClock(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC))}
	err := d.InTx(ctx, func(q *store.Queries) error {
		_, err := s.CreateInTx(ctx, q, user.New{Username: "known@example.com", DisplayName: "Known",
			TimeZone: user.DefaultTimeZone, Password: "the right password"}, sql.NullInt64{})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	median := func(name string) time.Duration {
		var ds []time.Duration
		for i := 0; i < 3; i++ {
			start := time.Now()
			_, err := s.VerifyPassword(ctx, name, "a wrong password")
			ds = append(ds, time.Since(start))
			if payroll.KindOf(err) != payroll.KindUnauthorized {
				t.Fatalf("%s: %v, want unauthorized", name, err)
			}
		}
		slices.Sort(ds)
		return ds[1]
	}
	known, unknown := median("known@example.com"), median("nobody@example.com")
	t.Logf("median of 3 wrong-password checks: known user %v, unknown user %v", known, unknown)
	if unknown < known/3 || unknown > known*3 { // noisy shared machine; without the dummy hash the ratio is ~25
		t.Fatalf("unknown user took %v, known user %v: timing tells them apart", unknown, known)
	}
	if u, err := s.VerifyPassword(ctx, "KNOWN@example.com", "the right password"); err != nil || u.Username != "known@example.com" {
		t.Fatalf("right password: %v, %v", u.Username, err)
	}
}
