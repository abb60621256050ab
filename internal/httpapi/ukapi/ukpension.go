package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
)

// pensionReportQuery selects the finalised runs of the pension
// contributions report.
type pensionReportQuery struct {
	httpapi.BusinessPath
	FromDate          string `query:"fromDate" doc:"runs paid on or after this day"`
	ToDate            string `query:"toDate" doc:"runs paid on or before this day"`
	PayRunID          int64  `query:"payRunId" doc:"only this run"`
	PayScheduleID     int64  `query:"payScheduleId"`
	LocationID        int64  `query:"locationId" doc:"employees with this location"`
	EmployingEntityID int64  `query:"employingEntityId"`
	EmployeeID        int64  `query:"employeeId" doc:"only this employee"`
}

func (q *pensionReportQuery) filter() (report.Filter, error) {
	f := report.Filter{PayRunID: q.PayRunID, PayScheduleID: q.PayScheduleID, LocationID: q.LocationID, EmployingEntityID: q.EmployingEntityID, EmployeeID: q.EmployeeID}
	var err error
	if f.From, err = date("fromDate", q.FromDate); err != nil {
		return f, err
	}
	if f.To, err = date("toDate", q.ToDate); err != nil {
		return f, err
	}
	return f, f.Validate()
}

// registerUKPension serves E/pension/membership (a UK employee's
// membership of a workplace pension scheme, which UK pay runs calculate
// contributions from) and the pension contributions report.
func registerUKPension(a *httpapi.API, m *pensionmember.Service, reports *report.Service) {
	tags := []string{"Pension"}
	path := "/api/v2/business/{businessId}/employee/{employeeId}/pension/membership"
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: path, Tags: tags,
		Summary: "Get the employee's pension scheme membership", Description: "404 when the employee is not a member of a scheme.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[pensionmember.Membership], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := m.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[pensionmember.Membership]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: path, Tags: tags,
		Summary: "Set the employee's pension scheme membership",
		Description: "Makes the employee a member of a contribution plan (POST B/pensionscheme/{id}/plan) or changes the membership. The plan gives the arrangement " +
			"(salarySacrifice > 0: salary sacrifice; else its pensionType, net pay or relief at source), the basis (calculateOnQualifyingEarnings: qualifying earnings, " +
			"else all pensionable pay) and the default rates; employeeContribution and employerContribution override the rates for this employee. " +
			"UK pay runs whose period overlaps startDate..endDate calculate contributions, unless the employee opted out (PUT E/pension OptedOut) by the period's end; " +
			"draft runs pick a change up when recalculated. startDate defaults to the enrolment (or opt-in) date of E/pension, else today. " +
			"A version other than the current one is a 409.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    pensionmember.MembershipInput
			RawBody []byte
		}) (*httpapi.BodyOf[pensionmember.Membership], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			out, err := m.Put(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[pensionmember.Membership]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: path, Tags: tags,
		Summary:     "Remove the employee's pension scheme membership",
		Description: "Pay runs calculated from now on take no contributions; finalised runs keep theirs (to stop contributions from a date, set endDate instead).",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, m.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
		})

	rtags := []string{"Reporting"}
	desc := "Per pension scheme, contribution plan and employee: the UK workplace pension contributions of the finalised pay runs paid in fromDate..toDate " +
		"(or payRunId), summed as the runs calculated them: pensionable pay, the contribution base, the employee's contribution (taken from pay or sacrificed), " +
		"its gross (relief at source: with the 20% basic-rate relief the scheme claims), the employer's and the total the scheme receives. " +
		"UK businesses only (400 otherwise). A restricted user sees the employees of their scope only."
	httpapi.Register(a, httpapi.OnReport("PensionContributionsReport"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/pensioncontributions", Tags: rtags,
		Summary: "Pension contributions report", Description: desc},
		func(ctx context.Context, in *pensionReportQuery) (*httpapi.BodyOf[[]report.PensionContributionRow], error) {
			f, err := in.filter()
			if err != nil {
				return nil, err
			}
			rows, err := reports.PensionContributions(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), f)
			return &httpapi.BodyOf[[]report.PensionContributionRow]{Body: rows}, err
		})
	httpapi.Register(a, httpapi.OnReport("PensionContributionsReport"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/pensioncontributions/xlsx", Tags: rtags,
		Summary: "Pension contributions report (Excel)", Description: "report/pensioncontributions as an Excel workbook, one row per scheme, plan and employee."},
		func(ctx context.Context, in *pensionReportQuery) (*httpapi.FileOutput, error) {
			f, err := in.filter()
			if err != nil {
				return nil, err
			}
			rows, err := reports.PensionContributions(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), f)
			if err != nil {
				return nil, err
			}
			data, err := report.XLSXIn("£", report.PensionContributionsSheet(rows)) // a UK business's report
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput("PensionContributions.xlsx", report.XLSXContentType, data), nil
		})
}
