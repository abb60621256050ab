package essapi_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Self-service timesheets: shape A, the portal setting, the employee's own
// lines only, Submitted always, and no change once approved (409).
func TestESSTimesheets(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		// 09:00-17:30 with an unpaid 30-minute break: 510 minutes in all,
		// 30 of break, 480 of work.
		line := map[string]any{"start": "2026-11-16T09:00:00", "end": "2026-11-16T17:30:00", "comments": "stocktake", "status": "Approved",
			"hiddenComments": "not mine to set", "rate": 99,
			"breaks": []any{map[string]any{"start": "2026-11-16T12:00:00", "end": "2026-11-16T12:30:00", "isPaidBreak": false}}}
		// A line of Ben's, written by the business.
		benLine := int64(e.Do("POST", e.B+"/timesheet", e.Key, map[string]any{"employeeId": e.ben, "startTime": "2026-11-16T09:00:00",
			"endTime": "2026-11-16T10:00:00"}).Expect(t, 200).Map(t)["id"].(float64))

		// The portal setting is Disabled by default: the employee may read
		// but not write; a business user acting for them may.
		e.RunCases(t, []testkit.Case{
			{Name: "list while disabled", Method: "GET", Path: e.SA + "/timesheet", Key: e.annKey, Status: 200},
			{Name: "write while disabled", Method: "POST", Path: e.SA + "/timesheet", Key: e.annKey, Body: line, Status: 403},
		})
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"timesheetSetting": "ReadWrite"}).Expect(t, 200)

		var id int64
		e.RunCases(t, []testkit.Case{
			{Name: "create", Method: "POST", Path: e.SA + "/timesheet", Key: e.annKey, Body: line, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				id = int64(m["id"].(float64))
				if m["status"] != "Submitted" || m["source"] != "EmployeePortal" || m["employeeId"] != float64(e.ann) || m["hiddenComments"] != "" ||
					m["rate"] != nil || m["totalDurationInMinutes"] != float64(510) || m["breaksDurationInMinutes"] != float64(30) ||
					m["workDurationInMinutes"] != float64(480) || m["canEdit"] != true || m["statusId"] != float64(2) || m["comments"] != "stocktake" {
					t.Fatalf("created %v", m)
				}
				sum := m["timesheetSummary"].(map[string]any)
				if sum["periodStarting"] != "2026-11-16T00:00:00" || sum["periodEnding"] != "2026-11-22T00:00:00" || sum["submittedCount"] != float64(1) ||
					sum["durationInMinutes"] != float64(480) {
					t.Fatalf("summary %v", sum)
				}
				if b := m["breaks"].([]any); len(b) != 1 || b[0].(map[string]any)["formattedStart"] != "12:00 PM" {
					t.Fatalf("breaks %v", b)
				}
			}},
			{Name: "end before start", Method: "POST", Path: e.SA + "/timesheet", Key: e.annKey, Status: 400, Field: "end",
				Body: map[string]any{"start": "2026-11-16T09:00:00", "end": "2026-11-16T08:00:00"}},
			{Name: "unknown location", Method: "POST", Path: e.SA + "/timesheet", Key: e.annKey, Status: 400, Field: "locationId",
				Body: map[string]any{"start": "2026-11-16T09:00:00", "end": "2026-11-16T10:00:00", "locationId": 999999}},
			{Name: "bad filter date", Method: "GET", Path: e.SA + "/timesheet?filter.fromDate=soon", Key: e.annKey, Status: 400, Field: "fromDate"},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/timesheet", Status: 401},
			{Name: "another employee's list", Method: "GET", Path: e.SB + "/timesheet", Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: e.SA + "/timesheet", Key: e.OtherKey, Status: 404},
			{Name: "Ben's line through Ann's path", Method: "POST", Path: fmt.Sprintf("%s/timesheet/%d", e.SA, benLine), Key: e.annKey, Body: line, Status: 404},
			{Name: "delete Ben's line through Ann's path", Method: "DELETE", Path: fmt.Sprintf("%s/timesheet/%d", e.SA, benLine), Key: e.annKey, Status: 404},
			{Name: "unknown line", Method: "DELETE", Path: e.SA + "/timesheet/999999", Key: e.annKey, Status: 404},
		})
		item := fmt.Sprintf("%s/timesheet/%d", e.SA, id)

		// Edit (by path, and by id in the body of S/timesheet).
		edit := map[string]any{"start": "2026-11-16T08:00:00", "end": "2026-11-16T16:00:00", "comments": "earlier", "breaks": []any{}}
		got := e.Do("POST", item, e.annKey, edit).Expect(t, 200).Map(t)
		if got["id"] != float64(id) || got["workDurationInMinutes"] != float64(480) || got["breaksDurationInMinutes"] != float64(0) || got["comments"] != "earlier" {
			t.Fatalf("edited %v", got)
		}
		edit["id"], edit["comments"] = id, "by id"
		if got := e.Do("POST", e.SA+"/timesheet", e.annKey, edit).Expect(t, 200).Map(t); got["id"] != float64(id) || got["comments"] != "by id" {
			t.Fatalf("edited by id %v", got)
		}
		var list []map[string]any
		e.Do("GET", e.SA+"/timesheet?filter.fromDate=2026-11-16T00:00:00&filter.toDate=2026-11-16T00:00:00", e.annKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["id"] != float64(id) {
			t.Fatalf("list %v", list)
		}
		e.Do("GET", e.SA+"/timesheet?filter.fromDate=2026-11-17T00:00:00", e.annKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("list from the 17th %v", list)
		}

		// Approved: the employee can no longer change or delete it.
		e.Do("POST", fmt.Sprintf("%s/manager/%d/timesheet/%d/approve", e.B, e.ann, id), e.Key, nil).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "edit approved", Method: "POST", Path: item, Key: e.annKey, Body: edit, Status: 409},
			{Name: "delete approved", Method: "DELETE", Path: item, Key: e.annKey, Status: 409},
			{Name: "approved reads read-only", Method: "GET", Path: e.SA + "/timesheet", Key: e.annKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var l []map[string]any
				r.JSON(t, &l)
				if len(l) != 1 || l[0]["status"] != "Approved" || l[0]["canEdit"] != false || l[0]["readOnly"] != true ||
					l[0]["timesheetSummary"].(map[string]any)["approvedCount"] != float64(1) {
					t.Fatalf("approved %v", l)
				}
			}},
		})

		// Rejected: the employee fixes and resubmits it.
		second := int64(e.Do("POST", e.SA+"/timesheet", e.annKey, map[string]any{"start": "2026-11-17T09:00:00", "end": "2026-11-17T12:00:00"}).Expect(t, 200).Map(t)["id"].(float64))
		e.Do("POST", fmt.Sprintf("%s/manager/%d/timesheet/%d/reject", e.B, e.ann, second), e.Key, map[string]any{"reason": "too short"}).Expect(t, 200)
		got = e.Do("POST", fmt.Sprintf("%s/timesheet/%d", e.SA, second), e.annKey, map[string]any{"start": "2026-11-17T09:00:00", "end": "2026-11-17T13:00:00"}).
			Expect(t, 200).Map(t)
		if got["status"] != "Submitted" || got["workDurationInMinutes"] != float64(240) {
			t.Fatalf("resubmitted %v", got)
		}
		// Deleting answers the week's summary after the delete.
		sum := e.Do("DELETE", fmt.Sprintf("%s/timesheet/%d", e.SA, second), e.annKey, nil).Expect(t, 200).Map(t)
		if sum["approvedCount"] != float64(1) || sum["submittedCount"] != float64(0) || sum["durationInMinutes"] != float64(480) {
			t.Fatalf("summary after delete %v", sum)
		}
		e.Do("DELETE", fmt.Sprintf("%s/timesheet/%d", e.SA, second), e.annKey, nil).Expect(t, 404)
	})
}

// An employee deleting a line while a manager approves it: exactly one
// wins; the loser gets 409 (approve after the delete finds no line: 404).
func TestESSTimesheetDeleteApproveRace(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"timesheetSetting": "ReadWrite"}).Expect(t, 200)
		for i := 0; i < 8; i++ {
			id := int64(e.Do("POST", e.SA+"/timesheet", e.annKey, map[string]any{"start": fmt.Sprintf("2026-11-%02dT09:00:00", i+2),
				"end": fmt.Sprintf("2026-11-%02dT10:00:00", i+2)}).Expect(t, 200).Map(t)["id"].(float64))
			var wg sync.WaitGroup
			var del, appr int
			wg.Add(2)
			go func() {
				defer wg.Done()
				del = e.Do("DELETE", fmt.Sprintf("%s/timesheet/%d", e.SA, id), e.annKey, nil).Status
			}()
			go func() {
				defer wg.Done()
				appr = e.Do("POST", fmt.Sprintf("%s/manager/%d/timesheet/%d/approve", e.B, e.ann, id), e.Key, nil).Status
			}()
			wg.Wait()
			switch {
			case del == 200 && (appr == 404 || appr == 409):
			case appr == 200 && del == 409:
			default:
				t.Fatalf("round %d: delete %d, approve %d", i, del, appr)
			}
		}
	})
}
