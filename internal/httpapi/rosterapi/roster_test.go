package rosterapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// env is alice's AU business with two locations, a work type, a
// qualification and two employees (Ann at Sydney, Ben at Melbourne); bob
// has a business and an employee of his own.
type env struct {
	*testkit.Bundle
	sydney, melb, barista, forklift int64
	ann, ben, bobEmp                int64
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b}
	id := func(key, path string, body map[string]any) int64 {
		return int64(b.Do("POST", path, key, body).Expect(t, 200).Map(t)["id"].(float64))
	}
	e.sydney = id(b.Key, b.B+"/location", map[string]any{"name": "Sydney", "state": "NSW"})
	e.melb = id(b.Key, b.B+"/location", map[string]any{"name": "Melbourne"})
	e.barista = id(b.Key, b.B+"/worktype", map[string]any{"name": "Barista"})
	e.forklift = id(b.Key, b.B+"/qualification", map[string]any{"name": "Forklift Licence"})
	U := b.B + "/employee/unstructured?matchType=None"
	e.ann = id(b.Key, U, map[string]any{"firstName": "Ann", "surname": "Lee", "rate": 30, "rateUnit": "Hourly", "primaryLocation": "Sydney", "locations": "Sydney"})
	e.ben = id(b.Key, U, map[string]any{"firstName": "Ben", "surname": "Ng", "rate": 30, "rateUnit": "Hourly", "primaryLocation": "Melbourne", "locations": "Melbourne"})
	e.bobEmp = id(b.OtherKey, b.OtherB+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Bo", "surname": "Bob"})
	return e
}

func (e *env) shift(t *testing.T, emp int64, start, end string, publish bool, extra map[string]any) map[string]any {
	t.Helper()
	body := map[string]any{"startTime": start, "endTime": end, "locationId": e.sydney}
	if emp != 0 {
		body["employeeId"] = emp
	}
	for k, v := range extra {
		body[k] = v
	}
	return e.Do("POST", fmt.Sprintf("%s/rostershift?publish=%v", e.B, publish), e.Key, body).Expect(t, 200).Map(t)
}

func idOf(m map[string]any) int64 { return int64(m["id"].(float64)) }

func TestRosterShifts(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key

		// 200: create a published shift with a break, role and qualification.
		s1 := e.shift(t, e.ann, "2026-11-02T09:00:00", "2026-11-02T17:00:00", true, map[string]any{"workTypeId": e.barista, "notes": "open up",
			"breaks":         []any{map[string]any{"startTime": "2026-11-02T12:00:00", "endTime": "2026-11-02T12:30:00"}},
			"qualifications": []any{map[string]any{"id": e.forklift}}})
		if s1["employeeName"] != "Ann Lee" || s1["published"] != true || s1["datePublished"] != "2026-11-02T09:00:00" || s1["workTypeName"] != "Barista" ||
			s1["locationName"] != "Sydney" || s1["shiftAssignmentStatus"] != "Pending" || s1["role"].(map[string]any)["id"] != 0.0 || s1["pendingSwap"].(map[string]any)["id"] != 0.0 {
			t.Fatalf("created %v", s1)
		}
		if q := s1["qualifications"].([]any); len(q) != 1 || q[0].(map[string]any)["name"] != "Forklift Licence" {
			t.Fatalf("qualifications %v", s1["qualifications"])
		}
		if br := s1["breaks"].([]any); len(br) != 1 || br[0].(map[string]any)["startTime"] != "2026-11-02T12:00:00" {
			t.Fatalf("breaks %v", s1["breaks"])
		}
		id1 := idOf(s1)
		s2 := e.shift(t, e.ben, "2026-11-03T22:00:00", "2026-11-04T06:00:00", false, map[string]any{"locationId": e.melb})
		s3 := e.shift(t, e.ann, "2026-11-04T09:00:00", "2026-11-04T13:00:00", true, map[string]any{"role": map[string]any{"id": 7, "name": "Supervisor"}})
		open := e.shift(t, 0, "2026-11-05T09:00:00", "2026-11-05T13:00:00", true, nil)
		if open["employeeId"] != 0.0 || open["employeeName"] != "" {
			t.Fatalf("unassigned %v", open)
		}

		list := func(q, k string) []map[string]any {
			var out []map[string]any
			e.Do("GET", B+"/rostershift?"+q, k, nil).Expect(t, 200).JSON(t, &out)
			return out
		}
		ids := func(l []map[string]any) []int64 {
			out := []int64{}
			for _, m := range l {
				out = append(out, idOf(m))
			}
			return out
		}
		week := "filter.fromDate=2026-11-02&filter.toDate=2026-11-08"
		// Without roles, the role shift is left out (as the reference does).
		if got := ids(list(week, key)); fmt.Sprint(got) != fmt.Sprint([]int64{id1, idOf(s2), idOf(open)}) {
			t.Fatalf("week %v", got)
		}
		if got := ids(list(week+"&selectAllRoles=true", key)); len(got) != 4 {
			t.Fatalf("all roles %v", got)
		}
		if got := ids(list(week+"&filter.selectedRoles=7", key)); fmt.Sprint(got) != fmt.Sprint([]int64{idOf(s3)}) {
			t.Fatalf("role 7 %v", got)
		}
		if got := ids(list(week+"&shiftStatus=Unpublished", key)); fmt.Sprint(got) != fmt.Sprint([]int64{idOf(s2)}) {
			t.Fatalf("unpublished %v", got)
		}
		if got := ids(list(fmt.Sprintf("%s&employeeId=%d&selectAllRoles=true", week, e.ann), key)); len(got) != 2 {
			t.Fatalf("ann %v", got)
		}
		if got := ids(list(fmt.Sprintf("%s&selectedLocations=%d&selectedLocations=%d", week, e.melb, e.sydney), key)); len(got) != 3 {
			t.Fatalf("locations %v", got)
		}
		if got := ids(list(week+"&unassignedShiftsOnly=true", key)); fmt.Sprint(got) != fmt.Sprint([]int64{idOf(open)}) {
			t.Fatalf("unassigned %v", got)
		}
		// The night shift overlaps the 4th unless excluded.
		if got := ids(list("fromDate=2026-11-04&toDate=2026-11-04", key)); fmt.Sprint(got) != fmt.Sprint([]int64{idOf(s2)}) {
			t.Fatalf("overlapping %v", got)
		}
		if got := ids(list("fromDate=2026-11-04&toDate=2026-11-04&excludeShiftsOverlappingFromDate=true", key)); len(got) != 0 {
			t.Fatalf("excluded %v", got)
		}
		if got := ids(list(week+"&pageSize=2&currentPage=2", key)); fmt.Sprint(got) != fmt.Sprint([]int64{idOf(open)}) {
			t.Fatalf("page 2 %v", got)
		}
		// A restricted user (Sydney) sees Ann's shifts only.
		_, carolKey := e.NewUser("carol@example.com")
		e.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ManageRosters"}}}).Expect(t, 200)
		if got := ids(list(week+"&selectAllRoles=true", carolKey)); fmt.Sprint(got) != fmt.Sprint([]int64{id1, idOf(s3)}) {
			t.Fatalf("restricted %v", got)
		}

		// Update: move Ann's shift, keep its breaks, then clear them.
		P := fmt.Sprintf("%s/rostershift/%d", B, id1)
		u := e.Do("PUT", P, key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T08:00:00", "endTime": "2026-11-02T16:00:00",
			"locationId": e.sydney}).Expect(t, 200).Map(t)
		if u["startTime"] != "2026-11-02T08:00:00" || len(u["breaks"].([]any)) != 1 || u["published"] != true || len(u["qualifications"].([]any)) != 0 {
			t.Fatalf("updated %v", u)
		}
		u = e.Do("PUT", P+"?clearBreaks=true&publish=false", key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T08:00:00",
			"endTime": "2026-11-02T16:00:00"}).Expect(t, 200).Map(t)
		if len(u["breaks"].([]any)) != 0 || u["published"] != false {
			t.Fatalf("cleared %v", u)
		}
		e.Do("PUT", P+"?publish=true", key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T17:00:00",
			"locationId": e.sydney, "breaks": []any{map[string]any{"startTime": "2026-11-02T12:00:00", "endTime": "2026-11-02T12:30:00"}}}).Expect(t, 200)

		// Matching clock on / off and nearby.
		M := fmt.Sprintf("%s/rostershift/%d/", B, e.ann)
		m := e.Do("GET", M+"matchingclockon?dateUtc=2026-11-02T08:40:00", key, nil).Expect(t, 200).Map(t)
		if sh := m["shift"].(map[string]any); idOf(sh) != id1 {
			t.Fatalf("matching clock on %v", m)
		}
		m = e.Do("GET", M+"matchingclockon?dateUtc=2026-11-02T07:00:00", key, nil).Expect(t, 200).Map(t)
		if idOf(m["shift"].(map[string]any)) != 0 {
			t.Fatalf("2 hours early matched %v", m)
		}
		m = e.Do("GET", M+"matchingclockoff?dateUtc=2026-11-02T17:20:00", key, nil).Expect(t, 200).Map(t)
		if sh := m["shift"].(map[string]any); idOf(sh) != id1 {
			t.Fatalf("matching clock off %v", m)
		}
		var near []map[string]any
		e.Do("GET", M+"nearby?localTime=2026-11-02T20:00:00", key, nil).Expect(t, 200).JSON(t, &near)
		if len(near) != 1 || idOf(near[0]) != id1 {
			t.Fatalf("nearby %v", near)
		}

		// Stub: a Submitted timesheet line from the shift, once.
		st := e.Do("POST", P+"/stub", key, map[string]any{"note": "from roster"}).Expect(t, 200).Map(t)
		line := e.Do("GET", fmt.Sprintf("%s/timesheet/%d", B, int64(st["timesheetLineId"].(float64))), key, nil).Expect(t, 200).Map(t)
		if line["status"] != "Submitted" || line["start"] != "2026-11-02T09:00:00" || line["workDurationInMinutes"] != 450.0 || line["comments"] != "from roster" {
			t.Fatalf("stub line %v", line)
		}

		OB := e.OtherB
		e.RunCases(t, []testkit.Case{
			{Name: "no credentials", Method: "GET", Path: B + "/rostershift?" + week, Status: 401},
			{Name: "list without dates", Method: "GET", Path: B + "/rostershift", Key: key, Status: 400, Field: "fromDate"},
			{Name: "list bad status", Method: "GET", Path: B + "/rostershift?" + week + "&shiftStatus=Maybe", Key: key, Status: 400, Field: "shiftStatus"},
			{Name: "list page too big", Method: "GET", Path: B + "/rostershift?" + week + "&pageSize=101", Key: key, Status: 400, Field: "pageSize"},
			{Name: "other tenant list", Method: "GET", Path: B + "/rostershift?" + week, Key: e.OtherKey, Status: 404},
			{Name: "create without end", Method: "POST", Path: B + "/rostershift", Key: key, Body: map[string]any{"startTime": "2026-11-02T09:00:00"}, Status: 400, Field: "endTime"},
			{Name: "create ends before start", Method: "POST", Path: B + "/rostershift", Key: key, Body: map[string]any{"startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T08:00:00"}, Status: 400, Field: "endTime"},
			{Name: "create break outside", Method: "POST", Path: B + "/rostershift", Key: key, Body: map[string]any{"startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00",
				"breaks": []any{map[string]any{"startTime": "2026-11-02T11:00:00", "endTime": "2026-11-02T11:30:00"}}}, Status: 400, Field: "breaks[0].startTime"},
			{Name: "create other tenant's employee", Method: "POST", Path: B + "/rostershift", Key: key, Body: map[string]any{"employeeId": e.bobEmp, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 400, Field: "employeeId"},
			{Name: "create unknown location", Method: "POST", Path: B + "/rostershift", Key: key, Body: map[string]any{"locationId": 999999, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 400, Field: "locationId"},
			{Name: "create unknown qualification", Method: "POST", Path: B + "/rostershift", Key: key, Body: map[string]any{"qualifications": []any{map[string]any{"id": 999999}}, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 400, Field: "qualifications[0].id"},
			{Name: "restricted create outside scope", Method: "POST", Path: B + "/rostershift", Key: carolKey, Body: map[string]any{"employeeId": e.ben, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 400, Field: "employeeId"},
			{Name: "update other tenant", Method: "PUT", Path: fmt.Sprintf("%s/rostershift/%d", OB, id1), Key: e.OtherKey, Body: map[string]any{"startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 404},
			{Name: "update missing", Method: "PUT", Path: B + "/rostershift/999999", Key: key, Body: map[string]any{"startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 404},
			{Name: "update restricted outside scope", Method: "PUT", Path: fmt.Sprintf("%s/rostershift/%d", B, idOf(s2)), Key: carolKey, Body: map[string]any{"startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 404},
			{Name: "update bad publish", Method: "PUT", Path: P + "?publish=maybe", Key: key, Body: map[string]any{"startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T10:00:00"}, Status: 400, Field: "publish"},
			{Name: "stub twice", Method: "POST", Path: P + "/stub", Key: key, Status: 409},
			{Name: "stub unassigned", Method: "POST", Path: fmt.Sprintf("%s/rostershift/%d/stub", B, idOf(open)), Key: key, Status: 409},
			{Name: "stub other tenant", Method: "POST", Path: fmt.Sprintf("%s/rostershift/%d/stub", OB, idOf(s3)), Key: e.OtherKey, Status: 404},
			{Name: "match other tenant's employee", Method: "GET", Path: fmt.Sprintf("%s/rostershift/%d/matchingclockon", B, e.bobEmp), Key: key, Status: 404},
			{Name: "match bad date", Method: "GET", Path: M + "matchingclockoff?dateUtc=soon", Key: key, Status: 400, Field: "dateUtc"},
			{Name: "nearby restricted outside scope", Method: "GET", Path: fmt.Sprintf("%s/rostershift/%d/nearby", B, e.ben), Key: carolKey, Status: 404},
			{Name: "nearby bad time", Method: "GET", Path: M + "nearby?localTime=later", Key: key, Status: 400, Field: "localTime"},
		})
	})
}
