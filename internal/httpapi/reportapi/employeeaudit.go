package reportapi

import (
	"context"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/report/employeereport"
)

func registerEmployeeAudit(a *httpapi.API, s *employeereport.Service) {
	httpapi.Register(a, httpapi.OnReport("EmployeeDetailsAuditReport"), get("/api/v2/business/{businessId}/report/employeeaudit", "Employee audit report",
		"Every change made to an employee's details, oldest first: one row per member changed (section, field, old and new value as text; tax file, "+
			"NI, IRD, NRIC and bank account numbers masked to their last three characters), when (UTC and the region's local time), by whom "+
			"(userName) and through which channel (Api, or EmployeeSelfService for the employee's own self-service user). Creating an employee is "+
			"one row (field employee, new value Created). Records under the employee (bank accounts, pay rate changes, recurring deductions, "+
			"liabilities, expenses, tax and super adjustments, additional earnings, standard hours, opening balances, leave allowances) are audited "+
			"in their section with field kind[id].member (e.g. bankAccount[12].accountNumber): a created record lists the members it has (old value "+
			"empty), a deleted one the members it had (new value empty). fromDate and toDate select the day of the change; employeeId, payScheduleId, locationId and "+
			"employingEntityId the employees; section one EmployeeAuditSection. A restricted user sees only their employees."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			EmployeeID               int64  `query:"employeeId"`
			Section                  string `query:"section"`
			PayScheduleID            int64  `query:"payScheduleId"`
			IncludePostTaxDeductions bool   `query:"includePostTaxDeductions" doc:"accepted; recurring deductions are not in the trail yet"`
			FromDate                 string `query:"fromDate"`
			ToDate                   string `query:"toDate"`
			LocationID               int64  `query:"locationId"`
			EmployingEntityID        int64  `query:"employingEntityId"`
		}) (*httpapi.BodyOf[[]employeereport.EmployeeAudit], error) {
			aq := employeereport.EmployeeAuditQuery{Filter: report.Filter{EmployeeID: in.EmployeeID, PayScheduleID: in.PayScheduleID, LocationID: in.LocationID,
				EmployingEntityID: in.EmployingEntityID}}
			if in.Section != "" {
				var ok bool
				if aq.Section, ok = record.Canonical(employeereport.AuditSections, in.Section); !ok {
					return nil, payroll.Invalid("section", "section %q is not an EmployeeAuditSection", in.Section)
				}
			}
			var err error
			if aq.From, err = date("fromDate", in.FromDate); err != nil {
				return nil, err
			}
			if aq.To, err = date("toDate", in.ToDate); err != nil {
				return nil, err
			}
			return list(s.EmployeeAudit(ctx, biz(ctx), principal(ctx), aq))
		})
}
