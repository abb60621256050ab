package expense

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid expense claim: one receipt line with its category, date and GST-inclusive amount in the business currency.
func (ExpenseRequestEdit) RequestExample() any {
	return map[string]any{"employeeId": 1234, "description": "Client visit to Geelong", "lineItems": []any{map[string]any{"expenseCategoryId": 1, "dateIncurred": "2026-10-28T00:00:00", "amount": 48.6, "notes": "Fuel", "taxCode": "GST"}}}
}
