package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/config"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/testkit"
)

// essProbe is what the probe operation reports of its caller.
type essProbe struct {
	BusinessID int64  `json:"businessId"`
	Self       bool   `json:"self"`
	Name       string `json:"name"`
}

// The self-service (ESS) operations name an employee but no business: the
// platform finds the business and lets in the employee's own user and
// business users whose scope covers the employee, nobody else; services
// called with the caller's principal then see only what that caller may.
func TestEmployeeSelfAuth(t *testing.T) {
	testkit.EachEngine(t, func(t *testing.T, d *db.DB) {
		s := testkit.NewServer(t, d)
		_, key := s.NewUser("owner@example.com")
		biz := s.NewBusiness(key, "Cafe", "AU")
		B := testkit.BusinessPath(biz)
		ann := s.SeedEmployee(t, d, biz, "Ann", "Able", "Active", "E1")
		bob := s.SeedEmployee(t, d, biz, "Bob", "Baker", "Active", "E2")
		annUser, annKey := s.NewUser("ann@example.com")
		testkit.MustExec(t, d, `UPDATE employees SET user_id = $1 WHERE id = $2`, annUser, ann)
		testkit.MustExec(t, d, `UPDATE employees SET tags = 'nights' WHERE id = $1`, ann)
		_, otherKey := s.NewUser("other@example.com")
		s.NewBusiness(otherKey, "Elsewhere", "AU")
		// Carol may see the employees tagged "nights" (Ann) only.
		grp := int64(s.Do("POST", B+"/employeegroup", key, map[string]any{"name": "Nights",
			"filters": []any{map[string]any{"filterType": "Tag", "operator": "In", "value": "nights"}}}).Expect(t, 200).Map(t)["id"].(float64))
		_, carolKey := s.NewUser("carol@example.com")
		s.Do("POST", B+"/access", key, map[string]any{"email": "carol@example.com", "accessType": "Restricted",
			"employeeGroups": []any{map[string]any{"employeeGroupId": grp, "permissions": "ViewEmployeeDetails"}}}).Expect(t, 200)

		api := httpapi.New(httpapi.Deps{Config: config.Default(), Users: s.Users, Businesses: s.Businesses, Reference: s.Reference,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), SelfService: s.Employees.SelfServiceAccess,
			EmployeeInScope: func(ctx context.Context, b business.Business, p *payroll.Principal, id int64) error {
				_, err := s.Employees.Visible(ctx, b, p, id)
				return err
			},
			Areas: []func(*httpapi.API){func(a *httpapi.API) {
				type in struct {
					EmployeeID int64 `path:"employeeId"`
					Other      int64 `query:"other"`
				}
				httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: "GET", Path: "/api/v2/ess/{employeeId}/probe"},
					func(ctx context.Context, in *in) (*httpapi.BodyOf[essProbe], error) {
						id := in.EmployeeID
						if in.Other != 0 {
							id = in.Other
						}
						e, err := s.Employees.Get(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), id)
						if err != nil {
							return nil, err
						}
						return &httpapi.BodyOf[essProbe]{Body: essProbe{BusinessID: httpapi.CurrentBusiness(ctx).ID,
							Self: httpapi.SelfEmployee(ctx), Name: e.FirstName}}, nil
					})
			}}})
		ts := httptest.NewServer(api.Handler())
		defer ts.Close()
		probe := *s
		probe.URL = ts.URL
		at := func(emp int64) string { return fmt.Sprintf("/api/v2/ess/%d/probe", emp) }

		for _, c := range []struct {
			name, key, path string
			status          int
			self            bool
			who             string
		}{
			{"business owner", key, at(bob), 200, false, "Bob"},
			{"the employee's own user", annKey, at(ann), 200, true, "Ann"},
			{"own user, another employee", annKey, at(bob), 404, false, ""},
			{"own user reads another employee through a service", annKey, at(ann) + fmt.Sprintf("?other=%d", bob), 404, false, ""},
			{"restricted user, employee in scope", carolKey, at(ann), 200, false, "Ann"},
			{"restricted user, employee out of scope", carolKey, at(bob), 404, false, ""},
			{"another tenant", otherKey, at(ann), 404, false, ""},
			{"no credentials", "", at(ann), 401, false, ""},
			{"unknown employee", key, at(999999), 404, false, ""},
			{"not an id", key, "/api/v2/ess/abc/probe", 404, false, ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				r := probe.Do("GET", c.path, c.key, nil)
				if c.status != 200 {
					testkit.ExpectProblem(t, r, c.status, "")
					return
				}
				var got essProbe
				r.Expect(t, 200).JSON(t, &got)
				if got != (essProbe{BusinessID: biz, Self: c.self, Name: c.who}) {
					t.Fatalf("probe = %+v", got)
				}
			})
		}
	})
}
