package httpapi

import (
	"context"
	"net/http"

	"github.com/payrolld/payrolld/internal/accounts"
	"github.com/payrolld/payrolld/internal/record"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
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
func registerChartOfAccounts(a *API, B, tag string) {
	ad := a.Reference
	tags := []string{tag}
	RegisterCRUD(a, CRUD[accounts.JournalAccount, *accounts.JournalAccount]{Coll: ad.Accounts, Path: "/api/v2/business/{businessId}/accounts", Item: "/api/v2/business/{businessId}/accounts/{id}", Tag: tag, OData: true})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/accounts/bulk", Tags: tags, Summary: "Create journal accounts in bulk",
		Description: "All or nothing: any invalid account answers 400 with errors keyed \"[i].member\" and creates none."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body []accounts.JournalAccount
		}) (*BodyOf[JournalAccountBulkCreateModel], error) {
			created, err := record.CreateAll(ctx, ad.Accounts, CurrentBusiness(ctx), in.Body)
			return &BodyOf[JournalAccountBulkCreateModel]{JournalAccountBulkCreateModel{ErrorMessages: []string{}, CreatedJournalAccounts: created}}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/accounts/types", Tags: tags, Summary: "List journal account types"},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[[]string], error) {
			return &BodyOf[[]string]{accounts.JournalAccountTypes()}, nil
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/accounts/journalservices", Tags: tags,
		Summary: "List journal service providers", Description: "The accounting systems journals can go to in the business's region."},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[[]string], error) {
			return &BodyOf[[]string]{accounts.JournalServices(CurrentBusiness(ctx).Region)}, nil
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/accounts/journalservice", Tags: tags,
		Summary: "Get the journal service provider"},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[JournalServiceProviderModel], error) {
			return &BodyOf[JournalServiceProviderModel]{JournalServiceProviderModel{CurrentBusiness(ctx).Details.JournalService}}, nil
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/accounts/journalservice", Tags: tags,
		Summary: "Set the journal service provider", Description: "One of accounts/journalservices (any case), or empty to clear. It is the business's journalService."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body JournalServiceProviderModel
		}) (*BodyOf[JournalServiceProviderModel], error) {
			name, err := accounts.CanonicalJournalService(CurrentBusiness(ctx).Region, in.Body.JournalService)
			if err != nil {
				return nil, err
			}
			b, err := a.updateDetails(ctx, func(d *business.Details) error {
				d.JournalService = name
				return nil
			})
			return &BodyOf[JournalServiceProviderModel]{JournalServiceProviderModel{b.Details.JournalService}}, err
		})

	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/chartofaccounts", Tags: tags, Summary: "Get the chart of accounts",
		Description: "The default accounts, every category with its accounts, and the location and employing entity overrides."},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[accounts.ChartOfAccounts], error) {
			c, err := ad.ChartOfAccounts(ctx, CurrentBusiness(ctx))
			return &BodyOf[accounts.ChartOfAccounts]{c}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/chartofaccounts", Tags: tags, Summary: "Update the chart of accounts",
		Description: "defaultAccounts members the body sends change; listed categories get the accounts given. Accounts must be the business's journal accounts."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body    accounts.ChartOfAccountsGroup
			RawBody []byte
		}) (*BodyOf[accounts.ChartOfAccounts], error) {
			c, err := ad.SaveChartOfAccounts(ctx, CurrentBusiness(ctx), in.RawBody)
			return &BodyOf[accounts.ChartOfAccounts]{c}, err
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
			id, err := PathID(ctx, s.param, label)
			return accounts.ChartOfAccountsScope{Kind: s.kind, ID: id}, err
		}
		Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: s.path, Tags: tags, Summary: "Get the chart of accounts of a " + label,
			Description: "Accounts left empty fall back to the business's chart.", Parameters: PathParams(s.param)},
			func(ctx context.Context, _ *BusinessPath) (*BodyOf[accounts.ChartOfAccountsOverrideGroup], error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				o, err := ad.ChartOfAccountsOverride(ctx, CurrentBusiness(ctx), sc)
				return &BodyOf[accounts.ChartOfAccountsOverrideGroup]{o}, err
			})
		Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: s.path, Tags: tags, Summary: "Update the chart of accounts of a " + label,
			Description: "As POST chartofaccounts, for this " + label + " only.", Parameters: PathParams(s.param)},
			func(ctx context.Context, in *struct {
				BusinessPath
				Body    accounts.ChartOfAccountsOverrideGroup
				RawBody []byte
			}) (*BodyOf[accounts.ChartOfAccountsOverrideGroup], error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				o, err := ad.SaveChartOfAccountsOverride(ctx, CurrentBusiness(ctx), sc, in.RawBody)
				return &BodyOf[accounts.ChartOfAccountsOverrideGroup]{o}, err
			})
		Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: s.path, Tags: tags, Summary: "Remove the chart of accounts of a " + label,
			Description: "The business's chart applies to the " + label + " again.", Parameters: PathParams(s.param)},
			func(ctx context.Context, _ *BusinessPath) (*struct{}, error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				return nil, ad.DeleteChartOfAccountsOverride(ctx, CurrentBusiness(ctx), sc)
			})
	}
}
