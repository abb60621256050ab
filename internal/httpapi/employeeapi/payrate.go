package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

type templateBody struct {
	httpapi.BusinessPath
	Body    payrate.Template
	RawBody []byte
}

type scheduleBody struct {
	httpapi.BusinessPath
	Body    payrate.Schedule
	RawBody []byte
}

type odataList struct {
	httpapi.BusinessPath
	httpapi.ODataQuery
}

func registerPayRates(a *httpapi.API, s *payrate.Service) {
	tags := []string{"Pay Rate Template"}
	principal := payroll.PrincipalFrom
	templateID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "id", "pay rate template") }

	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payratetemplate", Tags: tags,
		Summary: "List pay rate templates", Description: "Supports OData $filter, $orderby, $top, $skip."},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]payrate.Template], error) {
			list, err := s.Templates(ctx, httpapi.CurrentBusiness(ctx))
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, list)
			return &httpapi.BodyOf[[]payrate.Template]{Body: list}, err
		})
	const tmplDoc = "A rate per pay category (userSuppliedRate); a derived category (one with a parent) without a rate of its own is paid its parent's rate times (1 + its rateLoadingPercent / 100): calculatedRate. A name already used is a 409."
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/payratetemplate", Tags: tags,
		Summary: "Create a pay rate template", Description: tmplDoc},
		func(ctx context.Context, in *templateBody) (*httpapi.BodyOf[payrate.Template], error) {
			t, err := s.SaveTemplate(ctx, httpapi.CurrentBusiness(ctx), 0, in.Body)
			return &httpapi.BodyOf[payrate.Template]{Body: t}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payratetemplate/{id}", Tags: tags,
		Summary: "Get a pay rate template", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrate.Template], error) {
			id, err := templateID(ctx)
			if err != nil {
				return nil, err
			}
			t, err := s.Template(ctx, httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[payrate.Template]{Body: t}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/payratetemplate/{id}", Tags: tags,
		Summary: "Update a pay rate template", Description: tmplDoc + " Renaming a template employees use is a 409.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *templateBody) (*httpapi.BodyOf[payrate.Template], error) {
			id, err := templateID(ctx)
			if err != nil {
				return nil, err
			}
			t, err := s.SaveTemplate(ctx, httpapi.CurrentBusiness(ctx), id, in.Body)
			return &httpapi.BodyOf[payrate.Template]{Body: t}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/payratetemplate/{id}", Tags: tags,
		Summary: "Delete a pay rate template", Description: "A template employees use (payRateTemplate) answers 409.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := templateID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteTemplate(ctx, httpapi.CurrentBusiness(ctx), id)
		})

	etags := []string{"Employee Pay Rate"}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/payrate", Tags: etags,
		Summary: "List an employee's pay rates", Description: "The employee's rate in every pay category today: the pay rate schedule entry in force (else the employee's rate), the employee's pay rate template (the employee's rate replaces the template's primary rate when overrideTemplateRate is true), derived categories loaded by their rateLoadingPercent; rates convert between units through 52 weeks of hoursPerWeek. Supports OData.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]payrate.PayRate], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Rates(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, list)
			return &httpapi.BodyOf[[]payrate.PayRate]{Body: list}, err
		})

	stags := []string{"Employee Pay Rate Schedule"}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/payrateschedule", Tags: stags,
		Summary: "List an employee's pay rate changes", Description: "By commencement date. Supports OData.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]payrate.Schedule], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Schedules(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, list)
			return &httpapi.BodyOf[[]payrate.Schedule]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/payrateschedule", Tags: stags,
		Summary: "Schedule a pay rate change", Description: "The rate is the employee's base rate from commencementDate until the next change. Two changes on one day are a 409.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *scheduleBody) (*httpapi.BodyOf[payrate.Schedule], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			sc, err := s.SaveSchedule(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, 0, in.Body)
			return &httpapi.BodyOf[payrate.Schedule]{Body: sc}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/payrateschedule/{payRateScheduleId}", Tags: stags,
		Summary: "Get a pay rate change", Parameters: httpapi.PathParams("employeeId", "payRateScheduleId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[payrate.Schedule], error) {
			eid, id, err := pathIDs(ctx, "payRateScheduleId", "pay rate schedule")
			if err != nil {
				return nil, err
			}
			sc, err := s.GetSchedule(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
			return &httpapi.BodyOf[payrate.Schedule]{Body: sc}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/payrateschedule/{payRateScheduleId}", Tags: stags,
		Summary: "Update a pay rate change", Parameters: httpapi.PathParams("employeeId", "payRateScheduleId")},
		func(ctx context.Context, in *scheduleBody) (*httpapi.BodyOf[payrate.Schedule], error) {
			eid, id, err := pathIDs(ctx, "payRateScheduleId", "pay rate schedule")
			if err != nil {
				return nil, err
			}
			sc, err := s.SaveSchedule(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, in.Body)
			return &httpapi.BodyOf[payrate.Schedule]{Body: sc}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/payrateschedule/{payRateScheduleId}", Tags: stags,
		Summary: "Delete a pay rate change", Parameters: httpapi.PathParams("employeeId", "payRateScheduleId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := pathIDs(ctx, "payRateScheduleId", "pay rate schedule")
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteSchedule(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
		})
}
