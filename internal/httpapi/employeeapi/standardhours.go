package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/standardhours"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

func registerStandardHours(a *httpapi.API, s *standardhours.Service) {
	tags := []string{"Employee Standard Hours"}
	principal := payroll.PrincipalFrom
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/standardhours", Tags: tags,
		Summary: "Get an employee's standard hours", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[standardhours.Hours], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			h, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[standardhours.Hours]{Body: h}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/standardhours", Tags: tags,
		Summary: "Set an employee's standard hours", Description: "Replaces the standard hours. standardHoursPerWeek and standardHoursPerDay are the employee's hoursPerWeek and hoursPerDay. With useAdvancedWorkWeek, standardWorkDays give a pattern over up to 4 weeks (dayOfWeek 0 = Sunday): start and end times with an optional break (StartTimeAndStopTime), hours (HourOnly), or Full/Half/Off/Rest days of standardHoursPerDay (WorkDayType); standardHoursPerWeek becomes the pattern's hours per week.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    standardhours.Hours
			RawBody []byte
		}) (*httpapi.BodyOf[standardhours.Hours], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			h, err := s.Put(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[standardhours.Hours]{Body: h}, err
		})
}
