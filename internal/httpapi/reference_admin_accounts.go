package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/reference"
)

// JournalAccountBulkCreateModel answers a bulk create. Creation is all or
// nothing, so errorMessages is empty on success (failures answer 400).
type JournalAccountBulkCreateModel struct {
	ErrorMessages          []string                   `json:"errorMessages"`
	CreatedJournalAccounts []reference.JournalAccount `json:"createdJournalAccounts"`
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
	RegisterCRUD(a, CRUD[reference.JournalAccount, *reference.JournalAccount]{Coll: ad.Accounts, Path: B + "/accounts", Tag: tag, OData: true})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: B + "/accounts/bulk", Tags: tags, Summary: "Create journal accounts in bulk",
		Description: "All or nothing: any invalid account answers 400 with errors keyed \"[i].member\" and creates none."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body []reference.JournalAccount
		}) (*bodyOf[JournalAccountBulkCreateModel], error) {
			created, err := reference.CreateAll(ctx, ad.Accounts, currentBusiness(ctx), in.Body)
			return &bodyOf[JournalAccountBulkCreateModel]{JournalAccountBulkCreateModel{ErrorMessages: []string{}, CreatedJournalAccounts: created}}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: B + "/accounts/types", Tags: tags, Summary: "List journal account types"},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]string], error) {
			return &bodyOf[[]string]{reference.JournalAccountTypes()}, nil
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: B + "/accounts/journalservices", Tags: tags,
		Summary: "List journal service providers", Description: "The accounting systems journals can go to in the business's region."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[[]string], error) {
			return &bodyOf[[]string]{reference.JournalServices(currentBusiness(ctx).Region)}, nil
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: B + "/accounts/journalservice", Tags: tags,
		Summary: "Get the journal service provider"},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[JournalServiceProviderModel], error) {
			return &bodyOf[JournalServiceProviderModel]{JournalServiceProviderModel{currentBusiness(ctx).Details.JournalService}}, nil
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: B + "/accounts/journalservice", Tags: tags,
		Summary: "Set the journal service provider", Description: "One of accounts/journalservices (any case), or empty to clear. It is the business's journalService."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body JournalServiceProviderModel
		}) (*bodyOf[JournalServiceProviderModel], error) {
			name, err := reference.CanonicalJournalService(currentBusiness(ctx).Region, in.Body.JournalService)
			if err != nil {
				return nil, err
			}
			b, err := a.updateDetails(ctx, func(d *business.Details) error {
				d.JournalService = name
				return nil
			})
			return &bodyOf[JournalServiceProviderModel]{JournalServiceProviderModel{b.Details.JournalService}}, err
		})

	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: B + "/chartofaccounts", Tags: tags, Summary: "Get the chart of accounts",
		Description: "The default accounts, every category with its accounts, and the location and employing entity overrides."},
		func(ctx context.Context, _ *BusinessPath) (*bodyOf[reference.ChartOfAccounts], error) {
			c, err := ad.ChartOfAccounts(ctx, currentBusiness(ctx))
			return &bodyOf[reference.ChartOfAccounts]{c}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: B + "/chartofaccounts", Tags: tags, Summary: "Update the chart of accounts",
		Description: "defaultAccounts members the body sends change; listed categories get the accounts given. Accounts must be the business's journal accounts."},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body    reference.ChartOfAccountsGroup
			RawBody []byte
		}) (*bodyOf[reference.ChartOfAccounts], error) {
			c, err := ad.SaveChartOfAccounts(ctx, currentBusiness(ctx), in.RawBody)
			return &bodyOf[reference.ChartOfAccounts]{c}, err
		})
	for _, s := range []struct{ segment, param, kind string }{
		{"location", "locationId", reference.KindLocation},
		{"employingEntity", "employingEntityId", reference.KindEmployingEntity},
	} {
		path := B + "/chartofaccounts/" + s.segment + "/{" + s.param + "}"
		label := s.segment
		if s.kind == reference.KindEmployingEntity {
			label = "employing entity"
		}
		scope := func(ctx context.Context) (reference.ChartOfAccountsScope, error) {
			id, err := pathID(ctx, s.param, label)
			return reference.ChartOfAccountsScope{Kind: s.kind, ID: id}, err
		}
		Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: path, Tags: tags, Summary: "Get the chart of accounts of a " + label,
			Description: "Accounts left empty fall back to the business's chart.", Parameters: pathParams(s.param)},
			func(ctx context.Context, _ *BusinessPath) (*bodyOf[reference.ChartOfAccountsOverrideGroup], error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				o, err := ad.ChartOfAccountsOverride(ctx, currentBusiness(ctx), sc)
				return &bodyOf[reference.ChartOfAccountsOverrideGroup]{o}, err
			})
		Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: path, Tags: tags, Summary: "Update the chart of accounts of a " + label,
			Description: "As POST chartofaccounts, for this " + label + " only.", Parameters: pathParams(s.param)},
			func(ctx context.Context, in *struct {
				BusinessPath
				Body    reference.ChartOfAccountsOverrideGroup
				RawBody []byte
			}) (*bodyOf[reference.ChartOfAccountsOverrideGroup], error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				o, err := ad.SaveChartOfAccountsOverride(ctx, currentBusiness(ctx), sc, in.RawBody)
				return &bodyOf[reference.ChartOfAccountsOverrideGroup]{o}, err
			})
		Register(a, BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: path, Tags: tags, Summary: "Remove the chart of accounts of a " + label,
			Description: "The business's chart applies to the " + label + " again.", Parameters: pathParams(s.param)},
			func(ctx context.Context, _ *BusinessPath) (*struct{}, error) {
				sc, err := scope(ctx)
				if err != nil {
					return nil, err
				}
				return nil, ad.DeleteChartOfAccountsOverride(ctx, currentBusiness(ctx), sc)
			})
	}
}
