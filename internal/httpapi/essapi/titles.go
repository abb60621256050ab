package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
)

// EssTitle is TitleViewModel: a personal title an employee may choose.
type EssTitle struct {
	ID          int32  `json:"id"`
	Description string `json:"description"`
}

// titles is the fixed list of personal titles, ids stable (a client may
// store the id): the common honorifics of the English-speaking regions
// served (AU, UK, NZ, SG).
var titles = []EssTitle{{1, "Mr"}, {2, "Mrs"}, {3, "Ms"}, {4, "Miss"}, {5, "Mx"}, {6, "Dr"}, {7, "Prof"}, {8, "Rev"}, {9, "Sir"}, {10, "Dame"}}

// registerTitleLookup serves S/lookup/title.
func registerTitleLookup(a *httpapi.API, visible func(ctx context.Context, emp int64) error) {
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/title", Tags: []string{"Employee Self Service Lookups"},
		Summary: "Get titles", Description: "The personal titles an employee may give (Mr, Mrs, Ms, Miss, Mx, Dr, Prof, Rev, Sir, Dame): a fixed list, the " +
			"same for every business, in this order, with stable ids."},
		func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]EssTitle], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]EssTitle]{Body: append([]EssTitle{}, titles...)}, nil
		})
}
