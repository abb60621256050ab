package superadjustment

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid recurring super adjustment: salary sacrifice of a fixed amount per pay run.
func (SuperAdjustment) RequestExample() any {
	return map[string]any{"contributionType": "SalarySacrifice", "adjustmentType": "Fixed", "amount": 100.0, "fromDate": "2026-11-02T00:00:00", "notes": "Salary sacrifice to super"}
}
