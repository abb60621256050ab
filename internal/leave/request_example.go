package leave

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid unavailability: a local date-time range with its reason.
func (Unavailability) RequestExample() any {
	return map[string]any{"employeeId": 1234, "fromDate": "2026-11-16T09:00:00", "toDate": "2026-11-16T13:00:00", "reason": "University exam", "isAllDay": false, "recurring": false}
}

// RequestExample is a valid leave allowance template: four standard weeks of annual leave a year.
func (AllowanceTemplate) RequestExample() any {
	return map[string]any{"name": "Full-time retail", "externalId": "LAT-RETAIL", "leaveAccrualStartDateType": "EmployeeStartDate", "leaveCategories": []any{map[string]any{"leaveCategoryId": 1, "units": 4, "unitType": "StandardWeeks", "canApplyForLeave": true}}}
}

// RequestExample is sets one employee's annual leave allowance (keyed by employee id; hours in decimal hours).
func (AllowancesRequest) RequestExample() any {
	return map[string]any{"employeeIdType": "Standard", "leaveCategoryIdType": "Standard", "leaveAllowances": map[string]any{"1234": []any{map[string]any{"leaveCategoryId": "1", "units": 4, "unitType": "StandardWeeks", "automaticallyAccrues": true, "canApplyForLeave": true}}}}
}

// RequestExample is one leave allowance: four standard weeks of annual leave a year.
func (Allowance) RequestExample() any {
	return map[string]any{"leaveCategoryId": "1", "units": 4, "unitType": "StandardWeeks", "automaticallyAccrues": true, "canApplyForLeave": true}
}
