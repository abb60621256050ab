package platformapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/brand"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// BrandModel is a brand or white label.
type BrandModel struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// ActiveEmployeesModel is a row of the active-employees report.
type ActiveEmployeesModel struct {
	ABN                         string           `json:"abn"`
	IsStpEnabled                bool             `json:"isStpEnabled"`
	BusinessID                  int64            `json:"businessId"`
	BusinessName                string           `json:"businessName"`
	DateCreated                 payroll.DateTime `json:"dateCreated"`
	BillingPlan                 string           `json:"billingPlan"`
	RealmID                     string           `json:"realmId"`
	ExternalID                  string           `json:"externalId"`
	EmailAddresses              string           `json:"emailAddresses"`
	UserIDs                     string           `json:"userIds"`
	NumberOfIncompleteEmployees int              `json:"numberOfIncompleteEmployees"`
	NumberOfCompleteEmployees   int              `json:"numberOfCompleteEmployees"`
	NumberOfEmployeesPaid       int              `json:"numberOfEmployeesPaid"`
	NumberOfPayRuns             int              `json:"numberOfPayRuns"`
	DateLastPayRunFinalised     payroll.DateTime `json:"dateLastPayRunFinalised"`
	DateLastBillableActivity    payroll.DateTime `json:"dateLastBillableActivity"`
	ActiveEmps                  int              `json:"activeEmps"`
}

// SignupModel is a row of the signups report.
type SignupModel struct {
	BusinessID                  int64            `json:"businessId"`
	BusinessName                string           `json:"businessName"`
	DateCreated                 payroll.DateTime `json:"dateCreated"`
	BillingPlan                 string           `json:"billingPlan"`
	RealmID                     string           `json:"realmId"`
	ExternalID                  string           `json:"externalId"`
	EmailAddresses              string           `json:"emailAddresses"`
	UserIDs                     string           `json:"userIds"`
	NumberOfCompleteEmployees   int              `json:"numberOfCompleteEmployees"`
	NumberOfIncompleteEmployees int              `json:"numberOfIncompleteEmployees"`
	DateLastPayRunFinalised     payroll.DateTime `json:"dateLastPayRunFinalised"`
}

type ReportQuery struct {
	EmailAddresses            []string `query:"emailAddresses"`
	IncludeInactiveBusinesses bool     `query:"includeInactiveBusinesses"`
	FromDate                  string   `query:"fromDate"`
	ToDate                    string   `query:"toDate"`
	LocationID                int64    `query:"locationId"`
	EmployingEntityID         int64    `query:"employingEntityId"`
}

func (q ReportQuery) filter() (brand.ReportFilter, error) {
	f := brand.ReportFilter{EmailAddresses: q.EmailAddresses, IncludeInactive: q.IncludeInactiveBusinesses,
		LocationID: q.LocationID, EmployingEntityID: q.EmployingEntityID}
	var err error
	if q.FromDate != "" {
		if f.FromDate, err = payroll.ParseDateTime(q.FromDate); err != nil {
			return f, payroll.Invalid("fromDate", "%s", err.Error())
		}
	}
	if q.ToDate != "" {
		if f.ToDate, err = payroll.ParseDateTime(q.ToDate); err != nil {
			return f, payroll.Invalid("toDate", "%s", err.Error())
		}
	}
	if !f.FromDate.IsZero() && !f.ToDate.IsZero() && f.ToDate.Before(f.FromDate.Time) {
		return f, payroll.Invalid("toDate", "toDate is before fromDate")
	}
	return f, nil
}

func labels(list []brand.Label) []BrandModel {
	out := make([]BrandModel, len(list))
	for i, l := range list {
		out[i] = BrandModel{ID: l.ID, Name: l.Name}
	}
	return out
}

func activeEmployees(rows []brand.BusinessActivity) []ActiveEmployeesModel {
	out := make([]ActiveEmployeesModel, len(rows))
	for i, r := range rows {
		out[i] = ActiveEmployeesModel{ABN: r.ABN, BusinessID: r.BusinessID, BusinessName: r.BusinessName, DateCreated: r.DateCreated,
			ExternalID: r.ExternalID, EmailAddresses: r.EmailAddresses, UserIDs: r.UserIDs,
			NumberOfIncompleteEmployees: r.IncompleteEmployees, NumberOfCompleteEmployees: r.CompleteEmployees,
			DateLastPayRunFinalised: r.DateLastPayRunFinalised, ActiveEmps: r.CompleteEmployees}
	}
	return out
}

func signups(rows []brand.BusinessActivity) []SignupModel {
	out := make([]SignupModel, len(rows))
	for i, r := range rows {
		out[i] = SignupModel{BusinessID: r.BusinessID, BusinessName: r.BusinessName, DateCreated: r.DateCreated,
			ExternalID: r.ExternalID, EmailAddresses: r.EmailAddresses, UserIDs: r.UserIDs,
			NumberOfCompleteEmployees: r.CompleteEmployees, NumberOfIncompleteEmployees: r.IncompleteEmployees,
			DateLastPayRunFinalised: r.DateLastPayRunFinalised}
	}
	return out
}

// labelFamily is brands or white labels: the same list, get and report
// operations over a different scope.
type labelFamily struct {
	// Paths, spelled out: list, item, and the two reports.
	base, item, activeEmployees, signups string
	idParam                              string // path parameter naming one label in report paths
	tag                                  string
	noun                                 string // "brand", "white label"
	list                                 func(ctx context.Context, p *payroll.Principal) ([]brand.Label, error)
	get                                  func(ctx context.Context, p *payroll.Principal, id int64) (brand.Label, error)
	scope                                func(id int64) brand.Scope
}

func registerLabelFamily(a *httpapi.API, f labelFamily) {
	tags := []string{f.tag}
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: f.base, Tags: tags, Summary: "List " + record.Plural(f.noun)},
		func(ctx context.Context, _ *struct{}) (*httpapi.BodyOf[[]BrandModel], error) {
			list, err := f.list(ctx, payroll.PrincipalFrom(ctx))
			return &httpapi.BodyOf[[]BrandModel]{Body: labels(list)}, err
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: f.item, Tags: tags, Summary: "Get a " + f.noun},
		func(ctx context.Context, in *struct {
			ID int64 `path:"id"`
		}) (*httpapi.BodyOf[BrandModel], error) {
			l, err := f.get(ctx, payroll.PrincipalFrom(ctx), in.ID)
			return &httpapi.BodyOf[BrandModel]{Body: BrandModel{ID: l.ID, Name: l.Name}}, err
		})
	// activity reads the label id and filter of a report request.
	activity := func(ctx context.Context, q ReportQuery, signups bool) ([]brand.BusinessActivity, error) {
		id, err := httpapi.PathID(ctx, f.idParam, f.noun)
		if err != nil {
			return nil, err
		}
		filter, err := q.filter()
		if err != nil {
			return nil, err
		}
		return a.Brands.Activity(ctx, payroll.PrincipalFrom(ctx), f.scope(id), filter, signups)
	}
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: f.activeEmployees, Tags: tags,
		Summary: "Active employees per business of the " + f.noun, Parameters: httpapi.PathParams(f.idParam)},
		func(ctx context.Context, in *ReportQuery) (*httpapi.BodyOf[[]ActiveEmployeesModel], error) {
			rows, err := activity(ctx, *in, false)
			return &httpapi.BodyOf[[]ActiveEmployeesModel]{Body: activeEmployees(rows)}, err
		})
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: f.signups, Tags: tags,
		Summary: "Businesses of the " + f.noun + " created in a period", Parameters: httpapi.PathParams(f.idParam)},
		func(ctx context.Context, in *ReportQuery) (*httpapi.BodyOf[[]SignupModel], error) {
			rows, err := activity(ctx, *in, true)
			return &httpapi.BodyOf[[]SignupModel]{Body: signups(rows)}, err
		})
}

func registerBrand(a *httpapi.API) {
	registerLabelFamily(a, labelFamily{base: "/api/v2/brand", item: "/api/v2/brand/{id}",
		activeEmployees: "/api/v2/brand/{brandId}/reports/activeemployees", signups: "/api/v2/brand/{brandId}/reports/signups", idParam: "brandId", tag: "Brand", noun: "brand",
		list: a.Brands.List, get: a.Brands.Get, scope: func(id int64) brand.Scope { return brand.Scope{BrandID: id} }})
	registerLabelFamily(a, labelFamily{base: "/api/v2/whitelabel", item: "/api/v2/whitelabel/{id}",
		activeEmployees: "/api/v2/whitelabel/{whiteLabelId}/reports/activeemployees", signups: "/api/v2/whitelabel/{whiteLabelId}/reports/signups", idParam: "whiteLabelId", tag: "White label", noun: "white label",
		list: a.Brands.ListWhiteLabels, get: a.Brands.GetWhiteLabel, scope: func(id int64) brand.Scope { return brand.Scope{WhiteLabelID: id} }})
	type BrandPath struct {
		BrandID int64 `path:"brandId"`
	}
	tags := []string{"Brand"}
	httpapi.Register(a, httpapi.Authenticated, huma.Operation{Method: http.MethodGet, Path: "/api/v2/brand/{brandId}/business-templates", Tags: tags,
		Summary: "List the brand's business templates"},
		func(ctx context.Context, in *BrandPath) (*httpapi.BodyOf[[]BrandModel], error) {
			list, err := a.Brands.BusinessTemplates(ctx, payroll.PrincipalFrom(ctx), in.BrandID)
			return &httpapi.BodyOf[[]BrandModel]{Body: labels(list)}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/brand/{brandId}/business/{businessId}/cancel", Tags: tags,
		Summary: "Cancel a business of the brand", Description: "The business disappears from the API, its employees are terminated and its users detached."},
		func(ctx context.Context, in *struct {
			BrandPath
			BusinessID int64 `path:"businessId"`
		}) (*struct{}, error) {
			return nil, a.Brands.CancelBusiness(ctx, payroll.PrincipalFrom(ctx), in.BrandID, in.BusinessID)
		})
}
