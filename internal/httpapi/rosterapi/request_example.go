package rosterapi

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a valid roster shift: local start and end of the business, a 30-minute unpaid break.
func (RosterShiftEdit) RequestExample() any {
	return map[string]any{"employeeId": 1234, "locationId": 1, "workTypeId": 1, "startTime": "2026-11-09T08:00:00", "endTime": "2026-11-09T16:30:00", "notes": "Open the store", "breaks": []any{map[string]any{"startTime": "2026-11-09T12:00:00", "endTime": "2026-11-09T12:30:00", "isPaidBreak": false}}}
}

// RequestExample is a valid stub note.
func (StubBody) RequestExample() any {
	return map[string]any{"note": "Worked as rostered"}
}

// RequestExample is accepts (or declines) one published shift.
func (BulkBody) RequestExample() any {
	return map[string]any{"shifts": []any{1}, "reason": "Away that week"}
}

// RequestExample is a valid decline reason.
func (DeclineBody) RequestExample() any {
	return map[string]any{"reason": "I have a university exam that morning"}
}

// RequestExample is names the shifts whose swaps to act on.
func (SwapBulkBody) RequestExample() any {
	return map[string]any{"shifts": []any{1}}
}

// RequestExample is proposes a swap of the employee's shift to a colleague.
func (SwapBody) RequestExample() any {
	return map[string]any{"rosterShiftId": 1, "toEmployeeId": 1234, "note": "Can you take my Monday shift?"}
}
