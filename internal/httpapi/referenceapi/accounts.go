package referenceapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/accounts"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/record"
)

// JournalAccountBulkCreateModel answers a bulk create. Creation is all or
// nothing, so errorMessages is empty on success (failures answer 400).
type JournalAccountBulkCreateModel struct {
	ErrorMessages          []string                  `json:"errorMessages"`
	CreatedJournalAccounts []accounts.JournalAccount `json:"createdJournalAccounts"`
}

// JournalServiceProviderModel is the business's journal service.
type JournalServiceProviderModel struct {
	JournalService string `json:"journalService"`
}

// registerChartOfAccounts serves journal accounts (B/accounts), the
// journal service choice and the chart of accounts with its location and
// employing entity overrides.
func registerChartOfAccounts(a *httpapi.API, B, tag string) {
	ad := a.Reference
	tags := []string{tag}
	httpapi.RegisterCRUD(a, httpapi.CRUD[accounts.JournalAccount, *accounts.JournalAccount]{Coll: ad.Accounts, Read: httpapi.BusinessAdmin, Path: "/api/v2/business/{businessId}/accounts", Item: "/api/v2/business/{businessId}/accounts/{id}", Tag: tag, OData: true})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/accounts/bulk", Tags: tags, Summary: "Create journal accounts in bulk",
		Description: "All or nothing: any invalid account answers 400 with errors keyed \"[i].member\" and creates none."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body []accounts.JournalAccount
		}) (*httpapi.BodyOf[JournalAccountBulkCreateModel], error) {
			created, err := record.CreateAll(ctx, ad.Accounts, httpapi.CurrentBusiness(ctx), in.Body)
			return &httpapi.BodyOf[JournalAccountBulkCreateModel]{Body: JournalAccountBulkCreateModel{ErrorMessages: []string{}, CreatedJournalAccounts: created}}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/accounts/types", Tags: tags, Summary: "List journal account types"},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]string], error) {
			return &httpapi.BodyOf[[]string]{Body: accounts.JournalAccountTypes()}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/accounts/journalservices", Tags: tags,
		Summary: "List journal service providers", Description: "The accounting systems journals can go to in the business's region."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]string], error) {
			return &httpapi.BodyOf[[]string]{Body: accounts.JournalServices(httpapi.CurrentBusiness(ctx).Region)}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/accounts/journalservice", Tags: tags,
		Summary: "Get the journal service provider"},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[JournalServiceProviderModel], error) {
			return &httpapi.BodyOf[JournalServiceProviderModel]{Body: JournalServiceProviderModel{httpapi.CurrentBusiness(ctx).Details.JournalService}}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/accounts/journalservice", Tags: tags,
		Summary: "Set the journal service provider", Description: "One of accounts/journalservices (any case), or empty to clear. It is the business's journalService."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body JournalServiceProviderModel
		}) (*httpapi.BodyOf[JournalServiceProviderModel], error) {
			name, err := accounts.CanonicalJournalService(httpapi.CurrentBusiness(ctx).Region, in.Body.JournalService)
			if err != nil {
				return nil, err
			}
			b, err := updateDetails(a, ctx, func(d *business.Details) error {
				d.JournalService = name
				return nil
			})
			return &httpapi.BodyOf[JournalServiceProviderModel]{Body: JournalServiceProviderModel{b.Details.JournalService}}, err
		})

	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/chartofaccounts", Tags: tags, Summary: "Get the chart of accounts",
		Description: "The default accounts, every category with its accounts, and the location and employing entity overrides."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[accounts.ChartOfAccounts], error) {
			c, err := ad.ChartOfAccounts(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[accounts.ChartOfAccounts]{Body: c}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/chartofaccounts", Tags: tags, Summary: "Update the chart of accounts",
		Description: "defaultAccounts members the body sends change; listed categories get the accounts given. Accounts must be the business's journal accounts."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    accounts.ChartOfAccountsGroup
			RawBody []byte
		}) (*httpapi.BodyOf[accounts.ChartOfAccounts], error) {
			c, err := ad.SaveChartOfAccounts(ctx, httpapi.CurrentBusiness(ctx), in.RawBody)
			return &httpapi.BodyOf[accounts.ChartOfAccounts]{Body: c}, err
		})
	for _, s := range []struct{ path, segment, param, kind string }{
		{"/api/v2/business/{businessId}/chartofaccounts/location/{locationId}", "location", "locationId", record.KindLocation},
		{"/api/v2/business/{businessId}/chartofaccounts/employingEntity/{employingEntityId}", "employingEntity", "employingEntityId", record.KindEmployingEntity},
	} {
		label := s.segment
		if s.kind == record.KindEmployingEntity {
			label = "employing entity"
		}
		scope := func(ctx context.Context) (accounts.ChartOfAccountsScope, error) {
			id, err := httpapi.PathID(ctx, s.param, label)
			return accounts.ChartOfAccountsScope{Kind: s.kind, ID: id}, err
		}
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: s.path, Tags: tags, Summary: "Get the chart of accounts of a " + label,
			Description: "Accounts left empty fall back to the business's chart.", Parameters: httpapi.PathParams(s.param)},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[accounts.ChartOfAccountsOverrideGroup], error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				o, err := ad.ChartOfAccountsOverride(ctx, httpapi.CurrentBusiness(ctx), sc)
				return &httpapi.BodyOf[accounts.ChartOfAccountsOverrideGroup]{Body: o}, err
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: s.path, Tags: tags, Summary: "Update the chart of accounts of a " + label,
			Description: "As POST chartofaccounts, for this " + label + " only.", Parameters: httpapi.PathParams(s.param)},
			func(ctx context.Context, in *struct {
				httpapi.BusinessPath
				Body    accounts.ChartOfAccountsOverrideGroup
				RawBody []byte
			}) (*httpapi.BodyOf[accounts.ChartOfAccountsOverrideGroup], error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				o, err := ad.SaveChartOfAccountsOverride(ctx, httpapi.CurrentBusiness(ctx), sc, in.RawBody)
				return &httpapi.BodyOf[accounts.ChartOfAccountsOverrideGroup]{Body: o}, err
			})
		httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: s.path, Tags: tags, Summary: "Remove the chart of accounts of a " + label,
			Description: "The business's chart applies to the " + label + " again.", Parameters: httpapi.PathParams(s.param)},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				return nil, ad.DeleteChartOfAccountsOverride(ctx, httpapi.CurrentBusiness(ctx), sc)
			})
	}
}
