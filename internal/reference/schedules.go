package reference

// Kinds of the schedule group (pay schedules and public holidays use
// KindPaySchedule and KindPublicHoliday from kinds.go).
const (
	KindTieredLeaveTemplate = "tiered_leave_allowance_template"
)

// ScheduleCollections holds this group's collections and settings: pay
// schedules, public holidays and tiered leave templates.
type ScheduleCollections struct {
	PaySchedules         Collection[PaySchedule, *PaySchedule]
	PublicHolidays       Collection[PublicHoliday, *PublicHoliday]
	TieredLeaveTemplates Collection[TieredLeaveTemplate, *TieredLeaveTemplate]
}

func newScheduleCollections(s *Service) *ScheduleCollections {
	c := &ScheduleCollections{}
	c.PaySchedules = Collection[PaySchedule, *PaySchedule]{S: s, Kind: KindPaySchedule, Label: "pay schedule",
		UniqueName: true, Check: checkPaySchedule}
	c.PublicHolidays = Collection[PublicHoliday, *PublicHoliday]{S: s, Kind: KindPublicHoliday, Label: "public holiday",
		Check: checkPublicHoliday}
	c.TieredLeaveTemplates = Collection[TieredLeaveTemplate, *TieredLeaveTemplate]{S: s, Kind: KindTieredLeaveTemplate,
		Label: "tiered leave allowance template", Region: []string{"SG", "MY"}, UniqueName: true}
	return c
}

// schedRefs lists references of one kind held in an id list member.
func schedRefs(field, kind string, ids []int64) []Ref {
	out := make([]Ref, 0, len(ids))
	for _, id := range ids {
		out = append(out, Ref{Field: field, Kind: kind, ID: id})
	}
	return out
}
