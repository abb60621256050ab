package employeeapi

import (
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/employee/document"
	"github.com/payrolld/payrolld/internal/employee/qualification"
	"github.com/payrolld/payrolld/internal/expense"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Files are the services of an employee's documents, qualifications and
// expense requests.
type Files struct {
	Documents      *document.Service
	Qualifications *qualification.Service
	Expenses       *expense.Service
}

// registerFiles serves E/document, E/qualification and
// E/expenserequest.
func registerFiles(a *httpapi.API, f Files) {
	registerDocuments(a, f.Documents)
	registerQualifications(a, f.Qualifications)
	registerExpenses(a, f.Expenses)
}

// uploadedFiles reads every part named file of an upload (each within
// the upload limit; a form without one is a 400 naming file).
func uploadedFiles(a *httpapi.API, form *multipart.Form) ([]documents.File, error) {
	parts := form.File["file"]
	if len(parts) == 0 {
		_, err := a.UploadedFile(form) // the 400 naming file
		return nil, err
	}
	files := make([]documents.File, 0, len(parts))
	for _, fh := range parts {
		f, err := a.UploadedFile(&multipart.Form{File: map[string][]*multipart.FileHeader{"file": {fh}}})
		if err != nil {
			return nil, err
		}
		files = append(files, documents.File{Name: f.Name, ContentType: f.ContentType, Data: f.Data})
	}
	return files, nil
}

// UpdateEmployeeDocumentPermissionsModel is the PUT E/document body: id
// names the document; members omitted keep their values.
type UpdateEmployeeDocumentPermissionsModel struct {
	ID int64 `json:"id" required:"true"`
	documents.EmployeeDocumentPermissions
}

func registerDocuments(a *httpapi.API, s *document.Service) {
	tags := []string{"Employee Documents"}
	biz := httpapi.CurrentBusiness
	docIDs := func(ctx context.Context) (int64, int64, error) {
		return pathIDs(ctx, "documentId", "employee document")
	}
	out := func(d document.EmployeeDocument, err error) (*httpapi.BodyOf[document.EmployeeDocument], error) {
		return &httpapi.BodyOf[document.EmployeeDocument]{Body: d}, err
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeDocuments), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/document", Tags: tags,
		Summary: "Upload employee documents", Description: "multipart/form-data with one or more parts named file, each stored as a document of the employee; visible shows them to the employee in self-service. Answers the new documents; all are stored or none. A file over the upload limit answers 413.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Visible bool `query:"visible"`
			httpapi.UploadInput
		}) (*httpapi.BodyOf[[]document.EmployeeDocument], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			files, err := uploadedFiles(a, &in.RawBody)
			if err != nil {
				return nil, err
			}
			list, err := s.Upload(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, files, in.Visible)
			return &httpapi.BodyOf[[]document.EmployeeDocument]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDocuments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/document", Tags: tags,
		Summary: "List employee documents", Description: "The employee's documents, oldest first (a qualification's documents are listed under the qualification).",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]document.EmployeeDocument], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid)
			return &httpapi.BodyOf[[]document.EmployeeDocument]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeDocuments), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/document", Tags: tags,
		Summary: "Update an employee document's permissions", Description: "The body's id names the document. Members the body omits keep their values. A document the employee must acknowledge, or is notified of, must be visible.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    UpdateEmployeeDocumentPermissionsModel
			RawBody []byte
		}) (*httpapi.BodyOf[document.EmployeeDocument], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			if in.Body.ID == 0 {
				return nil, payroll.Invalid("id", "id names the document to update")
			}
			return out(s.UpdatePermissions(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, in.Body.ID, func(p *documents.EmployeeDocumentPermissions) error {
				return httpapi.MergeJSON(p, in.RawBody)
			}))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDocuments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/document/{documentId}", Tags: tags,
		Summary: "Get an employee document's details", Parameters: httpapi.PathParams("employeeId", "documentId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[document.EmployeeDocument], error) {
			eid, id, err := docIDs(ctx)
			if err != nil {
				return nil, err
			}
			return out(s.Get(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeDocuments), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/document/{documentId}", Tags: tags,
		Summary: "Delete an employee document", Description: "The file and its links go; records it was attached to stay.",
		Parameters: httpapi.PathParams("employeeId", "documentId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, id, err := docIDs(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id)
		})
	content := func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
		eid, id, err := docIDs(ctx)
		if err != nil {
			return nil, err
		}
		f, err := s.Content(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id)
		if err != nil {
			return nil, err
		}
		return httpapi.NewFileOutput(f.Name, f.ContentType, f.Data), nil
	}
	contentDoc := "The file's bytes exactly as uploaded, with its content type; an employee outside a restricted user's groups and locations is 404."
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDocuments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/document/{documentId}/content", Tags: tags,
		Summary: "Download an employee document", Description: contentDoc, Parameters: httpapi.PathParams("employeeId", "documentId")}, content)
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDocuments), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/{employeeId}/document/download/{documentId}", Tags: []string{"Manager"},
		Summary: "Download an employee document (manager)", Description: contentDoc, Parameters: httpapi.PathParams("employeeId", "documentId")}, content)

	// Links: one POST (attach) and one DELETE (detach) per kind of record.
	type link struct {
		kind, label, path, param string
	}
	for _, l := range []link{
		{document.LinkExpense, "expense request", "/api/v2/business/{businessId}/employee/{employeeId}/document/{documentId}/expense/{expenseRequestId}", "expenseRequestId"},
		{document.LinkLeave, "leave request", "/api/v2/business/{businessId}/employee/{employeeId}/document/{documentId}/leave/{leaveRequestId}", "leaveRequestId"},
		{document.LinkTimesheet, "timesheet line", "/api/v2/business/{businessId}/employee/{employeeId}/document/{documentId}/timesheet/{timesheetLineId}", "timesheetLineId"},
	} {
		ids := func(ctx context.Context) (int64, int64, int64, error) {
			eid, id, err := docIDs(ctx)
			if err != nil {
				return 0, 0, 0, err
			}
			target, err := httpapi.PathID(ctx, l.param, l.label)
			return eid, id, target, err
		}
		httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeDocuments), huma.Operation{Method: http.MethodPost, Path: l.path, Tags: tags,
			Summary: "Attach an employee document to a " + l.label, Description: "The " + l.label + " must be the employee's. A document is attached to at most one " + l.label + ": attaching it again moves it.",
			Parameters: httpapi.PathParams("employeeId", "documentId", l.param)},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[document.EmployeeDocument], error) {
				eid, id, target, err := ids(ctx)
				if err != nil {
					return nil, err
				}
				return out(s.Link(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id, l.kind, target))
			})
		httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeDocuments), huma.Operation{Method: http.MethodDelete, Path: l.path, Tags: tags,
			Summary: "Detach an employee document from a " + l.label, Description: "When the document is attached to that " + l.label + ", it is detached; otherwise nothing changes.",
			Parameters: httpapi.PathParams("employeeId", "documentId", l.param)},
			func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[document.EmployeeDocument], error) {
				eid, id, target, err := ids(ctx)
				if err != nil {
					return nil, err
				}
				return out(s.Unlink(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, id, l.kind, target))
			})
	}
}

// declineReason reads the decline body: a bare JSON string as the
// reference sends it, plain text, or an object with a reason member.
func declineReason(raw []byte) (string, error) {
	if len(raw) == 0 {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	if t := strings.TrimSpace(string(raw)); !strings.HasPrefix(t, "{") && !strings.HasPrefix(t, "[") {
		return t, nil // sent as plain text
	}
	var o struct {
		Reason string `json:"reason"`
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return "", payroll.Invalid("body", "the body is the decline reason as a JSON string")
	}
	return o.Reason, nil
}
