// Package managerapi serves the manager operations of the mobile apps and
// integrations (B/manager/...): the business operations of the leave,
// timesheet, roster and expense areas under manager paths and in manager
// shapes. The manager is any user with access to the business: a user
// restricted to employee groups / locations manages exactly the employees
// in that scope, an unrestricted user everyone. Every employee-addressed
// operation answers 404 for an employee outside the caller's scope; every
// list applies the scope in the query of the service it calls.
package managerapi

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/employee/document"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/roster"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// Deps are the services the manager operations reuse.
type Deps struct {
	Employees  *employee.Service
	Leave      *leave.Service
	Timesheets *timesheet.Service
	Roster     *roster.Service
	Expenses   *expense.Service
	Locations  *locations.LocationCollections
	Categories *categories.CoreCollections // work types, expense categories, reporting dimensions
	Kiosks     *kiosk.Service              // attendance (clocked on, on break) of rostered employees
	Documents  *document.Service           // leave request attachments
	PayRates   *payrate.Service            // roster shift costs
}

// Register serves the manager operations. Pass it in httpapi.Deps.Areas.
func Register(d Deps) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerLookups(a, d)
		registerLeave(a, d)
		registerTimesheets(a, d)
		registerExpenses(a, d)
		registerRoster(a, d)
		registerDashboard(a, d)
		registerSecurity(a, d)
	}
}

var tags = []string{"Manager"}

func principal(ctx context.Context) *payroll.Principal { return payroll.PrincipalFrom(ctx) }

func employeeID(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "employeeId", "employee")
}

// dt is a time on the wire; zero is null.
func dt(t time.Time) payroll.DateTime {
	if t.IsZero() {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(t)
}

// reasonOf is a decline body's reason ("" without a body).
func reasonOf(b *DeclineReason) string {
	if b == nil {
		return ""
	}
	return b.Reason
}

// decision serves the approve or decline of one request of the employee
// the path names (leave, expenses): ids reads the path, act decides
// (reason "" when approving), shape answers the decided request.
func decision[T, O any](ids func(context.Context) (int64, int64, error), act func(ctx context.Context, emp, id int64, reason string) (T, error),
	shape func(context.Context, T, error) (*O, error)) func(ctx context.Context, reason string) (*O, error) {
	return func(ctx context.Context, reason string) (*O, error) {
		emp, id, err := ids(ctx)
		if err != nil {
			return nil, err
		}
		r, err := act(ctx, emp, id, reason)
		return shape(ctx, r, err)
	}
}
