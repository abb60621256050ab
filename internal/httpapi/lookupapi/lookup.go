// Package lookupapi serves the fixed choice lists of GET
// /api/v2/lookupdata/... and B/lookupdata/timezones (internal/lookup).
package lookupapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/lookup"
)

// Register registers the lookup operations.
func Register(a *httpapi.API) {
	tags := []string{"Lookup Data"}
	list := func(path, summary, desc string) huma.Operation {
		return huma.Operation{Method: http.MethodGet, Path: path, Tags: tags, Summary: summary, Description: desc}
	}
	pairs := func(f func() []lookup.NameID) func(context.Context, *struct{}) (*httpapi.BodyOf[[]lookup.NameID], error) {
		return func(context.Context, *struct{}) (*httpapi.BodyOf[[]lookup.NameID], error) {
			return &httpapi.BodyOf[[]lookup.NameID]{Body: f()}, nil
		}
	}
	names := func(f func() []string) func(context.Context, *struct{}) (*httpapi.BodyOf[[]string], error) {
		return func(context.Context, *struct{}) (*httpapi.BodyOf[[]string], error) {
			return &httpapi.BodyOf[[]string]{Body: f()}, nil
		}
	}
	httpapi.Register(a, httpapi.Authenticated, list("/api/v2/lookupdata/countries", "List countries", "ISO 3166-1 countries by name: id is the alpha-2 code."), pairs(lookup.Countries))
	httpapi.Register(a, httpapi.Authenticated, list("/api/v2/lookupdata/genders", "List gender options", "The genders an employee record takes: Male, Female and X (indeterminate, intersex or unspecified, as single touch payroll reports it)."), names(lookup.Genders))
	httpapi.Register(a, httpapi.Authenticated, list("/api/v2/lookupdata/industries", "List industry options", "The industries a business can name (industryName): the ANZSIC 2006 divisions."), names(lookup.Industries))
	httpapi.Register(a, httpapi.Authenticated, list("/api/v2/lookupdata/timezones", "List time zones", "The time zones of the regions served: id is the Windows zone id that timeZone members take, name adds the IANA zone."),
		pairs(func() []lookup.NameID { return lookup.TimeZones("") }))
	httpapi.Register(a, httpapi.Authenticated, list("/api/v2/lookupdata/employeegrouppermissions", "List employee group permission types", "The permissions a restricted user can hold over an employee group or a location."), pairs(lookup.EmployeeGroupPermissions))
	httpapi.Register(a, httpapi.Authenticated, list("/api/v2/lookupdata/reports", "List report types", "The report types a restricted user's report access (specificReports) names."), pairs(lookup.Reports))
	httpapi.Register(a, httpapi.BusinessReference, list("/api/v2/business/{businessId}/lookupdata/timezones", "List the business's time zones", "The time zones of the business's region, and UTC."),
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]lookup.NameID], error) {
			return &httpapi.BodyOf[[]lookup.NameID]{Body: lookup.TimeZones(httpapi.CurrentBusiness(ctx).Region)}, nil
		})
}
