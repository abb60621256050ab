package httpapi

// operationExamples are the example request bodies of operations whose
// body is declared inline (no named type to carry a RequestExample), and
// of list bodies whose example must differ from the single create's, by
// "METHOD path". The test in examples_test.go sends each to a fresh
// server; 1234 is the examples' employee where a map is keyed by employee
// id.
var operationExamples = map[string]any{
	"POST /api/v2/business/{businessId}/accounts/bulk": []any{
		map[string]any{"accountCode": "478", "accountName": "Superannuation", "accountType": "Expense"},
		map[string]any{"accountCode": "826", "accountName": "Superannuation Payable", "accountType": "Liability"}},
	"POST /api/v2/business/{businessId}/benefitcategory/multiple": []any{
		map[string]any{"name": "Gym membership", "description": "Corporate gym scheme", "benefitType": "PaymentsMadeOnBehalfOfTheEmployee",
			"niTreatment": "Class1A", "year": 2027}},
	"PUT /api/v2/business/{businessId}/benefitcategory": map[string]any{"id": 1, "name": "Private medical insurance",
		"description": "Bupa company scheme, family cover from 2027", "benefitType": "PrivateMedicalTreatmentOrInsurance",
		"niTreatment": "Class1A", "year": 2027, "payrollingBenefit": false, "carryBenefitForward": true},
	"POST /api/v2/business/{businessId}/import/deduction-categories": []any{
		map[string]any{"name": "Workplace giving", "paymentSummaryClassification": "WorkplaceGiving", "taxExempt": false}},
	"POST /api/v2/business/{businessId}/import/pay-schedule": []any{
		map[string]any{"name": "Monthly salaried", "frequency": "Monthly"}},
	"POST /api/v2/business/{businessId}/import/benefit-categories": []any{
		map[string]any{"name": "Season ticket loan", "description": "Annual rail season ticket", "benefitType": "PaymentsMadeOnBehalfOfTheEmployee",
			"niTreatment": "Class1A", "year": 2027}},
	"POST /api/v2/business/{businessId}/manager/employeeonboarding/initiateselfservice": map[string]any{
		"firstName": "Mia", "surname": "Kowalski", "email": "mia.kowalski@example.com", "mobile": "0412 555 022",
		"qualificationsRequired": true, "emergencyContactDetailsRequired": true},
	"POST /api/v2/business/{businessId}/payrun/{payRunId}/earningslines": map[string]any{
		"employeeIdType": "Standard", "payCategoryIdType": "Standard", "replaceExisting": false,
		"earningsLines": map[string]any{"1234": []any{map[string]any{"payCategoryId": "1", "units": 7.5, "rate": 32.50,
			"notes": "Saturday stocktake (decimal hours at the rate per hour)"}}}},
	"POST /api/v2/business/{businessId}/payrun/{payRunId}/deductions": map[string]any{
		"employeeIdType": "Standard", "deductionCategoryIdType": "Standard", "replaceExisting": false,
		"deductions": map[string]any{"1234": []any{map[string]any{"deductionCategoryId": "1", "amount": 12.50, "notes": "Union fees"}}}},
	"POST /api/v2/business/{businessId}/payrun/{payRunId}/notation":              map[string]any{"notation": "Includes the Melbourne Cup public holiday"},
	"POST /api/v2/business/{businessId}/payrun/{payRunId}/notation/{employeeId}": map[string]any{"notation": "Back pay for October included"},
	"POST /api/v2/business/{businessId}/payrun/{payRunId}/setuiunlockstate":      map[string]any{"enableUIUnlock": true},
	"POST /api/v2/business/{businessId}/payrun/{payRunId}/unlock":                map[string]any{"comments": "Correcting Ann Lee's hours"},
	"POST /api/v2/business/{businessId}/report/p11d":                             map[string]any{"taxYear": "2025/26"},
	"POST /api/v2/business/{businessId}/report/p11d/xml":                         map[string]any{"taxYear": "2025/26"},
	"POST /api/v2/business/{businessId}/report/p11d/publish":                     map[string]any{"taxYear": "2025/26"},
	"POST /api/v2/business/{businessId}/report/p46car/ignore": map[string]any{
		"rows": []any{map[string]any{"benefitId": 1, "event": "Available"}}},
	"PUT /api/v2/business/{businessId}/manager/kiosk/timesheetcomments/{timesheetLineId}": map[string]any{
		"comments": "Left early for a medical appointment", "hiddenComments": "Certificate sighted"},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}/decline": map[string]any{
		"reason": "Too many of the team are away that week"},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}/decline": "The receipt is missing",
	"POST /api/v2/ess/{employeeId}/selfmanagedsuperfund": map[string]any{
		"fundName": "Patel Retirement Fund", "abn": "51824753556", "bsb": "063-000", "accountNumber": "24681357",
		"accountName": "Patel Retirement Fund", "electronicServiceAddress": "QUICKSUPER", "email": "trustee@patelfund.example.com"},
	"PUT /api/v2/ess/{employeeId}/selfmanagedsuperfund/{id}": map[string]any{
		"fundName": "Patel Retirement Fund", "abn": "51824753556", "bsb": "063-000", "accountNumber": "24681357",
		"accountName": "Patel Retirement Fund", "electronicServiceAddress": "QUICKSUPER", "email": "trustees@patelfund.example.com"},
	"POST /api/v2/business/{businessId}/manager/kiosk/{kioskId}/addshift": map[string]any{"employeeId": 1234, "utcOffset": "+11:00",
		"recordedStartTimeUtc": "2026-10-27T21:00:00Z", "recordedEndTimeUtc": "2026-10-28T05:00:00Z",
		"note": "Kiosk was offline; shift entered by the manager", "noteVisibility": "Visible"},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/sap": map[string]any{
		"startDate": "2027-01-04T00:00:00", "endDate": "2027-09-26T00:00:00", "matchDate": "2026-11-16T00:00:00",
		"isAdoption": true, "notes": "Matching certificate received"},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/statutoryleave/spbp": map[string]any{
		"startDate": "2026-11-09T00:00:00", "endDate": "2026-11-22T00:00:00", "childDeathDate": "2026-11-01T00:00:00",
		"notes": "Two weeks' bereavement leave"},
	"POST /api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/dimension": map[string]any{
		"reportingDimensionValueIds": []any{1}, "allocatedPercentage": 40, "allocateBalance": false},
	"PUT /api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/dimension": map[string]any{
		"reportingDimensionValueIds": []any{1}, "allocatedPercentage": 60, "allocateBalance": false},
	"POST /api/v2/business/{businessId}/employee/deduction": []any{"PAYROLL-DED-0042"},
}
