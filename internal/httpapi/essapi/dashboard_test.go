package essapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// The dashboard's sections, each from the employee's records (the test
// clock is Monday 2026-11-02 09:00 UTC: the current period is 2026-11-02
// to 2026-11-08).
func TestESSDashboardSections(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
		pia, weekly := active(t, e)
		SP := fmt.Sprintf("/api/v2/ess/%d", pia)
		e.Do("POST", B+"/employeeportalsettings", key, map[string]any{"timesheetSetting": "ReadWrite", "allowEmployeeLeaveSelfService": true,
			"allowEmployeeExpensesSelfService": true, "allowEmployeeSatisfactionSurvey": true}).Expect(t, 200)

		// Roster: shifts on 2026-11-04 and 2026-11-10 to come, one on
		// 2026-10-28 that ended unaccepted.
		shift := func(day string) int64 {
			return id(e.Do("POST", B+"/rostershift?publish=true", key, map[string]any{"employeeId": pia, "startTime": day + "T09:00:00", "endTime": day + "T17:00:00"}))
		}
		later, next, _ := shift("2026-11-10"), shift("2026-11-04"), shift("2026-10-28")
		// Pay: a published run paid 2026-11-13 (12 h x 25.00 = 300.00, no
		// withholding under 362 a week on scale 2: net 300.00), and an
		// unpublished one paid later.
		run := func(end, publish string) int64 {
			r := id(e.Do("POST", B+"/payrun", key, map[string]any{"payScheduleId": weekly, "payPeriodEnding": end, "datePaid": end}))
			e.Do("POST", fmt.Sprintf("%s/payrun/%d/finalise", B, r), key, map[string]any{"publishPaySlips": publish}).Expect(t, 200)
			return r
		}
		published := run("2026-11-13T00:00:00", "Immediate")
		run("2026-11-20T00:00:00", "Manual")
		// A document to acknowledge.
		var docs []map[string]any
		e.Upload(B+"/document?visibleToAll=true", key, "rules.txt", []byte("rules")).Expect(t, 200).JSON(t, &docs)
		e.Do("PUT", fmt.Sprintf("%s/document/%v", B, docs[0]["id"]), key, map[string]any{"visibleToAll": true, "requiresEmployeeAcknowledgement": true}).Expect(t, 200)
		// This week: two timesheet lines (8 h + 4 h = 720 minutes), one
		// next week; an expense; the survey; a pending leave request.
		for _, l := range [][2]string{{"2026-11-02T09:00:00", "2026-11-02T17:00:00"}, {"2026-11-03T09:00:00", "2026-11-03T13:00:00"}, {"2026-11-09T09:00:00", "2026-11-09T17:00:00"}} {
			e.Do("POST", SP+"/timesheet", key, map[string]any{"start": l[0], "end": l[1]}).Expect(t, 200)
		}
		cat := id(e.Do("POST", B+"/employeeexpensecategory", key, map[string]any{"name": "Dash Parking"}))
		e.Do("POST", SP+"/expense", key, map[string]any{"description": "Parking", "lineItems": []any{map[string]any{"expenseCategoryId": cat,
			"amount": 9.5, "dateIncurred": "2026-11-02T00:00:00"}}}).Expect(t, 200)
		e.Do("POST", SP+"/satisfaction", key, map[string]any{"value": "Happy"}).Expect(t, 200)
		e.Do("POST", SP+"/leave", key, map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-11-16T00:00:00", "toDate": "2026-11-16T00:00:00", "hours": 4}).Expect(t, 200)
		// Clocked on at 08:00 UTC, on a paid break since 08:30.
		e.Do("POST", SP+"/timeandattendance/clockon", key, map[string]any{"employeeId": pia, "recordedTimeUtc": "2026-11-02T08:00:00Z"}).Expect(t, 200)
		e.Do("POST", SP+"/timeandattendance/startbreak", key, map[string]any{"employeeId": pia, "recordedTimeUtc": "2026-11-02T08:30:00Z", "isPaidBreak": true}).Expect(t, 200)

		got := e.Do("GET", SP+"/dashboard", key, nil).Expect(t, 200).Map(t)
		obj := func(m string) map[string]any { return got[m].(map[string]any) }
		if ns := obj("nextShift"); ns["id"] != float64(next) || ns["startTime"] != "2026-11-04T09:00:00" || ns["employeeId"] != float64(pia) {
			t.Fatalf("nextShift %v (later %d)", ns, later)
		}
		if got["pendingShiftCount"] != 2.0 || got["notAcceptedShiftsCount"] != 1.0 || got["proposedSwapCount"] != 0.0 {
			t.Fatalf("shift counts %v %v %v", got["pendingShiftCount"], got["notAcceptedShiftsCount"], got["proposedSwapCount"])
		}
		if ps := obj("latestPayslip"); ps["id"] != float64(published) || ps["netPay"] != 300.0 || ps["datePaid"] != "2026-11-13T00:00:00" {
			t.Fatalf("latestPayslip %v", ps)
		}
		if got["documentsRequiringAcknowledgementCount"] != 1.0 {
			t.Fatalf("documents %v", got["documentsRequiringAcknowledgementCount"])
		}
		if ts := obj("timesheets"); ts["submittedCount"] != 2.0 || ts["durationInMinutes"] != 720.0 || ts["periodStarting"] != "2026-11-02T00:00:00" ||
			ts["periodEnding"] != "2026-11-08T00:00:00" || got["timesheetEntryPeriodEnd"] != "2026-11-08T00:00:00" {
			t.Fatalf("timesheets %v", ts)
		}
		if ex := obj("expenses"); ex["submittedCount"] != 1.0 || ex["approvedCount"] != 0.0 {
			t.Fatalf("expenses %v", ex)
		}
		if cats := got["expenseCategories"].([]any); len(cats) != 1 || cats[0].(map[string]any)["name"] != "Dash Parking" || len(got["taxCodes"].([]any)) == 0 {
			t.Fatalf("expense lookups %v %v", cats, got["taxCodes"])
		}
		if sv := obj("currentWeekSatisfactionSurvey"); sv["value"] != "Happy" || sv["weekStartDate"] != "2026-11-02T00:00:00" {
			t.Fatalf("survey %v", sv)
		}
		if sh := obj("standardHours"); sh["standardHoursPerWeek"] != 12.0 || sh["employeeId"] != float64(pia) {
			t.Fatalf("standardHours %v", sh)
		}
		if cs := obj("currentShift"); cs["status"] != "OnBreak" || cs["clockOnTimeUtc"] != "2026-11-02T08:00:00Z" || cs["breakStartTimeUtc"] != "2026-11-02T08:30:00Z" ||
			cs["isPaidBreak"] != true || cs["longShift"] != false || cs["shiftId"] == 0.0 {
			t.Fatalf("currentShift %v", cs)
		}
		if got["pendingLeaveCount"] != 1.0 || len(got["leaveCategories"].([]any)) != 1 || len(got["locations"].([]any)) != 2 {
			t.Fatalf("leave and lookups %v %v %v", got["pendingLeaveCount"], got["leaveCategories"], got["locations"])
		}

		// Features turned off empty their sections.
		e.Do("POST", B+"/employeeportalsettings", key, map[string]any{"timesheetSetting": "Disabled", "allowEmployeeLeaveSelfService": false,
			"allowEmployeeExpensesSelfService": false, "allowEmployeeSatisfactionSurvey": false}).Expect(t, 200)
		got = e.Do("GET", SP+"/dashboard", key, nil).Expect(t, 200).Map(t)
		if obj("timesheets")["submittedCount"] != 0.0 || obj("expenses")["submittedCount"] != 0.0 || len(got["expenseCategories"].([]any)) != 0 ||
			obj("currentWeekSatisfactionSurvey")["value"] != "NotSet" || got["pendingLeaveCount"] != 0.0 || len(got["leaveCategories"].([]any)) != 0 {
			t.Fatalf("with the features off %v", got)
		}
		// Ann has none of it: empty sections, id 0 objects.
		got = e.Do("GET", e.SA+"/dashboard", e.annKey, nil).Expect(t, 200).Map(t)
		if obj("nextShift")["id"] != 0.0 || obj("latestPayslip")["id"] != 0.0 || obj("latestPayslip")["datePaid"] != "0001-01-01T00:00:00" ||
			obj("currentShift")["status"] != "NotClockedOn" || got["documentsRequiringAcknowledgementCount"] != 1.0 {
			t.Fatalf("Ann's dashboard %v", got)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "Pia's by Ann", Method: "GET", Path: SP + "/dashboard", Key: e.annKey, Status: 404},
			{Name: "other tenant", Method: "GET", Path: SP + "/dashboard", Key: e.OtherKey, Status: 404},
			{Name: "restricted in scope", Method: "GET", Path: SP + "/dashboard", Key: e.restrict, Status: 200},
		})
	})
}

// The leave list: filters, and colleagues' approved leave when the
// business lets employees see it.
func TestESSLeaveList(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
		cat := id(e.Do("POST", B+"/employee/unstructured?matchType=None", key, map[string]any{"firstName": "Cat", "surname": "Tester",
			"hoursPerWeek": 38, "residentialState": "NSW", "primaryLocation": "Sydney"}))
		req := func(emp int64, from, notes string, approve bool) int64 {
			return id(e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", B, emp), key, map[string]any{"leaveCategoryId": e.annual,
				"fromDate": from, "toDate": from, "hours": 7.6, "notes": notes, "automaticallyApprove": approve}))
		}
		own := req(e.ann, "2026-12-07T00:00:00", "dentist", false)
		ownApproved := req(e.ann, "2026-11-20T00:00:00", "long weekend", true)
		catApproved := req(cat, "2026-12-08T00:00:00", "private", true)
		req(cat, "2026-12-09T00:00:00", "pending", false)
		req(e.ben, "2026-12-10T00:00:00", "Melbourne", true)

		list := func(k, q string) []map[string]any {
			var out []map[string]any
			e.Do("GET", e.SA+"/leave"+q, k, nil).Expect(t, 200).JSON(t, &out)
			return out
		}
		ids := func(l []map[string]any) []int64 {
			var out []int64
			for _, x := range l {
				out = append(out, int64(x["id"].(float64)))
			}
			return out
		}
		if got := ids(list(e.annKey, "?filter.showOtherEmployees=true")); fmt.Sprint(got) != fmt.Sprint([]int64{own, ownApproved}) {
			t.Fatalf("setting off: %v", got)
		}
		e.Do("POST", B+"/employeeportalsettings", key, map[string]any{"allowEmployeesToViewAllApprovedLeave": true}).Expect(t, 200)
		all := list(e.annKey, "?filter.showOtherEmployees=true")
		if got := ids(all); fmt.Sprint(got) != fmt.Sprint([]int64{catApproved, own, ownApproved}) {
			t.Fatalf("with colleagues: %v", got)
		}
		if c := all[0]; c["employeeName"] != "Cat Tester" || c["notes"] != "" || c["canCancel"] != false || c["isApproved"] != true || c["totalHours"] != 7.6 {
			t.Fatalf("colleague's request %v", c)
		}
		if o := all[1]; o["notes"] != "dentist" || o["isPending"] != true || o["canCancel"] != true || o["employeeId"] != float64(e.ann) {
			t.Fatalf("own request %v", o)
		}
		if got := ids(list(e.annKey, "?filter.approvedOnly=true")); fmt.Sprint(got) != fmt.Sprint([]int64{ownApproved}) {
			t.Fatalf("approvedOnly: %v", got)
		}
		if got := ids(list(e.annKey, "?filter.showOtherEmployees=true&filter.fromDate=2026-12-08T00:00:00&filter.toDate=2026-12-31T00:00:00")); fmt.Sprint(got) != fmt.Sprint([]int64{catApproved}) {
			t.Fatalf("range: %v", got)
		}
		if got := ids(list(e.restrict, "?showOtherEmployees=true")); fmt.Sprint(got) != fmt.Sprint([]int64{catApproved, own, ownApproved}) {
			t.Fatalf("restricted user (Sydney): %v", got)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "backwards", Method: "GET", Path: e.SA + "/leave?filter.fromDate=2026-12-31&filter.toDate=2026-12-01", Key: e.annKey, Status: 400, Field: "toDate"},
			{Name: "bad date", Method: "GET", Path: e.SA + "/leave?filter.fromDate=soon", Key: e.annKey, Status: 400, Field: "fromDate"},
			{Name: "another employee", Method: "GET", Path: e.SB + "/leave", Key: e.annKey, Status: 404},
			{Name: "restricted out of scope", Method: "GET", Path: e.SB + "/leave?showOtherEmployees=true", Key: e.restrict, Status: 404},
			{Name: "other tenant", Method: "GET", Path: e.SA + "/leave", Key: e.OtherKey, Status: 404},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/leave", Status: 401},
		})
	})
}

// The leave estimate: hours from standard hours, and the category's
// balances.
func TestESSLeaveEstimate(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		B, key := e.B, e.Key
		id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
		annual := id(e.Do("POST", B+"/leavecategory", key, map[string]any{"name": "Dash Annual"}))
		e.Do("POST", fmt.Sprintf("%s/employee/%d/openingbalances", B, e.ann), key, map[string]any{"financialYearStartingYear": 2026,
			"leaveBalances": []any{map[string]any{"leaveCategoryId": annual, "amount": 40}}}).Expect(t, 200)
		leave := func(from string, hours float64, approve bool) {
			e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", B, e.ann), key, map[string]any{"leaveCategoryId": annual, "fromDate": from,
				"toDate": from, "hours": hours, "notes": "x", "automaticallyApprove": approve}).Expect(t, 200)
		}
		leave("2026-11-16T00:00:00", 7.6, true)
		leave("2026-11-17T00:00:00", 3, false) // pending: not counted

		// Ann works 38 hours a week: 7.6 a day. 2026-11-09 to 2026-11-15 is
		// Monday to Sunday with no public holiday: 5 x 7.6 = 38 hours.
		got := e.Do("GET", fmt.Sprintf("%s/leave/estimate?filter.leaveCategoryId=%d&filter.fromDate=2026-11-09T00:00:00&filter.toDate=2026-11-15T00:00:00", e.SA, annual),
			e.annKey, nil).Expect(t, 200).Map(t)
		req := got["leaveRequired"].(map[string]any)
		// Balance 40 (opening); approved and unpaid 7.6; available 32.4.
		if req["hours"] != 38.0 || req["units"] != 38.0 || req["employeeId"] != float64(e.ann) || len(req["details"].([]any)) != 7 ||
			got["leaveBalance"] != 40.0 || got["approvedLeave"] != 7.6 || got["availableBalance"] != 32.4 {
			t.Fatalf("estimate %v", got)
		}
		got = e.Do("GET", e.SA+"/leave/estimate?fromDate=2026-11-09&toDate=2026-11-10", e.annKey, nil).Expect(t, 200).Map(t)
		if got["leaveRequired"].(map[string]any)["hours"] != 15.2 || got["leaveBalance"] != nil || got["availableBalance"] != nil {
			t.Fatalf("without a category %v", got)
		}
		E := e.SA + "/leave/estimate"
		e.RunCases(t, []testkit.Case{
			{Name: "unknown category", Method: "GET", Path: E + "?filter.leaveCategoryId=999999&filter.fromDate=2026-11-09&filter.toDate=2026-11-10", Key: e.annKey, Status: 400, Field: "leaveCategoryId"},
			{Name: "backwards", Method: "GET", Path: E + "?filter.fromDate=2026-11-09&filter.toDate=2026-11-01", Key: e.annKey, Status: 400, Field: "toDate"},
			{Name: "too long", Method: "GET", Path: E + "?filter.fromDate=2026-01-01&filter.toDate=2027-06-01", Key: e.annKey, Status: 400, Field: "toDate"},
			{Name: "no dates", Method: "GET", Path: E, Key: e.annKey, Status: 400},
			{Name: "another employee", Method: "GET", Path: e.SB + "/leave/estimate?fromDate=2026-11-09&toDate=2026-11-10", Key: e.annKey, Status: 404},
			{Name: "restricted out of scope", Method: "GET", Path: e.SB + "/leave/estimate?fromDate=2026-11-09&toDate=2026-11-10", Key: e.restrict, Status: 404},
			{Name: "anonymous", Method: "GET", Path: E + "?fromDate=2026-11-09&toDate=2026-11-10", Status: 401},
		})
	})
}
