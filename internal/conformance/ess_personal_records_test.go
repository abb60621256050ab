package conformance_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseESSPersonalRecords steps through the remaining self-service operations:
// personal details and emergency contacts, unavailability,
// expenses, qualifications, self-managed funds, bank accounts (with the
// swagrequired2fa variants), public holidays, the satisfaction survey,
// device tokens and the forgotten password request. The owner acts
// through the self-service paths.
func exerciseESSPersonalRecords(t *testing.T, r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	S := "/api/v2/ess/{employeeId}"
	key, biz := b.Key, b.Biz
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Eve", "surname": "Ess4", "residentialState": "NSW",
		"dateOfBirth": "1991-04-05T00:00:00", "emergencyContact1_Name": "Pat Ess4"}, biz, "?matchType=None"))

	// Personal details and emergency contacts.
	r.call(key, "GET", S+"/personaldetails", nil, emp)
	r.form(key, "PUT", S+"/personaldetails", map[string]any{"firstName": "Evie", "mobilePhone": "0400 000 004",
		"residentialAddress":               map[string]any{"streetAddress": "4 King St", "suburb": "Newtown", "state": "NSW", "postcode": "2042"},
		"isPostalAddressSameAsResidential": true}, emp)
	r.form(key, "POST", S+"/details", map[string]any{"homePhone": "02 9000 0004", "previousSurname": "Old"}, emp)
	r.form(key, "PUT", S+"/emergencycontacts", map[string]any{"primaryEmergencyContact": map[string]any{"contactNumber": "0411 000 004"}}, emp)
	r.form(key, "POST", S+"/emergencycontacts", map[string]any{"secondaryEmergencyContact": map[string]any{"name": "Sam Ess4", "relationship": "Sibling"}}, emp)
	r.call(key, "GET", S+"/publicHolidays", nil, emp, "?filter.fromDate=2026-01-01&filter.toDate=2026-12-31")

	r.call(key, "GET", S+"/timesheet/data", nil, emp, "?filter.fromDate=2026-12-21&filter.toDate=2026-12-27")

	// Unavailability.
	un := r.id(r.form(key, "POST", S+"/unavailability", map[string]any{"fromDate": "2026-11-10T09:00:00", "toDate": "2026-11-10T17:00:00", "reason": "Exam"}, emp))
	r.call(key, "GET", S+"/unavailability", nil, emp, "?filter.fromDate=2026-11-01&filter.toDate=2026-11-30")
	r.call(key, "GET", S+"/unavailability/{unavailabilityId}", nil, emp, un)
	r.form(key, "PUT", S+"/unavailability/{unavailabilityId}", map[string]any{"reason": "Exam (maths)"}, emp, un)

	// Expenses.
	cat := r.id(r.call(key, "POST", B+"/employeeexpensecategory", map[string]any{"name": "Ess4 Travel"}, biz))
	line := func(amount float64) map[string]any {
		return map[string]any{"description": "Taxi", "lineItems": []any{map[string]any{"expenseCategoryId": cat, "amount": amount, "dateIncurred": "2026-11-03T00:00:00"}}}
	}
	exp := r.id(r.call(key, "POST", S+"/expense", line(20), emp))
	r.form(key, "PUT", S+"/expense/{expenseRequestId}", line(22.5), emp, exp)
	r.upload(key, "PUT", S+"/expense/{expenseRequestId}/attachment", []testkit.File{{Name: "ess4-receipt.pdf", Data: []byte("%PDF receipt")}}, emp, exp)
	r.call(key, "GET", S+"/expense/taxcodes", nil, emp)

	// Qualifications.
	fa := r.id(r.call(key, "POST", B+"/qualification", map[string]any{"name": "Ess4 First Aid"}, biz))
	held := r.id(r.call(key, "POST", S+"/qualification", map[string]any{"qualificationId": fa, "issueDate": "2026-01-10T00:00:00"}, emp))
	r.call(key, "GET", S+"/qualification", nil, emp)
	r.call(key, "GET", S+"/qualification/{id}", nil, emp, held)
	r.form(key, "PUT", S+"/qualification/{id}", map[string]any{"expiryDate": "2029-01-10T00:00:00", "referenceNumber": "FA-4"}, emp, held)
	r.upload(key, "PUT", S+"/qualification/{employeeQualificationId}/attachment", []testkit.File{{Name: "ess4-cert.png", Data: []byte("\x89PNG")}}, emp, held)

	// Self-managed super funds.
	smsf := r.id(r.call(key, "POST", S+"/selfmanagedsuperfund", map[string]any{"abn": "51824753556", "fundName": "Ess4 Family Fund",
		"accountName": "Ess4 Family Fund", "accountNumber": "12345678", "bsb": "062-000", "electronicServiceAddress": "SMSFDataFlow"}, emp))
	r.call(key, "GET", S+"/selfmanagedsuperfund", nil, emp)
	r.call(key, "GET", S+"/selfmanagedsuperfund/{id}", nil, emp, smsf)
	r.form(key, "PUT", S+"/selfmanagedsuperfund/{id}", map[string]any{"fundName": "Ess4 Family Super Fund"}, emp, smsf)

	// Bank accounts, and the swagrequired2fa variants.
	acc := func(res *testkit.Response) int64 {
		var out struct {
			Result struct {
				ID int64 `json:"id"`
			} `json:"result"`
		}
		res.JSON(t, &out)
		return out.Result.ID
	}
	a1 := acc(r.form(key, "POST", S+"/bankaccounts", map[string]any{"bsb": "062-000", "accountName": "Eve", "accountNumber": "11110000", "allocateBalance": true}, emp))
	a2 := acc(r.form(key, "POST", S+"/bankaccounts/swagrequired2fa", map[string]any{"bsb": "062-000", "accountName": "Eve savings", "accountNumber": "22220000",
		"fixedAmount": 25}, emp))
	r.call(key, "GET", S+"/bankaccounts", nil, emp)
	r.call(key, "GET", S+"/bankaccounts/swagrequired2fa", nil, emp)
	r.call(key, "GET", S+"/bankaccounts/{bankAccountId}/swagrequired2fa", nil, emp, a1)
	r.form(key, "PUT", S+"/bankaccounts/{id}", map[string]any{"bsb": "062-000", "accountName": "Eve", "accountNumber": "11110001", "allocateBalance": true}, emp, a1)
	r.form(key, "PUT", S+"/bankaccounts/{id}/swagrequired2fa", map[string]any{"bsb": "062-000", "accountName": "Eve", "accountNumber": "11110002", "allocateBalance": true}, emp, a1)
	r.call(key, "DELETE", S+"/bankaccounts/{bankAccountId}/swagrequired2fa", nil, emp, a2)
	r.call(key, "GET", S+"/document/payslip/swagrequired2fa", nil, emp)
	r.call(key, "GET", S+"/document/paymentsummaries/swagrequired2fa", nil, emp)
	r.call(key, "GET", S+"/superfunds/swagrequired2fa", nil, emp)

	// Satisfaction survey, device tokens, forgotten password.
	r.form(key, "POST", S+"/satisfaction", map[string]any{"value": "Happy", "weekStartDate": "2026-11-23T00:00:00"}, emp)
	r.call(key, "GET", S+"/satisfaction", nil, emp, "?fromDate=2026-11-01&toDate=2026-11-30")
	r.form(key, "POST", "/api/v2/ess/devicetoken/register", map[string]any{"token": "ess4-device", "platform": "Android"})
	r.form(key, "POST", "/api/v2/ess/devicetoken/unregister", map[string]any{"token": "ess4-device", "platform": "Android"})
	r.call("", "POST", "/api/v2/ess/security/forgottenpassword", map[string]any{"username": "nobody-ess4@example.com"})
}
