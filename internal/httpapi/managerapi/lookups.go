package managerapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/odata"
)

// ManagedEmployee is one employee a manager can pick, with what the
// manager may do (ManagerTimesheetEmployeeModel, ManagerExpenseEmployeeModel,
// ManagerLeaveEmployeeModel and ManagerRosterEmployeeModel in one: each
// lookup shows the members of its model). A manager may do everything the
// business operations allow for the employees in scope, so the flags are true.
type ManagedEmployee struct {
	CanCreate  *bool  `json:"canCreate,omitempty"`
	CanApprove *bool  `json:"canApprove,omitempty"`
	CanManage  *bool  `json:"canManage,omitempty"`
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	FirstName  string `json:"firstName"`
	Surname    string `json:"surname"`
}

// ManagerEmployeeGroup is {id, name}.
type ManagerEmployeeGroup struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type lookupInput struct {
	httpapi.BusinessPath
	Top  string `query:"$top" doc:"page size, default and maximum 100"`
	Skip string `query:"$skip" doc:"employees to skip"`
}

const lookupDoc = "The active and incomplete employees the caller manages (the scope is part of the query), by surname and first name; " +
	"$top (at most 100) and $skip page them."

func registerLookups(a *httpapi.API, d Deps) {
	yes := true
	// managed lists the employees in the caller's scope, paged in SQL.
	managed := func(create, approve, manage bool) func(ctx context.Context, in *lookupInput) (*httpapi.BodyOf[[]ManagedEmployee], error) {
		return func(ctx context.Context, in *lookupInput) (*httpapi.BodyOf[[]ManagedEmployee], error) {
			q, err := httpapi.ParseOData(&httpapi.ODataQuery{Top: in.Top, Skip: in.Skip, Filter: "status ne 'Terminated'", OrderBy: "surname, firstName, id"})
			if err != nil {
				return nil, err
			}
			list, err := d.Employees.List(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), employee.ListQuery{OData: q, Members: []string{"firstName", "surname"}})
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			out := make([]ManagedEmployee, 0, len(list))
			for _, e := range list {
				m := ManagedEmployee{ID: e.ID, Name: e.Name(), FirstName: e.FirstName, Surname: e.Surname}
				if create {
					m.CanCreate = &yes
				}
				if approve {
					m.CanApprove = &yes
				}
				if manage {
					m.CanManage = &yes
				}
				out = append(out, m)
			}
			return &httpapi.BodyOf[[]ManagedEmployee]{Body: out}, nil
		}
	}
	for _, l := range []struct {
		needs                   httpapi.Needs
		path, summary           string
		create, approve, manage bool
	}{
		{httpapi.OnEmployees(httpapi.ViewTimesheets...), "/api/v2/business/{businessId}/manager/timesheet/employees", "Employees for timesheets (manager)", true, true, false},
		{httpapi.OnEmployees(httpapi.ViewExpenses...), "/api/v2/business/{businessId}/manager/expense/employees", "Employees for expenses (manager)", true, true, false},
		{httpapi.OnEmployees(httpapi.ViewLeave...), "/api/v2/business/{businessId}/manager/leaverequest/employees", "Employees for leave (manager)", false, true, false},
		{httpapi.OnEmployees(business.ViewRosters), "/api/v2/business/{businessId}/manager/rostershift/employees", "Employees for roster shifts (manager)", false, false, true},
		{httpapi.OnEmployees(business.ManageRosters), "/api/v2/business/{businessId}/manager/rostershift/manageemployees", "Employees whose shifts the manager manages (manager)", false, false, true},
	} {
		httpapi.Register(a, l.needs, huma.Operation{Method: http.MethodGet, Path: l.path, Tags: tags, Summary: l.summary, Description: lookupDoc},
			managed(l.create, l.approve, l.manage))
	}

	// Locations: every location for an unrestricted user, else those
	// where an employee in scope works.
	scoped := func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]locations.Location], error) {
		biz := httpapi.CurrentBusiness(ctx)
		sc, err := d.Employees.ScopeFor(ctx, biz, principal(ctx))
		if err != nil {
			return nil, err
		}
		var list []locations.Location
		if sc.All {
			list, err = d.Locations.Query(ctx, biz, odata.Query{Top: odata.MaxTop})
		} else {
			pred, args := sc.SQL([]any{biz.ID})
			list, err = d.Locations.WithEmployees(ctx, biz, pred, args)
		}
		return &httpapi.BodyOf[[]locations.Location]{Body: list}, err
	}
	locDoc := "Every location of the business for an unrestricted user; for a user restricted to employee groups or locations, the locations " +
		"where an employee they manage works (in one query), by name."
	anyManager := httpapi.Needs{Level: httpapi.LevelBusiness, Employee: httpapi.ListInSQL, Permission: httpapi.AnyAccess}
	for _, l := range []struct {
		needs httpapi.Needs
		path  string
	}{
		{anyManager, "/api/v2/business/{businessId}/manager/locations"},
		{anyManager, "/api/v2/business/{businessId}/manager/location"},
		{httpapi.OnEmployees(httpapi.ViewTimesheets...), "/api/v2/business/{businessId}/manager/timesheet/locations"},
		{httpapi.OnEmployees(httpapi.ViewLeave...), "/api/v2/business/{businessId}/manager/leaverequest/locations"},
		{httpapi.OnEmployees(httpapi.ViewExpenses...), "/api/v2/business/{businessId}/manager/expense/locations"},
		{httpapi.OnEmployees(business.ViewRosters), "/api/v2/business/{businessId}/manager/rostershift/locations"},
	} {
		p := l.path
		httpapi.Register(a, l.needs, huma.Operation{Method: http.MethodGet, Path: p, Tags: tags, Summary: "Locations a manager can pick (" + strings.TrimPrefix(p, "/api/v2/business/{businessId}/manager/") + ")",
			Description: locDoc}, scoped)
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveTimesheets, business.CreateTimesheets, business.ViewLeaveRequests, business.CreateLeaveRequests, business.ViewRosters, business.ViewExpenses, business.CreateExpenses), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/employee/{employeeId}/location", Tags: tags,
		Summary: "An employee's locations (manager)", Description: "The locations the employee works at, by name; an employee the caller does not manage is 404.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]locations.Location], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz := httpapi.CurrentBusiness(ctx)
			if _, err := d.Employees.Visible(ctx, biz, principal(ctx), emp); err != nil {
				return nil, err
			}
			list, err := d.Locations.WithEmployees(ctx, biz, "e.id = $2", []any{biz.ID, emp})
			return &httpapi.BodyOf[[]locations.Location]{Body: list}, err
		})

	httpapi.Register(a, httpapi.OnEmployees(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/timesheet/employeegroups", Tags: tags,
		Summary:     "Employee groups a manager can filter timesheets by (manager)",
		Description: "Every employee group of the business for an unrestricted user; for a restricted user, the groups of their access (by name)."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]ManagerEmployeeGroup], error) {
			biz := httpapi.CurrentBusiness(ctx)
			groups, err := d.Employees.Groups.EmployeeGroups.List(ctx, biz, 0)
			if err != nil {
				return nil, err
			}
			sc, err := d.Employees.ScopeFor(ctx, biz, principal(ctx))
			if err != nil {
				return nil, err
			}
			granted := map[int64]bool{}
			if acc, ok := business.AccessFrom(ctx); ok && !sc.All {
				for _, g := range acc.Restrictions.EmployeeGroups {
					granted[g.EmployeeGroupID] = true
				}
			}
			out := []ManagerEmployeeGroup{}
			for _, g := range groups {
				if sc.All || granted[g.ID] {
					out = append(out, ManagerEmployeeGroup{ID: g.ID, Name: g.Name})
				}
			}
			return &httpapi.BodyOf[[]ManagerEmployeeGroup]{Body: out}, nil
		})
}
