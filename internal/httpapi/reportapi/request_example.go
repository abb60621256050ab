package reportapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is asks for the active employees' names and start dates.
func (EmployeeDetailsRequest) RequestExample() any {
	return map[string]any{"includeActive": true, "includeInactive": false, "selectedColumns": []any{"FirstName", "Surname", "StartDate"}}
}

// RequestExample is prepares the leave liability as at a local date.
func (LeaveLiabilityPreparation) RequestExample() any {
	return map[string]any{"asAtDate": "2026-10-31T00:00:00", "filterType": "DateRange", "includeApprovedLeave": true, "groupBy": "DefaultLocation"}
}
