package kioskapi_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Added shifts, the shifts list, shift notes, staff, PIN resets and lookup
// data, on the business kiosk paths, their manager mirrors and self service.
func TestTimeAndAttendance(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEnv(t, d)
		B, key, K := e.B, e.Key, e.K
		MK := fmt.Sprintf("%s/manager/kiosk/%d", B, e.kiosk)
		for _, emp := range []int64{e.ann, e.ben} {
			e.Do("POST", fmt.Sprintf("%s/employee/grantkioskaccess/%d", B, emp), key, nil).Expect(t, 200)
		}
		e.Do("PUT", B+"/employee/unstructured/"+fmt.Sprint(e.ann), key, map[string]any{"emailAddress": "ann@example.com", "mobilePhone": "0400 000 001"}).Expect(t, 200)
		e.Clock.Advance(48 * time.Hour) // the test clock is 2026-11-02T09:00Z; now 4 Nov

		// A shift 09:00-17:00 Sydney time (UTC+11) on 2 Nov with a
		// 30-minute unpaid break, entered at the kiosk. No rounding rules
		// and no roster: the line is the shift, 480 - 30 = 450 minutes at
		// $30/h = $225.00.
		add := map[string]any{"employeeId": e.ann, "recordedStartTimeUtc": "2026-11-01T22:00:00Z", "recordedEndTimeUtc": "2026-11-02T06:00:00Z",
			"workTypeId": e.barista, "note": "forgot to clock", "breaks": []any{map[string]any{"start": map[string]any{"recordedTimeUtc": "2026-11-02T01:00:00Z"},
				"end": map[string]any{"recordedTimeUtc": "2026-11-02T01:30:00Z"}}}}
		sh := e.Do("POST", K+"/addshift", key, add).Expect(t, 200).Map(t)
		if sh["startTimeLocal"] != "2026-11-02T09:00:00" || sh["endTimeLocal"] != "2026-11-02T17:00:00" || sh["kioskName"] != "Front desk" ||
			sh["locationId"] != float64(e.sydney) || sh["workTypeId"] != float64(e.barista) || len(sh["breaks"].([]any)) != 1 || sh["timesheetLineId"] == nil {
			t.Fatalf("added shift %v", sh)
		}
		shiftID := int64(sh["id"].(float64))
		line := e.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, int64(sh["timesheetLineId"].(float64))), key, nil).Expect(t, 200).Map(t)
		if line["start"] != "2026-11-02T09:00:00" || line["end"] != "2026-11-02T17:00:00" || line["workDurationInMinutes"] != 450.0 ||
			line["cost"] != 225.0 || line["status"] != "Submitted" || line["source"] != "TimeAndAttendanceKiosk" {
			t.Fatalf("added shift's line %v", line)
		}
		testkit.ExpectProblem(t, e.Do("POST", K+"/addshift", key, map[string]any{"employeeId": e.ann, "recordedStartTimeUtc": "2026-11-02T05:00:00Z",
			"recordedEndTimeUtc": "2026-11-02T07:00:00Z"}), 409, "")
		// Two racing addshifts of one overlapping shift: one wins, one gets 409.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i] = e.Do("POST", K+"/addshift", key, map[string]any{"employeeId": e.ann, "recordedStartTimeUtc": "2026-10-20T22:00:00Z",
					"recordedEndTimeUtc": fmt.Sprintf("2026-10-21T0%d:00:00Z", i+1)}).Status
			}(i)
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
			t.Fatalf("racing addshifts answered %v", codes)
		}

		// The shifts list, on both paths; a restricted user of Sydney sees
		// Ann's shift (she works there), not Ben's.
		benShiftID := int64(e.Do("POST", K+"/addshift", key, map[string]any{"employeeId": e.ben, "recordedStartTimeUtc": "2026-11-02T22:00:00Z",
			"recordedEndTimeUtc": "2026-11-03T02:00:00Z"}).Expect(t, 200).Map(t)["id"].(float64))
		_, carolKey := e.NewUser("carol@example.com")
		// Carol operates every kiosk (kiosk access) and approves timesheets, over Sydney's employees.
		e.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ViewRosters,ApproveTimesheets"}},
			"kioskAccess":    map[string]any{"accessType": "AllKiosks"}}).Expect(t, 200)
		shifts := func(path, k string, body map[string]any) []map[string]any {
			var out []map[string]any
			e.Do("POST", path, k, body).Expect(t, 200).JSON(t, &out)
			return out
		}
		rng := map[string]any{"fromDateUtc": "2026-11-01T00:00:00Z", "toDateUtc": "2026-11-04T00:00:00Z"}
		if got := shifts(B+"/kiosk/shifts", key, rng); len(got) != 2 || got[0]["id"] != float64(shiftID) || got[0]["employee"].(map[string]any)["name"] != "Ann Lee" {
			t.Fatalf("shifts %v", got)
		}
		if got := shifts(B+"/manager/kiosk/shifts", carolKey, rng); len(got) != 1 || got[0]["id"] != float64(shiftID) {
			t.Fatalf("restricted shifts %v", got)
		}
		if got := shifts(B+"/kiosk/shifts", key, map[string]any{"employeeId": e.ben, "fromDateUtc": "2026-11-01T00:00:00Z"}); len(got) != 1 {
			t.Fatalf("ben's shifts %v", got)
		}

		// Notes: the kiosk user adds one; Ann (self service) adds one and
		// reads; each reader has their own read state; only the author
		// deletes.
		annUser, annKey := e.NewUser("ann.self@example.com")
		testkit.MustExec(t, d, `UPDATE employees SET user_id = $1 WHERE id = $2`, annUser, e.ann)
		N := fmt.Sprintf("%s/shift/%d/notes", K, shiftID)
		SN := fmt.Sprintf("/api/v2/ess/%d/timeandattendance/shift/%d/notes", e.ann, shiftID)
		mgr := e.Do("POST", N, key, map[string]any{"note": "please clock on next time", "isAdminInitiated": true, "visibility": "Visible"}).Expect(t, 200).Map(t)
		hidden := e.Do("POST", N, key, map[string]any{"note": "check with payroll", "visibility": "Hidden"}).Expect(t, 200).Map(t)
		own := e.Do("POST", SN, annKey, map[string]any{"note": "sorry"}).Expect(t, 200).Map(t)
		if mgr["read"] != false || mgr["createdByAdmin"] != true || mgr["type"] != "Shift" || own["employee"].(map[string]any)["id"] != float64(e.ann) {
			t.Fatalf("notes %v %v", mgr, own)
		}
		notes := func(path, k string) []map[string]any {
			var out []map[string]any
			e.Do("GET", path, k, nil).Expect(t, 200).JSON(t, &out)
			return out
		}
		// The add-shift note, the two kiosk notes and Ann's; Ann does not see the hidden one.
		if n := notes(N, key); len(n) != 4 {
			t.Fatalf("kiosk notes %v", n)
		}
		annNotes := notes(SN, annKey)
		if len(annNotes) != 3 {
			t.Fatalf("ann sees %v", annNotes)
		}
		e.Do("POST", SN+"/read-state", annKey, map[string]any{"noteIds": []any{mgr["id"]}, "read": true}).Expect(t, 200)
		for _, n := range notes(SN, annKey) {
			if (n["id"] == mgr["id"]) != (n["read"] == true) {
				t.Fatalf("ann's read state %v", n)
			}
		}
		for _, n := range notes(N, key) {
			if n["read"] == true {
				t.Fatalf("read by ann is not read by the kiosk user: %v", n)
			}
		}
		e.Do("POST", N+"/read-state", key, map[string]any{"read": true}).Expect(t, 200)
		if n := notes(N+"?model.visibility=Hidden", key); len(n) != 1 || n[0]["read"] != true || n[0]["id"] != hidden["id"] {
			t.Fatalf("hidden filter %v", n)
		}
		testkit.ExpectProblem(t, e.Do("DELETE", fmt.Sprintf("%s/%v", N, own["id"]), key, nil), 403, "")
		e.Do("DELETE", fmt.Sprintf("%s/%v", N, mgr["id"]), key, nil).Expect(t, 200)
		e.Do("DELETE", fmt.Sprintf("%s/%v", N, mgr["id"]), key, nil).Expect(t, 404)

		// Staff: Ann (Sydney) and, once added, Dee; Ben has no location.
		staff := func(path, k string) []map[string]any {
			var out []map[string]any
			e.Do("GET", path, k, nil).Expect(t, 200).JSON(t, &out)
			return out
		}
		if s := staff(K+"/staff", key); len(s) != 1 || s[0]["employeeId"] != float64(e.ann) || s[0]["status"] != "NotClockedOn" {
			t.Fatalf("staff %v", s)
		}
		testkit.ExpectProblem(t, e.Do("POST", K+"/staff", key, map[string]any{"firstName": "Dee", "surname": "Ng"}), 403, "")
		e.Do("PUT", K, key, map[string]any{"name": "Front desk", "locationId": e.sydney, "timeZone": "AUS Eastern Standard Time", "canAddEmployees": true}).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("POST", K+"/staff", key, map[string]any{"firstName": "Dee"}), 400, "surname")
		testkit.ExpectProblem(t, e.Do("POST", K+"/staff", key, map[string]any{"firstName": "Dee", "surname": "Ng", "pin": "12"}), 400, "pin")
		dee := e.Do("POST", K+"/staff", key, map[string]any{"firstName": "Dee", "surname": "Ng", "email": "dee@example.com", "pin": "5678"}).Expect(t, 200).Map(t)
		e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": dee["employeeId"], "pin": "5678"}).Expect(t, 200)
		e.Do("POST", K+"/clockon", key, map[string]any{"employeeId": dee["employeeId"]}).Expect(t, 200)
		if s := staff(MK+"/staff", key); len(s) != 2 || s[1]["name"] != "Dee Ng" || s[1]["status"] != "ClockedOn" {
			t.Fatalf("staff with dee %v", s)
		}
		if s := staff(MK+"/staff", carolKey); len(s) != 2 {
			t.Fatalf("restricted staff %v", s)
		}

		// PIN resets: a temporary PIN by email / SMS, expired at once.
		e.Do("POST", K+"/changepin", key, map[string]any{"employeeId": e.ann, "newPin": "1234"}).Expect(t, 200)
		e.Do("POST", K+"/emailreset", key, map[string]any{"employeeId": e.ann}).Expect(t, 200)
		e.Do("POST", MK+"/smsreset", carolKey, map[string]any{"employeeId": e.ann}).Expect(t, 200)
		pinRE := regexp.MustCompile(`temporary PIN is (\d{4})`)
		var pin string
		for _, to := range []string{"ann@example.com", "0400 000 001"} {
			ns, err := d.Queries().ListNotificationsTo(ctx, to)
			if err != nil || len(ns) != 1 || !strings.HasPrefix(ns[0].Kind, "kiosk_pin_reset_") || pinRE.FindStringSubmatch(ns[0].Body) == nil {
				t.Fatalf("reset notifications to %s: %v %v", to, ns, err)
			}
			pin = pinRE.FindStringSubmatch(ns[0].Body)[1]
		}
		e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "1234"}).Expect(t, 400)
		st := e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": pin}).Expect(t, 200).Map(t)
		if st["pinExpired"] != true {
			t.Fatalf("after reset %v", st)
		}
		e.Do("POST", MK+"/changepin", key, map[string]any{"employeeId": e.ann, "newPin": "8642"}).Expect(t, 200)
		e.Do("POST", K+"/checkpin", key, map[string]any{"employeeId": e.ann, "pin": "8642"}).Expect(t, 200)

		// Lookup data: the kiosk's location as default; Barista a work type.
		lk := e.Do("GET", fmt.Sprintf("%s/lookupdata/%d", K, e.ann), key, nil).Expect(t, 200).Map(t)
		if lk["defaultLocation"].(map[string]any)["id"] != float64(e.sydney) || len(lk["workTypes"].([]any)) != 1 || len(lk["locations"].([]any)) != 1 {
			t.Fatalf("lookup %v", lk)
		}
		e.Do("GET", fmt.Sprintf("/api/v2/ess/%d/timeandattendance/lookupdata", e.ann), annKey, nil).Expect(t, 200)
		var mine []map[string]any
		e.Do("POST", fmt.Sprintf("/api/v2/ess/%d/timeandattendance/shifts", e.ann), annKey, map[string]any{"employeeId": e.ben, "fromDateUtc": "2026-11-01T00:00:00Z"}).Expect(t, 200).JSON(t, &mine)
		if len(mine) != 1 || mine[0]["id"] != float64(shiftID) {
			t.Fatalf("ess shifts %v", mine)
		}

		OK := fmt.Sprintf("%s/kiosk/%d", e.OtherB, e.kiosk)
		benShift := fmt.Sprintf("%s/shift/%d/notes", MK, benShiftID)
		e.RunCases(t, []testkit.Case{
			{Name: "no credentials", Method: "POST", Path: B + "/kiosk/shifts", Body: map[string]any{}, Status: 401},
			{Name: "other tenant notes", Method: "GET", Path: fmt.Sprintf("%s/shift/%d/notes", OK, shiftID), Key: e.OtherKey, Status: 404},
			{Name: "other tenant staff", Method: "GET", Path: OK + "/staff", Key: e.OtherKey, Status: 404},
			{Name: "restricted: shift outside scope", Method: "GET", Path: benShift, Key: carolKey, Status: 404},
			{Name: "restricted: reset outside scope", Method: "POST", Path: MK + "/emailreset", Key: carolKey, Body: map[string]any{"employeeId": e.ben}, Status: 404},
			{Name: "restricted: lookup outside scope", Method: "GET", Path: fmt.Sprintf("%s/lookupdata/%d", MK, e.ben), Key: carolKey, Status: 404},
			{Name: "restricted cannot add staff", Method: "POST", Path: MK + "/staff", Key: carolKey, Body: map[string]any{"firstName": "X", "surname": "Y"}, Status: 403},
			{Name: "another employee's shift (ess)", Method: "GET", Path: fmt.Sprintf("/api/v2/ess/%d/timeandattendance/shift/%d/notes", e.ann, benShiftID), Key: annKey, Status: 404},
			{Name: "note without text", Method: "POST", Path: N, Key: key, Body: map[string]any{"note": " "}, Status: 400, Field: "note"},
			{Name: "note bad type", Method: "POST", Path: N, Key: key, Body: map[string]any{"note": "x", "type": "Lunch"}, Status: 400, Field: "type"},
			{Name: "note for another employee", Method: "POST", Path: N, Key: key, Body: map[string]any{"note": "x", "employeeId": e.ben}, Status: 400, Field: "employeeId"},
			{Name: "read-state unknown note", Method: "POST", Path: N + "/read-state", Key: key, Body: map[string]any{"noteIds": []int64{999999}, "read": true}, Status: 400, Field: "noteIds"},
			{Name: "bad notes filter", Method: "GET", Path: N + "?model.isAdminInitiated=maybe", Key: key, Status: 400, Field: "model.isAdminInitiated"},
			{Name: "shifts range too long", Method: "POST", Path: B + "/kiosk/shifts", Key: key, Body: map[string]any{"fromDateUtc": "2026-01-01T00:00:00Z", "toDateUtc": "2026-11-01T00:00:00Z"}, Status: 400, Field: "toDateUtc"},
			{Name: "addshift end before start", Method: "POST", Path: K + "/addshift", Key: key, Body: map[string]any{"employeeId": e.ann, "recordedStartTimeUtc": "2026-11-03T05:00:00Z", "recordedEndTimeUtc": "2026-11-03T04:00:00Z"}, Status: 400, Field: "recordedEndTimeUtc"},
			{Name: "addshift break outside", Method: "POST", Path: K + "/addshift", Key: key, Body: map[string]any{"employeeId": e.ann, "recordedStartTimeUtc": "2026-11-03T01:00:00Z", "recordedEndTimeUtc": "2026-11-03T04:00:00Z",
				"breaks": []any{map[string]any{"start": map[string]any{"recordedTimeUtc": "2026-11-03T00:00:00Z"}, "end": map[string]any{"recordedTimeUtc": "2026-11-03T01:30:00Z"}}}}, Status: 400, Field: "breaks[0]"},
			{Name: "addshift without access", Method: "POST", Path: K + "/addshift", Key: key, Body: map[string]any{"employeeId": e.bob, "recordedStartTimeUtc": "2026-11-03T01:00:00Z", "recordedEndTimeUtc": "2026-11-03T04:00:00Z"}, Status: 404},
			{Name: "sms reset without mobile", Method: "POST", Path: K + "/smsreset", Key: key, Body: map[string]any{"employeeId": e.ben}, Status: 400, Field: "employeeId"},
			{Name: "manager kiosk of other tenant", Method: "GET", Path: fmt.Sprintf("%s/manager/kiosk/%d", e.OtherB, e.kiosk), Key: e.OtherKey, Status: 404},
		})
	})
}

// The manager's kiosk timesheet operations read and write timesheet lines
// of the employees in the caller's scope.
func TestManagerKioskTimesheets(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		P := B + "/manager/kiosk/timesheet"
		l := e.Do("POST", P, key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T13:00:00",
			"locationId": e.sydney, "comments": "entered"}).Expect(t, 200).Map(t)
		id := int64(l["id"].(float64))
		e.Do("POST", P, key, map[string]any{"employeeId": e.ben, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}).Expect(t, 200)
		var lines []map[string]any
		e.Do("GET", P+"?fromDate=2026-11-01&toDate=2026-11-07", key, nil).Expect(t, 200).JSON(t, &lines)
		if len(lines) != 2 || lines[0]["locationId"] != fmt.Sprint(e.sydney) && lines[1]["locationId"] != fmt.Sprint(e.sydney) {
			t.Fatalf("lines %v", lines)
		}
		u := e.Do("PUT", fmt.Sprintf("%s/%d", P, id), key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T14:00:00",
			"locationId": e.sydney}).Expect(t, 200).Map(t)
		if u["endTime"] != "2026-11-02T14:00:00" || u["comments"] != "" {
			t.Fatalf("updated %v", u)
		}
		c := e.Do("PUT", fmt.Sprintf("%s/manager/kiosk/timesheetcomments/%d", B, id), key, map[string]any{"comments": "late start", "hiddenComments": "ok"}).Expect(t, 200).Map(t)
		if c["comments"] != "late start" || c["hiddenComments"] != "ok" || c["endTime"] != "2026-11-02T14:00:00" || c["locationId"] != float64(e.sydney) {
			t.Fatalf("comments %v", c)
		}
		_, carolKey := e.NewUser("carol@example.com")
		e.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "CreateTimesheets"}}}).Expect(t, 200)
		e.Do("GET", P+"?fromDate=2026-11-01&toDate=2026-11-07", carolKey, nil).Expect(t, 200).JSON(t, &lines)
		if len(lines) != 1 || lines[0]["id"] != float64(id) {
			t.Fatalf("restricted lines %v", lines)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "no credentials", Method: "GET", Path: P, Status: 401},
			{Name: "range too long", Method: "GET", Path: P + "?fromDate=2026-01-01&toDate=2026-11-01", Key: key, Status: 400, Field: "toDate"},
			{Name: "bad date", Method: "GET", Path: P + "?fromDate=soon", Key: key, Status: 400, Field: "fromDate"},
			{Name: "restricted: create outside scope", Method: "POST", Path: P, Key: carolKey, Body: map[string]any{"employeeId": e.ben, "startTime": "2026-11-03T09:00:00", "endTime": "2026-11-03T10:00:00"}, Status: 400, Field: "employeeId"},
			{Name: "other tenant's line", Method: "PUT", Path: fmt.Sprintf("%s/manager/kiosk/timesheetcomments/%d", e.OtherB, id), Key: e.OtherKey, Body: map[string]any{"comments": "x"}, Status: 404},
			{Name: "end before start", Method: "PUT", Path: fmt.Sprintf("%s/%d", P, id), Key: key, Body: map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T08:00:00"}, Status: 400},
		})
	})
}
