package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/reference"
)

// corePath is B, the prefix of every path here.
const corePath = "/api/v2/business/{businessId}"

// registerCoreReference serves the core group: leave, deduction, expense
// and employer liability categories, employing entities, qualifications,
// employee groups and reporting dimensions with their values.
func registerCoreReference(a *API) {
	r := a.Reference
	RegisterCRUD(a, CRUD[reference.LeaveCategory, *reference.LeaveCategory]{Coll: r.LeaveCategories,
		Path: corePath + "/leavecategory", Tag: "Leave Categories", OData: true})
	RegisterCRUD(a, CRUD[reference.EmployerLiabilityCategory, *reference.EmployerLiabilityCategory]{Coll: r.EmployerLiabilityCategories,
		Path: corePath + "/employerliabilitycategory", Tag: "Employer Liability Categories", OData: true})
	RegisterCRUD(a, CRUD[reference.DeductionCategory, *reference.DeductionCategory]{Coll: r.DeductionCategories,
		Path: corePath + "/deductioncategory", Tag: "Deduction Categories", OData: true})
	RegisterPaged(a, r.DeductionCategories, corePath+"/deductioncategory/paged", "Deduction Categories")
	RegisterImport(a, r.DeductionCategories, corePath+"/import/deduction-categories", "Deduction Categories")
	RegisterCRUD(a, CRUD[reference.ExpenseCategory, *reference.ExpenseCategory]{Coll: r.ExpenseCategories,
		Path: corePath + "/employeeexpensecategory", Tag: "Employee Expense Categories", OData: true})
	RegisterPaged(a, r.ExpenseCategories, corePath+"/employeeexpensecategory/paged", "Employee Expense Categories")
	RegisterCRUD(a, CRUD[reference.Qualification, *reference.Qualification]{Coll: r.Qualifications,
		Path: corePath + "/qualification", Tag: "Qualifications", OData: true})
	registerExpenseTaxCodes(a)
	registerEmployingEntities(a)
	registerEmployeeGroups(a)
	registerDimensions(a)
}

func registerExpenseTaxCodes(a *API) {
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: corePath + "/employeeexpensecategory/taxcodes",
		Tags: []string{"Employee Expense Categories"}, Summary: "List expense tax codes",
		Description: "The sales tax codes of the business's region an expense category's taxCode may name: " +
			"AU GST, NZ GST, UK VAT, SG GST, MY SST. taxRate is a percentage."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]reference.TaxCode], error) {
			return &bodyOf[[]reference.TaxCode]{reference.ExpenseTaxCodes(currentBusiness(ctx).Region)}, nil
		})
}

// employingEntityList is the list input: OData plus a text search and
// whether inactive entities are included.
type employingEntityList struct {
	BusinessPath
	ODataQuery
	IncludeInactive bool   `query:"includeInactive" doc:"include entities set inactive (isActive false)"`
	Query           string `query:"query" doc:"case-insensitive search of name, ABN and external reference id"`
}

func registerEmployingEntities(a *API) {
	coll := a.Reference.EmployingEntities
	path := corePath + "/employingentity"
	tag := "Employing Entities"
	RegisterCRUD(a, CRUD[reference.EmployingEntity, *reference.EmployingEntity]{Coll: coll, Path: path, Tag: tag, Ops: "CRUD"})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: path, Tags: []string{tag}, Summary: "List employing entities",
		Description: "Active entities unless includeInactive=true, narrowed by query. Supports OData $filter, $orderby, $top, $skip."},
		func(ctx context.Context, in *employingEntityList) (*bodyOf[[]reference.EmployingEntity], error) {
			list, err := coll.List(ctx, currentBusiness(ctx), 0)
			if err != nil {
				return nil, err
			}
			list, err = applyOData(&in.ODataQuery, reference.FilterEmployingEntities(list, in.Query, in.IncludeInactive))
			return &bodyOf[[]reference.EmployingEntity]{list}, err
		})
}

func registerEmployeeGroups(a *API) {
	r := a.Reference
	path := corePath + "/employeegroup"
	tag := "Employee Groups"
	RegisterCRUD(a, CRUD[reference.EmployeeGroup, *reference.EmployeeGroup]{Coll: r.EmployeeGroups, Path: path, Tag: tag, Ops: "LCUD", OData: true})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: path + "/{id}", Tags: []string{tag}, Summary: "Get an employee group",
		Description: "The group with matchingEmployees: the employees (not terminated) its filters select now.",
		Parameters:  pathParams("id")},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[reference.DetailedEmployeeGroup], error) {
			id, err := pathID(ctx, "id", r.EmployeeGroups.Label)
			if err != nil {
				return nil, err
			}
			g, err := r.EmployeeGroupDetail(ctx, currentBusiness(ctx), id)
			return &bodyOf[reference.DetailedEmployeeGroup]{g}, err
		})
}

func registerDimensions(a *API) {
	r := a.Reference
	path := corePath + "/dimension"
	tag := "Reporting Dimensions"
	RegisterCRUD(a, CRUD[reference.Dimension, *reference.Dimension]{Coll: r.Dimensions, Path: path, Tag: tag, Ops: "LCRU", OData: true})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: path + "/{id}", Tags: []string{tag}, Summary: "Delete a reporting dimension",
		Description: "Deletes the dimension and its values; 409 when one of its values is in use.", Parameters: pathParams("id")},
		func(ctx context.Context, _ *BusinessPath) (*struct{}, error) {
			id, err := pathID(ctx, "id", r.Dimensions.Label)
			if err != nil {
				return nil, err
			}
			return nil, r.DeleteDimension(ctx, currentBusiness(ctx), id)
		})
	RegisterCRUD(a, CRUD[reference.DimensionValue, *reference.DimensionValue]{Coll: r.DimensionValues, Path: path + "/{dimensionId}/value",
		ParentParam: "dimensionId", Tag: tag, OData: true})
}
