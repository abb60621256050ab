// Package suburbapi serves the self-service address lookups
// (GET /api/v2/ess/{employeeId}/lookup/suburb, .../suburbs and
// .../addresses/{suburbId}) from the suburb register (internal/suburb).
package suburbapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/suburb"
)

// Deps are what the lookups read.
type Deps struct {
	Employees *employee.Service
	Suburbs   *suburb.Service
}

// SuburbResult is SuburbResult.
type SuburbResult struct {
	Result suburb.Suburb `json:"result"`
}

// Address is AuAddressModel: a suburb as the address parts a form fills
// in once the suburb is picked (the street is the person's to type).
type Address struct {
	StreetAddress   string `json:"streetAddress"`
	AddressLine2    string `json:"addressLine2"`
	Postcode        string `json:"postcode"`
	Country         string `json:"country"`
	CountryID       string `json:"countryId"`
	SuburbID        *int64 `json:"suburbId"`
	Suburb          string `json:"suburb"`
	State           string `json:"state"`
	IsManualAddress *bool  `json:"isManualAddress"`
	IsOutOfRegion   *bool  `json:"isOutOfRegion"`
}

const fromRegister = " Suburbs come from the register: the operator's gazetteer (loaded with `payrolld admin import-suburbs`; none ships with the service) and the suburbs the business's own employees' residential and postal addresses name."

// Register registers the three lookups.
func Register(d Deps) func(*httpapi.API) {
	return func(a *httpapi.API) { register(a, d) }
}

func register(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Lookups"}
	visible := func(ctx context.Context, emp int64) error {
		_, err := d.Employees.Visible(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), emp)
		return err
	}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/suburbs", Tags: tags,
		Summary: "Search suburbs", Description: "A page of the suburbs whose name or postcode starts with term (any case), by name, state and postcode, in countryId (ISO 3166-1 alpha-2; the business's country when empty). pageNum is from 1, pageSize 1 to 100 (default 20)." + fromRegister},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Term      string `query:"term"`
			PageNum   int    `query:"pageNum" default:"1"`
			PageSize  int    `query:"pageSize" default:"20"`
			CountryID string `query:"countryId"`
		}) (*httpapi.BodyOf[httpapi.PagedResult[suburb.Suburb]], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			items, n, err := d.Suburbs.Search(ctx, httpapi.CurrentBusiness(ctx), suburb.Query{Term: in.Term, CountryID: in.CountryID, Page: in.PageNum, PageSize: in.PageSize})
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[httpapi.PagedResult[suburb.Suburb]]{Body: httpapi.PagedResult[suburb.Suburb]{CurrentPage: in.PageNum, PageSize: in.PageSize,
				PageCount: (n + in.PageSize - 1) / in.PageSize, ItemCount: n, ItemCountFuture: httpapi.CountWrap{Value: n}, Items: items}}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/suburb", Tags: tags,
		Summary: "Get suburb", Description: "The suburb named suburb (any case), in state and with postCode when they are given, in countryId (the business's country when empty); 404 when the register has none." + fromRegister},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Suburb    string `query:"suburb"`
			State     string `query:"state"`
			PostCode  string `query:"postCode"`
			CountryID string `query:"countryId"`
		}) (*httpapi.BodyOf[SuburbResult], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			s, err := d.Suburbs.Match(ctx, httpapi.CurrentBusiness(ctx), in.Suburb, in.State, in.PostCode, in.CountryID)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[SuburbResult]{Body: SuburbResult{Result: s}}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/lookup/addresses/{suburbId}", Tags: tags,
		Summary: "Get the address of a suburb", Description: "The suburb as an address (AuAddressModel): suburb, state, postcode and country filled, the street left for the person to type; isOutOfRegion when the suburb is outside the business's country. 404 for a suburb the business does not see." + fromRegister},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			SuburbID int64 `path:"suburbId"`
		}) (*httpapi.BodyOf[Address], error) {
			if err := visible(ctx, in.EmployeeID); err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			s, err := d.Suburbs.Get(ctx, biz, in.SuburbID)
			if err != nil {
				return nil, err
			}
			manual, out := false, !suburb.InRegion(biz, s.CountryID)
			return &httpapi.BodyOf[Address]{Body: Address{Postcode: s.Postcode, Country: s.Country, CountryID: s.CountryID, SuburbID: &s.ID,
				Suburb: s.Name, State: s.State, IsManualAddress: &manual, IsOutOfRegion: &out}}, nil
		})
}
