package reportapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/report/employeereport"
	"github.com/payrolld/payrolld/internal/report/timereport"
)

func registerTimeReports(a *httpapi.API, s *report.Service) {
	tr := &timereport.Service{Service: s}
	httpapi.Register(a, httpapi.OnReport("TimesheetReport"), get("/api/v2/business/{businessId}/report/timesheet", "Timesheet report",
		"The timesheet lines starting in fromDate..toDate (inclusive days), oldest first, filtered by employeeId, statuses (repeatable), workTypeId, payScheduleId, the line's locationId and employingEntityId; "+
			"with durations, breaks, the submitted (actual) times and their variance. includeCosts prices each line at the employee's hourly rate (or its rate override) as gross and totalCost; "+
			"net, PAYG, super and employer liabilities are not computed per line (null). A restricted user sees only their employees."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate                 string   `query:"fromDate"`
			ToDate                   string   `query:"toDate"`
			EmployeeID               int64    `query:"employeeId"`
			Statuses                 []string `query:"statuses,explode" doc:"Missing, Submitted, Approved, Rejected, Processed"`
			WorkTypeID               int64    `query:"workTypeId"`
			PayScheduleID            int64    `query:"payScheduleId"`
			LocationID               int64    `query:"locationId"`
			EmployingEntityID        int64    `query:"employingEntityId"`
			IncludeCosts             bool     `query:"includeCosts"`
			IncludePostTaxDeductions bool     `query:"includePostTaxDeductions" doc:"accepted for compatibility (timesheet lines carry no deductions)"`
		}) (*httpapi.BodyOf[[]timereport.TimesheetRow], error) {
			q := timereport.TimesheetQuery{EmployeeID: in.EmployeeID, Statuses: in.Statuses, WorkTypeID: in.WorkTypeID, PayScheduleID: in.PayScheduleID,
				LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID, IncludeCosts: in.IncludeCosts}
			var err error
			if q.From, err = date("fromDate", in.FromDate); err != nil {
				return nil, err
			}
			if q.To, err = date("toDate", in.ToDate); err != nil {
				return nil, err
			}
			return list(tr.Timesheets(ctx, biz(ctx), principal(ctx), q))
		})

	httpapi.Register(a, httpapi.OnReport("ShiftSwappingReport"), get("/api/v2/business/{businessId}/report/shiftswapping", "Shift swapping report",
		"The roster shift swaps of shifts starting in fromDate..toDate: who proposed, to whom, the shift and the swap's status (Created while proposed, Accepted, Declined, Cancelled), "+
			"filtered by fromEmployeeId, toEmployeeId, statuses (repeatable), the shift's locationId and employingEntityId. includeCosts prices the shift's paid time at each employee's hourly rate. "+
			"A restricted user sees the swaps their employees proposed."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate          string   `query:"fromDate"`
			ToDate            string   `query:"toDate"`
			FromEmployeeID    int64    `query:"fromEmployeeId"`
			ToEmployeeID      int64    `query:"toEmployeeId"`
			Statuses          []string `query:"statuses,explode"`
			LocationID        int64    `query:"locationId"`
			EmployingEntityID int64    `query:"employingEntityId"`
			IncludeCosts      bool     `query:"includeCosts"`
		}) (*httpapi.BodyOf[[]timereport.ShiftSwap], error) {
			q := timereport.ShiftSwapQuery{FromEmployeeID: in.FromEmployeeID, ToEmployee: in.ToEmployeeID, Statuses: in.Statuses, LocationID: in.LocationID,
				EmployingEntityID: in.EmployingEntityID, IncludeCosts: in.IncludeCosts}
			var err error
			if q.From, err = date("fromDate", in.FromDate); err != nil {
				return nil, err
			}
			if q.To, err = date("toDate", in.ToDate); err != nil {
				return nil, err
			}
			return list(tr.ShiftSwaps(ctx, biz(ctx), principal(ctx), q))
		})

	httpapi.Register(a, httpapi.OnReport("RosterTimesheetComparisonReport"), get("/api/v2/business/{businessId}/report/rostertimesheetcomparison", "Roster timesheet comparison report",
		"Each employee's rostered shifts in fromDate..toDate (required) beside the timesheet lines worked for them, day by day: a shift with the line it became first, then the day's remaining shifts and lines in start order; "+
			"unmatched shifts and lines are rows of their own. Time variance is the line's paid time less the shift's; includeCosts prices both at the employee's hourly rate. "+
			"Filters employeeId, employmentTypeId, payScheduleId, locationId (the employee's), rosterLocationId, timesheetLocationId, workTypeId, rosterStatuses and timesheetStatuses. A restricted user sees only their employees."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate                 string   `query:"fromDate"`
			ToDate                   string   `query:"toDate"`
			EmployeeID               int64    `query:"employeeId"`
			EmploymentTypeID         string   `query:"employmentTypeId" doc:"EmploymentTypeEnum's number (1 FullTime, 2 PartTime, 5 Casual, ...)"`
			TimesheetStatuses        []string `query:"timesheetStatuses,explode"`
			RosterStatuses           []string `query:"rosterStatuses,explode" doc:"All, Published (also accepted shifts), Unpublished, Accepted"`
			WorkTypeID               int64    `query:"workTypeId"`
			RosterLocationID         int64    `query:"rosterLocationId"`
			TimesheetLocationID      int64    `query:"timesheetLocationId"`
			LocationID               int64    `query:"locationId"`
			PayScheduleID            int64    `query:"payScheduleId"`
			EmployingEntityID        int64    `query:"employingEntityId"`
			IncludeCosts             bool     `query:"includeCosts"`
			IncludePostTaxDeductions bool     `query:"includePostTaxDeductions" doc:"accepted for compatibility"`
		}) (*httpapi.BodyOf[[]timereport.RosterComparison], error) {
			q := timereport.RosterComparisonQuery{EmployeeID: in.EmployeeID, TimesheetStatuses: in.TimesheetStatuses, RosterStatuses: in.RosterStatuses, WorkTypeID: in.WorkTypeID,
				RosterLocationID: in.RosterLocationID, TimesheetLocationID: in.TimesheetLocationID, LocationID: in.LocationID, PayScheduleID: in.PayScheduleID,
				EmployingEntityID: in.EmployingEntityID, IncludeCosts: in.IncludeCosts}
			if in.EmploymentTypeID != "" {
				n, err := strconv.ParseInt(in.EmploymentTypeID, 10, 64)
				if err != nil || n < 0 || n >= int64(len(timereport.EmploymentTypes)) {
					return nil, payroll.Invalid("employmentTypeId", "employmentTypeId must be an EmploymentTypeEnum number (0-%d)", len(timereport.EmploymentTypes)-1)
				}
				q.EmploymentType = timereport.EmploymentTypes[n]
			}
			for _, c := range []struct {
				name string
				v    int64
			}{{"employeeId", in.EmployeeID}, {"workTypeId", in.WorkTypeID}, {"rosterLocationId", in.RosterLocationID}, {"timesheetLocationId", in.TimesheetLocationID},
				{"locationId", in.LocationID}, {"payScheduleId", in.PayScheduleID}, {"employingEntityId", in.EmployingEntityID}} {
				if c.v < 0 {
					return nil, payroll.Invalid(c.name, "%s must not be negative", c.name)
				}
			}
			var err error
			if q.From, err = date("fromDate", in.FromDate); err != nil {
				return nil, err
			}
			if q.To, err = date("toDate", in.ToDate); err != nil {
				return nil, err
			}
			return list(tr.RosterTimesheetComparison(ctx, biz(ctx), principal(ctx), q))
		})
}

// EmployeeDetailsRequest is the POST body of the employee details report
// (EmployeeDetailsReportRequestModel); includeActive and includeInactive
// default to true.
type EmployeeDetailsRequest struct {
	SelectedColumns   []string `json:"selectedColumns,omitempty"`
	LocationID        int64    `json:"locationId,omitempty"`
	EmployingEntityID int64    `json:"employingEntityId,omitempty"`
	IncludeActive     *bool    `json:"includeActive,omitempty"`
	IncludeInactive   *bool    `json:"includeInactive,omitempty"`
}

func registerEmployeeDetails(a *httpapi.API, s *employeereport.Service) {
	desc := "One object per employee (by surname) with the selected columns, each member named by its field's value (employeedetails/fields); " +
		"without selectedColumns: employeeId, externalId, firstName, surname and status. locationId, employingEntityId, includeActive and includeInactive (both default true) select the employees. " +
		"A restricted user sees only their employees."
	run := func(ctx context.Context, q employeereport.EmployeeDetailsQuery) (*httpapi.BodyOf[[]map[string]any], error) {
		if q.LocationID < 0 || q.EmployingEntityID < 0 {
			return nil, payroll.Invalid("locationId", "locationId and employingEntityId must not be negative")
		}
		return list(s.EmployeeDetails(ctx, biz(ctx), principal(ctx), q))
	}
	httpapi.Register(a, httpapi.OnReport("EmployeeDetailsReport"), get("/api/v2/business/{businessId}/report/employeedetails", "Employee details report", desc),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			SelectedColumns   []string `query:"selectedColumns,explode"`
			LocationID        int64    `query:"locationId"`
			EmployingEntityID int64    `query:"employingEntityId"`
			IncludeActive     bool     `query:"includeActive" default:"true"`
			IncludeInactive   bool     `query:"includeInactive" default:"true"`
		}) (*httpapi.BodyOf[[]map[string]any], error) {
			return run(ctx, employeereport.EmployeeDetailsQuery{Columns: in.SelectedColumns, LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID,
				IncludeActive: in.IncludeActive, IncludeInactive: in.IncludeInactive})
		})
	httpapi.Register(a, httpapi.OnReport("EmployeeDetailsReport"), op(http.MethodPost, "/api/v2/business/{businessId}/report/employeedetails", "Employee details report (selected fields)", desc),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body EmployeeDetailsRequest
		}) (*httpapi.BodyOf[[]map[string]any], error) {
			b := in.Body
			yes := func(p *bool) bool { return p == nil || *p }
			return run(ctx, employeereport.EmployeeDetailsQuery{Columns: b.SelectedColumns, LocationID: b.LocationID, EmployingEntityID: b.EmployingEntityID,
				IncludeActive: yes(b.IncludeActive), IncludeInactive: yes(b.IncludeInactive)})
		})
	httpapi.Register(a, httpapi.OnReport("EmployeeDetailsReport"), get("/api/v2/business/{businessId}/report/employeedetails/fields", "Employee details report fields",
		"The columns the employee details report can show: value (to select it and the member it fills) and display text."),
		func(ctx context.Context, in *httpapi.BusinessPath) (*httpapi.BodyOf[[]employeereport.EmployeeDetailsField], error) {
			return list(employeereport.EmployeeDetailsFields(), nil)
		})
}

func registerDocumentAcknowledgements(a *httpapi.API, s *employeereport.Service) {
	httpapi.Register(a, httpapi.OnReport("DocumentAcknowledgementsReport"), get("/api/v2/business/{businessId}/report/documentAcknowledgements", "Document acknowledgements report",
		"For each business document that requires acknowledgement (documentId: one), each active employee it is shown to (everyone, or the employees of its locations and employee groups) "+
			"and whether they acknowledged it. documentStatus: 0 all (default), 1 acknowledged, 2 not acknowledged; employeeIds (repeatable), locationId, employingEntityId. A restricted user sees only their employees."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			DocumentID        int64   `query:"documentId"`
			EmployeeIDs       []int64 `query:"employeeIds,explode"`
			DocumentStatus    int64   `query:"documentStatus"`
			LocationID        int64   `query:"locationId"`
			EmployingEntityID int64   `query:"employingEntityId"`
		}) (*httpapi.BodyOf[[]employeereport.DocumentAcknowledgement], error) {
			return list(s.DocumentAcknowledgements(ctx, biz(ctx), principal(ctx), employeereport.DocumentAckQuery{DocumentID: in.DocumentID, EmployeeIDs: in.EmployeeIDs,
				Status: in.DocumentStatus, LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID}))
		})
}
