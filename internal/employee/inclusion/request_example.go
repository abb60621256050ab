package inclusion

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid recurring additional earning: a fixed amount per pay run in the business currency.
func (AdditionalEarnings) RequestExample() any {
	return map[string]any{"payCategoryId": 1, "name": "Tool allowance", "amount": 18.5, "units": 1, "startDate": "2026-11-02T00:00:00", "expirationType": "None", "notes": "Trade tools"}
}

// RequestExample is a valid recurring deduction: a fixed amount per pay run in the business currency.
func (Deduction) RequestExample() any {
	return map[string]any{"deductionCategoryId": 1, "name": "Union fees", "amount": 12.5, "deductionType": "Fixed", "fromDate": "2026-11-02T00:00:00", "paidTo": "Manual", "notes": "Fortnightly union fees"}
}

// RequestExample is a valid recurring employer liability: a fixed amount per pay run in the business currency.
func (Liability) RequestExample() any {
	return map[string]any{"employerLiabilityCategoryId": 1, "amount": 25.0, "liabilityType": "Fixed", "fromDate": "2026-11-02T00:00:00", "notes": "Income protection premium"}
}

// RequestExample is a valid recurring employee expense: a fixed amount per pay run in the business currency.
func (Expense) RequestExample() any {
	return map[string]any{"expenseCategoryId": 1, "name": "Phone reimbursement", "amount": 30.0, "fromDate": "2026-11-02T00:00:00", "notes": "Work mobile"}
}
