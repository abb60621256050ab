package httpapi

import (
	"testing"
	"time"
)

func TestRateLimiterBurstThenRefill(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newRateLimiter(5, 2, func() time.Time { return now })
	for i := 0; i < 2; i++ {
		if ok, _ := l.allow("k"); !ok {
			t.Fatalf("request %d within burst refused", i)
		}
	}
	ok, wait := l.allow("k")
	if ok || wait <= 0 || wait > 200*time.Millisecond {
		t.Fatalf("third request: ok=%v wait=%v, want refused with wait <= 200ms", ok, wait)
	}
	if ok, _ := l.allow("other"); !ok {
		t.Fatal("another key shares the bucket")
	}
	now = now.Add(200 * time.Millisecond)
	if ok, _ := l.allow("k"); !ok {
		t.Fatal("token not refilled after 1/rps")
	}
}
