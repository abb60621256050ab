package managerapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/payroll"
)

// ManagerExpenseRequest is an expense request as a manager sees it
// (ManagerExpenseRequestModel): the business shape and canApprove.
type ManagerExpenseRequest struct {
	expense.ExpenseRequest
	CanApprove bool `json:"canApprove" doc:"Pending: the manager may approve or decline it"`
}

func managerExpense(r expense.ExpenseRequest) ManagerExpenseRequest {
	return ManagerExpenseRequest{ExpenseRequest: r, CanApprove: r.Status == expense.StatusPending}
}

// FutureCount is {value}.
type FutureCount struct {
	Value int `json:"value"`
}

// PagedManagerExpenses is PagedResultModelOfManagerExpenseRequestModel.
type PagedManagerExpenses struct {
	ItemCountFuture FutureCount             `json:"itemCountFuture"`
	ItemCount       int                     `json:"itemCount"`
	Items           []ManagerExpenseRequest `json:"items"`
	CurrentPage     int                     `json:"currentPage"`
	PageSize        int                     `json:"pageSize"`
	PageCount       int                     `json:"pageCount"`
}

// ExpenseTaxCode is a tax code an expense line can carry.
type ExpenseTaxCode struct {
	TaxCode            string       `json:"taxCode"`
	TaxCodeDisplayName string       `json:"taxCodeDisplayName"`
	TaxRate            payroll.Rate `json:"taxRate"`
}

// ExpenseReference is what a manager picks from when writing an
// employee's expense request (ExpenseReferenceData).
type ExpenseReference struct {
	ExpenseCategories []expense.ExpenseCategoryOption `json:"expenseCategories"`
	TaxCodes          []ExpenseTaxCode                `json:"taxCodes"`
	Locations         []locations.Location            `json:"locations"`
	DefaultLocationID int64                           `json:"defaultLocationId" doc:"the employee's primary location (0 when none)"`
}

// ManagerAttachment is AttachmentModel.
type ManagerAttachment struct {
	ID           int64            `json:"id"`
	FriendlyName string           `json:"friendlyName"`
	DateCreated  payroll.DateTime `json:"dateCreated"`
	URL          string           `json:"url"`
	DateScanned  payroll.DateTime `json:"dateScanned" nullable:"true"`
	IsInfected   bool             `json:"isInfected"`
}

func taxCodes(region string) []ExpenseTaxCode {
	out := []ExpenseTaxCode{}
	for _, tc := range categories.ExpenseTaxCodes(region) {
		out = append(out, ExpenseTaxCode{TaxCode: tc.ID, TaxCodeDisplayName: tc.Name, TaxRate: tc.TaxRate})
	}
	return out
}

func registerExpenses(a *httpapi.API, d Deps) {
	s := d.Expenses
	etags := []string{"Manager Expenses"}
	ids := func(ctx context.Context) (int64, int64, error) {
		emp, err := employeeID(ctx)
		if err != nil {
			return 0, 0, err
		}
		id, err := httpapi.PathID(ctx, "expenseRequestId", "expense request")
		return emp, id, err
	}
	one := func(r expense.ExpenseRequest, err error) (*httpapi.BodyOf[ManagerExpenseRequest], error) {
		if err != nil {
			return nil, err
		}
		return &httpapi.BodyOf[ManagerExpenseRequest]{Body: managerExpense(r)}, nil
	}
	type edit struct {
		httpapi.BusinessPath
		Body    expense.ExpenseRequestEdit
		RawBody []byte
	}
	epath := httpapi.PathParams("employeeId", "expenseRequestId")

	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/expense", Tags: etags,
		Summary: "List expense requests (manager)",
		Description: "The expense requests of the employees the caller manages, newest first (groupBy Employee: by employee), paged in the database " +
			"with the scope in the same query. Filters: status, fromDate/toDate (a line incurred within, inclusive), employeeId, locationId and " +
			"expenseCategoryId (a line at / of it); currentPage from 1, pageSize 1 to 100 (default 100); also filter.-prefixed."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Status            string `query:"status" doc:"Pending, Approved, Cancelled, Declined or Processed"`
			FromDate          string `query:"fromDate"`
			ToDate            string `query:"toDate"`
			EmployeeID        int64  `query:"employeeId"`
			LocationID        int64  `query:"locationId"`
			ExpenseCategoryID int64  `query:"expenseCategoryId"`
			GroupBy           string `query:"groupBy" doc:"Employee or Date"`
			CurrentPage       int    `query:"currentPage"`
			PageSize          int    `query:"pageSize"`
		}) (*httpapi.BodyOf[PagedManagerExpenses], error) {
			mq := expense.ManagerQuery{Status: in.Status, EmployeeID: in.EmployeeID, LocationID: in.LocationID, ExpenseCategoryID: in.ExpenseCategoryID,
				GroupBy: in.GroupBy, CurrentPage: in.CurrentPage, PageSize: in.PageSize}
			var err error
			if mq.From, mq.To, err = httpapi.QueryDates(in.FromDate, in.ToDate); err != nil {
				return nil, err
			}
			page, err := s.Managed(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), mq)
			if err != nil {
				return nil, err
			}
			out := PagedManagerExpenses{ItemCountFuture: FutureCount{Value: page.ItemCount}, ItemCount: page.ItemCount, Items: make([]ManagerExpenseRequest, 0, len(page.Items)),
				CurrentPage: page.CurrentPage, PageSize: page.PageSize, PageCount: page.PageCount}
			for _, r := range page.Items {
				out.Items = append(out.Items, managerExpense(r))
			}
			return &httpapi.BodyOf[PagedManagerExpenses]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/expense/categories", Tags: etags,
		Summary: "Expense categories (manager)", Description: "The business's expense categories with their tax codes and rates."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]expense.ExpenseCategoryOption], error) {
			list, err := s.CategoryOptions(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[[]expense.ExpenseCategoryOption]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/expense/taxcodes", Tags: etags,
		Summary: "Expense tax codes (manager)", Description: "The tax codes of the business's region an expense line can carry, with their rates (percent)."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]ExpenseTaxCode], error) {
			return &httpapi.BodyOf[[]ExpenseTaxCode]{Body: taxCodes(httpapi.CurrentBusiness(ctx).Region)}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense/reference", Tags: etags,
		Summary:     "Reference data for an employee's expenses (manager)",
		Description: "The expense categories, the region's tax codes, the business's locations and the employee's primary location. An employee the caller does not manage is 404.",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ExpenseReference], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			e, err := d.Employees.Visible(ctx, biz, p, emp)
			if err != nil {
				return nil, err
			}
			out := ExpenseReference{TaxCodes: taxCodes(biz.Region), DefaultLocationID: e.PrimaryLocationID}
			if out.ExpenseCategories, err = s.Categories(ctx, biz, p, emp); err != nil {
				return nil, err
			}
			if out.Locations, err = d.Locations.Locations.List(ctx, biz, 0); err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[ExpenseReference]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense", Tags: etags,
		Summary: "Create an expense request for an employee (manager)",
		Description: "A Pending request of one or more line items (an expense category of the business, an amount over 0, the date incurred, optionally a " +
			"location and a tax code, the category's when omitted). An employee the caller does not manage is 404.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *edit) (*httpapi.BodyOf[ManagerExpenseRequest], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Create(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, in.Body, false))
		})
	httpapi.Register(a, httpapi.OnEmployee(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}", Tags: etags,
		Summary: "Get an expense request (manager)", Parameters: epath},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ManagerExpenseRequest], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}", Tags: etags,
		Summary: "Update an expense request (manager)", Description: "Replaces the description and line items of a Pending request; any other state is 409.",
		Parameters: epath},
		func(ctx context.Context, in *edit) (*httpapi.BodyOf[ManagerExpenseRequest], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Update(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id, in.Body, false))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}", Tags: etags,
		Summary: "Delete an expense request (manager)", Description: "Any request a pay run has not paid; a Processed one is 409.", Parameters: epath},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id)
		})
	// approve and decline decide the request the path names.
	shape := func(_ context.Context, r expense.ExpenseRequest, err error) (*httpapi.BodyOf[ManagerExpenseRequest], error) {
		return one(r, err)
	}
	approve := decision(ids, func(ctx context.Context, emp, id int64, _ string) (expense.ExpenseRequest, error) {
		return s.Approve(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id)
	}, shape)
	decline := decision(ids, func(ctx context.Context, emp, id int64, reason string) (expense.ExpenseRequest, error) {
		return s.Decline(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id, reason)
	}, shape)
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveExpenses), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}/approve", Tags: etags,
		Summary: "Approve an expense request (manager)", Description: "Pending -> Approved; otherwise 409 (of two managers at once, one wins).", Parameters: epath},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[ManagerExpenseRequest], error) {
			return approve(ctx, "")
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveExpenses), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}/decline", Tags: etags,
		Summary: "Decline an expense request (manager)", Description: "Pending -> Declined, the reason (at most 255 characters) kept as statusUpdateNotes; otherwise 409.",
		Parameters: epath},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body *DeclineReason
		}) (*httpapi.BodyOf[ManagerExpenseRequest], error) {
			return decline(ctx, reasonOf(in.Body))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/manager/{employeeId}/expense/{expenseRequestId}/attachment", Tags: etags,
		Summary: "Attach a file to an expense request (manager)",
		Description: "multipart/form-data with a part named file, stored as the employee's document attached to the request (fileName, when given, names it). " +
			"Answers the new attachment. A Processed request is 409.",
		Parameters: epath},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FileName string `query:"fileName" maxLength:"255"`
			httpapi.UploadInput
		}) (*httpapi.BodyOf[ManagerAttachment], error) {
			emp, id, err := ids(ctx)
			if err != nil {
				return nil, err
			}
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			name := f.Name
			if in.FileName != "" {
				name = in.FileName
			}
			r, err := s.Attach(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp, id, []documents.File{{Name: name, ContentType: f.ContentType, Data: f.Data}})
			if err != nil {
				return nil, err
			}
			var last expense.ExpenseAttachment
			for _, at := range r.Attachments {
				if at.ID > last.ID {
					last = at
				}
			}
			return &httpapi.BodyOf[ManagerAttachment]{Body: ManagerAttachment{ID: last.ID, FriendlyName: last.FriendlyName, DateCreated: last.DateCreated, URL: last.URL}}, nil
		})
}
