package referenceapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ContractorBody is the create-or-update and update input.
type ContractorBody struct {
	httpapi.BusinessPath
	Body    au.Contractor
	RawBody []byte
}

// DeactivateContractorBody is DeactivateContractorModel.
type DeactivateContractorBody struct {
	EndDate payroll.DateTime `json:"endDate" doc:"last day of the engagement; today when omitted"`
}

func registerContractors(a *httpapi.API) {
	r := a.Reference
	tags := []string{"Contractors"}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/contractor", Tags: tags, Summary: "Create or update a contractor",
		Description: "AU. The contractor with the body's id, or else with its externalId, is updated (members the body omits keep their values; \"(clear)\" blanks one); otherwise a contractor is created."},
		func(ctx context.Context, in *ContractorBody) (*httpapi.BodyOf[au.Contractor], error) {
			c, err := r.SaveContractor(ctx, httpapi.CurrentBusiness(ctx), in.RawBody)
			return &httpapi.BodyOf[au.Contractor]{Body: c}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/contractor", Tags: tags, Summary: "List active contractors"},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]au.ContractorSummary], error) {
			list, err := r.ActiveContractors(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[[]au.ContractorSummary]{Body: list}, err
		})
	httpapi.RegisterCRUD(a, httpapi.CRUD[au.Contractor, *au.Contractor]{Coll: r.Contractors, Read: httpapi.BusinessAdmin, Path: "/api/v2/business/{businessId}/contractor", Item: "/api/v2/business/{businessId}/contractor/{contractorId}", IDParam: "contractorId",
		Tag: "Contractors", Ops: "R"})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/contractor/{contractorId}", Tags: tags, Summary: "Update a contractor",
		Description: "Members the body omits (or sends null) keep their values; the string \"(clear)\" blanks a member.",
		Parameters:  httpapi.PathParams("contractorId")},
		func(ctx context.Context, in *ContractorBody) (*httpapi.BodyOf[au.Contractor], error) {
			id, err := httpapi.PathID(ctx, "contractorId", "contractor")
			if err != nil {
				return nil, err
			}
			c, err := r.UpdateContractor(ctx, httpapi.CurrentBusiness(ctx), id, in.RawBody)
			return &httpapi.BodyOf[au.Contractor]{Body: c}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/contractor/{contractorId}/deactivate", Tags: tags, Summary: "Deactivate a contractor",
		Description: "Ends the engagement on endDate (today when omitted); the contractor stays readable with isActive false. Deactivating twice is a 409.",
		Parameters:  httpapi.PathParams("contractorId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body *DeactivateContractorBody
		}) (*httpapi.BodyOf[au.Contractor], error) {
			id, err := httpapi.PathID(ctx, "contractorId", "contractor")
			if err != nil {
				return nil, err
			}
			var end payroll.DateTime
			if in.Body != nil {
				end = in.Body.EndDate
			}
			c, err := r.DeactivateContractor(ctx, httpapi.CurrentBusiness(ctx), id, end)
			return &httpapi.BodyOf[au.Contractor]{Body: c}, err
		})
}

func registerTaxAuthorityAU(a *httpapi.API) {
	r := a.Reference
	// The ATO document's id is the business id (a default document has it
	// from Default; this keeps replies right whatever a client sent).
	withID := func(ctx context.Context, v au.AtoSupplier, err error) (*httpapi.BodyOf[au.AtoSupplier], error) {
		v.ID = httpapi.CurrentBusiness(ctx).ID
		return &httpapi.BodyOf[au.AtoSupplier]{Body: v}, err
	}
	tags := []string{"ATO"}
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/ato", Tags: tags, Summary: "Get ATO supplier details",
		Description: "AU. Until saved, the details are taken from the business."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[au.AtoSupplier], error) {
			v, err := r.AtoSupplier.Get(ctx, httpapi.CurrentBusiness(ctx), "")
			return withID(ctx, v, err)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/ato", Tags: tags, Summary: "Save ATO supplier details",
		Description: "AU. Members the body omits keep their values."},
		func(ctx context.Context, in *httpapi.CRUDBody[au.AtoSupplier]) (*httpapi.BodyOf[au.AtoSupplier], error) {
			biz := httpapi.CurrentBusiness(ctx)
			v, err := r.AtoSupplier.Update(ctx, biz, "", func(cur *au.AtoSupplier) error {
				err := httpapi.MergeJSON(cur, in.RawBody)
				cur.ID = biz.ID
				return err
			})
			return withID(ctx, v, err)
		})
	httpapi.RegisterSettings(a, httpapi.SettingsOps[au.StpRegistration]{Settings: r.StpRegistration, Read: httpapi.BusinessAdmin, Path: "/api/v2/business/{businessId}/stpregister",
		WriteMethod: http.MethodPost, Tag: "ATO", Summary: "STP registration details"})
}
