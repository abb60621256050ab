package pensionmember

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid pension membership (percentages of pay, from a local date).
func (MembershipInput) RequestExample() any {
	return map[string]any{"pensionSchemeContributionPlanId": 1, "employeeContribution": 5, "employerContribution": 3, "startDate": "2026-11-01T00:00:00"}
}
