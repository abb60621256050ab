package conformance_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	"github.com/payrolld/payrolld/internal/testkit"
)

// Steps for the employee records served after the first areas (documents,
// qualifications, expense requests, self-service access, photos,
// self-managed super funds) and for rosters and kiosks.

// upload sends files as multipart/form-data with method and checks the
// answer like call.
func (r *run) upload(key, method, pattern string, files []testkit.File, args ...any) *testkit.Response {
	r.t.Helper()
	path := r.path(method, pattern, args)
	return r.checked(method, pattern, path, r.s.UploadWith(method, path, key, files...))
}

func recordSteps(r *run, f *areaFixture) {
	B := "/api/v2/business/{businessId}"
	E := B + "/employee/{employeeId}"
	key, biz, ann := f.key, f.biz, f.ann

	// Expense requests: create, edit, attach a receipt, approve; decline another.
	line := func(amount float64, day string) map[string]any {
		return map[string]any{"expenseCategoryId": f.tools, "amount": amount, "dateIncurred": day, "notes": "receipt kept"}
	}
	X := E + "/expenserequest"
	exp := r.id(r.form(key, "POST", X, map[string]any{"description": "Client visit", "lineItems": []any{line(12.5, "2026-11-03T00:00:00")}}, biz, ann))
	r.call(key, "GET", X, nil, biz, ann)
	r.call(key, "GET", X+"/{expenseRequestId}", nil, biz, ann, exp)
	r.form(key, "PUT", X+"/{expenseRequestId}", map[string]any{"description": "Client visit", "lineItems": []any{line(12.5, "2026-11-03T00:00:00"), line(20.25, "2026-11-04T00:00:00")}}, biz, ann, exp)
	r.upload(key, "PUT", X+"/{expenseRequestId}/attachment", []testkit.File{{Name: "receipt.jpg", ContentType: "image/jpeg", Data: []byte("jpeg bytes")}}, biz, ann, exp)
	declined := r.id(r.form(key, "POST", X, map[string]any{"lineItems": []any{line(7, "2026-11-03T00:00:00")}}, biz, ann))
	r.call(key, "POST", X+"/{expenseRequestId}/decline", "no receipt", biz, ann, declined)
	cancelled := r.id(r.form(key, "POST", X, map[string]any{"lineItems": []any{line(3, "2026-11-03T00:00:00")}}, biz, ann))
	r.call(key, "DELETE", X+"/{expenseRequestId}", nil, biz, ann, cancelled)

	// Documents, linked to and unlinked from an expense, a leave request and a timesheet line.
	D := E + "/document"
	var docs []struct {
		ID int64 `json:"id"`
	}
	r.upload(key, "POST", D, []testkit.File{{Name: "contract.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4 contract")}}, biz, ann, "?visible=true").JSON(r.t, &docs)
	if len(docs) != 1 {
		r.t.Fatalf("uploaded documents %v", docs)
	}
	doc := docs[0].ID
	r.call(key, "GET", D, nil, biz, ann)
	r.call(key, "GET", D+"/{documentId}", nil, biz, ann, doc)
	r.call(key, "GET", D+"/{documentId}/content", nil, biz, ann, doc)
	r.form(key, "PUT", D, map[string]any{"id": doc, "requiresEmployeeAcknowledgement": true}, biz, ann)
	leave := r.id(r.form(key, "POST", E+"/leaverequest", map[string]any{"leaveCategoryId": f.unpaid, "fromDate": "2026-12-14T00:00:00", "toDate": "2026-12-14T00:00:00", "notes": "Dentist"}, biz, ann))
	ts := r.id(r.form(key, "POST", B+"/timesheet", map[string]any{"employeeId": ann, "startTime": "2026-11-28T09:00:00", "endTime": "2026-11-28T13:00:00", "locationId": f.loc}, biz))
	for _, link := range []struct {
		pattern string
		id      int64
	}{{"/expense/{expenseRequestId}", exp}, {"/leave/{leaveRequestId}", leave}, {"/timesheet/{timesheetLineId}", ts}} {
		r.call(key, "POST", D+"/{documentId}"+link.pattern, nil, biz, ann, doc, link.id)
		r.call(key, "DELETE", D+"/{documentId}"+link.pattern, nil, biz, ann, doc, link.id)
	}
	r.call(key, "POST", X+"/{expenseRequestId}/approve", nil, biz, ann, exp)
	r.call(key, "DELETE", D+"/{documentId}", nil, biz, ann, doc)

	// Qualifications and their documents.
	firstAid := r.id(r.form(key, "POST", B+"/qualification", map[string]any{"name": "Conf First Aid"}, biz))
	Q := E + "/qualification"
	r.form(key, "POST", Q, map[string]any{"qualificationId": firstAid, "issueDate": "2026-01-10T00:00:00", "expiryDate": "2029-01-10T00:00:00", "referenceNumber": "FA-1"}, biz, ann)
	r.call(key, "GET", Q, nil, biz, ann)
	r.call(key, "GET", Q+"/{id}", nil, biz, ann, firstAid)
	QD := Q + "/{qualificationId}/document"
	var qdocs []struct {
		ID int64 `json:"id"`
	}
	r.upload(key, "POST", QD, []testkit.File{{Name: "cert.png", ContentType: "image/png", Data: []byte("\x89PNG cert")}}, biz, ann, firstAid).JSON(r.t, &qdocs)
	if len(qdocs) != 1 {
		r.t.Fatalf("qualification documents %v", qdocs)
	}
	r.call(key, "GET", QD, nil, biz, ann, firstAid)
	r.call(key, "GET", QD+"/{documentId}", nil, biz, ann, firstAid, qdocs[0].ID)
	r.call(key, "GET", QD+"/{documentId}/content", nil, biz, ann, firstAid, qdocs[0].ID)
	r.call(key, "DELETE", QD+"/{documentId}", nil, biz, ann, firstAid, qdocs[0].ID)
	r.call(key, "DELETE", Q, nil, biz, ann, "?id="+itoa(firstAid))

	// Self-service access and onboarding.
	A := E + "/access"
	r.form(key, "POST", A, map[string]any{"email": "ann.conformance@example.com", "name": "Ann", "suppressNotificationEmails": true}, biz, ann)
	r.call(key, "GET", A, nil, biz, ann)
	r.call(key, "GET", A+"/email", nil, biz, ann, "?email=ann.conformance@example.com")
	r.form(key, "PUT", A, map[string]any{"name": "Annie"}, biz, ann, "?email=ann.conformance@example.com")
	r.call(key, "DELETE", A, nil, biz, ann, "?email=ann.conformance@example.com")
	r.form(key, "POST", B+"/employeeonboarding/initiateselfservice", map[string]any{"firstName": "Nina", "surname": "Conformance", "email": "nina.conformance@example.com"}, biz)

	// Photo.
	var pic bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.Set(0, 0, color.RGBA{R: 200, A: 255})
	if err := png.Encode(&pic, img); err != nil {
		r.t.Fatal(err)
	}
	r.upload(key, "POST", E+"/image", []testkit.File{{Name: "me.png", ContentType: "image/png", Data: pic.Bytes()}}, biz, ann)
	r.call(key, "GET", E+"/image", nil, biz, ann)
	r.call(key, "DELETE", E+"/image", nil, biz, ann)

	// Self-managed super fund.
	F := E + "/selfmanagedsuperfund"
	fund := r.id(r.form(key, "POST", F, map[string]any{"fundName": "Conf Family Super", "abn": "51 824 753 556", "bsb": "062-000", "accountNumber": "12345678",
		"accountName": "Conf SF", "electronicServiceAddress": r.s.Reference.SuperRegistry.ESAs[0].Name}, biz, ann))
	r.call(key, "GET", F, nil, biz, ann)
	r.call(key, "GET", F+"/{id}", nil, biz, ann, fund)
	r.form(key, "PUT", F+"/{id}", map[string]any{"fundName": "Conf Super"}, biz, ann, fund)
}

// rosterKioskSteps rosters Ben for 2 Nov 09:00-17:00 Sydney time and
// clocks him on and off at a kiosk (the test clock is 2 Nov 09:00 UTC, so
// the day is in the past).
func rosterKioskSteps(r *run, f *areaFixture) {
	B := "/api/v2/business/{businessId}"
	key, biz, ben := f.key, f.biz, f.ben

	RS := B + "/rostershift"
	shift := r.id(r.form(key, "POST", RS, map[string]any{"employeeId": ben, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T17:00:00",
		"locationId": f.loc, "workTypeId": f.workType, "breaks": []any{map[string]any{"startTime": "2026-11-02T12:00:00", "endTime": "2026-11-02T12:30:00"}}}, biz, "?publish=true"))
	r.call(key, "GET", RS, nil, biz, "?fromDate=2026-11-02&toDate=2026-11-08&selectAllRoles=true")
	r.form(key, "PUT", RS+"/{rosterShiftId}", map[string]any{"employeeId": ben, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T17:00:00",
		"locationId": f.loc, "workTypeId": f.workType}, biz, shift, "?publish=true")
	M := RS + "/{employeeId}/"
	r.call(key, "GET", M+"matchingclockon", nil, biz, ben, "?dateUtc=2026-11-02T08:50:00")
	r.call(key, "GET", M+"matchingclockoff", nil, biz, ben, "?dateUtc=2026-11-02T17:05:00")
	r.call(key, "GET", M+"nearby", nil, biz, ben, "?localTime=2026-11-02T08:00:00")
	spare := r.id(r.form(key, "POST", RS, map[string]any{"employeeId": ben, "startTime": "2026-11-01T09:00:00", "endTime": "2026-11-01T12:00:00", "locationId": f.loc}, biz, "?publish=true"))
	r.form(key, "POST", RS+"/{rosterShiftId}/stub", map[string]any{"note": "from roster"}, biz, spare)

	K := B + "/kiosk"
	kiosk := r.id(r.form(key, "POST", K, map[string]any{"name": "Conf Front desk", "locationId": f.loc, "timeZone": "AUS Eastern Standard Time", "clockOnWindowMinutes": 30}, biz))
	r.call(key, "GET", K, nil, biz)
	r.call(key, "GET", K+"/{id}", nil, biz, kiosk)
	r.form(key, "PUT", K+"/{id}", map[string]any{"name": "Conf Front desk", "locationId": f.loc, "timeZone": "AUS Eastern Standard Time", "paidBreaksEnabled": false}, biz, kiosk)
	r.call(key, "POST", B+"/employee/grantkioskaccess/{employeeId}", nil, biz, ben)
	r.call(key, "GET", K+"/hasaccess/{employeeId}", nil, biz, ben)
	KI := K + "/{kioskId}/"
	r.form(key, "POST", KI+"changepin", map[string]any{"employeeId": ben, "newPin": "2468"}, biz, kiosk)
	r.form(key, "POST", KI+"checkpin", map[string]any{"employeeId": ben, "pin": "2468"}, biz, kiosk)
	r.form(key, "POST", KI+"checkid", map[string]any{"employeeId": ben}, biz, kiosk)
	// Sydney is UTC+11 in November: 09:04 local is 22:04 UTC the day before.
	act := func(op, utc string) {
		r.form(key, "POST", KI+op, map[string]any{"employeeId": ben, "recordedTimeUtc": utc}, biz, kiosk)
	}
	act("clockon", "2026-11-01T22:04:00Z")
	act("startbreak", "2026-11-02T01:00:00Z")
	act("endbreak", "2026-11-02T01:30:00Z")
	act("clockoff", "2026-11-02T06:02:00Z")
	act("clockon", "2026-11-02T08:00:00Z")
	act("discard", "2026-11-02T08:01:00Z")
	r.call(key, "POST", B+"/employee/revokekioskaccess/{employeeId}", nil, biz, ben)
	spareKiosk := r.id(r.form(key, "POST", K, map[string]any{"name": "Conf Spare"}, biz))
	r.call(key, "DELETE", K+"/{id}", nil, biz, spareKiosk)
}
