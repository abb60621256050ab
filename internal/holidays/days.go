package holidays

import (
	"sort"
	"strings"
	"time"
)

// Day is one dated public holiday as a calendar shows it: the holidays of a
// year flattened to one entry per name and date, with the regions it applies
// in. A substitute day names the weekend holiday it stands for.
type Day struct {
	Name string
	Date time.Time
	// Regions it applies in; nil = national.
	Regions []string
	// SubstituteFor, on an additional day, is the name of the weekend
	// holiday it is the alternative to (on SubstituteDate); "" otherwise.
	SubstituteFor  string
	SubstituteDate time.Time
	Status         Status
	Source         string
	Note           string
}

// Days is the calendar of country in year, one entry per day and name: a
// holiday whose weekend day stays a holiday gives that day and its
// additional day; one moved instead gives only the day it moved to. Days
// are by date; on one date, holidays before the substitute days that refer
// to them.
func Days(country string, year int) []Day {
	c := Countries[country]
	if c == nil {
		return nil
	}
	type key struct {
		name string
		date time.Time
	}
	byKey := map[key]*Day{}
	var order []key
	national := map[key]bool{}
	add := func(k key, h Holiday, subFor string, subDate time.Time) {
		d, ok := byKey[k]
		if !ok {
			d = &Day{Name: k.name, Date: k.date, SubstituteFor: subFor, SubstituteDate: subDate, Status: h.Status, Source: h.Source, Note: h.Note}
			byKey[k] = d
			order = append(order, k)
		} else {
			if !strings.Contains(d.Source, h.Source) {
				d.Source += "; " + h.Source
			}
			if d.Note == "" {
				d.Note = h.Note
			}
			if d.SubstituteFor == "" {
				d.SubstituteFor, d.SubstituteDate = subFor, subDate
			}
		}
		if len(h.Regions) == 0 {
			national[k] = true
		}
		d.Regions = append(d.Regions, h.Regions...)
	}
	for _, h := range c.Calendar(year) {
		if !h.Substituted() || h.AlsoOnDate {
			add(key{h.Name, h.Date}, h, "", time.Time{})
		}
		if h.Substituted() {
			var subFor string
			var subDate time.Time
			if h.AlsoOnDate {
				subFor, subDate = h.Name, h.Date
			}
			add(key{h.ObservedName, h.Observed}, h, subFor, subDate)
		}
	}
	out := make([]Day, 0, len(order))
	for _, k := range order {
		d := *byKey[k]
		if national[k] {
			d.Regions = nil
		} else {
			d.Regions = inOrder(c.Regions, d.Regions)
			if len(d.Regions) == len(c.Regions) {
				d.Regions = nil
			}
		}
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Date.Equal(out[j].Date) {
			return out[i].Date.Before(out[j].Date)
		}
		return out[i].SubstituteFor == "" && out[j].SubstituteFor != ""
	})
	return out
}

// inOrder is the distinct members of got, in the order of all.
func inOrder(all, got []string) []string {
	out := make([]string, 0, len(got))
	for _, r := range all {
		if contains(got, r) {
			out = append(out, r)
		}
	}
	return out
}
