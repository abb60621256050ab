package occupationalabsence

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid occupational absence: company sick pay at full pay (a percentage).
func (OccupationalAbsenceInput) RequestExample() any {
	return map[string]any{"absenceType": "Sickness", "fromDate": "2026-10-26T00:00:00", "toDate": "2026-10-30T00:00:00", "payPercentage": 100, "notes": "Company sick pay"}
}
