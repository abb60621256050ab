package essapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// pageParam parses an optional positive integer query parameter.
func pageParam(member, s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, payroll.Invalid(member, "%s must be a whole number", member)
	}
	return n, nil
}

// registerExpenses serves the employee's expense requests in
// self-service, on the expense service with self set for the employee
// themself (who needs allowEmployeeExpensesSelfService to submit or edit).
func registerExpenses(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Expenses"}
	s := d.Expenses
	biz := httpapi.CurrentBusiness
	one := func(r expense.ExpenseRequest, err error) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
		return &httpapi.BodyOf[expense.ExpenseRequest]{Body: r}, err
	}
	ids := func(ctx context.Context) (int64, int64, error) {
		eid, err := employeeID(ctx)
		if err != nil {
			return 0, 0, err
		}
		id, err := httpapi.PathID(ctx, "expenseRequestId", "expense request")
		return eid, id, err
	}
	type edit struct {
		httpapi.ESSPath
		Body    expense.ExpenseRequestEdit
		RawBody []byte
	}
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/expense", Tags: tags,
		Summary: "List the employee's expense requests (self-service)", Description: "Newest first, paged in SQL: currentPage from 1, pageSize 1 to 100 (default 100)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			CurrentPage string `query:"currentPage"`
			PageSize    string `query:"pageSize"`
		}) (*httpapi.BodyOf[[]expense.ExpenseRequest], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			page, err := pageParam("currentPage", in.CurrentPage)
			if err != nil {
				return nil, err
			}
			size, err := pageParam("pageSize", in.PageSize)
			if err != nil {
				return nil, err
			}
			list, err := s.Page(ctx, biz(ctx), principal(ctx), eid, page, size)
			return &httpapi.BodyOf[[]expense.ExpenseRequest]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateExpenses), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/expense", Tags: tags,
		Summary: "Submit an expense request (self-service)", Description: "A Pending request, as E/expenserequest. The employee needs allowEmployeeExpensesSelfService (403 otherwise)."},
		func(ctx context.Context, in *edit) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Create(ctx, biz(ctx), principal(ctx), eid, in.Body, httpapi.SelfEmployee(ctx)))
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/expense/{expenseRequestId}", Tags: tags,
		Summary: "Get an expense request (self-service)", Parameters: httpapi.PathParams("expenseRequestId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Get(ctx, biz(ctx), principal(ctx), eid, id))
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateExpenses), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/expense/{expenseRequestId}", Tags: tags,
		Summary: "Cancel an expense request (self-service)", Description: "Pending -> Cancelled (kept, answered); a request that is not Pending, or that a manager approves or declines at the same moment, answers 409.",
		Parameters: httpapi.PathParams("expenseRequestId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Cancel(ctx, biz(ctx), principal(ctx), eid, id))
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/expense/categories", Tags: tags,
		Summary: "Expense categories the employee may claim (self-service)"},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[[]expense.ExpenseCategoryOption], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Categories(ctx, biz(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]expense.ExpenseCategoryOption]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/expense/summary", Tags: tags,
		Summary: "The employee's paid expenses by category (self-service)"},
		func(ctx context.Context, _ *httpapi.ESSPath) (*httpapi.BodyOf[[]expense.ExpensePaymentSummary], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Summary(ctx, biz(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]expense.ExpensePaymentSummary]{Body: list}, err
		})
}
