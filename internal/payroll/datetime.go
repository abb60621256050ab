package payroll

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

// LocalLayout is how the API writes local dates and times: no zone.
const LocalLayout = "2006-01-02T15:04:05"

// DateTime is a wall-clock date/time as the wire carries it
// ("2020-07-31T00:00:00"). The zero value marshals as null.
type DateTime struct{ time.Time }

// NewDateTime wraps t (its wall clock is kept, its zone dropped).
func NewDateTime(t time.Time) DateTime {
	return DateTime{time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)}
}

// DateOnly is the calendar day of t: midnight UTC of t's wall-clock date
// (its time of day and zone dropped). Dates carry no time of day at rest
// or on the wire; this is the one place that says how to get there.
func DateOnly(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// DayKey is t's wall-clock date as the integer yyyymmdd: the day keys
// of the kept totals and counts (employee_year_to_date,
// timesheet_day_counts). DayKey(t) == DayKey(DateOnly(t)).
func DayKey(t time.Time) int64 {
	return int64(t.Year())*10000 + int64(t.Month())*100 + int64(t.Day())
}

var inLayouts = []string{
	LocalLayout, "2006-01-02T15:04:05.999999999", time.RFC3339Nano, "2006-01-02", "2006-01-02 15:04:05",
}

// ParseDateTime accepts the layouts clients send: local, RFC 3339 (the
// offset is dropped after converting nothing: the wall clock is kept) and
// date-only.
func ParseDateTime(s string) (DateTime, error) {
	s = strings.TrimSpace(s)
	for _, l := range inLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return NewDateTime(t), nil
		}
	}
	return DateTime{}, fmt.Errorf("%q is not a date/time: send it as the API writes them, e.g. 2026-11-29T09:30:00 or 2026-11-29", s)
}

func (d DateTime) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + d.Format(LocalLayout) + `"`), nil
}

func (d *DateTime) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) || bytes.Equal(b, []byte(`""`)) {
		*d = DateTime{}
		return nil
	}
	if len(b) < 2 || b[0] != '"' {
		return fmt.Errorf("date/time must be a string")
	}
	v, err := ParseDateTime(string(b[1 : len(b)-1]))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

func (d DateTime) String() string {
	if d.IsZero() {
		return ""
	}
	return d.Format(LocalLayout)
}

// DateTimeOrMin is a DateTime the published description declares
// non-nullable (a .NET DateTime): unset, it is written as .NET's
// DateTime.MinValue, which generated clients parse where null fails them.
type DateTimeOrMin struct{ DateTime }

func (d DateTimeOrMin) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte(`"0001-01-01T00:00:00"`), nil
	}
	return d.DateTime.MarshalJSON()
}
