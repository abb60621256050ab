package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// registerAccountingSync serves the requests to sync an employee to an
// accounting system.
func registerAccountingSync(a *httpapi.API, s *employee.Service) {
	tags := []string{"Employee"}
	const desc = " This server holds no connection to any accounting system, so nothing is sent: the request is recorded (who, when, the employee, the system) " +
		"with status NotConfigured and sent false, the message says why, and it shows in the employee's audit trail (B/report/employeeaudit, " +
		"section EmployeeDetails, accountingSync[id].target and .status). Another tenant's employee, or one outside a restricted user's scope, answers 404."
	sync := func(target string) func(context.Context, *httpapi.BusinessPath) (*httpapi.BodyOf[employee.AccountingSync], error) {
		return func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[employee.AccountingSync], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			res, err := s.SyncToAccounting(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, target)
			return &httpapi.BodyOf[employee.AccountingSync]{Body: res}, err
		}
	}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/synctoaccounting/xero", Tags: tags,
		Summary: "Sync an employee to Xero", Description: "Asks for the employee to be synced to Xero." + desc, Parameters: httpapi.PathParams("employeeId")},
		sync(employee.AccountingXero))
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/synctoqbo", Tags: tags,
		Summary: "Sync an employee to QuickBooks Online", Description: "Asks for the employee to be synced to QuickBooks Online." + desc, Parameters: httpapi.PathParams("employeeId")},
		sync(employee.AccountingQuickBooks))
}
