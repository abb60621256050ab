package essapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Dashboard is the part of AuDashboardModel this service can fill: the
// features, today's leave balances, the leave requests awaiting a
// decision and the upcoming approved ones, and who the employee is.
// Members about rosters, pay slips, expenses and surveys are left out
// rather than sent empty, until those areas exist.
type Dashboard struct {
	Features          ess.Features     `json:"features"`
	LeaveBalances     []leave.Balance  `json:"leaveBalances"`
	PendingLeaveCount int              `json:"pendingLeaveCount"`
	PendingLeave      []leave.Request  `json:"pendingLeave" doc:"the employee's leave requests awaiting a decision (not a member of the reference model)"`
	UpcomingLeave     []leave.Request  `json:"upcomingLeave" doc:"approved leave ending today or later (not a member of the reference model)"`
	Region            string           `json:"region"`
	IsTerminated      bool             `json:"isTerminated"`
	StartDate         payroll.DateTime `json:"startDate" nullable:"true"`
}

func registerDashboard(a *httpapi.API, d Deps) {
	httpapi.Register(a, httpapi.EmployeeSelf, huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/dashboard", Tags: []string{"Employee Self Service"},
		Summary: "The employee's dashboard (self-service)", Description: "Features, today's leave balances, pending and upcoming leave."},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[Dashboard], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			e, err := d.Employees.Get(ctx, biz, p, id)
			if err != nil {
				return nil, err
			}
			f, err := d.ESS.Features(ctx, biz)
			if err != nil {
				return nil, err
			}
			bal, err := d.Leave.Balances(ctx, biz, p, id, time.Time{})
			if err != nil {
				return nil, err
			}
			reqs, err := d.Leave.EmployeeRequests(ctx, biz, p, id)
			if err != nil {
				return nil, err
			}
			today := d.Leave.Clock.Now()
			today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
			out := Dashboard{Features: f, LeaveBalances: bal, PendingLeave: []leave.Request{}, UpcomingLeave: []leave.Request{}, Region: biz.Region,
				IsTerminated: e.Status == "Terminated", StartDate: e.Members.StartDate}
			for _, r := range reqs {
				switch {
				case r.Status == "Pending":
					out.PendingLeave = append(out.PendingLeave, r)
				case r.Status == "Approved" && !r.ToDate.Time.Before(today):
					out.UpcomingLeave = append(out.UpcomingLeave, r)
				}
			}
			out.PendingLeaveCount = len(out.PendingLeave)
			return &httpapi.BodyOf[Dashboard]{Body: out}, nil
		})
}
