package payschedule

import (
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/holidays"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// TestOfficialHolidayRecords holds the calendar to the record model: every
// official day of every supported region, for a decade, makes a valid
// public holiday record whose states are the region's own spellings (the
// seeding skips the collection's state check on that promise).
func TestOfficialHolidayRecords(t *testing.T) {
	for _, region := range []string{"AU", "NZ", "UK", "SG"} {
		if !holidays.Supported(region) {
			t.Fatalf("%s has no calendar", region)
		}
		for year := 2026; year <= 2035; year++ {
			for _, d := range holidays.Days(region, year) {
				h := OfficialHoliday(d)
				var v payroll.Validation
				h.Validate(&v)
				if err := v.Err(); err != nil {
					t.Fatalf("%s %d %s: %v", region, year, d.Name, err)
				}
				for _, s := range h.States {
					if c, ok := record.Canonical(HolidayStates[region], s); !ok || c != s {
						t.Errorf("%s %d %s: state %q is not one of %v", region, year, d.Name, s, HolidayStates[region])
					}
				}
				if !h.IsSystem || h.States == nil || h.LocationIDs == nil || !strings.Contains(h.Note, "Source: ") {
					t.Errorf("%s %d %s: %+v", region, year, d.Name, h)
				}
			}
		}
	}
	h := OfficialHoliday(holidays.Day{Name: "Chinese New Year", Status: holidays.Expected, Source: "x"})
	if !strings.Contains(h.Note, "expected date") {
		t.Errorf("expected dates say so: %q", h.Note)
	}
	if got := clip(strings.Repeat("ā", 600), 500); len([]rune(got)) != 500 {
		t.Errorf("clip to %d runes", len([]rune(got)))
	}
}
