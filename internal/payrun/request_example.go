package payrun

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is finalises the run and publishes pay slips at once.
func (FinaliseOptions) RequestExample() any {
	return map[string]any{"publishPaySlips": "Immediate", "exportJournals": false, "suppressNotifications": true, "lodgePayRun": false}
}

// RequestExample is grosses up a net amount in the business currency.
func (NetToGrossRequest) RequestExample() any {
	return map[string]any{"netAmount": 500.0, "payCategoryId": 1, "payRunTotalId": 1}
}

// RequestExample is terminates an employee in the run (a local date).
func (TerminateRequest) RequestExample() any {
	return map[string]any{"employeeId": 1234, "terminationDate": "2026-12-12T00:00:00", "terminationReason": "Resignation"}
}

// RequestExample is applies approved leave requests to the run.
func (BulkApplyLeaveRequest) RequestExample() any {
	return map[string]any{"leaveRequestIds": []any{1}, "alignToPayRunPeriod": true}
}
