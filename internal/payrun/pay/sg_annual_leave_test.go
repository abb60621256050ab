package pay

import (
	"testing"
	"time"
)

// Completed months of service (MOM, "Annual leave eligibility and
// entitlement": started 14 Mar 2014, left 31 Jul 2014 = 4 completed months,
// 14 to 31 July disregarded).
func TestCompletedMonths(t *testing.T) {
	t.Parallel()
	d := func(s string) time.Time {
		v, err := time.Parse("2006-01-02", s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		from, end string
		want      int
	}{
		{"2014-03-14", "2014-07-31", 4}, // MOM's example
		{"2014-03-14", "2014-07-13", 4}, // the 4th month ends on 13 July
		{"2014-03-14", "2014-07-12", 3},
		{"2026-01-15", "2026-10-20", 9}, // 15 January to 14 October
		{"2026-01-15", "2026-02-13", 0},
		{"2026-01-31", "2026-02-28", 1}, // a month from 31 January covers February
		{"2026-01-31", "2026-02-27", 0},
		{"2026-03-01", "2026-10-20", 7}, // March to September
		{"2026-08-01", "2026-10-20", 2},
		{"2025-10-21", "2026-10-20", 12},
	} {
		if got := completedMonths(d(c.from), d(c.end)); got != c.want {
			t.Errorf("completedMonths(%s, %s) = %d, want %d", c.from, c.end, got, c.want)
		}
	}
}
