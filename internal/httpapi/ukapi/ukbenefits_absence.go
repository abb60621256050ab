package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/occupationalabsence"
)

func registerOccupationalAbsence(a *httpapi.API, s *occupationalabsence.Service) {
	tags := []string{"Occupational Absence"}
	type body struct {
		httpapi.BusinessPath
		Body    occupationalabsence.OccupationalAbsenceInput
		RawBody []byte
	}
	const rules = " Periods of one employee must not overlap (409). UK pay runs apply them: the employee's standard earnings are reduced for the working days" +
		" (their standard work days, Monday to Friday without an advanced work week) of the period they are absent, and the scheme pays its" +
		" percentage of the normal pay of those days less the statutory pay of the matching kind (SSP for Sickness, SMP for Maternity, ...)" +
		" for the same days (SSP by the qualifying days it pays, the others by calendar day), never below zero: an earnings line \"Occupational <type> pay\"."
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/occupationalabsence", Tags: tags,
		Summary: "List the employee's occupational absence", Description: "The periods of the employer's own sick, maternity ... pay scheme, earliest first.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]occupationalabsence.OccupationalAbsence], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]occupationalabsence.OccupationalAbsence]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/occupationalabsence", Tags: tags,
		Summary:     "Add an occupational absence period",
		Description: "absenceType, fromDate, toDate (or weeks: that many whole weeks from fromDate) and the payPercentage of normal pay the employer's scheme pays." + rules,
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[occupationalabsence.OccupationalAbsence], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, 0, in.Body)
			return &httpapi.BodyOf[occupationalabsence.OccupationalAbsence]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/occupationalabsence/{id}", Tags: tags,
		Summary: "Replace an occupational absence period", Description: "As POST; a version other than the current one is a 409." + rules,
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[occupationalabsence.OccupationalAbsence], error) {
			eid, id, err := ids(ctx, "id", "occupational absence")
			if err != nil {
				return nil, err
			}
			out, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, in.Body)
			return &httpapi.BodyOf[occupationalabsence.OccupationalAbsence]{Body: out}, err
		})
}
