package essleave

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid leave request edit (local dates; hours in decimal hours).
func (EssLeaveApplication) RequestExample() any {
	return map[string]any{"leaveCategoryId": 1, "fromDate": "2026-12-21T00:00:00", "toDate": "2026-12-22T00:00:00", "hours": 15.2, "notes": "Family visit, shortened to two days"}
}
