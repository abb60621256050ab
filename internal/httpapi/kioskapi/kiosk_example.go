package kioskapi

// Request examples (the OpenAPI document's example bodies). The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is a clock on (and clock off, break, discard) body: the
// employee at the kiosk; recordedTimeUtc omitted means now.
func (ActionBody) RequestExample() any {
	return map[string]any{"employeeId": 1234, "utcOffset": "+11:00", "note": "Opening the Collins Street store",
		"noteVisibility": "Visible", "isAdminInitiated": false, "isPaidBreak": false}
}

// RequestExample is a valid checkpin body.
func (CheckPinBody) RequestExample() any {
	return map[string]any{"employeeId": 1234, "pin": "4821"}
}

// RequestExample is a valid changepin body (the first PIN: no old PIN).
func (ChangePinBody) RequestExample() any {
	return map[string]any{"employeeId": 1234, "newPin": "4821"}
}

// RequestExample is a valid checkid body.
func (CheckIDBody) RequestExample() any { return map[string]any{"employeeId": 1234} }

// RequestExample is a valid shift note.
func (NoteBody) RequestExample() any {
	return map[string]any{"employeeId": 1234, "type": "Shift", "visibility": "Visible",
		"note": "Covered the afternoon delivery", "isAdminInitiated": false}
}

// RequestExample marks every note of the shift read.
func (MarkReadBody) RequestExample() any {
	return map[string]any{"employeeId": 1234, "noteIds": []any{}, "read": true}
}

// RequestExample is a valid PIN reset body.
func (PinResetBody) RequestExample() any { return map[string]any{"employeeId": 1234} }

// RequestExample is a valid new kiosk staff member.
func (StaffBody) RequestExample() any {
	return map[string]any{"firstName": "Priya", "surname": "Natarajan", "email": "priya.natarajan@example.com",
		"mobileNumber": "0412 555 019", "pin": "7305"}
}

// RequestExample asks for one week of shifts (UTC instants).
func (ShiftsBody) RequestExample() any {
	return map[string]any{"employeeId": 1234, "fromDateUtc": "2026-10-26T00:00:00Z", "toDateUtc": "2026-11-02T00:00:00Z"}
}

// RequestExample adds a past shift with a 30-minute unpaid break (UTC
// instants).
func (AddShiftBody) RequestExample() any {
	return map[string]any{"employeeId": 1234, "utcOffset": "+11:00",
		"recordedStartTimeUtc": "2026-10-29T22:00:00Z", "recordedEndTimeUtc": "2026-10-30T06:30:00Z",
		"breaks": []any{map[string]any{
			"start": map[string]any{"recordedTimeUtc": "2026-10-30T02:00:00Z", "isPaidBreak": false},
			"end":   map[string]any{"recordedTimeUtc": "2026-10-30T02:30:00Z", "isPaidBreak": false}}},
		"note": "Forgot to clock on at the start of the shift", "noteVisibility": "Visible"}
}
