package referenceapi

import (
	"context"
	"mime/multipart"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/documents"
	"github.com/payrolld/payrolld/internal/httpapi"
)

// UpdateDocumentPermissionsModel is the PUT body of a business document
// (the id member is accepted and ignored: the path names the document).
type UpdateDocumentPermissionsModel struct {
	ID int64 `json:"id"`
	documents.DocumentPermissions
}

// registerBusinessDocuments serves B/document: uploads (one document per
// file part), details, permissions, deletion and the bytes.
func registerBusinessDocuments(a *httpapi.API) {
	docs := a.Reference.Documents
	tags := []string{"Business Documents"}
	docID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "id", "document") }
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/document", Tags: tags, Summary: "Upload business documents",
		Description: "multipart/form-data with one or more parts named file, each stored as a document; visibleToAll shows them to every employee. Answers the new documents. A file over the upload limit answers 413."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			VisibleToAll bool `query:"visibleToAll"`
			httpapi.UploadInput
		}) (*httpapi.BodyOf[[]documents.Document], error) {
			parts := in.RawBody.File["file"]
			if len(parts) == 0 {
				_, err := a.UploadedFile(&in.RawBody) // the 400 naming file
				return nil, err
			}
			files := make([]documents.DocumentFile, 0, len(parts))
			for _, fh := range parts {
				// uploadedFile reads (and limits) the first file of a form: hand it each part in turn.
				f, err := a.UploadedFile(&multipart.Form{File: map[string][]*multipart.FileHeader{"file": {fh}}})
				if err != nil {
					return nil, err
				}
				files = append(files, documents.DocumentFile{Name: f.Name, ContentType: f.ContentType, Data: f.Data})
			}
			list, err := docs.Create(ctx, httpapi.CurrentBusiness(ctx), files, in.VisibleToAll)
			return &httpapi.BodyOf[[]documents.Document]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/document", Tags: tags, Summary: "List business documents"},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]documents.Document], error) {
			list, err := docs.List(ctx, httpapi.CurrentBusiness(ctx))
			return &httpapi.BodyOf[[]documents.Document]{Body: list}, err
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/document/{id}", Tags: tags, Summary: "Get a business document's details",
		Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[documents.Document], error) {
			id, err := docID(ctx)
			if err != nil {
				return nil, err
			}
			d, err := docs.Get(ctx, httpapi.CurrentBusiness(ctx), id)
			return &httpapi.BodyOf[documents.Document]{Body: d}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/document/{id}", Tags: tags, Summary: "Update a business document's permissions",
		Description: "Members the body omits keep their values. employeeGroups and locations must be the business's; visibleToAll clears them.",
		Parameters:  httpapi.PathParams("id")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    UpdateDocumentPermissionsModel
			RawBody []byte
		}) (*httpapi.BodyOf[documents.Document], error) {
			id, err := docID(ctx)
			if err != nil {
				return nil, err
			}
			d, err := docs.UpdatePermissions(ctx, httpapi.CurrentBusiness(ctx), id, func(p *documents.DocumentPermissions) error {
				return httpapi.MergeJSON(p, in.RawBody)
			})
			return &httpapi.BodyOf[documents.Document]{Body: d}, err
		})
	httpapi.Register(a, httpapi.BusinessAdmin, huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/document/{id}", Tags: tags, Summary: "Delete a business document",
		Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := docID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, docs.Delete(ctx, httpapi.CurrentBusiness(ctx), id)
		})
	httpapi.Register(a, httpapi.BusinessReference, huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/document/{id}/content", Tags: tags, Summary: "Download a business document",
		Description: "The file's bytes exactly as uploaded, with its content type.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			id, err := docID(ctx)
			if err != nil {
				return nil, err
			}
			f, err := docs.Content(ctx, httpapi.CurrentBusiness(ctx), id)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, f.ContentType, f.Data), nil
		})
}
