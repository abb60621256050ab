package access

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid self-service onboarding invitation.
func (OnboardingRequest) RequestExample() any {
	return map[string]any{"firstName": "Tom", "surname": "Nguyen", "email": "tom.nguyen@example.com", "mobile": "0412 555 021", "qualificationsRequired": false, "emergencyContactDetailsRequired": true}
}

// RequestExample is a valid grant of self-service access to the employee.
func (NewAccess) RequestExample() any {
	return map[string]any{"email": "ann.lee@example.com", "name": "Ann Lee", "suppressNotificationEmails": true}
}

// RequestExample is a valid change of the employee's self-service access.
func (EmployeeAccess) RequestExample() any {
	return map[string]any{"email": "ann.lee@example.com", "name": "Ann Lee"}
}
