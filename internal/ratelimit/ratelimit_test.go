package ratelimit_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/ratelimit"
	"github.com/payrolld/payrolld/internal/testkit/testdb"
)

// clock is a settable clock shared by the limiters of a test.
type clock struct{ ns atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.ns.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	return c
}
func (c *clock) now() time.Time      { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) add(d time.Duration) { c.ns.Add(int64(d)) }

// limiters runs fn on each engine with the limiter of each engine (the shared one on
// PostgreSQL, the in-memory one on SQLite) over a fresh database.
func limiters(t *testing.T, fn func(t *testing.T, d *db.DB, newLimiter func(rps float64, burst int, now func() time.Time) ratelimit.Limiter)) {
	testdb.EachEngine(t, func(t *testing.T, d *db.DB) {
		fn(t, d, func(rps float64, burst int, now func() time.Time) ratelimit.Limiter {
			return ratelimit.New(d, rps, burst, now, nil)
		})
	})
}

// A bucket of burst tokens, refilled at rps: the burst passes, the next
// take waits 1/rps, and after it one more passes; keys are independent.
func TestBurstThenRefill(t *testing.T) {
	limiters(t, func(t *testing.T, d *db.DB, newLimiter func(float64, int, func() time.Time) ratelimit.Limiter) {
		ctx := context.Background()
		c := newClock()
		l := newLimiter(5, 2, c.now)
		if d.Dialect == db.Postgres {
			if _, ok := l.(*ratelimit.Shared); !ok {
				t.Fatalf("PostgreSQL limiter is %T, want the shared one", l)
			}
		}
		for i := range 2 {
			if ok, _ := l.Allow(ctx, "k"); !ok {
				t.Fatalf("request %d within burst refused", i)
			}
		}
		ok, wait := l.Allow(ctx, "k")
		if ok || wait <= 0 || wait > 200*time.Millisecond {
			t.Fatalf("third request: ok=%v wait=%v, want refused with 0 < wait <= 200ms", ok, wait)
		}
		if ok, _ := l.Allow(ctx, "other"); !ok {
			t.Fatal("another key shares the bucket")
		}
		c.add(wait)
		if ok, _ := l.Allow(ctx, "k"); !ok {
			t.Fatalf("token not refilled after the wait %v", wait)
		}
		if ok, _ := l.Allow(ctx, "k"); ok {
			t.Fatal("a second token after one refill interval")
		}
		// Idle long enough to refill completely: the full burst again.
		c.add(time.Hour)
		for i := range 2 {
			if ok, _ := l.Allow(ctx, "k"); !ok {
				t.Fatalf("after idling, request %d refused", i)
			}
		}
		// A clock behind the last take (another node's) refills nothing.
		c.add(-time.Minute)
		if ok, _ := l.Allow(ctx, "k"); ok {
			t.Fatal("an earlier clock refilled the bucket")
		}
	})
}

// Over a simulated minute of 40 requests a second, a key gets burst + 60
// × rps tokens and no more, whatever the interleaving of two limiters
// over one database (two nodes: shared on PostgreSQL).
func TestRateOverTime(t *testing.T) {
	limiters(t, func(t *testing.T, d *db.DB, newLimiter func(float64, int, func() time.Time) ratelimit.Limiter) {
		ctx := context.Background()
		c := newClock()
		nodes := []ratelimit.Limiter{newLimiter(5, 10, c.now), newLimiter(5, 10, c.now)}
		if d.Dialect != db.Postgres {
			nodes = nodes[:1] // SQLite: one node, one in-memory limiter
		}
		granted := 0
		for i := range 60 * 40 {
			if ok, _ := nodes[i%len(nodes)].Allow(ctx, "cred|1"); ok {
				granted++
			}
			c.add(25 * time.Millisecond)
		}
		if want := 10 + 60*5; granted > want || granted < want-1 {
			t.Fatalf("granted %d in a minute, want %d (burst 10 + 5 rps)", granted, want)
		}
	})
}

// Two nodes on one PostgreSQL: concurrent takes from both draw from one
// bucket, so together they get the burst, not twice it.
func TestSharedAcrossNodes(t *testing.T) {
	url := testdb.FreshPostgresURL(t)
	ctx := context.Background()
	var nodes [2]ratelimit.Limiter
	c := newClock()
	for i := range nodes {
		d, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if i == 0 {
			if _, err := d.Migrate(ctx, db.MigrateOptions{NoLock: true}); err != nil {
				t.Fatal(err)
			}
		}
		nodes[i] = ratelimit.New(d, 5, 10, c.now, nil)
	}
	var granted atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			if ok, _ := nodes[i%2].Allow(ctx, "cred|7"); ok {
				granted.Add(1)
			}
		})
	}
	wg.Wait()
	if granted.Load() != 10 {
		t.Fatalf("40 concurrent requests over two nodes got %d tokens, want the burst of 10", granted.Load())
	}
}

// BenchmarkAllow is the limit's cost per request: a map lookup in memory
// on SQLite, one statement on PostgreSQL.
func BenchmarkAllow(b *testing.B) {
	for _, e := range testdb.Engines() {
		b.Run(string(e), func(b *testing.B) {
			d := testdb.NewDB(b, e)
			l := ratelimit.New(d, 1e6, 1e6, time.Now, nil)
			ctx := context.Background()
			keys := make([]string, 64)
			for i := range keys {
				keys[i] = fmt.Sprintf("cred%d|%d", i, i)
			}
			b.ResetTimer()
			i := 0
			for b.Loop() {
				if ok, _ := l.Allow(ctx, keys[i%len(keys)]); !ok {
					b.Fatal("refused")
				}
				i++
			}
		})
	}
}
