package conformance_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseEssDash steps through the self-service dashboard, leave list and
// leave estimate with every section filled: a published
// shift to come, a published payslip, a document awaiting acknowledgement,
// this week's timesheet, expense and survey answer, standard hours, and a
// colleague's approved leave at the same location. The owner acts through
// the self-service paths.
func exerciseEssDash(t *testing.T, r *run, b *testkit.Bundle) {
	t.Helper()
	B := "/api/v2/business/{businessId}"
	S := "/api/v2/ess/{employeeId}"
	key, biz := b.Key, b.Biz
	r.form(key, "POST", B+"/employeeportalsettings", map[string]any{"timesheetSetting": "ReadWrite", "allowEmployeeLeaveSelfService": true,
		"allowEmployeeExpensesSelfService": true, "allowEmployeeSatisfactionSurvey": true, "allowEmployeesToViewAllApprovedLeave": true}, biz)
	sched := r.id(r.call(key, "POST", B+"/payschedule", map[string]any{"name": "Dash weekly", "frequency": "Weekly"}, biz))
	r.call(key, "POST", B+"/paycategory", map[string]any{"name": "Dash ordinary", "rateUnit": "Hourly"}, biz)
	loc := r.id(r.call(key, "POST", B+"/location", map[string]any{"name": "Dash Wollongong", "state": "NSW"}, biz))
	person := func(first string) int64 {
		return r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": first, "surname": "Dash",
			"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "FullTime",
			"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Dash weekly", "primaryPayCategory": "Dash ordinary",
			"rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38, "residentialStreetAddress": "1 Crown St", "residentialSuburb": "Wollongong",
			"residentialState": "NSW", "residentialPostCode": "2500", "primaryLocation": "Dash Wollongong", "bankAccount1_BSB": "062-000",
			"bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first, "bankAccount1_AllocatedPercentage": 100}, biz, "?matchType=None"))
	}
	emp, mate := person("Dora"), person("Milo")

	// The sources of the dashboard.
	r.id(r.form(key, "POST", B+"/rostershift", map[string]any{"employeeId": emp, "locationId": loc,
		"startTime": "2026-11-04T09:00:00", "endTime": "2026-11-04T17:00:00"}, biz, "?publish=true"))
	run := r.id(r.call(key, "POST", B+"/payrun", map[string]any{"payScheduleId": sched, "payPeriodEnding": "2026-10-30T00:00:00", "datePaid": "2026-10-30T00:00:00"}, biz))
	b.Do("POST", fmt.Sprintf("/api/v2/business/%d/payrun/%d/finalise", biz, run), key, map[string]any{"publishPaySlips": "Immediate"}).Expect(t, 200)
	var docs []struct {
		ID int64 `json:"id"`
	}
	b.UploadWith("POST", fmt.Sprintf("/api/v2/business/%d/document?visibleToAll=true", biz), key,
		testkit.File{Name: "dash-policy.txt", Data: []byte("policy")}).Expect(t, 200).JSON(t, &docs)
	b.Do("PUT", fmt.Sprintf("/api/v2/business/%d/document/%d", biz, docs[0].ID), key, map[string]any{"visibleToAll": true, "requiresEmployeeAcknowledgement": true}).Expect(t, 200)
	r.form(key, "POST", S+"/timesheet", map[string]any{"start": "2026-11-02T09:00:00", "end": "2026-11-02T17:00:00"}, emp)
	cat := r.id(r.call(key, "POST", B+"/employeeexpensecategory", map[string]any{"name": "Dash Travel"}, biz))
	r.call(key, "POST", S+"/expense", map[string]any{"description": "Parking", "lineItems": []any{map[string]any{"expenseCategoryId": cat,
		"amount": 9.5, "dateIncurred": "2026-11-02T00:00:00"}}}, emp)
	r.form(key, "POST", S+"/satisfaction", map[string]any{"value": "Happy"}, emp)
	r.call(key, "GET", S+"/dashboard", nil, emp)

	// Leave: her own requests, and her colleague's approved leave.
	annual := r.id(r.call(key, "POST", B+"/leavecategory", map[string]any{"name": "Dash Annual"}, biz))
	r.form(key, "POST", S+"/leave", map[string]any{"leaveCategoryId": annual, "fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-08T00:00:00", "notes": "away"}, emp)
	r.form(key, "POST", B+"/employee/{employeeId}/leaverequest", map[string]any{"leaveCategoryId": annual, "fromDate": "2026-12-09T00:00:00",
		"toDate": "2026-12-09T00:00:00", "notes": "wedding", "automaticallyApprove": true}, biz, mate)
	r.call(key, "GET", S+"/leave", nil, emp, "?filter.showOtherEmployees=true&filter.fromDate=2026-12-01T00:00:00&filter.toDate=2026-12-31T00:00:00")
	r.call(key, "GET", S+"/leave", nil, emp, "?filter.approvedOnly=true")
	r.call(key, "GET", S+"/leave/estimate", nil, emp, fmt.Sprintf("?filter.leaveCategoryId=%d&filter.fromDate=2026-12-21T00:00:00&filter.toDate=2026-12-31T00:00:00", annual))
	r.call(key, "GET", S+"/leave/estimate", nil, emp, "?filter.fromDate=2026-12-21T00:00:00&filter.toDate=2026-12-24T00:00:00")
}
