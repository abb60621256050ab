package pay

import (
	"testing"
	"time"
)

// A quarter's slot counts calendar quarters from the one holding the tax
// year's first day, in every region's year (TaxYear gives both days).
func TestQuarterSlot(t *testing.T) {
	for _, c := range []struct {
		region, paid string
		want         int64
	}{
		{"AU", "2026-07-01", 0}, {"AU", "2026-09-30", 0}, {"AU", "2026-10-01", 1}, {"AU", "2027-03-31", 2}, {"AU", "2027-06-30", 3},
		{"UK", "2026-04-06", 0}, {"UK", "2026-06-30", 0}, {"UK", "2026-07-01", 1}, {"UK", "2027-01-15", 3},
		{"UK", "2027-04-05", 4}, // 1-5 April close the UK year in a fifth calendar quarter
		{"UK", "2027-04-06", 0},
		{"NZ", "2026-04-01", 0}, {"NZ", "2027-03-31", 3},
		{"SG", "2026-01-01", 0}, {"SG", "2026-12-31", 3},
	} {
		paid, _ := time.Parse("2006-01-02", c.paid)
		from, quarter := TaxYear(c.region, paid)
		if got := quarterSlot(from, quarter); got != c.want {
			t.Errorf("%s paid %s (year from %s, quarter %s): slot %d, want %d", c.region, c.paid,
				from.Format("2006-01-02"), quarter.Format("2006-01-02"), got, c.want)
		}
	}
}
