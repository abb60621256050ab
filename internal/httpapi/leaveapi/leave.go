// Package leaveapi serves the leave operations: leave balances,
// allowances and allowance templates, leave requests (per employee and
// business-wide) and unavailability.
package leaveapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Register serves leave. Pass it in httpapi.Deps.Areas.
func Register(s *leave.Service) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerBalances(a, s)
		registerRequests(a, s)
		registerUnavailability(a, s)
	}
}

var principal = payroll.PrincipalFrom

func employeeID(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "employeeId", "employee")
}

// date parses an optional date query parameter (400 naming it).
var date = httpapi.QueryDate

// merge applies a JSON body over v (members it omits keep their values).
var merge = httpapi.MergeJSON

func registerBalances(a *httpapi.API, s *leave.Service) {
	tags := []string{"Leave Balances"}
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leavebalances", Tags: tags,
		Summary: "Get an employee's leave balances", Description: "Balances per leave category as at asAtDate (default today): the sum of opening balances, accruals, leave taken and adjustments up to that date.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			AsAtDate string `query:"asAtDate"`
		}) (*httpapi.BodyOf[[]leave.Balance], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			at, err := date("asAtDate", in.AsAtDate)
			if err != nil {
				return nil, err
			}
			list, err := s.Balances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, at)
			return &httpapi.BodyOf[[]leave.Balance]{Body: list}, err
		})

	tags = []string{"Leave Allowances"}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaveallowances", Tags: tags,
		Summary: "Get an employee's leave allowances", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]leave.Allowance], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Allowances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			return &httpapi.BodyOf[[]leave.Allowance]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaveallowances", Tags: tags,
		Summary: "Set an employee's leave allowances", Description: "Replaces the employee's allowances with the list sent; members an item omits (unitType, leaveUnitType, leaveAccrualRule) come from its leave category.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body []leave.Allowance
		}) (*httpapi.BodyOf[[]leave.Allowance], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.SetAllowances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, in.Body)
			return &httpapi.BodyOf[[]leave.Allowance]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/leaveallowances", Tags: tags,
		Summary: "List leave allowances by employee", Description: "The allowances of every employee the caller may see, keyed by employee id."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[map[string][]leave.Allowance], error) {
			m, err := s.BusinessAllowances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), 0)
			return &httpapi.BodyOf[map[string][]leave.Allowance]{Body: m}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/leaveallowances/{employeeId}", Tags: tags,
		Summary: "Get one employee's leave allowances keyed by employee id", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[map[string][]leave.Allowance], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			m, err := s.BusinessAllowances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			return &httpapi.BodyOf[map[string][]leave.Allowance]{Body: m}, err
		})
	httpapi.Register(a, httpapi.OnEmployees(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/leaveallowances", Tags: tags,
		Summary: "Set leave allowances of several employees", Description: "leaveAllowances maps employee ids (or external ids with employeeIdType External) to each employee's new allowances; leaveCategoryId is an id or, with leaveCategoryIdType External, an externalId. All or nothing."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body leave.AllowancesRequest
		}) (*httpapi.BodyOf[map[string][]leave.Allowance], error) {
			m, err := s.SetBusinessAllowances(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body)
			return &httpapi.BodyOf[map[string][]leave.Allowance]{Body: m}, err
		})

	tags = []string{"Leave Allowance Templates"}
	httpapi.RegisterCRUD(a, httpapi.CRUD[leave.AllowanceTemplate, *leave.AllowanceTemplate]{Coll: s.Templates,
		Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/leaveallowancetemplate", Item: "/api/v2/business/{businessId}/leaveallowancetemplate/{id}",
		Tag: tags[0], OData: true})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/leaveallowancetemplate/reapply/{id}", Tags: tags,
		Summary: "Reapply a leave allowance template", Description: "Rewrites the leave allowances of every employee assigned to the template from its current content.",
		Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := httpapi.PathID(ctx, "id", "leave allowance template")
			if err != nil {
				return nil, err
			}
			_, err = s.ReapplyTemplate(ctx, httpapi.CurrentBusiness(ctx), id)
			return nil, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaveallowancetemplate", Tags: tags,
		Summary: "Get the employee's leave allowance template", Description: "404 when no template is assigned.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[leave.AllowanceTemplate], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			t, err := s.EmployeeTemplate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			return &httpapi.BodyOf[leave.AllowanceTemplate]{Body: t}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaveallowancetemplate/assign/{leaveAllowanceTemplateId}", Tags: tags,
		Summary: "Assign a leave allowance template to an employee", Description: "The employee's leave allowances become the template's.",
		Parameters: httpapi.PathParams("employeeId", "leaveAllowanceTemplateId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			tid, err := httpapi.PathID(ctx, "leaveAllowanceTemplateId", "leave allowance template")
			if err != nil {
				return nil, err
			}
			return nil, s.AssignTemplate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, tid)
		})
}
