package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/qualification"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

func registerQualifications(a *httpapi.API, s *qualification.Service) {
	tags := []string{"Employee Qualifications"}
	biz := httpapi.CurrentBusiness
	by := qualification.ByQualification
	one := func(q qualification.EmployeeQualification, err error) (*httpapi.BodyOf[qualification.EmployeeQualification], error) {
		return &httpapi.BodyOf[qualification.EmployeeQualification]{Body: q}, err
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification", Tags: tags,
		Summary: "List an employee's qualifications", Description: "With their documents, in the order they were added.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]qualification.EmployeeQualification], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid)
			return &httpapi.BodyOf[[]qualification.EmployeeQualification]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification", Tags: tags,
		Summary: "Add or update an employee qualification",
		Description: "qualificationId (or name) names one of the business's qualifications; an employee holds each once, so posting one they hold replaces its dates and reference number. " +
			"expiryDate must not be before issueDate.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    qualification.EmployeeQualificationRequest
			RawBody []byte
		}) (*httpapi.BodyOf[qualification.EmployeeQualification], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			return one(s.Save(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, in.Body))
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification", Tags: tags,
		Summary: "Delete an employee qualification", Description: "id is the business qualification's id: the employee no longer holds it. Its documents are deleted with it.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			ID int64 `query:"id" required:"true" doc:"the business qualification's id"`
		}) (*struct{}, error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, by, in.ID)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification/{id}", Tags: tags,
		Summary: "Get an employee qualification", Description: "id is the business qualification's id.", Parameters: httpapi.PathParams("employeeId", "id")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[qualification.EmployeeQualification], error) {
			eid, id, err := pathIDs(ctx, "id", "employee qualification")
			if err != nil {
				return nil, err
			}
			return one(s.Get(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, by, id))
		})

	qids := func(ctx context.Context) (int64, int64, error) {
		return pathIDs(ctx, "qualificationId", "employee qualification")
	}
	docIDs := func(ctx context.Context) (int64, int64, int64, error) {
		eid, qid, err := qids(ctx)
		if err != nil {
			return 0, 0, 0, err
		}
		id, err := httpapi.PathID(ctx, "documentId", "qualification document")
		return eid, qid, id, err
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification/{qualificationId}/document", Tags: tags,
		Summary: "Upload documents of an employee qualification", Description: "multipart/form-data with one or more parts named file; visible shows them to the employee. qualificationId is the business qualification's id.",
		Parameters: httpapi.PathParams("employeeId", "qualificationId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Visible bool `query:"visible"`
			httpapi.UploadInput
		}) (*httpapi.BodyOf[[]qualification.QualificationDocument], error) {
			eid, qid, err := qids(ctx)
			if err != nil {
				return nil, err
			}
			files, err := uploadedFiles(a, &in.RawBody)
			if err != nil {
				return nil, err
			}
			list, err := s.UploadDocuments(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, by, qid, files, in.Visible)
			return &httpapi.BodyOf[[]qualification.QualificationDocument]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification/{qualificationId}/document", Tags: tags,
		Summary: "List the documents of an employee qualification", Parameters: httpapi.PathParams("employeeId", "qualificationId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]qualification.QualificationDocument], error) {
			eid, qid, err := qids(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.Documents(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, by, qid)
			return &httpapi.BodyOf[[]qualification.QualificationDocument]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification/{qualificationId}/document/{documentId}", Tags: tags,
		Summary: "Get a document of an employee qualification", Parameters: httpapi.PathParams("employeeId", "qualificationId", "documentId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[qualification.QualificationDocument], error) {
			eid, qid, id, err := docIDs(ctx)
			if err != nil {
				return nil, err
			}
			d, err := s.Document(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, by, qid, id)
			return &httpapi.BodyOf[qualification.QualificationDocument]{Body: d}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification/{qualificationId}/document/{documentId}", Tags: tags,
		Summary: "Delete a document of an employee qualification", Parameters: httpapi.PathParams("employeeId", "qualificationId", "documentId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			eid, qid, id, err := docIDs(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteDocument(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, by, qid, id)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeQualifications), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/qualification/{qualificationId}/document/{documentId}/content", Tags: tags,
		Summary: "Download a document of an employee qualification", Description: "The file's bytes exactly as uploaded, with its content type.",
		Parameters: httpapi.PathParams("employeeId", "qualificationId", "documentId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
			eid, qid, id, err := docIDs(ctx)
			if err != nil {
				return nil, err
			}
			f, err := s.Content(ctx, biz(ctx), payroll.PrincipalFrom(ctx), eid, by, qid, id)
			if err != nil {
				return nil, err
			}
			return httpapi.NewFileOutput(f.Name, f.ContentType, f.Data), nil
		})
}
