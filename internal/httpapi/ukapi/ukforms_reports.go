package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

type p45Query struct {
	httpapi.BusinessPath
	TaxYear    string `query:"taxYear" doc:"tax year of the leaving dates, 2026 or 2026/27; default the current one"`
	EmployeeID int64  `query:"employeeId" doc:"only this employee"`
}

type p60Query struct {
	httpapi.BusinessPath
	FinancialYearEnding int64 `query:"financialYearEnding" doc:"2027 for 2026/27 (required)"`
}

type publishInput struct {
	httpapi.BusinessPath
	Body    forms.PublishRequest
	RawBody []byte
}

func registerFormReports(a *httpapi.API, s *forms.Service) {
	tags := []string{"Reporting"}
	httpapi.Register(a, httpapi.OnReport("P45Report"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p45", Tags: tags,
		Summary: "P45s of the leavers in a tax year", Description: "One P45 (as E/hmrcforms/p45) for every employee visible to you whose leaving date falls in the tax year."},
		func(ctx context.Context, in *p45Query) (*httpapi.BodyOf[[]forms.P45], error) {
			l, err := s.Leavers(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.TaxYear, in.EmployeeID)
			return &httpapi.BodyOf[[]forms.P45]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnReport("P45Report"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p45/pdf", Tags: tags,
		Summary: "P45s of the leavers in a tax year (PDF)", Description: "The P45s of report/p45 in one PDF, a page each; 404 when there are none."},
		func(ctx context.Context, in *p45Query) (*httpapi.FileOutput, error) {
			b, err := s.LeaversPDF(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.TaxYear, in.EmployeeID)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput("P45s.pdf", "application/pdf", b), nil
		})
	httpapi.Register(a, httpapi.OnReport("P60"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p60/list", Tags: tags,
		Summary: "P60s of a tax year", Description: "Every employee visible to you paid in the tax year by a finalised pay run and still employed on 5 April (a leaver of the year gets a P45, no P60): pay, tax, employee NI and whether the P60 is published."},
		func(ctx context.Context, in *p60Query) (*httpapi.BodyOf[[]forms.P60Summary], error) {
			l, err := s.P60List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.FinancialYearEnding)
			return &httpapi.BodyOf[[]forms.P60Summary]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnReport("P60"), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/p60/{employeeId}", Tags: tags,
		Summary: "An employee's P60", Description: "As E/hmrcforms/p60/{financialYearEnding}.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *p60Query) (*httpapi.BodyOf[forms.P60], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			f, err := s.P60(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.FinancialYearEnding)
			return &httpapi.BodyOf[forms.P60]{Body: f}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/p60/publish", Tags: tags,
		Summary: "Publish P60s",
		Description: "Stores the P60s of the tax year (every employee paid in it, or employeeIds) as they are now, which makes them visible to the employees; publishing again replaces them. " +
			"409 before the tax year has ended (6 April).",
	},
		func(ctx context.Context, in *publishInput) (*httpapi.BodyOf[[]forms.PublishState], error) {
			l, err := s.PublishP60s(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body)
			return &httpapi.BodyOf[[]forms.PublishState]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnReport("P60"), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/p60/ispublished", Tags: tags,
		Summary: "Whether P60s are published", Description: "Per employee paid in the tax year (or employeeIds): published or not, when, and the published P60's id."},
		func(ctx context.Context, in *publishInput) (*httpapi.BodyOf[[]forms.PublishState], error) {
			l, err := s.IsPublished(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body)
			return &httpapi.BodyOf[[]forms.PublishState]{Body: l}, err
		})
}
