package p11d

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid benefit in kind of the employee (its cost in the business currency, local dates).
func (UKBenefitInput) RequestExample() any {
	return map[string]any{"benefitCategoryId": 1, "cost": 1200.0, "amountMadeGood": 0, "startDate": "2026-04-06T00:00:00", "endDate": "2027-04-05T00:00:00", "notes": "Annual premium"}
}
