// Package employeeapi serves the employee operations under
// /api/v2/business/{businessId}/employee.
package employeeapi

import (
	"context"
	"net/http"
	"reflect"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// EmployeeDetailsModel is the lighter employee shape of B/employee/details
// and E/details.
type EmployeeDetailsModel struct {
	ID                       int64            `json:"id"`
	Title                    string           `json:"title"`
	FirstName                string           `json:"firstName"`
	PreferredName            string           `json:"preferredName"`
	MiddleName               string           `json:"middleName"`
	Surname                  string           `json:"surname"`
	Gender                   string           `json:"gender"`
	DateOfBirth              payroll.DateTime `json:"dateOfBirth" nullable:"true"`
	AnniversaryDate          payroll.DateTime `json:"anniversaryDate" nullable:"true"`
	ExternalID               string           `json:"externalId"`
	ResidentialStreetAddress string           `json:"residentialStreetAddress"`
	ResidentialAddressLine2  string           `json:"residentialAddressLine2"`
	ResidentialSuburb        string           `json:"residentialSuburb"`
	ResidentialState         string           `json:"residentialState"`
	ResidentialPostCode      string           `json:"residentialPostCode"`
	PostalStreetAddress      string           `json:"postalStreetAddress"`
	PostalAddressLine2       string           `json:"postalAddressLine2"`
	PostalSuburb             string           `json:"postalSuburb"`
	PostalState              string           `json:"postalState"`
	PostalPostCode           string           `json:"postalPostCode"`
	EmailAddress             string           `json:"emailAddress"`
	HomePhone                string           `json:"homePhone"`
	WorkPhone                string           `json:"workPhone"`
	MobilePhone              string           `json:"mobilePhone"`
	StartDate                payroll.DateTime `json:"startDate" nullable:"true"`
	EndDate                  payroll.DateTime `json:"endDate" nullable:"true"`
	ResidentialCity          string           `json:"residentialCity"`
	ResidentialCounty        string           `json:"residentialCounty"`
	PostalCity               string           `json:"postalCity"`
	PostalCounty             string           `json:"postalCounty"`
}

// detailsMembers are the employee members EmployeeDetailsModel shows (its
// JSON names, less the service's own id and externalId).
var detailsMembers = func() []string {
	var out []string
	t := reflect.TypeOf(EmployeeDetailsModel{})
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		switch name {
		case "id", "externalId":
		default:
			out = append(out, name)
		}
	}
	return out
}()

func employeeDetails(e employee.Employee) EmployeeDetailsModel {
	m := &e.Members
	return EmployeeDetailsModel{ID: e.ID, Title: m.Title, FirstName: m.FirstName, PreferredName: m.PreferredName, MiddleName: m.MiddleName,
		Surname: m.Surname, Gender: m.Gender, DateOfBirth: m.DateOfBirth, AnniversaryDate: m.AnniversaryDate, ExternalID: e.ExternalID,
		ResidentialStreetAddress: m.ResidentialStreetAddress, ResidentialAddressLine2: m.ResidentialAddressLine2, ResidentialSuburb: m.ResidentialSuburb,
		ResidentialState: m.ResidentialState, ResidentialPostCode: m.ResidentialPostCode, PostalStreetAddress: m.PostalStreetAddress,
		PostalAddressLine2: m.PostalAddressLine2, PostalSuburb: m.PostalSuburb, PostalState: m.PostalState, PostalPostCode: m.PostalPostCode,
		EmailAddress: m.Email, HomePhone: m.HomePhone, WorkPhone: m.WorkPhone, MobilePhone: m.MobilePhone, StartDate: m.StartDate, EndDate: m.EndDate,
		ResidentialCity: m.ResidentialCity, ResidentialCounty: m.ResidentialCounty, PostalCity: m.PostalCity, PostalCounty: m.PostalCounty}
}

// employeeListInput is the input of the employee lists.
type employeeListInput struct {
	httpapi.BusinessPath
	httpapi.ODataQuery
	PayScheduleID int64 `query:"payScheduleId" doc:"only employees on this pay schedule (also filter.payScheduleId)"`
	LocationID    int64 `query:"locationId" doc:"only employees working at this location (also filter.locationId)"`
}

func (in *employeeListInput) query() (employee.ListQuery, error) {
	q, err := httpapi.ParseOData(&in.ODataQuery)
	if err != nil {
		return employee.ListQuery{}, err
	}
	return employee.ListQuery{OData: q, PayScheduleID: in.PayScheduleID, LocationID: in.LocationID}, nil
}

type employeeBody struct {
	httpapi.BusinessPath
	Body    employee.Employee
	RawBody []byte
}

type employeeUpsertInput struct {
	employeeBody
	MatchType string `query:"matchType" enum:"Standard,None" doc:"Standard (default): update the employee the body matches (AU: TFN, then name + date of birth + email; UK: externalId, payrollId, NI number, then name + date of birth; NZ: IRD number, then name + date of birth); None: always create."`
}

// Deps are the services of the employee operations, built once in
// cli.Build.
type Deps struct {
	Employees  *employee.Service
	Locations  record.Collection[locations.Location, *locations.Location]
	WorkTypes  record.Collection[categories.WorkType, *categories.WorkType]
	Records    Records
	Files      Files
	Access     Access
	PayRecords PayRecords
}

// Register serves the employee operations: the employee itself (the
// unstructured employee, the details lists, lookups, activation and
// deletion, the employee's locations), its records, documents,
// qualifications and expense requests, self-service access, image and
// SMSFs, and the pay records. Pass it in httpapi.Deps.Areas.
func Register(d Deps) func(*httpapi.API) {
	return func(a *httpapi.API) {
		register(a, d.Employees, d.Locations)
		registerWorkTypes(a, d.Employees, d.WorkTypes)
		registerRecords(a, d.Records)
		registerFiles(a, d.Files)
		registerSelfService(a, d.Access)
		registerPayRecords(a, d.PayRecords)
	}
}

func register(a *httpapi.API, s *employee.Service, locs record.Collection[locations.Location, *locations.Location]) {
	registerAccountingSync(a, s)
	tags := []string{"Employee"}
	principal := payroll.PrincipalFrom
	employeeID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "employeeId", "employee") }

	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/unstructured", Tags: tags,
		Summary: "List employees", Description: "Supports OData $filter, $orderby, $top (at most 100), $skip; filter.payScheduleId and filter.locationId. A restricted user sees the employees of their groups and locations."},
		func(ctx context.Context, in *employeeListInput) (*httpapi.BodyOf[[]employee.Employee], error) {
			q, err := in.query()
			if err != nil {
				return nil, err
			}
			list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), q)
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			return &httpapi.BodyOf[[]employee.Employee]{Body: list}, nil
		})
	httpapi.Register(a, httpapi.OnEmployees(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/unstructured", Tags: tags,
		Summary: "Create or update an employee", Description: "An id in the body, or a match per matchType, updates that employee (members the body omits keep their values; \"(clear)\" blanks one); otherwise a new employee is created. The status is Incomplete until the region's required details are present. Creating an employee needs unrestricted access."},
		func(ctx context.Context, in *employeeUpsertInput) (*httpapi.BodyOf[employee.Result], error) {
			body, err := employee.ParsePatch(in.RawBody)
			if err != nil {
				return nil, err
			}
			res, err := s.CreateOrUpdate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), body, in.MatchType)
			return &httpapi.BodyOf[employee.Result]{Body: res}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/unstructured/{employeeId}", Tags: tags,
		Summary: "Get an employee", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[employee.Employee], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			e, err := s.Get(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			return &httpapi.BodyOf[employee.Employee]{Body: e}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditBasicEmployeeDetails, business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/employee/unstructured/{employeeId}", Tags: tags,
		Summary: "Update an employee", Description: "Partial update: members the body omits (or sends as null) keep their values; \"(clear)\" blanks a member. Setting endDate terminates the employee. A restricted user's EditBasicEmployeeDetails covers names, contact details and addresses; a body changing any other member needs EditAllEmployeeDetails (403 naming it).", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *employeeBody) (*httpapi.BodyOf[employee.Result], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			body, err := employee.ParsePatch(in.RawBody)
			if err != nil {
				return nil, err
			}
			if !body.OnlyBasic() { // EditBasicEmployeeDetails covers names, contact details and addresses only
				if err := a.RequireForEmployee(ctx, id, business.EditAllEmployeeDetails); err != nil {
					return nil, err
				}
			}
			res, err := s.Update(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, body)
			return &httpapi.BodyOf[employee.Result]{Body: res}, err
		})
	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/unstructured/externalid/{externalId}", Tags: tags,
		Summary: "Get an employee by external id"},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			ExternalID string `path:"externalId"`
		}) (*httpapi.BodyOf[employee.Employee], error) {
			e, err := s.ByExternalID(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.ExternalID)
			return &httpapi.BodyOf[employee.Employee]{Body: e}, err
		})
	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/unstructured/externalreferenceid/{externalReferenceId}/{source}", Tags: tags,
		Summary: "Get an employee by external reference", Description: "source is the ExternalService the reference comes from."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			ExternalReferenceID string `path:"externalReferenceId"`
			Source              string `path:"source"`
		}) (*httpapi.BodyOf[employee.Employee], error) {
			e, err := s.ByExternalReference(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.ExternalReferenceID, in.Source)
			return &httpapi.BodyOf[employee.Employee]{Body: e}, err
		})
	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee", Tags: tags,
		Summary: "Get an employee by external id (query)"},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			ExternalID string `query:"externalId" required:"true"`
		}) (*httpapi.BodyOf[employee.Employee], error) {
			e, err := s.ByExternalID(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), in.ExternalID)
			return &httpapi.BodyOf[employee.Employee]{Body: e}, err
		})
	detailsDoc := "Supports OData $filter, $orderby, $top (at most 100), $skip. A restricted user sees the employees of their groups and locations (in the same query)."
	details := func(ctx context.Context, in *employeeListInput) (*httpapi.BodyOf[[]EmployeeDetailsModel], error) {
		q, err := in.query()
		if err != nil {
			return nil, err
		}
		q.Members = detailsMembers
		list, err := s.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), q)
		if err != nil {
			return nil, httpapi.ODataErr(err)
		}
		out := make([]EmployeeDetailsModel, len(list))
		for i, e := range list {
			out[i] = employeeDetails(e)
		}
		return &httpapi.BodyOf[[]EmployeeDetailsModel]{Body: out}, nil
	}
	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/details", Tags: tags,
		Summary: "List employee details", Description: detailsDoc}, details)
	httpapi.Register(a, httpapi.OnEmployees(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/employees", Tags: []string{"Manager"},
		Summary: "The employees the manager manages", Description: detailsDoc}, details)
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/details", Tags: tags,
		Summary: "Get an employee's details", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[EmployeeDetailsModel], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			e, err := s.Visible(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			return &httpapi.BodyOf[EmployeeDetailsModel]{Body: employeeDetails(e)}, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/activate/{employeeId}", Tags: tags,
		Summary: "Activate an employee", Description: "A terminated employee becomes current again (end date and termination reason cleared). An incomplete employee answers 409.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			_, err = s.Activate(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
			return nil, err
		})
	httpapi.Register(a, httpapi.OnEmployee(business.EditAllEmployeeDetails), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/employee/{employeeId}", Tags: tags,
		Summary: "Delete an employee", Description: "An employee other records still refer to answers 409.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ViewEmployeeDetails), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/employee/{employeeId}/location", Tags: []string{"Locations"},
		Summary: "List an employee's locations", Description: "Primary location first. Supports OData $filter, $orderby, $top, $skip.", Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			httpapi.ODataQuery
		}) (*httpapi.BodyOf[[]locations.Location], error) {
			id, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			ids, err := s.Locations(ctx, biz, principal(ctx), id)
			if err != nil {
				return nil, err
			}
			out := make([]locations.Location, 0, len(ids))
			for _, lid := range ids {
				l, err := locs.Get(ctx, biz, 0, lid)
				if err != nil {
					return nil, err
				}
				out = append(out, l)
			}
			out, err = httpapi.ApplyOData(&in.ODataQuery, out)
			return &httpapi.BodyOf[[]locations.Location]{Body: out}, err
		})
}
