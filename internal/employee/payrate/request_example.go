package payrate

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid pay rate schedule: a rate per unit in the business currency from a local date.
func (Schedule) RequestExample() any {
	return map[string]any{"rate": 34.75, "rateUnit": "Hourly", "commencementDate": "2027-01-04T00:00:00"}
}

// RequestExample is a valid pay rate template: ordinary hours at a rate per hour.
func (Template) RequestExample() any {
	return map[string]any{"name": "Retail level 2", "externalId": "PRT-RL2", "primaryPayCategoryId": 1, "payCategories": []any{map[string]any{"payCategoryId": 1, "userSuppliedRate": 28.12, "standardWeeklyHours": 38, "superRate": 12}}}
}
