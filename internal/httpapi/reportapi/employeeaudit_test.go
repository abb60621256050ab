package reportapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestEmployeeAuditReport: creating an employee is one row; a partial
// update is one row per member it changed, in its section, with old and
// new values (identifiers masked) and who made it; the filters and a
// restricted user's scope select rows.
func TestEmployeeAuditReport(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		R := e.B + "/report/employeeaudit"
		U := fmt.Sprintf("%s/employee/unstructured/%d", e.B, e.bob)
		e.Do("PUT", U, e.Key, map[string]any{"surname": "Tester", "emergencyContact1_Name": "Pat", "taxFileNumber": "123456790", "rate": 95000}).Expect(t, 200)
		e.Do("PUT", U, e.Key, map[string]any{"surname": "Tester"}).Expect(t, 200) // no change, no rows

		got := rows(t, e.Do("GET", R+"?employeeId="+fmt.Sprint(e.bob), e.Key, nil))
		type row struct{ section, field, old, new string }
		want := []row{{"EmployeeDetails", "employee", "", "Created"}, {"EmployeeDetails", "surname", "Test", "Tester"},
			{"EmergencyContacts", "emergencyContact1_Name", "", "Pat"}, {"PayRunDefaults", "rate", "91300", "95000"},
			{"TaxFileDeclaration", "taxFileNumber", "******782", "******790"}}
		if len(got) != len(want) {
			t.Fatalf("audit rows %v", got)
		}
		index := map[string]map[string]any{}
		for _, r := range got {
			index[r["fieldName"].(string)] = r
			if r["firstName"] != "Bob" || r["surname"] != "Tester" || r["externalId"] != "EMP-BOB" || r["channel"] != "Api" || r["userName"] == "" {
				t.Errorf("row %v", r)
			}
			utc, err1 := time.Parse("2006-01-02T15:04:05", r["timestampUtc"].(string))
			local, err2 := time.Parse("2006-01-02T15:04:05", r["timestampLocal"].(string))
			syd, _ := time.LoadLocation("Australia/Sydney")
			if _, off := utc.In(syd).Zone(); err1 != nil || err2 != nil || local.Sub(utc) != time.Duration(off)*time.Second {
				t.Errorf("timestamps %v %v", r["timestampUtc"], r["timestampLocal"])
			}
		}
		for _, w := range want {
			r := index[w.field]
			if r == nil || r["section"] != w.section || r["oldValue"] != w.old || r["newValue"] != w.new {
				t.Errorf("%s: %v, want %+v", w.field, r, w)
			}
		}
		if sec := rows(t, e.Do("GET", R+"?section=emergencycontacts", e.Key, nil)); len(sec) != 1 || sec[0]["fieldName"] != "emergencyContact1_Name" {
			t.Errorf("section filter %v", sec)
		}
		if all := rows(t, e.Do("GET", R, e.Key, nil)); len(all) != 6 { // two creations and four changes
			t.Errorf("all rows %d", len(all))
		}
		if loc := rows(t, e.Do("GET", fmt.Sprintf("%s?locationId=%d", R, e.melbourne), e.Key, nil)); len(loc) != 5 {
			t.Errorf("Melbourne rows %d", len(loc))
		}
		if none := rows(t, e.Do("GET", R+"?toDate=2020-01-01T00:00:00", e.Key, nil)); len(none) != 0 {
			t.Errorf("rows before 2020: %v", none)
		}
		// Carol sees Sydney's employees: Ann's creation only.
		if mine := rows(t, e.Do("GET", R, e.restricted(t), nil)); len(mine) != 1 || mine[0]["firstName"] != "Ann" {
			t.Errorf("restricted rows %v", mine)
		}
		e.RunCases(t, []testkit.Case{
			{Name: "unknown section", Method: "GET", Path: R + "?section=Salary", Key: e.Key, Status: 400, Field: "section"},
			{Name: "bad date", Method: "GET", Path: R + "?fromDate=yesterday", Key: e.Key, Status: 400, Field: "fromDate"},
			{Name: "dates reversed", Method: "GET", Path: R + "?fromDate=2026-02-01&toDate=2026-01-01", Key: e.Key, Status: 400, Field: "toDate"},
			{Name: "anonymous", Method: "GET", Path: R, Status: 401},
			{Name: "other tenant", Method: "GET", Path: R, Key: e.OtherKey, Status: 404},
		})
	})
}
