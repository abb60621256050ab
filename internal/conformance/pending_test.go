package conformance_test

// shapeFixPending are published operations (keys as published) whose
// answers still differ from the description in code another branch is
// changing at the time of writing (the pay run handlers in
// internal/httpapi/payrunapi and the finalise result in
// internal/payrun/service.go): their mismatches are logged rather than
// failed, and an entry whose operation matches fails the test until it is
// removed. Nothing new may be added here.
var shapeFixPending = map[string]string{
	"GET /api/v2/business/{businessId}/payrun/{payRunId}/earningslines": "payrunapi.EarningsLineModel lacks the calculated members " +
		"the description declares as non-nullable: help, lumpSumNumberOfPayPeriods, netPayment, payg, sfss, super (numbers), " +
		"reportingDimensionValueIds (array), reportingDimensionValueNames (map)",
	"GET /api/v2/business/{businessId}/payrun/{payRunId}/earningslines/{employeeId}": "as GET earningslines",
	"GET /api/v2/business/{businessId}/payrun/{payRunId}/details": "TotalDetailModel (model.go) lacks allSuperContributionsTotal, " +
		"grossPlusSuper, isEmployeeUnder18, superContributionsCapApplied and other non-nullable members",
	"GET /api/v2/business/{businessId}/payrun/{payRunId}/payslips": "PaySlip (views.go) lacks accruedLeave, bankPayments, " +
		"grossYTDDetails, leaveTaken, paygAdjustments, superAdjustments, superPayments, totalAccruedLeave (arrays), " +
		"employeeBaseRate, employeeBaseRateUnit, hourlyRate, earningsLines[].superContribution",
	"GET /api/v2/business/{businessId}/payrun/{payRunId}/payslips/{employeeId}": "as GET payslips",
}
