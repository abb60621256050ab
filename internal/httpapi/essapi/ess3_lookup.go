package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/locations"
)

// registerLookups serves the self-service lookups that have a source here:
// the business's locations and work types (split as the AU description
// does: work types, and the work types mapped as shift conditions).
func registerLookups(a *httpapi.API, d Deps3) {
	tags := []string{"Employee Self Service Lookups"}
	biz := httpapi.CurrentBusiness
	visible := func(ctx context.Context, emp int64) error {
		_, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), emp)
		return err
	}
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/location", Tags: tags,
		Summary: "Get locations", Description: "The business's locations (what B/location lists), by name: an employee may record work at any of them."},
		func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]locations.Location], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			list, err := a.Reference.Locations.List(ctx, biz(ctx), 0)
			if list == nil {
				list = []locations.Location{}
			}
			return &httpapi.BodyOf[[]locations.Location]{Body: list}, err
		})
	workTypes := func(shiftConditions bool) func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]categories.WorkType], error) {
		return func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]categories.WorkType], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			all, err := a.Reference.WorkTypes.List(ctx, biz(ctx), 0)
			if err != nil {
				return nil, err
			}
			out := []categories.WorkType{}
			for _, w := range all {
				if (w.MappingType == "ShiftCondition") == shiftConditions {
					out = append(out, w)
				}
			}
			return &httpapi.BodyOf[[]categories.WorkType]{Body: out}, nil
		}
	}
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/worktype", Tags: tags,
		Summary: "Get work types", Description: "The business's work types that are not shift conditions (mappingType other than ShiftCondition)."}, workTypes(false))
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/shiftcondition", Tags: tags,
		Summary: "Get shift conditions", Description: "The business's work types mapped as shift conditions (mappingType ShiftCondition)."}, workTypes(true))
}
