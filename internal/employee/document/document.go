// Package document is an employee's documents (E/document): files the
// business keeps for one employee (contracts, certificates, receipts),
// stored with their bytes in the documents table (employee_id set), who
// may see them, and what they are attached to (a leave request, a
// timesheet line, an expense request). Qualification documents and
// expense attachments are stored through documents.StoreFiles too; they are
// employee documents with a link of their own.
package document

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Document is EmployeeDocumentModel plus what it is attached to and the
// file's type and size.
type EmployeeDocument struct {
	ID                              int64            `json:"id"`
	FriendlyName                    string           `json:"friendlyName"`
	DateCreated                     payroll.DateTime `json:"dateCreated"`
	Visible                         bool             `json:"visible"`
	LeaveRequestID                  *int64           `json:"leaveRequestId" nullable:"true"`
	TimesheetLineID                 *int64           `json:"timesheetLineId" nullable:"true"`
	ExpenseRequestID                *int64           `json:"expenseRequestId" nullable:"true"`
	RequiresEmployeeAcknowledgement bool             `json:"requiresEmployeeAcknowledgement"`
	ContentType                     string           `json:"contentType"`
	ContentLength                   int64            `json:"contentLength"`
}

// Link kinds: what a document can be attached to.
const (
	LinkLeave     = "leave"
	LinkTimesheet = "timesheet"
	LinkExpense   = "expense"
)

// Service owns employee documents.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

func nullID(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	v := n.Int64
	return &v
}

func fromRow(r store.GetEmployeeDocumentRow) EmployeeDocument {
	p := documents.ParsePermissions(r.Permissions)
	return EmployeeDocument{ID: r.ID, FriendlyName: r.FriendlyName, DateCreated: payroll.NewDateTime(r.CreatedAt), Visible: p.Visible,
		LeaveRequestID: nullID(r.LeaveRequestID), TimesheetLineID: nullID(r.TimesheetLineID), ExpenseRequestID: nullID(r.ExpenseRequestID),
		RequiresEmployeeAcknowledgement: p.RequiresEmployeeAcknowledgement, ContentType: r.ContentType, ContentLength: r.Size}
}

// Upload stores the files as the employee's documents, all or none.
func (s *Service) Upload(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, files []documents.File, visible bool) (out []EmployeeDocument, err error) {
	defer payroll.Wrap(&err, "upload documents of employee %d", employeeID)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		ids, err := documents.StoreFiles(ctx, q, s.Clock, biz.ID, employeeID, files, visible, documents.Owner{})
		if err != nil {
			return err
		}
		out = make([]EmployeeDocument, 0, len(ids))
		for _, id := range ids {
			r, err := q.GetEmployeeDocument(ctx, store.GetEmployeeDocumentParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: id})
			if err != nil {
				return err
			}
			d := fromRow(r)
			if err := s.audit(ctx, q, e, d.ID, nil, d); err != nil {
				return err
			}
			out = append(out, d)
		}
		return nil
	})
	return out, err
}

// audit records a change to document id in the employee's trail
// (Documents section; before nil is an upload, after nil a delete).
func (s *Service) audit(ctx context.Context, q *store.Queries, e employee.Employee, id int64, before, after any) error {
	return s.Employees.AuditRecord(ctx, q, e, employee.SectionDocuments, "document", id, before, after)
}

// List returns the employee's documents, oldest first (qualification
// documents are listed under their qualification).
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []EmployeeDocument, err error) {
	defer payroll.Wrap(&err, "list documents of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListEmployeeDocuments(ctx, store.ListEmployeeDocumentsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	out = make([]EmployeeDocument, len(rows))
	for i, r := range rows {
		out[i] = fromRow(store.GetEmployeeDocumentRow(r))
	}
	return out, err
}

func get(ctx context.Context, q *store.Queries, bizID, employeeID, id int64) (EmployeeDocument, error) {
	r, err := q.GetEmployeeDocument(ctx, store.GetEmployeeDocumentParams{BusinessID: bizID, EmployeeID: employeeID, DocumentID: id})
	if db.IsNoRows(err) {
		return EmployeeDocument{}, payroll.NotFound("employee document")
	}
	return fromRow(r), err
}

// Get returns one of the employee's documents.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (d EmployeeDocument, err error) {
	defer payroll.Wrap(&err, "get document %d of employee %d", id, employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return EmployeeDocument{}, err
	}
	return get(ctx, q, biz.ID, employeeID, id)
}

// Content returns a document's file (any of the employee's documents:
// qualification documents and expense attachments too).
func (s *Service) Content(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (f documents.File, err error) {
	defer payroll.Wrap(&err, "read document %d of employee %d", id, employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return documents.File{}, err
	}
	r, err := q.GetEmployeeDocumentContent(ctx, store.GetEmployeeDocumentContentParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: id})
	if db.IsNoRows(err) {
		return documents.File{}, payroll.NotFound("employee document")
	}
	return documents.File{Name: r.FriendlyName, ContentType: r.ContentType, Data: r.Content}, err
}

// UpdatePermissions applies change to a document's permissions.
func (s *Service) UpdatePermissions(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, change func(*documents.EmployeeDocumentPermissions) error) (d EmployeeDocument, err error) {
	defer payroll.Wrap(&err, "update document %d of employee %d", id, employeeID)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		r, err := q.GetEmployeeDocument(ctx, store.GetEmployeeDocumentParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: id})
		if db.IsNoRows(err) {
			return payroll.NotFound("employee document")
		}
		if err != nil {
			return err
		}
		perms := documents.ParsePermissions(r.Permissions)
		if err := change(&perms); err != nil {
			return err
		}
		var v payroll.Validation
		perms.Validate(&v)
		if err := v.Err(); err != nil {
			return err
		}
		raw, _ := json.Marshal(perms)
		// The employee row is locked (WriteRecords): read, change, write is one writer's.
		if _, err := q.UpdateEmployeeDocumentPermissions(ctx, store.UpdateEmployeeDocumentPermissionsParams{BusinessID: biz.ID,
			EmployeeID: sql.NullInt64{Int64: employeeID, Valid: true}, ID: id, Permissions: string(raw), UpdatedAt: s.Clock.Now()}); err != nil {
			return err
		}
		if d, err = get(ctx, q, biz.ID, employeeID, id); err != nil {
			return err
		}
		return s.audit(ctx, q, e, id, fromRow(r), d)
	})
	return d, err
}

// Delete removes a document with its links.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete document %d of employee %d", id, employeeID)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		before, err := get(ctx, q, biz.ID, employeeID, id)
		if payroll.KindOf(err) == payroll.KindNotFound {
			// A qualification's document or an expense attachment is
			// deleted here too; its own record's trail says so.
			before, err = EmployeeDocument{}, nil
		}
		if err != nil {
			return err
		}
		n, err := q.DeleteEmployeeDocument(ctx, store.DeleteEmployeeDocumentParams{BusinessID: biz.ID,
			EmployeeID: sql.NullInt64{Int64: employeeID, Valid: true}, ID: id})
		if err == nil && n == 0 {
			return payroll.NotFound("employee document")
		}
		if err != nil || before.ID == 0 {
			return err
		}
		return s.audit(ctx, q, e, id, before, nil)
	})
}

// Link attaches a document to the employee's record of kind (LinkLeave,
// LinkTimesheet, LinkExpense) targetID. A document is attached to at most
// one record of each kind: linking again moves it. A record that is not
// the employee's is a 404.
func (s *Service) Link(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, kind string, targetID int64) (d EmployeeDocument, err error) {
	defer payroll.Wrap(&err, "link document %d of employee %d to %s %d", id, employeeID, kind, targetID)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		before, err := get(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		if err := targetExists(ctx, q, biz.ID, employeeID, kind, targetID); err != nil {
			return err
		}
		args := store.LinkDocumentToLeaveRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: id,
			LeaveRequestID: sql.NullInt64{Int64: targetID, Valid: true}}
		switch kind {
		case LinkLeave:
			_, err = q.LinkDocumentToLeaveRequest(ctx, args)
		case LinkTimesheet:
			_, err = q.LinkDocumentToTimesheetLine(ctx, store.LinkDocumentToTimesheetLineParams{BusinessID: biz.ID, EmployeeID: employeeID,
				DocumentID: id, TimesheetLineID: args.LeaveRequestID})
		case LinkExpense:
			_, err = q.LinkDocumentToExpenseRequest(ctx, store.LinkDocumentToExpenseRequestParams{BusinessID: biz.ID, EmployeeID: employeeID,
				DocumentID: id, ExpenseRequestID: args.LeaveRequestID})
		}
		if db.IsForeignKeyViolation(err) { // the record was deleted since it was checked
			return payroll.NotFound(kindLabel(kind))
		}
		if err != nil {
			return err
		}
		if d, err = get(ctx, q, biz.ID, employeeID, id); err != nil {
			return err
		}
		return s.audit(ctx, q, e, id, before, d)
	})
	return d, err
}

// Unlink detaches a document from the record it is attached to; a
// document not attached to that record is left as it is.
func (s *Service) Unlink(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, kind string, targetID int64) (d EmployeeDocument, err error) {
	defer payroll.Wrap(&err, "unlink document %d of employee %d from %s %d", id, employeeID, kind, targetID)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		before, err := get(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		if err := targetExists(ctx, q, biz.ID, employeeID, kind, targetID); err != nil {
			return err
		}
		target := sql.NullInt64{Int64: targetID, Valid: true}
		switch kind {
		case LinkLeave:
			_, err = q.UnlinkDocumentFromLeaveRequest(ctx, store.UnlinkDocumentFromLeaveRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: id, LeaveRequestID: target})
		case LinkTimesheet:
			_, err = q.UnlinkDocumentFromTimesheetLine(ctx, store.UnlinkDocumentFromTimesheetLineParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: id, TimesheetLineID: target})
		case LinkExpense:
			_, err = q.UnlinkDocumentFromExpenseRequest(ctx, store.UnlinkDocumentFromExpenseRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: id, ExpenseRequestID: target})
		}
		if err != nil {
			return err
		}
		if d, err = get(ctx, q, biz.ID, employeeID, id); err != nil {
			return err
		}
		return s.audit(ctx, q, e, id, before, d)
	})
	return d, err
}

func kindLabel(kind string) string {
	switch kind {
	case LinkLeave:
		return "leave request"
	case LinkTimesheet:
		return "timesheet line"
	default:
		return "expense request"
	}
}

// targetExists: the record of kind is the employee's (404 otherwise).
func targetExists(ctx context.Context, q *store.Queries, bizID, employeeID int64, kind string, id int64) error {
	var n int64
	var err error
	switch kind {
	case LinkLeave:
		n, err = q.CountEmployeeLeaveRequest(ctx, store.CountEmployeeLeaveRequestParams{BusinessID: bizID, EmployeeID: employeeID, ID: id})
	case LinkTimesheet:
		n, err = q.CountEmployeeTimesheetLine(ctx, store.CountEmployeeTimesheetLineParams{BusinessID: bizID, EmployeeID: employeeID, ID: id})
	case LinkExpense:
		_, err = q.GetExpenseRequest(ctx, store.GetExpenseRequestParams{BusinessID: bizID, EmployeeID: employeeID, ID: id})
		if err == nil {
			n = 1
		} else if db.IsNoRows(err) {
			err = nil
		}
	default:
		return payroll.NotFound("record")
	}
	if err != nil {
		return err
	}
	if n == 0 {
		return payroll.NotFound(kindLabel(kind))
	}
	return nil
}
