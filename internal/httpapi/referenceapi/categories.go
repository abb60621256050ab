package referenceapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employeegroup"
	"github.com/payrolld/payrolld/internal/httpapi"
)

// registerCoreReference serves the core group: leave, deduction, expense
// and employer liability categories, employing entities, qualifications,
// employee groups and reporting dimensions with their values.
func registerCoreReference(a *httpapi.API) {
	r := a.Reference
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.LeaveCategory, *categories.LeaveCategory]{Coll: r.LeaveCategories,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/leavecategory", Item: "/api/v2/business/{businessId}/leavecategory/{id}", Tag: "Leave Categories", OData: true})
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.EmployerLiabilityCategory, *categories.EmployerLiabilityCategory]{Coll: r.EmployerLiabilityCategories,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/employerliabilitycategory", Item: "/api/v2/business/{businessId}/employerliabilitycategory/{id}", Tag: "Employer Liability Categories", OData: true})
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.DeductionCategory, *categories.DeductionCategory]{Coll: r.DeductionCategories,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/deductioncategory", Item: "/api/v2/business/{businessId}/deductioncategory/{id}", Tag: "Deduction Categories", OData: true})
	httpapi.RegisterPaged(a, httpapi.BusinessReference, r.DeductionCategories, "/api/v2/business/{businessId}/deductioncategory/paged", "Deduction Categories")
	httpapi.RegisterImport(a, r.DeductionCategories, "/api/v2/business/{businessId}/import/deduction-categories", "Deduction Categories")
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.ExpenseCategory, *categories.ExpenseCategory]{Coll: r.ExpenseCategories,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/employeeexpensecategory", Item: "/api/v2/business/{businessId}/employeeexpensecategory/{id}", Tag: "Employee Expense Categories", OData: true})
	httpapi.RegisterPaged(a, httpapi.BusinessReference, r.ExpenseCategories, "/api/v2/business/{businessId}/employeeexpensecategory/paged", "Employee Expense Categories")
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.Qualification, *categories.Qualification]{Coll: r.Qualifications,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/qualification", Item: "/api/v2/business/{businessId}/qualification/{id}", Tag: "Qualifications", OData: true})
	registerExpenseTaxCodes(a)
	registerEmployingEntities(a)
	registerEmployeeGroups(a)
	registerDimensions(a)
}

func registerExpenseTaxCodes(a *httpapi.API) {
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employeeexpensecategory/taxcodes",
		Tags: []string{"Employee Expense Categories"}, Summary: "List expense tax codes",
		Description: "The sales tax codes of the business's region an expense category's taxCode may name: " +
			"AU GST, NZ GST, UK VAT, SG GST, MY SST. taxRate is a percentage."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]categories.TaxCode], error) {
			return &httpapi.BodyOf[[]categories.TaxCode]{Body: categories.ExpenseTaxCodes(httpapi.CurrentBusiness(ctx).Region)}, nil
		})
}

// employingEntityList is the list input: OData plus a text search and
// whether inactive entities are included.
type employingEntityList struct {
	httpapi.BusinessPath
	httpapi.ODataQuery
	IncludeInactive bool   `query:"includeInactive" doc:"include entities set inactive (isActive false)"`
	Query           string `query:"query" doc:"case-insensitive search of name, ABN and external reference id"`
}

func registerEmployingEntities(a *httpapi.API) {
	coll := a.Reference.EmployingEntities
	tag := "Employing Entities"
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.EmployingEntity, *categories.EmployingEntity]{Coll: coll, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/employingentity", Item: "/api/v2/business/{businessId}/employingentity/{id}", Tag: tag, Ops: "CRUD"})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employingentity", Tags: []string{tag}, Summary: "List employing entities",
		Description: "Active entities unless includeInactive=true, narrowed by query. Supports OData $filter, $orderby, $top, $skip."},
		func(ctx context.Context, in *employingEntityList) (*httpapi.BodyOf[[]categories.EmployingEntity], error) {
			list, err := coll.List(ctx, httpapi.CurrentBusiness(ctx), 0)
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, categories.FilterEmployingEntities(list, in.Query, in.IncludeInactive))
			return &httpapi.BodyOf[[]categories.EmployingEntity]{Body: list}, err
		})
}

func registerEmployeeGroups(a *httpapi.API) {
	r := a.Reference
	tag := "Employee Groups"
	httpapi.RegisterCRUD(a, httpapi.CRUD[employeegroup.EmployeeGroup, *employeegroup.EmployeeGroup]{Coll: r.EmployeeGroups, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/employeegroup", Item: "/api/v2/business/{businessId}/employeegroup/{id}", Tag: tag, Ops: "LCUD", OData: true})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employeegroup/{id}", Tags: []string{tag}, Summary: "Get an employee group",
		Description: "The group with matchingEmployees: the employees (not terminated) its filters select now.",
		Parameters:  httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[employeegroup.DetailedEmployeeGroup], error) {
			id, err := httpapi.PathID(ctx, "id", r.EmployeeGroups.Label)
			if err != nil {
				return nil, err
			}
			g, err := r.EmployeeGroupDetail(ctx, httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[employeegroup.DetailedEmployeeGroup]{Body: g}, err
		})
}

func registerDimensions(a *httpapi.API) {
	r := a.Reference
	tag := "Reporting Dimensions"
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.Dimension, *categories.Dimension]{Coll: r.Dimensions, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/dimension", Item: "/api/v2/business/{businessId}/dimension/{id}", Tag: tag, Ops: "LCRU", OData: true})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/dimension/{id}", Tags: []string{tag}, Summary: "Delete a reporting dimension",
		Description: "Deletes the dimension and its values; 409 when one of its values is in use.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := httpapi.PathID(ctx, "id", r.Dimensions.Label)
			if err != nil {
				return nil, err
			}
			return nil, r.DeleteDimension(ctx, httpapi.CurrentBusiness(ctx), id)
		})
	httpapi.RegisterCRUD(a, httpapi.CRUD[categories.DimensionValue, *categories.DimensionValue]{Coll: r.DimensionValues, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/dimension/{dimensionId}/value", Item: "/api/v2/business/{businessId}/dimension/{dimensionId}/value/{id}",
		ParentParam: "dimensionId", Tag: tag, OData: true})
}
