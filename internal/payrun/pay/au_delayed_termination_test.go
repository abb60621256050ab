package pay

import (
	"testing"
	"time"
)

// ITAA 1997 s 82-130(1)(b): an ETP is "received no later than 12 months
// after that termination": a payment on the anniversary is within it, the
// day after is not; s 82-130(4)(b): a genuine redundancy's code R (or S)
// payment is exempt, invalidity's is not.
func TestDelayedTermination(t *testing.T) {
	end := time.Date(2025, time.September, 28, 0, 0, 0, 0, time.UTC)
	on, after := time.Date(2026, time.September, 28, 0, 0, 0, 0, time.UTC), time.Date(2026, time.September, 29, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		code, reason string
		ended        bool
		paid         time.Time
		want         bool
	}{
		{"O", "Dismissal", true, on, false},
		{"O", "Dismissal", true, after, true},
		{"O", "Dismissal", false, after, false},
		{"R", "Redundancy", true, after, false},
		{"S", "Redundancy", true, after, false},
		{"O", "Redundancy", true, after, true},
		{"R", "IllHealth", true, after, true},
		{"D", "Deceased", true, after, true},
	} {
		if got := DelayedTermination(c.code, c.reason, c.ended, end, c.paid); got != c.want {
			t.Errorf("%s %s ended %v paid %s: %v, want %v", c.code, c.reason, c.ended, c.paid.Format(time.DateOnly), got, c.want)
		}
	}
}
