package timesheetapi_test

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/testkit"
)

// env is alice's AU business with two locations, a work type, a loaded pay
// category and two employees: Ann (hourly 30, Sydney) and Ben (salary
// 60000 a year, 38 hours a week, Melbourne); bob has a business of his own.
type env struct {
	*testkit.Bundle
	sydney, melb, barista, loading int64
	ann, ben                       int64
	bobLoc, bobEmp                 int64
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
	e.loading = id(b.Key, b.B+"/paycategory", map[string]any{"name": "Time and a half", "rateUnit": "Hourly", "rateLoadingPercent": 50})
	U := b.B + "/employee/unstructured?matchType=None"
	e.ann = id(b.Key, U, map[string]any{"firstName": "Ann", "surname": "Lee", "externalId": "EMP-ANN", "rate": 30, "rateUnit": "Hourly",
		"hoursPerWeek": 38, "primaryLocation": "Sydney", "locations": "Sydney"})
	e.ben = id(b.Key, U, map[string]any{"firstName": "Ben", "surname": "Ng", "externalId": "EMP-BEN", "rate": 60000, "rateUnit": "Annually",
		"hoursPerWeek": 38, "primaryLocation": "Melbourne", "locations": "Melbourne"})
	e.bobLoc = id(b.OtherKey, b.OtherB+"/location", map[string]any{"name": "Perth"})
	e.bobEmp = id(b.OtherKey, b.OtherB+"/employee/unstructured?matchType=None", map[string]any{"firstName": "Bo", "surname": "Bob"})
	return e
}

func (e *env) line(t *testing.T, emp int64, start, end string, extra map[string]any) int64 {
	t.Helper()
	body := map[string]any{"employeeId": emp, "startTime": start, "endTime": end}
	for k, v := range extra {
		body[k] = v
	}
	return int64(e.Do("POST", e.B+"/timesheet", e.Key, body).Expect(t, 200).Map(t)["id"].(float64))
}

func (e *env) get(t *testing.T, id int64) map[string]any {
	t.Helper()
	return e.Do("GET", fmt.Sprintf("%s/timesheet/%d", e.B, id), e.Key, nil).Expect(t, 200).Map(t)
}

func (e *env) mgr(emp, id int64, op string) string {
	p := fmt.Sprintf("%s/manager/%d/timesheet/%d", e.B, emp, id)
	if op != "" {
		p += "/" + op
	}
	return p
}

func TestTimesheetLines(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key

		// 200: create with an unpaid break at a loaded pay category, read
		// back in shape B with durations and cost (7.5 h x 30 x 1.5).
		res := e.Do("POST", B+"/timesheet", key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-02T09:00:00", "endTime": "2026-11-02T17:00:00",
			"locationId": e.sydney, "workTypeId": e.barista, "payCategoryId": e.loading, "comments": "opening", "externalId": "dep-1",
			"breaks": []any{map[string]any{"startTime": "2026-11-02T12:00:00", "endTime": "2026-11-02T12:30:00", "isPaidBreak": false}}}).Expect(t, 200).Map(t)
		if res["status"] != "Submitted" || res["source"] != "API" || res["workType"] != "Barista" || len(res["breaks"].([]any)) != 1 {
			t.Fatalf("created %v", res)
		}
		first := int64(res["id"].(float64))
		got := e.get(t, first)
		want := map[string]any{"employeeName": "Ann Lee", "status": "Submitted", "workDurationInMinutes": 450.0, "breaksDurationInMinutes": 30.0,
			"totalDurationInMinutes": 480.0, "cost": 337.5, "rate": 45.0, "costFormatted": "$337.50", "isOverlapping": false, "isLocked": false,
			"locationName": "Sydney", "workTypeName": "Barista", "defaultLocationName": "Sydney", "start": "2026-11-02T09:00:00", "canApprove": true,
			"externalReferenceId": "dep-1"}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %v, want %v", k, got[k], v)
			}
		}
		for _, k := range []string{"employeeGroups", "shiftConditions", "dimensionValues", "breaks"} {
			if _, ok := got[k].([]any); !ok {
				t.Errorf("%s is %v, want an array", k, got[k])
			}
		}

		// Salaried: 60000 / 52 / 38 an hour; a paid 15-minute break is paid,
		// an unpaid hour is not: 420 paid minutes = 212.55.
		benLine := e.line(t, e.ben, "2026-11-03T09:00:00", "2026-11-03T17:00:00", map[string]any{"locationId": e.melb, "breaks": []any{
			map[string]any{"startTime": "2026-11-03T10:00:00", "endTime": "2026-11-03T10:15:00", "isPaidBreak": true},
			map[string]any{"startTime": "2026-11-03T12:00:00", "endTime": "2026-11-03T13:00:00"}}})
		got = e.get(t, benLine)
		if got["cost"] != 212.55 || got["workDurationInMinutes"] != 405.0 || got["breaksDurationInMinutes"] != 75.0 {
			t.Fatalf("salaried line %v", got)
		}

		// Overlap: a second line of Ann's across the end of the first.
		second := e.line(t, e.ann, "2026-11-02T16:00:00", "2026-11-02T18:00:00", map[string]any{"locationId": e.sydney})
		if e.get(t, first)["isOverlapping"] != true || e.get(t, second)["isOverlapping"] != true {
			t.Fatal("overlapping lines not flagged")
		}
		// Unit-based line: start and end at midnight, units x rate.
		units := e.Do("POST", B+"/timesheet", key, map[string]any{"employeeId": e.ann, "startTime": "2026-11-04T10:30:00", "units": 12, "rate": 2.5}).Expect(t, 200).Map(t)
		if units["startTime"] != "2026-11-04T00:00:00" || units["endTime"] != "2026-11-04T00:00:00" {
			t.Fatalf("unit line %v", units)
		}
		if u := e.get(t, int64(units["id"].(float64))); u["cost"] != 30.0 || u["isUnitBasedWorkType"] != true {
			t.Fatalf("unit line read %v", u)
		}

		// Paged list: a week at one location, then page by page.
		var page struct {
			ItemCount, PageCount, CurrentPage, PageSize int
			ItemCountFuture                             struct{ Value int }
			Items                                       []map[string]any
		}
		e.Do("GET", fmt.Sprintf("%s/timesheet?filter.fromDate=2026-11-02&filter.toDate=2026-11-08&filter.locationId=%d", B, e.sydney), key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 2 || page.ItemCountFuture.Value != 2 || len(page.Items) != 2 || page.Items[0]["id"] != float64(first) {
			t.Fatalf("week at Sydney %+v", page)
		}
		e.Do("GET", B+"/timesheet?fromDate=2026-11-02&toDate=2026-11-08&pageSize=2&currentPage=2", key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 4 || page.PageCount != 2 || page.CurrentPage != 2 || len(page.Items) != 2 {
			t.Fatalf("page 2 %+v", page)
		}
		e.Do("GET", B+"/timesheet?toDate=2026-11-02", key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 2 {
			t.Fatalf("toDate is inclusive: %+v", page)
		}
		e.Do("GET", B+"/timesheet?$filter="+url.QueryEscape(fmt.Sprintf("employeeId eq %d", e.ben)), key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 1 || page.Items[0]["id"] != float64(benLine) {
			t.Fatalf("OData filter %+v", page)
		}
		e.Do("GET", B+"/timesheet?$orderby=start%20desc&$top=1&$skip=1", key, nil).Expect(t, 200).JSON(t, &page)
		if len(page.Items) != 1 || page.Items[0]["id"] != float64(benLine) || page.ItemCount != 4 {
			t.Fatalf("OData order/page %+v", page)
		}
		e.Do("GET", B+"/manager/timesheet?orderBy=Employee&status=Submitted", key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 4 || page.Items[0]["employeeName"] != "Ann Lee" || page.Items[3]["employeeName"] != "Ben Ng" {
			t.Fatalf("manager list by employee %+v", page)
		}

		// Review: approve, edit returns it to Submitted, reject with reason.
		ok := e.Do("POST", e.mgr(e.ann, first, "approve"), key, nil).Expect(t, 200).Map(t)
		if ok["status"] != "Approved" || ok["reviewedBy"] != "alice@example.com" || ok["canApprove"] != false {
			t.Fatalf("approved %v", ok)
		}
		edited := e.Do("POST", e.mgr(e.ann, first, ""), key, map[string]any{"start": "2026-11-02T08:30:00", "end": "2026-11-02T16:00:00",
			"locationId": e.sydney, "payCategoryId": e.loading, "comments": "early"}).Expect(t, 200).Map(t)
		if edited["status"] != "Submitted" || edited["totalDurationInMinutes"] != 450.0 || edited["externalReferenceId"] != "dep-1" || edited["isOverlapping"] != false {
			t.Fatalf("edited approved line %v", edited)
		}
		rej := e.Do("POST", e.mgr(e.ann, second, "reject"), key, map[string]any{"reason": "duplicate"}).Expect(t, 200).Map(t)
		if rej["status"] != "Rejected" {
			t.Fatalf("rejected %v", rej)
		}
		var reason string
		if err := d.R.QueryRow(`SELECT rejection_reason FROM timesheet_lines WHERE id = $1`, second).Scan(&reason); err != nil || reason != "duplicate" {
			t.Fatalf("reason %q %v", reason, err)
		}
		put := e.Do("PUT", fmt.Sprintf("%s/timesheet/%d", B, benLine), key, map[string]any{"startTime": "2026-11-03T09:00:00", "endTime": "2026-11-03T12:00:00",
			"status": "Approved", "locationId": e.melb}).Expect(t, 200).Map(t)
		if put["status"] != "Approved" || put["employeeId"] != float64(e.ben) || len(put["breaks"].([]any)) != 0 {
			t.Fatalf("put approved %v", put)
		}

		// Processed through a pay run: locked, not editable or deletable;
		// unlocking returns it to Approved.
		if err := d.InTx(context.Background(), func(q *store.Queries) error {
			return e.Timesheets.MarkProcessed(context.Background(), q, e.Biz, 77, []int64{benLine})
		}); err != nil {
			t.Fatal(err)
		}
		if got = e.get(t, benLine); got["status"] != "Processed" || got["isLocked"] != true || got["payRunId"] != 77.0 || got["canDelete"] != false {
			t.Fatalf("processed %v", got)
		}

		_, carolKey := e.NewUser("carol@example.com")
		e.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{e.sydney}, "permissions": "ApproveTimesheets,CreateTimesheets"}}}).Expect(t, 200)
		e.Do("GET", B+"/timesheet", carolKey, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 3 {
			t.Fatalf("restricted list sees %d lines, want Ann's 3", page.ItemCount)
		}
		dup := e.line(t, e.ann, "2026-11-05T09:00:00", "2026-11-05T10:00:00", map[string]any{"externalId": "uniq-1"})
		OB := e.OtherB
		line := func(extra ...any) map[string]any {
			m := map[string]any{"employeeId": e.ann, "startTime": "2026-11-06T09:00:00", "endTime": "2026-11-06T17:00:00"}
			for i := 0; i < len(extra); i += 2 {
				m[extra[i].(string)] = extra[i+1]
			}
			return m
		}
		T := B + "/timesheet"
		e.RunCases(t, []testkit.Case{
			{Name: "missing start", Method: "POST", Path: T, Key: key, Body: map[string]any{"employeeId": e.ann, "endTime": "2026-11-06T17:00:00"}, Status: 400, Field: "startTime"},
			{Name: "missing employee", Method: "POST", Path: T, Key: key, Body: map[string]any{"startTime": "2026-11-06T09:00:00", "endTime": "2026-11-06T17:00:00"}, Status: 400, Field: "employeeId"},
			{Name: "ends before start", Method: "POST", Path: T, Key: key, Body: line("endTime", "2026-11-06T08:00:00"), Status: 400, Field: "endTime"},
			{Name: "longer than a day", Method: "POST", Path: T, Key: key, Body: line("endTime", "2026-11-07T17:00:00"), Status: 400, Field: "endTime"},
			{Name: "break outside", Method: "POST", Path: T, Key: key, Body: line("breaks", []any{map[string]any{"startTime": "2026-11-06T18:00:00", "endTime": "2026-11-06T18:30:00"}}), Status: 400, Field: "breaks[0].startTime"},
			{Name: "break backwards", Method: "POST", Path: T, Key: key, Body: line("breaks", []any{map[string]any{"startTime": "2026-11-06T12:00:00", "endTime": "2026-11-06T11:30:00"}}), Status: 400, Field: "breaks[0].endTime"},
			{Name: "other tenant location", Method: "POST", Path: T, Key: key, Body: line("locationId", e.bobLoc), Status: 400, Field: "locationId"},
			{Name: "unknown work type", Method: "POST", Path: T, Key: key, Body: line("workTypeId", 999999), Status: 400, Field: "workTypeId"},
			{Name: "location as work type", Method: "POST", Path: T, Key: key, Body: line("workTypeId", e.sydney), Status: 400, Field: "workTypeId"},
			{Name: "other tenant employee", Method: "POST", Path: T, Key: key, Body: line("employeeId", e.bobEmp), Status: 400, Field: "employeeId"},
			{Name: "created processed", Method: "POST", Path: T, Key: key, Body: line("status", "Processed"), Status: 400, Field: "status"},
			{Name: "negative units", Method: "POST", Path: T, Key: key, Body: line("units", -1), Status: 400, Field: "units"},
			{Name: "restricted user, employee outside", Method: "POST", Path: T, Key: carolKey, Body: line("employeeId", e.ben), Status: 400, Field: "employeeId"},
			{Name: "bad status filter", Method: "GET", Path: T + "?status=Pending", Key: key, Status: 400, Field: "status"},
			{Name: "bad from date", Method: "GET", Path: T + "?fromDate=yesterday", Key: key, Status: 400, Field: "fromDate"},
			{Name: "page too big", Method: "GET", Path: T + "?pageSize=101", Key: key, Status: 400, Field: "pageSize"},
			{Name: "page far too far", Method: "GET", Path: T + "?currentPage=9223372036854775807", Key: key, Status: 400, Field: "currentPage"},
			{Name: "top too big", Method: "GET", Path: T + "?$top=101", Key: key, Status: 400, Field: "$top"},
			{Name: "unknown filter member", Method: "GET", Path: T + "?$filter=" + url.QueryEscape("shoe eq 1"), Key: key, Status: 400, Field: "$filter"},
			{Name: "bad order", Method: "GET", Path: B + "/manager/timesheet?orderBy=Height", Key: key, Status: 400, Field: "orderBy"},
			{Name: "unknown group", Method: "GET", Path: B + "/manager/timesheet?employeeGroupId=999999", Key: key, Status: 400, Field: "employeeGroupId"},
			{Name: "anonymous list", Method: "GET", Path: T, Status: 401},
			{Name: "anonymous create", Method: "POST", Path: T, Body: line(), Status: 401},
			{Name: "anonymous approve", Method: "POST", Path: e.mgr(e.ann, first, "approve"), Status: 401},
			{Name: "other tenant list", Method: "GET", Path: T, Key: e.OtherKey, Status: 404},
			{Name: "other tenant get via own business", Method: "GET", Path: fmt.Sprintf("%s/timesheet/%d", OB, first), Key: e.OtherKey, Status: 404},
			{Name: "other tenant put via own business", Method: "PUT", Path: fmt.Sprintf("%s/timesheet/%d", OB, first), Key: e.OtherKey, Body: line("employeeId", e.bobEmp), Status: 404},
			{Name: "other tenant delete via own business", Method: "DELETE", Path: fmt.Sprintf("%s/timesheet/%d", OB, first), Key: e.OtherKey, Status: 404},
			{Name: "other tenant approve via own business", Method: "POST", Path: fmt.Sprintf("%s/manager/%d/timesheet/%d/approve", OB, e.ann, first), Key: e.OtherKey, Status: 404},
			{Name: "other tenant bulk", Method: "POST", Path: T + "/bulk", Key: e.OtherKey, Body: map[string]any{"timesheets": map[string]any{}}, Status: 404},
			{Name: "manager path, other employee", Method: "GET", Path: e.mgr(e.ben, first, ""), Key: key, Status: 404},
			{Name: "restricted get outside scope", Method: "GET", Path: fmt.Sprintf("%s/timesheet/%d", B, benLine), Key: carolKey, Status: 404},
			{Name: "restricted approve outside scope", Method: "POST", Path: e.mgr(e.ben, benLine, "approve"), Key: carolKey, Status: 404},
			{Name: "restricted get in scope", Method: "GET", Path: e.mgr(e.ann, first, ""), Key: carolKey, Status: 200},
			{Name: "unknown line", Method: "GET", Path: T + "/999999", Key: key, Status: 404},
			{Name: "approve rejected", Method: "POST", Path: e.mgr(e.ann, second, "approve"), Key: key, Status: 409},
			{Name: "reject rejected", Method: "POST", Path: e.mgr(e.ann, second, "reject"), Key: key, Status: 409},
			{Name: "edit processed", Method: "PUT", Path: fmt.Sprintf("%s/timesheet/%d", B, benLine), Key: key, Body: line("employeeId", e.ben), Status: 409},
			{Name: "manager edit processed", Method: "POST", Path: e.mgr(e.ben, benLine, ""), Key: key, Body: map[string]any{"start": "2026-11-03T09:00:00", "end": "2026-11-03T10:00:00"}, Status: 409},
			{Name: "delete processed", Method: "DELETE", Path: fmt.Sprintf("%s/timesheet/%d", B, benLine), Key: key, Status: 409},
			{Name: "approve processed", Method: "POST", Path: e.mgr(e.ben, benLine, "approve"), Key: key, Status: 409},
			{Name: "unique external id", Method: "POST", Path: T + "?enforceUniqueExternalId=true", Key: key, Body: line("externalId", "uniq-1"), Status: 409},
			{Name: "duplicate external id allowed unasked", Method: "POST", Path: T, Key: key, Body: line("externalId", "uniq-1"), Status: 200},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/timesheet/%d", B, dup), Key: key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/timesheet/%d", B, dup), Key: key, Status: 404},
			{Name: "manager delete", Method: "DELETE", Path: e.mgr(e.ann, second, ""), Key: key, Status: 200},
		})
		// Unique when asked: the first asking writer takes the id, a later
		// asking one is refused.
		e.Do("POST", T+"?enforceUniqueExternalId=true", key, line("externalId", "uniq-2")).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("POST", T+"?enforceUniqueExternalId=true", key, line("externalId", "uniq-2")), 409, "")

		// Unlock: back to Approved, editable again.
		if err := d.InTx(context.Background(), func(q *store.Queries) error {
			return e.Timesheets.ReturnToApproved(context.Background(), q, e.Biz, 77)
		}); err != nil {
			t.Fatal(err)
		}
		if got = e.get(t, benLine); got["status"] != "Approved" || got["isLocked"] != false || got["payRunId"] != nil {
			t.Fatalf("unlocked %v", got)
		}

	})
}

func TestTimesheetBulk(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		e.Do("POST", B+"/webhookregistrations", key, map[string]any{"webHookUri": "http://127.0.0.1:9/hook", "secret": "0123456789abcdef0123456789abcdef", "filters": []string{"*"}}).Expect(t, 200)
		day := func(d int, loc any) map[string]any {
			return map[string]any{"startTime": fmt.Sprintf("2026-11-%02dT09:00:00", d), "endTime": fmt.Sprintf("2026-11-%02dT17:00:00", d), "locationId": loc,
				"breaks": []any{map[string]any{"startTime": fmt.Sprintf("2026-11-%02dT12:00:00", d), "endTime": fmt.Sprintf("2026-11-%02dT12:30:00", d)}}}
		}
		week := map[string]any{"fromDate": "2026-11-02", "toDate": "2026-11-08", "returnResponse": true, "timesheets": map[string]any{
			fmt.Sprint(e.ann): []any{day(2, fmt.Sprint(e.sydney)), day(3, fmt.Sprint(e.sydney))},
			fmt.Sprint(e.ben): []any{day(2, fmt.Sprint(e.melb))},
		}}
		var res struct {
			Timesheets map[string][]map[string]any
		}
		e.Do("POST", B+"/timesheet/bulk", key, week).Expect(t, 200).JSON(t, &res)
		if len(res.Timesheets[fmt.Sprint(e.ann)]) != 2 || len(res.Timesheets[fmt.Sprint(e.ben)]) != 1 || res.Timesheets[fmt.Sprint(e.ann)][0]["status"] != "Submitted" {
			t.Fatalf("bulk insert %v", res)
		}
		// Stored ids map back to the request's lines (multi-row inserts).
		for k, ls := range res.Timesheets {
			for i, l := range ls {
				got := e.get(t, int64(l["id"].(float64)))
				if fmt.Sprint(got["employeeId"]) != k || got["start"] != l["startTime"] || got["locationId"] != l["locationId"] || len(got["breaks"].([]any)) != 1 {
					t.Fatalf("%s[%d]: response %v, stored %v", k, i, l, got)
				}
			}
		}
		if res.Timesheets[fmt.Sprint(e.ann)][1]["startTime"] != "2026-11-03T09:00:00" {
			t.Fatalf("response order %v", res.Timesheets[fmt.Sprint(e.ann)])
		}
		// Approve one of Ann's so the replace has something to remove that is not Submitted.
		annFirst := int64(res.Timesheets[fmt.Sprint(e.ann)][0]["id"].(float64))
		e.Do("POST", e.mgr(e.ann, annFirst, "approve"), key, nil).Expect(t, 200)

		// Replace Ann's week by external ids: her two lines go, one comes, Ben's stays.
		e.Do("PUT", B+"/location/"+fmt.Sprint(e.sydney), key, map[string]any{"name": "Sydney", "externalId": "LOC-SYD"}).Expect(t, 200)
		repl := map[string]any{"fromDate": "2026-11-02", "toDate": "2026-11-08", "employeeIdType": "External", "locationIdType": "External", "approved": true,
			"timesheets": map[string]any{"EMP-ANN": []any{day(4, "LOC-SYD")}}}
		res.Timesheets = nil
		e.Do("PUT", B+"/timesheet/bulk", key, repl).Expect(t, 200).JSON(t, &res)
		if len(res.Timesheets) != 0 {
			t.Fatalf("no response asked: %v", res)
		}
		var page struct {
			ItemCount int
			Items     []map[string]any
		}
		e.Do("GET", fmt.Sprintf("%s/timesheet?employeeId=%d", B, e.ann), key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 1 || page.Items[0]["start"] != "2026-11-04T09:00:00" || page.Items[0]["status"] != "Approved" || page.Items[0]["locationId"] != float64(e.sydney) {
			t.Fatalf("after replace %+v", page)
		}
		e.Do("GET", fmt.Sprintf("%s/timesheet?employeeId=%d", B, e.ben), key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 1 {
			t.Fatalf("Ben's line replaced: %+v", page)
		}
		for ev, want := range map[string]int{"TimesheetCreated": 4, "TimesheetDeleted": 2, "TimesheetApproved": 1} {
			var n int
			if err := d.R.QueryRow(`SELECT COUNT(*) FROM webhook_deliveries WHERE action = $1`, ev).Scan(&n); err != nil || n != want {
				t.Errorf("%s deliveries = %d, want %d (%v)", ev, n, want, err)
			}
		}

		annKey := fmt.Sprint(e.ann)
		e.RunCases(t, []testkit.Case{
			{Name: "replace needs dates", Method: "PUT", Path: B + "/timesheet/bulk", Key: key, Body: map[string]any{"timesheets": map[string]any{annKey: []any{day(4, nil)}}}, Status: 400, Field: "fromDate"},
			{Name: "outside the range", Method: "POST", Path: B + "/timesheet/bulk", Key: key, Body: map[string]any{"fromDate": "2026-11-02", "toDate": "2026-11-03",
				"timesheets": map[string]any{annKey: []any{day(4, nil)}}}, Status: 400, Field: "timesheets[" + annKey + "][0].startTime"},
			{Name: "unknown employee", Method: "POST", Path: B + "/timesheet/bulk", Key: key, Body: map[string]any{"timesheets": map[string]any{fmt.Sprint(e.bobEmp): []any{day(4, nil)}}}, Status: 400, Field: "timesheets[" + fmt.Sprint(e.bobEmp) + "]"},
			{Name: "unknown external location", Method: "POST", Path: B + "/timesheet/bulk", Key: key, Body: map[string]any{"locationIdType": "External",
				"timesheets": map[string]any{annKey: []any{day(4, "NOPE")}}}, Status: 400, Field: "timesheets[" + annKey + "][0].locationId"},
			{Name: "bad break", Method: "POST", Path: B + "/timesheet/bulk", Key: key, Body: map[string]any{"timesheets": map[string]any{annKey: []any{map[string]any{
				"startTime": "2026-11-05T09:00:00", "endTime": "2026-11-05T10:00:00", "breaks": []any{map[string]any{"startTime": "2026-11-05T11:00:00", "endTime": "2026-11-05T11:10:00"}}}}}},
				Status: 400, Field: "timesheets[" + annKey + "][0].breaks[0].startTime"},
			{Name: "no employees", Method: "POST", Path: B + "/timesheet/bulk", Key: key, Body: map[string]any{"timesheets": map[string]any{}}, Status: 400, Field: "timesheets"},
			{Name: "anonymous", Method: "PUT", Path: B + "/timesheet/bulk", Body: repl, Status: 401},
			{Name: "other tenant", Method: "PUT", Path: B + "/timesheet/bulk", Key: e.OtherKey, Body: repl, Status: 404},
		})
		// Nothing of a refused request was written.
		e.Do("GET", fmt.Sprintf("%s/timesheet?employeeId=%d", B, e.ann), key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 1 {
			t.Fatalf("a refused bulk wrote lines: %+v", page)
		}
		// Processed lines survive a replace.
		if err := d.InTx(context.Background(), func(q *store.Queries) error {
			return e.Timesheets.MarkProcessed(context.Background(), q, e.Biz, 5, []int64{int64(page.Items[0]["id"].(float64))})
		}); err != nil {
			t.Fatal(err)
		}
		e.Do("PUT", B+"/timesheet/bulk", key, repl).Expect(t, 200)
		e.Do("GET", fmt.Sprintf("%s/timesheet?employeeId=%d&status=Processed", B, e.ann), key, nil).Expect(t, 200).JSON(t, &page)
		if page.ItemCount != 1 {
			t.Fatalf("processed line replaced: %+v", page)
		}
	})
}

// TestTimesheetReviewRace: two managers approve and reject one line at
// the same moment; exactly one wins and the other gets 409, on both
// engines.
func TestTimesheetReviewRace(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		for round := 0; round < 8; round++ {
			id := e.line(t, e.ann, fmt.Sprintf("2026-10-%02dT09:00:00", round+1), fmt.Sprintf("2026-10-%02dT17:00:00", round+1), nil)
			var wg sync.WaitGroup
			codes := make([]int, 2)
			start := make(chan struct{})
			for i, op := range []string{"approve", "reject"} {
				wg.Add(1)
				go func(i int, op string) {
					defer wg.Done()
					<-start
					codes[i] = e.Do("POST", e.mgr(e.ann, id, op), e.Key, nil).Status
				}(i, op)
			}
			close(start)
			wg.Wait()
			winners := 0
			for _, c := range codes {
				switch c {
				case 200:
					winners++
				case 409:
				default:
					t.Fatalf("round %d: status %d", round, c)
				}
			}
			if winners != 1 {
				t.Fatalf("round %d: codes %v, want one 200 and one 409", round, codes)
			}
			want := "Approved"
			if codes[1] == 200 {
				want = "Rejected"
			}
			if got := e.get(t, id)["status"]; got != want {
				t.Fatalf("round %d: status %v, want %s", round, got, want)
			}
		}
	})
}

// TestPayRunHandOver: the pay run reads approved lines in one query,
// processes them (a line changed since is a conflict) and unlocks them.
func TestPayRunHandOver(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		a1 := e.line(t, e.ann, "2026-11-02T09:00:00", "2026-11-02T17:00:00", map[string]any{"status": "Approved", "locationId": e.sydney})
		a2 := e.line(t, e.ann, "2026-11-08T22:00:00", "2026-11-09T02:00:00", map[string]any{"status": "Approved"})
		e.line(t, e.ann, "2026-11-09T09:00:00", "2026-11-09T17:00:00", map[string]any{"status": "Approved"}) // next period
		e.line(t, e.ann, "2026-11-03T09:00:00", "2026-11-03T17:00:00", nil)                                  // not approved
		b1 := e.line(t, e.ben, "2026-11-04T09:00:00", "2026-11-04T12:00:00", map[string]any{"status": "Approved"})
		from, to := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 8, 0, 0, 0, 0, time.UTC)
		var ids []int64
		err := d.InTx(ctx, func(q *store.Queries) error {
			lines, err := e.Timesheets.ApprovedForPayRun(ctx, q, e.Biz, []int64{e.ann}, from, to)
			if err != nil {
				return err
			}
			for _, l := range lines {
				ids = append(ids, l.ID)
			}
			if len(lines) != 2 || lines[0].ID != a1 || lines[0].WorkMinutes != 480 || lines[0].LocationID != e.sydney || lines[1].ID != a2 {
				t.Errorf("approved for Ann: %+v", lines)
			}
			all, err := e.Timesheets.ApprovedForPayRun(ctx, q, e.Biz, nil, from, to)
			if err != nil {
				return err
			}
			if len(all) != 3 || all[2].ID != b1 {
				t.Errorf("approved for everyone: %d lines", len(all))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// A line edited after the pay run read it: processing is refused.
		e.Do("PUT", fmt.Sprintf("%s/timesheet/%d", e.B, a2), e.Key, map[string]any{"startTime": "2026-11-08T22:00:00", "endTime": "2026-11-09T01:00:00"}).Expect(t, 200)
		err = d.InTx(ctx, func(q *store.Queries) error { return e.Timesheets.MarkProcessed(ctx, q, e.Biz, 9, ids) })
		if err == nil {
			t.Fatal("processing a line that is no longer approved succeeded")
		}
		if got := e.get(t, a1)["status"]; got != "Approved" {
			t.Fatalf("rolled back processing left %v", got)
		}
		if err := d.InTx(ctx, func(q *store.Queries) error { return e.Timesheets.MarkProcessed(ctx, q, e.Biz, 9, []int64{a1, a1}) }); err != nil {
			t.Fatal(err)
		}
		if err := d.InTx(ctx, func(q *store.Queries) error { return e.Timesheets.ReturnToApproved(ctx, q, e.Biz, 9) }); err != nil {
			t.Fatal(err)
		}
		if got := e.get(t, a1); got["status"] != "Approved" || got["payRunId"] != nil {
			t.Fatalf("after unlock %v", got)
		}
	})
}
