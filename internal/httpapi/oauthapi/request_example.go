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

// RequestExample is a token request exchanging an authorization code
// (PKCE), the client authenticating in the form.
func (OAuthTokenRequest) RequestExample() any {
	return map[string]any{"grant_type": "authorization_code", "code": "Yq3T9bKx2mWv8Lr4", "redirect_uri": "https://app.example.com/oauth/callback",
		"code_verifier": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "client_id": "myob-sync", "client_secret": "s3cr3t-2b7e151628aed2a6"}
}

// RequestExample is a refresh token's revocation.
func (OAuthRevokeRequest) RequestExample() any {
	return map[string]any{"token": "rt_8f14e45fceea167a5a36dedd4bea2543", "token_type_hint": "refresh_token", "client_id": "myob-sync",
		"client_secret": "s3cr3t-2b7e151628aed2a6"}
}

// RequestExample is the authorise page's form when a signed-in user allows
// the client (the CSRF token comes from the page).
func (OAuthAuthoriseForm) RequestExample() any {
	return map[string]any{"csrf_token": "c1d2e3f4a5b6c7d8", "client_id": "myob-sync", "redirect_uri": "https://app.example.com/oauth/callback",
		"response_type": "code", "state": "af0ifjsldkj", "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
		"code_challenge_method": "S256", "decision": "allow"}
}
