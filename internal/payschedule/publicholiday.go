package payschedule

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// PublicHoliday is a public holiday of the business (PublicHolidayModel).
// No states means the whole country; locationIds narrow it to locations.
type PublicHoliday struct {
	record.Base
	Date                      payroll.DateTime `json:"date" doc:"the day (time of day is ignored)"`
	States                    []string         `json:"states" doc:"states/regions it applies to (AU: ACT, NSW, NT, QLD, SA, TAS, VIC, WA); empty = all"`
	LocationIDs               []int64          `json:"locationIds"`
	Description               string           `json:"description" maxLength:"100"`
	Note                      string           `json:"note" maxLength:"500"`
	IsSystem                  bool             `json:"isSystem" readOnly:"true" doc:"true for holidays of the system calendar; holidays created through the API are not"`
	NotAPublicHoliday         bool             `json:"notAPublicHoliday" doc:"marks a system holiday the business does not observe"`
	MondayisedAlternativeToID int64            `json:"mondayisedAlternativeToId" doc:"the weekend holiday this one substitutes; 0 = none"`
}

// HolidayStates are the states or regions a public holiday can be limited
// to, by business region (SG has none: its holidays are national).
var HolidayStates = map[string][]string{
	"AU": au.States,
	"UK": {"England", "Wales", "Scotland", "NorthernIreland"},
	"NZ": {"Auckland", "Taranaki", "HawkesBay", "Wellington", "Marlborough", "Nelson", "Canterbury", "SouthCanterbury",
		"Westland", "Otago", "Southland", "ChathamIslands"},
	"MY": {"Johor", "Kedah", "Kelantan", "Melaka", "NegeriSembilan", "Pahang", "Penang", "Perak", "Perlis", "Sabah",
		"Sarawak", "Selangor", "Terengganu", "KualaLumpur", "Labuan", "Putrajaya"},
}

func (h *PublicHoliday) RecordName() string { return h.Description }

// Validate checks the holiday's own members.
func (h *PublicHoliday) Validate(v *payroll.Validation) {
	if h.Date.IsZero() {
		v.Add("date", "date is required")
	} else {
		h.Date = payroll.NewDateTime(payroll.DateOnly(h.Date.Time))
	}
	h.Description = strings.TrimSpace(h.Description)
	v.Required("description", h.Description)
	v.MaxLen("description", h.Description, 100)
	v.MaxLen("note", h.Note, 500)
	h.States = schedTrimList(h.States)
	if h.LocationIDs == nil {
		h.LocationIDs = []int64{}
	}
	for _, id := range h.LocationIDs {
		if id <= 0 {
			v.Add("locationIds", "locationIds must be location ids")
		}
	}
	if h.MondayisedAlternativeToID < 0 {
		v.Add("mondayisedAlternativeToId", "mondayisedAlternativeToId must be a public holiday id or 0")
	}
	if h.MondayisedAlternativeToID != 0 && h.MondayisedAlternativeToID == h.ID {
		v.Add("mondayisedAlternativeToId", "a public holiday cannot substitute itself")
	}
}

// References names the locations and the substituted holiday.
func (h *PublicHoliday) References() []record.Ref {
	refs := schedRefs("locationIds", record.KindLocation, h.LocationIDs)
	return append(refs, record.Ref{Field: "mondayisedAlternativeToId", Kind: record.KindPublicHoliday, ID: h.MondayisedAlternativeToID})
}

// checkPublicHoliday validates states against the business's region and
// settles isSystem, which clients cannot set: a holiday created through the
// collection is not a system one (the official calendar writes its own,
// official.go); an updated one keeps what it was.
func checkPublicHoliday(ctx context.Context, q *store.Queries, bizID int64, h *PublicHoliday) error {
	h.IsSystem = false
	if h.ID != 0 {
		r, err := q.GetRecord(ctx, store.GetRecordParams{ID: h.ID, BusinessID: bizID, Kind: record.KindPublicHoliday})
		if err != nil {
			return err
		}
		var stored PublicHoliday
		if err := json.Unmarshal([]byte(r.Data), &stored); err != nil {
			return err
		}
		h.IsSystem = stored.IsSystem
	}
	if len(h.States) == 0 {
		return nil
	}
	region, err := categories.BusinessRegion(ctx, q, bizID)
	if err != nil {
		return err
	}
	allowed := HolidayStates[region]
	if len(allowed) == 0 {
		return payroll.Invalid("states", "public holidays of %s businesses apply nationally; states must be empty", region)
	}
	for i, s := range h.States {
		c, ok := record.Canonical(allowed, strings.ReplaceAll(s, " ", ""))
		if !ok {
			return payroll.Invalid("states", "%q is not one of %s", s, strings.Join(allowed, ", "))
		}
		h.States[i] = c
	}
	return nil
}

// PublicHolidaysOfYear lists the holidays dated in year, by date. A year of
// the official window the business has not received yet is seeded first
// (official.go).
func (c *ScheduleCollections) PublicHolidaysOfYear(ctx context.Context, biz business.Business, year int) ([]PublicHoliday, error) {
	if err := c.EnsureOfficialHolidays(ctx, biz, year); err != nil {
		return nil, err
	}
	all, err := c.PublicHolidays.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := make([]PublicHoliday, 0, len(all))
	for _, h := range all {
		if h.Date.Year() == year {
			out = append(out, h)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date.Time) })
	return out, nil
}

// DeletePublicHolidaysOn deletes every holiday dated on day, all or none
// (one still referenced is a 409); no holiday on that day is a 404. The
// official holidays of the date's year are seeded first, so what is deleted
// stays deleted.
func (c *ScheduleCollections) DeletePublicHolidaysOn(ctx context.Context, biz business.Business, day payroll.DateTime) (int, error) {
	if err := c.EnsureOfficialHolidays(ctx, biz, day.Year()); err != nil {
		return 0, err
	}
	all, err := c.PublicHolidays.List(ctx, biz, 0)
	if err != nil {
		return 0, err
	}
	d := payroll.DateOnly(day.Time)
	var ids []int64
	substituted := map[int64]bool{} // deleted after the holidays that substitute them
	for _, h := range all {
		if payroll.DateOnly(h.Date.Time).Equal(d) {
			ids = append(ids, h.ID)
			substituted[h.MondayisedAlternativeToID] = true
		}
	}
	sort.SliceStable(ids, func(i, j int) bool { return !substituted[ids[i]] && substituted[ids[j]] })
	if len(ids) == 0 {
		return 0, payroll.NotFound("public holiday on " + d.Format("2006-01-02"))
	}
	err = c.PublicHolidays.S.DB.InTx(ctx, func(q *store.Queries) error {
		for _, id := range ids {
			if err := c.PublicHolidays.DeleteInTx(ctx, q, biz.ID, id); err != nil {
				return err
			}
		}
		return nil
	})
	return len(ids), err
}
