package reportapi

import (
	"context"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
)

var journalViews = []string{"NotSet", "Summary", "Details", "Both", "Excel"}

func registerRunOutputReports(a *httpapi.API, s *report.Service) {
	httpapi.Register(a, httpapi.OnReport("PayRunInclusionsReport"), get("/api/v2/business/{businessId}/report/payruninclusions", "Pay run inclusions report",
		"The employees' recurring pay run inclusions (deductions, employer liabilities, additional earnings, expenses): status All (default), Active (in force today: started, not expired, maximum not reached) or Expired; fromDate/toDate: in force on some day of the range; employeeId, locationId, employingEntityId. A restricted user sees only their employees."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate          string `query:"fromDate"`
			ToDate            string `query:"toDate"`
			Status            string `query:"status" doc:"All, Active or Expired"`
			EmployeeID        int64  `query:"employeeId"`
			LocationID        int64  `query:"locationId"`
			EmployingEntityID int64  `query:"employingEntityId"`
		}) (*httpapi.BodyOf[[]report.Inclusion], error) {
			f := report.Filter{EmployeeID: in.EmployeeID, LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID}
			var err error
			if f.From, err = date("fromDate", in.FromDate); err != nil {
				return nil, err
			}
			if f.To, err = date("toDate", in.ToDate); err != nil {
				return nil, err
			}
			return list(s.PayRunInclusions(ctx, biz(ctx), principal(ctx), report.InclusionsQuery{Filter: f, Status: in.Status}))
		})
	httpapi.Register(a, httpapi.OnReport("PaySlipReport"), get("/api/v2/business/{businessId}/report/payslip", "Payslips of a finalised pay run",
		"The payslips (the shape of P/payslips) of finalised pay run payRunId, of the employees employeeId / locationId / employingEntityId select that the user may see, ordered by employee id. A draft run answers 409; payRunId is required (also as model.payRunId)."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			PayRunID               int64 `query:"payRunId"`
			EmployeeID             int64 `query:"employeeId"`
			LocationID             int64 `query:"locationId"`
			EmployingEntityID      int64 `query:"employingEntityId"`
			ModelPayRunID          int64 `query:"model.payRunId" doc:"the reference's spelling of payRunId"`
			ModelEmployeeID        int64 `query:"model.employeeId"`
			ModelLocationID        int64 `query:"model.locationId"`
			ModelEmployingEntityID int64 `query:"model.employingEntityId"`
		}) (*httpapi.BodyOf[[]payrun.PaySlip], error) {
			or := func(a, b int64) int64 {
				if a != 0 {
					return a
				}
				return b
			}
			f := report.Filter{PayRunID: or(in.PayRunID, in.ModelPayRunID), EmployeeID: or(in.EmployeeID, in.ModelEmployeeID),
				LocationID: or(in.LocationID, in.ModelLocationID), EmployingEntityID: or(in.EmployingEntityID, in.ModelEmployingEntityID)}
			return list(s.PaySlips(ctx, biz(ctx), principal(ctx), f))
		})
	httpapi.Register(a, httpapi.OnReport("JournalReport"), get("/api/v2/business/{businessId}/report/journal", "Journal of a finalised pay run",
		"The journal lines of finalised pay run payRunId posted to the business's chart of accounts (as B/journal/{payRunId}; debits equal credits). journalView and journalService are accepted by name. A draft run answers 409; a restricted user, who may not see every employee of the run, gets 404."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			PayRunID       int64  `query:"payRunId" required:"true"`
			JournalView    string `query:"journalView" doc:"NotSet, Summary, Details, Both or Excel"`
			JournalService string `query:"journalService"`
		}) (*httpapi.BodyOf[[]payrunout.JournalItem], error) {
			if in.JournalView != "" {
				if _, ok := record.Canonical(journalViews, in.JournalView); !ok {
					return nil, payroll.Invalid("journalView", "journalView must be one of NotSet, Summary, Details, Both, Excel")
				}
			}
			return list(s.Journal(ctx, biz(ctx), principal(ctx), in.PayRunID))
		})
}
