package expense

import (
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Statuses (EmployeeExpenseRequestStatus).
const (
	StatusPending   = "Pending"
	StatusApproved  = "Approved"
	StatusCancelled = "Cancelled"
	StatusDeclined  = "Declined"
	StatusProcessed = "Processed"
)

// Statuses lists every status.
var Statuses = []string{StatusPending, StatusApproved, StatusCancelled, StatusDeclined, StatusProcessed}

// Attachment is AttachmentModel: a document attached to the request.
type ExpenseAttachment struct {
	ID           int64            `json:"id"`
	FriendlyName string           `json:"friendlyName"`
	DateCreated  payroll.DateTime `json:"dateCreated"`
	URL          string           `json:"url" doc:"where the file is downloaded (the employee document's content)"`
	DateScanned  payroll.DateTime `json:"dateScanned" doc:"files are not virus-scanned here: always null"`
	IsInfected   bool             `json:"isInfected"`
}

// LineItem is ExpenseRequestLineItemModel.
type ExpenseLineItem struct {
	ID                  int64            `json:"id"`
	ExpenseCategoryID   int64            `json:"expenseCategoryId"`
	ExpenseCategoryName string           `json:"expenseCategoryName"`
	LocationID          *int64           `json:"locationId" nullable:"true"`
	LocationName        string           `json:"locationName"`
	Notes               string           `json:"notes"`
	TaxCode             string           `json:"taxCode"`
	TaxCodeDisplayName  string           `json:"taxCodeDisplayName"`
	TaxRate             *payroll.Rate    `json:"taxRate" nullable:"true" doc:"percentage of the tax code"`
	Amount              payroll.Money    `json:"amount"`
	DateIncurred        payroll.DateTime `json:"dateIncurred"`
}

// Request is ExpenseRequestResponseModel with the self-service members
// (EssExpenseRequestResponseModel: canCancel, canModify, attachments).
type ExpenseRequest struct {
	ID                  int64               `json:"id"`
	EmployeeID          int64               `json:"employeeId"`
	EmployeeName        string              `json:"employeeName"`
	Status              string              `json:"status" enum:"Pending,Approved,Cancelled,Declined,Processed"`
	Description         string              `json:"description"`
	LineItems           []ExpenseLineItem   `json:"lineItems"`
	Attachments         []ExpenseAttachment `json:"attachments"`
	StatusUpdatedByUser string              `json:"statusUpdatedByUser"`
	StatusUpdateNotes   string              `json:"statusUpdateNotes"`
	DateStatusUpdated   payroll.DateTime    `json:"dateStatusUpdated"`
	DateCreated         payroll.DateTime    `json:"dateCreated"`
	PayRunID            *int64              `json:"payRunId" nullable:"true" doc:"the finalised pay run that paid it (Processed)"`
	CanCancel           bool                `json:"canCancel" readOnly:"true"`
	CanModify           bool                `json:"canModify" readOnly:"true"`
	version             int64
}

// EditLine is ExpenseRequestEditLineItemModel. taxCode defaults to the
// category's; taxRate and taxCodeDisplayName follow from the code (the
// values sent are ignored).
type ExpenseRequestEditLine struct {
	ID                 int64            `json:"id"`
	ExpenseCategoryID  int64            `json:"expenseCategoryId"`
	LocationID         *int64           `json:"locationId" nullable:"true"`
	Notes              string           `json:"notes" maxLength:"255"`
	TaxCode            string           `json:"taxCode"`
	TaxCodeDisplayName string           `json:"taxCodeDisplayName"`
	TaxRate            *payroll.Rate    `json:"taxRate" nullable:"true"`
	Amount             payroll.Money    `json:"amount"`
	DateIncurred       payroll.DateTime `json:"dateIncurred"`
}

// Edit is ExpenseRequestEditModel: the whole request (PUT replaces the
// lines). employeeId, when sent, must be the path's employee; attachments
// are added through the attachment upload and ignored here.
type ExpenseRequestEdit struct {
	ID          int64                    `json:"id"`
	EmployeeID  int64                    `json:"employeeId"`
	Description string                   `json:"description" maxLength:"255"`
	LineItems   []ExpenseRequestEditLine `json:"lineItems"`
}

// maxLines bounds one request.
const maxLines = 100

// maxAmount is the largest line amount accepted (10 million).
var maxAmount = payroll.MoneyFromInt(10_000_000)

// Validate checks the request's own members (categories, locations and
// tax codes are checked against the business by the service).
func (e *ExpenseRequestEdit) Validate(v *payroll.Validation, employeeID int64) {
	e.Description = strings.TrimSpace(e.Description)
	v.MaxLen("description", e.Description, 255)
	if e.EmployeeID != 0 && e.EmployeeID != employeeID {
		v.Add("employeeId", "employeeId must be the employee of the path (%d)", employeeID)
	}
	if len(e.LineItems) == 0 {
		v.Add("lineItems", "an expense request needs at least one line item")
	}
	if len(e.LineItems) > maxLines {
		v.Add("lineItems", "an expense request has at most %d line items", maxLines)
	}
	for i := range e.LineItems {
		l := &e.LineItems[i]
		f := func(m string) string { return "lineItems[" + strconv.Itoa(i) + "]." + m }
		l.Notes, l.TaxCode = strings.TrimSpace(l.Notes), strings.TrimSpace(l.TaxCode)
		if l.ExpenseCategoryID == 0 {
			v.Add(f("expenseCategoryId"), "expenseCategoryId is required")
		}
		if !l.Amount.IsPos() {
			v.Add(f("amount"), "amount must be more than 0")
		} else if maxAmount.Less(l.Amount) {
			v.Add(f("amount"), "amount must be at most %s", maxAmount)
		} else if !l.Amount.Cents().Equal(l.Amount) {
			v.Add(f("amount"), "amount has at most 2 decimal places")
		}
		if l.DateIncurred.IsZero() {
			v.Add(f("dateIncurred"), "dateIncurred is required")
		}
		v.MaxLen(f("notes"), l.Notes, 255)
		if l.LocationID != nil && *l.LocationID == 0 {
			l.LocationID = nil
		}
	}
}
