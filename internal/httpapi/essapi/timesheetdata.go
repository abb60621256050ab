package essapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/ess"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/httpapi/essapi/essleave"
	"github.com/payrolld/payrolld/internal/httpapi/rosterapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
)

// EssTimesheetData is AuEssTimesheetDataModel: what an employee entering
// timesheets for a period sees next to them.
type EssTimesheetData struct {
	Timesheets     []EssTimesheet              `json:"timesheets"`
	LeaveRequests  []essleave.EssLeaveRequest  `json:"leaveRequests"`
	RosterShifts   []rosterapi.EssRosterShift  `json:"rosterShifts"`
	PublicHolidays []payschedule.PublicHoliday `json:"publicHolidays"`
}

// employeeHolidays are the public holidays in [from, to] that apply to
// the employee (see holidayApplies).
func employeeHolidays(ctx context.Context, a *httpapi.API, d Deps, emp int64, from, to time.Time) ([]payschedule.PublicHoliday, error) {
	biz := httpapi.CurrentBusiness(ctx)
	e, err := d.Employees.Get(ctx, biz, principal(ctx), emp)
	if err != nil {
		return nil, err
	}
	locs, err := d.Employees.Locations(ctx, biz, principal(ctx), emp)
	if err != nil {
		return nil, err
	}
	out := []payschedule.PublicHoliday{}
	for y := from.Year(); y <= to.Year(); y++ {
		list, err := a.Reference.PublicHolidaysOfYear(ctx, biz, y)
		if err != nil {
			return nil, err
		}
		for _, h := range list {
			if h.NotAPublicHoliday || h.Date.Before(from) || h.Date.After(to) || !holidayApplies(h, e.ResidentialState, locs) {
				continue
			}
			out = append(out, h)
		}
	}
	return out, nil
}

func registerTimesheetData(a *httpapi.API, d Deps) {
	tags := []string{"Employee Self Service Timesheets"}
	biz := httpapi.CurrentBusiness
	httpapi.Register(a, httpapi.SelfService(httpapi.ViewTimesheets...), huma.Operation{Method: http.MethodGet, Path: "/api/v2/ess/{employeeId}/timesheet/data", Tags: tags,
		Summary: "Timesheet data of a period (self-service)", Description: "For the days fromDate to toDate (filter.fromDate, filter.toDate; default the " +
			"current week, Monday to Sunday; at most 62 days): the employee's timesheets (as E/timesheet, shape A), their leave requests overlapping " +
			"the period (as E/leave/{id}), their published roster shifts (as E/shift) and the public holidays that apply to them (as E/publicHolidays)."},
		func(ctx context.Context, in *struct {
			httpapi.ESSPath
			FromDate string `query:"fromDate" doc:"also filter.fromDate"`
			ToDate   string `query:"toDate" doc:"also filter.toDate"`
		}) (*httpapi.BodyOf[EssTimesheetData], error) {
			from, to, err := httpapi.QueryDates(in.FromDate, in.ToDate)
			if err != nil {
				return nil, err
			}
			if from.IsZero() {
				from = weekOf(a.Clock.Now().UTC())
				if !to.IsZero() {
					from = weekOf(to)
				}
			}
			if to.IsZero() {
				to = from.AddDate(0, 0, 6)
			}
			if to.Before(from) {
				return nil, payroll.Invalid("toDate", "toDate must not be before fromDate")
			}
			if to.Sub(from) > 62*24*time.Hour {
				return nil, payroll.Invalid("toDate", "the period covers at most 62 days")
			}
			emp := in.EmployeeID
			holidays, err := employeeHolidays(ctx, a, d, emp, from, to)
			if err != nil {
				return nil, err
			}
			out := EssTimesheetData{Timesheets: []EssTimesheet{}, LeaveRequests: []essleave.EssLeaveRequest{}, RosterShifts: []rosterapi.EssRosterShift{}, PublicHolidays: holidays}
			// Timesheets, with the summaries of their whole weeks.
			lines, err := d.Timesheets.EmployeeLines(ctx, biz(ctx), principal(ctx), emp, from, to)
			if err != nil {
				return nil, err
			}
			all := lines
			if len(lines) > 0 {
				first, last := weekOf(lines[0].Start), weekOf(lines[len(lines)-1].Start).AddDate(0, 0, 6)
				if all, err = d.Timesheets.EmployeeLines(ctx, biz(ctx), principal(ctx), emp, first, last); err != nil {
					return nil, err
				}
			}
			sums := summaries(all)
			self, allowed := httpapi.SelfEmployee(ctx), allow(ctx, d, ess.EditTimesheets) == nil
			for _, l := range lines {
				out.Timesheets = append(out.Timesheets, shapeA(l, self, allowed, sums[weekOf(l.Start)]))
			}
			// Leave requests overlapping the period.
			reqs, err := d.Leave.EmployeeRequests(ctx, biz(ctx), principal(ctx), emp)
			if err != nil {
				return nil, err
			}
			for _, r := range reqs {
				if r.ToDate.Time.Before(from) || r.FromDate.Time.After(to) {
					continue
				}
				det, err := d.Leave.GetDetail(ctx, biz(ctx), principal(ctx), emp, r.ID)
				if err != nil {
					return nil, err
				}
				out.LeaveRequests = append(out.LeaveRequests, essleave.Request(emp, det))
			}
			// Published roster shifts.
			shifts, err := d.Roster.EmployeeShiftList(ctx, biz(ctx), principal(ctx), emp, from, to)
			if err != nil {
				return nil, err
			}
			for _, s := range shifts {
				out.RosterShifts = append(out.RosterShifts, rosterapi.EssShape(s, emp))
			}
			return &httpapi.BodyOf[EssTimesheetData]{Body: out}, nil
		})
}
