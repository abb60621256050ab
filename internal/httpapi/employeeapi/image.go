package employeeapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

func registerImage(a *httpapi.API, s *ess.Images) {
	tags := []string{"Employee Profile Image"}
	principal := payroll.PrincipalFrom
	get := func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.FileOutput, error) {
		eid, err := pathEmployee(ctx)
		if err != nil {
			return nil, err
		}
		img, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
		if err != nil {
			return nil, err
		}
		return httpapi.NewFileOutput("employee-"+strconv.FormatInt(eid, 10)+img.Extension, img.ContentType, img.Data), nil
	}
	post := func(ctx context.Context, in *struct {
		httpapi.BusinessPath
		httpapi.UploadInput
	}) (*httpapi.BodyOf[ess.ProfileImageMetadata], error) {
		eid, err := pathEmployee(ctx)
		if err != nil {
			return nil, err
		}
		f, err := a.UploadedFile(&in.RawBody)
		if err != nil {
			return nil, err
		}
		md, err := s.Put(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, f.Data)
		return &httpapi.BodyOf[ess.ProfileImageMetadata]{Body: md}, err
	}
	del := func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
		eid, err := pathEmployee(ctx)
		if err != nil {
			return nil, err
		}
		return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
	}
	getDoc := "The image bytes with their content type; 404 when the employee has none or is outside a restricted user's groups and locations."
	postDoc := "multipart/form-data field file: a PNG, JPEG or GIF (decided from the bytes) of at most 2 MiB and 4096 pixels a side; replaces any image."
	emp := httpapi.PathParams("employeeId")
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/image", Tags: tags,
		Summary: "Download the employee's profile image", Description: getDoc, Parameters: emp}, get)
	httpapi.Register(a, httpapi.OnEmployee(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/image", Tags: tags,
		Summary: "Upload the employee's profile image", Description: postDoc, Parameters: emp}, post)
	httpapi.Register(a, httpapi.OnEmployee(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/image", Tags: tags,
		Summary: "Delete the employee's profile image", Parameters: emp}, del)
	mtags := []string{"Manager"}
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveTimesheets, business.CreateTimesheets, business.ViewLeaveRequests, business.CreateLeaveRequests, business.ViewRosters, business.ViewExpenses, business.CreateExpenses), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/employee/{employeeId}/image", Tags: mtags,
		Summary: "Download the employee's profile image (manager)", Description: getDoc, Parameters: emp}, get)
	httpapi.Register(a, httpapi.OnEmployee(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/employee/{employeeId}/image", Tags: mtags,
		Summary: "Upload the employee's profile image (manager)", Description: postDoc, Parameters: emp}, post)
	httpapi.Register(a, httpapi.OnEmployee(business.EditBasicEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/manager/employee/{employeeId}/image", Tags: mtags,
		Summary: "Delete the employee's profile image (manager)", Parameters: emp}, del)
}
