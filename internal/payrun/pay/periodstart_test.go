package pay

import (
	"testing"
	"time"
)

func TestPeriodStartMonthEnds(t *testing.T) {
	d := func(s string) time.Time { x, _ := time.Parse("2006-01-02", s); return x }
	for _, c := range []struct{ freq, end, want string }{
		{"Monthly", "2026-07-31", "2026-07-01"}, {"Monthly", "2027-02-28", "2027-02-01"}, {"Monthly", "2026-04-30", "2026-04-01"},
		{"Monthly", "2026-07-15", "2026-06-16"}, {"Monthly", "2026-03-30", "2026-03-01"}, {"Quarterly", "2026-06-30", "2026-04-01"},
		{"Quarterly", "2026-07-15", "2026-04-16"}, {"Annually", "2027-04-05", "2026-04-06"}, {"Annually", "2028-02-29", "2027-03-01"},
	} {
		if got := PeriodStart(c.freq, d(c.end)).Format("2006-01-02"); got != c.want {
			t.Errorf("%s ending %s starts %s, want %s", c.freq, c.end, got, c.want)
		}
	}
}
