package managerapi_test

import (
	"fmt"
	"testing"

	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/testkit"
)

// TestManagerLookups: the choices a manager can pick from are scoped.
func TestManagerLookups(t *testing.T) {
	t.Parallel()
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		grp := e.id(e.Do("POST", e.B+"/employeegroup", e.Key, map[string]any{"name": "Sydney staff",
			"filters": []any{map[string]any{"filterType": "Location", "operator": "In", "value": fmt.Sprint(e.sydney)}}}))
		names := func(want ...string) func(t *testing.T, r *testkit.Response) {
			return func(t *testing.T, r *testkit.Response) {
				l := list(t, r)
				if len(l) != len(want) {
					t.Fatalf("got %v, want %v", l, want)
				}
				for i, m := range l {
					if m["name"] != want[i] {
						t.Fatalf("got %v, want %v", l, want)
					}
				}
			}
		}
		cases := []testkit.Case{
			{Name: "employees scoped", Method: "GET", Path: e.M + "/timesheet/employees", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				l := list(t, r)
				if len(l) != 1 || l[0]["id"] != float64(e.ann) || l[0]["canApprove"] != true || l[0]["canCreate"] != true || l[0]["firstName"] != "Ann" {
					t.Fatalf("carol's employees %v", l)
				}
			}},
			{Name: "employees unrestricted", Method: "GET", Path: e.M + "/leaverequest/employees", Key: e.Key, Status: 200, Check: names("Ann Tester", "Ben Tester")},
			{Name: "roster employees", Method: "GET", Path: e.M + "/rostershift/manageemployees", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if l := list(t, r); len(l) != 1 || l[0]["canManage"] != true {
					t.Fatalf("roster employees %v", l)
				}
			}},
			{Name: "employees bad top", Method: "GET", Path: e.M + "/expense/employees?$top=500", Key: e.Key, Status: 400, Field: "$top"},
			{Name: "employees no credentials", Method: "GET", Path: e.M + "/expense/employees", Status: 401},
			{Name: "employees other tenant", Method: "GET", Path: e.M + "/expense/employees", Key: e.OtherKey, Status: 404},
			{Name: "manager employees scoped", Method: "GET", Path: e.M + "/employees", Key: e.carol, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 1 || got[0] != e.ann {
					t.Fatalf("carol's employees %v", got)
				}
			}},
			{Name: "locations scoped", Method: "GET", Path: e.M + "/locations", Key: e.carol, Status: 200, Check: names("Sydney")},
			{Name: "locations unrestricted", Method: "GET", Path: e.M + "/timesheet/locations", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 2 {
					t.Fatalf("alice's locations %v", got)
				}
			}},
			{Name: "employee location", Method: "GET", Path: p("%s/employee/%d/location", e.M, e.ann), Key: e.carol, Status: 200, Check: names("Sydney")},
			{Name: "employee location out of scope", Method: "GET", Path: p("%s/employee/%d/location", e.M, e.ben), Key: e.carol, Status: 404},
			{Name: "groups unrestricted", Method: "GET", Path: e.M + "/timesheet/employeegroups", Key: e.Key, Status: 200, Check: func(t *testing.T, r *testkit.Response) {
				if got := ids(t, r); len(got) != 1 || got[0] != grp {
					t.Fatalf("groups %v", got)
				}
			}},
			{Name: "groups restricted by location", Method: "GET", Path: e.M + "/timesheet/employeegroups", Key: e.carol, Status: 200, Check: names()},
		}
		e.RunCases(t, cases)
	})
}
