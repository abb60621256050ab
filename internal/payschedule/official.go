package payschedule

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/holidays"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Official public holidays: every business of a region with a calendar
// (holidays.Supported: AU, NZ, UK, SG) holds its region's official holidays
// for the current year by the app clock and the next OfficialYearsAhead
// years, as ordinary public holiday records marked isSystem, with states
// filled where a holiday is limited to states, nations or regions, and a
// note naming the holiday's source. A substitute day (AU additional day, NZ
// Mondayised day, SG Monday after a Sunday) refers to the weekend holiday
// it stands for through mondayisedAlternativeToId.
//
// How they arrive: a new business gets its three years in the transaction
// that creates it (business.Service.OnCreate); an existing business gets a
// year of the window the first time that year is read (GET B/publicholiday)
// or a holiday is deleted by a date in it. Either way a year is seeded once:
// an official-year marker record (unique per business and year) is written
// in the same transaction as the holidays, so a business's edits and
// deletions stand - a deleted official holiday does not come back - and two
// concurrent first reads cannot seed twice (the second one's marker insert
// fails on the unique index; it then just reads). A year is never re-seeded
// when the rules change; a business deletes or adds days itself.

// KindOfficialHolidayYear marks a year whose official holidays a business
// has received.
const KindOfficialHolidayYear = "public_holiday_official_year"

// OfficialYearsAhead is how many years after the current one are seeded.
const OfficialYearsAhead = 2

// OfficialHolidayYear is the marker record of a seeded year (not served).
type OfficialHolidayYear struct {
	record.Base
	Name     string `json:"name"` // the year, e.g. "2026": the unique key
	Year     int    `json:"year"`
	Country  string `json:"country"`
	Holidays int    `json:"holidays"` // official days of the year (some may have been skipped as duplicates)
}

func (y *OfficialHolidayYear) RecordName() string             { return y.Name }
func (y *OfficialHolidayYear) Validate(v *payroll.Validation) { v.Required("name", y.Name) }

// officialWindow reports whether year is one a business holds official
// holidays for, by the clock.
func (c *ScheduleCollections) officialWindow(year int) bool {
	now := c.PublicHolidays.S.Clock.Now().Year()
	return year >= now && year <= now+OfficialYearsAhead
}

// SetupOfficialHolidays gives a new business its official holidays for the
// current year and the next OfficialYearsAhead, inside the caller's
// transaction (business.Service.OnCreate).
func (c *ScheduleCollections) SetupOfficialHolidays(ctx context.Context, q *store.Queries, biz business.Business) error {
	now := c.PublicHolidays.S.Clock.Now().Year()
	for y := now; y <= now+OfficialYearsAhead; y++ {
		if err := c.seedYearInTx(ctx, q, biz, y); err != nil {
			return err
		}
	}
	return nil
}

// EnsureOfficialHolidays seeds year for the business if it is in the window
// and has not been seeded.
func (c *ScheduleCollections) EnsureOfficialHolidays(ctx context.Context, biz business.Business, year int) error {
	if !holidays.Supported(biz.Region) || !c.officialWindow(year) {
		return nil
	}
	seeded, err := c.yearSeeded(ctx, c.PublicHolidays.S.DB.Queries(), biz.ID, year)
	if err != nil || seeded {
		return err
	}
	err = c.PublicHolidays.S.DB.InTx(ctx, func(q *store.Queries) error { return c.seedYearInTx(ctx, q, biz, year) })
	if payroll.KindOf(err) == payroll.KindConflict {
		return nil // a concurrent request seeded it
	}
	return err
}

func (c *ScheduleCollections) yearSeeded(ctx context.Context, q *store.Queries, bizID int64, year int) (bool, error) {
	rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: bizID, Kind: KindOfficialHolidayYear, Lower: strconv.Itoa(year)})
	return len(rows) > 0, err
}

// seedYearInTx writes the marker of year and the year's official holidays,
// unless the marker exists. A holiday the business already has (same date
// and description) is not duplicated.
func (c *ScheduleCollections) seedYearInTx(ctx context.Context, q *store.Queries, biz business.Business, year int) error {
	if !holidays.Supported(biz.Region) {
		return nil
	}
	seeded, err := c.yearSeeded(ctx, q, biz.ID, year)
	if err != nil || seeded {
		return err
	}
	days := holidays.Days(biz.Region, year)
	marker := OfficialHolidayYear{Name: strconv.Itoa(year), Year: year, Country: biz.Region, Holidays: len(days)}
	if _, err := c.OfficialYears.CreateInTx(ctx, q, biz.ID, 0, &marker); err != nil {
		return err
	}
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: biz.ID, Kind: c.PublicHolidays.Kind})
	if err != nil {
		return err
	}
	have := map[string]int64{}
	key := func(t time.Time, desc string) string { return t.Format("2006-01-02") + "|" + strings.ToLower(desc) }
	for _, r := range rows {
		h, err := c.PublicHolidays.Decode(r)
		if err != nil {
			return err
		}
		have[key(payroll.DateOnly(h.Date.Time), h.Description)] = h.ID
	}
	now := c.PublicHolidays.S.Clock.Now()
	for _, d := range days {
		k := key(d.Date, d.Name)
		if _, ok := have[k]; ok {
			continue
		}
		h := OfficialHoliday(d)
		if d.SubstituteFor != "" {
			if id, ok := have[key(d.SubstituteDate, d.SubstituteFor)]; ok {
				h.MondayisedAlternativeToID = id
			}
		}
		id, err := c.createOfficialInTx(ctx, q, biz.ID, &h, now)
		if err != nil {
			return fmt.Errorf("official holiday %s %s: %w", d.Date.Format("2006-01-02"), d.Name, err)
		}
		have[k] = id
	}
	return nil
}

// createOfficialInTx stores one official holiday. It is the collection's
// create without the checks that cannot fail for calendar data (states are
// the region's own spellings - a test holds holidays.Days to
// HolidayStates - and the substituted holiday was created just before), so
// that a new business's three years cost two statements a holiday, and
// with isSystem set, which API writes cannot do.
func (c *ScheduleCollections) createOfficialInTx(ctx context.Context, q *store.Queries, bizID int64, h *PublicHoliday, now time.Time) (int64, error) {
	var v payroll.Validation
	h.Validate(&v)
	if err := v.Err(); err != nil {
		return 0, err
	}
	h.IsSystem = true
	data, err := json.Marshal(h)
	if err != nil {
		return 0, err
	}
	r, err := q.CreateRecord(ctx, store.CreateRecordParams{BusinessID: bizID, Kind: c.PublicHolidays.Kind, Name: h.RecordName(),
		Data: string(data), CreatedAt: now})
	if err != nil {
		return 0, err
	}
	if h.MondayisedAlternativeToID != 0 {
		err = q.CreateRecordRef(ctx, store.CreateRecordRefParams{BusinessID: bizID, FromKind: c.PublicHolidays.Kind, FromID: r.ID,
			Field: "mondayisedAlternativeToId", ToKind: c.PublicHolidays.Kind, ToID: h.MondayisedAlternativeToID})
	}
	return r.ID, err
}

// OfficialHoliday is the public holiday record of one official day.
func OfficialHoliday(d holidays.Day) PublicHoliday {
	states := append([]string{}, d.Regions...)
	note := "Official public holiday"
	switch d.Status {
	case holidays.Announced:
		note += " (gazetted date)"
	case holidays.Expected:
		note += " (expected date, not yet gazetted: confirm it)"
	}
	if d.SubstituteFor != "" {
		note += fmt.Sprintf(", observed for %s on %s", d.SubstituteFor, d.SubstituteDate.Format("Monday 2 January"))
	}
	note += ". Source: " + d.Source + "."
	if d.Note != "" {
		note += " " + d.Note
	}
	return PublicHoliday{Date: payroll.NewDateTime(d.Date), States: states, LocationIDs: []int64{},
		Description: clip(d.Name, 100), Note: clip(note, 500), IsSystem: true}
}

// clip shortens s to at most n characters.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
