// Package essleave serves the employee self-service leave operations
// (/api/v2/ess/{employeeId}/leave..., .../unavailability): leave requests,
// balances, categories, attachments and unavailability. essapi.Register
// calls Register; the dashboard and the timesheet data of essapi reuse
// its shapes (EssLeaveRequest,
// EssLeaveCategory).
package essleave

import (
	"context"

	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Deps are the services the leave operations are the door onto.
type Deps struct {
	ESS   *ess.Service
	Leave *leave.Service
}

// The request helpers, as essapi names them.
var (
	principal = payroll.PrincipalFrom
	date      = httpapi.QueryDate
	merge     = httpapi.MergeJSON
)

func employeeID(ctx context.Context) (int64, error) { return httpapi.EmployeePathID(ctx) }

// allow is the portal-settings gate for the employee themself.
func allow(ctx context.Context, d Deps, act ess.Action) error {
	return d.ESS.Allow(ctx, httpapi.CurrentBusiness(ctx), httpapi.SelfEmployee(ctx), act)
}

// Register serves the self-service leave operations (requests and their
// details); essapi.Register calls it.
func Register(a *httpapi.API, d Deps) {
	registerRequests(a, d)
	registerDetails(a, d)
}
