// Package filingapi serves the filings to tax authorities (internal/filing):
// the business's list, one filing and its document, and a pay run's
// filings and STP document.
package filingapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/filing"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/sg/cpf"
)

type listIn struct {
	httpapi.BusinessPath
	PayRunID int64  `query:"payRunId" doc:"only the filings of this pay run"`
	Kind     string `query:"kind" doc:"only filings of this kind: STP pay event, STP update event, STP finalisation, CPF contribution submission"`
	State    string `query:"state" doc:"only filings in this state: Pending, Submitted, Accepted, Rejected"`
	Page     int    `query:"page" doc:"page number, from 1 (default 1)"`
	PageSize int    `query:"pageSize" doc:"filings per page, 1 to 100 (default 100)"`
}

type runListIn struct {
	httpapi.BusinessPath
	Page     int `query:"page" doc:"page number, from 1 (default 1)"`
	PageSize int `query:"pageSize" doc:"filings per page, 1 to 100 (default 100)"`
}

const stateDoc = "A filing is created Pending in the finalise transaction of an AU pay run finalised with lodgePayRun (kind STP pay event); " +
	"finalising again a run that was lodged (after an unlock) creates an STP update event with the corrected year to date. The transmitter " +
	"(an outbox for a sending service provider) moves it to Submitted; the authority's answer to Accepted or Rejected. Every change emits " +
	"the FilingStateChanged web hook event. The year-end STP finalisation (B/filing/stpfinalisation) and a month's CPF contribution " +
	"submission (B/filing/cpfsubmission) are filings of the business (payRunId 0). The documents are described in " +
	"docs/reference/au-stp-phase2.md and docs/reference/sg-cpf-submission.md."

// Register serves the operations. Pass it in httpapi.Deps.Areas.
func Register(s *filing.Service) func(*httpapi.API) {
	return func(a *httpapi.API) {
		tags := []string{"Filing"}
		biz := httpapi.CurrentBusiness
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/filing", Tags: tags,
			Summary: "List filings", Description: "The business's filings to tax authorities, newest first, paged and filtered. " + stateDoc},
			func(ctx context.Context, in *listIn) (*httpapi.BodyOf[filing.Page], error) {
				p, err := s.List(ctx, biz(ctx), filing.ListRequest{PayRunID: in.PayRunID, Kind: in.Kind, State: in.State, Page: in.Page, PageSize: in.PageSize})
				return &httpapi.BodyOf[filing.Page]{Body: p}, err
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/filing/{filingId}", Tags: tags,
			Summary: "Get a filing", Description: stateDoc, Parameters: httpapi.PathParams("filingId")},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[filing.Filing], error) {
				id, err := httpapi.PathID(ctx, "filingId", "filing")
				if err != nil {
					return nil, err
				}
				f, err := s.Get(ctx, biz(ctx), id)
				return &httpapi.BodyOf[filing.Filing]{Body: f}, err
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/filing/{filingId}/document", Tags: tags,
			Summary: "Get a filing's document", Description: "The document the filing sends, as it was built when it was created: JSON for the STP events, the fixed-width text file for a CPF contribution submission.",
			Parameters: httpapi.PathParams("filingId")},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
				id, err := httpapi.PathID(ctx, "filingId", "filing")
				if err != nil {
					return nil, err
				}
				f, d, err := s.Document(ctx, biz(ctx), id)
				if err != nil {
					return nil, err
				}
				return httpapi.NewFileOutput(f.FileName(), f.ContentType(), d), nil
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/filing/cpfsubmission", Tags: tags,
			Summary: "Create a month's CPF contribution submission file",
			Description: "SG. Builds the CPF Board's EZPay (FTP) contribution submission file of a month from the business's finalised pay runs paid in " +
				"that month (docs/reference/sg-cpf-submission.md): the employer header, the summaries of CPF (payment code 01: employees' and " +
				"employer's shares) and of the Skills Development Levy (11), one detail per contributing employee (CPF account number = NRIC, " +
				"ordinary and additional wages subject to CPF, employment status) and the trailer, in 150-byte records. It is stored Pending as a " +
				"filing of kind CPF contribution submission (payRunId 0; submissionId = the file's name, served by B/filing/{filingId}/document), " +
				"emits FilingStateChanged and is sent by the transmitter (the outbox). 400 for a bad month, CSN (payment type PTE only) or advice " +
				"code, or a business of another region (naming region); 409 for a month without a finalised run, an advice code the month already used, voluntary " +
				"CPF contributions, or an employee the " +
				"layout cannot carry (NRIC, name); nothing is stored then. " + stateDoc},
			func(ctx context.Context, in *struct {
				httpapi.BusinessPath
				Body cpf.SubmissionRequest
			}) (*httpapi.BodyOf[filing.Filing], error) {
				f, err := s.CreateCPFSubmission(ctx, biz(ctx), in.Body)
				return &httpapi.BodyOf[filing.Filing]{Body: f}, err
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/filing/irasais", Tags: tags,
			Summary: "Create a basis year's IRAS AIS return (not built: refused)",
			Description: "SG. The IRAS Auto-Inclusion Scheme return (IR8A with Appendix 8A) of a basis year is not built: IRAS's AIS file and API " +
				"specifications (record layouts, field lengths, income codes) were not available (docs/reference/sg-iras-ais.md lists what was " +
				"found and what was not). The operation checks the request (400 for a bad basis year or a business of another region) and " +
				"then refuses with 409 saying so; nothing is stored."},
			func(ctx context.Context, in *struct {
				httpapi.BusinessPath
				Body filing.AISRequest
			}) (*httpapi.BodyOf[filing.Filing], error) {
				f, err := s.CreateIRASAIS(ctx, biz(ctx), in.Body)
				return &httpapi.BodyOf[filing.Filing]{Body: f}, err
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/filing/stpfinalisation", Tags: tags,
			Summary: "Make the STP finalisation declaration of an income year",
			Description: "AU. Creates the year-end finalisation declaration: an STP update event carrying the year to date (from the business's finalised pay runs " +
				"paid in the income year) of the selected employees, or of every employee those runs paid, each with the final event indicator set " +
				"(docs/reference/au-stp-phase2.md, \"Finalisation\"). It is stored Pending as a filing of kind STP finalisation (payRunId 0), emits " +
				"FilingStateChanged and is sent by the transmitter like the pay events. 400 for a year not started, an employee the year's runs did " +
				"not pay or a business of another region; 409 for a business without its STP registration's ABN and signatory, or a payee the note " +
				"cannot report; nothing is stored then. " + stateDoc},
			func(ctx context.Context, in *struct {
				httpapi.BusinessPath
				Body filing.FinaliseYearRequest
			}) (*httpapi.BodyOf[filing.Filing], error) {
				f, err := s.FinaliseYear(ctx, biz(ctx), in.Body)
				return &httpapi.BodyOf[filing.Filing]{Body: f}, err
			})
		// The documents carry every payee's TFN: unrestricted users only,
		// like the business's STP registration.
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/filing", Tags: tags,
			Summary: "List a pay run's filings", Description: "The run's filings (its lodgement state), newest first. " + stateDoc, Parameters: httpapi.PathParams("payRunId")},
			func(ctx context.Context, in *runListIn) (*httpapi.BodyOf[filing.Page], error) {
				run, err := httpapi.PathID(ctx, "payRunId", "pay run")
				if err != nil {
					return nil, err
				}
				p, err := s.RunList(ctx, biz(ctx), run, in.Page, in.PageSize)
				return &httpapi.BodyOf[filing.Page]{Body: p}, err
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/payrun/{payRunId}/stp", Tags: tags,
			Summary: "Get a pay run's STP document", Description: "AU. The document of the run's latest STP filing (pay event, or the update event of a re-finalised run); 404 when the run was not lodged.",
			Parameters: httpapi.PathParams("payRunId")},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
				run, err := httpapi.PathID(ctx, "payRunId", "pay run")
				if err != nil {
					return nil, err
				}
				p, err := s.RunList(ctx, biz(ctx), run, 1, 1)
				if err != nil {
					return nil, err
				}
				if len(p.Items) == 0 {
					return nil, payroll.NotFound("STP filing of this pay run")
				}
				f, d, err := s.Document(ctx, biz(ctx), p.Items[0].ID)
				if err != nil {
					return nil, err
				}
				return httpapi.NewFileOutput(f.SubmissionID+".json", "application/json", d), nil
			})
	}
}
