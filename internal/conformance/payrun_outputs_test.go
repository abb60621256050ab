package conformance_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exercisePayRunOutputs calls what a pay run produces (payments,
// warnings, journal, payslip PDF, approval starts, ABA file) on a run of
// its own: an employee, a weekly schedule, a chart of accounts and ABA
// settings made for it.
func exercisePayRunOutputs(t *testing.T, r *run, b *testkit.Bundle) {
	t.Helper()
	key, biz := b.Key, b.Biz
	B := "/api/v2/business/{businessId}"
	P := B + "/payrun/{payRunId}"
	sched := r.id(r.call(key, "POST", B+"/payschedule", map[string]any{"name": "Outputs weekly", "frequency": "Weekly"}, biz))
	r.call(key, "POST", B+"/paycategory", map[string]any{"name": "Outputs ordinary", "rateUnit": "Hourly"}, biz)
	r.call(key, "POST", B+"/location", map[string]any{"name": "Outputs depot"}, biz)
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Olive", "surname": "Outputs",
		"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
		"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Outputs weekly", "primaryPayCategory": "Outputs ordinary",
		"rate": 35, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney",
		"residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": "Outputs depot", "bankAccount1_BSB": "062-000",
		"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": "Olive", "bankAccount1_AllocatedPercentage": 100,
		"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}, biz, "?matchType=None"))
	run := r.id(r.call(key, "POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00"}, biz))
	account := func(code, typ string) int64 {
		return r.id(r.call(key, "POST", B+"/accounts", map[string]any{"accountCode": code, "accountName": "Outputs " + code, "accountType": typ}, biz))
	}
	bank, expense, liability := account("O-1100", "Asset"), account("O-6100", "Expense"), account("O-2100", "Liability")
	r.call(key, "POST", B+"/chartofaccounts", map[string]any{"defaultAccounts": map[string]any{"paymentAccountId": bank,
		"defaultExpenseAccountId": expense, "defaultLiabilityAccountId": liability}}, biz)
	aba := r.id(r.call(key, "POST", B+"/aba", map[string]any{"accountName": "Alice Outputs", "bsb": "062-000", "accountNumber": "87654321",
		"financialInstitutionCode": "CBA", "userName": "Alice", "userId": "123456"}, biz))

	r.call(key, "GET", P+"/payments", nil, biz, run)
	r.call(key, "GET", P+"/warnings", nil, biz, run)
	r.call(key, "GET", B+"/journal/{payRunId}", nil, biz, run)
	r.call(key, "GET", P+"/file/payslip/{employeeId}", nil, biz, run, emp)
	r.call(key, "GET", P+"/payslips/{employeeId}/explain", nil, biz, run, emp)
	r.call(key, "POST", P+"/approval/start", nil, biz, run)
	r.call(key, "GET", P+"/paymentapproval/start", nil, biz, run)
	// Finalise is the pay run area's step (awaiting): called, not checked here.
	b.Do("POST", fmt.Sprintf("/api/v2/business/%d/payrun/%d/finalise", biz, run), key, nil).Expect(t, 200)
	r.call(key, "POST", P+"/exportjournal", nil, biz, run)
	r.call(key, "GET", B+"/employee/{employeeId}/payruntotals", nil, biz, emp)
	exerciseReports(r, key, biz, run, emp)
	r.call(key, "GET", P+"/file/aba/{abaId}", nil, biz, run, aba)
	r.call(key, "GET", P+"/file/bankpayment/{paymentFileId}", nil, biz, run, aba)
	second := r.id(r.call(key, "POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-27T00:00:00"}, biz))
	r.call(key, "POST", "/api/payroll/internal/business/{businessId}/payrun/{payRunId}/approval/start", nil, biz, second)
}
