package managerapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerRoster: carol sees and edits the shifts and unavailability of
// Ann, not Ben's.
func TestManagerRoster(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		shift := func(emp int64, day string) map[string]any {
			return map[string]any{"employeeId": emp, "startTime": day + "T09:00:00", "endTime": day + "T17:00:00", "locationId": e.sydney,
				"role": map[string]any{"name": "Barista"}}
		}
		RS := e.M + "/rostershift"
		annShift := e.id(e.Do("POST", RS+"?publish=true", e.carol, shift(e.ann, "2026-11-23")))
		benShift := e.id(e.Do("POST", e.B+"/rostershift", e.Key, shift(e.ben, "2026-11-23")))
		U := p("%s/%d/rostershift/unavailability", e.M, e.ann)
		un := e.id(e.Do("POST", U, e.carol, map[string]any{"fromDate": "2026-11-25T00:00:00", "toDate": "2026-11-25T23:59:00", "reason": "Study"}))
		// The test clock reads 2 November 2026 09:00: a shift from 08:00 that day is under way and Ann has not clocked on.
		now := e.id(e.Do("POST", RS+"?publish=true", e.carol, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T08:00:00", "endTime": "2026-11-02T12:00:00"}))
		e.RunCases(t, []testkit.Case{
			{Name: "late", Method: "GET", Path: p("%s/%d", RS, now), Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if cs := r.Map(t)["currentShift"].(map[string]any); cs["isLate"] != true || cs["status"] != "NotClockedOn" || cs["isNotClockedOff"] != false {
					t.Fatalf("current shift %v", cs)
				}
			}},
			{Name: "get", Method: "GET", Path: p("%s/%d", RS, annShift), Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if m["employeeId"] != float64(e.ann) || m["published"] != true || m["role"].(map[string]any)["name"] != "Barista" || m["currentShift"].(map[string]any)["status"] != "NotClockedOn" {
					t.Fatalf("shift %v", m)
				}
			}},
			{Name: "get out of scope", Method: "GET", Path: p("%s/%d", RS, benShift), Key: e.carol, Status: 404},
			{Name: "get no credentials", Method: "GET", Path: p("%s/%d", RS, annShift), Status: 401},
			{Name: "create out of scope", Method: "POST", Path: RS, Key: e.carol, Body: shift(e.ben, "2026-11-24"), Status: 400, Field: "employeeId"},
			{Name: "create bad times", Method: "POST", Path: RS, Key: e.carol, Body: map[string]any{"employeeId": e.ann, "startTime": "2026-11-24T09:00:00"}, Status: 400, Field: "endTime"},
			{Name: "update out of scope", Method: "PUT", Path: p("%s/%d", RS, benShift), Key: e.carol, Body: shift(e.ben, "2026-11-24"), Status: 404},
			{Name: "list scoped", Method: "GET", Path: RS + "?fromDate=2026-11-23&toDate=2026-11-29&selectAllRoles=true", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 1 || got[0] != annShift {
					t.Fatalf("carol's shifts %v", got)
				}
			}},
			{Name: "roles", Method: "GET", Path: RS + "/roles", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if l := list(t, r); len(l) != 1 || l[0]["name"] != "Barista" {
					t.Fatalf("roles %v", l)
				}
			}},
			{Name: "manage", Method: "GET", Path: RS + "/manage?filterModel.date=2026-11-23", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				if len(m["rosteredShifts"].([]any)) != 1 || len(m["unavailability"].([]any)) != 1 {
					t.Fatalf("carol's week %v", m)
				}
			}},
			{Name: "manage bad date", Method: "GET", Path: RS + "/manage?date=someday", Key: e.carol, Status: 400, Field: "date"},
			{Name: "unavailability out of scope", Method: "POST", Path: p("%s/%d/rostershift/unavailability", e.M, e.ben), Key: e.carol,
				Body: map[string]any{"fromDate": "2026-11-25T00:00:00", "toDate": "2026-11-25T23:59:00"}, Status: 404},
			{Name: "unavailability update", Method: "PUT", Path: p("%s/%d", U, un), Key: e.carol, Body: map[string]any{"reason": "Exam"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["reason"] != "Exam" || m["employeeName"] != "Ann Tester" || m["fromDate"] != "2026-11-25T00:00:00" {
						t.Fatalf("updated %v", m)
					}
				}},
			{Name: "unavailability under another employee", Method: "DELETE", Path: p("%s/%d/rostershift/unavailability/%d", e.M, e.ben, un), Key: e.Key, Status: 404},
			{Name: "unavailability delete", Method: "DELETE", Path: p("%s/%d", U, un), Key: e.carol, Status: 200},
			{Name: "stub", Method: "POST", Path: p("%s/%d/stub", RS, annShift), Key: e.carol, Body: map[string]any{"note": "worked"}, Status: 200},
			{Name: "stub twice", Method: "POST", Path: p("%s/%d/stub", RS, annShift), Key: e.carol, Body: map[string]any{"note": "worked"}, Status: 409},
		})
	})
}
