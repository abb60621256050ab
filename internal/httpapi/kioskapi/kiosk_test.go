package kioskapi_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

type env struct {
	*testkit.Bundle
	sydney, barista int64
	ann, ben, bob   int64
	kiosk           int64
	K               string
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b}
	id := func(key, path string, body map[string]any) int64 {
		return int64(b.Do("POST", path, key, body).Expect(t, 200).Map(t)["id"].(float64))
	}
	e.sydney = id(b.Key, b.B+"/location", map[string]any{"name": "Sydney", "state": "NSW"})
	e.barista = id(b.Key, b.B+"/worktype", map[string]any{"name": "Barista"})
	U := b.B + "/employee/unstructured?matchType=None"
	e.ann = id(b.Key, U, map[string]any{"firstName": "Ann", "surname": "Lee", "rate": 30, "rateUnit": "Hourly", "primaryLocation": "Sydney", "locations": "Sydney"})
	e.ben = id(b.Key, U, map[string]any{"firstName": "Ben", "surname": "Ng", "rate": 30, "rateUnit": "Hourly"})
	e.bob = id(b.OtherKey, b.OtherB+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Bo", "surname": "Bob"})
	e.kiosk = id(b.Key, b.B+"/kiosk", map[string]any{"name": "Front desk", "locationId": e.sydney, "timeZone": "AUS Eastern Standard Time", "clockOnWindowMinutes": 30})
	e.K = fmt.Sprintf("%s/kiosk/%d", b.B, e.kiosk)
	return e
}

func TestKiosks(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key, K := e.B, e.Key, e.K
		k := e.Do("GET", K, key, nil).Expect(t, 200).Map(t)
		if k["name"] != "Front desk" || k["locationId"] != float64(e.sydney) || k["clockOnWindowMinutes"] != 30.0 || k["branding"] == nil {
			t.Fatalf("kiosk %v", k)
		}
		u := e.Do("PUT", K, key, map[string]any{"name": "Front", "ianaTimeZone": "Australia/Sydney", "paidBreaksEnabled": true}).Expect(t, 200).Map(t)
		if u["name"] != "Front" || u["paidBreaksEnabled"] != true || u["locationId"] != nil {
			t.Fatalf("updated %v", u)
		}
		e.Do("PUT", K, key, map[string]any{"name": "Front desk", "locationId": e.sydney, "timeZone": "AUS Eastern Standard Time"}).Expect(t, 200)
		var ks []map[string]any
		e.Do("GET", B+"/kiosk", key, nil).Expect(t, 200).JSON(t, &ks)
		if len(ks) != 1 {
			t.Fatalf("kiosks %v", ks)
		}
		spare := int64(e.Do("POST", B+"/kiosk", key, map[string]any{"name": "Spare"}).Expect(t, 200).Map(t)["id"].(float64))
		e.Do("DELETE", fmt.Sprintf("%s/kiosk/%d", B, spare), key, nil).Expect(t, 200)
		e.Do("GET", fmt.Sprintf("%s/kiosk/%d", B, spare), key, nil).Expect(t, 404)

		// Access and PINs.
		has := func(emp int64) bool {
			var b bool
			e.Do("GET", fmt.Sprintf("%s/kiosk/hasaccess/%d", B, emp), key, nil).Expect(t, 200).JSON(t, &b)
			return b
		}
		if has(e.ann) {
			t.Fatal("access before grant")
		}
		e.Do("POST", fmt.Sprintf("%s/employee/grantkioskaccess/%d", B, e.ann), key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/grantkioskaccess/%d", B, e.ben), key, nil).Expect(t, 200)
		if !has(e.ann) {
			t.Fatal("no access after grant")
		}
		e.Do("POST", K+"/changepin", key, map[string]any{"employeeId": e.ann, "newPin": "1234"}).Expect(t, 200)
		st := e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "1234"}).Expect(t, 200).Map(t)
		if st["status"] != "NotClockedOn" || st["name"] != "Ann Lee" {
			t.Fatalf("checkpin %v", st)
		}

		// A published roster shift 09:00-17:00 Sydney time on 2 Nov; the
		// business rounds the shift start to the rostered start within 10
		// minutes and the end down to 15 minutes.
		e.Do("POST", B+"/roundingrules", key, map[string]any{"shiftEndRoundingDirection": "Down", "shiftEndRoundingInterval": 15,
			"roundDownToShiftStartTimeRoundingInterval": 10}).Expect(t, 200)
		rs := e.Do("POST", B+"/rostershift?publish=true", key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T09:00:00",
			"endTime": "2026-11-02T17:00:00", "workTypeId": e.barista}).Expect(t, 200).Map(t)
		_ = rs
		// The test clock is 2026-11-02T09:00Z; Sydney is UTC+11 in November.
		at := func(local string) string {
			l, _ := time.Parse("2006-01-02T15:04:05", local)
			return l.Add(-11 * time.Hour).Format(time.RFC3339)
		}
		e.Clock.Advance(48 * time.Hour) // recorded times are in the past
		on := e.Do("POST", K+"/clockon", key, map[string]any{"employeeId": e.ann, "recordedTimeUtc": at("2026-11-02T09:04:00"), "note": "hi"}).Expect(t, 200).Map(t)
		if on["status"] != "ClockedOn" || on["currentShiftId"] == nil {
			t.Fatalf("clock on %v", on)
		}
		e.Do("POST", K+"/startbreak", key, map[string]any{"employeeId": e.ann, "recordedTimeUtc": at("2026-11-02T12:00:00")}).Expect(t, 200)
		e.Do("POST", K+"/endbreak", key, map[string]any{"employeeId": e.ann, "recordedTimeUtc": at("2026-11-02T12:30:00")}).Expect(t, 200)
		off := e.Do("POST", K+"/clockoff", key, map[string]any{"employeeId": e.ann, "recordedTimeUtc": at("2026-11-02T17:11:00")}).Expect(t, 200).Map(t)
		if off["status"] != "ClockedOff" || off["timesheetLineId"] == nil {
			t.Fatalf("clock off %v", off)
		}
		line := e.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, int64(off["timesheetLineId"].(float64))), key, nil).Expect(t, 200).Map(t)
		// 09:04 snaps to the rostered 09:00; 17:11 rounds down to 17:00; a
		// 30-minute unpaid break: 450 minutes at 30 = 225.00.
		if line["status"] != "Submitted" || line["start"] != "2026-11-02T09:00:00" || line["end"] != "2026-11-02T17:00:00" ||
			line["workDurationInMinutes"] != 450.0 || line["cost"] != 225.0 || line["workTypeId"] != float64(e.barista) ||
			line["locationId"] != float64(e.sydney) || line["source"] != "TimeAndAttendanceKiosk" || line["submittedStart"] != "2026-11-02T09:04:00" {
			t.Fatalf("clocked line %v", line)
		}

		// Two concurrent clock-ons of one employee: one wins, one gets 409.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i] = e.Do("POST", K+"/clockon", key, map[string]any{"employeeId": e.ben}).Status
			}(i)
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
			t.Fatalf("racing clock-ons answered %v", codes)
		}
		e.Do("POST", K+"/discard", key, map[string]any{"employeeId": e.ben}).Expect(t, 200)

		_, carolKey := e.NewUser("carol@example.com")
		e.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ViewRosters"}}}).Expect(t, 200)

		OK := fmt.Sprintf("%s/kiosk/%d", e.OtherB, e.kiosk)
		e.RunCases(t, []testkit.Case{
			{Name: "no credentials", Method: "GET", Path: B + "/kiosk", Status: 401},
			{Name: "other tenant kiosk", Method: "GET", Path: OK, Key: e.OtherKey, Status: 404},
			{Name: "other tenant clock on", Method: "POST", Path: OK + "/clockon", Key: e.OtherKey, Body: map[string]any{"employeeId": e.bob}, Status: 404},
			{Name: "create without name", Method: "POST", Path: B + "/kiosk", Key: key, Body: map[string]any{"timeZone": "UTC"}, Status: 400, Field: "name"},
			{Name: "create bad zone", Method: "POST", Path: B + "/kiosk", Key: key, Body: map[string]any{"name": "x", "ianaTimeZone": "Mars/Base"}, Status: 400, Field: "ianaTimeZone"},
			{Name: "create other tenant's location", Method: "POST", Path: B + "/kiosk", Key: key, Body: map[string]any{"name": "x", "locationId": 999999}, Status: 400, Field: "locationId"},
			{Name: "restricted user cannot create", Method: "POST", Path: B + "/kiosk", Key: carolKey, Body: map[string]any{"name": "x"}, Status: 403},
			{Name: "grant other tenant's employee", Method: "POST", Path: fmt.Sprintf("%s/employee/grantkioskaccess/%d", B, e.bob), Key: key, Status: 404},
			{Name: "restricted grant outside scope", Method: "POST", Path: fmt.Sprintf("%s/employee/grantkioskaccess/%d", B, e.ben), Key: carolKey, Status: 404},
			{Name: "clock on without access", Method: "POST", Path: K + "/clockon", Key: key, Body: map[string]any{"employeeId": e.bob}, Status: 404},
			{Name: "clock off when not on", Method: "POST", Path: K + "/clockoff", Key: key, Body: map[string]any{"employeeId": e.ann}, Status: 409},
			{Name: "end break when not on break", Method: "POST", Path: K + "/endbreak", Key: key, Body: map[string]any{"employeeId": e.ann}, Status: 409},
			{Name: "clock on without employee", Method: "POST", Path: K + "/clockon", Key: key, Body: map[string]any{}, Status: 400, Field: "employeeId"},
			{Name: "clock on future time", Method: "POST", Path: K + "/clockon", Key: key, Body: map[string]any{"employeeId": e.ann, "recordedTimeUtc": "2030-01-01T00:00:00Z"}, Status: 400, Field: "recordedTimeUtc"},
			{Name: "clock on unknown work type", Method: "POST", Path: K + "/clockon", Key: key, Body: map[string]any{"employeeId": e.ann, "workTypeId": 999999}, Status: 400, Field: "workTypeId"},
			{Name: "short pin", Method: "POST", Path: K + "/changepin", Key: key, Body: map[string]any{"employeeId": e.ann, "oldPin": "1234", "newPin": "12"}, Status: 400, Field: "newPin"},
			{Name: "change pin wrong old", Method: "POST", Path: K + "/changepin", Key: key, Body: map[string]any{"employeeId": e.ann, "oldPin": "9999", "newPin": "4321"}, Status: 400, Field: "oldPin"},
			{Name: "checkpin without pin set", Method: "POST", Path: K + "/checkpin", Key: key, Body: map[string]any{"employeeId": e.ben, "pin": "1111"}, Status: 409},
		})

		// Lock-out: 5 wrong PINs in a row (one was counted above) lock PIN
		// checks, even for the right PIN; a later good PIN clears them.
		for i := 0; i < 3; i++ {
			e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "0000"}).Expect(t, 400)
		}
		e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "0000"}).Expect(t, 409)
		e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "1234"}).Expect(t, 409)
		e.Clock.Advance(16 * time.Minute)
		e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "1234"}).Expect(t, 200)
		e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "0000"}).Expect(t, 400)

		e.Do("POST", fmt.Sprintf("%s/employee/revokekioskaccess/%d", B, e.ann), key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("POST", K+"/clockon", key, map[string]any{"employeeId": e.ann}), 400, "employeeId")
		// A kiosk with someone clocked on cannot be deleted.
		e.Do("POST", K+"/clockon", key, map[string]any{"employeeId": e.ben}).Expect(t, 200)
		e.Do("DELETE", K, key, nil).Expect(t, 409)
	})
}
