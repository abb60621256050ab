package employerreturns

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid EPS for month 7 of 2026-27.
func (EPSRequest) RequestExample() any {
	return map[string]any{"taxYear": "2026/27", "taxMonth": 7, "finalSubmission": false}
}

// RequestExample is records the payment made to HMRC for month 7 (amounts in GBP).
func (P32Update) RequestExample() any {
	return map[string]any{"adjustments": []any{map[string]any{"taxMonth": 7, "paymentMade": 1520.4, "paymentDate": "2026-11-19T00:00:00", "note": "Paid by Faster Payments"}}}
}

// RequestExample is valid opening balances for month 1 of 2026-27 (amounts in GBP).
func (P32OpeningBalances) RequestExample() any {
	return map[string]any{"taxYear": 2027, "months": []any{map[string]any{"taxMonth": 1, "payeTax": 1250.0, "employeeNI": 420.5, "employerNI": 610.75, "note": "From the previous payroll provider"}}}
}
