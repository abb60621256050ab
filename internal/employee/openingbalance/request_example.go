package openingbalance

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is valid opening balances for 2026-27 (amounts in the business currency, hours in decimal hours).
func (OpeningBalances) RequestExample() any {
	return map[string]any{"financialYearStartingYear": 2026, "totalHours": 608, "grossEarnings": 19760.0, "paygWithholdingAmount": 3120.0, "superContribution": 2272.4, "leaveBalances": []any{map[string]any{"leaveCategoryId": 1, "amount": 45.6}}}
}
