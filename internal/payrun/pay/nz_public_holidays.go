package pay

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/holidays"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/store"
)

// loadNZPublicHolidays gives in a reader of an NZ or AU business's stored
// public holidays (the public holiday operations: the official calendar
// seeded per year, the regional anniversary days limited to their regions,
// and the business's own changes), read once and only when a pay needs
// them: the NZ s 40 payment on termination, public holidays worked (NZ)
// and not worked (AU, NZ).
func (s *Calculator) loadNZPublicHolidays(ctx context.Context, biz business.Business, in *inputs) error {
	if (biz.Region != calc.NZ && biz.Region != calc.AU) || s.Categories == nil { // AU: public holidays not worked (au_public_holidays.go)
		return nil
	}
	var (
		hs   []payschedule.PublicHoliday
		done bool
	)
	in.publicHolidays = func() ([]payschedule.PublicHoliday, error) {
		if done {
			return hs, nil
		}
		l, err := payschedule.NewScheduleCollections(s.Categories.LeaveCategories.S).PublicHolidays.List(ctx, biz, 0)
		if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
			return nil, err
		}
		hs, done = l, true
		return hs, nil
	}
	return nil
}

// nzRegionOf is the NZ public holiday region (payschedule.HolidayStates)
// named by the employee's residential state or city ("Hawke's Bay" is
// HawkesBay), "" when neither names one.
func nzRegionOf(emp store.Employee) string {
	return nzRegion(emp.ResidentialState, emp.ResidentialCity)
}

// nzRegionSeparators are ignored in a region's name (one Replacer for the
// process, safe for concurrent use, rather than one built per call).
var nzRegionSeparators = strings.NewReplacer(" ", "", "'", "", "’", "", "-", "")

// nzRegion is nzRegionOf of a residential state and city.
func nzRegion(state, city string) string {
	norm := func(s string) string {
		return nzRegionSeparators.Replace(strings.ToLower(strings.TrimSpace(s)))
	}
	for _, v := range []string{state, city} {
		if v == "" {
			continue
		}
		for _, r := range payschedule.HolidayStates["NZ"] {
			if norm(r) == norm(v) {
				return r
			}
		}
	}
	return ""
}

// nzHolidayDays are the public holidays, by day, that an employee working
// on the days of wd observes in years from..to: the business's stored
// holidays that apply to their region and primary location (not marked
// "not a public holiday"), a Mondayised alternative (s 45) standing for
// its weekend day only when the employee does not work that weekday; a
// year the business holds no holidays for takes the national calendar
// (holidays.Calendar, without regional days). fallback names those years.
func nzHolidayDays(stored []payschedule.PublicHoliday, region string, location int64, wd *[7]bool, from, to int) (ph map[time.Time]string, fallback []int) {
	ph = map[time.Time]string{}
	byID := map[int64]payschedule.PublicHoliday{}
	years := map[int]bool{}
	for _, h := range stored {
		byID[h.ID] = h
		years[h.Date.Year()] = true
	}
	applies := func(h payschedule.PublicHoliday) bool {
		if h.NotAPublicHoliday {
			return false
		}
		if len(h.States) > 0 && (region == "" || !slices.ContainsFunc(h.States, func(s string) bool { return strings.EqualFold(s, region) })) {
			return false
		}
		return len(h.LocationIDs) == 0 || slices.Contains(h.LocationIDs, location)
	}
	for _, h := range stored {
		if y := h.Date.Year(); y < from || y > to || !applies(h) {
			continue
		}
		if o, ok := byID[h.MondayisedAlternativeToID]; ok && h.MondayisedAlternativeToID != 0 && wd[o.Date.Weekday()] {
			continue // s 45: the weekend day is the holiday for one who works it
		}
		ph[payroll.DateOnly(h.Date.Time)] = h.Description
	}
	for year := from; year <= to; year++ {
		if years[year] {
			continue
		}
		fallback = append(fallback, year)
		for _, h := range holidays.Calendar("NZ", year) {
			if h.Regions != nil {
				continue // a regional anniversary day
			}
			day, name := h.Date, h.Name
			if h.Substituted() && h.AlsoOnDate && !wd[h.Date.Weekday()] {
				day, name = h.Observed, h.ObservedName
			} else if h.Substituted() && !h.AlsoOnDate {
				day = h.Observed
			}
			ph[day] = name
		}
	}
	return ph, fallback
}

// storedPublicHolidays are the business's stored public holidays (none when
// the run did not load them: another region).
func (in *inputs) storedPublicHolidays() ([]payschedule.PublicHoliday, error) {
	if in.publicHolidays == nil {
		return nil, nil
	}
	return in.publicHolidays()
}

// ordinaryTimesheetRate is the rate c's ordinary timesheet hours (primary
// category) were paid at; zero when none were paid.
func ordinaryTimesheetRate(c *calculated, primary Category) payroll.Rate {
	for i := range c.lines {
		if l := &c.lines[i]; l.Kind == KindEarnings && l.CategoryID == primary.ID && l.hours.IsPos() && strings.HasPrefix(l.Notes, "Timesheets") {
			return l.rate
		}
	}
	return payroll.Rate{}
}
