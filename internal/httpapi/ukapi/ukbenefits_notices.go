package ukapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

func registerAutoEnrolmentNotices(a *httpapi.API, s *forms.Service) {
	tags := []string{"HMRC Forms"}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/autoenrolmentnotice", Tags: tags,
		Summary: "Create the employee's auto-enrolment notice",
		Description: "The statutory notice for the employee's assessment today (E/pension): Enrolled (enrolled or opted in), Postponed, NonEligible (a non-eligible " +
			"jobholder: right to opt in) or Entitled (an entitled worker: right to join). Stored with an id. 409 when no notice is due: an eligible jobholder not yet " +
			"enrolled or postponed, a member who opted out, someone not assessed.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[forms.AutoEnrolmentNotice], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			n, err := s.CreateAutoEnrolmentNotice(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[forms.AutoEnrolmentNotice]{Body: n}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/downloadautoenrolmentnotice", Tags: tags,
		Summary: "Download an auto-enrolment notice (PDF)", Description: "noticeId is a notice of the employee (404 otherwise); the same notice always renders to the same bytes.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			NoticeID string `query:"noticeId" doc:"required"`
		}) (*httpapi.FileOutput, error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			id, err := strconv.ParseInt(in.NoticeID, 10, 64)
			if err != nil || id <= 0 {
				return nil, payroll.Invalid("noticeId", "noticeId must be the id of a notice")
			}
			b, name, err := s.AutoEnrolmentNoticePDF(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(name, "application/pdf", b), nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/hmrcforms/emailautoenrolmentnotice/{noticeId}", Tags: tags,
		Summary: "Email an auto-enrolment notice",
		Description: "Sends the notice to emailAddress or the employee's own address through the notification sender (recorded; mailed when SMTP is configured) " +
			"and records the address and time on the notice. 400 when there is no address.",
		Parameters: httpapi.PathParams("employeeId", "noticeId")},
		func(ctx context.Context, in *mailRequest) (*httpapi.BodyOf[forms.MailResult], error) {
			eid, id, err := ids(ctx, "noticeId", "auto-enrolment notice")
			if err != nil {
				return nil, err
			}
			r, err := s.EmailAutoEnrolmentNotice(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, in.to())
			return &httpapi.BodyOf[forms.MailResult]{Body: r}, err
		})
}
