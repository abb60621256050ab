package timesheetapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// ShiftCostingsRequestShift is a proposed shift (ShiftCostingsRequestShiftModel;
// members of the model this service does not act on are accepted and ignored).
type ShiftCostingsRequestShift struct {
	StartTime       payroll.DateTime         `json:"startTime" nullable:"true"`
	EndTime         payroll.DateTime         `json:"endTime" nullable:"true"`
	Breaks          []TimesheetBreakIn       `json:"breaks,omitempty"`
	Units           *payroll.Rate            `json:"units,omitempty" nullable:"true"`
	Rate            *payroll.Rate            `json:"rate,omitempty" nullable:"true" doc:"hourly (or per unit) base rate of this shift"`
	WorkTypeID      string                   `json:"workTypeId,omitempty" doc:"an id, or an external id with workTypeIdType External"`
	LocationID      string                   `json:"locationId,omitempty" doc:"an id, or an external id with locationIdType External"`
	PayCategoryID   string                   `json:"payCategoryId,omitempty" doc:"default: the employee's primary pay category"`
	ExternalID      string                   `json:"externalId,omitempty"`
	OverrideRates   []timesheet.RateOverride `json:"overrideRates,omitempty"`
	ShiftConditions []int64                  `json:"shiftConditionIds,omitempty"`
}

// ShiftCostingsEmployee is what the request says of the employee
// (ShiftCostingsEmployeeModel).
type ShiftCostingsEmployee struct {
	StandardHoursPerWeek *payroll.Rate     `json:"standardHoursPerWeek,omitempty" nullable:"true" doc:"replaces the employee's hours per week for converting a salary to an hourly rate (and, under an agreement, a part-time employee's agreed hours)"`
	StandardHoursPerDay  *payroll.Rate     `json:"standardHoursPerDay,omitempty" nullable:"true"`
	DateOfBirth          *payroll.DateTime `json:"dateOfBirth,omitempty" nullable:"true" doc:"costing by employment agreement: the employee's date of birth (junior rates)"`
	AnniversaryDate      *payroll.DateTime `json:"anniversaryDate,omitempty" nullable:"true" doc:"costing by employment agreement: the start of the employee's service (junior rates by service)"`
}

// ShiftCostingsRequest is ShiftCostingsRequestModel.
type ShiftCostingsRequest struct {
	TransactionExternalID    string                      `json:"transactionExternalId,omitempty"`
	LocationIDType           string                      `json:"locationIdType,omitempty" enum:"Standard,External"`
	WorkTypeIDType           string                      `json:"workTypeIdType,omitempty" enum:"Standard,External"`
	IncludeEvaluationResults bool                        `json:"includeEvaluationResults,omitempty"`
	Employee                 *ShiftCostingsEmployee      `json:"employee,omitempty"`
	Shifts                   []ShiftCostingsRequestShift `json:"shifts"`
	OverrideRates            []timesheet.RateOverride    `json:"overrideRates,omitempty"`
}

// Domain is the request in the timesheet service's terms.
func (m *ShiftCostingsRequest) Domain() timesheet.CostingRequest {
	req := timesheet.CostingRequest{TransactionExternalID: m.TransactionExternalID, LocationIDType: m.LocationIDType, WorkTypeIDType: m.WorkTypeIDType,
		OverrideRates: m.OverrideRates, IncludeEvaluationResults: m.IncludeEvaluationResults}
	if m.Employee != nil {
		req.Employee = timesheet.CostingEmployee{StandardHoursPerWeek: m.Employee.StandardHoursPerWeek, StandardHoursPerDay: m.Employee.StandardHoursPerDay}
		if d := m.Employee.DateOfBirth; d != nil && !d.IsZero() {
			req.Employee.DateOfBirth = &d.Time
		}
		if d := m.Employee.AnniversaryDate; d != nil && !d.IsZero() {
			req.Employee.AnniversaryDate = &d.Time
		}
	}
	for _, s := range m.Shifts {
		in := timesheet.Input{Start: s.StartTime, End: s.EndTime, Units: s.Units, Rate: s.Rate, ExternalID: s.ExternalID, ShiftConditionIDs: s.ShiftConditions}
		for _, b := range s.Breaks {
			in.Breaks = append(in.Breaks, timesheet.BreakInput{Start: b.StartTime, End: b.EndTime, IsPaidBreak: b.IsPaidBreak})
		}
		req.Shifts = append(req.Shifts, timesheet.CostingShift{Input: in, LocationRef: s.LocationID, WorkTypeRef: s.WorkTypeID, PayCategoryRef: s.PayCategoryID,
			OverrideRates: s.OverrideRates})
	}
	return req
}

// GetShiftPeriods is GetShiftPeriodsModel.
type GetShiftPeriods struct {
	FirstShiftStartTime payroll.DateTime `json:"firstShiftStartTime" nullable:"true"`
	LastShiftStartTime  payroll.DateTime `json:"lastShiftStartTime" nullable:"true"`
}

// ShiftPeriod is ShiftPeriodModel.
type ShiftPeriod struct {
	FromDate payroll.DateTime `json:"fromDate"`
	ToDate   payroll.DateTime `json:"toDate"`
}

func registerShiftCosting(a *httpapi.API, s *timesheet.Service) {
	tags := []string{"Timesheet"}
	httpapi.Register(a, httpapi.OnEmployee(business.ViewShiftCosts), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/timesheet/shiftcosting",
		Tags: tags, Summary: "Get shift costings for an employee",
		Description: "Prices proposed shifts of the employee without storing anything: each shift is validated (400 naming shifts[i].member) and " +
			"costed as a timesheet line with the same times, breaks, pay category and rate would be — the shift's rate, else an override rate of its " +
			"pay category (the shift's overrideRates, then the request's; useRateAsIs skips the pay category's loading), else the employee's rate " +
			"converted to hours (standardHoursPerWeek/PerDay in the request replace the employee's) — times the pay category's rate loading; each " +
			"stretch of work between breaks and each paid break is a costBreakdown entry costed to the cent. The pay category defaults to the " +
			"employee's primary one. An employee with an employment agreement (or a pay condition rule set) is costed under its rules instead, the " +
			"shifts interpreted together (penalties, overtime by the day's and week's hours, minimum engagements, allowances): each costBreakdown " +
			"entry is a line (rule, pay category, hours, rate, cost), evaluationResults (includeEvaluationResults) say which rules paid the shift, " +
			"consolidatedShifts which shifts were costed with it, and the agreement and rule set members name them; a day whose award rates are not " +
			"loaded is a 400 saying which are missing. An employee outside a restricted user's scope is 404.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body ShiftCostingsRequest
		}) (*httpapi.BodyOf[timesheet.CostingResult], error) {
			id, err := httpapi.PathID(ctx, "employeeId", "employee")
			if err != nil {
				return nil, err
			}
			res, err := s.CostShifts(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), id, in.Body.Domain())
			if err != nil {
				return nil, err
			}
			return &httpapi.BodyOf[timesheet.CostingResult]{Body: res}, nil
		})
	httpapi.Register(a, httpapi.OnEmployee(business.ApproveTimesheets, business.CreateTimesheets, business.ViewRosters, business.ManageRosters), huma.Operation{Method: http.MethodPost, Path: "/api/v2/business/{businessId}/employee/{employeeId}/timesheet/shiftperiods",
		Tags: tags, Summary: "Get shift periods for an employee",
		Description: "The periods over which the employee's shifts are assessed together (for overtime and consolidation rules) from the one " +
			"holding firstShiftStartTime to the one holding lastShiftStartTime: the periods of the employee's pay condition rule set (of their " +
			"employment agreement), else the business's weeks, each ending on its end-of-week day (fromDate and toDate are the first and last day). " +
			"Both times are required, the last not before the first, at most a year apart (400 naming the member). An employee outside a restricted " +
			"user's scope is 404.",
		Parameters: httpapi.PathParams("employeeId")},
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body GetShiftPeriods
		}) (*httpapi.BodyOf[[]ShiftPeriod], error) {
			id, err := httpapi.PathID(ctx, "employeeId", "employee")
			if err != nil {
				return nil, err
			}
			ps, err := s.EmployeeShiftPeriods(ctx, httpapi.CurrentBusiness(ctx), payroll.PrincipalFrom(ctx), id, in.Body.FirstShiftStartTime.Time, in.Body.LastShiftStartTime.Time)
			if err != nil {
				return nil, err
			}
			out := make([]ShiftPeriod, len(ps))
			for i, p := range ps {
				out[i] = ShiftPeriod{FromDate: payroll.NewDateTime(p.From), ToDate: payroll.NewDateTime(p.To)}
			}
			return &httpapi.BodyOf[[]ShiftPeriod]{Body: out}, nil
		})
}
