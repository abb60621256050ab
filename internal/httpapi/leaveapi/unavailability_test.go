package leaveapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestUnavailability: create, read back, list with filters, partial
// update, delete; 400 naming the member, 401, 404 across tenants and
// outside a restricted user's scope.
func TestUnavailability(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		U := e.B + "/unavailability"
		u := e.Do("POST", U, e.Key, map[string]any{"employeeId": e.ann, "fromDate": "2026-11-10T09:00:00", "toDate": "2026-11-10T12:00:00", "reason": "Uni"}).Expect(t, 200).Map(t)
		id := int64(u["id"].(float64))
		I := fmt.Sprintf("%s/%d", U, id)
		got := e.Do("GET", I, e.Key, nil).Expect(t, 200).Map(t)
		if got["reason"] != "Uni" || got["fromDate"] != "2026-11-10T09:00:00" || got["toDate"] != "2026-11-10T12:00:00" || got["recurring"] != false ||
			got["isAllDay"] != false || got["recurringDay"] != nil || got["endDate"] != nil || got["recurringDays"] != nil {
			t.Fatalf("read back %v", got)
		}
		// Weekly on the start's weekday until an end date.
		rec := e.Do("POST", U, e.Key, map[string]any{"employeeId": e.ben, "fromDate": "2026-11-02T00:00:00", "toDate": "2026-11-02T23:59:59",
			"recurring": true, "endDate": "2026-12-31T00:00:00"}).Expect(t, 200).Map(t)
		if rec["recurringDay"] != "Monday" || rec["recurringDays"] != "Monday" || rec["recurringDaysCsv"] != "Monday" || rec["isAllDay"] != true {
			t.Fatalf("recurring %v", rec)
		}
		for q, want := range map[string]int{"": 2, "?employeeId=" + fmt.Sprint(e.ann): 1, "?fromDate=2026-11-11": 1, "?fromDate=2026-11-11&toDate=2026-11-20": 1,
			"?toDate=2026-11-01": 0, "?filter.defaultLocationId=" + fmt.Sprint(e.sydney): 1, "?fromDate=2027-01-01": 0} {
			if l := list(t, e.Do("GET", U+q, e.Key, nil)); len(l) != want {
				t.Errorf("%s: %d, want %d", q, len(l), want)
			}
		}
		// Partial update keeps what the body omits.
		e.Do("PUT", I, e.Key, map[string]any{"reason": "Exam"}).Expect(t, 200)
		if got := e.Do("GET", I, e.Key, nil).Expect(t, 200).Map(t); got["reason"] != "Exam" || got["employeeId"] != float64(e.ann) || got["fromDate"] != "2026-11-10T09:00:00" {
			t.Fatalf("after update %v", got)
		}
		bobs := int64(e.Do("POST", e.OtherB+"/unavailability", e.OtherKey, map[string]any{"employeeId": e.bobEmp, "fromDate": "2026-11-10", "toDate": "2026-11-10"}).Expect(t, 200).Map(t)["id"].(float64))
		_, carol := e.NewUser("carol@example.com")
		e.Do("POST", e.B+"/access", e.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.melb}, "permissions": "ManageRosters"}}}).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "no employee", Method: "POST", Path: U, Key: e.Key, Body: map[string]any{"fromDate": "2026-11-10", "toDate": "2026-11-10"}, Status: 400, Field: "employeeId"},
			{Name: "other tenant's employee", Method: "POST", Path: U, Key: e.Key, Body: map[string]any{"employeeId": e.bobEmp, "fromDate": "2026-11-10", "toDate": "2026-11-10"}, Status: 400, Field: "employeeId"},
			{Name: "backwards", Method: "POST", Path: U, Key: e.Key, Body: map[string]any{"employeeId": e.ann, "fromDate": "2026-11-10", "toDate": "2026-11-09"}, Status: 400, Field: "toDate"},
			{Name: "bad day", Method: "PUT", Path: I, Key: e.Key, Body: map[string]any{"recurring": true, "recurringDay": "Someday"}, Status: 400, Field: "recurringDay"},
			{Name: "bad filter date", Method: "GET", Path: U + "?fromDate=x", Key: e.Key, Status: 400, Field: "fromDate"},
			{Name: "anonymous", Method: "GET", Path: U, Status: 401},
			{Name: "anonymous delete", Method: "DELETE", Path: I, Status: 401},
			{Name: "other tenant get", Method: "GET", Path: I, Key: e.OtherKey, Status: 404},
			{Name: "other tenant's record", Method: "GET", Path: fmt.Sprintf("%s/%d", U, bobs), Key: e.Key, Status: 404},
			{Name: "other tenant's record put", Method: "PUT", Path: fmt.Sprintf("%s/%d", U, bobs), Key: e.Key, Body: map[string]any{"reason": "x"}, Status: 404},
			{Name: "outside restricted scope", Method: "GET", Path: I, Key: carol, Status: 404},
			{Name: "restricted delete outside scope", Method: "DELETE", Path: I, Key: carol, Status: 404},
		})
		if l := list(t, e.Do("GET", U, carol, nil)); len(l) != 1 || l[0]["employeeId"] != float64(e.ben) {
			t.Fatalf("restricted list %v", l)
		}
		e.Do("DELETE", I, e.Key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("GET", I, e.Key, nil), 404, "")
		testkit.ExpectProblem(t, e.Do("DELETE", I, e.Key, nil), 404, "")
	})
}
