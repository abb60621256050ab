package managerapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/httpapi/rosterapi"
	"github.com/payrolld/payrolld/internal/httpapi/timesheetapi"
	"github.com/payrolld/payrolld/internal/kiosk"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/roster"
)

// CurrentShift is the attendance of a shift's employee
// (ManagerCurrentRosterShift): status is the employee's kiosk state
// (NotClockedOn, ClockedOn, OnBreak, ClockedOff) once the shift has
// started, NotClockedOn before; isLate when the shift is under way and the
// employee has not clocked on; isNotClockedOff when it has ended and the
// employee is still clocked on.
type CurrentShift struct {
	IsLate          bool   `json:"isLate"`
	IsNotClockedOff bool   `json:"isNotClockedOff"`
	Status          string `json:"status" enum:"NotClockedOn,ClockedOn,OnBreak,ClockedOff"`
}

// ManagerRosterShift is a shift as a manager sees it
// (AuManagerRosterShiftModel). cost is what the shift costs at its
// employee's pay rate (roster.Coster), for a caller who asked for costs
// (includeCosts) and may see them (an unrestricted user, or ViewShiftCosts
// over the employee's group or location); null otherwise, and for an
// unassigned shift or an employee without an hourly rate.
type ManagerRosterShift struct {
	rosterapi.EssRosterShift
	EmployeePhoneNumber     string         `json:"employeePhoneNumber"`
	Cost                    *payroll.Money `json:"cost" nullable:"true"`
	CostFormatted           *string        `json:"costFormatted" nullable:"true"`
	Warnings                []string       `json:"warnings"`
	IsLeaveBasedRosterShift bool           `json:"isLeaveBasedRosterShift"`
	CurrentShift            CurrentShift   `json:"currentShift"`
}

// attendance reads the kiosk state of the employees of shifts, once each.
type attendance struct {
	d     Deps
	now   time.Time
	state map[int64]kiosk.Status
	costs *shiftCosts // nil: no costs shown
}

// shiftCosts prices the shifts of the employees whose costs the caller may
// see (ViewShiftCosts), deciding that once per employee.
type shiftCosts struct {
	coster  roster.Coster
	allowed map[int64]bool
	scoped  context.Context // the caller's access narrowed to ViewShiftCosts
	all     bool
}

// costsFor is the costing of a read that asked for costs (include), nil
// when it did not or the caller may see no costs.
func costsFor(ctx context.Context, d Deps, include bool) *shiftCosts {
	if !include {
		return nil
	}
	acc, ok := business.AccessFrom(ctx)
	sc := &shiftCosts{coster: roster.Coster{Rates: d.PayRates, Agreements: d.Timesheets.Agreements}, allowed: map[int64]bool{}, all: !ok || !acc.Restricted()}
	if !sc.all {
		if sc.scoped, ok = business.WithPermission(ctx, "ViewShiftCosts"); !ok {
			return nil
		}
	}
	return sc
}

func (sc *shiftCosts) cost(ctx context.Context, d Deps, sh roster.Shift) (*payroll.Money, error) {
	if sh.EmployeeID == 0 {
		return nil, nil
	}
	biz := httpapi.CurrentBusiness(ctx)
	ok, seen := sc.allowed[sh.EmployeeID]
	if !seen {
		ok = sc.all
		if !ok {
			_, err := d.Employees.Visible(sc.scoped, biz, principal(ctx), sh.EmployeeID)
			if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
				return nil, err
			}
			ok = err == nil
		}
		sc.allowed[sh.EmployeeID] = ok
	}
	if !ok {
		return nil, nil
	}
	return sc.coster.Cost(ctx, biz, sh)
}

func (at *attendance) shape(ctx context.Context, sh roster.Shift) (ManagerRosterShift, error) {
	out := ManagerRosterShift{EssRosterShift: rosterapi.EssShape(sh, 0), Warnings: []string{}, CurrentShift: CurrentShift{Status: kiosk.NotClockedOn}}
	if sh.EmployeeID == 0 {
		return out, nil
	}
	var err error
	st, ok := at.state[sh.EmployeeID]
	if !ok {
		if st, err = at.d.Kiosks.Status(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), sh.EmployeeID); err != nil {
			return out, err
		}
		at.state[sh.EmployeeID] = st
	}
	out.EmployeePhoneNumber = st.Mobile
	if at.costs != nil {
		if out.Cost, err = at.costs.cost(ctx, at.d, sh); err != nil {
			return out, err
		}
		if out.Cost != nil {
			f := timesheetapi.FormatCost(httpapi.CurrentBusiness(ctx).Region, *out.Cost)
			out.CostFormatted = &f
		}
	}
	if !at.now.Before(sh.Start) {
		out.CurrentShift.Status = st.Status
	}
	clockedOn := st.Status == kiosk.ClockedOn || st.Status == kiosk.OnBreak
	out.CurrentShift.IsLate = !at.now.Before(sh.Start) && at.now.Before(sh.End) && st.Status == kiosk.NotClockedOn
	out.CurrentShift.IsNotClockedOff = !at.now.Before(sh.End) && clockedOn
	return out, nil
}

// ManagerUnavailability is an unavailability with its employee
// (ManagerUnavailabilityModel).
type ManagerUnavailability struct {
	leave.Unavailability
	EmployeeName    string           `json:"employeeName"`
	TerminationDate payroll.DateTime `json:"terminationDate" nullable:"true"`
}

func managerUnavailability(u leave.Unavailability, e employee.Employee) ManagerUnavailability {
	return ManagerUnavailability{Unavailability: u, EmployeeName: e.Name(), TerminationDate: e.EndDate}
}

// RosterData is the manager's roster view (AuManagerRosterDataModel).
type RosterData struct {
	RosteredShifts   []ManagerRosterShift    `json:"rosteredShifts"`
	UnassignedShifts []ManagerRosterShift    `json:"unassignedShifts"`
	BiddableShifts   []ManagerRosterShift    `json:"biddableShifts" doc:"shift bidding is not modelled: always empty"`
	Unavailability   []ManagerUnavailability `json:"unavailability"`
	LeaveRequests    []ManagerLeaveRequest   `json:"leaveRequests" doc:"pending and approved leave in the week (isLeaveBasedRosterShift true)"`
}

func registerRoster(a *httpapi.API, d Deps) {
	rtags := []string{"Manager Roster Shifts"}
	now := func() time.Time { return payroll.NewDateTime(a.Clock.Now().UTC()).Time }
	httpapi.Register(a, httpapi.OnRecord(httpapi.RosterShift, "rosterShiftId", business.ViewRosters), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/rostershift/{rosterShiftId}", Tags: rtags,
		Summary: "Get a roster shift (manager)",
		Description: "The shift with its employee's mobile number and attendance (currentShift: the kiosk state once the shift has started, late, not clocked off). " +
			"With includeCosts, cost is the shift's cost at the employee's pay rate on its day (primary pay category, pay rate schedule and template; " +
			"converted to hours as timesheets are) for its work and paid breaks, to the cent; shown to an unrestricted user and to a restricted one with " +
			"ViewShiftCosts over the employee's group or location, null otherwise. A shift of an employee the caller does not manage is 404.",
		Parameters: httpapi.PathParams("rosterShiftId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			IncludeCosts bool `query:"includeCosts"`
		}) (*httpapi.BodyOf[ManagerRosterShift], error) {
			id, err := httpapi.PathID(ctx, "rosterShiftId", "roster shift")
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			sh, err := d.Roster.Get(ctx, biz, p, id)
			if err != nil {
				return nil, err
			}
			at := &attendance{d: d, now: now(), state: map[int64]kiosk.Status{}, costs: costsFor(ctx, d, in.IncludeCosts)}
			out, err := at.shape(ctx, sh)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[ManagerRosterShift]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnEmployees(business.ViewRosters), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/rostershift/roles", Tags: rtags,
		Summary: "Roster roles (manager)", Description: "The distinct roles the business's shifts carry (roles are named on shifts), by name."},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*httpapi.BodyOf[[]rosterapi.RosterShiftRole], error) {
			roles, err := d.Roster.Roles(ctx, httpapi.CurrentBusiness(ctx))
			if err != nil {
				return nil, err
			}
			out := make([]rosterapi.RosterShiftRole, 0, len(roles))
			for _, r := range roles {
				out = append(out, rosterapi.RosterShiftRole{ID: r.ID, Name: r.Name, ClassName: r.ClassName, HexColourCode: r.HexColourCode})
			}
			return &httpapi.BodyOf[[]rosterapi.RosterShiftRole]{Body: out}, nil
		})
	httpapi.Register(a, httpapi.OnEmployees(business.ViewRosters), huma.Operation{Method: http.MethodGet, Path: "/api/v2/business/{businessId}/manager/rostershift/manage", Tags: rtags,
		Summary: "The roster of a week (manager)",
		Description: "For the seven days from date (default today): the assigned shifts of the employees the caller manages and, for an unrestricted " +
			"user, the unassigned shifts (each at most 100, by start), their unavailability and their pending and approved leave. Filters: employeeId, " +
			"locationId, roleId (also filterModel.-prefixed). Bidding is not modelled (biddableShifts empty). With includeCosts each shift's cost is " +
			"computed as by the single-shift read (null where the caller lacks ViewShiftCosts for its employee, and for unassigned shifts)."},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Date                string `query:"date"`
			EmployeeID          int64  `query:"employeeId"`
			LocationID          int64  `query:"locationId"`
			RoleID              int64  `query:"roleId"`
			IncludeCosts        bool   `query:"includeCosts"`
			IncludeSubLocations bool   `query:"includeSubLocations"`
			// The published names carry the filterModel. prefix.
			FDate       string `query:"filterModel.date"`
			FEmployeeID int64  `query:"filterModel.employeeId"`
			FLocationID int64  `query:"filterModel.locationId"`
			FRoleID     int64  `query:"filterModel.roleId"`
			FCosts      bool   `query:"filterModel.includeCosts"`
		}) (*httpapi.BodyOf[RosterData], error) {
			if in.Date == "" {
				in.Date = in.FDate
			}
			in.EmployeeID = max(in.EmployeeID, in.FEmployeeID)
			in.LocationID = max(in.LocationID, in.FLocationID)
			in.RoleID = max(in.RoleID, in.FRoleID)
			from, err := httpapi.QueryDate("date", in.Date)
			if err != nil {
				return nil, err
			}
			if from.IsZero() {
				n := now()
				from = payroll.DateOnly(n)
			}
			to := from.AddDate(0, 0, 6)
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			lq := roster.ListQuery{From: from, To: to, EmployeeID: in.EmployeeID, LocationID: in.LocationID, SelectAllRoles: in.RoleID == 0}
			if in.RoleID != 0 {
				lq.SelectedRoles = []int64{in.RoleID}
			}
			out := RosterData{RosteredShifts: []ManagerRosterShift{}, UnassignedShifts: []ManagerRosterShift{}, BiddableShifts: []ManagerRosterShift{},
				Unavailability: []ManagerUnavailability{}, LeaveRequests: []ManagerLeaveRequest{}}
			shifts, err := d.Roster.List(ctx, biz, p, lq)
			if err != nil {
				return nil, err
			}
			at := &attendance{d: d, now: now(), state: map[int64]kiosk.Status{}, costs: costsFor(ctx, d, in.IncludeCosts || in.FCosts)}
			if at.costs != nil { // the week's rates in one lookup
				if err := at.costs.coster.Prepare(ctx, biz, shifts); err != nil {
					return nil, err
				}
			}
			for _, sh := range shifts {
				if sh.EmployeeID != 0 {
					m, err := at.shape(ctx, sh)
					if err != nil {
						return nil, err
					}
					out.RosteredShifts = append(out.RosteredShifts, m)
				}
			}
			if in.EmployeeID == 0 {
				lq.UnassignedOnly = true
				if shifts, err = d.Roster.List(ctx, biz, p, lq); err != nil {
					return nil, err
				}
				for _, sh := range shifts {
					m, err := at.shape(ctx, sh)
					if err != nil {
						return nil, err
					}
					out.UnassignedShifts = append(out.UnassignedShifts, m)
				}
			}
			us, err := d.Leave.Unavailabilities(ctx, biz, p, leave.UnavailabilityQuery{From: from, To: to, EmployeeID: in.EmployeeID})
			if err != nil {
				return nil, err
			}
			names := map[int64]employee.Employee{}
			for _, u := range us {
				e, ok := names[u.EmployeeID]
				if !ok {
					if e, err = d.Employees.Visible(ctx, biz, p, u.EmployeeID); err != nil {
						return nil, err
					}
					names[u.EmployeeID] = e
				}
				out.Unavailability = append(out.Unavailability, managerUnavailability(u, e))
			}
			live, err := httpapi.ParseOData(&httpapi.ODataQuery{Filter: "status eq 'Pending' or status eq 'Approved'", OrderBy: "fromDate"})
			if err != nil {
				return nil, err
			}
			reqs, err := d.Leave.List(ctx, biz, p, leave.ListQuery{OData: live, From: from, To: to, EmployeeID: in.EmployeeID, LocationID: in.LocationID})
			if err != nil {
				return nil, httpapi.ODataErr(err)
			}
			for _, r := range reqs {
				m := managerLeave(r, nil, now())
				m.IsLeaveBasedRosterShift = true
				out.LeaveRequests = append(out.LeaveRequests, m)
			}
			return &httpapi.BodyOf[RosterData]{Body: out}, nil
		})

	// Unavailability of one employee.
	type unavailabilityBody struct {
		httpapi.BusinessPath
		Body    leave.Unavailability
		RawBody []byte
	}
	unavailabilityOf := func(ctx context.Context) (employee.Employee, int64, error) {
		emp, err := employeeID(ctx)
		if err != nil {
			return employee.Employee{}, 0, err
		}
		e, err := d.Employees.Visible(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), emp)
		if err != nil {
			return employee.Employee{}, 0, err
		}
		id, err := httpapi.PathID(ctx, "unavailabilityId", "unavailability")
		if err != nil {
			return employee.Employee{}, 0, err
		}
		u, err := d.Leave.GetUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
		if err != nil {
			return employee.Employee{}, 0, err
		}
		if u.EmployeeID != emp { // another employee's: not under this path
			return employee.Employee{}, 0, payroll.NotFound("unavailability")
		}
		return e, id, nil
	}
	httpapi.Register(a, httpapi.OnEmployee(business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/manager/{employeeId}/rostershift/unavailability", Tags: rtags,
		Summary:     "Add an employee's unavailability (manager)",
		Description: "fromDate and toDate required (toDate after fromDate); recurring weekly on recurringDay until endDate when recurring. An employee the caller does not manage is 404.",
		Parameters:  httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *unavailabilityBody) (*httpapi.BodyOf[ManagerUnavailability], error) {
			emp, err := employeeID(ctx)
			if err != nil {
				return nil, err
			}
			biz, p := httpapi.CurrentBusiness(ctx), principal(ctx)
			e, err := d.Employees.Visible(ctx, biz, p, emp)
			if err != nil {
				return nil, err
			}
			u := in.Body
			u.ID, u.EmployeeID = 0, emp
			r, err := d.Leave.CreateUnavailability(ctx, biz, p, u)
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[ManagerUnavailability]{Body: managerUnavailability(r, e)}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ManageRosters), huma.Operation{Method: http.MethodPut, Path: "/api/v2/business/{businessId}/manager/{employeeId}/rostershift/unavailability/{unavailabilityId}", Tags: rtags,
		Summary:     "Update an employee's unavailability (manager)",
		Description: "Members the body omits keep their values; the employee stays the path's. Another employee's unavailability is 404.",
		Parameters:  httpapi.PathParams("employeeId", "unavailabilityId")},
		func(ctx context.Context, in *unavailabilityBody) (*httpapi.BodyOf[ManagerUnavailability], error) {
			e, id, err := unavailabilityOf(ctx)
			if err != nil {
				return nil, err
			}
			r, err := d.Leave.UpdateUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id, func(u *leave.Unavailability) error {
				if err := httpapi.MergeJSON(u, in.RawBody); err != nil {
					return err
				}
				u.EmployeeID = e.ID
				return nil
			})
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[ManagerUnavailability]{Body: managerUnavailability(r, e)}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ManageRosters), huma.Operation{Method: http.MethodDelete, Path: "/api/v2/business/{businessId}/manager/{employeeId}/rostershift/unavailability/{unavailabilityId}", Tags: rtags,
		Summary: "Delete an employee's unavailability (manager)", Description: "Another employee's unavailability is 404.",
		Parameters: httpapi.PathParams("employeeId", "unavailabilityId")},
		func(ctx context.Context, _ *httpapi.BusinessPath) (*struct{}, error) {
			_, id, err := unavailabilityOf(ctx)
			if err != nil {
				return nil, err
			}
			return nil, d.Leave.DeleteUnavailability(ctx, httpapi.CurrentBusiness(ctx), principal(ctx), id)
		})
}
