package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

type bankAccountBody struct {
	httpapi.BusinessPath
	Body    bankaccount.Account
	RawBody []byte
}

func registerBankAccounts(a *httpapi.API, s *bankaccount.Service) {
	tags := []string{"Employee Bank Account"}
	principal := payroll.PrincipalFrom
	const allocation = " An account takes a fixedAmount, an allocatedPercentage or the balance (allocateBalance): fixed amounts are paid first, percentages of what is left, then the balance account takes the rest. Percentages add up to at most 100 and one account at most takes the balance (409 otherwise). validationWarning says when the accounts no longer place all of the pay."

	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/bankaccount", Tags: tags,
		Summary: "List an employee's bank accounts", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
		}) (*httpapi.BodyOf[[]bankaccount.Account], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			if err != nil {
				return nil, err
			}
			list, err = httpapi.ApplyOData(&in.ODataQuery, list)
			return &httpapi.BodyOf[[]bankaccount.Account]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/bankaccount", Tags: tags,
		Summary: "Create a bank account", Description: "AU: bsb ###-###, accountNumber 5-9 digits; UK: bsb is the sort code ##-##-##, accountNumber 8 digits; NZ: accountNumber bank-branch-account-suffix." + allocation,
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *bankAccountBody) (*httpapi.BodyOf[bankaccount.SaveResult], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			res, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, 0, in.Body)
			return &httpapi.BodyOf[bankaccount.SaveResult]{Body: res}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/bankaccount/{bankAccountId}", Tags: tags,
		Summary: "Get a bank account", Parameters: httpapi.PathParams("employeeId", "bankAccountId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[bankaccount.Account], error) {
			eid, id, err := pathIDs(ctx, "bankAccountId", "bank account")
			if err != nil {
				return nil, err
			}
			acct, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
			return &httpapi.BodyOf[bankaccount.Account]{Body: acct}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/bankaccount/{bankAccountId}", Tags: tags,
		Summary: "Update a bank account", Description: "Replaces the account with the body." + allocation, Parameters: httpapi.PathParams("employeeId", "bankAccountId")},
		func(ctx context.Context, in *bankAccountBody) (*httpapi.BodyOf[bankaccount.SaveResult], error) {
			eid, id, err := pathIDs(ctx, "bankAccountId", "bank account")
			if err != nil {
				return nil, err
			}
			res, err := s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id, in.Body)
			return &httpapi.BodyOf[bankaccount.SaveResult]{Body: res}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/bankaccount/{bankAccountId}", Tags: tags,
		Summary: "Delete a bank account", Description: "Answers the deleted account and a validationWarning when the remaining accounts no longer place all of the pay.", Parameters: httpapi.PathParams("employeeId", "bankAccountId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[bankaccount.SaveResult], error) {
			eid, id, err := pathIDs(ctx, "bankAccountId", "bank account")
			if err != nil {
				return nil, err
			}
			res, err := s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, id)
			return &httpapi.BodyOf[bankaccount.SaveResult]{Body: res}, err
		})
}
