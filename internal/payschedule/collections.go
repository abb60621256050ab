package payschedule

import (
	"github.com/payrolld/payrolld/internal/record"
)

// Kinds of the schedule group (pay schedules and public holidays use
// KindPaySchedule and KindPublicHoliday from kinds.go).
const (
	KindTieredLeaveTemplate = "tiered_leave_allowance_template"
)

// ScheduleCollections holds this group's collections and settings: pay
// schedules, public holidays and tiered leave templates.
type ScheduleCollections struct {
	PaySchedules         record.Collection[PaySchedule, *PaySchedule]
	PublicHolidays       record.Collection[PublicHoliday, *PublicHoliday]
	TieredLeaveTemplates record.Collection[TieredLeaveTemplate, *TieredLeaveTemplate]
	// OfficialYears marks the years whose official public holidays a
	// business has received (official.go); not served.
	OfficialYears record.Collection[OfficialHolidayYear, *OfficialHolidayYear]
}

func NewScheduleCollections(s *record.Service) *ScheduleCollections {
	c := &ScheduleCollections{}
	c.PaySchedules = record.Collection[PaySchedule, *PaySchedule]{S: s, Kind: record.KindPaySchedule, Label: "pay schedule",
		UniqueName: true, Check: checkPaySchedule}
	c.PublicHolidays = record.Collection[PublicHoliday, *PublicHoliday]{S: s, Kind: record.KindPublicHoliday, Label: "public holiday",
		Check: checkPublicHoliday}
	c.OfficialYears = record.Collection[OfficialHolidayYear, *OfficialHolidayYear]{S: s, Kind: KindOfficialHolidayYear,
		Label: "official public holiday year", UniqueName: true}
	c.TieredLeaveTemplates = record.Collection[TieredLeaveTemplate, *TieredLeaveTemplate]{S: s, Kind: KindTieredLeaveTemplate,
		Label: "tiered leave allowance template", Region: []string{"SG", "MY"}, UniqueName: true}
	return c
}

// schedRefs lists references of one kind held in an id list member.
func schedRefs(field, kind string, ids []int64) []record.Ref {
	out := make([]record.Ref, 0, len(ids))
	for _, id := range ids {
		out = append(out, record.Ref{Field: field, Kind: kind, ID: id})
	}
	return out
}
