package httpapi

import "testing"

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
