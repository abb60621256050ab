package platformapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/webhook"
)

// WebHookModel is a web hook registration (the ASP.NET WebHooks model the
// reference API exposes); it is also the register and update body.
type WebHookModel struct {
	ID          string            `json:"id" doc:"32 lowercase hex characters, assigned by the server; ignored on register, must match the path on update"`
	WebHookURI  string            `json:"webHookUri" required:"true" doc:"absolute http or https URL the events are POSTed to"` // checked by the service so the error names the member
	Secret      string            `json:"secret" doc:"32 to 64 characters keying the HMAC-SHA256 signatures; generated when empty on register, kept when empty on update"`
	Description string            `json:"description"`
	IsPaused    bool              `json:"isPaused" doc:"paused registrations receive nothing; set by the server after repeated delivery failures"`
	Filters     []string          `json:"filters" doc:"event names (any case) or * for all; empty means *"`
	Headers     map[string]string `json:"headers" doc:"added to every delivery request"`
	Properties  map[string]any    `json:"properties" doc:"echoed in every delivery body"`
}

// RequestExample is a valid register body (the OpenAPI example).
func (WebHookModel) RequestExample() any {
	return map[string]any{"webHookUri": "https://hooks.example.com/payrolld", "description": "HR system sync",
		"filters": []any{"EmployeeCreated", "PayRunFinalised"}}
}

func webHookModel(r webhook.Registration) WebHookModel {
	return WebHookModel{ID: r.ID, WebHookURI: r.URI, Secret: r.Secret, Description: r.Description, IsPaused: r.IsPaused,
		Filters: r.Filters, Headers: r.Headers, Properties: r.Properties}
}

func (m WebHookModel) input() webhook.Input {
	return webhook.Input{ID: m.ID, URI: m.WebHookURI, Secret: m.Secret, Description: m.Description, IsPaused: m.IsPaused,
		Filters: m.Filters, Headers: m.Headers, Properties: m.Properties}
}

// WebHookPath addresses one registration (exported: huma reads parameters
// only from exported embedded structs).
type WebHookPath struct {
	httpapi.BusinessPath
	ID string `path:"id"`
}

func registerWebhooks(a *httpapi.API) {
	tags := []string{"Web Hooks"}
	events := "Events: " + strings.Join(webhook.Events(), ", ") + "."
	one := func(r webhook.Registration, err error) (*httpapi.BodyOf[WebHookModel], error) {
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[WebHookModel]{Body: webHookModel(r)}, nil
	}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/webhookregistrations", Tags: tags,
		Summary: "Register a web hook", Description: "Answers with the stored registration, including its id and secret. " + events},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body WebHookModel
		}) (*httpapi.BodyOf[WebHookModel], error) {
			return one(a.Webhooks.Register(ctx, in.BusinessID, in.Body.input()))
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/webhookregistrations", Tags: tags,
		Summary: "List web hook registrations"},
		func(ctx context.Context, in *httpapi.BusinessPath) (*httpapi.BodyOf[[]WebHookModel], error) {
			list, err := a.Webhooks.List(ctx, in.BusinessID)
			if err != nil {
				return nil, err
			}
			out := make([]WebHookModel, len(list))
			for i, r := range list {
				out[i] = webHookModel(r)
			}
			return &httpapi.BodyOf[[]WebHookModel]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/webhookregistrations/{id}", Tags: tags,
		Summary: "Get a web hook registration"},
		func(ctx context.Context, in *WebHookPath) (*httpapi.BodyOf[WebHookModel], error) {
			return one(a.Webhooks.Get(ctx, in.BusinessID, in.ID))
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/webhookregistrations/{id}", Tags: tags,
		Summary: "Update a web hook registration", Description: "Replaces the registration; an empty secret keeps the current one. " + events},
		func(ctx context.Context, in *struct {
			WebHookPath
			Body WebHookModel
		}) (*httpapi.BodyOf[WebHookModel], error) {
			return one(a.Webhooks.Update(ctx, in.BusinessID, in.ID, in.Body.input()))
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/webhookregistrations/{id}", Tags: tags, DefaultStatus: http.StatusOK,
		Summary: "Delete a web hook registration", Description: "Its pending deliveries are cancelled."},
		func(ctx context.Context, in *WebHookPath) (*struct{}, error) {
			return nil, a.Webhooks.Delete(ctx, in.BusinessID, in.ID)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/webhookregistrations", Tags: tags, DefaultStatus: http.StatusOK,
		Summary: "Delete all web hook registrations", Description: "Their pending deliveries are cancelled."},
		func(ctx context.Context, in *httpapi.BusinessPath) (*struct{}, error) {
			return nil, a.Webhooks.DeleteAll(ctx, in.BusinessID)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/webhookregistrations/{id}/test", Tags: tags, DefaultStatus: http.StatusOK,
		Summary: "Test a web hook", Description: "Queues a small sample notification of the chosen event for this registration and sends it at once " +
			"through the normal delivery path (signed, retried, recorded). 409 when the registration is paused. " + events},
		func(ctx context.Context, in *struct {
			WebHookPath
			Filter string `query:"filter" required:"true" doc:"the event to send a sample of"`
		}) (*struct{}, error) {
			return nil, a.Webhooks.Test(ctx, in.BusinessID, in.ID, in.Filter)
		})
}
