package managerapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// EmployeeItemCount is one employee's count.
type EmployeeItemCount struct {
	EmployeeID int64 `json:"employeeId"`
	ItemCount  int   `json:"itemCount"`
}

// ItemCount is a count with its split by employee (ManagerItemCountModel).
type ItemCount struct {
	ItemCount             int                 `json:"itemCount"`
	ItemCountByEmployeeID []EmployeeItemCount `json:"itemCountByEmployeeId"`
}

func itemCount(cs []employee.Count) ItemCount {
	out := ItemCount{ItemCountByEmployeeID: make([]EmployeeItemCount, 0, len(cs))}
	for _, c := range cs {
		out.ItemCount += c.N
		out.ItemCountByEmployeeID = append(out.ItemCountByEmployeeID, EmployeeItemCount{EmployeeID: c.EmployeeID, ItemCount: c.N})
	}
	return out
}

// ManagerDashboard is what awaits the manager (ManagerDashboardModel) and the
// shifts of the day.
type ManagerDashboard struct {
	PendingLeaveRequests   ItemCount `json:"pendingLeaveRequests"`
	SubmittedTimesheets    ItemCount `json:"submittedTimesheets"`
	PendingExpenseRequests ItemCount `json:"pendingExpenseRequests"`
	ShiftsToday            ItemCount `json:"shiftsToday" doc:"assigned roster shifts overlapping today (UTC day; not a member of the reference model)"`
}

func registerDashboard(a *httpapi.API, d Deps) {
	httpapi.Register(a, httpapi.OnEmployees(business.ApproveTimesheets, business.CreateTimesheets, business.ViewLeaveRequests, business.CreateLeaveRequests, business.ViewRosters, business.ViewExpenses, business.CreateExpenses), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/dashboard", Tags: tags,
		Summary: "The manager dashboard",
		Description: "For the employees the caller manages (counted in the database with the scope in the same query), in total and by employee: " +
			"pending leave requests, Submitted timesheet lines, pending expense requests and the assigned roster shifts overlapping today. For a " +
			"restricted user each count covers the employees whose grants hold that family's view permission (ViewLeaveRequests, a timesheet " +
			"permission, ViewExpenses, ViewRosters or a stronger one); a family they may not see counts nothing."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ManagerDashboard], error) {
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			var out ManagerDashboard
			// Each count under its family's view permission: a restricted
			// user's scope narrowed to the grants holding it; none, nothing.
			family := func(perms []string) (context.Context, bool) {
				acc, ok := httpapi.GrantedAccess(ctx)
				if !ok || !acc.Restricted() {
					return ctx, true
				}
				n, ok := acc.Permitted(perms...)
				return business.WithAccess(ctx, n), ok
			}
			var cs []employee.Count
			var err error
			if fctx, ok := family(httpapi.ViewLeave); ok {
				if cs, err = d.Leave.PendingByEmployee(fctx, biz, p); err != nil {
					return nil, err
				}
			}
			out.PendingLeaveRequests = itemCount(cs)
			cs = nil
			if fctx, ok := family(httpapi.ViewTimesheets); ok {
				if cs, err = d.Timesheets.SubmittedByEmployee(fctx, biz, p); err != nil {
					return nil, err
				}
			}
			out.SubmittedTimesheets = itemCount(cs)
			cs = nil
			if fctx, ok := family(httpapi.ViewExpenses); ok {
				if cs, err = d.Expenses.PendingByEmployee(fctx, biz, p); err != nil {
					return nil, err
				}
			}
			out.PendingExpenseRequests = itemCount(cs)
			cs = nil
			n := payroll.NewDateTime(a.Clock.Now().UTC()).Time
			today := payroll.DateOnly(n)
			if fctx, ok := family(httpapi.ViewRosters); ok {
				if cs, err = d.Roster.ShiftsByEmployee(fctx, biz, p, today, today.AddDate(0, 0, 1)); err != nil {
					return nil, err
				}
			}
			out.ShiftsToday = itemCount(cs)
			return &httpapi.BodyOf[ManagerDashboard]{Body: out}, nil
		})
}
