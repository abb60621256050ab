package reference

// AdminCollections holds this group's collections and settings.
type AdminCollections struct {
}

func newAdminCollections(s *Service) *AdminCollections {
	return &AdminCollections{}
}
