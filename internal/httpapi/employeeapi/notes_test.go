package employeeapi_test

import (
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

func TestEmployeeNotesAPI(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newRecordsEnv(t, d, "AU")
		s, key := e.Server, e.Key
		N := e.EA + "/notes"
		first := s.Do("POST", N, key, map[string]any{"note": "Started on the night shift"}).Expect(t, 200).Map(t)
		if first["user"] != "alice@example.com" || first["dateTime"] != "2026-11-02T09:00:00" || first["note"] != "Started on the night shift" {
			t.Fatalf("note %v", first)
		}
		s.Do("POST", N, key, map[string]any{"note": "Moved to days"}).Expect(t, 200)
		var list []map[string]any
		s.Do("GET", N, key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 2 || list[0]["note"] != "Moved to days" {
			t.Fatalf("list %v", list)
		}
		s.Do("GET", N+"?$top=1&$skip=1", key, nil).Expect(t, 200).JSON(t, &list)
		if len(list) != 1 || list[0]["note"] != "Started on the night shift" {
			t.Fatalf("paged %v", list)
		}
		s.RunCases(t, []testkit.Case{
			{Name: "empty note", Method: "POST", Path: N, Key: key, Body: map[string]any{"note": "  "}, Status: 400, Field: "note"},
			{Name: "filter refused", Method: "GET", Path: N + "?$filter=note%20eq%20'x'", Key: key, Status: 400, Field: "$filter"},
			{Name: "top over 100", Method: "GET", Path: N + "?$top=101", Key: key, Status: 400, Field: "$top"},
			{Name: "anonymous", Method: "GET", Path: N, Status: 401},
			{Name: "other tenant list", Method: "GET", Path: N, Key: e.OtherKey, Status: 404},
			{Name: "other tenant add", Method: "POST", Path: N, Key: e.OtherKey, Body: map[string]any{"note": "x"}, Status: 404},
			{Name: "unknown employee", Method: "POST", Path: e.B + "/employee/999999/notes", Key: key, Body: map[string]any{"note": "x"}, Status: 404},
			{Name: "restricted in scope with EmployeeNotes", Method: "GET", Path: N, Key: e.editorKey, Status: 200},
			{Name: "restricted in scope without EmployeeNotes", Method: "GET", Path: N, Key: e.restrictKey, Status: 403},
			{Name: "restricted outside scope", Method: "POST", Path: e.EB + "/notes", Key: e.restrictKey, Body: map[string]any{"note": "x"}, Status: 404},
		})
	})
}
