package leave

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// SetAttachment stores file as the attachment of the employee's leave
// request id (a medical certificate, say): an employee document visible
// to the employee, linked to the request, and the request's attachmentId.
// It replaces (deletes) the attachment the request had. A cancelled
// request is 409; requests in any other status take attachments, as
// evidence often follows approval.
func (s *Service) SetAttachment(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, file documents.File) (_ Request, err error) {
	defer payroll.Wrap(&err, "attach a file to leave request %d", id)
	var out Request
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cur, err := loadRequest(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		if cur.Status == StatusCancelled {
			return payroll.Conflict("leave request %d is cancelled", id)
		}
		ids, err := documents.StoreFiles(ctx, q, s.Clock, biz.ID, employeeID, []documents.File{file}, true, documents.Owner{})
		if err != nil {
			return err
		}
		if _, err := q.LinkDocumentToLeaveRequest(ctx, store.LinkDocumentToLeaveRequestParams{BusinessID: biz.ID, EmployeeID: employeeID, DocumentID: ids[0],
			LeaveRequestID: sql.NullInt64{Int64: id, Valid: true}}); err != nil {
			return err
		}
		if err := s.setAttachment(ctx, q, biz.ID, employeeID, id, sql.NullInt64{Int64: ids[0], Valid: true}); err != nil {
			return err
		}
		if cur.AttachmentID != nil {
			if _, err := q.DeleteLeaveAttachmentDocument(ctx, store.DeleteLeaveAttachmentDocumentParams{BusinessID: biz.ID, EmployeeID: sql.NullInt64{Int64: employeeID, Valid: true},
				ID: *cur.AttachmentID}); err != nil {
				return err
			}
		}
		out, err = loadRequest(ctx, q, biz.ID, employeeID, id)
		return err
	})
	return out, err
}

func (s *Service) setAttachment(ctx context.Context, q *store.Queries, bizID, employeeID, id int64, doc sql.NullInt64) error {
	n, err := q.SetLeaveRequestAttachment(ctx, store.SetLeaveRequestAttachmentParams{ID: id, BusinessID: bizID, EmployeeID: employeeID, AttachmentID: doc,
		UpdatedAt: s.Clock.Now()})
	if err == nil && n == 0 {
		return payroll.NotFound("leave request")
	}
	return err
}

// DeleteAttachment removes the attachment of the employee's leave
// request id and its document (404 when the request has none).
func (s *Service) DeleteAttachment(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "remove the attachment of leave request %d", id)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cur, err := loadRequest(ctx, q, biz.ID, employeeID, id)
		if err != nil {
			return err
		}
		if cur.AttachmentID == nil {
			return payroll.NotFound("attachment")
		}
		if err := s.setAttachment(ctx, q, biz.ID, employeeID, id, sql.NullInt64{}); err != nil {
			return err
		}
		_, err = q.DeleteLeaveAttachmentDocument(ctx, store.DeleteLeaveAttachmentDocumentParams{BusinessID: biz.ID, EmployeeID: sql.NullInt64{Int64: employeeID, Valid: true},
			ID: *cur.AttachmentID})
		return err
	})
}

// Detail is a request with what self-service shows besides
// (EssLeaveRequestModel): when it was requested, the manager's note on
// its status, its category's unit, and its attachment's name and date.
type Detail struct {
	Request
	Requested         time.Time
	StatusReason      string
	UnitType          string // Hours, Days or Weeks
	AttachmentName    string
	AttachmentCreated time.Time
	RequireNotes      bool
}

// GetDetail returns the employee's leave request id with its Detail.
func (s *Service) GetDetail(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ Detail, err error) {
	defer payroll.Wrap(&err, "get leave request %d", id)
	r, err := s.GetRequest(ctx, biz, p, employeeID, id)
	if err != nil {
		return Detail{}, err
	}
	q := s.DB.Queries()
	d := Detail{Request: r, UnitType: "Hours"}
	if err := q.QueryRow(ctx, "SELECT created_at, status_reason FROM leave_requests WHERE id = $1 AND business_id = $2", id, biz.ID).Scan(&d.Requested, &d.StatusReason); err != nil {
		return Detail{}, err
	}
	d.Requested = d.Requested.UTC()
	if cat, err := s.Categories.Load(ctx, q, biz.ID, 0, r.LeaveCategoryID); err == nil && cat.LeaveUnitType != "" {
		d.UnitType = cat.LeaveUnitType
	} else if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
		return Detail{}, err
	}
	if r.AttachmentID != nil {
		err := q.QueryRow(ctx, "SELECT friendly_name, created_at FROM documents WHERE id = $1 AND business_id = $2", *r.AttachmentID, biz.ID).Scan(&d.AttachmentName, &d.AttachmentCreated)
		if err != nil && !db.IsNoRows(err) {
			return Detail{}, err
		}
		d.AttachmentCreated = d.AttachmentCreated.UTC()
	}
	if s.RequireNotes != nil {
		if d.RequireNotes, err = s.RequireNotes(ctx, q, biz); err != nil {
			return Detail{}, err
		}
	}
	return d, nil
}

// SelfServiceCategories are the leave categories an employee may apply
// for in self-service: the business's categories that are not private,
// by name.
func (s *Service) SelfServiceCategories(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []categories.LeaveCategory, err error) {
	defer payroll.Wrap(&err, "self-service leave categories of employee %d", employeeID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	all, err := s.Categories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := []categories.LeaveCategory{}
	for _, c := range all {
		if !c.IsPrivate {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out, nil
}
