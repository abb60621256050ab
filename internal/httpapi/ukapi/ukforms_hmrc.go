package ukapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

// registerForms serves the UK forms: the employee's P45, P60s
// and the list of their forms under E/hmrcforms, and the business's P45
// and P60 reports.
func registerForms(a *httpapi.API, s *forms.Service) {
	registerEmployeeForms(a, s)
	registerFormReports(a, s)
}

// mailInput is the optional recipient of mailp45 and p60notify.
type mailInput struct {
	EmailAddress string `json:"emailAddress" required:"false" doc:"defaults to the employee's email address"`
}

type mailRequest struct {
	httpapi.BusinessPath
	Body    *mailInput
	RawBody []byte
}

func (m *mailRequest) to() string {
	if m.Body == nil {
		return ""
	}
	return m.Body.EmailAddress
}

func fye(ctx context.Context) (int64, error) {
	return httpapi.PathID(ctx, "financialYearEnding", "tax year")
}

func registerEmployeeForms(a *httpapi.API, s *forms.Service) {
	tags := []string{"HMRC Forms"}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms", Tags: tags,
		Summary: "List the employee's HMRC forms",
		Description: "A P45 once the employee has left (an end date), and a P60 for every tax year they were paid in by a finalised pay run and still employed on its last day, 5 April (a leaver of the year has the P45 instead), newest first, " +
			"with whether it is published (visible to the employee) and the published P60's id.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]forms.Form], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			l, err := s.Forms(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]forms.Form]{Body: l}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/p45", Tags: tags,
		Summary: "Get the leaver's P45",
		Description: "Employer, employee and leaving figures of the P45: tax code and basis at leaving, week or month number of the last payment, pay and tax in this employment " +
			"in the leaving date's tax year (sums over finalised pay runs), student and postgraduate loan flags. 409 when the employee has no end date.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[forms.P45], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			f, err := s.P45(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[forms.P45]{Body: f}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/p45data", Tags: tags,
		Summary: "Get the leaver's P45 figures", Description: "The figures of GET hmrcforms/p45 without the employer and employee blocks. 409 when the employee has no end date.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[forms.P45Data], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			f, err := s.P45(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[forms.P45Data]{Body: f.Data}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/p45download", Tags: tags,
		Summary: "Download the leaver's P45 (PDF)", Description: "The P45 of hmrcforms/p45 as a PDF; the same P45 always renders to the same bytes.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			b, name, err := s.P45PDF(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(name, "application/pdf", b), nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/mailp45", Tags: tags,
		Summary: "Email the leaver their P45",
		Description: "Sends the P45 figures to emailAddress or the employee's own address through the notification sender (recorded; mailed when SMTP is configured). " +
			"400 when there is no address; 409 when the employee has not left.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *mailRequest) (*httpapi.BodyOf[forms.MailResult], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.MailP45(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.to())
			return &httpapi.BodyOf[forms.MailResult]{Body: r}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/p60/{financialYearEnding}", Tags: tags,
		Summary: "Get the employee's P60 for a tax year",
		Description: "financialYearEnding is the calendar year the tax year ends in (2027 for 2026/27). Pay and tax in this employment, National Insurance by category letter " +
			"with the earnings at the LEL, LEL to PT and PT to UEL (summed per pay period against that period's thresholds), student and postgraduate loan deductions in whole pounds, " +
			"statutory payments; from the finalised pay runs paid in the year, and whether it is published. 409 when the employee left before 5 April of that year: HMRC gives a P60 to those working for you on 5 April, a leaver a P45.",
		Parameters: httpapi.PathParams("employeeId", "financialYearEnding")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[forms.P60], error) {
			eid, y, err := ids(ctx, "financialYearEnding", "tax year")
			if err != nil {
				return nil, err
			}
			f, err := s.P60(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, y)
			return &httpapi.BodyOf[forms.P60]{Body: f}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/p60download/{financialYearEnding}", Tags: tags,
		Summary: "Download the employee's P60 (PDF)", Description: "The published P60 as the employee was given it, or the current figures when not published.",
		Parameters: httpapi.PathParams("employeeId", "financialYearEnding")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			eid, y, err := ids(ctx, "financialYearEnding", "tax year")
			if err != nil {
				return nil, err
			}
			b, name, err := s.P60PDF(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, y)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(name, "application/pdf", b), nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/p60notify/{noticeId}/{financialYearEnding}", Tags: tags,
		Summary:     "Tell the employee their P60 is available",
		Description: "noticeId is the id of the employee's published P60 for the year (hmrcforms, report/p60/publish); 404 unless it is. Emails emailAddress or the employee's address.",
		Parameters:  httpapi.PathParams("employeeId", "noticeId", "financialYearEnding")},
		func(ctx context.Context, in *mailRequest) (*httpapi.BodyOf[forms.MailResult], error) {
			eid, notice, err := ids(ctx, "noticeId", "published P60")
			if err != nil {
				return nil, err
			}
			y, err := fye(ctx)
			if err != nil {
				return nil, err
			}
			r, err := s.NotifyP60(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, notice, y, in.to())
			return &httpapi.BodyOf[forms.MailResult]{Body: r}, err
		})
}
