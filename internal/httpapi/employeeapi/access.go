package employeeapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/access"
	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Access are the services of the employee's self-service side.
type Access struct {
	Access *access.Service
	Images *ess.Images
	SMSFs  *ess.SMSFs
}

// registerSelfService serves the employee's self-service user
// (E/access), the self-service onboarding of a new employee, the
// employee's profile image (E/image) and self-managed super funds
// (E/selfmanagedsuperfund).
func registerSelfService(a *httpapi.API, s Access) {
	registerAccess(a, s.Access)
	registerImage(a, s.Images)
	registerSMSF(a, s.SMSFs)
}

// AccessEmailQuery names the self-service user by email.
type AccessEmailQuery struct {
	httpapi.BusinessPath
	Email string `query:"email" doc:"the self-service user's email"`
}

func registerAccess(a *httpapi.API, s *access.Service) {
	tags := []string{"Employee Access"}
	principal := payroll.PrincipalFrom
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/access", Tags: tags,
		Summary: "List the employee's self-service users", Description: "An employee has at most one self-service user: the list is empty or has one entry.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]access.EmployeeAccess], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid)
			return &httpapi.BodyOf[[]access.EmployeeAccess]{Body: list}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/access/email", Tags: tags,
		Summary: "Get the employee's self-service user by email", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *AccessEmailQuery) (*httpapi.BodyOf[access.EmployeeAccess], error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			acc, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Email)
			return &httpapi.BodyOf[access.EmployeeAccess]{Body: acc}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.InitiateEmployeeSelfSetup), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/access", Tags: tags,
		Summary: "Invite a self-service user for the employee",
		Description: "The user with that email (created when there is none) becomes the employee in self-service and is emailed an invitation unless " +
			"suppressNotificationEmails. 409 when the employee already has a self-service user, or the user already is another employee of this business.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body    access.NewAccess
			RawBody []byte
		}) (*struct{}, error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Add(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Body)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/{employeeId}/access", Tags: tags,
		Summary: "Update the employee's self-service user", Description: "email (query) names the current user; the body's name renames it, a different email links the employee to that user instead.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			AccessEmailQuery
			Body    access.EmployeeAccess
			RawBody []byte
		}) (*struct{}, error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Update(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Email, in.Body)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}/access", Tags: tags,
		Summary: "Remove the employee's self-service user", Description: "The user keeps any other access it has; it is no longer this employee in self-service.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *AccessEmailQuery) (*struct{}, error) {
			eid, err := pathEmployee(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), eid, in.Email)
		})
	onboardDoc := "Creates the employee (status Incomplete until their details are complete), or takes the existing employee id, makes the user with email " +
		"their self-service user and emails the invitation. Creating an employee needs unrestricted access to the business (403 otherwise)."
	onboard := func(ctx context.Context, in *struct {
		httpapi.BusinessPath
		Body    access.OnboardingRequest
		RawBody []byte
	}) (*httpapi.BodyOf[access.OnboardingStarted], error) {
		res, err := s.InitiateSelfService(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.Body)
		return &httpapi.BodyOf[access.OnboardingStarted]{Body: res}, err
	}
	httpapi.Register(a, httpapi.OnEmployees(business.InitiateEmployeeSelfSetup), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employeeonboarding/initiateselfservice", Tags: []string{"Employee Onboarding"},
		Summary: "Invite a new employee to onboard in self-service", Description: onboardDoc}, onboard)
	httpapi.Register(a, httpapi.OnEmployees(business.InitiateEmployeeSelfSetup), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/employeeonboarding/initiateselfservice", Tags: []string{"Manager"},
		Summary: "Invite a new employee to onboard in self-service (manager)", Description: onboardDoc}, onboard)
}
