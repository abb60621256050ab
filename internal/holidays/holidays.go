// Package holidays computes the official public holidays of the regions
// payrolld serves (AU, NZ, UK, SG) for any year, from rules held as data:
// fixed dates, nth-weekday rules, Easter-relative days (Gregorian computus),
// dated tables for days set by schedule or gazette, and each
// jurisdiction's weekend substitution rule ("Mondayisation").
//
// It is pure: no I/O, no clock. The tables are in au.go, nz.go, uk.go and
// sg.go; every rule names the statute or official calendar it comes from.
package holidays

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Sub is what happens to a holiday that falls on a weekend.
type Sub int

const (
	// NoSub: the holiday stays where it falls.
	NoSub Sub = iota
	// Instead: a holiday on a Saturday or Sunday moves to the next weekday
	// that is not already a holiday; the weekend day itself is not a
	// public holiday.
	Instead
	// Additional: a holiday on a Saturday or Sunday stays a holiday, and the
	// next weekday that is not already a holiday is an additional public
	// holiday (NZ Mondayisation: the holiday is the weekend day for those who
	// normally work it, the Monday/Tuesday for everyone else).
	Additional
	// SundayNext: a holiday on a Sunday stays a holiday and the next day that
	// is not itself a holiday is one too; Saturdays are not substituted
	// (Singapore, Holidays Act 1998 s 4).
	SundayNext
)

// Status says how sure a date is.
type Status string

const (
	// Statutory: computed from the rule in the statute (or a schedule of it).
	Statutory Status = "statutory"
	// Announced: a date gazetted or announced by the government.
	Announced Status = "announced"
	// Expected: the date the holiday is expected on, not yet gazetted; the
	// business should confirm it.
	Expected Status = "expected"
)

// DateRule gives the day a holiday falls on in a year (false: none that year).
type DateRule func(year int) (time.Time, bool)

// Rule is one holiday of a country.
type Rule struct {
	Name string
	// Regions the holiday is observed in; nil = every region of the
	// country (national).
	Regions []string
	On      DateRule
	// Sub is the weekend rule; SubIn overrides it per region.
	Sub   Sub
	SubIn map[string]Sub
	// From and Until bound the years the rule is in force (0 = open).
	From, Until int
	Status      Status // "" = Statutory
	// Source names the act or official page; "" = the country's act of each
	// region (Country.RegionSources).
	Source string
	// Note is a caveat kept with the holiday (e.g. metropolitan area only).
	Note string
}

// Country is the rule set of one country.
type Country struct {
	Code string
	// Regions are the states, nations or regions holidays can be limited to
	// (spelt as the API spells them); nil for a country whose holidays are
	// all national.
	Regions []string
	// RegionSources is the holidays act of each region, for rules without a
	// Source of their own.
	RegionSources map[string]string
	// Suffixes of the name of a substitute day, by substitution kind.
	Suffix map[Sub]string
	Rules  []Rule
}

// Holiday is one official public holiday of a year.
type Holiday struct {
	Name    string
	Country string
	// Regions it applies in; nil = national.
	Regions []string
	// Date is the day the holiday falls on by its rule.
	Date time.Time
	// Observed is the day off: Date unless a weekend rule moved it.
	Observed time.Time
	// AlsoOnDate: when substituted, Date itself stays a public holiday and
	// Observed is an additional day (AU additional days, NZ Mondayisation,
	// SG Sunday rule).
	AlsoOnDate bool
	// ObservedName is the name of the substitute day ("" when not
	// substituted).
	ObservedName string
	Status       Status
	Source       string
	Note         string
}

// Substituted reports whether the holiday is observed on another day.
func (h Holiday) Substituted() bool { return !h.Observed.Equal(h.Date) }

// Jurisdiction is "national" or the regions the holiday applies in.
func (h Holiday) Jurisdiction() string {
	if len(h.Regions) == 0 {
		return "national"
	}
	return strings.Join(h.Regions, ",")
}

// Countries are the rule sets by country code.
var Countries = map[string]*Country{}

func register(c *Country) *Country {
	Countries[c.Code] = c
	return c
}

// Supported reports whether the country has a holiday calendar.
func Supported(country string) bool { return Countries[country] != nil }

// Calendar is the official public holidays of country in year, by date (then
// name). An unknown country has none.
func Calendar(country string, year int) []Holiday {
	c := Countries[country]
	if c == nil {
		return nil
	}
	return c.Calendar(year)
}

// Calendar computes the year for each region, then merges holidays that are
// the same in several regions (a holiday of every region is national).
func (c *Country) Calendar(year int) []Holiday {
	regions := c.Regions
	if len(regions) == 0 {
		regions = []string{""}
	}
	type key struct {
		name           string
		date, observed time.Time
		also           bool
		status         Status
		note           string
	}
	merged := map[key]*Holiday{}
	var order []key
	for _, region := range regions {
		for _, h := range c.regionCalendar(year, region) {
			k := key{h.Name, h.Date, h.Observed, h.AlsoOnDate, h.Status, h.Note}
			m, ok := merged[k]
			if !ok {
				hc := h
				hc.Regions = nil
				m = &hc
				merged[k] = m
				order = append(order, k)
			} else if !strings.Contains(m.Source, h.Source) {
				m.Source += "; " + h.Source
			}
			if region != "" {
				m.Regions = append(m.Regions, region)
			}
		}
	}
	out := make([]Holiday, 0, len(order))
	for _, k := range order {
		h := *merged[k]
		if len(h.Regions) == len(c.Regions) {
			h.Regions = nil // every region: national
		}
		out = append(out, h)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Date.Equal(out[j].Date) {
			return out[i].Date.Before(out[j].Date)
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// regionCalendar is the year in one region ("" for a national-only country).
func (c *Country) regionCalendar(year int, region string) []Holiday {
	type occ struct {
		rule *Rule
		date time.Time
	}
	var occs []occ
	for i := range c.Rules {
		r := &c.Rules[i]
		if r.From != 0 && year < r.From || r.Until != 0 && year > r.Until {
			continue
		}
		if r.Regions != nil && !contains(r.Regions, region) {
			continue
		}
		if d, ok := r.On(year); ok {
			occs = append(occs, occ{r, d})
		}
	}
	sort.SliceStable(occs, func(i, j int) bool { return occs[i].date.Before(occs[j].date) })
	taken := map[time.Time]bool{}
	for _, o := range occs {
		taken[o.date] = true
	}
	out := make([]Holiday, 0, len(occs))
	for _, o := range occs {
		r := o.rule
		h := Holiday{Name: r.Name, Country: c.Code, Date: o.date, Observed: o.date, Status: r.Status, Source: r.Source, Note: r.Note}
		if h.Status == "" {
			h.Status = Statutory
		}
		if h.Source == "" {
			h.Source = c.RegionSources[region]
		}
		sub := r.Sub
		if s, ok := r.SubIn[region]; ok {
			sub = s
		}
		wd := o.date.Weekday()
		if sub == Instead || sub == Additional || sub == SundayNext {
			move := wd == time.Sunday || (wd == time.Saturday && sub != SundayNext)
			if move {
				next := o.date.AddDate(0, 0, 1)
				for taken[next] || (sub != SundayNext && isWeekend(next)) {
					next = next.AddDate(0, 0, 1)
				}
				taken[next] = true
				h.Observed = next
				h.AlsoOnDate = sub != Instead
				h.ObservedName = r.Name + c.Suffix[sub]
			}
		}
		out = append(out, h)
	}
	return out
}

func isWeekend(d time.Time) bool { return d.Weekday() == time.Saturday || d.Weekday() == time.Sunday }

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func day(year int, m time.Month, d int) time.Time { return time.Date(year, m, d, 0, 0, 0, 0, time.UTC) }

// Easter is Easter Sunday of a Gregorian year (the anonymous Gregorian
// computus, Meeus/Jones/Butcher).
func Easter(year int) time.Time {
	a := year % 19
	b, c := year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	dd := (h+l-7*m+114)%31 + 1
	return day(year, time.Month(month), dd)
}

// Fixed is the same day every year.
func Fixed(m time.Month, d int) DateRule {
	return func(year int) (time.Time, bool) { return day(year, m, d), true }
}

// Nth is the nth weekday of a month; n < 0 counts from the end (-1 = last).
func Nth(n int, wd time.Weekday, m time.Month) DateRule {
	return func(year int) (time.Time, bool) {
		if n > 0 {
			first := day(year, m, 1)
			off := (int(wd) - int(first.Weekday()) + 7) % 7
			return first.AddDate(0, 0, off+7*(n-1)), true
		}
		last := day(year, m+1, 1).AddDate(0, 0, -1)
		off := (int(last.Weekday()) - int(wd) + 7) % 7
		return last.AddDate(0, 0, -off+7*(n+1)), true
	}
}

// EasterOffset is days after Easter Sunday (-2 = Good Friday).
func EasterOffset(days int) DateRule {
	return func(year int) (time.Time, bool) { return Easter(year).AddDate(0, 0, days), true }
}

// OnOrAfter is the first wd on or after m/d.
func OnOrAfter(wd time.Weekday, m time.Month, d int) DateRule {
	return func(year int) (time.Time, bool) {
		t := day(year, m, d)
		return t.AddDate(0, 0, (int(wd)-int(t.Weekday())+7)%7), true
	}
}

// MondayNearest is the Monday nearest m/d: the day itself on a Monday, the
// Monday before for Tuesday to Thursday, the Monday after for Friday to
// Sunday (the NZ convention for anniversary days).
func MondayNearest(m time.Month, d int) DateRule {
	return func(year int) (time.Time, bool) { return mondayNearest(day(year, m, d)), true }
}

func mondayNearest(t time.Time) time.Time {
	switch wd := t.Weekday(); {
	case wd == time.Monday:
		return t
	case wd >= time.Tuesday && wd <= time.Thursday:
		return t.AddDate(0, 0, -int(wd-time.Monday))
	default: // Friday, Saturday, Sunday
		return t.AddDate(0, 0, (8-int(wd))%7)
	}
}

// Shift is rule's day moved by days.
func Shift(r DateRule, days int) DateRule {
	return func(year int) (time.Time, bool) {
		t, ok := r(year)
		return t.AddDate(0, 0, days), ok
	}
}

// Dated lists the day of each year ("2006-01-02"); other years have none.
func Dated(dates ...string) DateRule {
	byYear := map[int]time.Time{}
	for _, s := range dates {
		t, err := time.Parse("2006-01-02", s)
		if err != nil {
			panic(fmt.Sprintf("holidays: bad date %q", s))
		}
		if _, dup := byYear[t.Year()]; dup {
			panic(fmt.Sprintf("holidays: two dates in %d", t.Year()))
		}
		byYear[t.Year()] = t
	}
	return func(year int) (time.Time, bool) {
		t, ok := byYear[year]
		return t, ok
	}
}

// Moved is rule with the day of some years moved by proclamation: each date
// replaces the rule's day in its year.
func Moved(r DateRule, dates ...string) DateRule {
	moved := Dated(dates...)
	return func(year int) (time.Time, bool) {
		if t, ok := moved(year); ok {
			return t, true
		}
		return r(year)
	}
}
