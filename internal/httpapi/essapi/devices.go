package essapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

func registerSatisfaction(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service"}
	biz := httpapi.CurrentBusiness
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/satisfaction", Tags: tags,
		Summary: "The employee's satisfaction survey answers (self-service)", Description: "One per week (weekStartDate is the Monday), oldest first, " +
			"the weeks starting from fromDate's week to toDate (either may be left out)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			FromDate string `query:"fromDate"`
			ToDate   string `query:"toDate"`
		}) (*httpapi.BodyOf[[]ess.Satisfaction], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			list, err := d.Satisfactions.List(ctx, biz(ctx), principal(ctx), in.EmployeeID, from, to)
			return &httpapi.BodyOf[[]ess.Satisfaction]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/satisfaction", Tags: tags,
		Summary: "Answer the satisfaction survey (self-service)", Description: "How the employee feels (Happy, Neutral, Sad; NotSet) in the week of weekStartDate " +
			"(that week's Monday; this week when left out). A second answer for the same week replaces the first. Answers the value stored. " +
			"The employee needs allowEmployeeSatisfactionSurvey (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body ess.Satisfaction
		}) (*httpapi.BodyOf[string], error) {
			if err := allow(ctx, d, ess.AnswerSatisfaction); err != nil {
				return nil, err
			}
			v, err := d.Satisfactions.Save(ctx, biz(ctx), principal(ctx), in.EmployeeID, in.Body)
			return &httpapi.BodyOf[string]{Body: v}, err
		})
}

// RecoverPassword is RecoverPasswordModel (messageType is ignored).
type RecoverPassword struct {
	Username    string `json:"username" maxLength:"200"`
	MessageType string `json:"messageType,omitempty" doc:"ignored"`
}

func registerDevices(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service"}
	note := " Nothing sends push notifications yet: the tokens are kept for when something does."
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/devicetoken/register", Tags: tags,
		Summary: "Register a mobile device token", Description: "Stores the caller's push token for platform iOS or Android (idempotent; a token " +
			"registered by another user becomes the caller's)." + note},
		func(ctx context.Context, in *httpapi.BodyOf[ess.DeviceToken]) (*httpapi.BodyOf[httpapi.EmptyObject], error) {
			return &httpapi.BodyOf[httpapi.EmptyObject]{}, d.DeviceTokens.Register(ctx, principal(ctx), in.Body)
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/devicetoken/unregister", Tags: tags,
		Summary: "Unregister a mobile device token", Description: "Forgets the caller's push token (idempotent: an unknown token is no error)." + note},
		func(ctx context.Context, in *httpapi.BodyOf[ess.DeviceToken]) (*httpapi.BodyOf[httpapi.EmptyObject], error) {
			return &httpapi.BodyOf[httpapi.EmptyObject]{}, d.DeviceTokens.Unregister(ctx, principal(ctx), in.Body)
		})
	httpapi.Register(a, httpapi.Public, huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/security/forgottenpassword", Tags: tags,
		Summary: "Start a password reset (self-service)", Description: "As /api/v2/mobileaccountrecovery/attempt: mails the user with this username " +
			"(their email address) a one-time link to choose a new password. Answers 200 whether or not the user exists."},
		func(ctx context.Context, in *httpapi.BodyOf[RecoverPassword]) (*httpapi.BodyOf[httpapi.EmptyObject], error) {
			if strings.TrimSpace(in.Body.Username) == "" {
				return nil, payroll.Invalid("username", "username is required")
			}
			return &httpapi.BodyOf[httpapi.EmptyObject]{}, d.OAuth.RequestRecovery(ctx, in.Body.Username, 0)
		})
}
