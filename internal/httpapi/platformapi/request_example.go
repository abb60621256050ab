package platformapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is valid access of a restricted user.
func (BusinessAccessModel) RequestExample() any {
	return map[string]any{"accessType": "Unrestricted", "name": "Ben Ortiz", "email": "ben.ortiz@example.com"}
}

// RequestExample is grants a new user full access to the business.
func (CreateBusinessAccessModel) RequestExample() any {
	return map[string]any{"accessType": "Unrestricted", "name": "Ben Ortiz", "email": "ben.ortiz@example.com", "suppressNotificationEmails": true}
}

// RequestExample is a valid new user.
func (NewUserModel) RequestExample() any {
	return map[string]any{"username": "carol.wu@example.com", "displayName": "Carol Wu", "email": "carol.wu@example.com", "timeZone": "AUS Eastern Standard Time", "apiOnly": false}
}

// RequestExample is a valid user change.
func (UpdateUserModel) RequestExample() any {
	return map[string]any{"username": "carol.wu@example.com", "emailConfirmed": true}
}
