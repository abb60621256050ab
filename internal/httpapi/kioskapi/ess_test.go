package kioskapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The self-service shift answers and clocking act on the path's employee:
// their own user (when the business enables self clocking) or a business
// user covering them; anyone else gets 404.
func TestSelfServiceShiftsAndClocking(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		annUser, annKey := e.NewUser("ann@example.com")
		testkit.MustExec(t, d, `UPDATE employees SET user_id = $1 WHERE id = $2`, annUser, e.ann)
		S := fmt.Sprintf("/api/v2/ess/%d", e.ann)
		shift := func(start, end string, publish bool) int64 {
			return int64(e.Do("POST", fmt.Sprintf("%s/rostershift?publish=%v", B, publish), key, map[string]any{"employeeId": e.ann, "startTime": start,
				"endTime": end}).Expect(t, 200).Map(t)["id"].(float64))
		}
		s1 := shift("2026-11-03T09:00:00", "2026-11-03T17:00:00", true)
		s2 := shift("2026-11-04T09:00:00", "2026-11-04T17:00:00", true)
		s3 := shift("2026-11-05T09:00:00", "2026-11-05T17:00:00", true)
		hidden := shift("2026-11-06T09:00:00", "2026-11-06T17:00:00", false)

		acc := e.Do("POST", fmt.Sprintf("%s/shift/%d/accept", S, s1), annKey, nil).Expect(t, 200).Map(t)
		if acc["shift"].(map[string]any)["accepted"] != true || acc["shift"].(map[string]any)["shiftAssignmentStatus"] != "Assigned" || acc["pendingShiftCount"] != 2.0 {
			t.Fatalf("accept %v", acc)
		}
		bulk := e.Do("POST", S+"/shift/accept", annKey, map[string]any{"shifts": []int64{s1, s2, hidden}}).Expect(t, 200).Map(t)
		if got := bulk["shifts"].([]any); len(got) != 1 || got[0].(map[string]any)["id"] != float64(s2) {
			t.Fatalf("bulk accept %v", bulk)
		}
		dec := e.Do("POST", fmt.Sprintf("%s/shift/%d/decline", S, s3), annKey, map[string]any{"reason": "away"}).Expect(t, 200).Map(t)
		if dec["pendingShiftCount"] != 0.0 {
			t.Fatalf("decline %v", dec)
		}
		var open []map[string]any
		e.Do("GET", B+"/rostershift?fromDate=2026-11-05&toDate=2026-11-05&unassignedShiftsOnly=true", key, nil).Expect(t, 200).JSON(t, &open)
		if len(open) != 1 || open[0]["id"] != float64(s3) {
			t.Fatalf("declined shift not unassigned: %v", open)
		}
		m := e.Do("GET", S+"/shift/matchingclockon?localTime=2026-11-04T08:45:00", annKey, nil).Expect(t, 200).Map(t)
		if m["shift"].(map[string]any)["id"] != float64(s2) {
			t.Fatalf("ess matching %v", m)
		}
		var near []map[string]any
		e.Do("GET", S+"/shift/nearby?localTime=2026-11-04T12:00:00", annKey, nil).Expect(t, 200).JSON(t, &near)
		if len(near) != 1 {
			t.Fatalf("ess nearby %v", near)
		}

		// Self clocking is off by default for the employee, always on for
		// the business user.
		testkit.ExpectProblem(t, e.Do("POST", S+"/timeandattendance/clockon", annKey, map[string]any{}), 403, "")
		e.Do("POST", B+"/employeeportalsettings", key, map[string]any{"enableWorkZoneClockOn": true}).Expect(t, 200)
		on := e.Do("POST", S+"/timeandattendance/clockon", annKey, map[string]any{"locationId": e.sydney}).Expect(t, 200).Map(t)
		if on["status"] != "ClockedOn" {
			t.Fatalf("ess clock on %v", on)
		}
		e.Do("POST", S+"/timeandattendance/startbreak", annKey, map[string]any{}).Expect(t, 200)
		e.Do("POST", S+"/timeandattendance/endbreak", key, map[string]any{}).Expect(t, 200)
		e.Clock.Advance(90 * 60 * 1e9)
		off := e.Do("POST", S+"/timeandattendance/clockoff", annKey, map[string]any{}).Expect(t, 200).Map(t)
		line := e.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, int64(off["timesheetLineId"].(float64))), key, nil).Expect(t, 200).Map(t)
		if line["source"] != "EmployeePortal" || line["status"] != "Submitted" || line["totalDurationInMinutes"] != 90.0 || line["locationId"] != float64(e.sydney) {
			t.Fatalf("ess line %v", line)
		}

		_, benUserKey := e.NewUser("ben@example.com")
		e.RunCases(t, []testkit.Case{
			{Name: "no credentials", Method: "POST", Path: fmt.Sprintf("%s/shift/%d/accept", S, s1), Status: 401},
			{Name: "another user", Method: "POST", Path: fmt.Sprintf("%s/shift/%d/accept", S, s1), Key: benUserKey, Status: 404},
			{Name: "other tenant", Method: "POST", Path: S + "/timeandattendance/clockon", Key: e.OtherKey, Body: map[string]any{}, Status: 404},
			{Name: "accept twice", Method: "POST", Path: fmt.Sprintf("%s/shift/%d/accept", S, s1), Key: annKey, Status: 409},
			{Name: "accept unpublished", Method: "POST", Path: fmt.Sprintf("%s/shift/%d/accept", S, hidden), Key: annKey, Status: 409},
			{Name: "accept declined (no longer hers)", Method: "POST", Path: fmt.Sprintf("%s/shift/%d/accept", S, s3), Key: annKey, Status: 404},
			{Name: "bulk accept nothing", Method: "POST", Path: S + "/shift/accept", Key: annKey, Body: map[string]any{"shifts": []int64{}}, Status: 400, Field: "shifts"},
			{Name: "bad local time", Method: "GET", Path: S + "/shift/nearby?localTime=soon", Key: annKey, Status: 400, Field: "localTime"},
			{Name: "clock off when not on", Method: "POST", Path: S + "/timeandattendance/clockoff", Key: annKey, Body: map[string]any{}, Status: 409},
			{Name: "discard when not on", Method: "POST", Path: S + "/timeandattendance/discard", Key: annKey, Body: map[string]any{}, Status: 409},
		})
	})
}
