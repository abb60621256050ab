package reference

// CoreCollections holds this group's collections and settings.
type CoreCollections struct {
}

func newCoreCollections(s *Service) *CoreCollections {
	return &CoreCollections{}
}
