package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/earningssplit"
	"github.com/payrolld/payrolld/internal/employee/openingbalance"
	"github.com/payrolld/payrolld/internal/employee/taxadjustment"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// PayRecords are the services of the employee's pay records: opening
// balances, recurring tax adjustments and earnings line splits.
type PayRecords struct {
	OpeningBalances *openingbalance.Service
	TaxAdjustments  *taxadjustment.Service
	Splits          *earningssplit.Service
}

// registerPayRecords registers E/openingbalances, E/taxadjustment and
// E/earningslinesplit.
func registerPayRecords(a *httpapi.API, d PayRecords) {
	registerOpeningBalances(a, d.OpeningBalances)
	registerTaxAdjustments(a, d.TaxAdjustments)
	registerSplits(a, d.Splits)
}

func registerOpeningBalances(a *httpapi.API, s *openingbalance.Service) {
	tags := []string{"Employee Opening Balances"}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/openingbalances", Tags: tags,
		Summary: "Get the employee's opening balances", Description: "All zero, of the current financial year, until some are entered.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[openingbalance.OpeningBalances], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			b, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid)
			return &httpapi.BodyOf[openingbalance.OpeningBalances]{Body: b}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/openingbalances", Tags: tags,
		Summary: "Set the employee's opening balances",
		Description: "Replaces the whole set (members omitted are zero or empty). The balances count in the year-to-date of the pay runs and payslips of " +
			"financialYearStartingYear, and leaveBalances become the opening balances of the leave categories (E/leavebalances) from the first day of that year.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    openingbalance.OpeningBalances
			RawBody []byte
		}) (*httpapi.BodyOf[openingbalance.OpeningBalances], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			b, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, in.Body)
			return &httpapi.BodyOf[openingbalance.OpeningBalances]{Body: b}, err
		})
}

func registerTaxAdjustments(a *httpapi.API, s *taxadjustment.Service) {
	tags := []string{"Employee Recurring Tax Adjustment"}
	type body struct {
		httpapi.BusinessPath
		Body    taxadjustment.RecurringTaxAdjustment
		RawBody []byte
	}
	const doc = " An extra amount of PAYG withheld each pay run: amount (Fixed) or a percentage of gross or taxable earnings, from fromDate (default today) " +
		"until expiryDate or until maximumAmountPaid has been withheld; finalised pay runs add to totalAmountPaid."
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/taxadjustment", Tags: tags,
		Summary: "List the employee's recurring tax adjustments", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]taxadjustment.RecurringTaxAdjustment], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid)
			return &httpapi.BodyOf[[]taxadjustment.RecurringTaxAdjustment]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/taxadjustment", Tags: tags,
		Summary: "Add a recurring tax adjustment", Description: doc, Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[taxadjustment.RecurringTaxAdjustment], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			adj, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, 0, in.Body)
			return &httpapi.BodyOf[taxadjustment.RecurringTaxAdjustment]{Body: adj}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/taxadjustment/{id}", Tags: tags,
		Summary: "Get a recurring tax adjustment", Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[taxadjustment.RecurringTaxAdjustment], error) {
			eid, id, err := pathIDs(ctx, "id", "tax adjustment")
			if err != nil {
				return nil, err
			}
			adj, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, id)
			return &httpapi.BodyOf[taxadjustment.RecurringTaxAdjustment]{Body: adj}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/taxadjustment/{id}", Tags: tags,
		Summary: "Update a recurring tax adjustment", Description: "Replaces it with the body; totalAmountPaid is kept (a maximumAmountPaid below it is a 409)." + doc,
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[taxadjustment.RecurringTaxAdjustment], error) {
			eid, id, err := pathIDs(ctx, "id", "tax adjustment")
			if err != nil {
				return nil, err
			}
			adj, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, id, in.Body)
			return &httpapi.BodyOf[taxadjustment.RecurringTaxAdjustment]{Body: adj}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/taxadjustment/{id}", Tags: tags,
		Summary: "Delete a recurring tax adjustment", Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := pathIDs(ctx, "id", "tax adjustment")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, id)
		})
}

func registerSplits(a *httpapi.API, s *earningssplit.Service) {
	tags := []string{"Employee Earnings Line Split"}
	type body struct {
		httpapi.BusinessPath
		Body    earningssplit.EarningsLineSplitEdit
		RawBody []byte
	}
	const doc = " The employee's shares may not total more than 100 (400); one may allocateBalance, taking what the others leave. Pay runs split each of the employee's earnings lines by the location shares, the money exactly (the remainder on the last share)."
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit", Tags: tags,
		Summary: "List the employee's earnings line splits by location", Description: "Supports OData $filter, $orderby, $top, $skip.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]earningssplit.EarningsLineSplit], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid)
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, list)
			return &httpapi.BodyOf[[]earningssplit.EarningsLineSplit]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit", Tags: tags,
		Summary: "Add an earnings line split for a location", Description: "A second split for the same location is a 409." + doc, Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[earningssplit.EarningsLineSplit], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			sp, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, 0, in.Body, true)
			return &httpapi.BodyOf[earningssplit.EarningsLineSplit]{Body: sp}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/{locationId}", Tags: tags,
		Summary: "Get the employee's earnings line split for a location", Parameters: httpapi.PathParams("employeeId", "locationId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[earningssplit.EarningsLineSplit], error) {
			eid, loc, err := pathIDs(ctx, "locationId", "location")
			if err != nil {
				return nil, err
			}
			sp, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, loc)
			return &httpapi.BodyOf[earningssplit.EarningsLineSplit]{Body: sp}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/{locationId}", Tags: tags,
		Summary: "Change the employee's earnings line split for a location", Description: doc, Parameters: httpapi.PathParams("employeeId", "locationId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[earningssplit.EarningsLineSplit], error) {
			eid, loc, err := pathIDs(ctx, "locationId", "location")
			if err != nil {
				return nil, err
			}
			sp, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, loc, in.Body, false)
			return &httpapi.BodyOf[earningssplit.EarningsLineSplit]{Body: sp}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/{locationId}", Tags: tags,
		Summary: "Delete the employee's earnings line split for a location", Parameters: httpapi.PathParams("employeeId", "locationId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, loc, err := pathIDs(ctx, "locationId", "location")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, loc)
		})

	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/dimension", Tags: tags,
		Summary: "List the employee's earnings line splits by dimension values", Description: "Supports OData $filter, $orderby, $top, $skip.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]earningssplit.DimensionEarningsLineSplit], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Dimensions(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid)
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, list)
			return &httpapi.BodyOf[[]earningssplit.DimensionEarningsLineSplit]{Body: list}, err
		})
	dimDoc := " reportingDimensionValueIds names one value per dimension." + doc
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/dimension", Tags: tags,
		Summary: "Add an earnings line split for a set of dimension values", Description: "A second split for the same set is a 409." + dimDoc, Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[earningssplit.DimensionEarningsLineSplit], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			d, err := s.SaveDimension(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, in.Body, true)
			return &httpapi.BodyOf[earningssplit.DimensionEarningsLineSplit]{Body: d}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/dimension", Tags: tags,
		Summary: "Change the employee's earnings line split for a set of dimension values", Description: "Changes the split with exactly the body's set of values (404 if none)." + dimDoc, Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[earningssplit.DimensionEarningsLineSplit], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			d, err := s.SaveDimension(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, in.Body, false)
			return &httpapi.BodyOf[earningssplit.DimensionEarningsLineSplit]{Body: d}, err
		})
	dimIDs := func(ctx context.Context) (int64, int64, int64, error) {
		eid, dim, err := pathIDs(ctx, "dimensionId", "dimension")
		if err != nil {
			return 0, 0, 0, err
		}
		val, err := httpapi.PathID(ctx, "dimensionValueId", "dimension value")
		return eid, dim, val, err
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/dimension/{dimensionId}/value/{dimensionValueId}", Tags: tags,
		Summary: "Get the employee's earnings line split with a dimension value", Parameters: httpapi.PathParams("employeeId", "dimensionId", "dimensionValueId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[earningssplit.DimensionEarningsLineSplit], error) {
			eid, dim, val, err := dimIDs(ctx)
			if err != nil {
				return nil, err
			}
			d, err := s.DimensionByValue(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, dim, val)
			return &httpapi.BodyOf[earningssplit.DimensionEarningsLineSplit]{Body: d}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/earningslinesplit/dimension/{dimensionId}/value/{dimensionValueId}", Tags: tags,
		Summary: "Delete the employee's earnings line splits with a dimension value", Parameters: httpapi.PathParams("employeeId", "dimensionId", "dimensionValueId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, dim, val, err := dimIDs(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteDimensionByValue(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), eid, dim, val)
		})
}
