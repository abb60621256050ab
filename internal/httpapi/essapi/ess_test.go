package essapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

type env struct {
	*testkit.Bundle
	ann, ben, theirs int64
	annKey, restrict string
	SA, SB, SOther   string // S/ prefixes
	annual           int64
}

func newEnv(t *testing.T, d *db.DB) *env {
	b := testkit.NewBundle(t, d, "AU")
	e := &env{Bundle: b}
	id := func(r *testkit.Response) int64 { return int64(r.Expect(t, 200).Map(t)["id"].(float64)) }
	sydney := id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Sydney"}))
	id(b.Do("POST", b.B+"/location", b.Key, map[string]any{"name": "Melbourne"}))
	emp := func(first, loc string) int64 {
		return id(b.Do("POST", b.B+"/employee/unstructured?matchType=None", b.Key, map[string]any{"firstName": first, "surname": "Tester",
			"hoursPerWeek": 38, "residentialState": "NSW", "primaryLocation": loc, "emergencyContact1_Name": "Pat Tester"}))
	}
	e.ann, e.ben = emp("Ann", "Sydney"), emp("Ben", "Melbourne")
	e.theirs = id(b.Do("POST", b.OtherB+"/employee/unstructured?matchType=None", b.OtherKey, map[string]any{"firstName": "Bo", "surname": "Other"}))
	e.annual = id(b.Do("POST", b.B+"/leavecategory", b.Key, map[string]any{"name": "Test Annual", "isBalanceUntracked": true}))
	b.Do("POST", fmt.Sprintf("%s/employee/%d/access", b.B, e.ann), b.Key, map[string]any{"email": "ann@example.com", "suppressNotificationEmails": true}).Expect(t, 200)
	key, err := b.Users.RotateAPIKey(context.Background(), "ann@example.com")
	if err != nil {
		t.Fatal(err)
	}
	e.annKey = key
	_, e.restrict = b.NewUser("carol@example.com")
	b.Do("POST", b.B+"/access", b.Key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
		"locationAccess": []any{map[string]any{"filterType": "Location", "locationIds": []int64{sydney}, "permissions": "ViewEmployeeDetails,ViewLeaveRequests"}}}).Expect(t, 200)
	e.SA, e.SB, e.SOther = fmt.Sprintf("/api/v2/ess/%d", e.ann), fmt.Sprintf("/api/v2/ess/%d", e.ben), fmt.Sprintf("/api/v2/ess/%d", e.theirs)
	return e
}

// The doors: who reaches an employee's S/ operations.
func TestESSScopes(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var cases []testkit.Case
		for _, op := range []string{"/details", "/emergencycontacts", "/security/features", "/leave", "/leave/balances", "/superfunds/productsearch?term=aus"} {
			cases = append(cases,
				testkit.Case{Name: "own user " + op, Method: "GET", Path: e.SA + op, Key: e.annKey, Status: 200},
				testkit.Case{Name: "own user on another employee " + op, Method: "GET", Path: e.SB + op, Key: e.annKey, Status: 404},
				testkit.Case{Name: "own user on another tenant's employee " + op, Method: "GET", Path: e.SOther + op, Key: e.annKey, Status: 404},
				testkit.Case{Name: "owner " + op, Method: "GET", Path: e.SB + op, Key: e.Key, Status: 200},
				testkit.Case{Name: "restricted in scope " + op, Method: "GET", Path: e.SA + op, Key: e.restrict, Status: 200},
				testkit.Case{Name: "restricted out of scope " + op, Method: "GET", Path: e.SB + op, Key: e.restrict, Status: 404},
				testkit.Case{Name: "other tenant " + op, Method: "GET", Path: e.SA + op, Key: e.OtherKey, Status: 404},
				testkit.Case{Name: "anonymous " + op, Method: "GET", Path: e.SA + op, Status: 401},
			)
		}
		cases = append(cases,
			testkit.Case{Name: "unknown employee", Method: "GET", Path: "/api/v2/ess/999999/details", Key: e.Key, Status: 404},
			testkit.Case{Name: "self-service user on B/", Method: "GET", Path: e.B + "/employee/unstructured", Key: e.annKey, Status: 404},
		)
		e.RunCases(t, cases)
		got := e.Do("GET", e.SA+"/details", e.annKey, nil).Expect(t, 200).Map(t)
		if got["firstName"] != "Ann" || got["id"] != float64(e.ann) || got["timesheetSetting"] != "Disabled" || got["timesheetsReadOnly"] != true {
			t.Fatalf("details %v", got)
		}
		ec := e.Do("GET", e.SA+"/emergencycontacts", e.annKey, nil).Expect(t, 200).Map(t)
		if ec["primaryEmergencyContact"].(map[string]any)["name"] != "Pat Tester" {
			t.Fatalf("emergency contacts %v", ec)
		}
		var avail []map[string]any
		e.Do("GET", "/api/v2/ess/security/employees", e.annKey, nil).Expect(t, 200).JSON(t, &avail)
		if len(avail) != 1 || avail[0]["id"] != float64(e.ann) || avail[0]["businessId"] != float64(e.Biz) {
			t.Fatalf("available %v", avail)
		}
		e.Do("GET", "/api/v2/ess/security/employees", e.Key, nil).Expect(t, 200).JSON(t, &avail)
		if len(avail) != 0 {
			t.Fatalf("the owner is nobody's self-service user: %v", avail)
		}
		e.Do("GET", "/api/v2/ess/security/employees", "", nil).Expect(t, 401)
	})
}

// Leave and unavailability through ESS, and the portal settings gate.
func TestESSLeaveAndUnavailability(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		req := map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-11-09T00:00:00", "toDate": "2026-11-10T00:00:00", "notes": "away",
			"automaticallyApprove": true}
		r := e.Do("POST", e.SA+"/leave", e.annKey, req).Expect(t, 200).Map(t)
		if r["status"] != "Pending" || r["employeeId"] != float64(e.ann) || r["totalHours"] != 15.2 {
			t.Fatalf("employee's own request must stay Pending with estimated hours (2 days x 38/5): %v", r)
		}
		rid := int64(r["id"].(float64))
		var list []map[string]any
		e.Do("GET", e.SA+"/leave", e.annKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 {
			t.Fatalf("list %v", list)
		}
		e.Do("GET", e.SA+"/leave?approvedOnly=true", e.annKey, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("approved only %v", list)
		}
		est := e.Do("GET", e.SA+"/leave/estimate?fromDate=2026-11-09&toDate=2026-11-13", e.annKey, nil).Expect(t, 200).Map(t)
		if est["leaveRequired"].(map[string]any)["hours"] != 38.0 {
			t.Fatalf("estimate %v", est)
		}
		u := e.Do("POST", e.SA+"/unavailability", e.annKey, map[string]any{"fromDate": "2026-11-20T00:00:00", "toDate": "2026-11-20T23:59:00",
			"reason": "study", "employeeId": e.ben}).Expect(t, 200).Map(t)
		if u["employeeId"] != float64(e.ann) {
			t.Fatalf("unavailability is for the path's employee: %v", u)
		}
		uid := int64(u["id"].(float64))
		e.RunCases(t, []testkit.Case{
			{Name: "cancel through another employee", Method: "DELETE", Path: fmt.Sprintf("%s/leave/%d", e.SB, rid), Key: e.Key, Status: 404},
			{Name: "other employee's request by own user", Method: "DELETE", Path: fmt.Sprintf("%s/leave/%d", e.SB, rid), Key: e.annKey, Status: 404},
			{Name: "bad category", Method: "POST", Path: e.SA + "/leave", Key: e.annKey, Body: map[string]any{"leaveCategoryId": 999999, "fromDate": "2026-11-09T00:00:00", "toDate": "2026-11-09T00:00:00"}, Status: 400, Field: "leaveCategoryId"},
			{Name: "estimate bad date", Method: "GET", Path: e.SA + "/leave/estimate?fromDate=nope&toDate=2026-11-13", Key: e.annKey, Status: 400, Field: "fromDate"},
			{Name: "delete unavailability through another employee", Method: "DELETE", Path: fmt.Sprintf("%s/unavailability/%d", e.SB, uid), Key: e.Key, Status: 404},
			{Name: "cancel", Method: "DELETE", Path: fmt.Sprintf("%s/leave/%d", e.SA, rid), Key: e.annKey, Status: 200},
			{Name: "cancel twice", Method: "DELETE", Path: fmt.Sprintf("%s/leave/%d", e.SA, rid), Key: e.annKey, Status: 409},
			{Name: "delete unavailability", Method: "DELETE", Path: fmt.Sprintf("%s/unavailability/%d", e.SA, uid), Key: e.annKey, Status: 200},
			{Name: "delete unavailability again", Method: "DELETE", Path: fmt.Sprintf("%s/unavailability/%d", e.SA, uid), Key: e.annKey, Status: 404},
		})
		// The business turns leave and unavailability self-service off: the
		// employee is refused, a business user acting for them is not.
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeLeaveSelfService": false, "allowEmployeeToSetUnavailability": false}).Expect(t, 200)
		e.RunCases(t, []testkit.Case{
			{Name: "leave off for the employee", Method: "POST", Path: e.SA + "/leave", Key: e.annKey, Body: req, Status: 403},
			{Name: "leave still for the business", Method: "POST", Path: e.SA + "/leave", Key: e.Key, Body: req, Status: 200},
			{Name: "unavailability off", Method: "POST", Path: e.SA + "/unavailability", Key: e.annKey, Body: map[string]any{"fromDate": "2026-11-21T00:00:00", "toDate": "2026-11-21T23:00:00"}, Status: 403},
		})
		f := e.Do("GET", e.SA+"/security/features", e.annKey, nil).Expect(t, 200).Map(t)
		if f["allowEmployeeLeaveSelfService"] != false || f["allowEmployeeBankAccountSelfService"] != true {
			t.Fatalf("features %v", f)
		}
	})
}

// Bank accounts and super through ESS.
func TestESSMoney(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		acc := map[string]any{"accountType": "Electronic", "bsb": "062-000", "accountName": "Ann Tester", "accountNumber": "12345678", "allocateBalance": true}
		res := e.Do("POST", e.SA+"/bankaccounts", e.annKey, acc).Expect(t, 200).Map(t)
		aid := int64(res["result"].(map[string]any)["id"].(float64))
		got := e.Do("GET", fmt.Sprintf("%s/bankaccounts/%d", e.SA, aid), e.annKey, nil).Expect(t, 200).Map(t)
		if got["accountNumber"] != "12345678" {
			t.Fatalf("account %v", got)
		}
		// The business locks a second account against the employee.
		locked := map[string]any{"accountType": "Electronic", "bsb": "062-000", "accountName": "Ann Tester", "accountNumber": "87654321", "fixedAmount": 50, "isEmployeeEditable": false}
		lid := int64(e.Do("POST", fmt.Sprintf("%s/employee/%d/bankaccount", e.B, e.ann), e.Key, locked).Expect(t, 200).Map(t)["result"].(map[string]any)["id"].(float64))
		esa := e.Reference.SuperRegistry.ESAs[0].Name
		fund := map[string]any{"fundName": "Tester Super", "abn": "51824753556", "bsb": "062-000", "accountNumber": "12345678", "accountName": "Tester SF", "electronicServiceAddress": esa}
		e.RunCases(t, []testkit.Case{
			{Name: "bad bsb", Method: "POST", Path: e.SA + "/bankaccounts", Key: e.annKey, Body: map[string]any{"accountType": "Electronic", "bsb": "1", "accountName": "x", "accountNumber": "1234", "fixedAmount": 10}, Status: 400, Field: "bsb"},
			{Name: "get through another employee", Method: "GET", Path: fmt.Sprintf("%s/bankaccounts/%d", e.SB, aid), Key: e.Key, Status: 404},
			{Name: "locked account", Method: "DELETE", Path: fmt.Sprintf("%s/bankaccounts/%d", e.SA, lid), Key: e.annKey, Status: 403},
			{Name: "business deletes locked", Method: "DELETE", Path: fmt.Sprintf("%s/bankaccounts/%d", e.SA, lid), Key: e.Key, Status: 200},
			{Name: "smsf", Method: "POST", Path: e.SA + "/selfmanagedsuperfund", Key: e.annKey, Body: fund, Status: 200},
			{Name: "smsf twice", Method: "POST", Path: e.SA + "/selfmanagedsuperfund", Key: e.annKey, Body: fund, Status: 409},
			{Name: "smsf bad abn", Method: "POST", Path: e.SA + "/selfmanagedsuperfund", Key: e.annKey, Body: map[string]any{"fundName": "x", "abn": "1"}, Status: 400, Field: "abn"},
			{Name: "product search needs a term", Method: "GET", Path: e.SA + "/superfunds/productsearch", Key: e.annKey, Status: 400, Field: "term"},
		})
		var funds []map[string]any
		e.Do("GET", fmt.Sprintf("%s/employee/%d/selfmanagedsuperfund", e.B, e.ann), e.Key, nil).Expect(t, 200).JSON(t, &funds)
		if len(funds) != 1 || funds[0]["fundName"] != "Tester Super" {
			t.Fatalf("funds %v", funds)
		}
		e.Do("POST", e.B+"/employeeportalsettings", e.Key, map[string]any{"allowEmployeeBankAccountSelfService": false}).Expect(t, 200)
		e.Do("DELETE", fmt.Sprintf("%s/bankaccounts/%d", e.SA, aid), e.annKey, nil).Expect(t, 403)
	})
}

func TestESSDashboard(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		pending := e.Do("POST", e.SA+"/leave", e.annKey, map[string]any{"leaveCategoryId": e.annual, "fromDate": "2026-11-09T00:00:00", "toDate": "2026-11-09T00:00:00"}).Expect(t, 200).Map(t)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, e.ann), e.Key, map[string]any{"leaveCategoryId": e.annual,
			"fromDate": "2026-12-01T00:00:00", "toDate": "2026-12-01T00:00:00", "automaticallyApprove": true}).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/employee/%d/leaverequest", e.B, e.ann), e.Key, map[string]any{"leaveCategoryId": e.annual,
			"fromDate": "2026-10-01T00:00:00", "toDate": "2026-10-01T00:00:00", "automaticallyApprove": true}).Expect(t, 200)
		got := e.Do("GET", e.SA+"/dashboard", e.annKey, nil).Expect(t, 200).Map(t)
		pl := got["pendingLeave"].([]any)
		up := got["upcomingLeave"].([]any)
		if got["pendingLeaveCount"] != 1.0 || len(pl) != 1 || pl[0].(map[string]any)["id"] != pending["id"] || len(up) != 1 ||
			up[0].(map[string]any)["fromDate"] != "2026-12-01T00:00:00" || got["region"] != "AU" || got["features"] == nil || got["leaveBalances"] == nil {
			t.Fatalf("dashboard %v", got)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "another employee", Method: "GET", Path: e.SB + "/dashboard", Key: e.annKey, Status: 404},
			{Name: "restricted out of scope", Method: "GET", Path: e.SB + "/dashboard", Key: e.restrict, Status: 404},
			{Name: "owner", Method: "GET", Path: e.SB + "/dashboard", Key: e.Key, Status: 200},
			{Name: "anonymous", Method: "GET", Path: e.SA + "/dashboard", Status: 401},
		})
	})
}
