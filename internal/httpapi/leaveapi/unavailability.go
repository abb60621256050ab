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

func invalidID() error {
	return payroll.Invalid("id", "id is required: it names the leave request to update")
}

func registerUnavailability(a *httpapi.API, s *leave.Service) {
	tags := []string{"Unavailability"}
	out := func(u leave.Unavailability, err error) (*httpapi.BodyOf[leave.Unavailability], error) {
		return &httpapi.BodyOf[leave.Unavailability]{Body: u}, err
	}
	uid := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "id", "unavailability") }
	httpapi.Register(a, httpapi.OnEmployees(business.ViewRosters), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/unavailability", Tags: tags,
		Summary: "List unavailability", Description: "Filters: fromDate, toDate (unavailability in the range; recurring ones until their end date), employeeId, defaultLocationId (the employee's primary location). At most 1000 match (409 beyond: narrow the filters)."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate          string `query:"fromDate"`
			ToDate            string `query:"toDate"`
			EmployeeID        int64  `query:"employeeId"`
			DefaultLocationID int64  `query:"defaultLocationId"`
		}) (*httpapi.BodyOf[[]leave.Unavailability], error) {
			uq := leave.UnavailabilityQuery{EmployeeID: in.EmployeeID, DefaultLocationID: in.DefaultLocationID}
			var err error
			if uq.From, err = date("fromDate", in.FromDate); err != nil {
				return nil, err
			}
			if uq.To, err = date("toDate", in.ToDate); err != nil {
				return nil, err
			}
			list, err := s.Unavailabilities(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), uq)
			return &httpapi.BodyOf[[]leave.Unavailability]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployees(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/unavailability", Tags: tags,
		Summary: "Create an unavailability"},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body leave.Unavailability
		}) (*httpapi.BodyOf[leave.Unavailability], error) {
			return out(s.CreateUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body))
		})
	httpapi.Register(a, httpapi.OnRecord(httpapi.Unavailability, "id", business.ViewRosters), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/unavailability/{id}", Tags: tags,
		Summary: "Get an unavailability", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[leave.Unavailability], error) {
			id, err := uid(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.GetUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id))
		})
	httpapi.Register(a, httpapi.OnRecord(httpapi.Unavailability, "id", business.ManageRosters), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/unavailability/{id}", Tags: tags,
		Summary: "Update an unavailability", Description: "Members the body omits keep their values.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    leave.Unavailability
			RawBody []byte
		}) (*httpapi.BodyOf[leave.Unavailability], error) {
			id, err := uid(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.UpdateUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, func(u *leave.Unavailability) error { return merge(u, in.RawBody) }))
		})
	httpapi.Register(a, httpapi.OnRecord(httpapi.Unavailability, "id", business.ManageRosters), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/unavailability/{id}", Tags: tags,
		Summary: "Delete an unavailability", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := uid(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
		})
}
