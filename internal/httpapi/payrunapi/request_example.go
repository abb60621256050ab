package payrunapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is adds an employee expense to the run (amount in the business currency; keyed by employee id).
func (SubmitEmployeeExpensesRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "expenses": map[string]any{"1234": []any{map[string]any{"employeeExpenseCategoryId": "1", "amount": 42.5, "notes": "Parking", "taxCode": "GST"}}}}
}

// RequestExample is adds an employer liability to the run (amount in the business currency; keyed by employee id).
func (SubmitEmployerLiabilitiesRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "employerLiabilities": map[string]any{"1234": []any{map[string]any{"employerLiabilityCategoryId": "1", "amount": 25.0, "notes": "Income protection"}}}}
}

// RequestExample is adds leave accrued in the run (hours in decimal hours; keyed by employee id).
func (SubmitLeaveAccrualsRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "leave": map[string]any{"1234": []any{map[string]any{"leaveCategoryId": 1, "accrualType": "LeaveAccrued", "amount": 5.85, "notes": "Fortnightly accrual"}}}}
}

// RequestExample is adds a PAYG withholding adjustment to the run (amount in AUD; keyed by employee id).
func (SubmitPaygAdjustmentsRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "paygAdjustments": map[string]any{"1234": []any{map[string]any{"amount": 20.0, "notes": "Extra withholding requested"}}}}
}

// RequestExample is adds a tax adjustment to the run (amount in the business currency; keyed by employee id).
func (SubmitTaxAdjustmentsRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "taxAdjustments": map[string]any{"1234": []any{map[string]any{"amount": 20.0, "notes": "Extra tax requested"}}}}
}

// RequestExample is adds a Skills Development Levy adjustment to the run (amount in SGD; keyed by employee id).
func (SubmitSdlAdjustmentsRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "sdlAdjustments": map[string]any{"1234": []any{map[string]any{"amount": 2.0, "notes": "SDL correction"}}}}
}

// RequestExample is adds a super adjustment to the run (amount in AUD; keyed by employee id).
func (SubmitSuperAdjustmentsRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "superAdjustments": map[string]any{"1234": []any{map[string]any{"amount": 100.0, "contributionType": "SalarySacrifice", "notes": "Salary sacrifice"}}}}
}

// RequestExample is adds a voluntary CPF contribution to the run (amount in SGD; keyed by employee id).
func (SubmitVoluntaryCpfRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "replaceExisting": false, "voluntaryCpf": map[string]any{"1234": []any{map[string]any{"amount": 150.0, "contributionType": "Employee", "notes": "Voluntary top-up"}}}}
}
