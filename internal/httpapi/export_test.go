package httpapi

// RouteConflicts exposes the matcher/chi consistency check to the external
// tests, which build the whole application.
func (a *API) RouteConflicts() []string { return a.routeConflicts() }
