package employeeapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is shows the employee one of their documents, to be acknowledged.
func (UpdateEmployeeDocumentPermissionsModel) RequestExample() any {
	return map[string]any{"id": 1, "visible": true, "requiresEmployeeAcknowledgement": true, "sendNotificationToEmployee": false}
}
