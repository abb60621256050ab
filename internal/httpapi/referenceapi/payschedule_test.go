package referenceapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// schedEnv is a server with two AU tenants (alice, bob) and the helpers the
// schedule-group tests share.
type schedEnv struct {
	*testkit.Bundle
	loc, otherLoc   int64
	abaID, otherAba int64
	sgBiz, myBiz    int64
	sgB, myB        string
}

func newSchedEnv(t *testing.T, d *db.DB) *schedEnv {
	e := &schedEnv{Bundle: testkit.NewBundle(t, d, "AU")}
	e.sgBiz, e.sgB = e.AddBusiness("Alice Pte Ltd", "SG")
	e.myBiz, e.myB = e.AddBusiness("Alice Sdn Bhd", "MY")
	e.loc = e.location(t, e.Biz, "Sydney")
	e.otherLoc = e.location(t, e.Other, "Perth")
	aba := map[string]any{"bsb": "062-000", "accountNumber": "12345678", "accountName": "Alice Payroll",
		"financialInstitutionCode": "CBA", "userName": "Alice Pty Ltd", "userId": "123456"}
	e.abaID = e.id(t, e.Do("POST", e.B+"/aba", e.Key, aba).Expect(t, 200))
	e.otherAba = e.id(t, e.Do("POST", e.OtherB+"/aba", e.OtherKey, aba).Expect(t, 200))
	return e
}

// location creates a location of business biz (alice's or bob's) through
// the API.
func (e *schedEnv) location(t *testing.T, biz int64, name string) int64 {
	t.Helper()
	key := e.Key
	if biz == e.Other {
		key = e.OtherKey
	}
	return e.id(t, e.Do("POST", testkit.BusinessPath(biz)+"/location", key, map[string]any{"name": name}).Expect(t, 200))
}

func (e *schedEnv) id(t *testing.T, r *testkit.Response) int64 {
	t.Helper()
	return int64(r.Map(t)["id"].(float64))
}

func schedList(t *testing.T, r *testkit.Response) []map[string]any {
	t.Helper()
	var list []map[string]any
	r.JSON(t, &list)
	return list
}

func schedExpect(want map[string]any) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		t.Helper()
		got := r.Map(t)
		for k, v := range want {
			if fmt.Sprint(got[k]) != fmt.Sprint(v) {
				t.Fatalf("%s = %v, want %v; body %s", k, got[k], v, r.Body)
			}
		}
	}
}

// ownHolidays drops the official (isSystem) holidays of a list.
func ownHolidays(list []map[string]any) []map[string]any {
	var out []map[string]any
	for _, h := range list {
		if h["isSystem"] != true {
			out = append(out, h)
		}
	}
	return out
}

func schedLen(n int) func(t *testing.T, r *testkit.Response) {
	return func(t *testing.T, r *testkit.Response) {
		t.Helper()
		if l := schedList(t, r); len(l) != n {
			t.Fatalf("len = %d, want %d: %s", len(l), n, r.Body)
		}
	}
}

func TestSchedPaySchedules(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d)
		PS := e.B + "/payschedule"
		weekly := e.Do("POST", PS, e.Key, map[string]any{"name": "Weekly staff", "frequency": "weekly", "locations": []int64{e.loc},
			"abaDetailsId": e.abaID, "externalId": "W1", "paygAccountBsb": "062000",
			"autoPayConfiguration": map[string]any{"enabled": true, "initialPayPeriodEnding": "2026-11-08T00:00:00",
				"initialDatePaid": "2026-11-10", "usersToNotify": []string{"ALICE@example.com"}},
			"defaultFinaliseSettings": map[string]any{"publishPaySlips": "scheduled", "publishPaySlipsTimeline": "After",
				"publishPaySlipsTimeOfDay": "09:30", "publishPaySlipsDay": 1},
		}).Expect(t, 200).Map(t)
		wID := int64(weekly["id"].(float64))
		ap := weekly["autoPayConfiguration"].(map[string]any)
		if weekly["frequency"] != "Weekly" || weekly["employeeSelectionStrategy"] != "None" || weekly["paygAccountBsb"] != "062-000" ||
			ap["usersToNotify"].([]any)[0] != "alice@example.com" || ap["timesheetImportOption"] != "None" {
			t.Fatalf("created %v", weekly)
		}
		// An integer enum is the position in PayCycleFrequencyEnum: 2 = Monthly.
		monthly := e.id(t, e.Do("POST", PS, e.Key, map[string]any{"name": "Monthly salaried", "frequency": 2,
			"lastPayRun": "2026-01-31", "lastDatePaid": "2026-01-31"}).Expect(t, 200))
		half := e.id(t, e.Do("POST", PS, e.Key, map[string]any{"name": "Half monthly", "frequency": "HalfMonthly",
			"lastPayRun": "2026-02-15", "lastDatePaid": "2026-02-16"}).Expect(t, 200))
		otherPS := e.id(t, e.Do("POST", e.OtherB+"/payschedule", e.OtherKey, map[string]any{"name": "Theirs", "frequency": "Monthly"}).Expect(t, 200))
		myPS := e.Do("POST", e.myB+"/payschedule", e.Key, map[string]any{"name": "MY monthly", "frequency": "Monthly"})
		myPS.Expect(t, 200)

		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", PS, wID), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"name": "Weekly staff", "externalId": "W1", "abaDetailsId": e.abaID, "locations": []any{float64(e.loc)}})},
			{Name: "partial update", Method: "PUT", Path: fmt.Sprintf("%s/%d", PS, wID), Key: e.Key,
				Body: map[string]any{"lastPayRun": "2026-11-01", "lastDatePaid": "2026-11-04", "autoPayConfiguration": map[string]any{"paused": true}}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					m := r.Map(t)
					a := m["autoPayConfiguration"].(map[string]any)
					if m["name"] != "Weekly staff" || m["lastPayRun"] != "2026-11-01T00:00:00" || a["paused"] != true || a["enabled"] != true {
						t.Fatalf("updated %v", m)
					}
				}},
			{Name: "list", Method: "GET", Path: PS, Key: e.Key, Status: 200, Check: schedLen(3)},
			{Name: "list filtered", Method: "GET", Path: PS + "?$filter=Frequency%20eq%20'Monthly'", Key: e.Key, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if l := schedList(t, r); len(l) != 1 || l[0]["name"] != "Monthly salaried" {
						t.Fatalf("filtered %v", l)
					}
				}},
			{Name: "list paged and ordered", Method: "GET", Path: PS + "?$orderby=Name&$top=1&$skip=1", Key: e.Key, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if l := schedList(t, r); len(l) != 1 || l[0]["name"] != "Monthly salaried" {
						t.Fatalf("page %v", l)
					}
				}},
			{Name: "top over 100", Method: "GET", Path: PS + "?$top=101", Key: e.Key, Status: 400},
			{Name: "missing name", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"frequency": "Weekly"}, Status: 400, Field: "name"},
			{Name: "missing frequency", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"name": "X"}, Status: 400, Field: "frequency"},
			{Name: "ad hoc is not a schedule frequency", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"name": "X", "frequency": "AdHoc"}, Status: 400, Field: "frequency"},
			{Name: "unknown frequency", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"name": "X", "frequency": "Daily"}, Status: 400, Field: "frequency"},
			{Name: "location of another business", Method: "POST", Path: PS, Key: e.Key,
				Body: map[string]any{"name": "X", "frequency": "Weekly", "locations": []int64{e.otherLoc}}, Status: 400, Field: "locations"},
			{Name: "ABA settings of another business", Method: "POST", Path: PS, Key: e.Key,
				Body: map[string]any{"name": "X", "frequency": "Weekly", "abaDetailsId": e.otherAba}, Status: 400, Field: "abaDetailsId"},
			{Name: "notify a user without access", Method: "POST", Path: PS, Key: e.Key,
				Body:   map[string]any{"name": "X", "frequency": "Weekly", "autoPayConfiguration": map[string]any{"usersToNotify": []string{"bob@example.com"}}},
				Status: 400, Field: "autoPayConfiguration.usersToNotify"},
			{Name: "auto pay without initial period", Method: "POST", Path: PS, Key: e.Key,
				Body:   map[string]any{"name": "X", "frequency": "Weekly", "autoPayConfiguration": map[string]any{"enabled": true}},
				Status: 400, Field: "autoPayConfiguration.initialPayPeriodEnding"},
			{Name: "scheduled finalise without time", Method: "POST", Path: PS, Key: e.Key,
				Body:   map[string]any{"name": "X", "frequency": "Weekly", "defaultFinaliseSettings": map[string]any{"lodgePayRun": "Scheduled", "lodgePayRunTimeline": "On"}},
				Status: 400, Field: "defaultFinaliseSettings.lodgePayRunTimeOfDay"},
			{Name: "unknown pay run warning", Method: "POST", Path: PS, Key: e.Key,
				Body: map[string]any{"name": "X", "frequency": "Weekly", "ignoredPayRunWarnings": []int{500}}, Status: 400, Field: "ignoredPayRunWarnings"},
			{Name: "bad PAYG BSB", Method: "POST", Path: PS, Key: e.Key,
				Body: map[string]any{"name": "X", "frequency": "Weekly", "paygAccountBsb": "12-345"}, Status: 400, Field: "paygAccountBsb"},
			{Name: "duplicate name", Method: "POST", Path: PS, Key: e.Key, Body: map[string]any{"name": "weekly STAFF", "frequency": "Weekly"}, Status: 409},
			{Name: "MY pays monthly", Method: "POST", Path: e.myB + "/payschedule", Key: e.Key, Body: map[string]any{"name": "X", "frequency": "Weekly"}, Status: 400, Field: "frequency"},
			{Name: "update keeps record on error", Method: "PUT", Path: fmt.Sprintf("%s/%d", PS, wID), Key: e.Key, Body: map[string]any{"name": ""}, Status: 400, Field: "name"},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/payschedule/%d", e.OtherB, otherPS), Key: e.Key, Status: 404},
			{Name: "other tenant's id through own business", Method: "GET", Path: fmt.Sprintf("%s/%d", PS, otherPS), Key: e.Key, Status: 404},
			{Name: "other tenant update", Method: "PUT", Path: fmt.Sprintf("%s/%d", PS, otherPS), Key: e.Key, Body: map[string]any{"name": "Mine"}, Status: 404},
			{Name: "ABA settings in use", Method: "DELETE", Path: fmt.Sprintf("%s/aba/%d", e.B, e.abaID), Key: e.Key, Status: 409},
			{Name: "metadata", Method: "GET", Path: PS + "/metadata", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				warnings := m["payRunWarnings"].([]any)
				first := warnings[0].(map[string]any)
				if len(m["frequencies"].([]any)) != 7 || fmt.Sprint(m["usersToNotify"]) != "[alice@example.com]" || len(warnings) != 92 ||
					first["id"] != 0.0 || first["description"] != "Payment file" || len(m["reportPacks"].([]any)) != 0 ||
					len(m["timesheetImportOptions"].([]any)) != 4 || len(m["employmentSelectionStrategies"].([]any)) != 6 {
					t.Fatalf("metadata %v", m)
				}
			}},
			{Name: "next pay dates", Method: "GET", Path: PS + "/nextpaydates", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				got := map[float64]string{}
				for _, f := range schedList(t, r) {
					got[f["payScheduleId"].(float64)] = fmt.Sprint(f["nextScheduledFromDate"], " ", f["nextScheduledToDate"], " ", f["nextScheduledPaidDate"])
				}
				want := map[float64]string{
					float64(wID):     "2026-11-02T00:00:00 2026-11-08T00:00:00 2026-11-11T00:00:00", // weekly, paid 3 days after
					float64(monthly): "2026-02-01T00:00:00 2026-02-28T00:00:00 2026-02-28T00:00:00", // 31 Jan -> 28 Feb
					float64(half):    "2026-02-16T00:00:00 2026-02-28T00:00:00 2026-03-01T00:00:00", // 15th -> month end, paid 1 day after
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("forecast\n got %v\nwant %v", got, want)
				}
			}},
			{Name: "next pay date of one", Method: "GET", Path: fmt.Sprintf("%s/%d/nextpaydate", PS, monthly), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"payScheduleId": monthly, "nextScheduledToDate": "2026-02-28T00:00:00"})},
			{Name: "next pay date of a never-run MY schedule: the current month", Method: "GET",
				Path: fmt.Sprintf("%s/payschedule/%d/nextpaydate", e.myB, e.id(t, myPS)), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"nextScheduledFromDate": "2026-11-01T00:00:00", "nextScheduledToDate": "2026-11-30T00:00:00"})},
			{Name: "next pay date of another tenant's schedule", Method: "GET", Path: fmt.Sprintf("%s/%d/nextpaydate", PS, otherPS), Key: e.Key, Status: 404},
			{Name: "next pay date of a non-number", Method: "GET", Path: PS + "/abc/nextpaydate", Key: e.Key, Status: 404},
			{Name: "anonymous", Method: "GET", Path: PS + "/nextpaydates", Status: 401},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PS, wID), Key: e.Key, Status: 200},
			{Name: "deleted is gone", Method: "GET", Path: fmt.Sprintf("%s/%d", PS, wID), Key: e.Key, Status: 404},
			{Name: "ABA settings free again", Method: "DELETE", Path: fmt.Sprintf("%s/aba/%d", e.B, e.abaID), Key: e.Key, Status: 200},
		})

		// CSV import: all rows or none.
		post := func(csv string) *testkit.Response {
			return e.Upload(e.B+"/import/pay-schedule", e.Key, "schedules.csv", []byte(csv))
		}
		testkit.ExpectProblem(t, post(fmt.Sprintf("name,frequency,locations\nFortnightly A,Fortnightly,%d\nB,Daily,\n", e.loc)), 400, "row 3.frequency")
		testkit.ExpectProblem(t, post(fmt.Sprintf("name,frequency,locations\nC,Weekly,%d\n", e.otherLoc)), 400, "row 2.locations")
		if n := len(schedList(t, e.Do("GET", PS, e.Key, nil).Expect(t, 200))); n != 2 {
			t.Fatalf("a failed import stored rows: %d schedules", n)
		}
		ok := post(fmt.Sprintf("Name,Frequency,Locations,External Id\nFortnightly A,fortnightly,%d,F1\nQuarterly B,Quarterly,,\n", e.loc)).Expect(t, 200).Map(t)
		if ok["imported"] != 2.0 {
			t.Fatalf("import %v", ok)
		}
		list := schedList(t, e.Do("GET", PS+"?$filter=ExternalId%20eq%20'F1'", e.Key, nil).Expect(t, 200))
		if len(list) != 1 || list[0]["frequency"] != "Fortnightly" || fmt.Sprint(list[0]["locations"]) != fmt.Sprint([]any{float64(e.loc)}) {
			t.Fatalf("imported %v", list)
		}
	})
}

func TestSchedPublicHolidays(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d)
		PH := e.B + "/publicholiday"
		xmas := e.Do("POST", PH, e.Key, map[string]any{"date": "2026-12-25T10:30:00", "description": "Christmas Day",
			"states": []string{"nsw", "VIC"}, "locationIds": []int64{e.loc}, "isSystem": true}).Expect(t, 200).Map(t)
		xmasID := int64(xmas["id"].(float64))
		if xmas["date"] != "2026-12-25T00:00:00" || fmt.Sprint(xmas["states"]) != "[NSW VIC]" || xmas["isSystem"] != false {
			t.Fatalf("created %v", xmas)
		}
		boxing := e.id(t, e.Do("POST", PH, e.Key, map[string]any{"date": "2026-12-26", "description": "Boxing Day"}).Expect(t, 200))
		e.Do("POST", PH, e.Key, map[string]any{"date": "2026-12-28", "description": "Boxing Day (additional day)",
			"mondayisedAlternativeToId": boxing}).Expect(t, 200)
		e.Do("POST", PH, e.Key, map[string]any{"date": "2027-01-01", "description": "New Year's Day"}).Expect(t, 200)
		theirs := e.id(t, e.Do("POST", e.OtherB+"/publicholiday", e.OtherKey, map[string]any{"date": "2026-12-25", "description": "Christmas"}).Expect(t, 200))

		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", PH, xmasID), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"description": "Christmas Day", "locationIds": []any{float64(e.loc)}})},
			{Name: "year defaults to this year by the clock", Method: "GET", Path: PH, Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				l := ownHolidays(schedList(t, r)) // the business's own, beside the official calendar
				if len(l) != 3 || l[0]["description"] != "Christmas Day" || l[2]["date"] != "2026-12-28T00:00:00" {
					t.Fatalf("2026 holidays %v", l)
				}
			}},
			{Name: "another year", Method: "GET", Path: PH + "?year=2027", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if l := ownHolidays(schedList(t, r)); len(l) != 1 {
					t.Fatalf("2027 holidays %v", l)
				}
			}},
			{Name: "filter. prefixed year", Method: "GET", Path: PH + "?filter.year=2025", Key: e.Key, Status: 200, Check: schedLen(0)},
			{Name: "bad year", Method: "GET", Path: PH + "?year=abc", Key: e.Key, Status: 400, Field: "year"},
			{Name: "update", Method: "PUT", Path: fmt.Sprintf("%s/%d", PH, xmasID), Key: e.Key, Body: map[string]any{"note": "office closed", "states": []string{}}, Status: 200,
				Check: schedExpect(map[string]any{"description": "Christmas Day", "note": "office closed", "states": []any{}})},
			{Name: "missing date", Method: "POST", Path: PH, Key: e.Key, Body: map[string]any{"description": "X"}, Status: 400, Field: "date"},
			{Name: "missing description", Method: "POST", Path: PH, Key: e.Key, Body: map[string]any{"date": "2026-03-09"}, Status: 400, Field: "description"},
			{Name: "unknown state", Method: "POST", Path: PH, Key: e.Key, Body: map[string]any{"date": "2026-03-09", "description": "X", "states": []string{"XYZ"}}, Status: 400, Field: "states"},
			{Name: "location of another business", Method: "POST", Path: PH, Key: e.Key,
				Body: map[string]any{"date": "2026-03-09", "description": "X", "locationIds": []int64{e.otherLoc}}, Status: 400, Field: "locationIds"},
			{Name: "substitute of another business's holiday", Method: "POST", Path: PH, Key: e.Key,
				Body: map[string]any{"date": "2026-12-28", "description": "X", "mondayisedAlternativeToId": theirs}, Status: 400, Field: "mondayisedAlternativeToId"},
			{Name: "SG holidays are national", Method: "POST", Path: e.sgB + "/publicholiday", Key: e.Key,
				Body: map[string]any{"date": "2026-08-09", "description": "National Day", "states": []string{"NSW"}}, Status: 400, Field: "states"},
			{Name: "SG national holiday", Method: "POST", Path: e.sgB + "/publicholiday", Key: e.Key,
				Body: map[string]any{"date": "2026-08-09", "description": "National Day"}, Status: 200},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", PH, theirs), Key: e.Key, Status: 404},
			{Name: "other tenant delete", Method: "DELETE", Path: fmt.Sprintf("%s/publicholiday/%d", e.OtherB, theirs), Key: e.Key, Status: 404},
			{Name: "substituted holiday in use", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PH, boxing), Key: e.Key, Status: 409},
			{Name: "its date in use too", Method: "DELETE", Path: PH + "?date=2026-12-26", Key: e.Key, Status: 409},
			{Name: "bad date", Method: "DELETE", Path: PH + "?date=26/12/2026", Key: e.Key, Status: 400, Field: "date"},
			{Name: "date required", Method: "DELETE", Path: PH, Key: e.Key, Status: 400},
			{Name: "delete the substitute by date", Method: "DELETE", Path: PH + "?date=2026-12-28T00:00:00", Key: e.Key, Status: 200},
			{Name: "nothing left on that date", Method: "DELETE", Path: PH + "?date=2026-12-28", Key: e.Key, Status: 404},
			{Name: "now the substituted one goes", Method: "DELETE", Path: PH + "?date=2026-12-26", Key: e.Key, Status: 200},
			{Name: "gone", Method: "GET", Path: fmt.Sprintf("%s/%d", PH, boxing), Key: e.Key, Status: 404},
			{Name: "delete by id", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PH, xmasID), Key: e.Key, Status: 200},
			{Name: "deleted", Method: "GET", Path: fmt.Sprintf("%s/%d", PH, xmasID), Key: e.Key, Status: 404},
			{Name: "the other tenant's holiday is untouched", Method: "GET", Path: fmt.Sprintf("%s/publicholiday/%d", e.OtherB, theirs), Key: e.OtherKey, Status: 200},
		})
	})
}

func TestSchedLeaveTemplates(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d)
		TL := e.sgB + "/tieredleaveallowancetemplate"
		tiers := []map[string]any{{"minUnit": 0, "maxUnit": 2, "days": 7}, {"minUnit": 3, "maxUnit": 5, "days": 10}, {"minUnit": 6, "days": 14}}
		tl := e.Do("POST", TL, e.Key, map[string]any{"name": "Annual leave by service", "leaveAllowanceTemplateTiers": tiers}).Expect(t, 200).Map(t)
		tlID := int64(tl["id"].(float64))
		if tl["tierOption"] != "Anniversary" || len(tl["leaveAllowanceTemplateTiers"].([]any)) != 3 {
			t.Fatalf("created %v", tl)
		}
		e.Do("POST", TL, e.Key, map[string]any{"name": "Monthly tiers", "tierOption": "anniversaryinmonths",
			"leaveAllowanceTemplateTiers": []map[string]any{{"minUnit": 0, "days": 12}}}).Expect(t, 200)
		myTL := e.id(t, e.Do("POST", e.myB+"/tieredleaveallowancetemplate", e.Key, map[string]any{"name": "MY",
			"leaveAllowanceTemplateTiers": []map[string]any{{"minUnit": 0, "maxUnit": 1, "days": 8}, {"minUnit": 2, "days": 12}}}).Expect(t, 200))
		tier := func(min int, max any, days float64) map[string]any {
			m := map[string]any{"minUnit": min, "days": days}
			if max != nil {
				m["maxUnit"] = max
			}
			return m
		}
		bad := func(ts ...map[string]any) map[string]any {
			return map[string]any{"name": "Bad", "leaveAllowanceTemplateTiers": ts}
		}
		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", TL, tlID), Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				m := r.Map(t)
				last := m["leaveAllowanceTemplateTiers"].([]any)[2].(map[string]any)
				if m["name"] != "Annual leave by service" || last["minUnit"] != 6.0 || last["maxUnit"] != nil || last["days"] != 14.0 {
					t.Fatalf("read %v", m)
				}
			}},
			{Name: "list", Method: "GET", Path: TL + "?$filter=TierOption%20eq%20'AnniversaryInMonths'", Key: e.Key, Status: 200, Check: schedLen(1)},
			{Name: "rename", Method: "PUT", Path: fmt.Sprintf("%s/%d", TL, tlID), Key: e.Key, Body: map[string]any{"name": "Annual leave tiers"}, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					if m := r.Map(t); m["name"] != "Annual leave tiers" || len(m["leaveAllowanceTemplateTiers"].([]any)) != 3 {
						t.Fatalf("renamed %v", m)
					}
				}},
			{Name: "overlapping tiers", Method: "POST", Path: TL, Key: e.Key, Body: bad(tier(0, 3, 7), tier(3, nil, 10)), Status: 400, Field: "leaveAllowanceTemplateTiers[1].minUnit"},
			{Name: "descending tiers", Method: "POST", Path: TL, Key: e.Key, Body: bad(tier(5, 9, 7), tier(0, 4, 10)), Status: 400, Field: "leaveAllowanceTemplateTiers[1].minUnit"},
			{Name: "gap between tiers", Method: "POST", Path: TL, Key: e.Key, Body: bad(tier(0, 2, 7), tier(5, nil, 10)), Status: 400, Field: "leaveAllowanceTemplateTiers[1].minUnit"},
			{Name: "open-ended tier before the last", Method: "POST", Path: TL, Key: e.Key, Body: bad(tier(0, nil, 7), tier(3, nil, 10)), Status: 400, Field: "leaveAllowanceTemplateTiers[0].maxUnit"},
			{Name: "max below min", Method: "POST", Path: TL, Key: e.Key, Body: bad(tier(4, 2, 7)), Status: 400, Field: "leaveAllowanceTemplateTiers[0].maxUnit"},
			{Name: "negative days", Method: "POST", Path: TL, Key: e.Key, Body: bad(tier(0, nil, -1)), Status: 400, Field: "leaveAllowanceTemplateTiers[0].days"},
			{Name: "no tiers", Method: "POST", Path: TL, Key: e.Key, Body: map[string]any{"name": "None"}, Status: 400, Field: "leaveAllowanceTemplateTiers"},
			{Name: "missing name", Method: "POST", Path: TL, Key: e.Key, Body: map[string]any{"leaveAllowanceTemplateTiers": tiers}, Status: 400, Field: "name"},
			{Name: "unknown leave category", Method: "POST", Path: TL, Key: e.Key,
				Body: map[string]any{"name": "Cat", "leaveCategoryId": 999999, "leaveAllowanceTemplateTiers": tiers}, Status: 400, Field: "leaveCategoryId"},
			{Name: "duplicate name", Method: "POST", Path: TL, Key: e.Key, Body: map[string]any{"name": "monthly tiers", "leaveAllowanceTemplateTiers": tiers}, Status: 409},
			{Name: "AU businesses have none", Method: "POST", Path: e.B + "/tieredleaveallowancetemplate", Key: e.Key,
				Body: map[string]any{"name": "AU", "leaveAllowanceTemplateTiers": tiers}, Status: 400, Field: "region"},
			{Name: "AU list", Method: "GET", Path: e.B + "/tieredleaveallowancetemplate", Key: e.Key, Status: 400, Field: "region"},
			{Name: "MY template through the SG business", Method: "GET", Path: fmt.Sprintf("%s/%d", TL, myTL), Key: e.Key, Status: 404},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", TL, tlID), Key: e.OtherKey, Status: 404},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", TL, tlID), Key: e.Key, Status: 200},
			{Name: "gone", Method: "GET", Path: fmt.Sprintf("%s/%d", TL, tlID), Key: e.Key, Status: 404},

			{Name: "long service leave templates", Method: "GET", Path: e.B + "/tieredlongserviceleavetemplate", Key: e.Key, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					l := schedList(t, r)
					var states []string
					for _, x := range l {
						states = append(states, x["state"].(string))
						if len(x["sources"].([]any)) == 0 || x["isSystem"] != true {
							t.Fatalf("unsourced template %v", x)
						}
					}
					if strings.Join(states, ",") != "ACT,NSW,NT,QLD,SA,TAS,VIC,WA" {
						t.Fatalf("states %v", states)
					}
				}},
			{Name: "NSW template", Method: "GET", Path: e.B + "/tieredlongserviceleavetemplate/2", Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"state": "NSW", "qualifyingYears": 10, "entitlementWeeks": 8.6667, "proRataFromYears": 5})},
			{Name: "unknown template", Method: "GET", Path: e.B + "/tieredlongserviceleavetemplate/99", Key: e.Key, Status: 404},
			{Name: "long service leave is AU", Method: "GET", Path: e.sgB + "/tieredlongserviceleavetemplate", Key: e.Key, Status: 400, Field: "region"},
			{Name: "another tenant's business", Method: "GET", Path: e.OtherB + "/tieredlongserviceleavetemplate", Key: e.Key, Status: 404},
		})
	})
}

func TestSchedSuperFunds(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d)
		SM := e.B + "/selfmanagedsuperfund"
		fund := map[string]any{"abn": "51 824 753 556", "fundName": "Smith Family Super Fund", "accountName": "Smith Super",
			"accountNumber": "12345678", "bsb": "062000", "electronicServiceAddress": "SMSFDATAFLOW", "email": "smith@example.com", "externalId": "S1"}
		f := e.Do("POST", SM, e.Key, fund).Expect(t, 200).Map(t)
		fID := int64(f["id"].(float64))
		if f["bsb"] != "062-000" || f["electronicServiceAddress"] != "smsfdataflow" || f["employeeId"] != nil {
			t.Fatalf("created %v", f)
		}
		e.Do("POST", SM, e.Key, map[string]any{"abn": "65714394898", "fundName": "Jones SMSF", "accountName": "Jones",
			"accountNumber": "87654321", "bsb": "083-000", "electronicServiceAddress": "clicksuper"}).Expect(t, 200)
		theirs := e.id(t, e.Do("POST", e.OtherB+"/selfmanagedsuperfund", e.OtherKey, fund).Expect(t, 200))
		with := func(k string, v any) map[string]any {
			m := map[string]any{}
			for a, b := range fund {
				m[a] = b
			}
			m["abn"] = "53 004 085 616"
			m[k] = v
			return m
		}
		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: fmt.Sprintf("%s/%d", SM, fID), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"fundName": "Smith Family Super Fund", "abn": "51 824 753 556", "externalId": "S1"})},
			{Name: "update", Method: "PUT", Path: fmt.Sprintf("%s/%d", SM, fID), Key: e.Key, Body: map[string]any{"email": "trustee@example.com"}, Status: 200,
				Check: schedExpect(map[string]any{"email": "trustee@example.com", "fundName": "Smith Family Super Fund"})},
			{Name: "list", Method: "GET", Path: SM + "?$filter=ExternalId%20eq%20'S1'", Key: e.Key, Status: 200, Check: schedLen(1)},
			{Name: "list all", Method: "GET", Path: SM + "?$orderby=FundName%20desc", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if l := schedList(t, r); len(l) != 2 || l[0]["fundName"] != "Smith Family Super Fund" {
					t.Fatalf("list %v", l)
				}
			}},
			{Name: "ABN checksum", Method: "POST", Path: SM, Key: e.Key, Body: with("abn", "12 345 678 901"), Status: 400, Field: "abn"},
			{Name: "BSB format", Method: "POST", Path: SM, Key: e.Key, Body: with("bsb", "06-2000"), Status: 400, Field: "bsb"},
			{Name: "account number too long", Method: "POST", Path: SM, Key: e.Key, Body: with("accountNumber", "1234567890"), Status: 400, Field: "accountNumber"},
			{Name: "unknown ESA", Method: "POST", Path: SM, Key: e.Key, Body: with("electronicServiceAddress", "MYOWNESA"), Status: 400, Field: "electronicServiceAddress"},
			{Name: "missing fund name", Method: "POST", Path: SM, Key: e.Key, Body: with("fundName", ""), Status: 400, Field: "fundName"},
			{Name: "bad email", Method: "POST", Path: SM, Key: e.Key, Body: with("email", "not-an-email"), Status: 400, Field: "email"},
			{Name: "same ABN twice", Method: "POST", Path: SM, Key: e.Key, Body: with("abn", "51824753556"), Status: 409},
			{Name: "AU only", Method: "POST", Path: e.sgB + "/selfmanagedsuperfund", Key: e.Key, Body: fund, Status: 400, Field: "region"},
			{Name: "other tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", SM, theirs), Key: e.Key, Status: 404},
			{Name: "other tenant update", Method: "PUT", Path: fmt.Sprintf("%s/selfmanagedsuperfund/%d", e.OtherB, theirs), Key: e.Key, Body: map[string]any{"email": "x@y.z"}, Status: 404},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", SM, fID), Key: e.Key, Status: 200},
			{Name: "gone", Method: "GET", Path: fmt.Sprintf("%s/%d", SM, fID), Key: e.Key, Status: 404},

			{Name: "product by USI", Method: "GET", Path: e.B + "/superfund/productsearch?searchBy=Usi&term=sta0100au", Key: e.Key, Status: 200,
				Check: func(t *testing.T, r *testkit.Response) {
					l := schedList(t, r)
					if len(l) != 1 || l[0]["productCode"] != "STA0100AU" || l[0]["abn"] != "65714394898" || l[0]["businessName"] != "AustralianSuper" {
						t.Fatalf("USI search %v", l)
					}
				}},
			{Name: "products by ABN", Method: "GET", Path: e.B + "/superfund/productsearch?searchBy=abn&term=75%20493%20363%20262", Key: e.Key, Status: 200, Check: schedLen(2)},
			{Name: "products by name", Method: "GET", Path: e.B + "/superfund/productsearch?searchBy=Name&term=rest", Key: e.Key, Status: 200, Check: schedLen(1)},
			{Name: "products by anything", Method: "GET", Path: e.B + "/superfund/productsearch?term=HST", Key: e.Key, Status: 200, Check: schedLen(2)},
			{Name: "no match", Method: "GET", Path: e.B + "/superfund/productsearch?term=zzz", Key: e.Key, Status: 200, Check: schedLen(0)},
			{Name: "term required", Method: "GET", Path: e.B + "/superfund/productsearch?searchBy=Name", Key: e.Key, Status: 400, Field: "term"},
			{Name: "unknown searchBy", Method: "GET", Path: e.B + "/superfund/productsearch?searchBy=Colour&term=x", Key: e.Key, Status: 400, Field: "searchBy"},
			{Name: "product search is AU", Method: "GET", Path: e.sgB + "/superfund/productsearch?term=x", Key: e.Key, Status: 400, Field: "region"},
			{Name: "ESA list", Method: "GET", Path: e.B + "/superfund/electronicserviceaddress", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				var names []string
				for _, x := range schedList(t, r) {
					names = append(names, x["name"].(string))
				}
				if !strings.Contains(strings.Join(names, ","), "smsfdataflow") || len(names) < 5 {
					t.Fatalf("ESAs %v", names)
				}
			}},
			{Name: "ESA list of another tenant", Method: "GET", Path: e.OtherB + "/superfund/electronicserviceaddress", Key: e.Key, Status: 404},
		})
	})
}

func TestSchedContractors(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d)
		C := e.B + "/contractor"
		e.Do("POST", e.B+"/payschedule", e.Key, map[string]any{"name": "Contractors Weekly", "frequency": "Weekly"}).Expect(t, 200)
		c := e.Do("POST", C, e.Key, map[string]any{"firstName": "Jo", "surname": "Builder", "abn": "51 824 753 556", "externalId": "C-1",
			"paySchedule": "contractors weekly", "primaryLocation": "sydney", "bankAccount1_BSB": "062000", "bankAccount1_AccountNumber": "12345678",
			"taxFileNumber": "123 456 782", "registeredForGst": "TRUE", "residentialState": "qld", "startDate": "2025-07-01"}).Expect(t, 200).Map(t)
		cID := int64(c["id"].(float64))
		if c["isActive"] != true || c["status"] != "Active" || c["bankAccount1_BSB"] != "062-000" || c["registeredForGst"] != "true" ||
			c["residentialState"] != "QLD" || c["dateCreated"] != "2026-11-02T09:00:00" {
			t.Fatalf("created %v", c)
		}
		theirs := e.id(t, e.Do("POST", e.OtherB+"/contractor", e.OtherKey, map[string]any{"firstName": "Bo", "surname": "Other"}).Expect(t, 200))
		second := e.id(t, e.Do("POST", C, e.Key, map[string]any{"firstName": "Sam", "surname": "Sparky", "externalId": "C-2"}).Expect(t, 200))
		item := fmt.Sprintf("%s/%d", C, cID)
		e.RunCases(t, []testkit.Case{
			{Name: "read back", Method: "GET", Path: item, Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"firstName": "Jo", "paySchedule": "contractors weekly", "taxFileNumber": "123 456 782"})},
			{Name: "create-or-update matches externalId", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"externalId": "C-1", "tradingName": "Jo Builds"}, Status: 200,
				Check: schedExpect(map[string]any{"id": cID, "firstName": "Jo", "tradingName": "Jo Builds", "dateCreated": "2026-11-02T09:00:00"})},
			{Name: "create-or-update matches id", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"id": cID, "mobilePhone": "0400 000 000"}, Status: 200,
				Check: schedExpect(map[string]any{"id": cID, "mobilePhone": "0400 000 000", "tradingName": "Jo Builds"})},
			{Name: "create-or-update with an unknown id", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"id": 999999, "firstName": "X", "surname": "Y"}, Status: 404},
			{Name: "create-or-update with another tenant's id", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"id": theirs, "firstName": "X"}, Status: 404},
			{Name: "update clears with (clear)", Method: "PUT", Path: item, Key: e.Key, Body: map[string]any{"tradingName": "(clear)", "workPhone": "02 9999 9999"}, Status: 200,
				Check: schedExpect(map[string]any{"tradingName": "", "workPhone": "02 9999 9999", "mobilePhone": "0400 000 000"})},
			{Name: "missing surname", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"firstName": "X"}, Status: 400, Field: "surname"},
			{Name: "bad ABN", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"firstName": "X", "surname": "Y", "abn": "11111111111"}, Status: 400, Field: "abn"},
			{Name: "bad TFN", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"firstName": "X", "surname": "Y", "taxFileNumber": "123456789"}, Status: 400, Field: "taxFileNumber"},
			{Name: "unknown pay schedule", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"firstName": "X", "surname": "Y", "paySchedule": "Nope"}, Status: 400, Field: "paySchedule"},
			{Name: "unknown location in list", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"firstName": "X", "surname": "Y", "locations": "Sydney|Perth"}, Status: 400, Field: "locations"},
			{Name: "unknown employing entity", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"firstName": "X", "surname": "Y", "employingEntityId": "999999"}, Status: 400, Field: "employingEntityId"},
			{Name: "bad state", Method: "PUT", Path: item, Key: e.Key, Body: map[string]any{"postalState": "XX"}, Status: 400, Field: "postalState"},
			{Name: "bad bank BSB", Method: "PUT", Path: item, Key: e.Key, Body: map[string]any{"bankAccount2_BSB": "1"}, Status: 400, Field: "bankAccount2_BSB"},
			{Name: "bad yes/no", Method: "PUT", Path: item, Key: e.Key, Body: map[string]any{"automaticallyPayEmployee": "maybe"}, Status: 400, Field: "automaticallyPayEmployee"},
			{Name: "ambiguous external id", Method: "PUT", Path: fmt.Sprintf("%s/%d", C, second), Key: e.Key, Body: map[string]any{"externalId": "C-1"}, Status: 200},
			{Name: "match on a shared external id", Method: "POST", Path: C, Key: e.Key, Body: map[string]any{"externalId": "C-1", "notes": "x"}, Status: 409},
			{Name: "list active", Method: "GET", Path: C, Key: e.Key, Status: 200, Check: schedLen(2)},
			{Name: "deactivate", Method: "POST", Path: item + "/deactivate", Key: e.Key, Body: map[string]any{"endDate": "2026-10-31"}, Status: 200,
				Check: schedExpect(map[string]any{"isActive": false, "status": "Terminated", "endDate": "2026-10-31T00:00:00"})},
			{Name: "still readable", Method: "GET", Path: item, Key: e.Key, Status: 200, Check: schedExpect(map[string]any{"isActive": false, "firstName": "Jo"})},
			{Name: "deactivate twice", Method: "POST", Path: item + "/deactivate", Key: e.Key, Status: 409},
			{Name: "no longer listed", Method: "GET", Path: C, Key: e.Key, Status: 200, Check: schedLen(1)},
			{Name: "deactivate without a date ends today", Method: "POST", Path: fmt.Sprintf("%s/%d/deactivate", C, second), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"endDate": "2026-11-02T00:00:00", "isActive": false})},
			{Name: "other tenant get", Method: "GET", Path: fmt.Sprintf("%s/%d", C, theirs), Key: e.Key, Status: 404},
			{Name: "other tenant update", Method: "PUT", Path: fmt.Sprintf("%s/%d", C, theirs), Key: e.Key, Body: map[string]any{"firstName": "Z"}, Status: 404},
			{Name: "other tenant deactivate", Method: "POST", Path: fmt.Sprintf("%s/contractor/%d/deactivate", e.OtherB, theirs), Key: e.Key, Status: 404},
			{Name: "unknown contractor", Method: "GET", Path: C + "/999999", Key: e.Key, Status: 404},
			{Name: "contractors are AU", Method: "POST", Path: e.sgB + "/contractor", Key: e.Key, Body: map[string]any{"firstName": "X", "surname": "Y"}, Status: 400, Field: "region"},
		})
	})
}

func TestSchedTaxAuthorityAU(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d)
		e.Do("PUT", e.B, e.Key, map[string]any{"legalName": "Alice Holdings Pty Ltd", "abn": "51 824 753 556", "state": "NSW",
			"contactName": "Alice", "contactEmailAddress": "alice@example.com", "sbrSoftwareId": "1234567890"}).Expect(t, 200)
		ATO, STP := e.B+"/ato", e.B+"/stpregister"
		e.RunCases(t, []testkit.Case{
			{Name: "ATO defaults from the business", Method: "GET", Path: ATO, Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"id": e.Biz, "abn": "51 824 753 556", "name": "Alice Holdings Pty Ltd", "role": "Employer", "branch": "001", "state": "NSW"})},
			{Name: "save", Method: "POST", Path: ATO, Key: e.Key, Body: map[string]any{"contactName": "Jo Payroll", "state": "vic", "postCode": "3000", "branch": "2", "id": 999}, Status: 200,
				Check: schedExpect(map[string]any{"id": e.Biz, "contactName": "Jo Payroll", "state": "VIC", "branch": "002", "abn": "51 824 753 556"})},
			{Name: "read back", Method: "GET", Path: ATO, Key: e.Key, Status: 200, Check: schedExpect(map[string]any{"contactName": "Jo Payroll", "postCode": "3000"})},
			{Name: "bad ABN", Method: "POST", Path: ATO, Key: e.Key, Body: map[string]any{"abn": "123"}, Status: 400, Field: "abn"},
			{Name: "intermediary needs its ABN", Method: "POST", Path: ATO, Key: e.Key, Body: map[string]any{"role": "Intermediary"}, Status: 400, Field: "intermediaryAbn"},
			{Name: "tax agent needs a number", Method: "POST", Path: ATO, Key: e.Key, Body: map[string]any{"role": "RegisteredTaxAgent"}, Status: 400, Field: "taxAgentNumber"},
			{Name: "unknown role", Method: "POST", Path: ATO, Key: e.Key, Body: map[string]any{"role": "Boss"}, Status: 400, Field: "role"},
			{Name: "bad postcode", Method: "POST", Path: ATO, Key: e.Key, Body: map[string]any{"postCode": "30000"}, Status: 400, Field: "postCode"},
			{Name: "rejected save changed nothing", Method: "GET", Path: ATO, Key: e.Key, Status: 200, Check: schedExpect(map[string]any{"role": "Employer", "postCode": "3000"})},
			{Name: "intermediary", Method: "POST", Path: ATO, Key: e.Key,
				Body: map[string]any{"role": "intermediary", "intermediaryAbn": "65714394898", "intermediaryContactName": "Bureau", "intermediaryContactEmail": "b@bureau.example"}, Status: 200,
				Check: schedExpect(map[string]any{"role": "Intermediary"})},
			{Name: "other tenant's ATO details", Method: "GET", Path: e.OtherB + "/ato", Key: e.Key, Status: 404},
			{Name: "ATO is AU", Method: "GET", Path: e.sgB + "/ato", Key: e.Key, Status: 400, Field: "region"},

			{Name: "STP defaults", Method: "GET", Path: STP, Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"singleTouchPayrollEnabled": false, "atoIntegrationOption": "None", "sbrSoftwareId": "1234567890", "abn": "51 824 753 556"})},
			{Name: "STP needs the ATO told", Method: "POST", Path: STP, Key: e.Key, Body: map[string]any{"singleTouchPayrollEnabled": true}, Status: 400, Field: "atoIntegrationOption"},
			{Name: "bad software id", Method: "POST", Path: STP, Key: e.Key, Body: map[string]any{"sbrSoftwareId": "SSID-1"}, Status: 400, Field: "sbrSoftwareId"},
			{Name: "register", Method: "POST", Path: STP, Key: e.Key, Body: map[string]any{"singleTouchPayrollEnabled": true, "sbrEnabled": true,
				"atoIntegrationOption": "AccessManager", "contactPhoneNumber": "02 9000 0000"}, Status: 200,
				Check: schedExpect(map[string]any{"singleTouchPayrollEnabled": true, "atoIntegrationOption": "AccessManager", "contactName": "Alice"})},
			{Name: "registered", Method: "GET", Path: STP, Key: e.Key, Status: 200, Check: schedExpect(map[string]any{"sbrEnabled": true, "contactPhoneNumber": "02 9000 0000"})},
			{Name: "cannot drop the software id while enabled", Method: "POST", Path: STP, Key: e.Key, Body: map[string]any{"atoIntegrationOption": "None"}, Status: 400, Field: "atoIntegrationOption"},
			{Name: "other tenant's STP", Method: "POST", Path: e.OtherB + "/stpregister", Key: e.Key, Body: map[string]any{"sbrEnabled": true}, Status: 404},
			{Name: "STP is AU", Method: "POST", Path: e.myB + "/stpregister", Key: e.Key, Body: map[string]any{"sbrEnabled": true}, Status: 400, Field: "region"},
		})
	})
}

func TestSchedBankFiles(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newSchedEnv(t, d)
		ABA := e.B + "/aba"
		aba := func(k string, v any) map[string]any {
			m := map[string]any{"bsb": "083-000", "accountNumber": "987654321", "accountName": "Alice Second", "financialInstitutionCode": "nab",
				"userName": "Alice", "userId": "654321", "lodgementReference": "PAYROLL"}
			if k != "" {
				m[k] = v
			}
			return m
		}
		a2 := e.Do("POST", ABA, e.Key, aba("", nil)).Expect(t, 200).Map(t)
		a2ID := int64(a2["id"].(float64))
		if a2["financialInstitutionCode"] != "NAB" || a2["paymentAdditionalContent"] != "None" || a2["balanceAdditionalContent"] != "None" {
			t.Fatalf("created %v", a2)
		}
		PF := e.sgB + "/paymentfiles"
		pf := e.Do("POST", PF, e.Key, map[string]any{"fileFormat": "dbs", "accountNumber": "012-345678-9", "accountName": "Alice Pte Ltd",
			"bankSwift": "dbsssgsg", "valueDateDaysBeforeDatePaid": 1}).Expect(t, 200).Map(t)
		pfID := int64(pf["id"].(float64))
		if pf["fileFormat"] != "DBS" || pf["bankSwift"] != "DBSSSGSG" {
			t.Fatalf("created %v", pf)
		}
		myPF := e.id(t, e.Do("POST", e.myB+"/paymentfiles", e.Key, map[string]any{"fileFormat": "Maybank2UBiz", "accountNumber": "5141 2345 6789",
			"accountName": "Alice Sdn Bhd", "corporateId": "ALICE01"}).Expect(t, 200))
		e.RunCases(t, []testkit.Case{
			{Name: "ABA read back", Method: "GET", Path: fmt.Sprintf("%s/%d", ABA, a2ID), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"bsb": "083-000", "userId": "654321", "lodgementReference": "PAYROLL"})},
			{Name: "ABA list", Method: "GET", Path: ABA + "?$filter=FinancialInstitutionCode%20eq%20'NAB'", Key: e.Key, Status: 200, Check: schedLen(1)},
			{Name: "ABA list paged", Method: "GET", Path: ABA + "?$top=1", Key: e.Key, Status: 200, Check: schedLen(1)},
			{Name: "ABA update", Method: "PUT", Path: fmt.Sprintf("%s/%d", ABA, a2ID), Key: e.Key,
				Body: map[string]any{"includeSelfBalancingTransaction": true, "balanceLodgementReference": "BALANCE", "paymentAdditionalContent": "payrunid"}, Status: 200,
				Check: schedExpect(map[string]any{"includeSelfBalancingTransaction": true, "paymentAdditionalContent": "PayRunId", "accountName": "Alice Second"})},
			{Name: "APCA user id", Method: "POST", Path: ABA, Key: e.Key, Body: aba("userId", "12345"), Status: 400, Field: "userId"},
			{Name: "BSB", Method: "POST", Path: ABA, Key: e.Key, Body: aba("bsb", "0830000"), Status: 400, Field: "bsb"},
			{Name: "account number", Method: "POST", Path: ABA, Key: e.Key, Body: aba("accountNumber", "1234567890"), Status: 400, Field: "accountNumber"},
			{Name: "institution code", Method: "POST", Path: ABA, Key: e.Key, Body: aba("financialInstitutionCode", "N4B"), Status: 400, Field: "financialInstitutionCode"},
			{Name: "lodgement reference length", Method: "POST", Path: ABA, Key: e.Key, Body: aba("lodgementReference", strings.Repeat("X", 19)), Status: 400, Field: "lodgementReference"},
			{Name: "user name required", Method: "POST", Path: ABA, Key: e.Key, Body: aba("userName", ""), Status: 400, Field: "userName"},
			{Name: "bad additional content", Method: "POST", Path: ABA, Key: e.Key, Body: aba("balanceAdditionalContent", "EmployeeId"), Status: 400, Field: "balanceAdditionalContent"},
			{Name: "ABA is AU", Method: "POST", Path: e.sgB + "/aba", Key: e.Key, Body: aba("", nil), Status: 400, Field: "region"},
			{Name: "ABA of another tenant", Method: "GET", Path: fmt.Sprintf("%s/%d", ABA, e.otherAba), Key: e.Key, Status: 404},
			{Name: "ABA delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", ABA, a2ID), Key: e.Key, Status: 200},
			{Name: "ABA gone", Method: "GET", Path: fmt.Sprintf("%s/%d", ABA, a2ID), Key: e.Key, Status: 404},

			{Name: "payment file read back", Method: "GET", Path: fmt.Sprintf("%s/%d", PF, pfID), Key: e.Key, Status: 200,
				Check: schedExpect(map[string]any{"accountNumber": "012-345678-9", "valueDateDaysBeforeDatePaid": 1})},
			{Name: "payment file update", Method: "PUT", Path: fmt.Sprintf("%s/%d", PF, pfID), Key: e.Key, Body: map[string]any{"lodgementReference": "SALARY NOV"}, Status: 200,
				Check: schedExpect(map[string]any{"lodgementReference": "SALARY NOV", "fileFormat": "DBS"})},
			{Name: "payment file list", Method: "GET", Path: PF + "?$filter=FileFormat%20eq%20'DBS'", Key: e.Key, Status: 200, Check: schedLen(1)},
			{Name: "MY format in SG", Method: "POST", Path: PF, Key: e.Key, Body: map[string]any{"fileFormat": "Maybank", "accountNumber": "1", "accountName": "A"}, Status: 400, Field: "fileFormat"},
			{Name: "MY member in SG", Method: "POST", Path: PF, Key: e.Key, Body: map[string]any{"fileFormat": "UOB", "accountNumber": "1", "accountName": "A", "corporateId": "X"}, Status: 400, Field: "corporateId"},
			{Name: "SG member in MY", Method: "POST", Path: e.myB + "/paymentfiles", Key: e.Key, Body: map[string]any{"fileFormat": "AmBank", "accountNumber": "1", "accountName": "A", "bulkCustomerReference": "X"}, Status: 400, Field: "bulkCustomerReference"},
			{Name: "account number required", Method: "POST", Path: PF, Key: e.Key, Body: map[string]any{"fileFormat": "UOB", "accountName": "A"}, Status: 400, Field: "accountNumber"},
			{Name: "SWIFT length", Method: "POST", Path: PF, Key: e.Key, Body: map[string]any{"fileFormat": "UOB", "accountNumber": "1", "accountName": "A", "bankSwift": "UOB"}, Status: 400, Field: "bankSwift"},
			{Name: "value date range", Method: "POST", Path: PF, Key: e.Key, Body: map[string]any{"fileFormat": "UOB", "accountNumber": "1", "accountName": "A", "valueDateDaysBeforeDatePaid": 30}, Status: 400, Field: "valueDateDaysBeforeDatePaid"},
			{Name: "payment files are SG and MY", Method: "POST", Path: e.B + "/paymentfiles", Key: e.Key, Body: map[string]any{"fileFormat": "DBS", "accountNumber": "1", "accountName": "A"}, Status: 400, Field: "region"},
			{Name: "MY file through the SG business", Method: "GET", Path: fmt.Sprintf("%s/%d", PF, myPF), Key: e.Key, Status: 404},
			{Name: "payment file of another user", Method: "GET", Path: fmt.Sprintf("%s/%d", PF, pfID), Key: e.OtherKey, Status: 404},
			{Name: "payment file delete", Method: "DELETE", Path: fmt.Sprintf("%s/%d", PF, pfID), Key: e.Key, Status: 200},
			{Name: "payment file gone", Method: "GET", Path: fmt.Sprintf("%s/%d", PF, pfID), Key: e.Key, Status: 404},
		})
	})
}
