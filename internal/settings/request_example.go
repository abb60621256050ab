package settings

// Request examples: the OpenAPI document's example bodies. The test in
// internal/httpapi/examples_test.go sends each to a fresh server.

// RequestExample is valid timesheet rounding rules: shift start up and end down to 15 minutes.
func (TimesheetRoundingRules) RequestExample() any {
	return map[string]any{"shiftStartRoundingDirection": "Up", "shiftStartRoundingInterval": 15, "shiftEndRoundingDirection": "Down", "shiftEndRoundingInterval": 15, "breakStartRoundingDirection": "None", "breakStartRoundingInterval": 0, "breakEndRoundingDirection": "None", "breakEndRoundingInterval": 0}
}

// RequestExample is valid self-service portal settings.
func (EmployeePortalSettings) RequestExample() any {
	return map[string]any{"allowEmployeeLeaveSelfService": true, "allowEmployeeSelfEditing": true, "allowEmployeeBankAccountSelfService": true, "allowEmployeeSuperFundSelfService": true, "allowEmployeeExpensesSelfService": false, "allowEmployeeToSetUnavailability": true, "timesheetSetting": "ReadWrite", "clockOnWindowMinutes": 30, "clockOffWindowMinutes": 30}
}

// RequestExample is valid leave settings.
func (LeaveSettings) RequestExample() any {
	return map[string]any{"leaveAccrualStartDateType": "EmployeeStartDate", "leaveCalculationMethod": "FullYear365", "requireNotesForLeaveRequests": true}
}

// RequestExample is valid pay slip settings.
func (PayslipSettings) RequestExample() any {
	return map[string]any{"emailFrom": "payroll@harbourcafe.example.com", "emailBodyMessage": "Your pay slip for this pay run is attached.", "paySlipMessage": "Thank you for your work this fortnight.", "showYtdTotals": true, "showLeaveAccruals": true, "showBasePayRate": true, "showUnitsWorked": true, "paySlipFormat": "Web", "logoOption": "BusinessLogo"}
}

// RequestExample is valid timesheet settings.
func (TimesheetSettings) RequestExample() any {
	return map[string]any{"timesheetsEnabled": true, "requireStartAndStopTimes": true, "requireWorkType": false, "requireLocation": false, "allowPaidBreaks": true, "hasMaximumPaidBreakDuration": true, "maximumPaidBreakDuration": 10, "approveIfMatchesRosterShift": false}
}

// RequestExample is valid Malaysian statutory settings (EPF, SOCSO, EIS and income tax employer numbers).
func (StatutorySettings) RequestExample() any {
	return map[string]any{"epfNumber": "012345678", "socsoNumber": "E12345678901", "eisEnabled": true, "eNumber": "E1234567890", "hrdfStatus": "NotEligible", "bookletOption": "Automatic", "nameOfOfficer": "Nurul Aziz", "officerDesignation": "Finance Manager", "officerEmail": "nurul.aziz@example.com", "officerPhoneNumber": "+60 3 2141 5555"}
}
