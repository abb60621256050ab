package managerapi

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/locations"
)

// WorkTypeOption is a work type or shift condition an employee can record
// time against (AuEssWorkTypeModel).
type WorkTypeOption struct {
	ID                  int64    `json:"id"`
	Name                string   `json:"name"`
	AccruesLeave        bool     `json:"accruesLeave"`
	EmploymentTypes     []string `json:"employmentTypes"`
	MappingType         string   `json:"mappingType"`
	ShortCode           string   `json:"shortCode"`
	AwardPackageID      *int64   `json:"awardPackageId" nullable:"true"`
	AwardPackageName    string   `json:"awardPackageName"`
	PayCategoryID       *int64   `json:"payCategoryId" nullable:"true"`
	LeaveCategoryID     *int64   `json:"leaveCategoryId" nullable:"true"`
	ExternalID          string   `json:"externalId"`
	Source              string   `json:"source"`
	IsUnitBasedWorkType bool     `json:"isUnitBasedWorkType" doc:"unit-based time is recorded as units on the line; no work type is unit-based by itself"`
	UnitType            string   `json:"unitType"`
}

// ClassificationOption is {id, name}: award classifications are not
// modelled, so the list is always empty.
type ClassificationOption struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// DimensionValueOption is a reporting dimension value the employee may
// tag time with (ReportingDimensionValueSelectModel).
type DimensionValueOption struct {
	Value                int64  `json:"value"`
	Text                 string `json:"text"`
	ReportingDimensionID int64  `json:"reportingDimensionId"`
	IsDeleted            bool   `json:"isDeleted"`
	IsNoLongerAllowed    bool   `json:"isNoLongerAllowed"`
}

// TimesheetReference is what a manager picks from when writing an
// employee's timesheet (AuTimesheetReferenceData).
type TimesheetReference struct {
	Classifications []ClassificationOption `json:"classifications"`
	WorkTypes       []WorkTypeOption       `json:"workTypes"`
	ShiftConditions []WorkTypeOption       `json:"shiftConditions"`
	Locations       []locations.Location   `json:"locations"`
	DimensionValues []DimensionValueOption `json:"dimensionValues"`
}

func workTypeOption(w categories.WorkType) WorkTypeOption {
	et := w.EmploymentTypes
	if et == nil {
		et = []string{}
	}
	return WorkTypeOption{ID: w.ID, Name: w.Name, AccruesLeave: w.AccruesLeave, EmploymentTypes: et, MappingType: w.MappingType, ShortCode: w.ShortCode,
		AwardPackageID: w.AwardPackageID, AwardPackageName: w.AwardPackageName, PayCategoryID: w.PayCategoryID, LeaveCategoryID: w.LeaveCategoryID,
		ExternalID: w.ExternalID, Source: w.Source}
}

// dimensionAllowed: a value for all employees, or one naming the employee.
// Values that select employees by filters are left out.
func dimensionAllowed(v categories.DimensionValue, employeeID int64) bool {
	if v.AllEmployees || v.SpecificEmployees == "" && len(v.Filters) == 0 {
		return true
	}
	for _, s := range strings.Split(v.SpecificEmployees, ",") {
		if id, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil && id == employeeID {
			return true
		}
	}
	return false
}

func registerTimesheets(a *httpapi.API, d Deps) {
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/timesheet/reference", Tags: []string{"Manager Timesheets"},
		Summary: "Reference data for an employee's timesheets (manager)",
		Description: "The work types and shift conditions open to the employee's employment type, every location of the business, and the reporting " +
			"dimension values available to all employees or to this one (values that select employees by filters are not listed). Award classifications " +
			"are not modelled: classifications is empty. An employee the caller does not manage is 404.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[TimesheetReference], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			e, err := d.Employees.Visible(ctx, biz, principal(ctx), emp)
			if err != nil {
				return nil, err
			}
			out := TimesheetReference{Classifications: []ClassificationOption{}, WorkTypes: []WorkTypeOption{}, ShiftConditions: []WorkTypeOption{},
				DimensionValues: []DimensionValueOption{}}
			wts, err := d.Categories.WorkTypes.List(ctx, biz, 0)
			if err != nil {
				return nil, err
			}
			for _, w := range wts {
				if len(w.EmploymentTypes) > 0 && !slices.Contains(w.EmploymentTypes, e.EmploymentType) {
					continue
				}
				if w.MappingType == "ShiftCondition" {
					out.ShiftConditions = append(out.ShiftConditions, workTypeOption(w))
				} else {
					out.WorkTypes = append(out.WorkTypes, workTypeOption(w))
				}
			}
			if out.Locations, err = d.Locations.Locations.List(ctx, biz, 0); err != nil {
				return nil, err
			}
			dims, err := d.Categories.Dimensions.List(ctx, biz, 0)
			if err != nil {
				return nil, err
			}
			for _, dim := range dims {
				vals, err := d.Categories.DimensionValues.List(ctx, biz, dim.ID)
				if err != nil {
					return nil, err
				}
				for _, v := range vals {
					if dimensionAllowed(v, emp) {
						out.DimensionValues = append(out.DimensionValues, DimensionValueOption{Value: v.ID, Text: v.Name, ReportingDimensionID: dim.ID})
					}
				}
			}
			return &httpapi.BodyOf[TimesheetReference]{Body: out}, nil
		})
}
