package standardhours

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is valid standard hours (decimal hours per week and per day).
func (Hours) RequestExample() any {
	return map[string]any{"standardHoursPerWeek": 38, "standardHoursPerDay": 7.6, "fullTimeEquivalentHours": 38, "useAdvancedWorkWeek": false}
}
