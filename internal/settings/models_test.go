package settings

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

func at(hhmmss string) time.Time {
	t, err := time.Parse("2006-01-02 15:04:05", "2026-03-10 "+hhmmss)
	if err != nil {
		panic(err)
	}
	return t
}

func TestAdminRoundTime(t *testing.T) {
	cases := []struct {
		in        string
		direction string
		interval  int
		want      string
	}{
		{"09:07:00", "None", 15, "09:07:00"},
		{"09:07:00", "", 15, "09:07:00"},
		{"09:07:00", "Up", 0, "09:07:00"},
		{"09:07:00", "Up", 15, "09:15:00"},
		{"09:07:00", "Down", 15, "09:00:00"},
		{"09:07:00", "ToTheNearest", 15, "09:00:00"},
		{"09:08:00", "ToTheNearest", 15, "09:15:00"},
		{"09:07:30", "ToTheNearest", 15, "09:15:00"}, // exactly halfway rounds up
		{"09:07:29", "ToTheNearest", 15, "09:00:00"},
		{"09:15:00", "Up", 15, "09:15:00"}, // on a multiple: unchanged
		{"09:15:00", "Down", 15, "09:15:00"},
		{"09:00:01", "Up", 6, "09:06:00"},
		{"23:58:00", "Up", 5, "00:00:00"}, // into the next day
		{"00:02:00", "Down", 5, "00:00:00"},
		{"10:17:00", "Down", 7, "10:16:00"}, // multiples of 7 minutes from midnight: 616 min = 10:16
		{"10:59:59", "Up", 60, "11:00:00"},
		{"10:45:00", "toTheNearest", 30, "11:00:00"}, // any case
		{"09:07:00", "Sideways", 15, "09:07:00"},
	}
	for _, c := range cases {
		got := RoundTime(at(c.in), c.direction, c.interval)
		want := at(c.want)
		if c.in == "23:58:00" {
			want = want.AddDate(0, 0, 1)
		}
		if !got.Equal(want) {
			t.Errorf("RoundTime(%s, %s, %d) = %s, want %s", c.in, c.direction, c.interval, got.Format(time.TimeOnly), want.Format(time.TimeOnly))
		}
	}
}

func TestAdminRoundingRulesSnapToRoster(t *testing.T) {
	five, ten := 5, 10
	r := TimesheetRoundingRules{ShiftStartRoundingDirection: "Up", ShiftStartRoundingInterval: 15,
		ShiftEndRoundingDirection: "Down", ShiftEndRoundingInterval: 15,
		BreakStartRoundingDirection: "ToTheNearest", BreakStartRoundingInterval: 10,
		RoundUpToShiftStartTimeRoundingInterval: &ten, RoundDownToShiftStartTimeRoundingInterval: &five,
		RoundDownToShiftEndTimeRoundingInterval: &ten}
	start, end := at("09:00:00"), at("17:00:00")
	cases := []struct {
		name string
		got  time.Time
		want string
	}{
		{"early clock-on within 10 minutes snaps to the rostered start", r.ShiftStart(at("08:52:00"), &start), "09:00:00"},
		{"early clock-on beyond the window rounds up", r.ShiftStart(at("08:40:00"), &start), "08:45:00"},
		{"late clock-on within 5 minutes snaps", r.ShiftStart(at("09:04:00"), &start), "09:00:00"},
		{"late clock-on beyond the window rounds up", r.ShiftStart(at("09:06:00"), &start), "09:15:00"},
		{"no rostered shift: rounding only", r.ShiftStart(at("08:52:00"), nil), "09:00:00"},
		{"no rostered shift, rounding up", r.ShiftStart(at("09:01:00"), nil), "09:15:00"},
		{"late clock-off within 10 minutes snaps to the rostered end", r.ShiftEnd(at("17:09:00"), &end), "17:00:00"},
		{"early clock-off has no window: rounds down", r.ShiftEnd(at("16:58:00"), &end), "16:45:00"},
		{"break start to the nearest 10", r.BreakStart(at("12:04:00")), "12:00:00"},
		{"break end not rounded", r.BreakEnd(at("12:34:00")), "12:34:00"},
	}
	for _, c := range cases {
		if !c.got.Equal(at(c.want)) {
			t.Errorf("%s: got %s, want %s", c.name, c.got.Format(time.TimeOnly), c.want)
		}
	}
}

func TestAdminRoundingRulesValidate(t *testing.T) {
	sixty, big := 60, 61
	cases := []struct {
		name  string
		rules TimesheetRoundingRules
		field string
	}{
		{"defaults are valid", TimesheetRoundingRules{}, ""},
		{"rounding needs an interval", TimesheetRoundingRules{ShiftStartRoundingDirection: "Up"}, "shiftStartRoundingInterval"},
		{"interval at most 60", TimesheetRoundingRules{BreakEndRoundingDirection: "Down", BreakEndRoundingInterval: 61}, "breakEndRoundingInterval"},
		{"60 is fine", TimesheetRoundingRules{ShiftEndRoundingDirection: "ToTheNearest", ShiftEndRoundingInterval: 60}, ""},
		{"no direction, no negative interval", TimesheetRoundingRules{ShiftEndRoundingInterval: -1}, "shiftEndRoundingInterval"},
		{"snap window at most 60", TimesheetRoundingRules{RoundUpToShiftEndTimeRoundingInterval: &big}, "roundUpToShiftEndTimeRoundingInterval"},
		{"snap window of 60", TimesheetRoundingRules{RoundDownToShiftStartTimeRoundingInterval: &sixty}, ""},
	}
	for _, c := range cases {
		var v payroll.Validation
		c.rules.Validate(&v)
		err := v.Err()
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: unexpected %v", c.name, err)
		case c.field != "":
			pe, ok := err.(*payroll.Error)
			if !ok || len(pe.Fields[c.field]) == 0 {
				t.Errorf("%s: want an error naming %s, got %v", c.name, c.field, err)
			}
		}
	}
}

func TestAdminFinancialYears(t *testing.T) {
	cases := []struct {
		region string
		date   string
		year   int
		name   string
		from   string
		to     string
	}{
		{"AU", "2026-06-30", 2025, "2025/2026", "2025-07-01T00:00:00", "2026-06-30T00:00:00"},
		{"AU", "2026-07-01", 2026, "2026/2027", "2026-07-01T00:00:00", "2027-06-30T00:00:00"},
		{"UK", "2026-04-05", 2025, "2025/2026", "2025-04-06T00:00:00", "2026-04-05T00:00:00"},
		{"UK", "2026-04-06", 2026, "2026/2027", "2026-04-06T00:00:00", "2027-04-05T00:00:00"},
		{"NZ", "2026-03-31", 2025, "2025/2026", "2025-04-01T00:00:00", "2026-03-31T00:00:00"},
		{"SG", "2026-12-31", 2026, "2026", "2026-01-01T00:00:00", "2026-12-31T00:00:00"},
		{"MY", "2026-01-01", 2026, "2026", "2026-01-01T00:00:00", "2026-12-31T00:00:00"},
	}
	for _, c := range cases {
		d, _ := time.Parse("2006-01-02", c.date)
		y := FinancialYearOf(c.region, d)
		fy := FinancialYearStarting(c.region, y)
		if y != c.year || fy.Name != c.name || fy.FromDate.String() != c.from || fy.ToDate.String() != c.to {
			t.Errorf("%s %s: year %d %+v, want %d %s %s..%s", c.region, c.date, y, fy, c.year, c.name, c.from, c.to)
		}
	}
	now, _ := time.Parse("2006-01-02", "2026-11-02")
	for _, c := range []struct {
		region, raw string
		want        int
		ok          bool
	}{
		{"AU", "2024", 2024, true},
		{"AU", "2024-07-01", 2024, true},
		{"AU", "2024-07-01T00:00:00", 2024, true},
		{"AU", "2024-01-01", 0, false}, // not an AU financial year start
		{"UK", "2024-04-06", 2024, true},
		{"UK", "2024-04-01", 0, false},
		{"NZ", "2024-04-01", 2024, true},
		{"SG", "2024-01-01", 2024, true},
		{"AU", "2027", 2027, true}, // next year may be prepared
		{"AU", "2028", 0, false},
		{"AU", "1999", 0, false},
		{"AU", "", 0, false},
		{"AU", "soon", 0, false},
	} {
		y, err := ParseInitialFinancialYear(c.region, c.raw, now)
		if c.ok != (err == nil) || y != c.want {
			t.Errorf("ParseInitialFinancialYear(%s, %q) = %d, %v", c.region, c.raw, y, err)
		}
	}
}
