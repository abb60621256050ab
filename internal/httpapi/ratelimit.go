package httpapi

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// rateLimited is the 429 answer, telling the client when to retry.
func rateLimited(wait time.Duration) *Problem {
	p := newProblem(http.StatusTooManyRequests, "Rate limit exceeded; retry later.")
	p.headers = http.Header{"Retry-After": {strconv.Itoa(int(wait/time.Second) + 1)}}
	return p
}

// rateLimiter is a token bucket per key (credential + business). State is
// per process: with N nodes behind a balancer a client gets up to N times
// the rate, which keeps nodes stateless at the cost of a looser bound.
type rateLimiter struct {
	rps   float64
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newRateLimiter(rps float64, burst int, now func() time.Time) *rateLimiter {
	return &rateLimiter{rps: rps, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes a token for key; when none is left it returns how long until
// one is.
func (l *rateLimiter) allow(key string) (bool, time.Duration) {
	if l == nil || l.rps <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.sweep) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.last) > time.Minute {
				delete(l.buckets, k)
			}
		}
		l.sweep = now
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rps)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.rps * float64(time.Second))
	return false, wait
}
