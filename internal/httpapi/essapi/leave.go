package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
)

func registerLeave(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Leave"}
	s := d.Leave
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave", Tags: tags,
		Summary: "List the employee's leave requests (self-service)", Description: "Newest first; fromDate / toDate keep the requests overlapping that range, approvedOnly the approved ones."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			ApprovedOnly bool   `query:"approvedOnly"`
			FromDate     string `query:"fromDate"`
			ToDate       string `query:"toDate"`
		}) (*httpapi.BodyOf[[]leave.Request], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			list, err := s.EmployeeRequests(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			if err != nil {
				return nil, err
			}
			out := []leave.Request{}
			for _, r := range list {
				if in.ApprovedOnly && r.Status != "Approved" {
					continue
				}
				if !from.IsZero() && r.ToDate.Time.Before(from) || !to.IsZero() && r.FromDate.Time.After(to) {
					continue
				}
				out = append(out, r)
			}
			return &httpapi.BodyOf[[]leave.Request]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/leave", Tags: tags,
		Summary: "Apply for leave (self-service)", Description: "As a business leave request, always Pending: an employee cannot approve their own leave. The employee needs allowEmployeeLeaveSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body    leave.RequestInput
			RawBody []byte
		}) (*httpapi.BodyOf[leave.Request], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditLeave); err != nil {
				return nil, err
			}
			body := in.Body
			if httpapi.SelfEmployee(ctx) {
				body.AutomaticallyApprove = false
			}
			r, err := s.CreateRequest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, body)
			return &httpapi.BodyOf[leave.Request]{Body: r}, err
		})
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/leave/{leaveRequestId}", Tags: tags,
		Summary: "Cancel a leave request (self-service)", Description: "Cancels the request (409 once a pay run has paid it). The employee needs allowEmployeeLeaveSelfService.",
		Parameters: httpapi.PathParams("leaveRequestId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*struct{}, error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			rid, err := httpapi.PathID(ctx, "leaveRequestId", "leave request")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditLeave); err != nil {
				return nil, err
			}
			_, err = s.Cancel(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, rid)
			return nil, err
		})
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave/balances", Tags: tags,
		Summary: "The employee's leave balances (self-service)", Description: "As at asAtDate (default today)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
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
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave/estimate", Tags: tags,
		Summary: "Estimate the hours of a leave request (self-service)", Description: "From the employee's standard hours, Monday to Friday, less public holidays."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			LeaveCategoryID int64  `query:"leaveCategoryId"`
			FromDate        string `query:"fromDate" required:"true"`
			ToDate          string `query:"toDate" required:"true"`
		}) (*httpapi.BodyOf[leave.Estimate], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			e, err := s.EstimateHours(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, in.LeaveCategoryID, from, to)
			return &httpapi.BodyOf[leave.Estimate]{Body: e}, err
		})
	tags = []string{"Employee Self Service Unavailability"}
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/unavailability", Tags: tags,
		Summary: "Add an unavailability (self-service)", Description: "For the path's employee only. The employee needs allowEmployeeToSetUnavailability (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body leave.Unavailability
		}) (*httpapi.BodyOf[leave.Unavailability], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditUnavailability); err != nil {
				return nil, err
			}
			u := in.Body
			u.EmployeeID = id
			r, err := s.CreateUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), u)
			return &httpapi.BodyOf[leave.Unavailability]{Body: r}, err
		})
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/unavailability/{unavailabilityId}", Tags: tags,
		Summary: "Delete an unavailability (self-service)", Description: "Only one of the path's employee (404 otherwise).", Parameters: httpapi.PathParams("unavailabilityId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*struct{}, error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			uid, err := httpapi.PathID(ctx, "unavailabilityId", "unavailability")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditUnavailability); err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			u, err := s.GetUnavailability(ctx, biz, principal(ctx), uid)
			if err != nil {
				return nil, err
			}
			if u.EmployeeID != id { // a business user acting for one employee touches only theirs
				return nil, payroll.NotFound("unavailability")
			}
			return nil, s.DeleteUnavailability(ctx, biz, principal(ctx), uid)
		})
}
