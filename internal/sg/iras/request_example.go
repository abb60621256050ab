package iras

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid benefit in kind (housing provided, amounts in SGD).
func (BenefitsInKind) RequestExample() any {
	return map[string]any{"basisPeriod": 2026, "benefitType": "Value", "addressLine1": "10 Anson Road #12-01", "addressLine2": "Singapore 079903", "periodOfOccupationFromDate": "2026-01-01T00:00:00", "periodOfOccupationToDate": "2026-12-31T00:00:00", "employeesSharingPremises": 1, "benefit": 36000, "paidByEmployee": 0, "furnishedType": "Fully"}
}

// RequestExample is a valid employee share plan gain (amounts in SGD).
func (SharePlan) RequestExample() any {
	return map[string]any{"basisPeriod": 2026, "planType": "ESOP", "schemeType": "EEBRScheme", "companyName": "Lion City Labs Pte Ltd", "uen": "201912345K", "grantDate": "2024-03-01T00:00:00", "exerciseVestingDate": "2026-03-02T00:00:00", "exercisePriceAmount": 1.2, "marketValuePerShareDateOfGrantAmount": 1.2, "marketValuePerShareDateOfExerciseVestingAmount": 2.1, "numberOfSharesAcquired": 5000}
}

// RequestExample is a valid overseas income subject to tax remission (amounts in SGD).
func (OverseasIncome) RequestExample() any {
	return map[string]any{"basisPeriod": 2026, "incomeType": "TaxRemission", "incomeAmount": 12000, "exemptIncomeAmount": 0, "periodOfOverseasPostingType": "Part"}
}

// RequestExample is a valid tax borne by the employer (fully).
func (TaxBorne) RequestExample() any {
	return map[string]any{"basisPeriod": 2026, "taxBorneByEmployerType": "Fully"}
}

// RequestExample is a valid lump sum payment (retrenchment).
func (LumpSum) RequestExample() any {
	return map[string]any{"basisPeriod": 2026, "paymentReason": "Retrenchment", "paymentBasis": "Two weeks per year of service", "serviceLength": "6 years", "approved": true, "dateOfApproval": "2026-10-15T00:00:00"}
}
