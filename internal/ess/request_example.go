package ess

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid super fund choice (a regulated fund by its USI, the employee's member number; the balance of contributions).
func (SuperFundInput) RequestExample() any {
	return map[string]any{"fundName": "Australian Retirement Trust", "productCode": "60905115063003", "memberNumber": "1029384756", "allocateBalance": true, "isEmployerNominatedFund": false}
}

// RequestExample is a valid push notification device token.
func (DeviceToken) RequestExample() any {
	return map[string]any{"platform": "iOS", "token": "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad"}
}

// RequestExample is a valid weekly satisfaction answer (the week's Monday).
func (Satisfaction) RequestExample() any {
	return map[string]any{"value": "Happy", "weekStartDate": "2026-10-26T00:00:00"}
}
