package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"reflect"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// Upload is a file sent as multipart/form-data field "file".
type Upload struct {
	Name        string
	ContentType string
	Data        []byte
}

// UploadInput is embedded in the input of upload operations.
type UploadInput struct {
	RawBody multipart.Form `contentType:"multipart/form-data"`
}

// documentUpload publishes the multipart body of an upload operation
// (UploadInput) as the server reads it: one part named file, required.
// huma describes a multipart.Form as its own generic "filename"/"name"
// parts, which no upload here reads. The example names the kind of file
// the operation takes: a binary part has no other value to show.
func documentUpload(oapi *huma.OpenAPI, method, path string) {
	item := oapi.Paths[path]
	if item == nil {
		return
	}
	op := map[string]*huma.Operation{http.MethodPost: item.Post, http.MethodPut: item.Put}[method]
	if op == nil || op.RequestBody == nil {
		return
	}
	mt := op.RequestBody.Content["multipart/form-data"]
	if mt == nil || mt.Schema == nil || mt.Schema.Properties["filename"] == nil {
		return // not an UploadInput body (RegisterImport documents its own)
	}
	file := "receipt-2026-10-14.pdf"
	switch {
	case strings.Contains(path, "image"):
		file = "profile-photo.jpg"
	case strings.Contains(path, "import52weekdata"):
		file = "52-week-earnings-2026.csv"
	case strings.Contains(path, "qualification"):
		file = "first-aid-certificate.pdf"
	case strings.Contains(path, "document"):
		file = "employment-contract.pdf"
	case strings.Contains(path, "leave"):
		file = "medical-certificate.pdf"
	}
	mt.Schema = &huma.Schema{Type: "object", Required: []string{"file"}, Properties: map[string]*huma.Schema{
		"file": {Type: "string", Format: "binary",
			Description: "the file, as the multipart part named file (limited by the upload size setting)"}}}
	mt.Example = map[string]any{"file": file}
}

// UploadedFile returns the "file" part (the first one), enforcing the
// configured upload limit.
func (a *API) UploadedFile(form *multipart.Form) (Upload, error) {
	if form == nil || len(form.File["file"]) == 0 {
		return Upload{}, payroll.Invalid("file", "a multipart/form-data part named file is required")
	}
	fh := form.File["file"][0]
	if a.Config.MaxUploadBytes > 0 && fh.Size > a.Config.MaxUploadBytes {
		return Upload{}, &payroll.Error{Kind: payroll.KindTooLarge, Field: "file", Message: "the file is larger than the upload limit"}
	}
	f, err := fh.Open()
	if err != nil {
		return Upload{}, payroll.Invalid("file", "cannot read the file: %s", err.Error())
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return Upload{}, payroll.Invalid("file", "cannot read the file: %s", err.Error())
	}
	ct := fh.Header.Get("Content-Type")
	if ct == "" || ct == "application/octet-stream" {
		ct = http.DetectContentType(data)
	}
	return Upload{Name: fh.Filename, ContentType: ct, Data: data}, nil
}

// FileOutput answers with raw bytes and their content type.
type FileOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	NoSniff            string `header:"X-Content-Type-Options"` // the content type came from an uploader
	Body               []byte
}

// NewFileOutput builds a download reply.
func NewFileOutput(name, contentType string, data []byte) *FileOutput {
	return &FileOutput{ContentType: contentType, Body: data, NoSniff: "nosniff",
		ContentDisposition: `attachment; filename="` + strings.NewReplacer(`"`, "", "\r", "", "\n", "").Replace(name) + `"`}
}

// RegisterImport serves POST path: records of coll imported all or
// nothing, from a CSV file (multipart field "file", header row naming the
// members) or, as the reference API's clients send them, a JSON array (or
// a single object) of records.
func RegisterImport[T any, P record.Ptr[T]](a *API, coll record.Collection[T, P], path, tag string) {
	op := huma.Operation{Method: http.MethodPost, Path: path, Tags: []string{tag},
		Summary: "Import " + plural(coll.Label),
		Description: "Either upload a CSV file (multipart/form-data field file) whose header row names the members, " +
			"or send a JSON array of " + plural(coll.Label) + ". All are imported or none: a failure answers 400 with errors keyed \"row N.member\" (CSV) or \"[i].member\" (JSON).",
		MaxBodyBytes: a.Config.MaxUploadBytes + 1<<20,
		// Two body forms: the handler decodes either; the collection validates.
		SkipValidateBody: true,
	}
	item := a.huma.OpenAPI().Components.Schemas.Schema(reflect.TypeOf((*T)(nil)).Elem(), true, "")
	op.RequestBody = &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{
		"multipart/form-data": {Schema: &huma.Schema{Type: "object", Required: []string{"file"},
			Properties: map[string]*huma.Schema{"file": {Type: "string", Format: "binary", Description: "CSV file, header row naming the members"}}}},
		"application/json": {Schema: &huma.Schema{Type: "array", Items: item}},
	}}
	Register(a, BusinessAdmin, op, func(ctx context.Context, in *struct {
		BusinessPath
		ContentType string `header:"Content-Type"`
		RawBody     []byte
	}) (*BodyOf[record.ImportResult], error) {
		biz := CurrentBusiness(ctx)
		mt, params, _ := mime.ParseMediaType(in.ContentType)
		if mt == "multipart/form-data" {
			form, err := multipart.NewReader(bytes.NewReader(in.RawBody), params["boundary"]).ReadForm(a.Config.MaxUploadBytes)
			if err != nil {
				return nil, payroll.Invalid("file", "cannot read the multipart form: %s", err.Error())
			}
			defer form.RemoveAll()
			f, err := a.UploadedFile(form)
			if err != nil {
				return nil, err
			}
			res, err := record.ImportCSV(ctx, coll, biz, bytes.NewReader(f.Data))
			return &BodyOf[record.ImportResult]{res}, err
		}
		items, err := decodeItems[T](in.RawBody)
		if err != nil {
			return nil, err
		}
		created, err := record.CreateAll(ctx, coll, biz, items)
		if err != nil {
			return nil, err
		}
		res := record.ImportResult{Imported: len(created)}
		for i := range created {
			res.IDs = append(res.IDs, P(&created[i]).GetID())
		}
		return &BodyOf[record.ImportResult]{res}, nil
	})
}

// decodeItems reads a JSON array of T, or one T.
func decodeItems[T any](raw []byte) ([]T, error) {
	raw = bytes.TrimSpace(raw)
	var items []T
	if len(raw) > 0 && raw[0] == '{' {
		var one T
		if err := json.Unmarshal(raw, &one); err != nil {
			return nil, payroll.Invalid("body", "%s", err.Error())
		}
		return []T{one}, nil
	}
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, payroll.Invalid("body", "want a JSON array of records or a CSV file upload: %s", err.Error())
	}
	return items, nil
}
