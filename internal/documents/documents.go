package documents

import (
	"context"
	"encoding/json"
	"path"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Documents are the business's files for its employees (policies,
// handbooks), stored with their bytes in the documents table.
type Documents struct {
	S *record.Service
}

// DocumentPermissions says who sees a document and how employees are
// told (UpdateDocumentPermissionsModel without the id). It is the stored
// permissions document and the PUT body.
type DocumentPermissions struct {
	VisibleToAll                    bool             `json:"visibleToAll"`
	EmployeeGroups                  []int64          `json:"employeeGroups" doc:"employee groups that see the document"`
	Locations                       []int64          `json:"locations" doc:"locations whose employees see the document"`
	RequiresEmployeeAcknowledgement bool             `json:"requiresEmployeeAcknowledgement"`
	SendNotificationToEmployee      bool             `json:"sendNotificationToEmployee"`
	SendNotificationImmediately     bool             `json:"sendNotificationImmediately"`
	SendInitialNotificationOn       payroll.DateTime `json:"sendInitialNotificationOn"`
	SendReminderEveryXDays          *int             `json:"sendReminderEveryXDays"`
}

// NotificationRules checks a document's acknowledgement reminder and
// settles when the employee is notified; business and employee documents
// (employee/document) share them.
func NotificationRules(v *payroll.Validation, requiresAck, notify bool, reminderDays *int, immediately *bool, initialOn *payroll.DateTime) {
	if reminderDays != nil && (*reminderDays < 1 || *reminderDays > 365) {
		v.Add("sendReminderEveryXDays", "sendReminderEveryXDays must be between 1 and 365")
	}
	if reminderDays != nil && !requiresAck {
		v.Add("sendReminderEveryXDays", "reminders are for documents that require acknowledgement")
	}
	if !notify {
		*immediately, *initialOn = false, payroll.DateTime{}
	} else if initialOn.IsZero() {
		*immediately = true
	}
	if *immediately {
		*initialOn = payroll.DateTime{}
	}
}

// Validate tidies and checks the permissions: a document visible to all
// has no group or location selection; a notification without a date goes
// out immediately.
func (p *DocumentPermissions) Validate(v *payroll.Validation) {
	if p.VisibleToAll {
		p.EmployeeGroups, p.Locations = []int64{}, []int64{}
	}
	p.EmployeeGroups, p.Locations = distinctIDs(p.EmployeeGroups), distinctIDs(p.Locations)
	NotificationRules(v, p.RequiresEmployeeAcknowledgement, p.SendNotificationToEmployee, p.SendReminderEveryXDays,
		&p.SendNotificationImmediately, &p.SendInitialNotificationOn)
}

// distinctIDs drops repeats (and zeros), keeping the first order.
func distinctIDs(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	seen := map[int64]bool{}
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// References names the selected groups and locations.
func (p *DocumentPermissions) References() []record.Ref {
	var refs []record.Ref
	for _, id := range p.EmployeeGroups {
		refs = append(refs, record.Ref{Field: "employeeGroups", Kind: record.KindEmployeeGroup, ID: id})
	}
	for _, id := range p.Locations {
		refs = append(refs, record.Ref{Field: "locations", Kind: record.KindLocation, ID: id})
	}
	return refs
}

// Document is a business document as the API shows it (DocumentModel).
type Document struct {
	ID                              int64            `json:"id"`
	FriendlyName                    string           `json:"friendlyName"`
	DateCreated                     payroll.DateTime `json:"dateCreated"`
	VisibleToAllEmployees           bool             `json:"visibleToAllEmployees"`
	SelectedGroups                  []record.IDName  `json:"selectedGroups"`
	SelectedLocations               []record.IDName  `json:"selectedLocations"`
	RequiresEmployeeAcknowledgement bool             `json:"requiresEmployeeAcknowledgement"`
	SendNotificationToEmployee      bool             `json:"sendNotificationToEmployee"`
	SendNotificationImmediately     bool             `json:"sendNotificationImmediately"`
	SendInitialNotificationOn       payroll.DateTime `json:"sendInitialNotificationOn"`
	SendReminderEveryXDays          *int             `json:"sendReminderEveryXDays"`
	ContentType                     string           `json:"contentType"`
	ContentLength                   int64            `json:"contentLength"`
}

// DocumentFile is an uploaded file.
type DocumentFile struct {
	Name        string
	ContentType string
	Data        []byte
}

// documentRow is the metadata of a stored document (every query that
// returns it has these columns).
type documentRow = store.ListBusinessDocumentsRow

func (d *Documents) view(ctx context.Context, q *store.Queries, r documentRow) (Document, error) {
	var p DocumentPermissions
	if err := json.Unmarshal([]byte(r.Permissions), &p); err != nil {
		return Document{}, err
	}
	names := func(kind string, ids []int64) ([]record.IDName, error) {
		out := make([]record.IDName, 0, len(ids))
		for _, id := range ids {
			rec, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: r.BusinessID, Kind: kind})
			if db.IsNoRows(err) {
				continue
			}
			if err != nil {
				return nil, err
			}
			out = append(out, record.IDName{ID: id, Name: rec.Name})
		}
		return out, nil
	}
	groups, err := names(record.KindEmployeeGroup, p.EmployeeGroups)
	if err != nil {
		return Document{}, err
	}
	locs, err := names(record.KindLocation, p.Locations)
	if err != nil {
		return Document{}, err
	}
	return Document{ID: r.ID, FriendlyName: r.FriendlyName, DateCreated: payroll.NewDateTime(r.CreatedAt),
		VisibleToAllEmployees: p.VisibleToAll, SelectedGroups: groups, SelectedLocations: locs,
		RequiresEmployeeAcknowledgement: p.RequiresEmployeeAcknowledgement, SendNotificationToEmployee: p.SendNotificationToEmployee,
		SendNotificationImmediately: p.SendNotificationImmediately, SendInitialNotificationOn: p.SendInitialNotificationOn,
		SendReminderEveryXDays: p.SendReminderEveryXDays, ContentType: r.ContentType, ContentLength: r.Size}, nil
}

// documentName is the file's base name ("document" when it has none).
func documentName(name string) string {
	name = strings.TrimSpace(path.Base(strings.ReplaceAll(name, `\`, "/")))
	if name == "" || name == "." || name == "/" {
		return "document"
	}
	if r := []rune(name); len(r) > 255 {
		name = string(r[:255])
	}
	return name
}

// Create stores the files as documents, all or none.
func (d *Documents) Create(ctx context.Context, biz business.Business, files []DocumentFile, visibleToAll bool) ([]Document, error) {
	if len(files) == 0 {
		return nil, payroll.Invalid("file", "no file was uploaded")
	}
	perms, _ := json.Marshal(DocumentPermissions{VisibleToAll: visibleToAll, EmployeeGroups: []int64{}, Locations: []int64{}})
	out := make([]Document, 0, len(files))
	err := d.S.DB.InTx(ctx, func(q *store.Queries) error {
		for _, f := range files {
			if len(f.Data) == 0 {
				return payroll.Invalid("file", "%s is empty", documentName(f.Name))
			}
			ct := f.ContentType
			if ct == "" {
				ct = "application/octet-stream"
			}
			r, err := q.CreateDocument(ctx, store.CreateDocumentParams{BusinessID: biz.ID, FriendlyName: documentName(f.Name),
				ContentType: ct, Size: int64(len(f.Data)), Content: f.Data, Permissions: string(perms), CreatedAt: d.S.Clock.Now()})
			if err != nil {
				return err
			}
			doc, err := d.view(ctx, q, documentRow(r))
			if err != nil {
				return err
			}
			out = append(out, doc)
		}
		return nil
	})
	return out, err
}

// List returns the business's documents, oldest first.
func (d *Documents) List(ctx context.Context, biz business.Business) ([]Document, error) {
	q := d.S.DB.Queries()
	rows, err := q.ListBusinessDocuments(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	out := make([]Document, 0, len(rows))
	for _, r := range rows {
		doc, err := d.view(ctx, q, r)
		if err != nil {
			return nil, err
		}
		out = append(out, doc)
	}
	return out, nil
}

func (d *Documents) get(ctx context.Context, q *store.Queries, bizID, id int64) (documentRow, error) {
	r, err := q.GetBusinessDocument(ctx, store.GetBusinessDocumentParams{ID: id, BusinessID: bizID})
	if db.IsNoRows(err) {
		return documentRow{}, payroll.NotFound("document")
	}
	return documentRow(r), err
}

// Get returns one document's details.
func (d *Documents) Get(ctx context.Context, biz business.Business, id int64) (Document, error) {
	q := d.S.DB.Queries()
	r, err := d.get(ctx, q, biz.ID, id)
	if err != nil {
		return Document{}, err
	}
	return d.view(ctx, q, r)
}

// UpdatePermissions applies change to the document's permissions; the
// groups and locations must be the business's.
func (d *Documents) UpdatePermissions(ctx context.Context, biz business.Business, id int64, change func(p *DocumentPermissions) error) (Document, error) {
	var out Document
	err := d.S.DB.InTx(ctx, func(q *store.Queries) error {
		r, err := d.get(ctx, q, biz.ID, id)
		if err != nil {
			return err
		}
		var p DocumentPermissions
		if err := json.Unmarshal([]byte(r.Permissions), &p); err != nil {
			return err
		}
		if err := change(&p); err != nil {
			return err
		}
		var val payroll.Validation
		p.Validate(&val)
		if err := val.Err(); err != nil {
			return err
		}
		if err := record.CheckRefs(ctx, q, biz.ID, p.References()); err != nil {
			return err
		}
		data, err := json.Marshal(&p)
		if err != nil {
			return err
		}
		u, err := q.UpdateBusinessDocumentPermissions(ctx, store.UpdateBusinessDocumentPermissionsParams{ID: id, BusinessID: biz.ID,
			Permissions: string(data), UpdatedAt: d.S.Clock.Now()})
		if err != nil {
			return err
		}
		// The groups and locations a document is shown to are in use.
		if err := record.SaveRefs(ctx, q, biz.ID, KindBusinessDocument, id, p.References()); err != nil {
			return err
		}
		out, err = d.view(ctx, q, documentRow(u))
		return err
	})
	return out, err
}

// Delete removes a document and its bytes.
func (d *Documents) Delete(ctx context.Context, biz business.Business, id int64) error {
	return d.S.DB.InTx(ctx, func(q *store.Queries) error {
		n, err := q.DeleteBusinessDocument(ctx, store.DeleteBusinessDocumentParams{ID: id, BusinessID: biz.ID})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.NotFound("document")
		}
		return q.DeleteRecordRefsFrom(ctx, store.DeleteRecordRefsFromParams{FromKind: KindBusinessDocument, FromID: id})
	})
}

// Content returns a document's file exactly as uploaded.
func (d *Documents) Content(ctx context.Context, biz business.Business, id int64) (DocumentFile, error) {
	r, err := d.S.DB.Queries().GetBusinessDocumentContent(ctx, store.GetBusinessDocumentContentParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return DocumentFile{}, payroll.NotFound("document")
	}
	if r.Content == nil {
		r.Content = []byte{}
	}
	return DocumentFile{Name: r.FriendlyName, ContentType: r.ContentType, Data: r.Content}, err
}

const KindBusinessDocument = "business_document"
