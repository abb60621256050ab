package ukapi

import (
	"context"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/uk/employerreturns"
)

type epsInput struct {
	httpapi.BusinessPath
	Body    employerreturns.EPSRequest
	RawBody []byte
}

const epsDesc = "Builds the RTI Employer Payment Summary of a tax month (body {taxYear, taxMonth, finalSubmission}; taxMonth required; 400 for a month " +
	"not yet started) from the P32 figures (GET report/p32): statutory payments recovered and NIC compensation year to date per payment, CIS deductions " +
	"suffered to date, the employment allowance indicator (claimed for the year), the apprenticeship levy due to date with the annual allowance (when " +
	"hmrcsettings.requiredToPayApprenticeshipLevy), no payment for the period (its dates) when no finalised pay run was paid in the month and no opening " +
	"balance was given, and the final submission flag. Each call stores a new submission under a new id (GET report/eps/{id}, report/eps/{id}/xml); " +
	"nothing is sent to HMRC."

func registerEPS(a *httpapi.API, s *employerreturns.Service) {
	tags := []string{"Reporting"}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/eps", Tags: tags,
		Summary: "Generate an EPS", Description: epsDesc},
		func(ctx context.Context, in *epsInput) (*httpapi.BodyOf[employerreturns.EPS], error) {
			e, _, err := s.GenerateEPS(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body)
			return &httpapi.BodyOf[employerreturns.EPS]{Body: e}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/eps/epsxml", Tags: tags,
		Summary: "Generate an EPS as XML", Description: epsDesc + " Answers the XML."},
		func(ctx context.Context, in *epsInput) (*httpapi.FileOutput, error) {
			e, b, err := s.GenerateEPS(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(fmt.Sprintf("EPS-%d.xml", e.ID), "application/xml", b), nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/eps", Tags: tags,
		Summary: "List generated EPS", Description: "The EPS submissions generated, newest first; taxYear narrows to one tax year; $top (default and most 100) and $skip page."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			TaxYear string `query:"taxYear" doc:"only this tax year (2026 or 2026/27)"`
			Top     string `query:"$top" doc:"Page size, default and maximum 100."`
			Skip    string `query:"$skip" doc:"Items to skip."`
		}) (*httpapi.BodyOf[[]employerreturns.EPS], error) {
			q, err := odata.Parse(in.Top, in.Skip, "", "")
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			l, err := s.ListEPS(ctx, httpapi.CurrentBusiness(ctx), in.TaxYear, int64(q.Top), int64(q.Skip))
			return &httpapi.BodyOf[[]employerreturns.EPS]{Body: l}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/eps/{id}", Tags: tags,
		Summary: "Get a generated EPS", Description: "The EPS as generated.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *struct{ httpapi.BusinessPath }) (*httpapi.BodyOf[employerreturns.EPS], error) {
			id, err := httpapi.PathID(ctx, "id", "EPS submission")
			if err != nil {
				return nil, err
			}
			e, _, err := s.EPSByID(ctx, httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[employerreturns.EPS]{Body: e}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/eps/{id}/xml", Tags: tags,
		Summary: "Get a generated EPS's XML", Description: "The XML stored when the EPS was generated.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *struct{ httpapi.BusinessPath }) (*httpapi.FileOutput, error) {
			id, err := httpapi.PathID(ctx, "id", "EPS submission")
			if err != nil {
				return nil, err
			}
			_, b, err := s.EPSByID(ctx, httpapi.CurrentBusiness(ctx), id)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(fmt.Sprintf("EPS-%d.xml", id), "application/xml", b), nil
		})
}
