package timesheetapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid shift period query (local date-times).
func (GetShiftPeriods) RequestExample() any {
	return map[string]any{"firstShiftStartTime": "2026-11-09T08:00:00", "lastShiftStartTime": "2026-11-13T08:00:00"}
}

// RequestExample is costs one shift: local start and end, a 30-minute unpaid break.
func (ShiftCostingsRequest) RequestExample() any {
	return map[string]any{"transactionExternalId": "COST-2026-11-09", "includeEvaluationResults": false, "employee": map[string]any{"dateOfBirth": "1990-04-02T00:00:00", "standardHoursPerWeek": 38, "standardHoursPerDay": 7.6}, "shifts": []any{map[string]any{"externalId": "SHIFT-1", "startTime": "2026-11-09T08:00:00", "endTime": "2026-11-09T16:30:00", "breaks": []any{map[string]any{"startTime": "2026-11-09T12:00:00", "endTime": "2026-11-09T12:30:00"}}}}}
}

// RequestExample is submits one employee's week: local dates, lines by employee id.
func (BulkTimesheetRequest) RequestExample() any {
	return map[string]any{"fromDate": "2026-10-26T00:00:00", "toDate": "2026-11-01T00:00:00", "approved": false, "employeeIdType": "Standard", "timesheets": map[string]any{"1234": []any{map[string]any{"startTime": "2026-10-26T09:00:00", "endTime": "2026-10-26T17:00:00", "comments": "Stocktake", "breaks": []any{map[string]any{"startTime": "2026-10-26T12:30:00", "endTime": "2026-10-26T13:00:00"}}}}}}
}

// RequestExample is a valid timesheet line edit: local start and end.
func (ManagerTimesheetSubmit) RequestExample() any {
	return map[string]any{"start": "2026-12-07T09:00:00", "end": "2026-12-07T17:00:00", "comments": "Corrected finish time", "breaks": []any{map[string]any{"start": "2026-12-07T12:30:00", "end": "2026-12-07T13:00:00", "isPaidBreak": false}}}
}

// RequestExample is a valid rejection reason.
func (TimesheetRejectBody) RequestExample() any {
	return map[string]any{"reason": "Finish time does not match the roster"}
}
