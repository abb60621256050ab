package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/notes"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

func registerNotes(a *httpapi.API, s *notes.Service) {
	tags := []string{"Employee Notes"}
	httpapi.Register(a, httpapi.OnEmployee(business.EmployeeNotes), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/notes", Tags: tags,
		Summary: "List an employee's notes", Description: "Newest first; $top (at most 100, default 100) and $skip page in SQL.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]notes.Note], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			q, err := httpapi.ParseOData(&in.ODataQuery)
			if err != nil {
				return nil, err
			}
			if q.Filter != nil || len(q.OrderBy) > 0 {
				return nil, payroll.Invalid("$filter", "notes are listed newest first; only $top and $skip apply")
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, q.Top, q.Skip)
			return &httpapi.BodyOf[[]notes.Note]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EmployeeNotes), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/notes", Tags: tags,
		Summary: "Add a note to an employee", Description: "The note is signed with the caller's user name and the time.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    notes.New
			RawBody []byte
		}) (*httpapi.BodyOf[notes.Note], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			n, err := s.Add(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, in.Body)
			return &httpapi.BodyOf[notes.Note]{Body: n}, err
		})
}
