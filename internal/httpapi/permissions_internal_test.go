package httpapi

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/payrolld/payrolld/internal/business"
)

// TestPermissionTable: every operation of the permission model is served
// (the committed description lists it) and names known permissions.
func TestPermissionTable(t *testing.T) {
	raw, err := os.ReadFile("../../api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, p := range business.Permissions {
		known[p] = true
	}
	for key, perms := range operationPermissions {
		method, path, _ := strings.Cut(key, " ")
		if _, ok := doc.Paths[path][strings.ToLower(method)]; !ok {
			t.Errorf("%s is not a served operation", key)
		}
		for _, p := range perms {
			if !known[p] {
				t.Errorf("%s: unknown permission %s", key, p)
			}
		}
	}
}

func TestPermitted(t *testing.T) {
	acc := business.Access{Restrictions: business.Restrictions{
		EmployeeGroups: []business.EmployeeGroupAccess{{EmployeeGroupID: 1, Permissions: "ApproveTimesheets,ManageRosters"}, {EmployeeGroupID: 2, Permissions: "ViewLeaveRequests"}},
		LocationAccess: []business.LocationAccess{{FilterType: "Location", LocationIDs: []int64{9}, Permissions: "ApproveExpenses"}},
	}}
	cases := []struct {
		perms  []string
		groups int
		locs   int
		ok     bool
	}{
		{[]string{"ApproveTimesheets"}, 1, 0, true},
		{[]string{"CreateTimesheets"}, 0, 0, false},
		{[]string{"ViewRosters"}, 1, 0, true},           // ManageRosters includes viewing
		{[]string{"ViewExpenses"}, 0, 1, true},          // ApproveExpenses includes viewing
		{[]string{"ApproveLeaveRequests"}, 0, 0, false}, // viewing does not include approving
		{ViewLeave, 1, 0, true},
	}
	for _, c := range cases {
		n, ok := acc.Permitted(c.perms...)
		if ok != c.ok || len(n.Restrictions.EmployeeGroups) != c.groups || len(n.Restrictions.LocationAccess) != c.locs {
			t.Errorf("%v: ok %v groups %d locations %d", c.perms, ok, len(n.Restrictions.EmployeeGroups), len(n.Restrictions.LocationAccess))
		}
	}
	if n, ok := (business.Access{Unrestricted: true}).Permitted("ApproveTimesheets"); !ok || !n.Unrestricted {
		t.Error("unrestricted access is not narrowed")
	}
}
