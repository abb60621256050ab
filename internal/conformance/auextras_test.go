package conformance_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseAUExtras calls the AU employee super funds and super
// adjustments (E/superfund, E/superadjustment) and the OTE, PAYG, payment
// file and pay run activity reports over a finalised run, and checks their
// shapes.
func exerciseAUExtras(t *testing.T, r *run, b *testkit.Bundle) {
	t.Helper()
	key, biz := b.Key, b.Biz
	B := "/api/v2/business/{businessId}"
	E := B + "/employee/{employeeId}"
	sched := r.id(r.call(key, "POST", B+"/payschedule", map[string]any{"name": "Extras weekly", "frequency": "Weekly"}, biz))
	r.call(key, "POST", B+"/paycategory", map[string]any{"name": "Extras ordinary", "rateUnit": "Hourly"}, biz)
	r.call(key, "POST", B+"/location", map[string]any{"name": "Extras depot"}, biz)
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Ella", "surname": "Extras",
		"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
		"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Extras weekly", "primaryPayCategory": "Extras ordinary",
		"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 George St", "residentialSuburb": "Sydney",
		"residentialState": "NSW", "residentialPostCode": "2000", "primaryLocation": "Extras depot", "bankAccount1_BSB": "062-000",
		"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": "Ella", "bankAccount1_AllocatedPercentage": 100,
		"superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper", "superFund1_MemberNumber": "998877"}, biz, "?matchType=None"))

	F := E + "/superfund"
	r.call(key, "GET", F, nil, biz, emp)
	r.form(key, "POST", F, map[string]any{"fundName": "Extras Fund", "memberNumber": "42", "allocatedPercentage": 25}, biz, emp)
	r.call(key, "GET", F+"/{superFundId}", nil, biz, emp, 2)
	r.form(key, "PUT", F+"/{id}", map[string]any{"fundName": "Extras Fund", "memberNumber": "43", "fixedAmount": 20}, biz, emp, 2)
	r.call(key, "DELETE", F+"/{superfundId}", nil, biz, emp, 2)

	A := E + "/superadjustment"
	adj := r.id(r.form(key, "POST", A, map[string]any{"contributionType": "EmployerContribution", "amount": 100, "fromDate": "2026-11-10T00:00:00", "notes": "bonus"}, biz, emp))
	r.call(key, "GET", A, nil, biz, emp)
	r.call(key, "GET", A+"/{id}", nil, biz, emp, adj)
	r.form(key, "PUT", A+"/{id}", map[string]any{"contributionType": "SalarySacrifice", "amount": 120, "fromDate": "2026-11-10T00:00:00", "expiryDate": "2026-12-31T00:00:00"}, biz, emp, adj)
	other := r.id(r.form(key, "POST", A, map[string]any{"amount": 5}, biz, emp))
	r.call(key, "DELETE", A+"/{id}", nil, biz, emp, other)

	runID := r.id(r.call(key, "POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-11-20T00:00:00", "datePaid": "2026-11-20T00:00:00"}, biz))
	aba := r.id(r.call(key, "POST", B+"/aba", map[string]any{"accountName": "Alice Extras", "bsb": "062-000", "accountNumber": "87654321",
		"financialInstitutionCode": "CBA", "userName": "Alice", "userId": "123456"}, biz))
	b.Do("POST", fmt.Sprintf("/api/v2/business/%d/payrun/%d/finalise", biz, runID), key, nil).Expect(t, 200)

	R := B + "/report/"
	r.call(key, "GET", R+"ordinarytimeearnings", nil, biz, "?financialYearEnding=2027")
	r.call(key, "GET", R+"payg", nil, biz, "?fromDate=2026-11-01&toDate=2026-11-30")
	r.call(key, "GET", R+"paymentfile", nil, biz, fmt.Sprintf("?payRunId=%d&paymentFileId=%d", runID, aba))
	r.call(key, "GET", R+"payrunactivity", nil, biz, "?fromDate=2026-11-01&toDate=2026-11-30")
	exerciseAUPaymentSummaries(r, b)
}

// exerciseAUPaymentSummaries generates, lists, publishes and unpublishes
// the 2026-27 payment summaries of the business (B/paymentsummary).
func exerciseAUPaymentSummaries(r *run, b *testkit.Bundle) {
	key, biz := b.Key, b.Biz
	PS := "/api/v2/business/{businessId}/paymentsummary/{financialYearEnding}"
	r.call(key, "PUT", PS, nil, biz, 2027)
	r.call(key, "GET", PS, nil, biz, 2027)
	r.call(key, "POST", PS, nil, biz, 2027)
	r.call(key, "DELETE", PS, nil, biz, 2027)
}
