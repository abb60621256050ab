package employeeapi

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

func registerSMSF(a *httpapi.API, s *ess.SMSFs) {
	tags := []string{"Employee Self Managed Super Fund"}
	principal := payroll.PrincipalFrom
	type fundBody struct {
		httpapi.BusinessPath
		Body    au.SelfManagedSuperFund
		RawBody []byte
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/selfmanagedsuperfund", Tags: tags,
		Summary: "List the employee's self-managed super funds", Description: "AU only.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]au.SelfManagedSuperFund], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]au.SelfManagedSuperFund]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/selfmanagedsuperfund", Tags: tags,
		Summary: "Add a self-managed super fund to the employee", Description: "AU only. The rules of a business fund apply (ABN, BSB, account, a registered electronic service address); one fund per ABN per employee (409).",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *fundBody) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			f, err := s.Create(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/selfmanagedsuperfund/{id}", Tags: tags,
		Summary: "Get one of the employee's self-managed super funds", Description: "AU only.", Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			eid, id, err := pathIDs(ctx, "id", "self-managed super fund")
			if err != nil {
				return nil, err
			}
			f, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/selfmanagedsuperfund/{id}", Tags: tags,
		Summary: "Update one of the employee's self-managed super funds", Description: "AU only. Members the body omits keep their values.", Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *fundBody) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			eid, id, err := pathIDs(ctx, "id", "self-managed super fund")
			if err != nil {
				return nil, err
			}
			f, err := s.Update(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, in.RawBody)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})
}
