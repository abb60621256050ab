package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/rti"
)

// FPSRequest names the finalised pay run an FPS reports.
type FPSRequest struct {
	PayRunID int64 `json:"payRunId" doc:"a finalised pay run of the business"`
}

type fpsInput struct {
	httpapi.BusinessPath
	Body    FPSRequest
	RawBody []byte
}

// registerFPS serves the Full Payment Submission reports.
// They cover every employee of the run, so they need a business
// administrator.
func registerFPS(a *httpapi.API, s *rti.Service) {
	tags := []string{"Reporting"}
	desc := "Builds the RTI Full Payment Submission of a finalised pay run (409 for a draft): per employee the payment (frequency code, date, week or month number, tax code and basis, " +
		"taxable pay, tax, loans, pay after statutory deductions), the year-to-date figures this payment included (taxable pay, tax, loans, statutory payments) and NI by category letter " +
		"with the year's earnings at the LEL, LEL to PT and PT to UEL. Each call stores a new submission under its transactionId (GET report/fps/xml/{transactionid}); nothing is sent to HMRC."
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/fps", Tags: tags,
		Summary: "Generate the FPS of a pay run", Description: desc},
		func(ctx context.Context, in *fpsInput) (*httpapi.BodyOf[rti.FPS], error) {
			f, _, err := s.Generate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body.PayRunID)
			return &httpapi.BodyOf[rti.FPS]{Body: f}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/report/fps/fpsxml", Tags: tags,
		Summary: "Generate the FPS of a pay run as XML", Description: desc + " Answers the XML."},
		func(ctx context.Context, in *fpsInput) (*httpapi.FileOutput, error) {
			f, b, err := s.Generate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body.PayRunID)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput("FPS-"+f.TransactionID+".xml", "application/xml", b), nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/report/fps/xml/{transactionid}", Tags: tags,
		Summary: "Get a generated FPS's XML", Description: "The XML stored when the FPS with this transaction id was generated."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			TransactionID string `path:"transactionid"`
		}) (*httpapi.FileOutput, error) {
			b, err := s.XML(ctx, httpapi.CurrentBusiness(ctx), in.TransactionID)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput("FPS-"+in.TransactionID+".xml", "application/xml", b), nil
		})
}
