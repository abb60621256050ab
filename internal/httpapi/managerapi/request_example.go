package managerapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid decline reason.
func (DeclineReason) RequestExample() any {
	return map[string]any{"reason": "Too many of the team are away that week"}
}

// RequestExample is a valid leave application (local dates; hours in decimal hours).
func (ManagerLeaveApplication) RequestExample() any {
	return map[string]any{"leaveCategoryId": 1, "fromDate": "2027-01-11T00:00:00", "toDate": "2027-01-12T00:00:00", "hours": 15.2, "notes": "Moving house"}
}
