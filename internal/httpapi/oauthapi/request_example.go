package oauthapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is asks for a sign-in link to the employee list.
func (SingleSignOnRequestModel) RequestExample() any {
	return map[string]any{"businessId": 1, "url": "/", "navigation": "Full"}
}

// RequestExample is names an account by its email.
func (AccountEmailModel) RequestExample() any {
	return map[string]any{"email": "alice@example.com"}
}

// RequestExample is asks for a recovery email.
func (AccountRecoveryRequestModel) RequestExample() any {
	return map[string]any{"email": "alice@example.com"}
}
