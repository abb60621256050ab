package reference

// ScheduleCollections holds this group's collections and settings.
type ScheduleCollections struct {
}

func newScheduleCollections(s *Service) *ScheduleCollections {
	return &ScheduleCollections{}
}
