package essleave

import (
	"context"
	"net/http"
	"sort"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
)

// registerRequests serves the employee's leave requests (list, create,
// cancel), balances and unavailability. essapi.Register calls it.
func registerRequests(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Leave"}
	s := d.Leave
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave", Tags: tags,
		Summary: "List the employee's leave requests (self-service)", Description: "The employee's requests, newest first (by fromDate); " +
			"filter.fromDate / filter.toDate keep the requests overlapping that range (400 when toDate is before fromDate), filter.approvedOnly " +
			"the approved ones. filter.showOtherEmployees adds the approved leave of the employee's colleagues when the business lets " +
			"employees view all approved leave (allowEmployeesToViewAllApprovedLeave; ignored otherwise): colleagues are the employees " +
			"sharing one of the employee's locations, or everyone in the business when the employee has no location; a business user " +
			"acting for the employee sees only colleagues in their own scope. Colleagues' requests carry employeeId and employeeName " +
			"(members beyond the published model) and never their notes, decline reason or attachment, and cannot be cancelled or modified. " +
			"Amounts are in hours."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			ShowOtherEmployees bool   `query:"showOtherEmployees" doc:"also filter.showOtherEmployees"`
			ApprovedOnly       bool   `query:"approvedOnly" doc:"also filter.approvedOnly"`
			FromDate           string `query:"fromDate" doc:"also filter.fromDate"`
			ToDate             string `query:"toDate" doc:"also filter.toDate"`
		}) (*httpapi.BodyOf[[]EssLeaveRequest], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			if !from.IsZero() && !to.IsZero() && to.Before(from) {
				return nil, payroll.Invalid("toDate", "toDate must not be before fromDate")
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			list, err := s.EmployeeRequests(ctx, biz, p, id)
			if err != nil {
				return nil, err
			}
			own := []leave.Request{}
			for _, r := range list {
				if in.ApprovedOnly && r.Status != leave.StatusApproved {
					continue
				}
				if !from.IsZero() && r.ToDate.Time.Before(from) || !to.IsZero() && r.FromDate.Time.After(to) {
					continue
				}
				own = append(own, r)
			}
			var others []leave.Request
			if in.ShowOtherEmployees {
				f, err := d.ESS.Features(ctx, biz)
				if err != nil {
					return nil, err
				}
				if f.AllowEmployeesToViewAllApprovedLeave {
					if others, err = s.ColleagueLeave(ctx, biz, p, id, from, to, !httpapi.SelfEmployee(ctx)); err != nil {
						return nil, err
					}
				}
			}
			details, err := s.Details(ctx, biz, append(own, others...))
			if err != nil {
				return nil, err
			}
			out := make([]EssLeaveRequest, 0, len(details))
			for i, x := range details {
				if i < len(own) {
					out = append(out, Request(id, x))
				} else {
					out = append(out, colleagueLeave(x))
				}
			}
			sort.SliceStable(out, func(i, j int) bool {
				a, b := out[i].FromDate.Time, out[j].FromDate.Time
				return a.After(b) || a.Equal(b) && out[i].ID > out[j].ID
			})
			return &httpapi.BodyOf[[]EssLeaveRequest]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateLeaveRequests), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/leave", Tags: tags,
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
	httpapi.Register(a, httpapi.SelfService(business.CreateLeaveRequests), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/leave/{leaveRequestId}", Tags: tags,
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
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave/balances", Tags: tags,
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
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewLeave...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/leave/estimate", Tags: tags,
		Summary: "Estimate the hours of a leave request (self-service)", Description: "leaveRequired: the hours the request would take, " +
			"from the employee's standard hours per day (else per week over five days), Monday to Friday, less the public holidays of the " +
			"employee's state, with a line per day in details; units are hours too (balances are kept in hours). With filter.leaveCategoryId " +
			"(400 naming it when the business has no such category): leaveBalance is the balance today, approvedLeave the hours of the " +
			"employee's approved requests in the category not yet paid by a pay run, availableBalance the balance less them; all three are " +
			"null without a category or for a category whose balance is not tracked. Balances are not projected to the start date: accruals " +
			"of pay runs to come are not counted (the leave ledger records only what pay runs have posted). 400 naming toDate when it is " +
			"before fromDate or more than a year after it."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			LeaveCategoryID int64  `query:"leaveCategoryId" doc:"also filter.leaveCategoryId"`
			FromDate        string `query:"fromDate" required:"true" doc:"also filter.fromDate"`
			ToDate          string `query:"toDate" required:"true" doc:"also filter.toDate"`
		}) (*httpapi.BodyOf[EssLeaveEstimate], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			e, err := s.EstimateHours(ctx, biz, p, id, in.LeaveCategoryID, from, to)
			if err != nil {
				return nil, err
			}
			hours := e.Hours
			out := EssLeaveEstimate{LeaveRequired: EssLeaveRequired{Hours: &hours, Units: &hours, EmployeeID: e.EmployeeID, Details: e.Details}}
			if in.LeaveCategoryID == 0 {
				return &httpapi.BodyOf[EssLeaveEstimate]{Body: out}, nil
			}
			cat, err := s.Categories.Get(ctx, biz, 0, in.LeaveCategoryID)
			if err != nil || cat.IsBalanceUntracked {
				return &httpapi.BodyOf[EssLeaveEstimate]{Body: out}, err
			}
			bal, err := s.Balances(ctx, biz, p, id, time.Time{})
			if err != nil {
				return nil, err
			}
			balance := payroll.RateFromInt(0)
			for _, b := range bal {
				if b.LeaveCategoryID == cat.ID {
					balance = b.AccruedAmount
				}
			}
			reqs, err := s.EmployeeRequests(ctx, biz, p, id)
			if err != nil {
				return nil, err
			}
			approved := payroll.RateFromInt(0)
			for _, r := range reqs {
				if r.Status == leave.StatusApproved && r.LeaveCategoryID == cat.ID && r.TotalHours.Cmp(r.HoursApplied) > 0 {
					approved = approved.Add(r.TotalHours.Sub(r.HoursApplied))
				}
			}
			available := balance.Sub(approved)
			out.LeaveBalance, out.ApprovedLeave, out.AvailableBalance = &balance, &approved, &available
			return &httpapi.BodyOf[EssLeaveEstimate]{Body: out}, nil
		})
	tags = []string{"Employee Self Service Unavailability"}
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/unavailability", Tags: tags,
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
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/unavailability/{unavailabilityId}", Tags: tags,
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

// EssLeaveEstimate is EssLeaveEstimate: the hours a request would take
// and the category's balances, in hours.
type EssLeaveEstimate struct {
	LeaveBalance     *payroll.Rate    `json:"leaveBalance" nullable:"true" doc:"the balance today; null without a tracked category"`
	ApprovedLeave    *payroll.Rate    `json:"approvedLeave" nullable:"true" doc:"approved leave of the category not yet paid"`
	AvailableBalance *payroll.Rate    `json:"availableBalance" nullable:"true" doc:"leaveBalance less approvedLeave"`
	LeaveRequired    EssLeaveRequired `json:"leaveRequired"`
}

// EssLeaveRequired is UnitAndHourLeaveEstimateModel.
type EssLeaveRequired struct {
	Hours      *payroll.Rate `json:"hours" nullable:"true"`
	Units      *payroll.Rate `json:"units" nullable:"true" doc:"in hours: balances are kept in hours"`
	EmployeeID int64         `json:"employeeId"`
	Details    []string      `json:"details" doc:"a line per day of the range"`
}
