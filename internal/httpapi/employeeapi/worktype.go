package employeeapi

import (
	"context"
	"net/http"
	"slices"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// registerWorkTypes serves E/worktype and E/shiftcondition: the business's
// work types an employee may record time against (timesheets, kiosks),
// split as the published API splits them: shift conditions apart.
func registerWorkTypes(a *httpapi.API, emps *employee.Service, workTypes record.Collection[categories.WorkType, *categories.WorkType]) {
	for _, op := range []struct {
		path, summary string
		shift         bool
	}{
		{"/api/v2/business/{businessId}/employee/{employeeId}/worktype", "List the work types an employee may use", false},
		{"/api/v2/business/{businessId}/employee/{employeeId}/shiftcondition", "List the shift conditions an employee may use", true},
	} {
		httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: op.path, Tags: []string{"Employee"},
			Summary: op.summary, Description: "Work types restricted to employment types apply only to employees of one of those types.",
			Parameters: httpapi.PathParams("employeeId")},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]categories.WorkType], error) {
				eid, err := pathEmployee(ctx)
				if err != nil {
					return nil, err
				}
				biz := httpapi.CurrentBusiness(ctx)
				e, err := emps.Get(ctx, biz, payroll.PrincipalFrom(ctx), eid)
				if err != nil {
					return nil, err
				}
				all, err := workTypes.List(ctx, biz, 0)
				if err != nil {
					return nil, err
				}
				return &httpapi.BodyOf[[]categories.WorkType]{Body: employeeWorkTypes(all, e.EmploymentType, op.shift)}, nil
			})
	}
}

// employeeWorkTypes keeps the work types of the kind asked for (shift
// conditions or the others) open to employmentType.
func employeeWorkTypes(all []categories.WorkType, employmentType string, shift bool) []categories.WorkType {
	out := make([]categories.WorkType, 0, len(all))
	for _, w := range all {
		if (w.MappingType == "ShiftCondition") != shift {
			continue
		}
		if len(w.EmploymentTypes) > 0 && !slices.Contains(w.EmploymentTypes, employmentType) {
			continue
		}
		out = append(out, w)
	}
	return out
}
