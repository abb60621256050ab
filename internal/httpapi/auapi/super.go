// Package auapi serves the AU employer-side extras: an employee's super
// funds and super adjustments, payment summaries and the AU reports
// (ordinary time earnings, PAYG, payment file, pay run activity).
package auapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/superadjustment"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/httpapi/essapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
)

// Deps are the services served.
type Deps struct {
	// SuperFunds are the employee's fund slots, the same service the
	// self-service superfunds operations use.
	SuperFunds       *ess.SuperFunds
	SuperAdjustments *superadjustment.Service
	Reports          *report.Service
	// Payslips compute the payment summaries (the same year totals
	// self-service shows).
	Payslips *ess.Payslips
}

// Register serves them. Pass it in httpapi.Deps.Areas.
func Register(d Deps) func(*httpapi.API) {
	return func(a *httpapi.API) {
		registerSuperFunds(a, d.SuperFunds)
		registerSuperAdjustments(a, d.SuperAdjustments)
		registerReports(a, d.Reports)
		registerPaymentSummaries(a, d.Payslips)
	}
}

// The employee record path parameters (httpapi).
var (
	pathEmployee = httpapi.EmployeePathID
	pathIDs      = httpapi.EmployeeRecordPathIDs
)

func registerSuperFunds(a *httpapi.API, s *ess.SuperFunds) {
	tags := []string{"Employee Super Fund"}
	biz := httpapi.CurrentBusiness
	p := payroll.PrincipalFrom
	doc := "AU. The employee's super funds are the three fund slots of the employee record (superFund1_... to superFund3_...), the same funds " +
		"the employee sees and edits in self-service (/api/v2/ess/{employeeId}/superfunds); a fund's id is its slot. " +
		"A fund with neither allocatedPercentage nor fixedAmount takes the balance."
	warn := " validationWarning says when the allocations do not add up."
	result := func(f ess.SuperFund, w string) *httpapi.BodyOf[essapi.EssSuperFundResult] {
		return &httpapi.BodyOf[essapi.EssSuperFundResult]{Body: essapi.EssSuperFundResult{ValidationWarning: w, Result: essapi.SuperFundModel(f)}}
	}
	type body struct {
		httpapi.BusinessPath
		Body ess.SuperFundInput
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superfund", Tags: tags,
		Summary: "List super funds", Description: doc + " By slot.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]essapi.EssSuperFund], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			fs, err := s.List(ctx, biz(ctx), p(ctx), eid)
			if err != nil {
				return nil, err
			}
			out := make([]essapi.EssSuperFund, 0, len(fs))
			for _, f := range fs {
				out = append(out, essapi.SuperFundModel(f))
			}
			return &httpapi.BodyOf[[]essapi.EssSuperFund]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superfund/{superFundId}", Tags: tags,
		Summary: "Get super fund by ID", Description: doc + " An empty slot is 404.", Parameters: httpapi.PathParams("employeeId", "superFundId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[essapi.EssSuperFund], error) {
			eid, id, err := pathIDs(ctx, "superFundId", "super fund")
			if err != nil {
				return nil, err
			}
			f, err := s.Get(ctx, biz(ctx), p(ctx), eid, id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[essapi.EssSuperFund]{Body: essapi.SuperFundModel(f)}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superfund", Tags: tags,
		Summary: "Create super fund", Description: doc + " The fund goes in the first empty slot (409 when all three are used)." + warn,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[essapi.EssSuperFundResult], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			f, w, err := s.Save(ctx, biz(ctx), p(ctx), eid, 0, in.Body)
			if err != nil {
				return nil, err
			}
			return result(f, w), nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superfund/{id}", Tags: tags,
		Summary: "Update super fund", Description: doc + " Replaces the fund of the slot (an empty slot is 404)." + warn,
		Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[essapi.EssSuperFundResult], error) {
			eid, id, err := pathIDs(ctx, "id", "super fund")
			if err != nil {
				return nil, err
			}
			f, w, err := s.Save(ctx, biz(ctx), p(ctx), eid, id, in.Body)
			if err != nil {
				return nil, err
			}
			return result(f, w), nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superfund/{superfundId}", Tags: tags,
		Summary: "Delete super fund", Description: doc + " Empties the slot (an empty slot is 404); result is the fund deleted." + warn,
		Parameters: httpapi.PathParams("employeeId", "superfundId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[essapi.EssSuperFundResult], error) {
			eid, id, err := pathIDs(ctx, "superfundId", "super fund")
			if err != nil {
				return nil, err
			}
			f, err := s.Get(ctx, biz(ctx), p(ctx), eid, id)
			if err != nil {
				return nil, err
			}
			w, err := s.Delete(ctx, biz(ctx), p(ctx), eid, id)
			if err != nil {
				return nil, err
			}
			return result(f, w), nil
		})
}

func registerSuperAdjustments(a *httpapi.API, s *superadjustment.Service) {
	tags := []string{"Employee Super Adjustment"}
	biz := httpapi.CurrentBusiness
	p := payroll.PrincipalFrom
	type body struct {
		httpapi.BusinessPath
		Body    superadjustment.SuperAdjustment
		RawBody []byte
	}
	const doc = "AU. A super contribution recorded against the employee outside a pay run: a Fixed amount of a contributionType (default " +
		"EmployerContribution) made on fromDate (default today). It counts as paid (totalAmountPaid is the amount) and the super contributions " +
		"reports (B/report/supercontributions/byemployee, /bysuperfund, /xlsx) list it on fromDate, unless they are filtered by pay run or pay schedule. " +
		"Percentage adjustment types need a pay run's earnings: they are pay run super adjustments here, and are refused (400)."
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superadjustment", Tags: tags,
		Summary: "List employee super adjustments", Description: doc + " Oldest first.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]superadjustment.SuperAdjustment], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, biz(ctx), p(ctx), eid)
			return &httpapi.BodyOf[[]superadjustment.SuperAdjustment]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superadjustment", Tags: tags,
		Summary: "Create employee super adjustment", Description: doc, Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[superadjustment.SuperAdjustment], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			adj, err := s.Save(ctx, biz(ctx), p(ctx), eid, 0, in.Body)
			return &httpapi.BodyOf[superadjustment.SuperAdjustment]{Body: adj}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superadjustment/{id}", Tags: tags,
		Summary: "Get employee super adjustment", Description: doc, Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[superadjustment.SuperAdjustment], error) {
			eid, id, err := pathIDs(ctx, "id", "super adjustment")
			if err != nil {
				return nil, err
			}
			adj, err := s.Get(ctx, biz(ctx), p(ctx), eid, id)
			return &httpapi.BodyOf[superadjustment.SuperAdjustment]{Body: adj}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superadjustment/{id}", Tags: tags,
		Summary: "Update employee super adjustment", Description: "Replaces it with the body. " + doc, Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[superadjustment.SuperAdjustment], error) {
			eid, id, err := pathIDs(ctx, "id", "super adjustment")
			if err != nil {
				return nil, err
			}
			adj, err := s.Save(ctx, biz(ctx), p(ctx), eid, id, in.Body)
			return &httpapi.BodyOf[superadjustment.SuperAdjustment]{Body: adj}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/superadjustment/{id}", Tags: tags,
		Summary: "Delete employee super adjustment", Description: "Removes it, and its contribution from the super reports.", Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := pathIDs(ctx, "id", "super adjustment")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, biz(ctx), p(ctx), eid, id)
		})
}
