package platformapi

import (
	"context"
	"net/http"
	"reflect"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// BusinessModel is the business resource (AuBusinessExportModel plus the UK
// members); it is also the create and update body.
type BusinessModel struct {
	ID             int64            `json:"id" readOnly:"true"`
	BusinessID     int64            `json:"businessId,omitempty" doc:"accepted on update for compatibility; the path or id decides"`
	Name           string           `json:"name" maxLength:"200" required:"true"`
	Region         string           `json:"region" doc:"AU, UK, NZ, SG or MY; fixed at creation"`
	ExternalID     string           `json:"externalId" maxLength:"50"`
	WhiteLabelName string           `json:"whiteLabelName" readOnly:"true"`
	WhiteLabelID   *int64           `json:"whiteLabelId"`
	DateCreated    payroll.DateTime `json:"dateCreated" readOnly:"true"`
	business.Details
}

// RequestExample is a valid create body (the OpenAPI example): standard
// hours are hours per day, the email receives the business's notices.
func (BusinessModel) RequestExample() any {
	return map[string]any{"name": "Harbour Cafe", "region": "AU", "legalName": "Harbour Cafe Pty Ltd",
		"contactEmailAddress": "payroll@harbourcafe.example", "standardHoursPerDay": 7.6}
}

func businessModel(b business.Business) BusinessModel {
	m := BusinessModel{ID: b.ID, Name: b.Name, Region: b.Region, ExternalID: b.ExternalID, DateCreated: b.DateCreated, Details: b.Details}
	if b.WhiteLabelID != 0 {
		id := b.WhiteLabelID
		m.WhiteLabelID = &id
	}
	return m
}

func (m BusinessModel) input() business.Input {
	in := business.Input{Name: m.Name, Region: m.Region, ExternalID: m.ExternalID, Details: m.Details}
	if m.WhiteLabelID != nil {
		in.WhiteLabelID = *m.WhiteLabelID
	}
	return in
}

type BusinessBody struct {
	Body    BusinessModel
	RawBody []byte
}

func registerBusiness(a *httpapi.API) {
	tags := []string{"Business"}
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business", Tags: tags,
		Summary: "List businesses", Description: "The businesses the caller can access. Supports OData $filter, $orderby, $top, $skip."},
		func(ctx context.Context, in *httpapi.ODataQuery) (*httpapi.BodyOf[[]BusinessModel], error) {
			list, err := a.Businesses.List(ctx, payroll.PrincipalFrom(ctx))
			if err != nil {
				return nil, err
			}
			out := make([]BusinessModel, len(list))
			for i, b := range list {
				out[i] = businessModel(b)
			}
			out, err = httpapi.ApplyOData(in, out)
			return &httpapi.BodyOf[[]BusinessModel]{Body: out}, err
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business", Tags: tags,
		Summary: "Create a business",
		Description: "The caller gets unrestricted access to the new business. Unless setupDefaultData=false (the default is true, as published) the business also gets the pay categories, leave categories and other defaults its region needs for a first pay run. " +
			"Every new business gets its region's official public holidays for the current year and the next two (B/publicholiday, isSystem)."},
		func(ctx context.Context, in *struct {
			BusinessBody
			SetupDefaultData optionalBool `query:"setupDefaultData" doc:"default true"`
		}) (*httpapi.BodyOf[BusinessModel], error) {
			b, err := a.Businesses.Create(ctx, payroll.PrincipalFrom(ctx), in.Body.input())
			if err != nil {
				return nil, err
			}
			if in.SetupDefaultData.Value || !in.SetupDefaultData.IsSet {
				if err := a.Reference.SetupDefaults(ctx, b); err != nil {
					return nil, err
				}
			}
			return &httpapi.BodyOf[BusinessModel]{Body: businessModel(b)}, nil
		})
	update := func(ctx context.Context, id int64, raw []byte) (*httpapi.BodyOf[BusinessModel], error) {
		acc, err := a.Businesses.Authorize(ctx, payroll.PrincipalFrom(ctx), id)
		if err != nil {
			return nil, err
		}
		if !acc.Unrestricted {
			return nil, payroll.Forbidden("updating business details needs unrestricted access")
		}
		b, err := a.Businesses.Change(ctx, id, func(cur business.Business) (business.Input, error) {
			m := businessModel(cur) // the request merges onto the business as it is now
			if err := httpapi.MergeJSON(&m, raw); err != nil {
				return business.Input{}, err
			}
			return m.input(), nil
		})
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[BusinessModel]{Body: businessModel(b)}, nil
	}
	httpapi.Register(a, httpapi.Authenticated, partial(huma.Operation{Method: http.MethodPut, Path: "/api/v2/business", Tags: tags,
		Summary: "Update business details", Description: "The business is named by businessId (or id) in the body. Omitted members keep their values."}),
		func(ctx context.Context, in *BusinessBody) (*httpapi.BodyOf[BusinessModel], error) {
			id := in.Body.BusinessID
			if id == 0 {
				id = in.Body.ID
			}
			if id == 0 {
				return nil, payroll.Invalid("businessId", "businessId is required")
			}
			return update(ctx, id, in.RawBody)
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/externalid", Tags: tags,
		Summary: "Get a business by external id"},
		func(ctx context.Context, in *struct {
			ExternalID string `query:"externalId" required:"true"`
		}) (*httpapi.BodyOf[BusinessModel], error) {
			b, err := a.Businesses.ByExternalID(ctx, payroll.PrincipalFrom(ctx), in.ExternalID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[BusinessModel]{Body: businessModel(b)}, nil
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}", Tags: tags,
		Summary: "Get a business"},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[BusinessModel], error) {
			acc, _ := business.AccessFrom(ctx)
			return &httpapi.BodyOf[BusinessModel]{Body: businessModel(acc.Business)}, nil
		})
	httpapi.Register(a, httpapi.BusinessAdmin, partial(huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}", Tags: tags,
		Summary: "Update business details", Description: "Omitted members keep their values."}),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			BusinessBody
		}) (*httpapi.BodyOf[BusinessModel], error) {
			return update(ctx, in.BusinessID, in.RawBody)
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/{businessTemplateId}", Tags: tags,
		Summary: "Copy settings from a business template", Description: "Copies the settings of a template business of the same brand onto this business."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			TemplateID int64 `path:"businessTemplateId"`
		}) (*httpapi.BodyOf[BusinessModel], error) {
			b, err := a.Businesses.CopyFromTemplate(ctx, payroll.PrincipalFrom(ctx), in.BusinessID, in.TemplateID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[BusinessModel]{Body: businessModel(b)}, nil
		})
	registerAccess(a)
}

// optionalBool is a boolean query parameter that knows whether it was
// sent (huma's ParamWrapper and ParamReactor), for one whose default is
// true.
type optionalBool struct {
	Value bool
	IsSet bool
}

func (o *optionalBool) Receiver() reflect.Value      { return reflect.ValueOf(o).Elem().Field(0) }
func (o *optionalBool) OnParamSet(isSet bool, _ any) { o.IsSet = isSet }

// Schema: on the wire it is a boolean, true when absent.
func (optionalBool) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeBoolean, Default: true}
}

// partial marks a PUT that merges its body onto the stored business.
func partial(op huma.Operation) huma.Operation {
	httpapi.PartialBody(&op)
	ex := map[string]any{"name": "Harbour Cafe", "contactEmailAddress": "payroll@harbourcafe.example"}
	if !strings.Contains(op.Path, "{businessId}") {
		ex["businessId"] = 1 // the business to update
	}
	httpapi.WithExample(&op, ex)
	return op
}
