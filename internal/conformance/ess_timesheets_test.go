package conformance_test

import (
	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseESSTimesheets steps through the self-service operations: the
// timesheets added with it and the ESS operations that awaited their
// steps. The owner acts through the self-service paths (EmployeeSelf lets
// a business user whose scope covers the employee in).
func exerciseESSTimesheets(r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	S := "/api/v2/ess/{employeeId}"
	key, biz := b.Key, b.Biz
	r.call(key, "POST", B+"/location", map[string]any{"name": "Ess2 Parramatta", "state": "NSW"}, biz)
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Esme", "surname": "Selfservice",
		"startDate": "2025-07-01T00:00:00", "employmentType": "FullTime", "rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38,
		"residentialState": "NSW", "primaryLocation": "Ess2 Parramatta", "emergencyContact1_Name": "Pat Selfservice"}, biz, "?matchType=None"))
	leaveCat := r.id(r.call(key, "POST", B+"/leavecategory", map[string]any{"name": "Ess2 Annual", "isBalanceUntracked": true}, biz))
	r.form(key, "POST", B+"/employeeportalsettings", map[string]any{"timesheetSetting": "ReadWrite"}, biz)

	// Awaiting shape fixes (still in awaitingSteps; what the description
	// has and these lack is in the ess2 report): details, emergencycontacts,
	// security/features, dashboard, the leave list and leave/estimate.
	r.call(key, "GET", "/api/v2/ess/security/employees", nil)

	// Timesheets.
	ts := r.id(r.form(key, "POST", S+"/timesheet", map[string]any{"start": "2026-11-16T09:00:00", "end": "2026-11-16T17:00:00", "comments": "ess2",
		"breaks": []any{map[string]any{"start": "2026-11-16T12:00:00", "end": "2026-11-16T12:30:00", "isPaidBreak": false}}}, emp))
	r.form(key, "POST", S+"/timesheet/{timesheetId}", map[string]any{"start": "2026-11-16T08:30:00", "end": "2026-11-16T17:00:00"}, emp, ts)
	r.call(key, "GET", S+"/timesheet", nil, emp, "?fromDate=2026-11-16T00:00:00&toDate=2026-11-22T00:00:00")
	r.call(key, "DELETE", S+"/timesheet/{timesheetId}", nil, emp, ts)

	// Leave and unavailability.
	lr := r.id(r.form(key, "POST", S+"/leave", map[string]any{"leaveCategoryId": leaveCat, "fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-08T00:00:00", "notes": "away"}, emp))
	r.call(key, "GET", S+"/leave/balances", nil, emp)
	r.call(key, "DELETE", S+"/leave/{leaveRequestId}", nil, emp, lr)
	un := r.id(r.form(key, "POST", S+"/unavailability", map[string]any{"fromDate": "2026-12-10T00:00:00", "toDate": "2026-12-10T23:59:00", "reason": "study"}, emp))
	r.call(key, "DELETE", S+"/unavailability/{unavailabilityId}", nil, emp, un)

	// Bank accounts and super.
	var acc struct {
		Result struct {
			ID int64 `json:"id"`
		} `json:"result"`
	}
	r.form(key, "POST", S+"/bankaccounts", map[string]any{"accountType": "Electronic", "bsb": "062-000", "accountName": "Esme Selfservice",
		"accountNumber": "12345678", "allocateBalance": true}, emp).JSON(r.t, &acc)
	r.call(key, "GET", S+"/bankaccounts/{bankAccountId}", nil, emp, acc.Result.ID)
	r.call(key, "DELETE", S+"/bankaccounts/{bankAccountId}", nil, emp, acc.Result.ID)
	r.call(key, "GET", S+"/superfunds/productsearch", nil, emp, "?term=aus")
	r.form(key, "POST", S+"/selfmanagedsuperfund", map[string]any{"fundName": "Selfservice Super", "abn": "51824753556", "bsb": "062-000",
		"accountNumber": "12345678", "accountName": "Selfservice SF", "electronicServiceAddress": b.Reference.SuperRegistry.ESAs[0].Name}, emp)

	// Expenses.
	r.form(key, "POST", B+"/employeeportalsettings", map[string]any{"timesheetSetting": "ReadWrite", "allowEmployeeExpensesSelfService": true}, biz)
	cat := r.id(r.call(key, "POST", B+"/employeeexpensecategory", map[string]any{"name": "Ess2 Travel"}, biz))
	exp := r.id(r.call(key, "POST", S+"/expense", map[string]any{"description": "Client visit", "lineItems": []any{map[string]any{"expenseCategoryId": cat,
		"amount": 12.5, "dateIncurred": "2026-11-03T00:00:00"}}}, emp))
	r.call(key, "GET", S+"/expense", nil, emp, "?currentPage=1&pageSize=10")
	r.call(key, "GET", S+"/expense/{expenseRequestId}", nil, emp, exp)
	r.call(key, "GET", S+"/expense/categories", nil, emp)
	r.call(key, "GET", S+"/expense/summary", nil, emp)
	r.call(key, "DELETE", S+"/expense/{expenseRequestId}", nil, emp, exp)

	// Qualifications.
	fa := r.id(r.call(key, "POST", B+"/qualification", map[string]any{"name": "Ess2 First Aid"}, biz))
	held := r.id(r.form(key, "POST", S+"/qualification", map[string]any{"qualificationId": fa, "issueDate": "2026-01-10T00:00:00", "expiryDate": "2029-01-10T00:00:00"}, emp))
	var qdocs []struct {
		ID int64 `json:"id"`
	}
	r.upload(key, "POST", B+"/employee/{employeeId}/qualification/{qualificationId}/document", []testkit.File{{Name: "cert.png", ContentType: "image/png",
		Data: []byte("\x89PNG cert")}}, biz, emp, fa).JSON(r.t, &qdocs)
	if len(qdocs) != 1 {
		r.t.Fatalf("qualification documents %v", qdocs)
	}
	r.call(key, "DELETE", S+"/qualification/{employeeQualificationId}/attachment/{documentId}", nil, emp, held, qdocs[0].ID)
	r.call(key, "DELETE", S+"/qualification/{id}", nil, emp, held)
}
