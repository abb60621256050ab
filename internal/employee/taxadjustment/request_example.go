package taxadjustment

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid recurring tax adjustment: extra withholding of a fixed amount per pay run.
func (RecurringTaxAdjustment) RequestExample() any {
	return map[string]any{"adjustmentType": "Fixed", "amount": 50.0, "fromDate": "2026-11-02T00:00:00", "notes": "Extra tax requested by the employee"}
}
