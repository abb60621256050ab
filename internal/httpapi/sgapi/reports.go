package sgapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/report"
)

// ReportQuery is the query of the SG reports (CpfLodgementReportQueryModel,
// WithholdingReportQueryModel).
type ReportQuery struct {
	httpapi.BusinessPath
	FromDate          string `query:"fromDate" doc:"runs paid on or after this day"`
	ToDate            string `query:"toDate" doc:"runs paid on or before this day"`
	PayScheduleID     int64  `query:"payScheduleId"`
	LocationID        int64  `query:"locationId" doc:"employees with this location"`
	EmployingEntityID int64  `query:"employingEntityId"`
}

func (q *ReportQuery) filter(employeeID int64) (report.Filter, error) {
	f := report.Filter{PayScheduleID: q.PayScheduleID, LocationID: q.LocationID, EmployingEntityID: q.EmployingEntityID, EmployeeID: employeeID}
	var err error
	if f.From, err = httpapi.QueryDate("fromDate", q.FromDate); err != nil {
		return f, err
	}
	if f.To, err = httpapi.QueryDate("toDate", q.ToDate); err != nil {
		return f, err
	}
	return f, f.Validate()
}

const reportNote = " SG businesses only (400 otherwise). A restricted user sees the employees of their scope only."

func registerReports(a *httpapi.API, s *report.Service) {
	tags := []string{"Reports"}
	httpapi.Register(a, httpapi.OnReport("CpfLodgementReport"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/cpf", Tags: tags,
		Summary: "CPF lodgement report",
		Description: "Per employee and month of the finalised pay runs paid in fromDate..toDate: the CPF contributions (paymentTypeId 1: employee and employer shares, voluntary contributions included, " +
			"with the ordinary and additional wages subject to CPF after the ceilings) and the Skills Development Levy (paymentTypeId 11), one row per payment type." + reportNote},
		func(ctx context.Context, in *struct {
			ReportQuery
			EmployeeID               int64 `query:"employeeId"`
			PaymentTypeID            int64 `query:"paymentTypeId" doc:"1 CPF or 11 SDL; absent: both"`
			IncludePostTaxDeductions bool  `query:"includePostTaxDeductions" doc:"accepted; the report has no deduction members"`
		}) (*httpapi.BodyOf[[]report.CPFRow], error) {
			f, err := in.filter(in.EmployeeID)
			if err != nil {
				return nil, err
			}
			rows, err := s.CPF(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), report.CPFQuery{Filter: f, PaymentTypeID: in.PaymentTypeID})
			return &httpapi.BodyOf[[]report.CPFRow]{Body: rows}, err
		})
	httpapi.Register(a, httpapi.OnReport("WithholdingReport"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/withholding", Tags: tags,
		Summary:     "Withholding tax report",
		Description: "Per location (the employees' primary location) and month of the finalised pay runs paid in fromDate..toDate: gross earnings and the tax withheld (the runs' tax adjustments)." + reportNote},
		func(ctx context.Context, in *ReportQuery) (*httpapi.BodyOf[[]report.WithholdingRow], error) {
			f, err := in.filter(0)
			if err != nil {
				return nil, err
			}
			rows, err := s.Withholding(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), f)
			return &httpapi.BodyOf[[]report.WithholdingRow]{Body: rows}, err
		})
}
