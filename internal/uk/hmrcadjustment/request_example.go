package hmrcadjustment

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid HMRC adjustment: an amount in the business currency per pay run.
func (HmrcAdjustmentInput) RequestExample() any {
	return map[string]any{"amount": 25.0, "fromDate": "2026-11-01T00:00:00", "notes": "Student loan correction"}
}
