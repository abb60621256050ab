package forms

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	calcuk "github.com/payrolld/payrolld/internal/calc/uk"
)

// TestBands: a period's earnings against the 2026-27 weekly thresholds
// (LEL £129, PT £242, UEL £967; payroll-rules-2026-27.md).
func TestBands(t *testing.T) {
	b, err := calcuk.NIPeriodBands(time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC), calc.Weekly)
	if err != nil {
		t.Fatal(err)
	}
	if b.LEL.MinorUnits() != 12900 || b.PT.MinorUnits() != 24200 || b.UEL.MinorUnits() != 96700 || b.TaxYear != "2026-27" {
		t.Fatalf("bands %+v", b)
	}
	for _, c := range []struct {
		gross, atLEL, lelPT, ptUEL int64
	}{
		{12899, 0, 0, 0},              // below the LEL: nothing
		{12900, 12900, 0, 0},          // at the LEL
		{20000, 12900, 7100, 0},       // between LEL and PT
		{50000, 12900, 11300, 25800},  // £500
		{200000, 12900, 11300, 72500}, // above the UEL: capped
	} {
		var tot Totals
		tot.band(c.gross, b)
		if tot.AtLEL != c.atLEL || tot.LELToPT != c.lelPT || tot.PTToUEL != c.ptUEL {
			t.Errorf("gross %d: %d %d %d, want %d %d %d", c.gross, tot.AtLEL, tot.LELToPT, tot.PTToUEL, c.atLEL, c.lelPT, c.ptUEL)
		}
	}
}

func TestPeriod(t *testing.T) {
	for _, c := range []struct {
		freq string
		d    time.Time
		kind string
		n    int
	}{
		{"Weekly", time.Date(2026, 4, 6, 0, 0, 0, 0, time.UTC), "Week", 1},
		{"Weekly", time.Date(2026, 4, 12, 0, 0, 0, 0, time.UTC), "Week", 1},
		{"Weekly", time.Date(2026, 4, 13, 0, 0, 0, 0, time.UTC), "Week", 2},
		{"Weekly", time.Date(2027, 4, 5, 0, 0, 0, 0, time.UTC), "Week", 53},
		{"Fortnightly", time.Date(2026, 7, 8, 0, 0, 0, 0, time.UTC), "Week", 14},
		{"Monthly", time.Date(2026, 5, 5, 0, 0, 0, 0, time.UTC), "Month", 1},
		{"Monthly", time.Date(2026, 5, 6, 0, 0, 0, 0, time.UTC), "Month", 2},
		{"Monthly", time.Date(2027, 3, 31, 0, 0, 0, 0, time.UTC), "Month", 12},
	} {
		if k, n := period(c.freq, c.d); k != c.kind || n != c.n {
			t.Errorf("%s %s: %s %d, want %s %d", c.freq, c.d.Format("2006-01-02"), k, n, c.kind, c.n)
		}
	}
}
