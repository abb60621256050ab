package reportapi

import (
	"context"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report"
)

// LeaveLiabilityIn is the leave liability report's query
// (ReportLeaveLiabilityRequestModel; each also as request.<name>).
type LeaveLiabilityIn struct {
	httpapi.BusinessPath
	FilterType           string  `query:"filterType" doc:"DateRange (default: as at asAtDate) or PayRun (as at payRunId's date paid)"`
	AsAtDate             string  `query:"asAtDate" doc:"the day the liability is as at (default today)"`
	PayRunID             int64   `query:"payRunId"`
	LeaveTypeID          int64   `query:"leaveTypeId" doc:"one leave category"`
	LeaveTypeIDs         []int64 `query:"leaveTypeIds,explode" doc:"these leave categories"`
	LocationID           int64   `query:"locationId" doc:"employees with this location"`
	EmployingEntityID    int64   `query:"employingEntityId"`
	IncludeApprovedLeave bool    `query:"includeApprovedLeave" doc:"take approved leave not yet paid off the balance (and report it)"`
	GroupBy              string  `query:"groupBy" doc:"AccrualLocation or DefaultLocation (both: the employee's primary location)"`
}

func (in *LeaveLiabilityIn) query() (report.LeaveLiabilityQuery, error) {
	q := report.LeaveLiabilityQuery{LeaveCategoryIDs: append([]int64(nil), in.LeaveTypeIDs...), LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID,
		IncludeApprovedLeave: in.IncludeApprovedLeave, GroupBy: in.GroupBy}
	if in.LeaveTypeID != 0 {
		q.LeaveCategoryIDs = append(q.LeaveCategoryIDs, in.LeaveTypeID)
	}
	ft := "DateRange"
	if in.FilterType != "" {
		var ok bool
		if ft, ok = record.Canonical(filterTypes, in.FilterType); !ok || ft == "SuperBatch" {
			return q, payroll.Invalid("filterType", "filterType must be DateRange or PayRun")
		}
	}
	if ft == "PayRun" {
		if in.PayRunID == 0 {
			return q, payroll.Invalid("payRunId", "payRunId is required with filterType PayRun")
		}
		q.PayRunID = in.PayRunID
		return q, q.Validate()
	}
	var err error
	if q.AsAt, err = date("asAtDate", in.AsAtDate); err != nil {
		return q, err
	}
	return q, q.Validate()
}

func registerLeaveLiability(a *httpapi.API, s *report.Service) {
	liability := func(ctx context.Context, in *LeaveLiabilityIn) ([]report.LeaveLiability, error) {
		q, err := in.query()
		if err != nil {
			return nil, err
		}
		return s.LeaveLiability(ctx, biz(ctx), principal(ctx), q)
	}
	desc := "Each employee's liability for each tracked leave category as at asAtDate (or a finalised pay run's date paid): the leave ledger summed in SQL, " +
		"valued at the hourly rate in force that day (the latest pay rate schedule commencing by then, else the employee's rate) with the leave loading " +
		"of the employee's allowance or the leave category; includeApprovedLeave takes approved leave not yet paid off the balance. A restricted user sees only their employees."
	httpapi.Register(a, httpapi.BusinessUser, get("/api/v2/business/{businessId}/report/leaveliability", "Leave liability report", desc),
		func(ctx context.Context, in *LeaveLiabilityIn) (*httpapi.BodyOf[[]report.LeaveLiability], error) {
			return list(liability(ctx, in))
		})
	httpapi.Register(a, httpapi.BusinessUser, get("/api/v2/business/{businessId}/report/leaveliability/xlsx", "Leave liability report (xlsx)", "The leave liability report as a spreadsheet (the same query members)."),
		func(ctx context.Context, in *LeaveLiabilityIn) (*httpapi.FileOutput, error) {
			rows, err := liability(ctx, in)
			if err != nil {
				return nil, err
			}
			return xlsx("leave-liability", report.LeaveLiabilitySheet(rows))
		})
}
