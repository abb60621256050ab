package qualification

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid qualification of the employee (the business's qualification, local dates).
func (EmployeeQualificationRequest) RequestExample() any {
	return map[string]any{"qualificationId": 1, "referenceNumber": "FAC-2026-0415", "issueDate": "2026-03-14T00:00:00", "expiryDate": "2029-03-14T00:00:00"}
}
