package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/locations"
)

// registerLookups serves the self-service lookups that have a source here:
// the business's locations and work types (split as the AU description
// does: work types, and the work types mapped as shift conditions).
func registerLookups(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Lookups"}
	biz := httpapi.CurrentBusiness
	visible := func(ctx context.Context, emp int64) error {
		_, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), emp)
		return err
	}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/location", Tags: tags,
		Summary: "Get locations", Description: "The business's locations (what B/location lists), by name: an employee may record work at any of them."},
		func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]locations.Location], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			list, err := lookupLocations(ctx, a)
			return &httpapi.BodyOf[[]locations.Location]{Body: list}, err
		})
	workTypes := func(shiftConditions bool) func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]EssWorkType], error) {
		return func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]EssWorkType], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			work, conditions, err := lookupWorkTypes(ctx, a)
			if shiftConditions {
				work = conditions
			}
			return &httpapi.BodyOf[[]EssWorkType]{Body: work}, err
		}
	}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/worktype", Tags: tags,
		Summary: "Get work types", Description: "The business's work types that are not shift conditions (mappingType other than ShiftCondition)."}, workTypes(false))
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/shiftcondition", Tags: tags,
		Summary: "Get shift conditions", Description: "The business's work types mapped as shift conditions (mappingType ShiftCondition)."}, workTypes(true))
	registerTitleLookup(a, visible)
}

// lookupLocations are the business's locations (never nil).
func lookupLocations(ctx context.Context, a *httpapi.API) ([]locations.Location, error) {
	list, err := a.Reference.Locations.List(ctx, httpapi.CurrentBusiness(ctx), 0)
	if list == nil {
		list = []locations.Location{}
	}
	return list, err
}

// EssWorkType is EssWorkTypeModel: a work type with its pay category's
// name. Work types are hour based here (units are entered on pay
// categories): isUnitBasedWorkType false, unitType empty.
type EssWorkType struct {
	categories.WorkType
	PayCategoryName     string `json:"payCategoryName"`
	IsUnitBasedWorkType bool   `json:"isUnitBasedWorkType"`
	UnitType            string `json:"unitType"`
}

// lookupWorkTypes splits the business's work types into those that are
// not shift conditions and the shift conditions (mappingType
// ShiftCondition), with their pay categories' names, in two reads.
func lookupWorkTypes(ctx context.Context, a *httpapi.API) (work, conditions []EssWorkType, err error) {
	work, conditions = []EssWorkType{}, []EssWorkType{}
	biz := httpapi.CurrentBusiness(ctx)
	all, err := a.Reference.WorkTypes.List(ctx, biz, 0)
	if err != nil {
		return work, conditions, err
	}
	pcs, err := a.Reference.PayCategories.List(ctx, biz, 0)
	if err != nil {
		return work, conditions, err
	}
	names := map[int64]string{}
	for _, c := range pcs {
		names[c.ID] = c.Name
	}
	for _, w := range all {
		x := EssWorkType{WorkType: w}
		if w.PayCategoryID != nil {
			x.PayCategoryName = names[*w.PayCategoryID]
		}
		if w.MappingType == "ShiftCondition" {
			conditions = append(conditions, x)
		} else {
			work = append(work, x)
		}
	}
	return work, conditions, nil
}
