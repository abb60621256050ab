package forms

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is valid P60 publication for the tax year ending 5 April 2026.
func (PublishRequest) RequestExample() any {
	return map[string]any{"financialYearEnding": 2026, "employeeIds": []any{1234}}
}
