package reference

// UKCollections holds this group's collections and settings.
type UKCollections struct {
}

func newUKCollections(s *Service) *UKCollections {
	return &UKCollections{}
}
