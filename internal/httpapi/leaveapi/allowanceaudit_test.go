package leaveapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestLeaveAllowancesAudited: replacing an employee's leave
// allowances shows in the employee audit report (section LeaveAllowances)
// per leave category, created, changed and removed, with old and new
// values; a refused (400) replacement records nothing.
func TestLeaveAllowancesAudited(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		A := e.E(e.ann) + "/leaveallowances"
		allowance := func(loading float64) []any {
			return []any{map[string]any{"leaveCategoryId": fmt.Sprint(e.annual), "units": 4, "unitType": "Weeks", "leaveLoading": loading}}
		}
		e.Do("PUT", A, e.Key, allowance(17.5)).Expect(t, 200)
		e.Do("PUT", A, e.Key, allowance(20)).Expect(t, 200)
		e.Do("PUT", A, e.Key, allowance(20)).Expect(t, 200) // no change, no rows
		e.Do("PUT", A, e.Key, []any{map[string]any{"leaveCategoryId": "999999", "units": 1, "unitType": "Weeks"}}).Expect(t, 400)
		e.Do("PUT", A, e.Key, []any{}).Expect(t, 200)

		var got []map[string]any
		e.Do("GET", fmt.Sprintf("%s/report/employeeaudit?employeeId=%d&section=LeaveAllowances", e.B, e.ann), e.Key, nil).Expect(t, 200).JSON(t, &got)
		field := fmt.Sprintf("leaveAllowance[%d].leaveLoading", e.annual)
		var loading [][2]any
		for _, r := range got {
			if r["section"] != "LeaveAllowances" || r["channel"] != "Api" {
				t.Errorf("row %v", r)
			}
			if r["fieldName"] == field {
				loading = append(loading, [2]any{r["oldValue"], r["newValue"]})
			}
		}
		if want := [][2]any{{"", "17.5"}, {"17.5", "20"}, {"20", ""}}; fmt.Sprint(loading) != fmt.Sprint(want) {
			t.Errorf("leaveLoading rows %v, want %v (all rows %v)", loading, want, got)
		}
		// Created: category name, units, unit types, accrual rule...; the
		// change: leaveLoading alone; removed: what it had.
		if len(got) < 5 {
			t.Errorf("rows %v", got)
		}
	})
}
