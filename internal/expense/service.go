package expense

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Service owns expense requests.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
	// SelfServiceAllowed says whether the business lets employees submit
	// expenses in self-service (employee portal settings); nil = allowed.
	SelfServiceAllowed func(ctx context.Context, biz business.Business) (bool, error)
}

// requestColumns are what $filter and $orderby may name.
var requestColumns = odata.Whitelist{ID: "er.id", Columns: map[string]odata.Column{
	"id":                {SQL: "er.id", Type: odata.ColInt},
	"employeeId":        {SQL: "er.employee_id", Type: odata.ColInt},
	"status":            {SQL: "er.status", Type: odata.ColString},
	"description":       {SQL: "er.description", Type: odata.ColString},
	"dateCreated":       {SQL: "er.created_at", Type: odata.ColTime},
	"dateStatusUpdated": {SQL: "er.date_status_updated", Type: odata.ColTime, Nullable: true},
}, Unsupported: []string{"lineItems", "attachments", "employeeName", "statusUpdatedByUser", "statusUpdateNotes"}}

const selectRequests = `SELECT er.id, er.employee_id, er.description, er.status, er.status_updated_by, er.status_update_notes,
	er.date_status_updated, er.pay_run_id, er.version, er.created_at, e.first_name, e.surname
	FROM expense_requests er JOIN employees e ON e.id = er.employee_id `

// List returns a page of the employee's expense requests: OData
// $filter/$orderby over the whitelisted members, paged in SQL (newest
// first unless ordered).
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, q odata.Query) (_ []ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "list expense requests of employee %d", employeeID)
	_, qs, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	if len(q.OrderBy) == 0 {
		q.OrderBy = []odata.OrderTerm{{Member: "id", Desc: true}}
	}
	c, err := odata.CompileSQL(q, requestColumns, 3)
	if oe := (*odata.Error)(nil); errors.As(err, &oe) {
		return nil, payroll.Invalid(oe.Param, "%s", oe.Message)
	}
	if err != nil {
		return nil, err
	}
	clause, cargs := c.Clause("er.business_id = $1 AND er.employee_id = $2")
	return s.query(ctx, qs, biz.ID, employeeID, selectRequests+clause, append([]any{biz.ID, employeeID}, cargs...)...)
}

// Page returns page currentPage (from 1) of pageSize of the employee's
// requests, newest first (S/expense).
func (s *Service) Page(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, currentPage, pageSize int) (_ []ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "page expense requests of employee %d", employeeID)
	if currentPage == 0 {
		currentPage = 1
	}
	if pageSize == 0 {
		pageSize = 100
	}
	if currentPage < 1 {
		return nil, payroll.Invalid("currentPage", "currentPage starts at 1")
	}
	if pageSize < 1 || pageSize > 100 {
		return nil, payroll.Invalid("pageSize", "pageSize must be between 1 and 100")
	}
	_, qs, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	return s.query(ctx, qs, biz.ID, employeeID, selectRequests+"WHERE er.business_id = $1 AND er.employee_id = $2 ORDER BY er.id DESC LIMIT $3 OFFSET $4",
		biz.ID, employeeID, int64(pageSize), int64((currentPage-1)*pageSize))
}

// query reads requests of one employee with their lines and attachments
// (two more queries over the page's id range).
func (s *Service) query(ctx context.Context, q *store.Queries, bizID, employeeID int64, sqlText string, args ...any) ([]ExpenseRequest, error) {
	rows, err := q.Query(ctx, sqlText, args...)
	if err != nil {
		return nil, err
	}
	out := []ExpenseRequest{}
	for rows.Next() {
		var r store.GetExpenseRequestRow
		if err := rows.Scan(&r.ID, &r.EmployeeID, &r.Description, &r.Status, &r.StatusUpdatedBy, &r.StatusUpdateNotes,
			&r.DateStatusUpdated, &r.PayRunID, &r.Version, &r.CreatedAt, &r.FirstName, &r.Surname); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, fromRow(r))
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if employeeID == 0 { // requests of several employees (Managed)
		return out, s.fillEach(ctx, q, bizID, out)
	}
	return out, s.fill(ctx, q, bizID, employeeID, out)
}

func fromRow(r store.GetExpenseRequestRow) ExpenseRequest {
	req := ExpenseRequest{ID: r.ID, EmployeeID: r.EmployeeID, EmployeeName: strings.TrimSpace(r.FirstName + " " + r.Surname), Status: r.Status,
		Description: r.Description, LineItems: []ExpenseLineItem{}, Attachments: []ExpenseAttachment{}, StatusUpdatedByUser: r.StatusUpdatedBy,
		StatusUpdateNotes: r.StatusUpdateNotes, DateCreated: payroll.NewDateTime(r.CreatedAt), version: r.Version}
	// Created is when it entered Pending: its first status.
	req.DateStatusUpdated = req.DateCreated
	if r.DateStatusUpdated.Valid {
		req.DateStatusUpdated = payroll.NewDateTime(r.DateStatusUpdated.Time)
	}
	if r.PayRunID.Valid {
		id := r.PayRunID.Int64
		req.PayRunID = &id
	}
	req.CanCancel = r.Status == StatusPending
	req.CanModify = r.Status == StatusPending
	return req
}

// fill reads the lines and attachments of reqs (one employee's).
func (s *Service) fill(ctx context.Context, q *store.Queries, bizID, employeeID int64, reqs []ExpenseRequest) error {
	if len(reqs) == 0 {
		return nil
	}
	lo, hi := reqs[0].ID, reqs[0].ID
	at := map[int64]*ExpenseRequest{}
	for i := range reqs {
		lo, hi = min(lo, reqs[i].ID), max(hi, reqs[i].ID)
		at[reqs[i].ID] = &reqs[i]
	}
	var region string
	lines, err := q.ListExpenseRequestLines(ctx, store.ListExpenseRequestLinesParams{BusinessID: bizID, EmployeeID: employeeID, RequestID: lo, RequestID_2: hi})
	if err != nil {
		return err
	}
	if len(lines) > 0 {
		if region, err = categories.BusinessRegion(ctx, q, bizID); err != nil {
			return err
		}
	}
	for _, l := range lines {
		r, ok := at[l.RequestID]
		if !ok {
			continue
		}
		li := ExpenseLineItem{ID: l.ID, ExpenseCategoryID: l.ExpenseCategoryID, ExpenseCategoryName: l.CategoryName, LocationName: l.LocationName,
			Notes: l.Notes, TaxCode: l.TaxCode, Amount: payroll.MoneyFromMinor(l.Amount), DateIncurred: payroll.NewDateTime(l.DateIncurred)}
		if l.LocationID.Valid {
			id := l.LocationID.Int64
			li.LocationID = &id
		}
		if l.TaxRate.Valid {
			if rate, err := payroll.ParseRate(l.TaxRate.String); err == nil {
				li.TaxRate = &rate
			}
		}
		if tc, ok := taxCode(region, l.TaxCode); ok {
			li.TaxCodeDisplayName = tc.Name
		}
		r.LineItems = append(r.LineItems, li)
	}
	atts, err := q.ListEmployeeExpenseAttachments(ctx, store.ListEmployeeExpenseAttachmentsParams{BusinessID: bizID, EmployeeID: employeeID,
		ExpenseRequestID: sql.NullInt64{Int64: lo, Valid: true}, ExpenseRequestID_2: sql.NullInt64{Int64: hi, Valid: true}})
	if err != nil {
		return err
	}
	for _, a := range atts {
		if r, ok := at[a.ExpenseRequestID.Int64]; ok {
			r.Attachments = append(r.Attachments, ExpenseAttachment{ID: a.ID, FriendlyName: a.FriendlyName, DateCreated: payroll.NewDateTime(a.CreatedAt),
				URL: fmt.Sprintf("/api/v2/business/%d/employee/%d/document/%d/content", bizID, employeeID, a.ID)})
		}
	}
	return nil
}

func taxCode(region, code string) (categories.TaxCode, bool) {
	if code == "" {
		return categories.TaxCode{}, false
	}
	for _, tc := range categories.ExpenseTaxCodes(region) {
		if strings.EqualFold(tc.ID, code) {
			return tc, true
		}
	}
	return categories.TaxCode{}, false
}

func (s *Service) get(ctx context.Context, q *store.Queries, bizID, employeeID, id int64) (ExpenseRequest, error) {
	r, err := q.GetExpenseRequest(ctx, store.GetExpenseRequestParams{BusinessID: bizID, EmployeeID: employeeID, ID: id})
	if db.IsNoRows(err) {
		return ExpenseRequest{}, payroll.NotFound("expense request")
	}
	if err != nil {
		return ExpenseRequest{}, err
	}
	out := []ExpenseRequest{fromRow(r)}
	err = s.fill(ctx, q, bizID, employeeID, out)
	return out[0], err
}

// Get returns one of the employee's requests.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "get expense request %d of employee %d", id, employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return ExpenseRequest{}, err
	}
	return s.get(ctx, q, biz.ID, employeeID, id)
}

// checkSelfService refuses (403) an employee's own submission when the
// business has not enabled expenses in self-service.
func (s *Service) checkSelfService(ctx context.Context, biz business.Business, self bool) error {
	if !self || s.SelfServiceAllowed == nil {
		return nil
	}
	ok, err := s.SelfServiceAllowed(ctx, biz)
	if err != nil {
		return err
	}
	if !ok {
		return payroll.Forbidden("the business does not let employees submit expenses in self-service (employee portal settings: allowEmployeeExpensesSelfService)")
	}
	return nil
}

// writeLines validates in against the business and writes its lines.
func writeLines(ctx context.Context, q *store.Queries, bizID, requestID int64, in *ExpenseRequestEdit) error {
	region, err := categories.BusinessRegion(ctx, q, bizID)
	if err != nil {
		return err
	}
	var v payroll.Validation
	type checked struct {
		code string
		rate sql.NullString
	}
	out := make([]checked, len(in.LineItems))
	for i, l := range in.LineItems {
		f := func(m string) string { return "lineItems[" + strconv.Itoa(i) + "]." + m }
		rec, err := q.GetRecord(ctx, store.GetRecordParams{ID: l.ExpenseCategoryID, BusinessID: bizID, Kind: record.KindExpenseCategory})
		if db.IsNoRows(err) {
			v.Add(f("expenseCategoryId"), "expense category %d does not exist in this business", l.ExpenseCategoryID)
			continue
		}
		if err != nil {
			return err
		}
		code := l.TaxCode
		if code == "" { // the category's
			var cat categories.ExpenseCategory
			if err := json.Unmarshal([]byte(rec.Data), &cat); err == nil {
				code = cat.TaxCode
			}
		}
		if code != "" {
			tc, ok := taxCode(region, code)
			if !ok {
				v.Add(f("taxCode"), "taxCode must be one of the business's expense tax codes (GET employeeexpensecategory/taxcodes)")
				continue
			}
			out[i] = checked{code: tc.ID, rate: sql.NullString{String: tc.TaxRate.String(), Valid: true}}
		}
		if l.LocationID != nil {
			if _, err := q.GetBusinessLocationName(ctx, store.GetBusinessLocationNameParams{ID: *l.LocationID, BusinessID: bizID}); db.IsNoRows(err) {
				v.Add(f("locationId"), "location %d does not exist in this business", *l.LocationID)
			} else if err != nil {
				return err
			}
		}
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := q.DeleteExpenseRequestLines(ctx, store.DeleteExpenseRequestLinesParams{RequestID: requestID, BusinessID: bizID}); err != nil {
		return err
	}
	for i, l := range in.LineItems {
		var loc sql.NullInt64
		if l.LocationID != nil {
			loc = sql.NullInt64{Int64: *l.LocationID, Valid: true}
		}
		d := l.DateIncurred.Time
		if err := q.CreateExpenseRequestLine(ctx, store.CreateExpenseRequestLineParams{BusinessID: bizID, RequestID: requestID, Position: int32(i),
			ExpenseCategoryID: l.ExpenseCategoryID, LocationID: loc, Notes: l.Notes, TaxCode: out[i].code, TaxRate: out[i].rate,
			Amount: l.Amount.MinorUnits(), DateIncurred: payroll.DateOnly(d)}); err != nil {
			if db.IsForeignKeyViolation(err) { // a category or location deleted since it was checked
				return payroll.Invalid("lineItems", "an expense category or location was deleted meanwhile; try again")
			}
			return err
		}
	}
	return nil
}

// Create records a Pending request. self: the employee submits it in
// self-service (the business's portal settings decide whether they may).
func (s *Service) Create(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in ExpenseRequestEdit, self bool) (out ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "create an expense request for employee %d", employeeID)
	var v payroll.Validation
	in.Validate(&v, employeeID)
	if err := v.Err(); err != nil {
		return ExpenseRequest{}, err
	}
	if err := s.checkSelfService(ctx, biz, self); err != nil {
		return ExpenseRequest{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		id, err := q.CreateExpenseRequest(ctx, store.CreateExpenseRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, Description: in.Description, CreatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		if err := writeLines(ctx, q, biz.ID, id, &in); err != nil {
			return err
		}
		out, err = s.get(ctx, q, biz.ID, employeeID, id)
		return err
	})
	return out, err
}

// Update replaces a Pending request's description and lines (409 once it
// left Pending).
func (s *Service) Update(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, in ExpenseRequestEdit, self bool) (out ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "update expense request %d of employee %d", id, employeeID)
	var v payroll.Validation
	in.Validate(&v, employeeID)
	if in.ID != 0 && in.ID != id {
		v.Add("id", "id must be the expense request of the path (%d)", id)
	}
	if err := v.Err(); err != nil {
		return ExpenseRequest{}, err
	}
	if err := s.checkSelfService(ctx, biz, self); err != nil {
		return ExpenseRequest{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cur, err := s.get(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		if cur.Status != StatusPending {
			return payroll.Conflict("expense request %d is %s: only a Pending request can be changed", id, cur.Status)
		}
		n, err := q.UpdateExpenseRequest(ctx, store.UpdateExpenseRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id,
			Description: in.Description, UpdatedAt: s.Clock.Now(), Version: cur.version})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.Conflict("expense request %d changed meanwhile (approved, declined or edited); read it again", id)
		}
		if err := writeLines(ctx, q, biz.ID, id, &in); err != nil {
			return err
		}
		out, err = s.get(ctx, q, biz.ID, employeeID, id)
		return err
	})
	return out, err
}

// transition moves a request from one state to another in one
// conditional statement: 404 when it is not the employee's, 409 when it
// is not (or no longer) in from.
func (s *Service) transition(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, from, to, notes string) (out ExpenseRequest, err error) {
	by := ""
	if p != nil {
		by = p.Username
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		now := s.Clock.Now()
		n, err := q.TransitionExpenseRequest(ctx, store.TransitionExpenseRequestParams{ToStatus: to, ByUser: by, Notes: notes,
			At: sql.NullTime{Time: now, Valid: true}, BusinessID: biz.ID, EmployeeID: employeeID, ID: id, FromStatus: from})
		if err != nil {
			return err
		}
		cur, err := s.get(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.Conflict("expense request %d is %s, not %s", id, cur.Status, from)
		}
		out = cur
		return nil
	})
	return out, err
}

// Approve approves a Pending request.
func (s *Service) Approve(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "approve expense request %d", id)
	return s.transition(ctx, biz, p, employeeID, id, StatusPending, StatusApproved, "")
}

// Decline declines a Pending request with a reason.
func (s *Service) Decline(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, reason string) (_ ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "decline expense request %d", id)
	reason = strings.TrimSpace(reason)
	if len([]rune(reason)) > 255 {
		return ExpenseRequest{}, payroll.Invalid("reason", "the reason is at most 255 characters")
	}
	return s.transition(ctx, biz, p, employeeID, id, StatusPending, StatusDeclined, reason)
}

// Cancel withdraws a Pending request (the employee's delete in
// self-service).
func (s *Service) Cancel(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "cancel expense request %d", id)
	return s.transition(ctx, biz, p, employeeID, id, StatusPending, StatusCancelled, "")
}

// Delete removes a request that no pay run paid (409 for a Processed one).
// Its attachments stay the employee's documents.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete expense request %d", id)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cur, err := s.get(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		n, err := q.DeleteExpenseRequest(ctx, store.DeleteExpenseRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if err == nil && n == 0 {
			return payroll.Conflict("expense request %d is %s: a paid request is kept", id, cur.Status)
		}
		return err
	})
}

// Attach stores files as the employee's documents attached to the
// request (not to a Processed one).
func (s *Service) Attach(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, files []documents.File) (out ExpenseRequest, err error) {
	defer payroll.Wrap(&err, "attach files to expense request %d", id)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cur, err := s.get(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		if cur.Status == StatusProcessed {
			return payroll.Conflict("expense request %d was paid: attachments can no longer be added", id)
		}
		if _, err := documents.StoreFiles(ctx, q, s.Clock, biz.ID, employeeID, files, true, documents.Owner{ExpenseRequestID: id}); err != nil {
			return err
		}
		out, err = s.get(ctx, q, biz.ID, employeeID, id)
		return err
	})
	return out, err
}

// Category is ExpenseCategoryResponseModel: a category an employee can
// claim in.
type ExpenseCategoryOption struct {
	ID                int64         `json:"id"`
	Name              string        `json:"name"`
	ExternalTaxCodeID string        `json:"externalTaxCodeId"`
	TaxCode           string        `json:"taxCode"`
	TaxRate           *payroll.Rate `json:"taxRate" nullable:"true"`
}

// Categories lists the business's expense categories for the employee.
func (s *Service) Categories(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []ExpenseCategoryOption, err error) {
	defer payroll.Wrap(&err, "expense categories for employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	return categoryOptions(ctx, q, biz)
}

// CategoryOptions lists the business's expense categories (the manager's
// choices, no employee in view).
func (s *Service) CategoryOptions(ctx context.Context, biz business.Business) (_ []ExpenseCategoryOption, err error) {
	defer payroll.Wrap(&err, "expense categories of business %d", biz.ID)
	return categoryOptions(ctx, s.Employees.DB.Queries(), biz)
}

func categoryOptions(ctx context.Context, q *store.Queries, biz business.Business) ([]ExpenseCategoryOption, error) {
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: biz.ID, Kind: record.KindExpenseCategory})
	if err != nil {
		return nil, err
	}
	out := make([]ExpenseCategoryOption, 0, len(rows))
	for _, r := range rows {
		var c categories.ExpenseCategory
		if err := json.Unmarshal([]byte(r.Data), &c); err != nil {
			return nil, err
		}
		cat := ExpenseCategoryOption{ID: r.ID, Name: r.Name, ExternalTaxCodeID: c.ExternalTaxCodeID, TaxCode: c.TaxCode}
		if tc, ok := taxCode(biz.Region, c.TaxCode); ok {
			rate := tc.TaxRate
			cat.TaxCode, cat.TaxRate = tc.ID, &rate
		}
		out = append(out, cat)
	}
	return out, nil
}

// PaymentSummary is EmployeeExpensePaymentSummaryModel: what processed
// requests paid the employee in a category, in all and this financial
// year.
type ExpensePaymentSummary struct {
	EmployeeID          int64         `json:"employeeId"`
	ExpenseCategoryID   int64         `json:"expenseCategoryId"`
	ExpenseCategoryName string        `json:"expenseCategoryName"`
	YtdAmount           payroll.Money `json:"ytdAmount"`
	TotalAmount         payroll.Money `json:"totalAmount"`
}

// FinancialYearStart is the first day of the financial year containing
// day in region (AU 1 July, NZ 1 April, UK 6 April, others 1 January).
func FinancialYearStart(region string, day time.Time) time.Time {
	y := day.Year()
	start := func(y int) time.Time {
		switch region {
		case "AU":
			return time.Date(y, time.July, 1, 0, 0, 0, 0, time.UTC)
		case "NZ":
			return time.Date(y, time.April, 1, 0, 0, 0, 0, time.UTC)
		case "UK":
			return time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)
		default:
			return time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC)
		}
	}
	d := payroll.DateOnly(day)
	if s := start(y); !d.Before(s) {
		return s
	}
	return start(y - 1)
}

// Summary sums the employee's processed requests by category.
func (s *Service) Summary(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []ExpensePaymentSummary, err error) {
	defer payroll.Wrap(&err, "expense summary of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ExpensePaymentSummary(ctx, store.ExpensePaymentSummaryParams{BusinessID: biz.ID, EmployeeID: employeeID,
		DateIncurred: FinancialYearStart(biz.Region, s.Clock.Now())})
	out := make([]ExpensePaymentSummary, len(rows))
	for i, r := range rows {
		out[i] = ExpensePaymentSummary{EmployeeID: employeeID, ExpenseCategoryID: r.ExpenseCategoryID, ExpenseCategoryName: r.CategoryName,
			YtdAmount: payroll.MoneyFromMinor(r.YtdAmount), TotalAmount: payroll.MoneyFromMinor(r.TotalAmount)}
	}
	return out, err
}
