package referenceapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/odata"
)

// registerLocations serves B/location: the usual collection (OData list)
// with GET by id adding the nested locations.
func registerLocations(a *httpapi.API) {
	ad := a.Reference
	httpapi.RegisterCRUD(a, httpapi.CRUD[locations.Location, *locations.Location]{Coll: ad.Locations, Read: httpapi.BusinessReference, Path: "/api/v2/business/{businessId}/location", Item: "/api/v2/business/{businessId}/location/{id}", Tag: "Locations", Ops: "LCUD", OData: true,
		Query: func(ctx context.Context, biz business.Business, _ int64, q odata.Query) ([]locations.Location, error) {
			return ad.Query(ctx, biz, q) // filtered, ordered and paged in SQL
		}})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/location/{id}", Tags: []string{"Locations"},
		Summary: "Get a location", Description: "With nestedLocations: every location below it, depth first.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[locations.SingleLocation], error) {
			id, err := httpapi.PathID(ctx, "id", "location")
			if err != nil {
				return nil, err
			}
			l, err := ad.LocationWithNested(ctx, httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[locations.SingleLocation]{Body: l}, err
		})
}
