package conformance_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseESSRostersAndDocuments steps through the self-service operations of
// rosters and documents: the roster list and shift swaps, documents and payslips,
// leave details and attachments. The owner acts through the self-service
// paths for both employees of a swap.
func exerciseESSRostersAndDocuments(t *testing.T, r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	S := "/api/v2/ess/{employeeId}"
	key, biz := b.Key, b.Biz
	loc := r.id(r.call(key, "POST", B+"/location", map[string]any{"name": "Swaps Wollongong", "state": "NSW"}, biz))
	r.call(key, "POST", B+"/payschedule", map[string]any{"name": "Swaps weekly", "frequency": "Weekly"}, biz)
	r.call(key, "POST", B+"/paycategory", map[string]any{"name": "Swaps ordinary", "rateUnit": "Hourly"}, biz)
	emp := func(first string) int64 {
		return r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": first, "surname": "Swaps",
			"dateOfBirth": "1990-02-03T00:00:00", "startDate": "2025-07-01T00:00:00", "taxFileNumber": "123456782", "employmentType": "PartTime",
			"australianResident": true, "claimTaxFreeThreshold": true, "paySchedule": "Swaps weekly", "primaryPayCategory": "Swaps ordinary",
			"rate": 25, "rateUnit": "Hourly", "hoursPerWeek": 12, "residentialState": "NSW", "primaryLocation": "Swaps Wollongong",
			"locations": "Swaps Wollongong", "residentialStreetAddress": "1 Crown St", "residentialSuburb": "Wollongong", "residentialPostCode": "2500",
			"bankAccount1_BSB": "062-000", "bankAccount1_AccountNumber": "12345678", "bankAccount1_AccountName": first,
			"bankAccount1_AllocatedPercentage": 100, "superFund1_ProductCode": "AUS0001AU", "superFund1_FundName": "AustralianSuper",
			"superFund1_MemberNumber": "998877"}, biz, "?matchType=None"))
	}
	ida, jon := emp("Ida"), emp("Jon")

	// Roster and swaps.
	shift := func(day string) int64 {
		return r.id(b.Do("POST", fmt.Sprintf("/api/v2/business/%d/rostershift?publish=true", biz), key, map[string]any{"employeeId": ida,
			"locationId": loc, "startTime": day + "T09:00:00", "endTime": day + "T13:00:00"}))
	}
	s1, s2, s3 := shift("2026-11-24"), shift("2026-11-25"), shift("2026-11-26")
	r.call(key, "GET", S+"/shift", nil, ida, "?fromDate=2026-11-23T00:00:00&toDate=2026-11-29T00:00:00")
	r.call(key, "GET", S+"/shift/{shiftId}", nil, ida, s1)
	r.call(key, "GET", S+"/shift/{shiftId}/swap/candidates", nil, ida, s1)
	propose := func(s int64) {
		r.form(key, "POST", S+"/shift/swap/propose", map[string]any{"rosterShiftId": s, "fromEmployeeId": ida, "toEmployeeId": jon, "note": "swap?"}, ida)
	}
	propose(s1)
	r.call(key, "POST", S+"/shift/{shiftId}/swap/decline", nil, jon, s1)
	propose(s1)
	r.call(key, "POST", S+"/shift/{shiftId}/swap/cancel", nil, ida, s1)
	propose(s1)
	r.call(key, "POST", S+"/shift/{shiftId}/swap/accept", nil, jon, s1)
	propose(s2)
	r.call(key, "POST", S+"/shift/swap/decline", map[string]any{"shifts": []int64{s2}}, jon)
	propose(s2)
	r.call(key, "POST", S+"/shift/swap/cancel", map[string]any{"shifts": []int64{s2}}, ida)
	propose(s3)
	r.call(key, "POST", S+"/shift/swap/accept", map[string]any{"shifts": []int64{s3}}, jon)

	// Documents.
	var docs []struct {
		ID int64 `json:"id"`
	}
	b.UploadWith("POST", fmt.Sprintf("/api/v2/business/%d/document?visibleToAll=true", biz), key,
		testkit.File{Name: "ess3-policy.txt", Data: []byte("policy")}).Expect(t, 200).JSON(t, &docs)
	doc := docs[0].ID
	b.Do("PUT", fmt.Sprintf("/api/v2/business/%d/document/%d", biz, doc), key, map[string]any{"visibleToAll": true, "requiresEmployeeAcknowledgement": true}).Expect(t, 200)
	r.call(key, "GET", S+"/document", nil, ida)
	r.call(key, "GET", S+"/document/{documentId}", nil, ida, doc)
	r.call(key, "GET", S+"/document/download/{documentId}", nil, ida, doc)
	r.call(key, "POST", S+"/document/acknowledge/{documentId}", nil, ida, doc)
	r.call(key, "GET", S+"/document/paymentsummaries", nil, ida)
	r.call(key, "GET", S+"/document/earningscertificates", nil, ida)

	// Payslips of a finalised, published run.
	var sched []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	b.Do("GET", fmt.Sprintf("/api/v2/business/%d/payschedule", biz), key, nil).Expect(t, 200).JSON(t, &sched)
	var weekly int64
	for _, s := range sched {
		if s.Name == "Swaps weekly" {
			weekly = s.ID
		}
	}
	run := r.id(b.Do("POST", fmt.Sprintf("/api/v2/business/%d/payrun", biz), key, map[string]any{"payScheduleId": weekly,
		"payPeriodEnding": "2026-11-13T00:00:00", "datePaid": "2026-11-13T00:00:00"}))
	b.Do("POST", fmt.Sprintf("/api/v2/business/%d/payrun/%d/finalise", biz, run), key, map[string]any{"publishPaySlips": "Immediate"}).Expect(t, 200)
	r.call(key, "GET", S+"/document/payslip", nil, ida)
	r.call(key, "GET", S+"/document/payslip/{payrunId}", nil, ida, run)
	r.call(key, "GET", S+"/document/paymentsummaries", nil, ida)
	r.call(key, "GET", S+"/document/paymentsummary/{documentId}", nil, ida, 2027)

	// Leave details and attachments.
	cat := r.id(r.call(key, "POST", B+"/leavecategory", map[string]any{"name": "Swaps Annual", "isBalanceUntracked": true}, biz))
	r.call(key, "GET", S+"/leave/leavecategories", nil, ida)
	lr := r.id(r.form(key, "POST", S+"/leave", map[string]any{"leaveCategoryId": cat, "fromDate": "2026-12-14T00:00:00", "toDate": "2026-12-15T00:00:00",
		"hours": 8, "notes": "away"}, ida))
	r.call(key, "GET", S+"/leave/{leaveRequestId}", nil, ida, lr)
	r.form(key, "POST", S+"/leave/{leaveRequestId}", map[string]any{"notes": "away with family", "hours": 7.5}, ida, lr)
	r.upload(key, "PUT", S+"/leave/{leaveRequestId}/attachment", []testkit.File{{Name: "cert.pdf", ContentType: "application/pdf", Data: []byte("%PDF cert")}}, ida, lr)
	r.call(key, "DELETE", S+"/leave/{leaveRequestId}/attachment", nil, ida, lr)

	// Super funds (the employee record's fund slots).
	r.call(key, "GET", S+"/superfunds", nil, ida)
	r.call(key, "GET", S+"/superfunds/{superFundId}", nil, ida, 1)
	r.form(key, "POST", S+"/superfunds", map[string]any{"fundName": "Swaps Other Fund", "memberNumber": "77", "allocatedPercentage": 10}, ida)
	r.form(key, "PUT", S+"/superfunds/{id}", map[string]any{"fundName": "Swaps Other Fund", "memberNumber": "78", "allocatedPercentage": 15}, ida, 2)
	r.call(key, "DELETE", S+"/superfunds/{superfundId}", nil, ida, 2)

	// Lookups.
	r.call(key, "POST", B+"/worktype", map[string]any{"name": "Swaps Night loading", "mappingType": "ShiftCondition"}, biz)
	r.call(key, "GET", S+"/lookup/location", nil, ida)
	r.call(key, "GET", S+"/lookup/worktype", nil, ida)
	r.call(key, "GET", S+"/lookup/shiftcondition", nil, ida)
}
