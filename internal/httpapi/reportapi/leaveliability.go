package reportapi

import (
	"context"
	"net/http"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/report/leavereport"
)

// LeaveLiabilityIn is the leave liability report's query
// (ReportLeaveLiabilityRequestModel; each also as request.<name>).
type LeaveLiabilityIn struct {
	httpapi.BusinessPath
	JobID                string  `query:"jobId" doc:"the rows a preparation (POST leaveliability/preparation) computed; the other members are then ignored"`
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

func (in *LeaveLiabilityIn) query() (leavereport.LeaveLiabilityQuery, error) {
	q := leavereport.LeaveLiabilityQuery{LeaveCategoryIDs: append([]int64(nil), in.LeaveTypeIDs...), LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID,
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

func registerLeaveLiability(a *httpapi.API, s *leavereport.Service) {
	liability := func(ctx context.Context, in *LeaveLiabilityIn) ([]leavereport.LeaveLiability, error) {
		if in.JobID != "" {
			return s.Jobs.LeaveLiabilityResult(ctx, biz(ctx), principal(ctx), in.JobID)
		}
		q, err := in.query()
		if err != nil {
			return nil, err
		}
		return s.LeaveLiability(ctx, biz(ctx), principal(ctx), q)
	}
	desc := "Each employee's liability for each tracked leave category as at asAtDate (or a finalised pay run's date paid): the leave ledger summed in SQL, " +
		"valued at the hourly rate in force that day (the latest pay rate schedule commencing by then, else the employee's rate) with the leave loading " +
		"of the employee's allowance or the leave category; includeApprovedLeave takes approved leave not yet paid off the balance. A restricted user sees only their employees. " +
		"With jobId: the rows a preparation computed (409 until it is Complete; only the user who asked reads them)."
	httpapi.Register(a, httpapi.OnReport("LeaveLiabilityReport"), get("/api/v2/business/{businessId}/report/leaveliability", "Leave liability report", desc),
		func(ctx context.Context, in *LeaveLiabilityIn) (*httpapi.BodyOf[[]leavereport.LeaveLiability], error) {
			return list(liability(ctx, in))
		})
	httpapi.Register(a, httpapi.OnReport("LeaveLiabilityReport"), get("/api/v2/business/{businessId}/report/leaveliability/xlsx", "Leave liability report (xlsx)", "The leave liability report as a spreadsheet (the same query members, or jobId: a prepared report's rows)."),
		func(ctx context.Context, in *LeaveLiabilityIn) (*httpapi.FileOutput, error) {
			rows, err := liability(ctx, in)
			if err != nil {
				return nil, err
			}
			return xlsx(ctx, "leave-liability", leavereport.LeaveLiabilitySheet(rows))
		})
}

// LeaveLiabilityPreparation is ReportLeaveLiabilityRequestModel: the
// report's members, or jobId alone to ask how a preparation is doing.
type LeaveLiabilityPreparation struct {
	JobID                string  `json:"jobId,omitempty" doc:"a preparation's id: answers its status and progress instead of starting another"`
	FilterType           string  `json:"filterType,omitempty" enum:"DateRange,PayRun,SuperBatch"`
	AsAtDate             string  `json:"asAtDate,omitempty"`
	PayRunID             int64   `json:"payRunId,omitempty"`
	LeaveTypeID          int64   `json:"leaveTypeId,omitempty"`
	LeaveTypeIDs         []int64 `json:"leaveTypeIds,omitempty"`
	LocationID           int64   `json:"locationId,omitempty"`
	EmployingEntityID    int64   `json:"employingEntityId,omitempty"`
	IncludeApprovedLeave bool    `json:"includeApprovedLeave,omitempty"`
	GroupBy              string  `json:"groupBy,omitempty" enum:"AccrualLocation,DefaultLocation"`
}

func registerLeaveLiabilityPreparation(a *httpapi.API, s *leavereport.Service) {
	httpapi.Register(a, httpapi.OnReport("LeaveLiabilityReport"), op(http.MethodPost, "/api/v2/business/{businessId}/report/leaveliability/preparation", "Prepare the leave liability report",
		"Starts computing the leave liability report (the members of GET leaveliability) as a background job, for businesses too big to wait for: "+
			"it values the employees in chunks and records its progress; the answer is the job's id and status (Queued). POST again with jobId alone for its status "+
			"and progress, and read the rows with GET leaveliability (or leaveliability/xlsx) and that jobId once it is Complete. The as-at day is fixed when the job is asked for."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			Body LeaveLiabilityPreparation
		}) (*httpapi.BodyOf[leavereport.PreparationStatus], error) {
			b := in.Body
			if b.JobID != "" {
				st, err := s.Jobs.Status(ctx, biz(ctx), principal(ctx), b.JobID)
				return &httpapi.BodyOf[leavereport.PreparationStatus]{Body: st}, err
			}
			lin := LeaveLiabilityIn{FilterType: b.FilterType, AsAtDate: b.AsAtDate, PayRunID: b.PayRunID, LeaveTypeID: b.LeaveTypeID, LeaveTypeIDs: b.LeaveTypeIDs,
				LocationID: b.LocationID, EmployingEntityID: b.EmployingEntityID, IncludeApprovedLeave: b.IncludeApprovedLeave, GroupBy: b.GroupBy}
			q, err := lin.query()
			if err != nil {
				return nil, err
			}
			st, err := s.Jobs.PrepareLeaveLiability(ctx, biz(ctx), principal(ctx), q)
			return &httpapi.BodyOf[leavereport.PreparationStatus]{Body: st}, err
		})
}
