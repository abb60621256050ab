package managerapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerTimesheets: carol writes, reviews and lists Ann's lines and
// none of Ben's; the reference data is the employee's.
func TestManagerTimesheets(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		line := func(emp int64, day string) map[string]any {
			return map[string]any{"employeeId": emp, "startTime": day + "T09:00:00", "endTime": day + "T17:00:00", "locationId": e.sydney,
				"breaks": []any{map[string]any{"startTime": day + "T12:00:00", "endTime": day + "T12:30:00"}}}
		}
		created := e.Do("POST", e.M+"/timesheet", e.carol, line(e.ann, "2026-11-16")).Expect(t, 200).Map(t)
		ts := int64(created["id"].(float64))
		benLine := e.id(e.Do("POST", e.B+"/timesheet", e.Key, line(e.ben, "2026-11-16")))
		wt := e.id(e.Do("POST", e.B+"/worktype", e.Key, map[string]any{"name": "Night shift", "mappingType": "ShiftCondition"}))
		cases := []testkit.Case{
			{Name: "create out of scope", Method: "POST", Path: e.M + "/timesheet", Key: e.carol, Body: line(e.ben, "2026-11-17"), Status: 400, Field: "employeeId"},
			{Name: "create no credentials", Method: "POST", Path: e.M + "/timesheet", Body: line(e.ann, "2026-11-17"), Status: 401},
			{Name: "create bad location", Method: "POST", Path: e.M + "/timesheet", Key: e.carol, Body: map[string]any{"employeeId": e.ann,
				"startTime": "2026-11-17T09:00:00", "endTime": "2026-11-17T17:00:00", "locationId": 999999}, Status: 400, Field: "locationId"},
			{Name: "update", Method: "PUT", Path: p("%s/timesheet/%d", e.M, ts), Key: e.carol, Body: line(e.ann, "2026-11-18"), Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["startTime"] != "2026-11-18T09:00:00" {
						t.Fatalf("updated %v", m)
					}
				}},
			{Name: "update out of scope", Method: "PUT", Path: p("%s/timesheet/%d", e.M, benLine), Key: e.carol, Body: line(e.ben, "2026-11-18"), Status: 404},
			{Name: "list scoped", Method: "GET", Path: e.M + "/timesheet", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				items := r.Map(t)["items"].([]any)
				if len(items) != 1 || items[0].(map[string]any)["id"] != float64(ts) {
					t.Fatalf("carol's lines %v", items)
				}
			}},
			{Name: "reference", Method: "GET", Path: p("%s/%d/timesheet/reference", e.M, e.ann), Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				sc := m["shiftConditions"].([]any)
				if len(sc) != 1 || sc[0].(map[string]any)["id"] != float64(wt) || len(m["locations"].([]any)) != 2 || len(m["classifications"].([]any)) != 0 {
					t.Fatalf("reference %v", m)
				}
			}},
			{Name: "reference out of scope", Method: "GET", Path: p("%s/%d/timesheet/reference", e.M, e.ben), Key: e.carol, Status: 404},
			{Name: "approve out of scope", Method: "POST", Path: p("%s/%d/timesheet/%d/approve", e.M, e.ben, benLine), Key: e.carol, Status: 404},
		}
		e.RunCases(t, cases)
		if got := race(e.Server, "POST", p("%s/%d/timesheet/%d/approve", e.M, e.ann, ts), e.carol); got != [2]int{200, 409} {
			t.Fatalf("racing approvals: %v", got)
		}
	})
}
