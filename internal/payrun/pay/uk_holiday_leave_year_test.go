package pay

import (
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// The leave year a UK leaver's holiday in lieu is counted in (Working Time
// Regulations 1998 reg 13(3)): a relevant agreement's date, else the start
// of employment and its anniversaries (1 October for employment begun on
// or before 1 October 1998).
func TestUKLeaveYearStart(t *testing.T) {
	t.Parallel()
	d := func(s string) time.Time {
		v, err := time.Parse("2006-01-02", s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	emp := func(start string) *EmployeeRow {
		e := &EmployeeRow{ID: 7}
		if start != "" {
			e.StartDate = sql.NullTime{Time: d(start), Valid: true}
		}
		return e
	}
	for _, c := range []struct {
		typ, specified, start, end, want string
	}{
		{"", "", "2024-03-01", "2026-11-30", "2026-03-01"},
		{"EmployeeStartDate", "", "2024-03-01", "2026-02-28", "2025-03-01"},
		{"", "", "2026-09-01", "2026-12-31", "2026-09-01"}, // the first leave year begins with the employment
		{"", "", "1995-06-12", "2026-09-30", "2025-10-01"}, // reg 13(3)(b)(i)
		{"", "", "1998-10-01", "2026-10-01", "2026-10-01"}, // on 1 October 1998 itself
		{"", "", "2024-02-29", "2027-02-28", "2026-03-01"}, // 29 February counts as 1 March
		{"CalendarYear", "", "2025-06-01", "2026-11-22", "2026-01-01"},
		{"SpecifiedDate", "2026-04-01", "2026-09-01", "2026-12-31", "2026-04-01"},
		{"SpecifiedDate", "2019-04-06", "2010-01-01", "2027-03-31", "2026-04-06"},
	} {
		s := ukLeaveYearSettings{Type: c.typ}
		if c.specified != "" {
			s.Specified = payroll.NewDateTime(d(c.specified))
		}
		got, _, err := ukLeaveYearStart(s, emp(c.start), d(c.end))
		if err != nil || !got.Equal(d(c.want)) {
			t.Errorf("%+v: leave year from %v (%v), want %s", c, got.Format("2006-01-02"), err, c.want)
		}
	}
	for _, c := range []struct{ typ, start string }{{"SpecifiedDate", "2024-01-01"}, {"CategorySpecificDate", "2024-01-01"}, {"", ""}} {
		if _, _, err := ukLeaveYearStart(ukLeaveYearSettings{Type: c.typ}, emp(c.start), d("2026-11-30")); payroll.KindOf(err) != payroll.KindConflict {
			t.Errorf("%+v: %v, want a conflict naming what is missing", c, err)
		}
	}
}

// The leave year of the final pay: the employee's setting, else the
// business's, else the start-date anniversary (reg 13(3)(b)); none at all
// (no usable setting and no start date) leaves the ledger to be paid and
// says why (the lead's decision, 2 December 2026).
func TestUKResolveLeaveYear(t *testing.T) {
	t.Parallel()
	d := func(s string) time.Time {
		v, _ := time.Parse("2006-01-02", s)
		return v
	}
	withStart := &EmployeeRow{ID: 7, StartDate: sql.NullTime{Time: d("2024-03-01"), Valid: true}}
	noStart := &EmployeeRow{ID: 8}
	cal := ukLeaveYearSettings{Type: "CalendarYear"}
	spec := ukLeaveYearSettings{Type: "SpecifiedDate"}
	april := ukLeaveYearSettings{Type: "SpecifiedDate", Specified: payroll.NewDateTime(d("2020-04-01"))}
	for _, c := range []struct {
		name     string
		s        []ukLeaveYearSettings
		e        *EmployeeRow
		want     string
		hasWhy   bool
		notFound bool
	}{
		{"employee's own", []ukLeaveYearSettings{cal, april}, withStart, "2026-01-01", false, false},
		{"the business's when the employee's has no date", []ukLeaveYearSettings{spec, april}, withStart, "2026-04-01", false, false},
		{"the start date when neither gives one", []ukLeaveYearSettings{spec, {Type: "CategorySpecificDate"}}, withStart, "2026-03-01", true, false},
		{"nothing set", []ukLeaveYearSettings{{}, {}}, withStart, "2026-03-01", false, false},
		{"the business's calendar year without a start date", []ukLeaveYearSettings{spec, cal}, noStart, "2026-01-01", false, false},
		{"none at all", []ukLeaveYearSettings{spec, {Type: "EmployeeStartDate"}}, noStart, "", false, true},
	} {
		got, how, missing := ukResolveLeaveYear(c.s, c.e, d("2026-11-30"))
		switch {
		case c.notFound:
			if missing == "" || !got.IsZero() {
				t.Errorf("%s: %v %q, want nothing found and why", c.name, got, how)
			}
		case missing != "" || !got.Equal(d(c.want)):
			t.Errorf("%s: %v (%s), want %s", c.name, got.Format("2006-01-02"), missing, c.want)
		case c.hasWhy != strings.Contains(how, "could not be used"):
			t.Errorf("%s: how %q", c.name, how)
		}
	}
}
