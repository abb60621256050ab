package autoenrol

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid auto-enrolment status.
func (PensionInput) RequestExample() any {
	return map[string]any{"enrolmentStatus": "Enrolled", "enrolmentDate": "2026-11-01T00:00:00", "notes": "Eligible jobholder"}
}
