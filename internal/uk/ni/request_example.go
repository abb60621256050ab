package ni

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid National Insurance record (category letter from a local date).
func (NIRecordInput) RequestExample() any {
	return map[string]any{"nationalInsuranceCategory": "A", "effectiveFrom": "2026-04-06T00:00:00", "notes": "Standard rate"}
}

// RequestExample is a valid National Insurance back calculation (local dates in the 2026-27 tax year).
func (NIBackCalcInput) RequestExample() any {
	return map[string]any{"nationalInsuranceCategory": "M", "fromDate": "2026-04-06T00:00:00", "toDate": "2026-10-31T00:00:00"}
}
