package conformance_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	"github.com/payrolld/payrolld/internal/testkit"
)

// exerciseSelfServiceShifts steps through the self-service roster answers,
// shift matching, profile image and time-and-attendance operations that
// awaited their steps. The owner acts through the self-service
// paths, as a business user covering the employee may.
func exerciseSelfServiceShifts(r *run, b *testkit.Bundle) {
	B := "/api/v2/business/{businessId}"
	S := "/api/v2/ess/{employeeId}"
	key, biz := b.Key, b.Biz
	loc := r.id(r.form(key, "POST", B+"/location", map[string]any{"name": "Awaited Newcastle", "state": "NSW"}, biz))
	emp := r.id(r.call(key, "POST", B+"/employee/unstructured", map[string]any{"firstName": "Ada", "surname": "Awaited",
		"startDate": "2025-07-01T00:00:00", "employmentType": "PartTime", "rate": 28, "rateUnit": "Hourly", "residentialState": "NSW",
		"primaryLocation": "Awaited Newcastle"}, biz, "?matchType=None"))
	shift := func(day string) int64 {
		return r.id(r.form(key, "POST", B+"/rostershift", map[string]any{"employeeId": emp, "locationId": loc,
			"startTime": day + "T09:00:00", "endTime": day + "T15:00:00"}, biz, "?publish=true"))
	}
	s1, s2, s3, s4 := shift("2026-11-24"), shift("2026-11-25"), shift("2026-11-26"), shift("2026-11-27")
	r.call(key, "POST", S+"/shift/{shiftId}/accept", nil, emp, s1)
	r.form(key, "POST", S+"/shift/{shiftId}/decline", map[string]any{"reason": "exam"}, emp, s2)
	r.form(key, "POST", S+"/shift/accept", map[string]any{"shifts": []int64{s3}}, emp)
	r.form(key, "POST", S+"/shift/decline", map[string]any{"shifts": []int64{s4}, "reason": "away"}, emp)
	r.call(key, "GET", S+"/shift/matchingclockon", nil, emp, "?localTime=2026-11-24T08:50:00")
	r.call(key, "GET", S+"/shift/matchingclockoff", nil, emp, "?localTime=2026-11-24T15:05:00")
	r.call(key, "GET", S+"/shift/nearby", nil, emp, "?localTime=2026-11-24T08:00:00")
	r.call(key, "GET", S+"/security/features", nil, emp)
	r.call(key, "GET", S+"/details", nil, emp)
	r.call(key, "GET", S+"/emergencycontacts", nil, emp)

	var pic bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(1, 1, color.RGBA{B: 200, A: 255})
	if err := png.Encode(&pic, img); err != nil {
		r.t.Fatal(err)
	}
	r.upload(key, "POST", S+"/profileimage", []testkit.File{{Name: "ada.png", ContentType: "image/png", Data: pic.Bytes()}}, emp)
	r.call(key, "GET", S+"/profileimage", nil, emp)
	r.call(key, "DELETE", S+"/profileimage", nil, emp)

	T := S + "/timeandattendance/"
	act := func(op, utc string) {
		r.form(key, "POST", T+op, map[string]any{"employeeId": emp, "recordedTimeUtc": utc, "locationId": loc}, emp)
	}
	act("clockon", "2026-11-01T21:58:00Z")
	act("startbreak", "2026-11-02T01:00:00Z")
	act("endbreak", "2026-11-02T01:20:00Z")
	act("clockoff", "2026-11-02T04:00:00Z")
	act("clockon", "2026-11-02T05:00:00Z")
	act("discard", "2026-11-02T05:01:00Z")
}
