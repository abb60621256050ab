package essapi

import (
	"context"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee/bankaccount"
	"github.com/payrolld/payrolld/internal/employee/qualification"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
)

// EssQualificationDocument is EssEmployeeQualificationDocumentModel.
type EssQualificationDocument struct {
	ID          int64            `json:"id"`
	Name        string           `json:"name"`
	DateCreated payroll.DateTime `json:"dateCreated"`
	Visible     bool             `json:"visible"`
	URL         string           `json:"url" doc:"the self-service download of the document"`
}

// EssQualification is EssEmployeeQualificationModel.
type EssQualification struct {
	ID               int64                      `json:"id"`
	QualificationID  int64                      `json:"qualificationId"`
	Name             string                     `json:"name"`
	ExpiryDate       payroll.DateTimeOrMin      `json:"expiryDate"`
	IssueDate        payroll.DateTimeOrMin      `json:"issueDate"`
	Documents        []EssQualificationDocument `json:"documents"`
	ReferenceNumber  string                     `json:"referenceNumber"`
	HasQualification bool                       `json:"hasQualification"`
	IsExpired        bool                       `json:"isExpired"`
	IsExpiring       bool                       `json:"isExpiring"`
}

func essQualification(emp int64, q qualification.EmployeeQualification) EssQualification {
	out := EssQualification{ID: q.ID, QualificationID: q.QualificationID, Name: q.Name, ExpiryDate: orMin(q.ExpiryDate), IssueDate: orMin(q.IssueDate),
		Documents: []EssQualificationDocument{}, ReferenceNumber: q.ReferenceNumber, HasQualification: true, IsExpired: q.IsExpired, IsExpiring: q.IsExpiring}
	for _, doc := range q.Documents {
		out.Documents = append(out.Documents, EssQualificationDocument{ID: doc.ID, Name: doc.Name, DateCreated: doc.DateCreated, Visible: doc.Visible,
			URL: fmt.Sprintf("/api/v2/ess/%d/document/download/%d", emp, doc.ID)})
	}
	return out
}

// EssBankAccount is AuEssBankAccountModel.
type EssBankAccount struct {
	AccountType         string        `json:"accountType" enum:"Electronic,ManualDeposit,CashOrCheque,Bpay"`
	ID                  int64         `json:"id"`
	EmployeeID          int64         `json:"employeeId"`
	BSB                 string        `json:"bsb"`
	AccountName         string        `json:"accountName"`
	AccountNumber       string        `json:"accountNumber"`
	AllocatedPercentage payroll.Rate  `json:"allocatedPercentage" doc:"0 when the account has a fixed amount or takes the balance"`
	FixedAmount         payroll.Money `json:"fixedAmount"`
	AllocateBalance     bool          `json:"allocateBalance"`
	IsEmployeeEditable  bool          `json:"isEmployeeEditable"`
	CanBeDeleted        bool          `json:"canBeDeleted"`
	ExternalReferenceID string        `json:"externalReferenceId"`
}

func essBankAccount(acc bankaccount.Account) EssBankAccount {
	out := EssBankAccount{AccountType: acc.AccountType, ID: acc.ID, EmployeeID: acc.EmployeeID, BSB: acc.BSB, AccountName: acc.AccountName,
		AccountNumber: acc.AccountNumber, AllocateBalance: acc.AllocateBalance, IsEmployeeEditable: acc.IsEmployeeEditable == nil || *acc.IsEmployeeEditable,
		CanBeDeleted: acc.CanBeDeleted, ExternalReferenceID: acc.ExternalReferenceID}
	if out.AccountType == "" {
		out.AccountType = "Electronic"
	}
	if acc.AllocatedPercentage != nil {
		out.AllocatedPercentage = *acc.AllocatedPercentage
	}
	if acc.FixedAmount != nil {
		out.FixedAmount = *acc.FixedAmount
	}
	return out
}

// EssBankAccountResult is AuEssSaveBankAccountResponseModel.
type EssBankAccountResult struct {
	ValidationWarning string         `json:"validationWarning" doc:"empty, or how the allocations do not add up"`
	Result            EssBankAccount `json:"result"`
}

func registerRecords(a *httpapi.API, d Deps) {
	biz := httpapi.CurrentBusiness
	pathID := httpapi.PathID

	// Bank accounts.
	tags := []string{"Employee Self Service Bank Accounts"}
	register2FA(a, httpapi.SelfService(business.ViewEmployeeDetails), "/api/v2/ess/{employeeId}/bankaccounts/swagrequired2fa", huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/bankaccounts", Tags: tags,
		Summary: "List the employee's bank accounts (self-service)", Description: "As E/bankaccount, in the self-service shape."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]EssBankAccount], error) {
			list, err := d.BankAccounts.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			out := make([]EssBankAccount, len(list))
			for i, acc := range list {
				out[i] = essBankAccount(acc)
			}
			return &httpapi.BodyOf[[]EssBankAccount]{Body: out}, err
		})
	register2FA(a, httpapi.SelfService(business.EditAllEmployeeDetails), "/api/v2/ess/{employeeId}/bankaccounts/{id}/swagrequired2fa", huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/bankaccounts/{id}", Tags: tags,
		Summary: "Update a bank account (self-service)", Parameters: httpapi.PathParams("id"),
		Description: "Replaces the account's details (allocations must add up, as E/bankaccount). The employee needs allowEmployeeBankAccountSelfService and may not " +
			"change an account the business marked not employee-editable (403); isEmployeeEditable is the business's to set."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body bankaccount.Account
		}) (*httpapi.BodyOf[EssBankAccountResult], error) {
			aid, err := pathID(ctx, "id", "bank account")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditBankAccounts); err != nil {
				return nil, err
			}
			cur, err := d.BankAccounts.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, aid)
			if err != nil {
				return nil, err
			}
			body := in.Body
			if httpapi.SelfEmployee(ctx) {
				if cur.IsEmployeeEditable != nil && !*cur.IsEmployeeEditable {
					return nil, payroll.Forbidden("the business manages this bank account; ask them to change it")
				}
				body.IsEmployeeEditable = cur.IsEmployeeEditable
			}
			res, err := d.BankAccounts.Save(ctx, biz(ctx), principal(ctx), in.EmployeeID, aid, body)
			if err != nil {
				return nil, err
			}
			out := EssBankAccountResult{Result: essBankAccount(res.Result)}
			if res.ValidationWarning != nil {
				out.ValidationWarning = *res.ValidationWarning
			}
			return &httpapi.BodyOf[EssBankAccountResult]{Body: out}, nil
		})

	// Self-managed super funds.
	tags = []string{"Employee Self Service Super"}
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/selfmanagedsuperfund", Tags: tags,
		Summary: "List the employee's self-managed super funds (self-service)", Description: "AU. As E/selfmanagedsuperfund."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]au.SelfManagedSuperFund], error) {
			list, err := d.SMSFs.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			return &httpapi.BodyOf[[]au.SelfManagedSuperFund]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/selfmanagedsuperfund/{id}", Tags: tags,
		Summary: "Get a self-managed super fund (self-service)", Description: "AU.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			id, err := pathID(ctx, "id", "self-managed super fund")
			if err != nil {
				return nil, err
			}
			f, err := d.SMSFs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, id)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/selfmanagedsuperfund/{id}", Tags: tags,
		Summary: "Update a self-managed super fund (self-service)", Parameters: httpapi.PathParams("id"),
		Description: "AU. As PUT E/selfmanagedsuperfund/{id} (members the body omits keep their values); the employee needs allowEmployeeSuperFundSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body    au.SelfManagedSuperFund
			RawBody []byte
		}) (*httpapi.BodyOf[au.SelfManagedSuperFund], error) {
			id, err := pathID(ctx, "id", "self-managed super fund")
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditSuperFunds); err != nil {
				return nil, err
			}
			f, err := d.SMSFs.Update(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, in.RawBody)
			return &httpapi.BodyOf[au.SelfManagedSuperFund]{Body: f}, err
		})

	// Qualifications.
	tags = []string{"Employee Self Service Qualifications"}
	qs := d.Qualifications
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/qualification", Tags: tags,
		Summary: "List the employee's qualifications (self-service)", Description: "id is the employee qualification's own id."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]EssQualification], error) {
			list, err := qs.List(ctx, biz(ctx), principal(ctx), in.EmployeeID)
			out := make([]EssQualification, len(list))
			for i, q := range list {
				out[i] = essQualification(in.EmployeeID, q)
			}
			return &httpapi.BodyOf[[]EssQualification]{Body: out}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/qualification/{id}", Tags: tags,
		Summary: "Get a qualification (self-service)", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[EssQualification], error) {
			id, err := pathID(ctx, "id", "qualification")
			if err != nil {
				return nil, err
			}
			q, err := qs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id)
			return &httpapi.BodyOf[EssQualification]{Body: essQualification(in.EmployeeID, q)}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/qualification/{id}", Tags: tags,
		Summary: "Update a qualification (self-service)", Parameters: httpapi.PathParams("id"),
		Description: "Replaces the issue and expiry dates and reference number of the employee qualification {id}. Its qualification cannot change " +
			"(a different qualificationId is a 400: remove it and add the other)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body qualification.EmployeeQualificationRequest
		}) (*httpapi.BodyOf[EssQualification], error) {
			id, err := pathID(ctx, "id", "qualification")
			if err != nil {
				return nil, err
			}
			cur, err := qs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id)
			if err != nil {
				return nil, err
			}
			body := in.Body
			if body.QualificationID != 0 && body.QualificationID != cur.QualificationID {
				return nil, payroll.Invalid("qualificationId", "qualificationId must stay %d: remove the qualification and add the other", cur.QualificationID)
			}
			body.QualificationID, body.Name = cur.QualificationID, ""
			q, err := qs.Save(ctx, biz(ctx), principal(ctx), in.EmployeeID, body)
			return &httpapi.BodyOf[EssQualification]{Body: essQualification(in.EmployeeID, q)}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/qualification/{employeeQualificationId}/attachment", Tags: tags,
		Summary: "Upload a qualification's document (self-service)", Parameters: httpapi.PathParams("employeeQualificationId"),
		Description: "The multipart part file is stored as an employee document visible to the employee and attached to the qualification; " +
			"answers the qualification with its documents."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			httpapi.UploadInput
		}) (*httpapi.BodyOf[EssQualification], error) {
			id, err := pathID(ctx, "employeeQualificationId", "qualification")
			if err != nil {
				return nil, err
			}
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			files := []documents.File{{Name: f.Name, ContentType: f.ContentType, Data: f.Data}}
			if _, err := qs.UploadDocuments(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id, files, true); err != nil {
				return nil, err
			}
			q, err := qs.Get(ctx, biz(ctx), principal(ctx), in.EmployeeID, qualification.ByID, id)
			return &httpapi.BodyOf[EssQualification]{Body: essQualification(in.EmployeeID, q)}, err
		})

	// Expenses.
	tags = []string{"Employee Self Service Expenses"}
	xs := d.Expenses
	httpapi.Register(a, httpapi.SelfService(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/expense/{expenseRequestId}", Tags: tags,
		Summary: "Update an expense request (self-service)", Parameters: httpapi.PathParams("expenseRequestId"),
		Description: "Replaces a Pending request's description and lines (409 once it left Pending, or when a manager approves or declines it at the same moment). " +
			"The employee needs allowEmployeeExpensesSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body expense.ExpenseRequestEdit
		}) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			id, err := pathID(ctx, "expenseRequestId", "expense request")
			if err != nil {
				return nil, err
			}
			r, err := xs.Update(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, in.Body, httpapi.SelfEmployee(ctx))
			return &httpapi.BodyOf[expense.ExpenseRequest]{Body: r}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.CreateExpenses), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/expense/{expenseRequestId}/attachment", Tags: tags,
		Summary: "Upload an attachment to an expense request (self-service)", Parameters: httpapi.PathParams("expenseRequestId"),
		Description: "The multipart part file is stored as an employee document attached to the request (not to a Processed one: 409); answers the request. " +
			"The employee needs allowEmployeeExpensesSelfService (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			httpapi.UploadInput
		}) (*httpapi.BodyOf[expense.ExpenseRequest], error) {
			id, err := pathID(ctx, "expenseRequestId", "expense request")
			if err != nil {
				return nil, err
			}
			if httpapi.SelfEmployee(ctx) && xs.SelfServiceAllowed != nil {
				ok, err := xs.SelfServiceAllowed(ctx, biz(ctx))
				if err != nil {
					return nil, err
				}
				if !ok {
					return nil, payroll.Forbidden("the business does not let employees submit expenses in self-service (employee portal settings: allowEmployeeExpensesSelfService)")
				}
			}
			f, err := a.UploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			r, err := xs.Attach(ctx, biz(ctx), principal(ctx), in.EmployeeID, id, []documents.File{{Name: f.Name, ContentType: f.ContentType, Data: f.Data}})
			return &httpapi.BodyOf[expense.ExpenseRequest]{Body: r}, err
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewExpenses...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/expense/taxcodes", Tags: tags,
		Summary: "Expense tax codes (self-service)", Description: "As B/employeeexpensecategory/taxcodes: the sales tax codes of the business's region; taxRate is a percentage."},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[[]categories.TaxCode], error) {
			if _, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), in.EmployeeID); err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[[]categories.TaxCode]{Body: categories.ExpenseTaxCodes(biz(ctx).Region)}, nil
		})

	// Unavailability.
	tags = []string{"Employee Self Service Unavailability"}
	ls := d.Leave
	one := func(ctx context.Context, emp int64) (leave.Unavailability, error) {
		uid, err := pathID(ctx, "unavailabilityId", "unavailability")
		if err != nil {
			return leave.Unavailability{}, err
		}
		u, err := ls.GetUnavailability(ctx, biz(ctx), principal(ctx), uid)
		if err == nil && u.EmployeeID != emp { // a business user acting for one employee sees only theirs
			err = payroll.NotFound("unavailability")
		}
		return u, err
	}
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/unavailability", Tags: tags,
		Summary: "List the employee's unavailabilities (self-service)", Description: "Those that fall from fromDate to toDate (filter.fromDate, filter.toDate; " +
			"a recurring one from its start until its end date), oldest first."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			FromDate string `query:"fromDate" doc:"also filter.fromDate"`
			ToDate   string `query:"toDate" doc:"also filter.toDate"`
		}) (*httpapi.BodyOf[[]leave.Unavailability], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			if _, err := d.Employees.Visible(ctx, biz(ctx), principal(ctx), in.EmployeeID); err != nil {
				return nil, err
			}
			list, err := ls.Unavailabilities(ctx, biz(ctx), principal(ctx), leave.UnavailabilityQuery{From: from, To: to, EmployeeID: in.EmployeeID})
			return &httpapi.BodyOf[[]leave.Unavailability]{Body: list}, err
		})
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewRosters...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/unavailability/{unavailabilityId}", Tags: tags,
		Summary: "Get an unavailability (self-service)", Description: "Only one of the path's employee (404 otherwise).", Parameters: httpapi.PathParams("unavailabilityId")},
		func(ctx context.Context, in *httpapi.ESSPath) (*httpapi.BodyOf[leave.Unavailability], error) {
			u, err := one(ctx, in.EmployeeID)
			return &httpapi.BodyOf[leave.Unavailability]{Body: u}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageRosters), huma.Operation{Method: http.MethodPut, Path: "/api/v2/ess/{employeeId}/unavailability/{unavailabilityId}", Tags: tags,
		Summary: "Update an unavailability (self-service)", Parameters: httpapi.PathParams("unavailabilityId"),
		Description: "Members the body omits keep their values; checked as B/unavailability. Only one of the path's employee (404 otherwise); " +
			"the employee needs allowEmployeeToSetUnavailability (403 otherwise)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body    leave.Unavailability
			RawBody []byte
		}) (*httpapi.BodyOf[leave.Unavailability], error) {
			u, err := one(ctx, in.EmployeeID)
			if err != nil {
				return nil, err
			}
			if err := allow(ctx, d, ess.EditUnavailability); err != nil {
				return nil, err
			}
			r, err := ls.UpdateUnavailability(ctx, biz(ctx), principal(ctx), u.ID, func(x *leave.Unavailability) error {
				if err := merge(x, in.RawBody); err != nil {
					return err
				}
				x.EmployeeID = in.EmployeeID // stays the path's employee
				return nil
			})
			return &httpapi.BodyOf[leave.Unavailability]{Body: r}, err
		})
}
