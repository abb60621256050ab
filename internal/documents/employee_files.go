package documents

import (
	"context"
	"database/sql"
	"encoding/json"
	"path"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Employee documents are rows of the documents table too (employee_id
// set); their permissions document and how their files are stored live
// here, below the areas that attach files to an employee (leave requests,
// expense requests, qualifications, employee/document itself).

// Permissions say whether the employee sees a document in self-service
// and how they are told (UpdateEmployeeDocumentPermissionsModel without
// the id). Stored as the documents row's permissions document.
type EmployeeDocumentPermissions struct {
	Visible                         bool             `json:"visible"`
	RequiresEmployeeAcknowledgement bool             `json:"requiresEmployeeAcknowledgement"`
	SendNotificationToEmployee      bool             `json:"sendNotificationToEmployee"`
	SendNotificationImmediately     bool             `json:"sendNotificationImmediately"`
	SendInitialNotificationOn       payroll.DateTime `json:"sendInitialNotificationOn"`
	SendReminderEveryXDays          *int             `json:"sendReminderEveryXDays" nullable:"true"`
}

// Validate tidies and checks the permissions: acknowledgement and
// notification need a document the employee can see; reminders are for
// documents that need acknowledging.
func (p *EmployeeDocumentPermissions) Validate(v *payroll.Validation) {
	if p.RequiresEmployeeAcknowledgement && !p.Visible {
		v.Add("requiresEmployeeAcknowledgement", "a document the employee must acknowledge must be visible to them")
	}
	if p.SendNotificationToEmployee && !p.Visible {
		v.Add("sendNotificationToEmployee", "the employee can only be notified of a visible document")
	}
	NotificationRules(v, p.RequiresEmployeeAcknowledgement, p.SendNotificationToEmployee, p.SendReminderEveryXDays,
		&p.SendNotificationImmediately, &p.SendInitialNotificationOn)
}

// ParsePermissions reads a stored permissions document.
func ParsePermissions(s string) EmployeeDocumentPermissions {
	var p EmployeeDocumentPermissions
	_ = json.Unmarshal([]byte(s), &p) // written by this package only
	return p
}

// File is an uploaded file or a download.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// FileName is a file's base name ("document" when it has none), at most
// 255 characters.
func FileName(name string) string {
	name = strings.TrimSpace(path.Base(strings.ReplaceAll(name, `\`, "/")))
	if name == "" || name == "." || name == "/" {
		return "document"
	}
	if r := []rune(name); len(r) > 255 {
		name = string(r[:255])
	}
	return name
}

// Owner says what stored files belong to besides the employee.
type Owner struct {
	QualificationID  int64 // an employee qualification (employee_qualifications.id)
	ExpenseRequestID int64 // an expense request (its attachments)
}

// StoreFiles stores files as documents of employee employeeID in q's
// transaction, visible in self-service or not, owned by owner; it returns
// their ids in order. An empty file is a 400 naming file.
func StoreFiles(ctx context.Context, q *store.Queries, clock payroll.Clock, businessID, employeeID int64, files []File, visible bool, owner Owner) ([]int64, error) {
	if len(files) == 0 {
		return nil, payroll.Invalid("file", "no file was uploaded")
	}
	perms, _ := json.Marshal(EmployeeDocumentPermissions{Visible: visible})
	ids := make([]int64, 0, len(files))
	for _, f := range files {
		if len(f.Data) == 0 {
			return nil, payroll.Invalid("file", "%s is empty", FileName(f.Name))
		}
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		r, err := q.CreateDocument(ctx, store.CreateDocumentParams{BusinessID: businessID, EmployeeID: sql.NullInt64{Int64: employeeID, Valid: true},
			FriendlyName: FileName(f.Name), ContentType: ct, Size: int64(len(f.Data)), Content: f.Data, Permissions: string(perms), CreatedAt: clock.Now()})
		if err != nil {
			return nil, err
		}
		link := store.CreateEmployeeDocumentLinkParams{DocumentID: r.ID, BusinessID: businessID, EmployeeID: employeeID}
		if owner.QualificationID != 0 {
			link.EmployeeQualificationID = sql.NullInt64{Int64: owner.QualificationID, Valid: true}
		}
		if owner.ExpenseRequestID != 0 {
			link.ExpenseRequestID = sql.NullInt64{Int64: owner.ExpenseRequestID, Valid: true}
		}
		if err := q.CreateEmployeeDocumentLink(ctx, link); err != nil {
			return nil, err
		}
		ids = append(ids, r.ID)
	}
	return ids, nil
}
