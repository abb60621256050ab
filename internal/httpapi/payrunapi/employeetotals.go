package payrunapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunviews "github.com/payrolld/payrolld/internal/payrun/views"
)

// registerEmployeeTotals serves E/payruntotals: an employee's pay history
// as run totals.
func registerEmployeeTotals(a *httpapi.API, s *payrun.Service) {
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/payruntotals",
		Tags: []string{"Pay Run"}, Summary: "List an employee's totals in finalised pay runs",
		Description: "One PayRunTotalModel per finalised pay run the employee was paid in, latest date paid first.",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]payrun.PayRunTotalModel], error) {
			id, err := httpapi.PathID(ctx, "employeeId", "employee")
			if err != nil {
				return nil, err
			}
			r, err := payrunviews.New(s).EmployeeTotals(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), id)
			return &httpapi.BodyOf[[]payrun.PayRunTotalModel]{Body: r}, err
		})
}
