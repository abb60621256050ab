package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

func registerMoney(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Bank Accounts"}
	b := d.BankAccounts
	register2FA(a, httpapi.SelfService(business.EditAllEmployeeDetails), "/api/v2/ess/{employeeId}/bankaccounts/swagrequired2fa", huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/bankaccounts", Tags: tags,
		Summary: "Add a bank account (self-service)", Description: "As E/bankaccount (allocations must add up). The employee needs allowEmployeeBankAccountSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body bankaccount.Account
		}) (*httpapi.BodyOf[bankaccount.SaveResult], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditBankAccounts); err != nil {
				return nil, err
			}
			body := in.Body
			if httpapi.SelfEmployee(ctx) {
				body.IsEmployeeEditable = nil // only the business may lock an account against the employee
			}
			res, err := b.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, 0, body)
			return &httpapi.BodyOf[bankaccount.SaveResult]{Body: res}, err
		})
	register2FA(a, httpapi.SelfService(business.ViewEmployeeDetails), "/api/v2/ess/{employeeId}/bankaccounts/{bankAccountId}/swagrequired2fa", huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/bankaccounts/{bankAccountId}", Tags: tags,
		Summary: "Get a bank account (self-service)", Parameters: httpapi.PathParams("bankAccountId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[bankaccount.Account], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			aid, err := httpapi.PathID(ctx, "bankAccountId", "bank account")
			if err != nil {
				return nil, err
			}
			acc, err := b.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, aid)
			return &httpapi.BodyOf[bankaccount.Account]{Body: acc}, err
		})
	register2FA(a, httpapi.SelfService(business.EditAllEmployeeDetails), "/api/v2/ess/{employeeId}/bankaccounts/{bankAccountId}/swagrequired2fa", huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/bankaccounts/{bankAccountId}", Tags: tags,
		Summary:     "Delete a bank account (self-service)",
		Description: "The employee needs allowEmployeeBankAccountSelfService and may not delete an account the business marked not employee-editable (403).",
		Parameters:  httpapi.PathParams("bankAccountId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[bankaccount.SaveResult], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			aid, err := httpapi.PathID(ctx, "bankAccountId", "bank account")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditBankAccounts); err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			if httpapi.SelfEmployee(ctx) {
				acc, err := b.Get(ctx, biz, principal(ctx), id, aid)
				if err != nil {
					return nil, err
				}
				if acc.IsEmployeeEditable != nil && !*acc.IsEmployeeEditable {
					return nil, payroll.Forbidden("the business manages this bank account; ask them to change it")
				}
			}
			res, err := b.Delete(ctx, biz, principal(ctx), id, aid)
			return &httpapi.BodyOf[bankaccount.SaveResult]{Body: res}, err
		})

	tags = []string{"Employee Self Service Super"}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/superfunds/productsearch", Tags: tags,
		Summary: "Search super fund products (self-service)", Description: "AU: the registry searched by USI, ABN or name (searchBy All, Usi, Abn, Name)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			SearchBy string `query:"searchBy" doc:"All, Usi, Abn or Name (any case)"`
			Term     string `query:"term" required:"true"`
		}) (*httpapi.BodyOf[[]au.SuperProduct], error) {
			if biz := httpapi.CurrentBusiness(ctx); biz.Region != "AU" {
				return nil, record.RegionError("super fund product search", au.Regions, biz)
			}
			list, err := d.SuperRegistry.Search(in.SearchBy, in.Term)
			return &httpapi.BodyOf[[]au.SuperProduct]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/selfmanagedsuperfund", Tags: tags,
		Summary: "Add a self-managed super fund (self-service)", Description: "AU. As E/selfmanagedsuperfund; the employee needs allowEmployeeSuperFundSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body au.SelfManagedSuperFund
		}) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditSuperFunds); err != nil {
				return nil, err
			}
			f, err := d.SMSFs.Create(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, in.Body)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})
}
