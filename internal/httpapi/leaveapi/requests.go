package leaveapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
)

type requestBody struct {
	httpapi.BusinessPath
	Body    leave.RequestInput
	RawBody []byte
}

func requestIDs(ctx context.Context) (int64, int64, error) {
	emp, err := employeeID(ctx)
	if err != nil {
		return 0, 0, err
	}
	id, err := httpapi.PathID(ctx, "leaveRequestId", "leave request")
	return emp, id, err
}

func registerRequests(a *httpapi.API, s *leave.Service) {
	tags := []string{"Leave Requests"}
	out := func(r leave.Request, err error) (*httpapi.BodyOf[leave.Request], error) {
		return &httpapi.BodyOf[leave.Request]{Body: r}, err
	}
	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/leaverequest", Tags: tags,
		Summary:     "List leave requests of the business",
		Description: "Filters: status (Pending, Approved, Rejected, Cancelled), fromDate/toDate (requests overlapping the range; wholly inside it with restrictOverlappingLeave), leaveCategoryId, locationId, employeeId, groupBy (Employee, LeaveType). Also OData $filter, $orderby, $top (at most 100), $skip. A restricted user sees the requests of their employees."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
			Status                   string `query:"status" doc:"Pending, Approved, Rejected or Cancelled"`
			FromDate                 string `query:"fromDate"`
			ToDate                   string `query:"toDate"`
			LeaveCategoryID          int64  `query:"leaveCategoryId"`
			LocationID               int64  `query:"locationId"`
			EmployeeID               int64  `query:"employeeId"`
			GroupBy                  string `query:"groupBy" doc:"Employee or LeaveType"`
			RestrictOverlappingLeave bool   `query:"restrictOverlappingLeave"`
		}) (*httpapi.BodyOf[[]leave.Request], error) {
			q, err := httpapi.ParseOData(&in.ODataQuery)
			if err != nil {
				return nil, err
			}
			lq := leave.ListQuery{OData: q, Status: in.Status, LeaveCategoryID: in.LeaveCategoryID, LocationID: in.LocationID, EmployeeID: in.EmployeeID,
				GroupBy: in.GroupBy, RestrictOverlappingLeave: in.RestrictOverlappingLeave}
			if lq.From, err = date("fromDate", in.FromDate); err != nil {
				return nil, err
			}
			if lq.To, err = date("toDate", in.ToDate); err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), lq)
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			return &httpapi.BodyOf[[]leave.Request]{Body: list}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest", Tags: tags,
		Summary: "List an employee's leave requests", Description: "Newest first. Supports OData $filter, $orderby, $top, $skip.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
		}) (*httpapi.BodyOf[[]leave.Request], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			q, err := httpapi.ParseOData(&in.ODataQuery)
			if err != nil {
				return nil, err
			}
			if len(q.OrderBy) == 0 && q.Filter == nil && q.Skip == 0 {
				// The plain list keeps its newest-first order.
				list, err := s.EmployeeRequests(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
				if err == nil && len(list) > q.Top {
					list = list[:q.Top]
				}
				return &httpapi.BodyOf[[]leave.Request]{Body: list}, err
			}
			if _, err := s.Employees.Visible(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id); err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), leave.ListQuery{OData: q, EmployeeID: id})
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			return &httpapi.BodyOf[[]leave.Request]{Body: list}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest", Tags: tags,
		Summary: "Create a leave request", Description: "Hours omitted are estimated from the employee's standard hours, skipping weekends and public holidays. automaticallyApprove approves it at once. A category that prevents negative balances refuses more hours than the balance left.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *requestBody) (*httpapi.BodyOf[leave.Request], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.CreateRequest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, in.Body))
		})
	update := func(ctx context.Context, emp, id int64, raw []byte) (*httpapi.BodyOf[leave.Request], error) {
		return out(s.UpdateRequest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id, func(r *leave.RequestInput) error { return merge(r, raw) }))
	}
	httpapi.Register(a, httpapi.OnEmployee(business.CreateLeaveRequests), partial(huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest", Tags: tags,
		Summary: "Update the leave request the body's id names", Description: "As PUT .../leaverequest/{leaveRequestId} with the id in the body.", Parameters: httpapi.PathParams("employeeId")}, map[string]any{"id": 1, "notes": "Family visit, back on the 24th"}),
		func(ctx context.Context, in *requestBody) (*httpapi.BodyOf[leave.Request], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if in.Body.ID <= 0 {
				return nil, invalidID()
			}
			return update(ctx, emp, in.Body.ID, in.RawBody)
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}", Tags: tags,
		Summary: "Get a leave request", Parameters: httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[leave.Request], error) {
			emp, id, err := requestIDs(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.GetRequest(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateLeaveRequests), partial(huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}", Tags: tags,
		Summary: "Update a leave request", Description: "Only a pending request can change (409 otherwise). Members the body omits keep their values; new dates without hours are estimated again.",
		Parameters: httpapi.PathParams("employeeId", "leaveRequestId")}, nil),
		func(ctx context.Context, in *requestBody) (*httpapi.BodyOf[leave.Request], error) {
			emp, id, err := requestIDs(ctx)
			if err != nil {
				return nil, err
			}
			return update(ctx, emp, id, in.RawBody)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateLeaveRequests), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}", Tags: tags,
		Summary: "Cancel a leave request", Description: "A pending or approved request no pay run has paid becomes Cancelled; the request is returned.",
		Parameters: httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[leave.Request], error) {
			emp, id, err := requestIDs(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.Cancel(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}/approve", Tags: tags,
		Summary: "Approve a leave request", Description: "Only a pending request can be approved; of two managers deciding at once, the second gets 409.",
		Parameters: httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[leave.Request], error) {
			emp, id, err := requestIDs(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.Approve(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest/{leaveRequestId}/decline", Tags: tags,
		Summary: "Decline a leave request", Description: "Only a pending request can be declined; the reason is kept.",
		Parameters: httpapi.PathParams("employeeId", "leaveRequestId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body struct {
				Reason string `json:"reason" maxLength:"1000"`
			}
		}) (*httpapi.BodyOf[leave.Request], error) {
			emp, id, err := requestIDs(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.Decline(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id, in.Body.Reason))
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/leaverequest/estimate", Tags: tags,
		Summary: "Estimate the hours of a leave request", Description: "From the employee's standard hours (hoursPerDay, else hoursPerWeek / 5), Monday to Friday, less public holidays of the business that apply to the employee's state.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
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
}

// partial marks a PUT that merges its body onto the stored request.
func partial(op huma.Operation, example map[string]any) huma.Operation {
	httpapi.PartialBody(&op)
	if example != nil {
		httpapi.WithExample(&op, example)
	}
	return op
}
