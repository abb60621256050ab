package employeeapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/inclusion"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// inclusionOps describes one kind's operations; the paths are spelled out
// by the caller.
type inclusionOps[W any] struct {
	kind       inclusion.Kind
	list, item string // full literal paths
	tag, doc   string
	in         func(W) (inclusion.Item, error)
	out        func(inclusion.Item, bool) W
	byExternal bool // GET item also accepts an externalReferenceId
}

func registerInclusion[W any](a *httpapi.API, s *inclusion.Service, o inclusionOps[W]) {
	tags := []string{o.tag}
	principal := payroll.PrincipalFrom
	label := o.kind.Label
	wire := func(s *inclusion.Service, it inclusion.Item) W { return o.out(it, it.Active(s.Clock.Now())) }
	type body struct {
		httpapi.BusinessPath
		Body    W
		RawBody []byte
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: o.list, Tags: tags,
		Summary: "List an employee's recurring " + label + "s", Description: "Supports OData $filter, $orderby, $top, $skip.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *odataList) (*httpapi.BodyOf[[]W], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			items, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), o.kind, eid)
			if err != nil {
				return nil, err
			}
			out := make([]W, len(items))
			for i, it := range items {
				out[i] = wire(s, it)
			}
			out, err = httpapi.ApplyOData(&in.ODataQuery, out)
			return &httpapi.BodyOf[[]W]{Body: out}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: o.list, Tags: tags,
		Summary: "Add a recurring " + label, Description: o.doc, Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[W], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			it, err := o.in(in.Body)
			if err != nil {
				return nil, err
			}
			it, err = s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), o.kind, eid, 0, it)
			return &httpapi.BodyOf[W]{Body: wire(s, it)}, err
		})
	getDoc := ""
	if o.byExternal {
		getDoc = "{id} is the id, or (not a number) the externalReferenceId."
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: o.item, Tags: tags,
		Summary: "Get a recurring " + label, Description: getDoc, Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			ID string `path:"id"`
		}) (*httpapi.BodyOf[W], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			var it inclusion.Item
			if id, perr := strconv.ParseInt(in.ID, 10, 64); perr == nil {
				it, err = s.Get(ctx, biz, principal(ctx), o.kind, eid, id)
			} else if o.byExternal {
				it, err = s.ByExternalReference(ctx, biz, principal(ctx), o.kind, eid, in.ID)
			} else {
				err = payroll.NotFound(label)
			}
			return &httpapi.BodyOf[W]{Body: wire(s, it)}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: o.item, Tags: tags,
		Summary: "Update a recurring " + label, Description: "Replaces it with the body; totalAmountPaid is kept (a maximumAmountPaid below it is a 409). " + o.doc, Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, in *body) (*httpapi.BodyOf[W], error) {
			eid, id, err := pathIDs(ctx, "id", label)
			if err != nil {
				return nil, err
			}
			it, err := o.in(in.Body)
			if err != nil {
				return nil, err
			}
			it, err = s.Save(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), o.kind, eid, id, it)
			return &httpapi.BodyOf[W]{Body: wire(s, it)}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: o.item, Tags: tags,
		Summary: "Delete a recurring " + label, Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := pathIDs(ctx, "id", label)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), o.kind, eid, id)
		})
}

const inclusionDoc = " In force from its start date (default today) until expiryDate or until maximumAmountPaid has been paid (isActive says whether it is in force today); pay runs add to totalAmountPaid."

func registerInclusions(a *httpapi.API, s *inclusion.Service) {
	registerInclusion(a, s, inclusionOps[inclusion.Deduction]{kind: inclusion.Deductions, tag: "Employee Recurring Deduction", byExternal: true,
		list: "/api/v2/business/{businessId}/employee/{employeeId}/deduction", item: "/api/v2/business/{businessId}/employee/{employeeId}/deduction/{id}",
		doc: "amount is an amount (Fixed) or a percentage (Percentage* types, at most 100). paidTo BankAccount names one of the employee's bank accounts (paidToAccountId)." + inclusionDoc,
		in:  inclusion.Deduction.Item, out: inclusion.DeductionOf})
	registerInclusion(a, s, inclusionOps[inclusion.Liability]{kind: inclusion.Liabilities, tag: "Employee Recurring Employer Liability",
		list: "/api/v2/business/{businessId}/employee/{employeeId}/employerliability", item: "/api/v2/business/{businessId}/employee/{employeeId}/employerliability/{id}",
		doc: "amount is an amount (Fixed) or a percentage (Percentage* types)." + inclusionDoc,
		in:  inclusion.Liability.Item, out: inclusion.LiabilityOf})
	registerInclusion(a, s, inclusionOps[inclusion.AdditionalEarnings]{kind: inclusion.Earnings, tag: "Employee Recurring Additional Earnings",
		list: "/api/v2/business/{businessId}/employee/{employeeId}/additional-earnings", item: "/api/v2/business/{businessId}/employee/{employeeId}/additional-earnings/{id}",
		doc: "An earnings line in the pay category (payCategoryId) each pay run: amount, or units at the employee's rate." + inclusionDoc,
		in:  inclusion.AdditionalEarnings.Item, out: inclusion.EarningsOf})
	registerInclusion(a, s, inclusionOps[inclusion.Expense]{kind: inclusion.Expenses, tag: "Employee Recurring Expense",
		list: "/api/v2/business/{businessId}/employee/{employeeId}/expense", item: "/api/v2/business/{businessId}/employee/{employeeId}/expense/{id}",
		doc: "A reimbursed expense in the expense category (expenseCategoryId) each pay run." + inclusionDoc,
		in:  inclusion.Expense.Item, out: inclusion.ExpenseOf})

	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/deduction", Tags: []string{"Employee Recurring Deduction"},
		Summary: "List recurring deductions by external reference id", Description: "The body is an array of externalReferenceIds; the answer lists the business's recurring deductions (of the employees the caller may see) with any of them."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body []string `maxItems:"1000"`
		}) (*httpapi.BodyOf[[]inclusion.Deduction], error) {
			items, err := s.ByExternalReferences(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), inclusion.Deductions, in.Body)
			if err != nil {
				return nil, err
			}
			out := make([]inclusion.Deduction, len(items))
			for i, it := range items {
				out[i] = inclusion.DeductionOf(it, it.Active(s.Clock.Now()))
			}
			return &httpapi.BodyOf[[]inclusion.Deduction]{Body: out}, nil
		})
}
