package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// EssSuperFund is SuperFundModel.
type EssSuperFund struct {
	ID                      int64           `json:"id" doc:"the fund's slot on the employee record (1 to 3)"`
	EmployeeID              int64           `json:"employeeId"`
	Name                    string          `json:"name"`
	MemberNumber            string          `json:"memberNumber"`
	AllocatedPercentage     payroll.Rate    `json:"allocatedPercentage" doc:"0 when the fund has a fixed amount or takes the balance"`
	FixedAmount             payroll.Money   `json:"fixedAmount"`
	SuperProduct            au.SuperProduct `json:"superProduct" doc:"the register's product; only productCode and productName when it is not in the register"`
	AllocateBalance         bool            `json:"allocateBalance"`
	CanBeDeleted            bool            `json:"canBeDeleted"`
	IsEmployerNominatedFund bool            `json:"isEmployerNominatedFund"`
}

// EssSuperFundResult is SaveSuperFundResponseModel.
type EssSuperFundResult struct {
	ValidationWarning string       `json:"validationWarning" doc:"empty, or how the allocations do not add up"`
	Result            EssSuperFund `json:"result"`
}

// SuperFundModel is the wire form of a fund (also served at
// B/employee/{employeeId}/superfund, internal/httpapi/auapi).
func SuperFundModel(f ess.SuperFund) EssSuperFund {
	out := EssSuperFund{ID: f.ID, EmployeeID: f.EmployeeID, Name: f.Name, MemberNumber: f.MemberNumber, SuperProduct: f.Product,
		AllocateBalance: f.AllocateBalance(), CanBeDeleted: true, IsEmployerNominatedFund: f.IsEmployerNominatedFund}
	if f.AllocatedPercentage != nil {
		out.AllocatedPercentage = *f.AllocatedPercentage
	}
	if f.FixedAmount != nil {
		out.FixedAmount = *f.FixedAmount
	}
	return out
}

func registerSuper(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Super"}
	biz := httpapi.CurrentBusiness
	s := d.SuperFunds
	gate := func(ctx context.Context) error {
		return d.ESS.Allow(ctx, biz(ctx), httpapi.SelfEmployee(ctx), ess.EditSuperFunds)
	}
	doc := "AU. The employee's super funds are the three fund slots of the employee record (superFund1_... to superFund3_...); a fund's id is its slot. " +
		"A fund with neither allocatedPercentage nor fixedAmount takes the balance."
	write := " Writes need allowEmployeeSuperFundSelfService (403 otherwise); validationWarning says when the allocations do not add up."
	register2FA(a, httpapi.SelfService(business.ViewEmployeeDetails), "/api/v2/ess/{employeeId}/superfunds/swagrequired2fa", huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/superfunds", Tags: tags,
		Summary: "Get super funds", Description: doc},
		func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[[]EssSuperFund], error) {
			fs, err := s.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			if err != nil {
				return nil, err
			}
			out := make([]EssSuperFund, 0, len(fs))
			for _, f := range fs {
				out = append(out, SuperFundModel(f))
			}
			return &httpapi.BodyOf[[]EssSuperFund]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/superfunds/{superFundId}", Tags: tags,
		Summary: "Get super fund by ID", Description: doc + " An empty slot is 404.", Parameters: httpapi.PathParams("superFundId")},
		func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[EssSuperFund], error) {
			id, err := httpapi.PathID(ctx, "superFundId", "super fund")
			if err != nil {
				return nil, err
			}
			f, err := s.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssSuperFund]{Body: SuperFundModel(f)}, nil
		})
	save := func(ctx context.Context, emp, id int64, in ess.SuperFundInput) (*httpapi.BodyOf[EssSuperFundResult], error) {
		if err := gate(ctx); err != nil {
			return nil, err
		}
		f, warn, err := s.Save(ctx, biz(ctx), principal(ctx), emp, id, in)
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[EssSuperFundResult]{Body: EssSuperFundResult{ValidationWarning: warn, Result: SuperFundModel(f)}}, nil
	}
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/superfunds", Tags: tags,
		Summary: "Create super fund", Description: doc + " The fund goes in the first empty slot (409 when all three are used)." + write},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body ess.SuperFundInput
		}) (*httpapi.BodyOf[EssSuperFundResult], error) {
			return save(ctx, in.EmployeeID, 0, in.Body)
		})
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/superfunds/{id}", Tags: tags,
		Summary: "Update super fund", Description: doc + " Replaces the fund of the slot (an empty slot is 404)." + write, Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body ess.SuperFundInput
		}) (*httpapi.BodyOf[EssSuperFundResult], error) {
			id, err := httpapi.PathID(ctx, "id", "super fund")
			if err != nil {
				return nil, err
			}
			return save(ctx, in.EmployeeID, id, in.Body)
		})
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/superfunds/{superfundId}", Tags: tags,
		Summary: "Delete super fund", Description: doc + " Empties the slot (an empty slot is 404); result is the fund deleted." + write, Parameters: httpapi.PathParams("superfundId")},
		func(ctx context.Context, in *struct{ httpapi.ESSPath }) (*httpapi.BodyOf[EssSuperFundResult], error) {
			id, err := httpapi.PathID(ctx, "superfundId", "super fund")
			if err != nil {
				return nil, err
			}
			if err := gate(ctx); err != nil {
				return nil, err
			}
			f, err := s.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			warn, err := s.Delete(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssSuperFundResult]{Body: EssSuperFundResult{ValidationWarning: warn, Result: SuperFundModel(f)}}, nil
		})
}
