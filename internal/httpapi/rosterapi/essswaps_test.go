package rosterapi_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// Shift swaps in self-service: who may take a shift, propose,
// decline, cancel, accept (the shift changes hands; racing accepts: one
// wins), the bulk forms, the employee's roster list and one shift, and
// the shift swapping report showing the swaps.
func TestESSShiftSwaps(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		id := func(r *testkit.Response) int64 { return idOf(r.Expect(t, 200).Map(t)) }
		U := B + "/employee/unstructured?matchType=None"
		sydney := func(first string) int64 {
			return id(e.Do("POST", U, key, map[string]any{"firstName": first, "surname": "Swap", "primaryLocation": "Sydney", "locations": "Sydney"}))
		}
		cat, dan, eve, fay, gus := sydney("Cat"), sydney("Dan"), sydney("Eve"), sydney("Fay"), sydney("Gus")
		S := func(emp int64) string { return fmt.Sprintf("/api/v2/ess/%d", emp) }
		for _, emp := range []int64{cat, eve, fay, gus} { // Dan lacks the licence
			e.Do("POST", S(emp)+"/qualification", key, map[string]any{"qualificationId": e.forklift}).Expect(t, 200)
		}
		annUser, annKey := e.NewUser("ann.swap@example.com")
		catUser, catKey := e.NewUser("cat.swap@example.com")
		testkit.MustExec(t, d, `UPDATE employees SET user_id = $1 WHERE id = $2`, annUser, e.ann)
		testkit.MustExec(t, d, `UPDATE employees SET user_id = $1 WHERE id = $2`, catUser, cat)

		// Tuesday 3 November 2026, 09:00-17:00 at Sydney, needing the licence.
		lic := map[string]any{"qualifications": []any{map[string]any{"id": e.forklift}}}
		s1 := idOf(e.shift(t, e.ann, "2026-11-03T09:00:00", "2026-11-03T17:00:00", true, lic))
		e.shift(t, eve, "2026-11-03T16:00:00", "2026-11-03T20:00:00", true, nil) // Eve is rostered then
		// Fay is unavailable every Tuesday morning.
		e.Do("POST", S(fay)+"/unavailability", key, map[string]any{"fromDate": "2026-10-27T08:00:00", "toDate": "2026-10-27T12:00:00",
			"recurring": true, "recurringDay": "Tuesday", "reason": "class"}).Expect(t, 200)
		// Gus has asked for the day off.
		cat0 := id(e.Do("POST", B+"/leavecategory", key, map[string]any{"name": "Swap Leave", "isBalanceUntracked": true}))
		e.Do("POST", S(gus)+"/leave", key, map[string]any{"leaveCategoryId": cat0, "fromDate": "2026-11-03T00:00:00", "toDate": "2026-11-03T00:00:00", "hours": 8}).Expect(t, 200)
		hidden := idOf(e.shift(t, e.ann, "2026-11-06T09:00:00", "2026-11-06T17:00:00", false, nil))
		started := idOf(e.shift(t, e.ann, "2026-11-02T08:00:00", "2026-11-02T12:00:00", true, nil))

		// Only Cat can take it: Ben works in Melbourne, Dan lacks the
		// licence, Eve is rostered, Fay unavailable, Gus on leave.
		var cands []map[string]any
		e.Do("GET", fmt.Sprintf("%s/shift/%d/swap/candidates", S(e.ann), s1), annKey, nil).Expect(t, 200).JSON(t, &cands)
		if len(cands) != 1 || cands[0]["id"] != float64(cat) || cands[0]["name"] != "Cat Swap" {
			t.Fatalf("candidates %v", cands)
		}

		P := S(e.ann) + "/shift/swap/propose"
		one := func(emp int64, shift int64, action string) string {
			return fmt.Sprintf("%s/shift/%d/swap/%s", S(emp), shift, action)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "candidates of another's shift", Method: "GET", Path: fmt.Sprintf("%s/shift/%d/swap/candidates", S(cat), s1), Key: catKey, Status: 404},
			{Name: "candidates other tenant", Method: "GET", Path: fmt.Sprintf("%s/shift/%d/swap/candidates", S(e.ann), s1), Key: e.OtherKey, Status: 404},
			{Name: "propose to one who cannot take it", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": dan}, Status: 400, Field: "toEmployeeId"},
			{Name: "propose to herself", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": e.ann}, Status: 400, Field: "toEmployeeId"},
			{Name: "propose without shift", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"toEmployeeId": cat}, Status: 400, Field: "rosterShiftId"},
			{Name: "propose as someone else", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": s1, "fromEmployeeId": cat, "toEmployeeId": cat}, Status: 400, Field: "fromEmployeeId"},
			{Name: "propose unpublished", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": hidden, "toEmployeeId": cat}, Status: 409},
			{Name: "propose started", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": started, "toEmployeeId": cat}, Status: 409},
			{Name: "propose another's shift", Method: "POST", Path: S(cat) + "/shift/swap/propose", Key: catKey, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": e.ben}, Status: 404},
			{Name: "propose anonymous", Method: "POST", Path: P, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": cat}, Status: 401},
			{Name: "propose", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": cat, "note": "dentist"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					sh := m["shift"].(map[string]any)
					sw := sh["pendingSwap"].(map[string]any)
					if sh["shiftAssignmentStatus"] != "PendingShiftSwap" || sw["toEmployeeId"] != float64(cat) || sw["note"] != "dentist" || m["proposedSwapCount"] != 0.0 {
						t.Fatalf("proposed %v", m)
					}
				}},
			{Name: "propose again", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": cat}, Status: 409},
			{Name: "colleague sees the shift", Method: "GET", Path: fmt.Sprintf("%s/shift/%d", S(cat), s1), Key: catKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["shiftAssignmentStatus"] != "ProposedShiftSwap" || m["employeeId"] != float64(e.ann) {
					t.Fatalf("colleague's view %v", m)
				}
			}},
			{Name: "colleague does not see another shift", Method: "GET", Path: fmt.Sprintf("%s/shift/%d", S(cat), started), Key: catKey, Status: 404},
			{Name: "own unpublished shift is not shown", Method: "GET", Path: fmt.Sprintf("%s/shift/%d", S(e.ann), hidden), Key: annKey, Status: 404},
			{Name: "proposer cannot accept", Method: "POST", Path: one(e.ann, s1, "accept"), Key: annKey, Status: 404},
			{Name: "colleague cannot cancel", Method: "POST", Path: one(cat, s1, "cancel"), Key: catKey, Status: 404},
			{Name: "decline", Method: "POST", Path: one(cat, s1, "decline"), Key: catKey, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if m := r.Map(t); m["shift"].(map[string]any)["employeeId"] != float64(e.ann) || m["proposedSwapCount"] != 0.0 {
					t.Fatalf("declined %v", m)
				}
			}},
			{Name: "decline again", Method: "POST", Path: one(cat, s1, "decline"), Key: catKey, Status: 409},
			{Name: "propose once more", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": cat}, Status: 200},
			{Name: "cancel", Method: "POST", Path: one(e.ann, s1, "cancel"), Key: annKey, Status: 200},
			{Name: "cancel again", Method: "POST", Path: one(e.ann, s1, "cancel"), Key: annKey, Status: 409},
			{Name: "accept a cancelled swap", Method: "POST", Path: one(cat, s1, "accept"), Key: catKey, Status: 409},
			{Name: "propose a third time", Method: "POST", Path: P, Key: annKey, Body: map[string]any{"rosterShiftId": s1, "toEmployeeId": cat}, Status: 200},
		})
		if c := e.Do("GET", S(cat)+"/shift/swap/accept", catKey, nil); c.Status != 405 && c.Status != 404 {
			t.Fatalf("GET on a POST operation: %d", c.Status)
		}

		// Two accepts race: one wins, the other is 409.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i] = e.Do("POST", one(cat, s1, "accept"), catKey, nil).Status
			}(i)
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
			t.Fatalf("racing accepts answered %v", codes)
		}
		got := e.Do("GET", fmt.Sprintf("%s/shift/%d", S(cat), s1), catKey, nil).Expect(t, 200).Map(t)
		if got["employeeId"] != float64(cat) || got["accepted"] != true || got["shiftAssignmentStatus"] != "Assigned" {
			t.Fatalf("after accept %v", got)
		}
		e.Do("GET", fmt.Sprintf("%s/shift/%d", S(e.ann), s1), annKey, nil).Expect(t, 404)

		// The roster lists: published shifts overlapping the days.
		var list []map[string]any
		e.Do("GET", S(cat)+"/shift?fromDate=2026-11-01&toDate=2026-11-07", catKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["id"] != float64(s1) {
			t.Fatalf("Cat's roster %v", list)
		}
		e.Do("GET", S(e.ann)+"/shift?fromDate=2026-11-01&toDate=2026-11-07", annKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["id"] != float64(started) {
			t.Fatalf("Ann's roster %v", list)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "list bad date", Method: "GET", Path: S(e.ann) + "/shift?fromDate=soon", Key: annKey, Status: 400, Field: "fromDate"},
			{Name: "list reversed", Method: "GET", Path: S(e.ann) + "/shift?fromDate=2026-11-07&toDate=2026-11-01", Key: annKey, Status: 400, Field: "toDate"},
			{Name: "list another's", Method: "GET", Path: S(cat) + "/shift", Key: annKey, Status: 404},
		})

		// Bulk: two proposals accepted at once; unknown ids are skipped.
		s3 := idOf(e.shift(t, e.ann, "2026-11-10T09:00:00", "2026-11-10T13:00:00", true, nil))
		s4 := idOf(e.shift(t, e.ann, "2026-11-11T09:00:00", "2026-11-11T13:00:00", true, nil))
		for _, s := range []int64{s3, s4} {
			e.Do("POST", P, annKey, map[string]any{"rosterShiftId": s, "toEmployeeId": cat}).Expect(t, 200)
		}
		if c := e.Do("POST", S(e.ann)+"/shift/swap/cancel", annKey, map[string]any{"shifts": []int64{s3}}).Expect(t, 200).Map(t); len(c["shifts"].([]any)) != 1 {
			t.Fatalf("bulk cancel %v", c)
		}
		e.Do("POST", P, annKey, map[string]any{"rosterShiftId": s3, "toEmployeeId": cat}).Expect(t, 200)
		bulk := e.Do("POST", S(cat)+"/shift/swap/accept", catKey, map[string]any{"shifts": []int64{s3, s4, 999999}}).Expect(t, 200).Map(t)
		if sh := bulk["shifts"].([]any); len(sh) != 2 || sh[0].(map[string]any)["employeeId"] != float64(cat) || bulk["proposedSwapCount"] != 0.0 {
			t.Fatalf("bulk accept %v", bulk)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "bulk nothing", Method: "POST", Path: S(cat) + "/shift/swap/decline", Key: catKey, Body: map[string]any{"shifts": []int64{}}, Status: 400, Field: "shifts"},
			{Name: "bulk other tenant", Method: "POST", Path: S(cat) + "/shift/swap/decline", Key: e.OtherKey, Body: map[string]any{"shifts": []int64{s3}}, Status: 404},
			{Name: "bulk anonymous", Method: "POST", Path: S(cat) + "/shift/swap/decline", Body: map[string]any{"shifts": []int64{s3}}, Status: 401},
		})

		// The shift swapping report shows them.
		var rep []map[string]any
		e.Do("GET", B+"/report/shiftswapping?fromDate=2026-11-01&toDate=2026-11-30", key, nil).Expect(t, 200).JSON(t, &rep)
		count := map[string]int{}
		for _, r := range rep {
			count[r["status"].(string)]++
			if r["fromEmployeeId"] != float64(e.ann) || r["toEmployeeId"] != float64(cat) {
				t.Errorf("report row %v", r)
			}
		}
		if len(rep) != 6 || count["Declined"] != 1 || count["Cancelled"] != 2 || count["Accepted"] != 3 {
			t.Fatalf("shift swapping report %v (%v)", count, rep)
		}
	})
}
