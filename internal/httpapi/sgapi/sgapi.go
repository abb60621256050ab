// Package sgapi serves Singapore-only operations: the IRAS items of an
// employee (benefits in kind, employee share plan gains, overseas income
// subject to tax remission, tax borne by the employer, lump sums) and the
// CPF and withholding reports. Businesses outside SG get 400, as other
// region-specific operations answer.
package sgapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/sg/iras"
)

// Register returns the registration of the SG operations.
func Register(items *iras.Service, reports *report.Service) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerItems(a, items.BenefitsInKind(), itemPaths{
			coll: "/api/v2/business/{businessId}/employee/{employeeId}/benefitsinkind",
			item: "/api/v2/business/{businessId}/employee/{employeeId}/benefitsinkind/{id}", label: "benefit in kind", plural: "benefits in kind"})
		registerItems(a, items.SharePlans(), itemPaths{
			coll: "/api/v2/business/{businessId}/employee/{employeeId}/gainsorprofitsemployeeshareplan",
			item: "/api/v2/business/{businessId}/employee/{employeeId}/gainsorprofitsemployeeshareplan/{id}", label: "gain or profit from an employee share plan", plural: "gains or profits from employee share plans"})
		registerItems(a, items.OverseasIncome(), itemPaths{
			coll: "/api/v2/business/{businessId}/employee/{employeeId}/incomefromoverseassubjecttotaxremission",
			item: "/api/v2/business/{businessId}/employee/{employeeId}/incomefromoverseassubjecttotaxremission/{id}", label: "income from overseas subject to tax remission", plural: "incomes from overseas subject to tax remission"})
		registerItems(a, items.TaxBorne(), itemPaths{
			coll: "/api/v2/business/{businessId}/employee/{employeeId}/incometaxbornebyemployer",
			item: "/api/v2/business/{businessId}/employee/{employeeId}/incometaxbornebyemployer/{id}", label: "income tax borne by employer", plural: "income tax borne by employer items"})
		registerItems(a, items.LumpSums(), itemPaths{
			coll: "/api/v2/business/{businessId}/employee/{employeeId}/lumpsum",
			item: "/api/v2/business/{businessId}/employee/{employeeId}/lumpsum/{id}", label: "lump sum payment", plural: "lump sum payments"})
		if reports != nil {
			registerReports(a, reports)
		}
	}
}

var principal = payroll.PrincipalFrom

type itemPaths struct{ coll, item, label, plural string }

// ids reads {employeeId} and {id}.
func ids(ctx context.Context, label string) (int64, int64, error) {
	eid, err := httpapi.PathID(ctx, "employeeId", "employee")
	if err != nil {
		return 0, 0, err
	}
	id, err := httpapi.PathID(ctx, "id", label)
	return eid, id, err
}

const regionNote = " SG businesses only (400 otherwise); another business's employee or item is 404."

func registerItems[T any, P iras.Ptr[T]](a *httpapi.API, k iras.Items[T, P], p itemPaths) {
	tags := []string{"IRAS"}
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: p.coll, Tags: tags,
		Summary: "Create a " + p.label, Description: "Adds a " + p.label + " for the basis period (the year the income was earned) to the employee's IRAS items." + regionNote,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body T
		}) (*httpapi.BodyOf[T], error) {
			eid, err := httpapi.PathID(ctx, "employeeId", "employee")
			if err != nil {
				return nil, err
			}
			v, err := k.Create(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[T]{Body: v}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: p.coll, Tags: tags,
		Summary: "List the employee's " + p.plural, Description: "By basis period, then in the order they were created." + regionNote,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]T], error) {
			eid, err := httpapi.PathID(ctx, "employeeId", "employee")
			if err != nil {
				return nil, err
			}
			v, err := k.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]T]{Body: v}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: p.item, Tags: tags,
		Summary: "Get a " + p.label, Description: "One item of the employee." + regionNote,
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[T], error) {
			eid, id, err := ids(ctx, p.label)
			if err != nil {
				return nil, err
			}
			v, err := k.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
			return &httpapi.BodyOf[T]{Body: v}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: p.item, Tags: tags,
		Summary: "Update a " + p.label, Description: "Members the body omits keep their values; the item is stored only if no other update came in between (409 otherwise)." + regionNote,
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    T
			RawBody []byte
		}) (*httpapi.BodyOf[T], error) {
			eid, id, err := ids(ctx, p.label)
			if err != nil {
				return nil, err
			}
			v, err := k.Update(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, in.RawBody)
			return &httpapi.BodyOf[T]{Body: v}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: p.item, Tags: tags,
		Summary: "Delete a " + p.label, Description: "Removes the item." + regionNote,
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := ids(ctx, p.label)
			if err != nil {
				return nil, err
			}
			return nil, k.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
		})
}
