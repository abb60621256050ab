package httpapi

import (
	"strings"
	"testing"
)

func TestPathCanonical(t *testing.T) {
	c := newPathCanon()
	for _, p := range []string{
		"/api/v2/business/{businessId}/payrun/{payRunId}/EmployeeExpenses",
		"/api/v2/business/{businessId}/employee/activate/{employeeId}",
		"/api/v2/business/{businessId}/employee/{employeeId}/singlesignon",
		"/api/v2/business/{businessId}/employee/{employeeId}",
		"/api/v2/business/{businessId}/{businessTemplateId}",
		"/api/v2/business/{businessId}/document",
		"/oauth/token",
	} {
		c.add(p)
	}
	cases := []struct{ in, want string }{
		{"/API/V2/Business/12/PayRun/7/employeeexpenses", "/api/v2/business/12/payrun/7/EmployeeExpenses"},
		{"/api/v2/business/12/Employee/Activate/AbC", "/api/v2/business/12/employee/activate/AbC"},
		// Static segments win, as in chi...
		{"/api/v2/business/12/employee/Activate/SingleSignOn", "/api/v2/business/12/employee/activate/SingleSignOn"},
		// ...until the static branch dead-ends: then "Activate" is an employee id.
		{"/api/v2/business/12/employee/Activate", "/api/v2/business/12/employee/Activate"},
		{"/api/v2/business/12/employee/77/SingleSignOn", "/api/v2/business/12/employee/77/singlesignon"},
		{"/api/v2/business/12/DOCUMENT", "/api/v2/business/12/document"},
		{"/api/v2/business/12/TemplateX", "/api/v2/business/12/TemplateX"},
		{"/OAuth/Token", "/oauth/token"},
		{"/nope/Here", "/nope/Here"},
	}
	for _, tc := range cases {
		if got := c.canonical(tc.in); got != tc.want {
			t.Errorf("canonical(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPathMatchTypesAndMethods(t *testing.T) {
	c := newPathCanon()
	ints := map[string]bool{"businessId": true, "businessTemplateId": true, "id": true}
	c.addRoute("GET", "/api/v2/business/{businessId}/location", ints)
	c.addRoute("POST", "/api/v2/business/{businessId}/location", ints)
	c.addRoute("GET", "/api/v2/business/{businessId}/location/{id}", ints)
	c.addRoute("POST", "/api/v2/business/{businessId}/{businessTemplateId}", ints)
	c.addRoute("GET", "/api/v2/business/{businessId}/employee/{employeeId}", ints) // string id
	c.addRoute("GET", "/docs/*", nil)
	cases := []struct {
		method, path, pattern string
		allowed               string
	}{
		{"GET", "/API/v2/business/1/Location", "/api/v2/business/{businessId}/location", ""},
		{"POST", "/api/v2/business/1/7", "/api/v2/business/{businessId}/{businessTemplateId}", ""},
		{"POST", "/api/v2/business/1/leaveallowancetemplate", "", ""},
		{"GET", "/api/v2/business/x/location", "", ""},
		{"GET", "/api/v2/business/1/location/x", "", ""},
		{"DELETE", "/api/v2/business/1/location", "", "GET,POST"},
		{"PUT", "/api/v2/business/1/location/3", "", "GET"},
		{"GET", "/api/v2/business/1/employee/Ext-1", "/api/v2/business/{businessId}/employee/{employeeId}", ""},
		{"GET", "/docs/assets/app.css", "/docs/*", ""},
		{"GET", "/api/v2/business/1/employee", "", ""},
	}
	for _, tc := range cases {
		m := c.lookup(tc.method, tc.path)
		if m.pattern != tc.pattern || m.found != (tc.pattern != "") || strings.Join(m.allowed, ",") != tc.allowed {
			t.Errorf("lookup(%s %s) = %+v, want pattern %q allowed %q", tc.method, tc.path, m, tc.pattern, tc.allowed)
		}
	}
}
