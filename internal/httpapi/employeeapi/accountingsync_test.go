package employeeapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestSyncToAccounting: POST E/synctoaccounting/xero and POST
// E/synctoqbo record the request and say it was not sent (no accounting
// integration is configured: status NotConfigured, sent false, never a
// success); the requests show in the employee's audit trail; another
// tenant's employee, or one outside a restricted user's scope, is a 404
// and records nothing.
func TestSyncToAccounting(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		X, Q := e.EA+"/synctoaccounting/xero", e.EA+"/synctoqbo"
		got := s.Do("POST", X, key, nil).Expect(t, 200).Map(t)
		if got["target"] != "Xero" || got["status"] != "NotConfigured" || got["sent"] != false || got["employeeId"] != float64(e.ann) ||
			got["requestedBy"] == "" || got["requestedAt"] != "2026-11-02T09:00:00" || got["message"] == "" || got["id"] == nil {
			t.Fatalf("xero %v", got)
		}
		xero := int64(got["id"].(float64))
		// The business names Xero as its journal service: still not sent,
		// and the message says so.
		s.Do("PUT", e.B, key, map[string]any{"journalService": "Xero"}).Expect(t, 200)
		again := s.Do("POST", X, key, nil).Expect(t, 200).Map(t)
		if again["status"] != "NotConfigured" || again["sent"] != false || again["message"] == got["message"] {
			t.Fatalf("xero as the journal service %v", again)
		}
		qbo := s.Do("POST", Q, key, nil).Expect(t, 200).Map(t)
		if qbo["target"] != "QuickBooksOnline" || qbo["status"] != "NotConfigured" || qbo["sent"] != false {
			t.Fatalf("qbo %v", qbo)
		}
		// The restricted user sees Ann (Sydney), not Bob (Melbourne).
		s.Do("POST", e.EA+"/synctoqbo", e.editorKey, nil).Expect(t, 200)
		testkit.ExpectProblem(t, s.Do("POST", e.EA+"/synctoqbo", e.restrictKey, nil), 403, "") // viewing is not editing
		s.RunCases(t, []testkit.Case{
			{Name: "anonymous", Method: "POST", Path: X, Status: 401},
			{Name: "anonymous qbo", Method: "POST", Path: Q, Status: 401},
			{Name: "other tenant", Method: "POST", Path: X, Key: e.OtherKey, Status: 404},
			{Name: "other tenant qbo", Method: "POST", Path: Q, Key: e.OtherKey, Status: 404},
			{Name: "other tenant's employee", Method: "POST", Path: e.EOth + "/synctoaccounting/xero", Key: key, Status: 404},
			{Name: "outside the restricted scope", Method: "POST", Path: e.EB + "/synctoaccounting/xero", Key: e.restrictKey, Status: 404},
			{Name: "no such employee", Method: "POST", Path: e.B + "/employee/999999/synctoqbo", Key: key, Status: 404},
		})
		var rows []map[string]any
		s.Do("GET", fmt.Sprintf("%s/report/employeeaudit?section=EmployeeDetails", e.B), key, nil).Expect(t, 200).JSON(t, &rows)
		var syncs []string
		for _, r := range rows {
			if f := r["fieldName"].(string); len(f) > 14 && f[:14] == "accountingSync" {
				syncs = append(syncs, fmt.Sprintf("%v %s=%s", r["employeeId"], f, r["newValue"]))
			}
		}
		if len(syncs) != 8 || syncs[0] != fmt.Sprintf("%d accountingSync[%d].target=Xero", e.ann, xero) ||
			syncs[1] != fmt.Sprintf("%d accountingSync[%d].status=NotConfigured", e.ann, xero) {
			t.Errorf("audit rows %v", syncs)
		}
	})
}
