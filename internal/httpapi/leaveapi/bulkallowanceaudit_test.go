package leaveapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestBulkLeaveAllowancesAudited: the bulk paths that write
// allowances — PUT B/leaveallowances, assigning a leave allowance
// template, reapplying it — show in each employee's audit trail like PUT
// E/leaveallowances; a refused (400) bulk write records nothing.
func TestBulkLeaveAllowancesAudited(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		units := func(emp int64) [][2]any {
			t.Helper()
			var got []map[string]any
			e.Do("GET", fmt.Sprintf("%s/report/employeeaudit?employeeId=%d&section=LeaveAllowances", e.B, emp), e.Key, nil).Expect(t, 200).JSON(t, &got)
			var out [][2]any
			for _, r := range got {
				if r["channel"] != "Api" || r["userName"] == "" {
					t.Errorf("row %v", r)
				}
				if r["fieldName"] == fmt.Sprintf("leaveAllowance[%d].units", e.annual) {
					out = append(out, [2]any{r["oldValue"], r["newValue"]})
				}
			}
			return out
		}
		same := func(what string, got, want [][2]any) {
			t.Helper()
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: units rows %v, want %v", what, got, want)
			}
		}
		bulk := func(emp int64, n float64) map[string]any {
			return map[string]any{"leaveAllowances": map[string]any{fmt.Sprint(emp): []any{map[string]any{"leaveCategoryId": fmt.Sprint(e.annual), "units": n, "unitType": "Weeks"}}}}
		}

		// Bulk replace: Ann 4 weeks, then a refused request (an unknown
		// employee beside her) writes nothing and records nothing.
		e.Do("PUT", e.B+"/leaveallowances", e.Key, bulk(e.ann, 4)).Expect(t, 200)
		refused := bulk(e.ann, 6)
		refused["leaveAllowances"].(map[string]any)[fmt.Sprint(e.bobEmp)] = []any{}
		e.Do("PUT", e.B+"/leaveallowances", e.Key, refused).Expect(t, 400)
		e.Do("PUT", e.B+"/leaveallowances", e.Key, bulk(e.ann, -1)).Expect(t, 400)
		same("bulk", units(e.ann), [][2]any{{"", "4"}})

		// A template assigned to Ben (5 weeks), changed to 6 and
		// reapplied; Ann's trail is untouched.
		T := e.B + "/leaveallowancetemplate"
		id := int64(e.Do("POST", T, e.Key, map[string]any{"name": "Audited", "leaveCategories": []any{map[string]any{"leaveCategoryId": e.annual,
			"units": 5, "unitType": "Weeks"}}}).Expect(t, 200).Map(t)["id"].(float64))
		e.Do("POST", fmt.Sprintf("%s/leaveallowancetemplate/assign/%d", e.E(e.ben), id), e.Key, nil).Expect(t, 200)
		e.Do("PUT", fmt.Sprintf("%s/%d", T, id), e.Key, map[string]any{"leaveCategories": []any{map[string]any{"leaveCategoryId": e.annual, "units": 6, "unitType": "Weeks"}}}).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/reapply/%d", T, id), e.Key, nil).Expect(t, 200)
		e.Do("POST", fmt.Sprintf("%s/reapply/%d", T, id), e.Key, nil).Expect(t, 200) // nothing changes, nothing recorded
		same("template", units(e.ben), [][2]any{{"", "5"}, {"5", "6"}})
		same("bulk after template", units(e.ann), [][2]any{{"", "4"}})
	})
}
