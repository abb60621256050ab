package reportapi

import (
	"context"

	"github.com/payrolld/payrolld/internal/httpapi"
	"github.com/payrolld/payrolld/internal/report"
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

func registerLeaveReports(a *httpapi.API, s *report.Service) {
	balances := func(ctx context.Context, in *LeaveBalancesIn) ([]report.LeaveBalance, error) {
		at, err := date("asAtDate", in.AsAtDate)
		if err != nil {
			return nil, err
		}
		rows, err := s.LeaveBalances(ctx, biz(ctx), principal(ctx), report.LeaveBalancesQuery{AsAt: at, LeaveCategoryID: in.LeaveTypeID,
			LocationID: in.LocationID, EmployingEntityID: in.EmployingEntityID, GroupBy: in.GroupBy})
		return report.OfCategories(rows, in.LeaveTypeIDs), err
	}
	desc := "Each employee's balance of each tracked leave category as at asAtDate (the leave ledger summed in SQL: openings, accruals, leave taken, adjustments), in hours and days, valued at the employee's hourly rate with the allowance's leave loading. A restricted user sees only their employees."
	httpapi.Register(a, httpapi.BusinessUser, get("/api/v2/business/{businessId}/report/leavebalances", "Leave balances report", desc),
		func(ctx context.Context, in *LeaveBalancesIn) (*httpapi.BodyOf[[]report.LeaveBalance], error) {
			return list(balances(ctx, in))
		})
	httpapi.Register(a, httpapi.BusinessUser, get("/api/v2/business/{businessId}/report/leavebalances/xlsx", "Leave balances report (xlsx)", "The leave balances report as a spreadsheet; hideLeaveValues leaves the value columns out."),
		func(ctx context.Context, in *struct {
			LeaveBalancesIn
			HideLeaveValues bool `query:"hideLeaveValues"`
		}) (*httpapi.FileOutput, error) {
			rows, err := balances(ctx, &in.LeaveBalancesIn)
			if err != nil {
				return nil, err
			}
			return xlsx("leave-balances", report.LeaveBalancesSheet(rows, in.HideLeaveValues))
		})
}
