// Package ratelimit is the request rate limit: a token bucket per key
// (a credential and the business it addresses, or a client address and an
// operation) of rps tokens a second and burst at most.
//
// Each bucket is kept as one number, its theoretical arrival time (GCRA,
// the generic cell rate algorithm, equivalent to a token bucket): the
// time at which the bucket would be full again. A key may take a token
// when that time is at most (burst-1)/rps ahead of now; a take moves it
// 1/rps on from max(time, now). A bucket whose time has passed is full,
// the same as none.
//
// On PostgreSQL the buckets live in the database (Shared): one statement
// per take, so every node behind the load balancer draws from the same
// bucket and N nodes allow the configured rate, not N times it, while the
// nodes stay stateless. On SQLite (one node) they live in memory (Memory).
package ratelimit

import (
	"context"
	"log/slog"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
)

// Limiter takes a token for key; when there is none it returns how long
// until there is.
type Limiter interface {
	Allow(ctx context.Context, key string) (ok bool, wait time.Duration)
}

// New returns the limiter for d's engine, or nil when rps <= 0 (no limit).
func New(d *db.DB, rps float64, burst int, now func() time.Time, log *slog.Logger) Limiter {
	if rps <= 0 {
		return nil
	}
	if d != nil && d.Dialect == db.Postgres {
		return NewShared(d, rps, burst, now, log)
	}
	return NewMemory(rps, burst, now)
}

// gcra is the arithmetic both limiters share, in microseconds.
type gcra struct {
	interval  int64 // between tokens: 1/rps
	tolerance int64 // how far ahead of now the time may be: (burst-1)/rps
}

func newGCRA(rps float64, burst int) gcra {
	interval := int64(math.Round(1e6 / rps))
	if interval < 1 {
		interval = 1
	}
	return gcra{interval: interval, tolerance: int64(max(burst, 1)-1) * interval}
}

// take is one take at now from a bucket at tat: the new time, and the wait
// when refused (0 = granted).
func (g gcra) take(tat, now int64) (int64, time.Duration) {
	if tat-now > g.tolerance {
		return tat, waitOf(tat - now - g.tolerance)
	}
	return max(tat, now) + g.interval, 0
}

func waitOf(us int64) time.Duration { return max(time.Duration(us)*time.Microsecond, time.Microsecond) }

// Memory keeps the buckets of one process.
type Memory struct {
	g   gcra
	now func() time.Time

	mu      sync.Mutex
	tats    map[string]int64
	sweepAt int64
}

// NewMemory returns a limiter whose buckets live in this process.
func NewMemory(rps float64, burst int, now func() time.Time) *Memory {
	return &Memory{g: newGCRA(rps, burst), now: now, tats: map[string]int64{}}
}

// Allow takes a token for key.
func (m *Memory) Allow(_ context.Context, key string) (bool, time.Duration) {
	now := m.now().UnixMicro()
	m.mu.Lock()
	defer m.mu.Unlock()
	if now > m.sweepAt {
		for k, t := range m.tats {
			if t < now {
				delete(m.tats, k) // full again
			}
		}
		m.sweepAt = now + time.Minute.Microseconds()
	}
	tat, wait := m.g.take(m.tats[key], now)
	m.tats[key] = tat
	return wait == 0, wait
}

// Shared keeps the buckets in the database, so every node of it draws
// from the same ones.
type Shared struct {
	g   gcra
	db  *db.DB
	now func() time.Time
	log *slog.Logger

	sweepAt atomic.Int64 // when this node next deletes full buckets
	failing atomic.Bool  // a take failed (logged once until one succeeds)
}

// NewShared returns a limiter whose buckets live in d.
func NewShared(d *db.DB, rps float64, burst int, now func() time.Time, log *slog.Logger) *Shared {
	if log == nil {
		log = slog.Default()
	}
	return &Shared{g: newGCRA(rps, burst), db: d, now: now, log: log}
}

// Allow takes a token for key in one statement. If the database cannot be
// asked, the request is let through (a limit that fails closed would turn
// a database hiccup into an outage; the request itself will meet the same
// database and answer 503 if it is down) and the failure is logged once.
func (s *Shared) Allow(ctx context.Context, key string) (bool, time.Duration) {
	now := s.now().UnixMicro()
	q := store.New(s.db.W)
	row, err := q.TakeRateLimitToken(ctx, store.TakeRateLimitTokenParams{BucketKey: key, NowUs: now, IntervalUs: s.g.interval, ToleranceUs: s.g.tolerance})
	if err != nil {
		if ctx.Err() == nil && s.failing.CompareAndSwap(false, true) {
			s.log.Error("rate limit: taking a token failed; requests pass unlimited until it works again", "err", err)
		}
		return true, 0
	}
	if s.failing.CompareAndSwap(true, false) {
		s.log.Info("rate limit: taking tokens works again")
	}
	if at := s.sweepAt.Load(); now > at && s.sweepAt.CompareAndSwap(at, now+time.Minute.Microseconds()) {
		go s.sweep(now)
	}
	if row.Granted {
		return true, 0
	}
	return false, waitOf(row.TatUs - now - s.g.tolerance)
}

// sweep deletes the buckets that are full again (any node may; each does
// at most once a minute).
func (s *Shared) sweep(now int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := store.New(s.db.W).DeleteIdleRateLimitBuckets(ctx, now); err != nil {
		s.log.Warn("rate limit: deleting idle buckets failed", "err", err)
	}
}
