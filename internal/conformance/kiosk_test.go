package conformance_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseKiosk steps through the time and attendance operations:
// added shifts, the shifts list, shift notes, staff,
// PIN resets and lookup data on the business kiosk paths and their manager
// mirrors, the manager's kiosk timesheets, and the self-service shifts,
// notes and lookup data. Kim works at the kiosk's location; the test clock
// is 2 Nov 09:00 UTC, so the shifts are in the past.
func exerciseKiosk(t *testing.T, r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	key, biz := b.Key, b.Biz
	loc := r.id(r.form(key, "POST", B+"/location", map[string]any{"name": "Kiosk Newtown", "state": "NSW"}, biz))
	kim := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Kim", "surname": "Kiosk", "startDate": "2025-07-01T00:00:00",
		"rate": 30, "rateUnit": "Hourly", "primaryLocation": "Kiosk Newtown", "emailAddress": "kim@example.com", "mobilePhone": "0400 111 222"}, biz, "?matchType=None"))
	kiosk := r.id(r.form(key, "POST", B+"/kiosk", map[string]any{"name": "Kiosk Newtown desk", "locationId": loc, "timeZone": "AUS Eastern Standard Time",
		"canAddEmployees": true, "timesheetDimensionsEnabled": true}, biz))
	r.call(key, "POST", B+"/employee/grantkioskaccess/{employeeId}", nil, biz, kim)

	for i, K := range []string{B + "/kiosk", B + "/manager/kiosk"} {
		KI := K + "/{kioskId}/"
		// 31 Oct (i = 0) and 30 Oct (i = 1), 09:00-13:00 Sydney time.
		day := []string{"2026-10-30", "2026-10-29"}[i]
		next := []string{"2026-10-31", "2026-10-30"}[i]
		shift := r.id(r.form(key, "POST", KI+"addshift", map[string]any{"employeeId": kim, "recordedStartTimeUtc": day + "T22:00:00Z",
			"recordedEndTimeUtc": next + "T02:00:00Z", "note": "entered at the desk", "breaks": []any{map[string]any{
				"start": map[string]any{"recordedTimeUtc": next + "T00:00:00Z"}, "end": map[string]any{"recordedTimeUtc": next + "T00:15:00Z"}}}}, biz, kiosk))
		r.form(key, "POST", K+"/shifts", map[string]any{"fromDateUtc": "2026-10-29T00:00:00Z", "toDateUtc": "2026-11-02T00:00:00Z"}, biz)
		r.call(key, "GET", KI+"staff", nil, biz, kiosk)
		r.form(key, "POST", KI+"staff", map[string]any{"firstName": "Kit", "surname": []string{"Newstaff", "Managerstaff"}[i], "pin": "1357"}, biz, kiosk)
		r.form(key, "POST", KI+"emailreset", map[string]any{"employeeId": kim}, biz, kiosk)
		r.form(key, "POST", KI+"smsreset", map[string]any{"employeeId": kim}, biz, kiosk)
		r.call(key, "GET", KI+"lookupdata/{employeeId}", nil, biz, kiosk, kim)
		N := KI + "shift/{shiftId}/notes"
		note := r.id(r.form(key, "POST", N, map[string]any{"note": "please clock on", "type": "Shift", "visibility": "Visible", "isAdminInitiated": true}, biz, kiosk, shift))
		r.call(key, "GET", N, nil, biz, kiosk, shift)
		r.form(key, "POST", N+"/read-state", map[string]any{"noteIds": []int64{note}, "read": true}, biz, kiosk, shift)
		r.call(key, "DELETE", N+"/{noteId}", nil, biz, kiosk, shift, note)
		if i == 1 {
			// The manager's mirrors of the kiosk reads and PIN checks.
			r.call(key, "GET", K, nil, biz)
			r.call(key, "GET", K+"/{id}", nil, biz, kiosk)
			r.form(key, "POST", KI+"changepin", map[string]any{"employeeId": kim, "newPin": "2468"}, biz, kiosk)
			r.form(key, "POST", KI+"checkpin", map[string]any{"employeeId": kim, "pin": "2468"}, biz, kiosk)
			r.form(key, "POST", KI+"checkid", map[string]any{"employeeId": kim}, biz, kiosk)
			act := func(op, utc string) {
				r.form(key, "POST", KI+op, map[string]any{"employeeId": kim, "recordedTimeUtc": utc}, biz, kiosk)
			}
			act("clockon", "2026-10-31T22:00:00Z")
			act("startbreak", "2026-11-01T01:00:00Z")
			act("endbreak", "2026-11-01T01:30:00Z")
			act("clockoff", "2026-11-01T04:00:00Z")
			act("clockon", "2026-11-01T05:00:00Z")
			act("discard", "2026-11-01T05:01:00Z")
		}
	}

	// The manager's kiosk timesheets.
	T := B + "/manager/kiosk/timesheet"
	line := r.id(r.form(key, "POST", T, map[string]any{"employeeId": kim, "startTime": "2026-10-28T09:00:00", "endTime": "2026-10-28T12:00:00", "locationId": loc}, biz))
	r.call(key, "GET", T, nil, biz, "?fromDate=2026-10-26&toDate=2026-11-01")
	r.form(key, "PUT", T+"/{timesheetLineId}", map[string]any{"employeeId": kim, "startTime": "2026-10-28T09:00:00", "endTime": "2026-10-28T13:00:00", "locationId": loc}, biz, line)
	r.form(key, "PUT", B+"/manager/kiosk/timesheetcomments/{timesheetLineId}", map[string]any{"comments": "checked"}, biz, line)

	// Self service: Kim's shifts, notes and lookup data.
	S := "/api/v2/ess/{employeeId}/timeandattendance"
	var shifts []struct {
		ID int64 `json:"id"`
	}
	r.form(key, "POST", S+"/shifts", map[string]any{"fromDateUtc": "2026-10-29T00:00:00Z"}, kim).JSON(t, &shifts)
	if len(shifts) == 0 {
		t.Fatal("no self-service shifts")
	}
	SN := S + "/shift/{shiftId}/notes"
	own := r.id(r.form(key, "POST", SN, map[string]any{"note": "left early"}, kim, shifts[0].ID))
	r.call(key, "GET", SN, nil, kim, shifts[0].ID)
	r.form(key, "POST", SN+"/read-state", map[string]any{"noteIds": []int64{own}, "read": true}, kim, shifts[0].ID)
	r.call(key, "GET", S+"/lookupdata", nil, kim)
}
