package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/autoenrol"
	"github.com/payrolld/payrolld/internal/uk/yeartodate"
)

// registerUKEmployeePension serves E/pension (auto-enrolment state),
// E/pension/force and E/yeartodate (UK).
func registerUKEmployeePension(a *httpapi.API, ae *autoenrol.Service, ytd *yeartodate.Service) {
	tags := []string{"Pension"}
	type dayQuery struct {
		httpapi.BusinessPath
		Date string `query:"date" doc:"the day to assess on; default today"`
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/pension", Tags: tags,
		Summary: "Get the employee's auto-enrolment state",
		Description: "workerCategory is assessed on the day from the employee's age and the gross pay of their latest finalised pay run against that year's earnings trigger and " +
			"qualifying earnings band for the run's frequency: eligible jobholder (22 to State Pension age, above the trigger), non-eligible jobholder (16-74, above the lower limit), " +
			"entitled worker (16-74, at or below it). enrolmentStatus is what the employer recorded.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *dayQuery) (*httpapi.BodyOf[autoenrol.Pension], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			day, err := date("date", in.Date)
			if err != nil {
				return nil, err
			}
			out, err := ae.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, day)
			return &httpapi.BodyOf[autoenrol.Pension]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/pension", Tags: tags,
		Summary: "Record an auto-enrolment action",
		Description: "Enrolled; OptedIn (a non-eligible jobholder or entitled worker joining; 400 for an eligible jobholder); OptedOut (members only, else 409); " +
			"Postponed (not members: 409; postponementEndDate within three months); NotEnrolled. A version other than the current one is a 409.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    autoenrol.PensionInput
			RawBody []byte
		}) (*httpapi.BodyOf[autoenrol.Pension], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := ae.Update(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[autoenrol.Pension]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/pension/force", Tags: tags,
		Summary: "Force enrolment", Description: "Enrols the employee today whatever the assessment (isForced); a member already is a 409.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[autoenrol.Pension], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := ae.Force(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[autoenrol.Pension]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/yeartodate", Tags: []string{"Employee"},
		Summary:     "Get the employee's UK year-to-date",
		Description: "Sums over the finalised pay runs paid from 6 April of the tax year containing date (default today) up to that day.",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Date string `query:"date" doc:"a day of the tax year; default today"`
		}) (*httpapi.BodyOf[yeartodate.YearToDate], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			day, err := date("date", in.Date)
			if err != nil {
				return nil, err
			}
			out, err := ytd.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, day)
			return &httpapi.BodyOf[yeartodate.YearToDate]{Body: out}, err
		})
}
