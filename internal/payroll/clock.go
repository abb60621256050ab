package payroll

import (
	"sync"
	"time"
)

// Clock is the only source of "now": SQL never calls now(), so tests can fix
// time and both engines see the same values.
type Clock interface{ Now() time.Time }

// SystemClock reads the machine clock, in UTC.
type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now().UTC() }

// FixedClock is a settable clock for tests.
type FixedClock struct {
	mu sync.Mutex
	t  time.Time
}

// NewFixedClock returns a clock stopped at t.
func NewFixedClock(t time.Time) *FixedClock { return &FixedClock{t: t.UTC()} }

func (c *FixedClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock forward by d.
func (c *FixedClock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }
