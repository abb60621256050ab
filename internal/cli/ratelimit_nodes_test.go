package cli_test

import (
	"context"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Two API nodes on one PostgreSQL database, rate limit 5 requests a second
// with a burst of 10: one credential hammering one business through both
// nodes (40 requests a second offered for 10 s of the nodes' clocks) gets
// at most 10 + 5 × 10 answers in total, not twice that, and the refused
// ones are 429 with Retry-After.
func TestTwoNodesShareTheRateLimit(t *testing.T) {
	if os.Getenv(testkit.PostgresURLEnv) == "" {
		t.Skip(testkit.PostgresURLEnv + " not set")
	}
	t.Parallel()
	ctx := context.Background()
	dsn := testkit.FreshPostgresURL(t)
	limited := testkit.Options{Config: func(c *config.Config) { c.RateLimitRPS, c.RateLimitBurst = 5, 10 }}
	var nodes [2]*testkit.Server
	for i := range nodes {
		d, err := db.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if i == 0 {
			if _, err := d.Migrate(ctx, db.MigrateOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		nodes[i] = testkit.NewServer(t, d, limited)
	}
	a, b := nodes[0], nodes[1]
	_, key := a.NewUser("hammer@example.com")
	biz := a.NewBusiness(key, "Hammer Co", "AU")
	path := testkit.BusinessPath(biz)
	// The clocks of both nodes read the same time and move together; the
	// business's bucket starts full.
	b.Clock.Advance(a.Clock.Now().Sub(b.Clock.Now()))
	ok, refused := 0, 0
	for step := range 100 {
		for i := range 4 {
			r := nodes[(step+i)%2].Do("GET", path, key, nil)
			switch r.Status {
			case http.StatusOK:
				ok++
			case http.StatusTooManyRequests:
				refused++
				if r.Header.Get("Retry-After") == "" {
					t.Fatal("429 without Retry-After")
				}
			default:
				t.Fatalf("GET %s: %d %s", path, r.Status, r.Body)
			}
		}
		a.Clock.Advance(100 * time.Millisecond)
		b.Clock.Advance(100 * time.Millisecond)
	}
	if want := 10 + 5*10; ok > want || ok < want-2 {
		t.Fatalf("%d answered and %d refused over 10 s on two nodes; want %d answered (burst 10 + 5 rps), shared by the nodes", ok, refused, want)
	}
	t.Logf("two nodes, 400 requests over 10 s: %d answered, %d refused (limit 10 + 5/s = %d)", ok, refused, 10+5*10)
}
