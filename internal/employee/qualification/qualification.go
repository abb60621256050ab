// Package qualification is the qualifications an employee holds
// (E/qualification, S/qualification): one of the business's
// qualifications (B/qualification) at most once per employee, with issue
// and expiry dates, a reference number and documents (stored as the
// employee's documents, linked to the qualification, deleted with it).
//
// The business-side operations address a held qualification by the
// business qualification's id (EmployeeQualificationModel has no id of
// its own, and an employee holds each qualification once); self-service
// addresses it by the employee qualification's id.
package qualification

import (
	"context"
	"database/sql"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Request is EmployeeQualificationRequest: qualificationId (or the
// qualification's name) and the details. Self-service sends the same
// members (EssEmployeeQualificationModel).
type EmployeeQualificationRequest struct {
	QualificationID int64            `json:"qualificationId" doc:"a business qualification (B/qualification); name is used when this is 0"`
	Name            string           `json:"name" maxLength:"100" doc:"the business qualification's name, when qualificationId is not given"`
	IssueDate       payroll.DateTime `json:"issueDate"`
	ExpiryDate      payroll.DateTime `json:"expiryDate"`
	ReferenceNumber string           `json:"referenceNumber" maxLength:"100"`
}

// Document is EmployeeQualificationDocumentModel (and the self-service
// EssEmployeeQualificationDocumentModel's members).
type QualificationDocument struct {
	ID               int64            `json:"id"`
	Name             string           `json:"name"`
	DateCreated      payroll.DateTime `json:"dateCreated"`
	Visible          bool             `json:"visible"`
	ReferenceNumber  string           `json:"referenceNumber"`
	HasQualification bool             `json:"hasQualification"`
	IsExpired        bool             `json:"isExpired"`
	IsExpiring       bool             `json:"isExpiring" doc:"the qualification expires within 30 days"`
}

// Qualification is EmployeeQualificationModel with the employee
// qualification's own id (EssEmployeeQualificationModel).
type EmployeeQualification struct {
	ID              int64                   `json:"id" doc:"the employee qualification's id (self-service addresses it by this)"`
	QualificationID int64                   `json:"qualificationId"`
	Name            string                  `json:"name"`
	IssueDate       payroll.DateTime        `json:"issueDate"`
	ExpiryDate      payroll.DateTime        `json:"expiryDate"`
	ReferenceNumber string                  `json:"referenceNumber"`
	IsExpired       bool                    `json:"isExpired"`
	IsExpiring      bool                    `json:"isExpiring" doc:"expires within 30 days"`
	Documents       []QualificationDocument `json:"documents"`
}

// Service owns employee qualifications.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

// By says how an operation names the held qualification.
type By int

const (
	// ByQualification: the business qualification's id (E/qualification).
	ByQualification By = iota
	// ByID: the employee qualification's id (S/qualification).
	ByID
)

func dateOf(t sql.NullTime) payroll.DateTime {
	if !t.Valid {
		return payroll.DateTime{}
	}
	return payroll.NewDateTime(t.Time)
}

func nullDate(d payroll.DateTime) sql.NullTime {
	if d.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: d.Time, Valid: true}
}

// load reads the employee's qualifications with their documents.
func (s *Service) load(ctx context.Context, q *store.Queries, bizID, employeeID int64) ([]EmployeeQualification, error) {
	rows, err := q.ListEmployeeQualifications(ctx, store.ListEmployeeQualificationsParams{BusinessID: bizID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	docs, err := q.ListQualificationDocuments(ctx, store.ListQualificationDocumentsParams{BusinessID: bizID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	now := s.Clock.Now()
	today := payroll.DateOnly(now)
	out := make([]EmployeeQualification, len(rows))
	for i, r := range rows {
		qa := EmployeeQualification{ID: r.ID, QualificationID: r.QualificationID, Name: r.Name, IssueDate: dateOf(r.IssueDate),
			ExpiryDate: dateOf(r.ExpiryDate), ReferenceNumber: r.ReferenceNumber, Documents: []QualificationDocument{}}
		if r.ExpiryDate.Valid {
			exp := r.ExpiryDate.Time
			qa.IsExpired = exp.Before(today)
			qa.IsExpiring = !qa.IsExpired && exp.Before(today.AddDate(0, 0, 30))
		}
		for _, d := range docs {
			if d.EmployeeQualificationID.Int64 != r.ID {
				continue
			}
			qa.Documents = append(qa.Documents, QualificationDocument{ID: d.ID, Name: d.FriendlyName, DateCreated: payroll.NewDateTime(d.CreatedAt),
				Visible: documents.ParsePermissions(d.Permissions).Visible, ReferenceNumber: r.ReferenceNumber, HasQualification: true,
				IsExpired: qa.IsExpired, IsExpiring: qa.IsExpiring})
		}
		out[i] = qa
	}
	return out, nil
}

func find(list []EmployeeQualification, by By, id int64) (EmployeeQualification, error) {
	for _, qa := range list {
		if (by == ByQualification && qa.QualificationID == id) || (by == ByID && qa.ID == id) {
			return qa, nil
		}
	}
	return EmployeeQualification{}, payroll.NotFound("employee qualification")
}

// List returns the employee's qualifications, in the order they were added.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []EmployeeQualification, err error) {
	defer payroll.Wrap(&err, "list qualifications of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	return s.load(ctx, q, biz.ID, employeeID)
}

// Get returns one held qualification.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, by By, id int64) (_ EmployeeQualification, err error) {
	defer payroll.Wrap(&err, "get qualification %d of employee %d", id, employeeID)
	list, err := s.List(ctx, biz, p, employeeID)
	if err != nil {
		return EmployeeQualification{}, err
	}
	return find(list, by, id)
}

// resolve checks the request and finds its business qualification.
func resolve(ctx context.Context, q *store.Queries, bizID int64, in *EmployeeQualificationRequest) error {
	var v payroll.Validation
	in.Name, in.ReferenceNumber = strings.TrimSpace(in.Name), strings.TrimSpace(in.ReferenceNumber)
	v.MaxLen("referenceNumber", in.ReferenceNumber, 100)
	if !in.IssueDate.IsZero() && !in.ExpiryDate.IsZero() && in.ExpiryDate.Before(in.IssueDate.Time) {
		v.Add("expiryDate", "expiryDate must not be before issueDate")
	}
	if in.QualificationID == 0 && in.Name == "" {
		v.Add("qualificationId", "qualificationId (or the qualification's name) is required")
	}
	if err := v.Err(); err != nil {
		return err
	}
	if in.QualificationID != 0 {
		if _, err := q.GetRecord(ctx, store.GetRecordParams{ID: in.QualificationID, BusinessID: bizID, Kind: record.KindQualification}); db.IsNoRows(err) {
			return payroll.Invalid("qualificationId", "qualification %d does not exist in this business", in.QualificationID)
		} else if err != nil {
			return err
		}
		return nil
	}
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindQualification})
	if err != nil {
		return err
	}
	for _, r := range rows {
		if strings.EqualFold(r.Name, in.Name) {
			in.QualificationID = r.ID
			return nil
		}
	}
	return payroll.Invalid("name", "no qualification of this business is named %q", in.Name)
}

// Save adds the qualification to the employee or, when they hold it
// already, replaces its details (POST E/qualification).
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in EmployeeQualificationRequest) (out EmployeeQualification, err error) {
	defer payroll.Wrap(&err, "save a qualification of employee %d", employeeID)
	return s.write(ctx, biz, p, employeeID, in, true)
}

// Add adds a qualification the employee does not hold yet (409 when
// they do: S/qualification).
func (s *Service) Add(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in EmployeeQualificationRequest) (out EmployeeQualification, err error) {
	defer payroll.Wrap(&err, "add a qualification to employee %d", employeeID)
	return s.write(ctx, biz, p, employeeID, in, false)
}

func (s *Service) write(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in EmployeeQualificationRequest, upsert bool) (out EmployeeQualification, err error) {
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		if err := resolve(ctx, q, biz.ID, &in); err != nil {
			return err
		}
		list, err := s.load(ctx, q, biz.ID, employeeID)
		if err != nil {
			return err
		}
		var before *EmployeeQualification
		if b, err := find(list, ByQualification, in.QualificationID); err == nil {
			before = &b
		}
		var id int64
		if upsert {
			id, err = q.UpsertEmployeeQualification(ctx, store.UpsertEmployeeQualificationParams{BusinessID: biz.ID, EmployeeID: employeeID,
				QualificationID: in.QualificationID, IssueDate: nullDate(in.IssueDate), ExpiryDate: nullDate(in.ExpiryDate),
				ReferenceNumber: in.ReferenceNumber, CreatedAt: s.Clock.Now()})
		} else {
			id, err = q.CreateEmployeeQualification(ctx, store.CreateEmployeeQualificationParams{BusinessID: biz.ID, EmployeeID: employeeID,
				QualificationID: in.QualificationID, IssueDate: nullDate(in.IssueDate), ExpiryDate: nullDate(in.ExpiryDate),
				ReferenceNumber: in.ReferenceNumber, CreatedAt: s.Clock.Now()})
			if db.IsUniqueViolation(err) {
				return payroll.Conflict("the employee already holds qualification %d", in.QualificationID)
			}
		}
		if db.IsForeignKeyViolation(err) { // deleted since resolve looked
			return payroll.Invalid("qualificationId", "qualification %d does not exist in this business", in.QualificationID)
		}
		if err != nil {
			return err
		}
		if list, err = s.load(ctx, q, biz.ID, employeeID); err != nil {
			return err
		}
		if out, err = find(list, ByID, id); err != nil {
			return err
		}
		return s.audit(ctx, q, e, before, &out)
	})
	return out, err
}

// trail is what the employee's audit trail records of a held
// qualification: its details and its documents' names (not the derived
// expiry flags).
type trail struct {
	QualificationID int64            `json:"qualificationId"`
	Name            string           `json:"name"`
	IssueDate       payroll.DateTime `json:"issueDate"`
	ExpiryDate      payroll.DateTime `json:"expiryDate"`
	ReferenceNumber string           `json:"referenceNumber"`
	Documents       []string         `json:"documents"`
}

func trailOf(qa *EmployeeQualification) *trail {
	if qa == nil {
		return nil
	}
	t := &trail{QualificationID: qa.QualificationID, Name: qa.Name, IssueDate: qa.IssueDate, ExpiryDate: qa.ExpiryDate, ReferenceNumber: qa.ReferenceNumber}
	for _, d := range qa.Documents {
		t.Documents = append(t.Documents, d.Name)
	}
	return t
}

// audit records a change to a held qualification (before nil: added,
// after nil: removed) in the employee's trail, Qualifications section,
// named by the employee qualification's id.
func (s *Service) audit(ctx context.Context, q *store.Queries, e employee.Employee, before, after *EmployeeQualification) error {
	id := int64(0)
	if before != nil {
		id = before.ID
	} else if after != nil {
		id = after.ID
	}
	var b, a any
	if before != nil {
		b = trailOf(before)
	}
	if after != nil {
		a = trailOf(after)
	}
	return s.Employees.AuditRecord(ctx, q, e, employee.SectionQualifications, "qualification", id, b, a)
}

// Delete removes a held qualification with its documents.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, by By, id int64) (err error) {
	defer payroll.Wrap(&err, "delete qualification %d of employee %d", id, employeeID)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		list, err := s.load(ctx, q, biz.ID, employeeID)
		if err != nil {
			return err
		}
		qa, err := find(list, by, id)
		if err != nil {
			return err
		}
		if err := q.DeleteQualificationDocuments(ctx, store.DeleteQualificationDocumentsParams{BusinessID: biz.ID,
			EmployeeQualificationID: sql.NullInt64{Int64: qa.ID, Valid: true}}); err != nil {
			return err
		}
		if _, err = q.DeleteEmployeeQualification(ctx, store.DeleteEmployeeQualificationParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: qa.ID}); err != nil {
			return err
		}
		return s.audit(ctx, q, e, &qa, nil)
	})
}

// UploadDocuments stores files as documents of a held qualification.
func (s *Service) UploadDocuments(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, by By, id int64, files []documents.File, visible bool) (out []QualificationDocument, err error) {
	defer payroll.Wrap(&err, "upload documents of qualification %d of employee %d", id, employeeID)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		list, err := s.load(ctx, q, biz.ID, employeeID)
		if err != nil {
			return err
		}
		qa, err := find(list, by, id)
		if err != nil {
			return err
		}
		before := qa
		ids, err := documents.StoreFiles(ctx, q, s.Clock, biz.ID, employeeID, files, visible, documents.Owner{QualificationID: qa.ID})
		if err != nil {
			return err
		}
		list, err = s.load(ctx, q, biz.ID, employeeID)
		if err != nil {
			return err
		}
		qa, _ = find(list, ByID, qa.ID)
		for _, did := range ids {
			for _, d := range qa.Documents {
				if d.ID == did {
					out = append(out, d)
				}
			}
		}
		return s.audit(ctx, q, e, &before, &qa)
	})
	return out, err
}

// Documents lists a held qualification's documents.
func (s *Service) Documents(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, by By, id int64) ([]QualificationDocument, error) {
	qa, err := s.Get(ctx, biz, p, employeeID, by, id)
	return qa.Documents, err
}

// Document returns one document of a held qualification.
func (s *Service) Document(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, by By, id, documentID int64) (QualificationDocument, error) {
	docs, err := s.Documents(ctx, biz, p, employeeID, by, id)
	if err != nil {
		return QualificationDocument{}, err
	}
	for _, d := range docs {
		if d.ID == documentID {
			return d, nil
		}
	}
	return QualificationDocument{}, payroll.NotFound("qualification document")
}

// Content returns the file of a qualification document.
func (s *Service) Content(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, by By, id, documentID int64) (f documents.File, err error) {
	defer payroll.Wrap(&err, "read document %d of qualification %d of employee %d", documentID, id, employeeID)
	qa, err := s.Get(ctx, biz, p, employeeID, by, id)
	if err != nil {
		return documents.File{}, err
	}
	r, err := s.Employees.DB.Queries().GetQualificationDocumentContent(ctx, store.GetQualificationDocumentContentParams{BusinessID: biz.ID,
		EmployeeQualificationID: sql.NullInt64{Int64: qa.ID, Valid: true}, DocumentID: documentID})
	if db.IsNoRows(err) {
		return documents.File{}, payroll.NotFound("qualification document")
	}
	return documents.File{Name: r.FriendlyName, ContentType: r.ContentType, Data: r.Content}, err
}

// DeleteDocument removes one document of a held qualification.
func (s *Service) DeleteDocument(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, by By, id, documentID int64) (err error) {
	defer payroll.Wrap(&err, "delete document %d of qualification %d of employee %d", documentID, id, employeeID)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		list, err := s.load(ctx, q, biz.ID, employeeID)
		if err != nil {
			return err
		}
		qa, err := find(list, by, id)
		if err != nil {
			return err
		}
		n, err := q.DeleteQualificationDocument(ctx, store.DeleteQualificationDocumentParams{BusinessID: biz.ID,
			EmployeeQualificationID: sql.NullInt64{Int64: qa.ID, Valid: true}, ID: documentID})
		if err == nil && n == 0 {
			return payroll.NotFound("qualification document")
		}
		if err != nil {
			return err
		}
		if list, err = s.load(ctx, q, biz.ID, employeeID); err != nil {
			return err
		}
		after, err := find(list, ByID, qa.ID)
		if err != nil {
			return err
		}
		return s.audit(ctx, q, e, &qa, &after)
	})
}
