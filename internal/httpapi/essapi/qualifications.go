package essapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/qualification"
	"github.com/payrolld/payrolld/internal/httpapi"
)

// registerQualifications serves adding and removing the employee's
// qualifications in self-service, on the qualification service (the
// employee qualification's own id addresses it, as S/ paths do). The
// portal settings have no qualifications switch, so the employee's own
// user may always do this.
func registerQualifications(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Qualifications"}
	s := d.Qualifications
	biz := httpapi.CurrentBusiness
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodPost, Path: "/api/v2/ess/{employeeId}/qualification", Tags: tags,
		Summary: "Add a qualification (self-service)", Description: "A business qualification (qualificationId, or its name) the employee holds, with issue and " +
			"expiry dates and a reference number; one the employee already holds answers 409, an unknown one 400."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			Body    qualification.EmployeeQualificationRequest
			RawBody []byte
		}) (*httpapi.BodyOf[qualification.EmployeeQualification], error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			q, err := s.Add(ctx, biz(ctx), principal(ctx), eid, in.Body)
			return &httpapi.BodyOf[qualification.EmployeeQualification]{Body: q}, err
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/qualification/{id}", Tags: tags,
		Summary: "Remove a qualification (self-service)", Description: "Removes the employee qualification {id} with its documents.", Parameters: httpapi.PathParams("id")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*struct{}, error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			id, err := httpapi.PathID(ctx, "id", "qualification")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, biz(ctx), principal(ctx), eid, qualification.ByID, id)
		})
	httpapi.Register(a, httpapi.SelfService(business.ManageEmployeeQualifications), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/ess/{employeeId}/qualification/{employeeQualificationId}/attachment/{documentId}", Tags: tags,
		Summary: "Remove a qualification's document (self-service)", Parameters: httpapi.PathParams("employeeQualificationId", "documentId")},
		func(ctx context.Context, _ *httpapi.ESSPath) (*struct{}, error) {
			eid, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			id, err := httpapi.PathID(ctx, "employeeQualificationId", "qualification")
			if err != nil {
				return nil, err
			}
			doc, err := httpapi.PathID(ctx, "documentId", "document")
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteDocument(ctx, biz(ctx), principal(ctx), eid, qualification.ByID, id, doc)
		})
}
