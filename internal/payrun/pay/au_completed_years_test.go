package pay

import (
	"testing"
	"time"
)

// completedYears counts the anniversaries of the start date up to the
// day after the termination day (the termination day is service).
func TestCompletedYears(t *testing.T) {
	t.Parallel()
	d := func(y int, m time.Month, day int) time.Time { return time.Date(y, m, day, 0, 0, 0, 0, time.UTC) }
	for _, c := range []struct {
		start, end time.Time
		want       int
	}{
		{d(2019, time.August, 5), d(2026, time.November, 22), 7},
		{d(2019, time.August, 5), d(2026, time.August, 4), 7},
		{d(2019, time.August, 5), d(2026, time.August, 3), 6},
		{d(2026, time.July, 1), d(2026, time.November, 22), 0},
		{d(2016, time.February, 29), d(2026, time.February, 28), 10},
	} {
		if got := completedYears(c.start, c.end); got != c.want {
			t.Errorf("completedYears(%s, %s) = %d, want %d", c.start.Format(time.DateOnly), c.end.Format(time.DateOnly), got, c.want)
		}
	}
}
