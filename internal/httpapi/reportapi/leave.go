package reportapi

import (
	"context"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/report"
	"github.com/payrolld/payrolld/internal/report/leavereport"
)

type LeaveBalancesIn struct {
	httpapi.BusinessPath
	AsAtDate          string  `query:"asAtDate" doc:"the day the balances are as at (default today)"`
	LeaveTypeID       int64   `query:"leaveTypeId" doc:"one leave category"`
	LeaveTypeIDs      []int64 `query:"leaveTypeIds" doc:"these leave categories"`
	GroupBy           string  `query:"groupBy" doc:"AccrualLocation or DefaultLocation (both: the employee's primary location)"`
	LocationID        int64   `query:"locationId"`
	EmployingEntityID int64   `query:"employingEntityId"`
}

func registerLeaveReports(a *httpapi.API, s *leavereport.Service) {
	balances := func(ctx context.Context, in *LeaveBalancesIn) ([]leavereport.LeaveBalance, error) {
		at, err := date("asAtDate", in.AsAtDate)
		if err != nil {
			return nil, err
		}
		rows, err := s.LeaveBalances(ctx, biz(ctx), principal(ctx), leavereport.LeaveBalancesQuery{AsAt: at, LeaveCategoryID: in.LeaveTypeID,
			LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID, GroupBy: in.GroupBy})
		return leavereport.OfCategories(rows, in.LeaveTypeIDs), err
	}
	desc := "Each employee's balance of each tracked leave category as at asAtDate (the leave ledger summed in SQL: openings, accruals, leave taken, adjustments), in hours and days, valued at the employee's hourly rate with the allowance's leave loading. A restricted user sees only their employees."
	httpapi.Register(a, httpapi.OnReport("LeaveBalancesReport"), get("/api/v2/business/{businessId}/report/leavebalances", "Leave balances report", desc),
		func(ctx context.Context, in *LeaveBalancesIn) (*httpapi.BodyOf[[]leavereport.LeaveBalance], error) {
			return list(balances(ctx, in))
		})
	httpapi.Register(a, httpapi.OnReport("LeaveBalancesReport"), get("/api/v2/business/{businessId}/report/leavebalances/xlsx", "Leave balances report (xlsx)", "The leave balances report as a spreadsheet; hideLeaveValues leaves the value columns out."),
		func(ctx context.Context, in *struct {
			LeaveBalancesIn
			HideLeaveValues bool `query:"hideLeaveValues"`
		}) (*httpapi.FileOutput, error) {
			rows, err := balances(ctx, &in.LeaveBalancesIn)
			if err != nil {
				return nil, err
			}
			return xlsx(ctx, "leave-balances", leavereport.LeaveBalancesSheet(rows, in.HideLeaveValues))
		})
}

func registerLeaveHistory(a *httpapi.API, s *leavereport.Service) {
	httpapi.Register(a, httpapi.OnReport("LeaveHistoryReport"), get("/api/v2/business/{businessId}/report/leavehistory", "Leave history report",
		"Per employee and tracked leave category: the balance before fromDate, each pay run's (or opening balance's, adjustment's) hours accrued and taken in fromDate..toDate (default today), and the closing balance, read from the leave ledger in SQL. Filters payScheduleId, locationId, employeeId (repeatable), leaveCategoryId, employingEntityId; each also as model.<name>. A restricted user sees only their employees."),
		func(ctx context.Context, in *struct {
			httpapi.BusinessPath
			FromDate               string  `query:"fromDate"`
			ToDate                 string  `query:"toDate"`
			PayScheduleID          int64   `query:"payScheduleId"`
			LocationID             int64   `query:"locationId"`
			EmployeeID             []int64 `query:"employeeId"`
			LeaveCategoryID        int64   `query:"leaveCategoryId"`
			EmployingEntityID      int64   `query:"employingEntityId"`
			ModelFromDate          string  `query:"model.fromDate" doc:"the reference's spelling of fromDate"`
			ModelToDate            string  `query:"model.toDate"`
			ModelPayScheduleID     int64   `query:"model.payScheduleId"`
			ModelLocationID        int64   `query:"model.locationId"`
			ModelEmployeeID        []int64 `query:"model.employeeId"`
			ModelLeaveCategoryID   int64   `query:"model.leaveCategoryId"`
			ModelEmployingEntityID int64   `query:"model.employingEntityId"`
		}) (*httpapi.BodyOf[[]leavereport.LeaveHistory], error) {
			str := func(a, b string) string {
				if a != "" {
					return a
				}
				return b
			}
			num := func(a, b int64) int64 {
				if a != 0 {
					return a
				}
				return b
			}
			q := leavereport.LeaveHistoryQuery{Filter: report.Filter{PayScheduleID: num(in.PayScheduleID, in.ModelPayScheduleID), LocationID: num(in.LocationID, in.ModelLocationID),
				EmployingEntityID: num(in.EmployingEntityID, in.ModelEmployingEntityID)},
				EmployeeIDs: append(in.EmployeeID, in.ModelEmployeeID...), LeaveCategory: num(in.LeaveCategoryID, in.ModelLeaveCategoryID)}
			var err error
			if q.From, err = date("fromDate", str(in.FromDate, in.ModelFromDate)); err != nil {
				return nil, err
			}
			if q.To, err = date("toDate", str(in.ToDate, in.ModelToDate)); err != nil {
				return nil, err
			}
			return list(s.LeaveHistory(ctx, biz(ctx), principal(ctx), q))
		})
}
