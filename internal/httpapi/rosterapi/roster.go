// Package rosterapi serves the roster shift operations: the business's
// shifts (B/rostershift: create, list, update, stub, matching clock on and
// off, nearby) and the employee's self-service answers (S/shift: accept,
// decline, swaps, matching, nearby).
package rosterapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/roster"
)

// states is the state machine, quoted in the descriptions.
const states = " A shift is unpublished until published (publish=true); the employee accepts or declines a published shift " +
	"(a declined shift becomes unassigned); reassigning a shift clears its acceptance."

type listInput struct {
	httpapi.BusinessPath
	FromDate                         string   `query:"fromDate" doc:"required: shifts overlapping fromDate..toDate (inclusive dates)"`
	ToDate                           string   `query:"toDate" doc:"required"`
	ShiftStatus                      string   `query:"shiftStatus" doc:"All (default), Published, Unpublished, Accepted"`
	ShiftStatuses                    []string `query:"shiftStatuses,explode" doc:"several statuses (any matches)"`
	SelectedLocations                []int64  `query:"selectedLocations,explode"`
	SelectedEmployees                []int64  `query:"selectedEmployees,explode"`
	SelectedRoles                    []int64  `query:"selectedRoles,explode" doc:"shifts of these roles; by default only shifts without a role are listed"`
	EmployeeID                       int64    `query:"employeeId"`
	LocationID                       int64    `query:"locationId"`
	EmployeeGroupID                  int64    `query:"employeeGroupId"`
	UnassignedShiftsOnly             bool     `query:"unassignedShiftsOnly"`
	SelectAllRoles                   bool     `query:"selectAllRoles" doc:"list shifts of every role (and none)"`
	ExcludeShiftsOverlappingFromDate bool     `query:"excludeShiftsOverlappingFromDate" doc:"leave out shifts that started before fromDate"`
	PageSize                         string   `query:"pageSize" doc:"1 to 100, default 100"`
	CurrentPage                      string   `query:"currentPage" doc:"from 1"`
	IncludeWarnings                  bool     `query:"includeWarnings" doc:"no warnings are computed: warnings is always empty"`
}

func parseDate(member, s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	d, err := payroll.ParseDateTime(s)
	if err != nil {
		return time.Time{}, payroll.Invalid(member, "%s: %v", member, err)
	}
	return d.Time, nil
}

func parseInt(member, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' || n > 100000000 {
			return 0, payroll.Invalid(member, "%s must be a whole number", member)
		}
		n = n*10 + int(c-'0')
	}
	return n, nil
}

func (in *listInput) query() (roster.ListQuery, error) {
	lq := roster.ListQuery{ShiftStatus: in.ShiftStatus, ShiftStatuses: in.ShiftStatuses, SelectedLocations: in.SelectedLocations,
		SelectedEmployees: in.SelectedEmployees, SelectedRoles: in.SelectedRoles, EmployeeID: in.EmployeeID, LocationID: in.LocationID,
		EmployeeGroupID: in.EmployeeGroupID, UnassignedOnly: in.UnassignedShiftsOnly, SelectAllRoles: in.SelectAllRoles,
		ExcludeOverlappingFrom: in.ExcludeShiftsOverlappingFromDate}
	var err error
	if lq.From, err = parseDate("fromDate", in.FromDate); err != nil {
		return lq, err
	}
	if lq.To, err = parseDate("toDate", in.ToDate); err != nil {
		return lq, err
	}
	if lq.PageSize, err = parseInt("pageSize", in.PageSize); err != nil {
		return lq, err
	}
	if lq.CurrentPage, err = parseInt("currentPage", in.CurrentPage); err != nil {
		return lq, err
	}
	return lq, nil
}

type editInput struct {
	httpapi.BusinessPath
	Publish bool `query:"publish" doc:"publish the shift (stamps datePublished)"`
	Body    RosterShiftEdit
	RawBody []byte
}

type updateInput struct {
	httpapi.BusinessPath
	Publish     string `query:"publish" doc:"true publishes, false unpublishes, absent keeps the published state"`
	ClearBreaks bool   `query:"clearBreaks" doc:"remove the shift's breaks when the body gives none"`
	Body        RosterShiftEdit
	RawBody     []byte
}

type stubInput struct {
	httpapi.BusinessPath
	Body *StubBody
}

type matchInput struct {
	httpapi.BusinessPath
	KioskID int64  `query:"kioskId" doc:"the kiosk whose time zone and clock on/off windows apply"`
	DateUTC string `query:"dateUtc" doc:"the clock time in UTC; default now"`
}

type nearbyInput struct {
	httpapi.BusinessPath
	LocalTime string `query:"localTime" doc:"wall-clock time; default now (UTC)"`
}

// KioskClock says, for a kiosk of the business, how a UTC clock time reads
// on its wall clock and its clock-on / clock-off windows (the kiosk area
// provides it; nil = UTC and the default window).
type KioskClock func(ctx context.Context, kioskID int64) (loc *time.Location, onWindow, offWindow time.Duration, err error)

// Register serves the roster operations. Pass it in httpapi.Deps.Areas.
func Register(s *roster.Service, kiosks KioskClock) func(*httpapi.API) {
	return func(a *httpapi.API) {
		register(a, s, kiosks)
		registerESS(a, s)
		registerESSSwaps(a, s)
	}
}

// both registers h on the business path of op and on the manager path
// managerPath (B/manager/...): the manager operations of the mobile apps are the
// business operations with the same shapes, for the employees the caller
// manages (the service applies the scope).
func both[I, O any](a *httpapi.API, needs httpapi.Needs, managerPath string, op huma.Operation, h func(ctx context.Context, in *I) (*O, error)) {
	httpapi.Register(a, needs, op, h)
	op.Path, op.Tags, op.Summary = managerPath, []string{"Manager Roster Shifts"}, op.Summary+" (manager)"
	httpapi.Register(a, needs, op, h)
}

func register(a *httpapi.API, s *roster.Service, kiosks KioskClock) {
	tags := []string{"Roster Shift"}
	principal := payroll.PrincipalFrom
	biz := httpapi.CurrentBusiness
	shiftID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "rosterShiftId", "roster shift") }
	employeeID := func(ctx context.Context) (int64, error) { return httpapi.PathID(ctx, "employeeId", "employee") }

	both(a, httpapi.OnEmployees(business.ViewRosters), "/api/v2/business/{businessId}/manager/rostershift", huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/rostershift", Tags: tags,
		Summary: "Get roster shifts", Description: "Shifts overlapping fromDate..toDate (both required), filtered, ordered by start and paged " +
			"(pageSize at most 100) in the database. By default only shifts without a role are listed unless selectedRoles or selectAllRoles. " +
			"A restricted user sees the shifts of the employees of their groups and locations (not unassigned shifts)."},
		func(ctx context.Context, in *listInput) (*httpapi.BodyOf[[]RosterShift], error) {
			lq, err := in.query()
			if err != nil {
				return nil, err
			}
			shifts, err := s.List(ctx, biz(ctx), principal(ctx), lq)
			if err != nil {
				return nil, err
			}
			out := make([]RosterShift, 0, len(shifts))
			for _, sh := range shifts {
				out = append(out, listShape(sh))
			}
			return &httpapi.BodyOf[[]RosterShift]{Body: out}, nil
		})

	both(a, httpapi.OnEmployees(business.ManageRosters), "/api/v2/business/{businessId}/manager/rostershift", huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/rostershift", Tags: tags,
		Summary: "Create roster shift", Description: "startTime and endTime required (at most 24 hours apart); breaks inside the shift; " +
			"employee, location, work type and qualifications must be of this business (else 400 naming the member); an employee a restricted " +
			"user sees but whose grants over them lack ManageRosters is 403 naming it." + states},
		func(ctx context.Context, in *editInput) (*httpapi.BodyOf[EssRosterShift], error) {
			if e := in.Body.EmployeeID; e != nil {
				if err := a.RequireForEmployee(ctx, *e, "ManageRosters"); err != nil {
					return nil, err
				}
			}
			sh, err := s.Create(ctx, biz(ctx), principal(ctx), in.Body.input(), in.Publish)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssRosterShift]{Body: EssShape(sh, 0)}, nil
		})

	both(a, httpapi.OnRecord(httpapi.RosterShift, "rosterShiftId", business.ManageRosters), "/api/v2/business/{businessId}/manager/rostershift/{rosterShiftId}", huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/rostershift/{rosterShiftId}", Tags: tags,
		Summary: "Update roster shift", Description: "Replaces the shift's members with the body's (breaks: see clearBreaks); conditional on the " +
			"version read, so a concurrent change answers 409." + states, Parameters: httpapi.PathParams("rosterShiftId")},
		func(ctx context.Context, in *updateInput) (*httpapi.BodyOf[EssRosterShift], error) {
			id, err := shiftID(ctx)
			if err != nil {
				return nil, err
			}
			var publish *bool
			switch strings.ToLower(strings.TrimSpace(in.Publish)) {
			case "":
			case "true":
				t := true
				publish = &t
			case "false":
				f := false
				publish = &f
			default:
				return nil, payroll.Invalid("publish", "publish must be true or false")
			}
			sh, err := s.Update(ctx, biz(ctx), principal(ctx), id, in.Body.input(), publish, in.ClearBreaks)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[EssRosterShift]{Body: EssShape(sh, 0)}, nil
		})

	both(a, httpapi.OnRecord(httpapi.RosterShift, "rosterShiftId", business.ManageRosters), "/api/v2/business/{businessId}/manager/rostershift/{rosterShiftId}/stub", huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/rostershift/{rosterShiftId}/stub", Tags: tags,
		Summary: "Stub roster shift timesheet", Description: "Writes a Submitted timesheet line from the shift (its employee, times, breaks, " +
			"location, work type; note as comments; source IntegratedRostering), once: a second stub, or a shift without an employee, is 409.",
		Parameters: httpapi.PathParams("rosterShiftId")},
		func(ctx context.Context, in *stubInput) (*httpapi.BodyOf[StubResult], error) {
			id, err := shiftID(ctx)
			if err != nil {
				return nil, err
			}
			note := ""
			if in.Body != nil {
				note = in.Body.Note
			}
			l, err := s.Stub(ctx, biz(ctx), principal(ctx), id, note)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[StubResult]{Body: StubResult{TimesheetLineID: l.ID}}, nil
		})

	match := func(clockOn bool) func(ctx context.Context, in *matchInput) (*httpapi.BodyOf[MatchingResult], error) {
		return func(ctx context.Context, in *matchInput) (*httpapi.BodyOf[MatchingResult], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			at := a.Clock.Now().UTC()
			if in.DateUTC != "" {
				d, err := payroll.ParseDateTime(in.DateUTC)
				if err != nil {
					return nil, payroll.Invalid("dateUtc", "dateUtc: %v", err)
				}
				at = d.Time
			}
			loc, window := time.UTC, roster.DefaultWindow
			if in.KioskID != 0 && kiosks != nil {
				l, on, off, err := kiosks(ctx, in.KioskID)
				if payroll.KindOf(err) == payroll.KindNotFound {
					return nil, payroll.Invalid("kioskId", "kiosk %d is not a kiosk of this business", in.KioskID)
				} else if err != nil {
					return nil, err
				}
				loc, window = l, on
				if !clockOn {
					window = off
				}
			}
			sh, err := s.Match(ctx, biz(ctx), principal(ctx), emp, payroll.NewDateTime(at.In(loc)).Time, window, clockOn)
			if err != nil {
				return nil, err
			}
			out := MatchingResult{Shift: EssRosterShift{Breaks: []RosterShiftBreak{}, Qualifications: []RosterShiftQualification{}, ShiftAssignmentStatus: "Pending"}}
			if sh != nil {
				out.Shift = EssShape(*sh, 0)
			}
			return &httpapi.BodyOf[MatchingResult]{Body: out}, nil
		}
	}
	matchDoc := "The employee's published shift nearest the clock time (dateUtc, read on the kiosk's wall clock): for clock on, the shift " +
		"whose start is within the kiosk's clockOnWindowMinutes (default 60) of it, or that is under way; for clock off, the shift whose end is within " +
		"clockOffWindowMinutes. When none matches, shift is an empty shift with id 0 (objects are never null on this API)."
	both(a, httpapi.OnEmployee(business.ViewRosters), "/api/v2/business/{businessId}/manager/rostershift/{employeeId}/matchingclockon", huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/rostershift/{employeeId}/matchingclockon", Tags: tags,
		Summary: "Find matching clock on roster shift", Description: matchDoc, Parameters: httpapi.PathParams("employeeId")}, match(true))
	both(a, httpapi.OnEmployee(business.ViewRosters), "/api/v2/business/{businessId}/manager/rostershift/{employeeId}/matchingclockoff", huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/rostershift/{employeeId}/matchingclockoff", Tags: tags,
		Summary: "Find matching clock off roster shift", Description: matchDoc, Parameters: httpapi.PathParams("employeeId")}, match(false))

	both(a, httpapi.OnEmployee(business.ViewRosters), "/api/v2/business/{businessId}/manager/rostershift/{employeeId}/nearby", huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/rostershift/{employeeId}/nearby", Tags: tags,
		Summary: "Find nearby roster shifts", Description: "The employee's published shifts overlapping 12 hours either side of localTime, by start.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *nearbyInput) (*httpapi.BodyOf[[]EssRosterShift], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			at := a.Clock.Now().UTC()
			if in.LocalTime != "" {
				d, err := payroll.ParseDateTime(in.LocalTime)
				if err != nil {
					return nil, payroll.Invalid("localTime", "localTime: %v", err)
				}
				at = d.Time
			}
			shifts, err := s.Nearby(ctx, biz(ctx), principal(ctx), emp, at)
			if err != nil {
				return nil, err
			}
			out := make([]EssRosterShift, 0, len(shifts))
			for _, sh := range shifts {
				out = append(out, EssShape(sh, 0))
			}
			return &httpapi.BodyOf[[]EssRosterShift]{Body: out}, nil
		})
}
