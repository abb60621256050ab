package httpapi

import (
	"context"
	"net/http"

	"github.com/payrolld/payrolld/internal/au"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
)

// ContractorBody is the create-or-update and update input.
type ContractorBody struct {
	BusinessPath
	Body    au.Contractor
	RawBody []byte
}

// DeactivateContractorBody is DeactivateContractorModel.
type DeactivateContractorBody struct {
	EndDate payroll.DateTime `json:"endDate" doc:"last day of the engagement; today when omitted"`
}

func registerContractors(a *API) {
	r := a.Reference
	tags := []string{"Contractors"}
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/contractor", Tags: tags, Summary: "Create or update a contractor",
		Description: "AU. The contractor with the body's id, or else with its externalId, is updated (members the body omits keep their values; \"(clear)\" blanks one); otherwise a contractor is created."},
		func(ctx context.Context, in *ContractorBody) (*BodyOf[au.Contractor], error) {
			c, err := r.SaveContractor(ctx, CurrentBusiness(ctx), in.RawBody)
			return &BodyOf[au.Contractor]{c}, err
		})
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/contractor", Tags: tags, Summary: "List active contractors"},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[[]au.ContractorSummary], error) {
			list, err := r.ActiveContractors(ctx, CurrentBusiness(ctx))
			return &BodyOf[[]au.ContractorSummary]{list}, err
		})
	RegisterCRUD(a, CRUD[au.Contractor, *au.Contractor]{Coll: r.Contractors, Path: "/api/v2/business/{businessId}/contractor", Item: "/api/v2/business/{businessId}/contractor/{contractorId}", IDParam: "contractorId",
		Tag: "Contractors", Ops: "R"})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/contractor/{contractorId}", Tags: tags, Summary: "Update a contractor",
		Description: "Members the body omits (or sends null) keep their values; the string \"(clear)\" blanks a member.",
		Parameters:  PathParams("contractorId")},
		func(ctx context.Context, in *ContractorBody) (*BodyOf[au.Contractor], error) {
			id, err := PathID(ctx, "contractorId", "contractor")
			if err != nil {
				return nil, err
			}
			c, err := r.UpdateContractor(ctx, CurrentBusiness(ctx), id, in.RawBody)
			return &BodyOf[au.Contractor]{c}, err
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/contractor/{contractorId}/deactivate", Tags: tags, Summary: "Deactivate a contractor",
		Description: "Ends the engagement on endDate (today when omitted); the contractor stays readable with isActive false. Deactivating twice is a 409.",
		Parameters:  PathParams("contractorId")},
		func(ctx context.Context, in *struct {
			BusinessPath
			Body *DeactivateContractorBody
		}) (*BodyOf[au.Contractor], error) {
			id, err := PathID(ctx, "contractorId", "contractor")
			if err != nil {
				return nil, err
			}
			var end payroll.DateTime
			if in.Body != nil {
				end = in.Body.EndDate
			}
			c, err := r.DeactivateContractor(ctx, CurrentBusiness(ctx), id, end)
			return &BodyOf[au.Contractor]{c}, err
		})
}

func registerTaxAuthorityAU(a *API) {
	r := a.Reference
	// The ATO document's id is the business id (a default document has it
	// from Default; this keeps replies right whatever a client sent).
	withID := func(ctx context.Context, v au.AtoSupplier, err error) (*BodyOf[au.AtoSupplier], error) {
		v.ID = CurrentBusiness(ctx).ID
		return &BodyOf[au.AtoSupplier]{v}, err
	}
	tags := []string{"ATO"}
	Register(a, BusinessUser, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/ato", Tags: tags, Summary: "Get ATO supplier details",
		Description: "AU. Until saved, the details are taken from the business."},
		func(ctx context.Context, _ *BusinessPath) (*BodyOf[au.AtoSupplier], error) {
			v, err := r.AtoSupplier.Get(ctx, CurrentBusiness(ctx), "")
			return withID(ctx, v, err)
		})
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/ato", Tags: tags, Summary: "Save ATO supplier details",
		Description: "AU. Members the body omits keep their values."},
		func(ctx context.Context, in *crudBody[au.AtoSupplier]) (*BodyOf[au.AtoSupplier], error) {
			biz := CurrentBusiness(ctx)
			v, err := r.AtoSupplier.Update(ctx, biz, "", func(cur *au.AtoSupplier) error {
				err := mergeJSON(cur, in.RawBody)
				cur.ID = biz.ID
				return err
			})
			return withID(ctx, v, err)
		})
	RegisterSettings(a, SettingsOps[au.StpRegistration]{Settings: r.StpRegistration, Path: "/api/v2/business/{businessId}/stpregister",
		WriteMethod: http.MethodPost, Tag: "ATO", Summary: "STP registration details"})
}
