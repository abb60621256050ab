package conformance_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseManager steps through the manager operations as the
// business owner (an unrestricted manager).
func exerciseManager(t *testing.T, r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	M := B + "/manager"
	key, biz := b.Key, b.Biz
	loc := r.id(r.call(key, "POST", B+"/location", map[string]any{"name": "Manager Newcastle", "state": "NSW"}, biz))
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Mia", "surname": "Managed",
		"startDate": "2025-07-01T00:00:00", "employmentType": "FullTime", "rate": 30, "rateUnit": "Hourly", "hoursPerWeek": 38,
		"residentialState": "NSW", "primaryLocation": "Manager Newcastle"}, biz, "?matchType=None"))
	cat := r.id(r.call(key, "POST", B+"/leavecategory", map[string]any{"name": "Manager Annual"}, biz))
	r.call(key, "POST", B+"/employeegroup", map[string]any{"name": "Manager Newcastle staff",
		"filters": []any{map[string]any{"filterType": "Location", "operator": "In", "value": itoa(loc)}}}, biz)

	// Lookups.
	r.call(key, "GET", M+"/employees", nil, biz)
	for _, p := range []string{"/timesheet/employees", "/expense/employees", "/leaverequest/employees", "/rostershift/employees", "/rostershift/manageemployees",
		"/locations", "/location", "/timesheet/locations", "/leaverequest/locations", "/expense/locations", "/rostershift/locations", "/timesheet/employeegroups"} {
		r.call(key, "GET", M+p, nil, biz)
	}
	r.call(key, "GET", M+"/employee/{employeeId}/location", nil, biz, emp)

	// Timesheets.
	ts := r.id(r.form(key, "POST", M+"/timesheet", map[string]any{"employeeId": emp, "startTime": "2026-11-16T09:00:00", "endTime": "2026-11-16T17:00:00",
		"locationId": loc, "comments": "manager"}, biz))
	r.form(key, "PUT", M+"/timesheet/{timesheetLineId}", map[string]any{"employeeId": emp, "startTime": "2026-11-16T08:00:00", "endTime": "2026-11-16T16:00:00",
		"locationId": loc}, biz, ts)

	// Leave requests.
	L := M + "/{employeeId}/leaverequest"
	lr := r.id(r.form(key, "POST", L, map[string]any{"leaveCategoryId": cat, "fromDate": "2026-12-07T00:00:00", "toDate": "2026-12-08T00:00:00", "notes": "Away"}, biz, emp))
	r.form(key, "POST", L+"/{leaveRequestId}", map[string]any{"notes": "Beach"}, biz, emp, lr)
	r.call(key, "GET", L+"/{leaveRequestId}", nil, biz, emp, lr)
	r.call(key, "GET", L+"/{leaveRequestId}/overlapping", nil, biz, emp, lr)
	r.call(key, "GET", M+"/leaverequest", nil, biz, "?filter.status=Pending")
	r.call(key, "GET", M+"/leaverequest/overlapping", nil, biz, "?fromDate=2026-12-01&toDate=2026-12-31")
	r.call(key, "GET", M+"/leaverequest/categories", nil, biz)
	r.call(key, "GET", L+"/categories", nil, biz, emp)
	r.call(key, "GET", L+"/balances", nil, biz, emp)
	r.call(key, "GET", L+"/estimate", nil, biz, emp, "?fromDate=2026-12-14&toDate=2026-12-18&leaveCategoryId="+itoa(cat))
	r.call(key, "POST", L+"/{leaveRequestId}/approve", nil, biz, emp, lr)
	r.call(key, "DELETE", L+"/{leaveRequestId}", nil, biz, emp, lr)
	declined := r.id(r.form(key, "POST", L, map[string]any{"leaveCategoryId": cat, "fromDate": "2026-12-21T00:00:00", "toDate": "2026-12-21T00:00:00", "hours": 4, "notes": "Errand"}, biz, emp))
	r.form(key, "POST", L+"/{leaveRequestId}/decline", map[string]any{"reason": "Busy"}, biz, emp, declined)
	r.call(key, "GET", M+"/{employeeId}/timesheet/reference", nil, biz, emp)

	// Expenses.
	ecat := r.id(r.call(key, "POST", B+"/employeeexpensecategory", map[string]any{"name": "Manager Travel"}, biz))
	E := M + "/{employeeId}/expense"
	line := map[string]any{"description": "Site visit", "lineItems": []any{map[string]any{"expenseCategoryId": ecat, "amount": 21.5,
		"dateIncurred": "2026-11-03T00:00:00", "locationId": loc}}}
	exp := r.id(r.form(key, "POST", E, line, biz, emp))
	r.form(key, "PUT", E+"/{expenseRequestId}", line, biz, emp, exp)
	r.call(key, "GET", E+"/{expenseRequestId}", nil, biz, emp, exp)
	r.upload(key, "PUT", E+"/{expenseRequestId}/attachment", []testkit.File{{Name: "receipt.png", ContentType: "image/png", Data: []byte("\x89PNG receipt")}}, biz, emp, exp)
	r.call(key, "GET", M+"/expense", nil, biz, "?filter.status=Pending&filter.pageSize=10")
	r.call(key, "GET", M+"/expense/categories", nil, biz)
	r.call(key, "GET", M+"/expense/taxcodes", nil, biz)
	r.call(key, "GET", E+"/reference", nil, biz, emp)
	r.call(key, "POST", E+"/{expenseRequestId}/approve", nil, biz, emp, exp)
	declinedExp := r.id(r.form(key, "POST", E, line, biz, emp))
	r.form(key, "POST", E+"/{expenseRequestId}/decline", map[string]any{"reason": "Duplicate"}, biz, emp, declinedExp)
	r.call(key, "DELETE", E+"/{expenseRequestId}", nil, biz, emp, declinedExp)

	// Roster shifts.
	RS := M + "/rostershift"
	shift := r.id(r.form(key, "POST", RS, map[string]any{"employeeId": emp, "startTime": "2026-11-23T09:00:00", "endTime": "2026-11-23T17:00:00",
		"locationId": loc, "role": map[string]any{"name": "Barista"}, "breaks": []any{map[string]any{"startTime": "2026-11-23T12:00:00", "endTime": "2026-11-23T12:30:00"}}}, biz, "?publish=true"))
	r.form(key, "POST", RS, map[string]any{"startTime": "2026-11-24T09:00:00", "endTime": "2026-11-24T13:00:00", "locationId": loc}, biz)
	r.form(key, "PUT", RS+"/{rosterShiftId}", map[string]any{"employeeId": emp, "startTime": "2026-11-23T08:00:00", "endTime": "2026-11-23T16:00:00",
		"locationId": loc, "role": map[string]any{"name": "Barista"}}, biz, shift, "?publish=true")
	r.call(key, "GET", RS, nil, biz, "?filter.fromDate=2026-11-23&filter.toDate=2026-11-29&filter.selectAllRoles=true")
	r.call(key, "GET", RS+"/{rosterShiftId}", nil, biz, shift, "?includeCosts=true")
	r.call(key, "GET", RS+"/roles", nil, biz)
	r.call(key, "GET", RS+"/{employeeId}/matchingclockon", nil, biz, emp, "?dateUtc=2026-11-23T07:50:00")
	r.call(key, "GET", RS+"/{employeeId}/matchingclockoff", nil, biz, emp, "?dateUtc=2026-11-23T16:05:00")
	r.call(key, "GET", RS+"/{employeeId}/nearby", nil, biz, emp, "?localTime=2026-11-23T07:00:00")
	U := M + "/{employeeId}/rostershift/unavailability"
	un := r.id(r.form(key, "POST", U, map[string]any{"fromDate": "2026-11-25T00:00:00", "toDate": "2026-11-25T23:59:00", "reason": "Study"}, biz, emp))
	r.form(key, "PUT", U+"/{unavailabilityId}", map[string]any{"reason": "Exam"}, biz, emp, un)
	r.call(key, "GET", RS+"/manage", nil, biz, "?filterModel.date=2026-11-23&filterModel.includeCosts=true")
	r.call(key, "DELETE", U+"/{unavailabilityId}", nil, biz, emp, un)
	r.form(key, "POST", RS+"/{rosterShiftId}/stub", map[string]any{"note": "from roster"}, biz, shift)
	r.call(key, "GET", M+"/dashboard", nil, biz)

	// Profile image, onboarding, rounding rules.
	var pic bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{G: 200, A: 255})
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	r.upload(key, "POST", M+"/employee/{employeeId}/image", []testkit.File{{Name: "mia.png", ContentType: "image/png", Data: pic.Bytes()}}, biz, emp)
	r.call(key, "GET", M+"/employee/{employeeId}/image", nil, biz, emp)
	r.call(key, "DELETE", M+"/employee/{employeeId}/image", nil, biz, emp)
	r.form(key, "POST", M+"/employeeonboarding/initiateselfservice", map[string]any{"firstName": "Owen", "surname": "Onboarded", "email": "owen.manager@example.com"}, biz)
	r.form(key, "POST", M+"/roundingrules", map[string]any{"shiftStartRoundingDirection": "Down", "shiftStartRoundingInterval": 5}, biz)
	r.call(key, "GET", M+"/roundingrules", nil, biz)
	r.call(key, "GET", "/api/v2/manager/security/businesses", nil)

	// Documents: a leave request's attachment, the download.
	var docs []struct {
		ID int64 `json:"id"`
	}
	r.s.UploadWith("POST", r.path("POST", B+"/employee/{employeeId}/document", []any{biz, emp}), key, testkit.File{Name: "note.pdf", ContentType: "application/pdf",
		Data: []byte("%PDF note")}).Expect(t, 200).JSON(t, &docs)
	if len(docs) != 1 {
		t.Fatalf("documents %v", docs)
	}
	att := r.id(r.form(key, "POST", L, map[string]any{"leaveCategoryId": cat, "fromDate": "2027-01-11T00:00:00", "toDate": "2027-01-11T00:00:00", "hours": 7.6, "notes": "Doctor"}, biz, emp))
	r.s.Do("POST", r.path("POST", B+"/employee/{employeeId}/document/{documentId}/leave/{leaveRequestId}", []any{biz, emp, docs[0].ID, att}), key, nil).Expect(t, 200)
	r.call(key, "GET", L+"/{leaveRequestId}/attachment", nil, biz, emp, att)
	r.call(key, "GET", M+"/{employeeId}/document/download/{documentId}", nil, biz, emp, docs[0].ID)
}
