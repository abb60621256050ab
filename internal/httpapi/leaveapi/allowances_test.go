package leaveapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestLeaveAllowances: an employee's allowances are replaced by PUT and
// read back (per employee and keyed by employee for the business).
func TestLeaveAllowances(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		A := e.E(e.ann) + "/leaveallowances"
		got := list(t, e.Do("PUT", A, e.Key, []any{map[string]any{"leaveCategoryId": fmt.Sprint(e.annual), "units": 0.076923, "unitType": "HoursPerHourWorked",
			"canApplyForLeave": true, "leaveLoading": 17.5, "hoursPerYear": 152}}))
		if len(got) != 1 {
			t.Fatalf("put %v", got)
		}
		got = list(t, e.Do("GET", A, e.Key, nil))
		a := got[0]
		if a["leaveCategoryId"] != fmt.Sprint(e.annual) || a["leaveCategoryName"] != "Test Annual" || a["units"] != 0.076923 || a["unitType"] != "HoursPerHourWorked" ||
			a["leaveUnitType"] != "Hours" || a["leaveLoading"] != 17.5 || a["hoursPerYear"] != 152.0 || a["canApplyForLeave"] != true {
			t.Fatalf("read back %v", a)
		}
		if r, _ := a["leaveAccrualRule"].(map[string]any); r == nil || r["capType"] != "NotLimited" || r["accrualType"] != "Ongoing" {
			t.Fatalf("accrual rule defaults %v", a["leaveAccrualRule"])
		}

		// Business-wide, by external ids, all or nothing.
		var m map[string][]map[string]any
		e.Do("PUT", e.B+"/leaveallowances", e.Key, map[string]any{"employeeIdType": "External", "leaveCategoryIdType": "External",
			"leaveAllowances": map[string]any{"EMP-BEN": []any{map[string]any{"leaveCategoryId": "ANNUAL", "units": 4, "unitType": "Weeks"}}}}).Expect(t, 200).JSON(t, &m)
		if l := m[fmt.Sprint(e.ben)]; len(l) != 1 || l[0]["units"] != 4.0 || l[0]["unitType"] != "Weeks" {
			t.Fatalf("business put %v", m)
		}
		m = nil
		e.Do("GET", e.B+"/leaveallowances", e.Key, nil).Expect(t, 200).JSON(t, &m)
		if len(m) != 2 || len(m[fmt.Sprint(e.ann)]) != 1 || len(m[fmt.Sprint(e.ben)]) != 1 {
			t.Fatalf("business list %v", m)
		}
		m = nil
		e.Do("GET", fmt.Sprintf("%s/leaveallowances/%d", e.B, e.ben), e.Key, nil).Expect(t, 200).JSON(t, &m)
		if len(m) != 1 || m[fmt.Sprint(e.ben)][0]["leaveCategoryName"] != "Test Annual" {
			t.Fatalf("business list of one %v", m)
		}

		// A category named by an allowance cannot be deleted.
		testkit.ExpectProblem(t, e.Do("DELETE", fmt.Sprintf("%s/leavecategory/%d", e.B, e.annual), e.Key, nil), 409, "")

		e.RunCases(t, []testkit.Case{
			{Name: "unknown category", Method: "PUT", Path: A, Key: e.Key, Body: []any{map[string]any{"leaveCategoryId": "999999"}}, Status: 400, Field: "[0].leaveCategoryId"},
			{Name: "negative units", Method: "PUT", Path: A, Key: e.Key, Body: []any{map[string]any{"leaveCategoryId": fmt.Sprint(e.annual), "units": -1}}, Status: 400, Field: "[0].units"},
			{Name: "twice", Method: "PUT", Path: A, Key: e.Key, Body: []any{map[string]any{"leaveCategoryId": fmt.Sprint(e.annual)}, map[string]any{"leaveCategoryId": fmt.Sprint(e.annual)}}, Status: 400, Field: "[1].leaveCategoryId"},
			{Name: "unknown employee", Method: "PUT", Path: e.B + "/leaveallowances", Key: e.Key, Body: map[string]any{"leaveAllowances": map[string]any{fmt.Sprint(e.bobEmp): []any{}}}, Status: 400, Field: fmt.Sprintf("leaveAllowances.%d", e.bobEmp)},
			{Name: "bad id type", Method: "PUT", Path: e.B + "/leaveallowances", Key: e.Key, Body: map[string]any{"employeeIdType": "Other", "leaveAllowances": map[string]any{"1": []any{}}}, Status: 400, Field: "employeeIdType"},
			{Name: "anonymous", Method: "GET", Path: A, Status: 401},
			{Name: "anonymous business", Method: "GET", Path: e.B + "/leaveallowances", Status: 401},
			{Name: "other tenant", Method: "GET", Path: A, Key: e.OtherKey, Status: 404},
			{Name: "other tenant put", Method: "PUT", Path: A, Key: e.OtherKey, Body: []any{}, Status: 404},
			{Name: "other tenant's employee", Method: "GET", Path: fmt.Sprintf("%s/leaveallowances/%d", e.OtherB, e.ann), Key: e.OtherKey, Status: 404},
			{Name: "employee of another business", Method: "GET", Path: fmt.Sprintf("%s/leaveallowances/%d", e.B, e.bobEmp), Key: e.Key, Status: 404},
		})
		// The failed PUTs changed nothing.
		if got := list(t, e.Do("GET", A, e.Key, nil)); len(got) != 1 || got[0]["units"] != 0.076923 {
			t.Fatalf("after refused puts %v", got)
		}
	})
}

// TestLeaveAllowanceTemplates: CRUD, assignment writes the employee's
// allowances, reapply rewrites them, an assigned template cannot go.
func TestLeaveAllowanceTemplates(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		T := e.B + "/leaveallowancetemplate"
		tpl := e.Do("POST", T, e.Key, map[string]any{"name": "Full time", "leaveCategories": []any{map[string]any{"leaveCategoryId": e.annual,
			"units": 4, "unitType": "Weeks", "leaveUnitType": "Hours", "canApplyForLeave": true, "leaveLoading": 17.5}}}).Expect(t, 200).Map(t)
		id := int64(tpl["id"].(float64))
		got := e.Do("GET", fmt.Sprintf("%s/%d", T, id), e.Key, nil).Expect(t, 200).Map(t)
		cats := got["leaveCategories"].([]any)
		if got["name"] != "Full time" || len(cats) != 1 || cats[0].(map[string]any)["leaveCategoryName"] != "Test Annual" || got["leaveAccrualStartDateType"] != "EmployeeStartDate" {
			t.Fatalf("read back %v", got)
		}
		if l := list(t, e.Do("GET", T+"?$filter="+"name%20eq%20'Full%20time'", e.Key, nil)); len(l) != 1 {
			t.Fatalf("list %v", l)
		}
		testkit.ExpectProblem(t, e.Do("GET", e.E(e.ann)+"/leaveallowancetemplate", e.Key, nil), 404, "")
		e.Do("POST", fmt.Sprintf("%s/leaveallowancetemplate/assign/%d", e.E(e.ann), id), e.Key, nil).Expect(t, 200)
		if got := e.Do("GET", e.E(e.ann)+"/leaveallowancetemplate", e.Key, nil).Expect(t, 200).Map(t); got["id"] != float64(id) {
			t.Fatalf("employee template %v", got)
		}
		a := list(t, e.Do("GET", e.E(e.ann)+"/leaveallowances", e.Key, nil))
		if len(a) != 1 || a[0]["units"] != 4.0 || a[0]["unitType"] != "Weeks" || a[0]["leaveLoading"] != 17.5 {
			t.Fatalf("allowances from template %v", a)
		}
		// Partial update, then reapply to the assigned employees.
		e.Do("PUT", fmt.Sprintf("%s/%d", T, id), e.Key, map[string]any{"leaveCategories": []any{map[string]any{"leaveCategoryId": e.annual, "units": 5, "unitType": "Weeks"}}}).Expect(t, 200)
		if got := e.Do("GET", fmt.Sprintf("%s/%d", T, id), e.Key, nil).Expect(t, 200).Map(t); got["name"] != "Full time" {
			t.Fatalf("partial update lost the name %v", got)
		}
		if a := list(t, e.Do("GET", e.E(e.ann)+"/leaveallowances", e.Key, nil)); a[0]["units"] != 4.0 {
			t.Fatalf("allowances changed before reapply %v", a)
		}
		e.Do("POST", fmt.Sprintf("%s/reapply/%d", T, id), e.Key, nil).Expect(t, 200)
		if a := list(t, e.Do("GET", e.E(e.ann)+"/leaveallowances", e.Key, nil)); a[0]["units"] != 5.0 {
			t.Fatalf("allowances after reapply %v", a)
		}
		other := int64(e.Do("POST", e.OtherB+"/leaveallowancetemplate", e.OtherKey, map[string]any{"name": "Bob's"}).Expect(t, 200).Map(t)["id"].(float64))
		e.RunCases(t, []testkit.Case{
			{Name: "no name", Method: "POST", Path: T, Key: e.Key, Body: map[string]any{"name": " "}, Status: 400, Field: "name"},
			{Name: "unknown category", Method: "POST", Path: T, Key: e.Key, Body: map[string]any{"name": "X", "leaveCategories": []any{map[string]any{"leaveCategoryId": 999999}}}, Status: 400, Field: "leaveCategories"},
			{Name: "award", Method: "POST", Path: T, Key: e.Key, Body: map[string]any{"name": "X", "awardId": 3}, Status: 400, Field: "awardId"},
			// What assigning would refuse is refused when the template is stored.
			{Name: "more than an hour per hour worked", Method: "POST", Path: T, Key: e.Key, Body: map[string]any{"name": "X", "leaveCategories": []any{
				map[string]any{"leaveCategoryId": e.annual, "units": 2, "unitType": "HoursPerHourWorked"}}}, Status: 400, Field: "leaveCategories[0].units"},
			{Name: "duplicate name", Method: "POST", Path: T, Key: e.Key, Body: map[string]any{"name": "full TIME"}, Status: 409},
			{Name: "delete assigned", Method: "DELETE", Path: fmt.Sprintf("%s/%d", T, id), Key: e.Key, Status: 409},
			{Name: "anonymous", Method: "GET", Path: T, Status: 401},
			{Name: "anonymous assign", Method: "POST", Path: fmt.Sprintf("%s/leaveallowancetemplate/assign/%d", e.E(e.ann), id), Status: 401},
			{Name: "other tenant get", Method: "GET", Path: fmt.Sprintf("%s/%d", T, id), Key: e.OtherKey, Status: 404},
			{Name: "other tenant's template", Method: "GET", Path: fmt.Sprintf("%s/%d", T, other), Key: e.Key, Status: 404},
			{Name: "assign other tenant's template", Method: "POST", Path: fmt.Sprintf("%s/leaveallowancetemplate/assign/%d", e.E(e.ann), other), Key: e.Key, Status: 404},
			{Name: "assign to other tenant's employee", Method: "POST", Path: fmt.Sprintf("%s/leaveallowancetemplate/assign/%d", e.E(e.bobEmp), id), Key: e.Key, Status: 404},
			{Name: "reapply other tenant's", Method: "POST", Path: fmt.Sprintf("%s/reapply/%d", T, other), Key: e.Key, Status: 404},
		})
		// Once nobody follows it, it can go. A template accepted with its
		// categories' unit types left to the category is assignable.
		casual := e.Do("POST", T, e.Key, map[string]any{"name": "Casual", "leaveCategories": []any{map[string]any{"leaveCategoryId": e.annual, "units": "0.0769"}}}).Expect(t, 200).Map(t)
		e.Do("POST", fmt.Sprintf("%s/leaveallowancetemplate/assign/%d", e.E(e.ann), int64(casual["id"].(float64))), e.Key, nil).Expect(t, 200)
		e.Do("DELETE", fmt.Sprintf("%s/%d", T, id), e.Key, nil).Expect(t, 200)
		testkit.ExpectProblem(t, e.Do("GET", fmt.Sprintf("%s/%d", T, id), e.Key, nil), 404, "")
	})
}
