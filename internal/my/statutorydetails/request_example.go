package statutorydetails

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is valid Malaysian statutory details (a citizen, married, two children under 18).
func (Details) RequestExample() any {
	return map[string]any{"citizenship": "Citizen", "identityType": "NewIC", "identityNumber": "900402145678", "taxNumber": "IG12345678090", "taxWifeCode": 0, "epfNumber": "19876543", "socsoNumber": "900402145678", "maritalStatus": "Married", "spouseWorking": true, "children": map[string]any{"under18": 2}, "epfPart": "Auto", "socsoCategory": "Auto", "lindung24": "Participating", "monthlyZakat": 0}
}
