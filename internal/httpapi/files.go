package httpapi

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/reference"
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

// uploadedFile returns the "file" part (the first one), enforcing the
// configured upload limit.
func (a *API) uploadedFile(form *multipart.Form) (Upload, error) {
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

// fileOutput builds a download reply.
func fileOutput(name, contentType string, data []byte) *FileOutput {
	return &FileOutput{ContentType: contentType, Body: data, NoSniff: "nosniff",
		ContentDisposition: `attachment; filename="` + strings.NewReplacer(`"`, "", "\r", "", "\n", "").Replace(name) + `"`}
}

// RegisterImport serves POST path: a CSV file (multipart field "file") of
// records of coll, imported all or nothing.
func RegisterImport[T any, P reference.Ptr[T]](a *API, coll reference.Collection[T, P], path, tag string) {
	Register(a, BusinessAdmin, huma.Operation{Method: http.MethodPost, Path: path, Tags: []string{tag},
		Summary:     "Import " + plural(coll.Label) + " from CSV",
		Description: "Upload a CSV file (multipart/form-data field file) whose header row names the members. All rows are imported or none: a failure answers 400 with errors keyed \"row N.member\"."},
		func(ctx context.Context, in *struct {
			BusinessPath
			UploadInput
		}) (*bodyOf[reference.ImportResult], error) {
			f, err := a.uploadedFile(&in.RawBody)
			if err != nil {
				return nil, err
			}
			res, err := reference.ImportCSV(ctx, coll, currentBusiness(ctx), bytes.NewReader(f.Data))
			return &bodyOf[reference.ImportResult]{res}, err
		})
}
