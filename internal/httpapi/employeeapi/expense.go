package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

func registerExpenses(a *httpapi.API, s *expense.Service) {
	tags := []string{"Expense Requests"}
	biz := httpapi.CurrentBusiness
	ids := func(ctx context.Context) (int64, int64, error) {
		return pathIDs(ctx, "expenseRequestId", "expense request")
	}
	one := func(r expense.ExpenseRequest, err error) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
		return &httpapi.BodyOf[expense.ExpenseRequest]{Body: r}, err
	}
	type edit struct {
		httpapi.BusinessPath
		Body    expense.ExpenseRequestEdit
		RawBody []byte
	}
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest", Tags: tags,
		Summary: "List an employee's expense requests", Description: "Newest first unless $orderby says otherwise. $filter and $orderby name id, employeeId, status, description, dateCreated, dateStatusUpdated; $top (at most 100) and $skip page in SQL.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]expense.ExpenseRequest], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			q, err := httpapi.ParseOData(&in.ODataQuery)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, q)
			return &httpapi.BodyOf[[]expense.ExpenseRequest]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest", Tags: tags,
		Summary: "Create an expense request",
		Description: "A Pending request of one or more line items: each names an employee expense category of the business, an amount (more than 0, cents), the date incurred and optionally a location and a tax code " +
			"(the category's when omitted; taxRate follows from the code). Approved requests are paid by the next pay run whose period ends on or after every line's date.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *edit) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Create(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, in.Body, false))
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}", Tags: tags,
		Summary: "Get an expense request", Parameters: httpapi.PathParams("employeeId", "expenseRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Get(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}", Tags: tags,
		Summary: "Update an expense request", Description: "Replaces the description and line items of a Pending request; any other state answers 409, as does an edit racing an approval.",
		Parameters: httpapi.PathParams("employeeId", "expenseRequestId")},
		func(ctx context.Context, in *edit) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Update(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id, in.Body, false))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}", Tags: tags,
		Summary: "Delete an expense request", Description: "Any request a pay run has not paid; a Processed one answers 409. Its attachments stay the employee's documents.",
		Parameters: httpapi.PathParams("employeeId", "expenseRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveExpenses), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}/approve", Tags: tags,
		Summary: "Approve an expense request", Description: "Pending -> Approved. A request that is not Pending (or was declined or approved by someone else meanwhile) answers 409.",
		Parameters: httpapi.PathParams("employeeId", "expenseRequestId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Approve(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveExpenses), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}/decline", Tags: tags,
		Summary: "Decline an expense request", Description: "Pending -> Declined. The body is the reason as a JSON string (\"Not a valid expense\"); it is kept as statusUpdateNotes. A request that is not Pending answers 409.",
		Parameters: httpapi.PathParams("employeeId", "expenseRequestId"), SkipValidateBody: true,
		RequestBody: &huma.RequestBody{Content: map[string]*huma.MediaType{"application/json": {Schema: &huma.Schema{Type: "string", MaxLength: ptr(255)}}}}},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			RawBody []byte
		}) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			reason, err := declineReason(in.RawBody)
			if err != nil {
				return nil, err
			}
			return one(s.Decline(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id, reason))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/expenserequest/{expenseRequestId}/attachment", Tags: tags,
		Summary: "Attach files to an expense request", Description: "multipart/form-data with one or more parts named file, stored as the employee's documents attached to the request (GET document/{id}/content downloads them). A Processed request answers 409.",
		Parameters: httpapi.PathParams("employeeId", "expenseRequestId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.UploadInput
		}) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			eid, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			files, err := uploadedFiles(a, &in.RawBody)
			if err != nil {
				return nil, err
			}
			return one(s.Attach(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id, files))
		})
}

func ptr[T any](v T) *T { return &v }
