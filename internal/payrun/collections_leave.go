package payrun

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

// BulkApplyLeaveRequest is BulkApplyLeaveRequestModel.
type BulkApplyLeaveRequest struct {
	LeaveRequestIDs     []int64 `json:"leaveRequestIds,omitempty" maxItems:"1000"`
	AlignToPayRunPeriod bool    `json:"alignToPayRunPeriod,omitempty" doc:"apply only the part of each request inside the run's pay period (hours prorated by calendar days)"`
}

// ApplyLeaveRequestModel is a leave request that could not be applied.
type ApplyLeaveRequestModel struct {
	PayRunTotalID  int64            `json:"payRunTotalId"`
	LeaveRequestID int64            `json:"leaveRequestId"`
	Units          payroll.Rate     `json:"units"`
	ErrorMessage   string           `json:"errorMessage"`
	FromDate       payroll.DateTime `json:"fromDate" nullable:"true"`
	ToDate         payroll.DateTime `json:"toDate" nullable:"true"`
}

// ApplyLeaveRequestResult is ApplyLeaveRequestResult.
type ApplyLeaveRequestResult struct {
	UpdatedPayRunTotals []int64                  `json:"updatedPayRunTotals"`
	FailedLeaveRequests []ApplyLeaveRequestModel `json:"failedLeaveRequests"`
}

// HoursFromE6 converts a stored millionths-of-an-hour count.
func HoursFromE6(n int64) payroll.Rate {
	d, err := decimal.New(n, 6)
	if err != nil {
		return payroll.Rate{}
	}
	return payroll.RateFromDecimal(d.Trim(0))
}

// BulkApplyLeaveRequests applies approved leave requests of the run's
// employees to a draft run: each becomes a LeaveTaken line of the run's
// leave collection (P/leaveaccrued), in the request's leave category, for
// the hours not yet paid by earlier runs (alignToPayRunPeriod: the share
// of the request's hours whose calendar days fall in the pay period).
// Applying a request again replaces its line in this run. Requests that
// cannot be applied are reported, not refused; the others are applied in
// the same transaction. Pay is unchanged: an employee on standard
// earnings is already paid for the period's standard hours, leave or not.
func (s *Service) BulkApplyLeaveRequests(ctx context.Context, biz business.Business, id int64, req BulkApplyLeaveRequest) (_ ApplyLeaveRequestResult, err error) {
	defer payroll.Wrap(&err, "apply leave requests to pay run %d", id)
	if len(req.LeaveRequestIDs) == 0 {
		return ApplyLeaveRequestResult{}, payroll.Invalid("leaveRequestIds", "leaveRequestIds is required")
	}
	if len(req.LeaveRequestIDs) > 1000 {
		return ApplyLeaveRequestResult{}, payroll.Invalid("leaveRequestIds", "at most 1000 leave requests at a time")
	}
	for i, lr := range req.LeaveRequestIDs {
		if lr <= 0 {
			return ApplyLeaveRequestResult{}, payroll.Invalid(fmt.Sprintf("leaveRequestIds[%d]", i), "leave request ids are positive")
		}
	}
	cats := &pay.Categories{ByKind: map[string]map[int64]pay.Category{}}
	if err := s.addCollectionCategories(ctx, biz, cats, pay.KindLeave); err != nil {
		return ApplyLeaveRequestResult{}, err
	}
	res := ApplyLeaveRequestResult{UpdatedPayRunTotals: []int64{}, FailedLeaveRequests: []ApplyLeaveRequestModel{}}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		// Requests the run already pays (approved in its period when it was
		// created or recalculated) are not applied a second time.
		sources, err := q.ListPayRunSourcesOfKind(ctx, store.ListPayRunSourcesOfKindParams{PayRunID: run.ID, Kind: pay.SourceLeave})
		if err != nil {
			return err
		}
		paid := make(map[int64]bool, len(sources))
		for _, src := range sources {
			paid[src.SourceID] = true
		}
		updated := map[int64]bool{}
		for _, lrID := range slices.Compact(slices.Sorted(slices.Values(req.LeaveRequestIDs))) {
			lr, err := q.GetLeaveRequestToApply(ctx, store.GetLeaveRequestToApplyParams{BusinessID: biz.ID, ID: lrID})
			fail := func(total int64, units payroll.Rate, format string, args ...any) {
				m := ApplyLeaveRequestModel{PayRunTotalID: total, LeaveRequestID: lrID, Units: units, ErrorMessage: fmt.Sprintf(format, args...)}
				if err == nil {
					m.FromDate, m.ToDate = payroll.NewDateTime(lr.FromDate), payroll.NewDateTime(lr.ToDate)
				}
				res.FailedLeaveRequests = append(res.FailedLeaveRequests, m)
			}
			if db.IsNoRows(err) {
				fail(0, payroll.Rate{}, "no leave request %d in this business", lrID)
				continue
			} else if err != nil {
				return err
			}
			row, rerr := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: lr.EmployeeID})
			if db.IsNoRows(rerr) {
				fail(0, HoursFromE6(lr.HoursE6), "employee %d is not in this pay run", lr.EmployeeID)
				continue
			} else if rerr != nil {
				return rerr
			}
			hours := HoursFromE6(lr.HoursE6)
			if lr.Status != "Approved" {
				fail(row.ID, hours, "leave request %d is %s, not approved", lrID, lr.Status)
				continue
			}
			if paid[lrID] {
				fail(row.ID, hours, "leave request %d is already paid in this pay run", lrID)
				continue
			}
			cat, ok := cats.ByKind[pay.KindLeave][lr.LeaveCategoryID]
			if !ok {
				fail(row.ID, hours, "leave category %d no longer exists", lr.LeaveCategoryID)
				continue
			}
			e6 := lr.HoursE6 - lr.AppliedE6
			if req.AlignToPayRunPeriod {
				in, all := overlapDays(lr.FromDate, lr.ToDate, run.PeriodStarting, run.PeriodEnding)
				if in == 0 {
					fail(row.ID, hours, "leave request %d is outside the pay period", lrID)
					continue
				}
				// Integer hours x 10^6 x days / days: exact to the
				// millionth, rounded down.
				e6 = min(e6, lr.HoursE6*in/all)
			}
			if e6 <= 0 {
				fail(row.ID, hours, "leave request %d is already paid in full", lrID)
				continue
			}
			if _, err := q.DeletePayRunLeaveRequestLines(ctx, store.DeletePayRunLeaveRequestLinesParams{PayRunID: run.ID, LeaveRequestID: lrID}); err != nil {
				return err
			}
			if _, err := q.CreatePayRunLineWithSubtype(ctx, store.CreatePayRunLineWithSubtypeParams{BusinessID: biz.ID, PayRunID: run.ID,
				EmployeeID: lr.EmployeeID, Kind: pay.KindLeave, CategoryID: cat.ID, CategoryName: cat.Name, Units: HoursFromE6(e6).RoundHalfUp(4).String(),
				Notes: "leave request " + strconv.FormatInt(lrID, 10), UserEntered: true, Subtype: "LeaveTaken", LeaveRequestID: lrID}); err != nil {
				return err
			}
			updated[row.ID] = true
		}
		for t := range updated {
			res.UpdatedPayRunTotals = append(res.UpdatedPayRunTotals, t)
		}
		slices.Sort(res.UpdatedPayRunTotals)
		return nil
	})
	return res, err
}

// overlapDays counts the calendar days of [from, to] inside [start, end]
// and of [from, to] (dates inclusive).
func overlapDays(from, to, start, end time.Time) (in, all int64) {
	from, to, start, end = payroll.DateOnly(from), payroll.DateOnly(to), payroll.DateOnly(start), payroll.DateOnly(end)
	days := func(a, b time.Time) int64 {
		if b.Before(a) {
			return 0
		}
		return int64(b.Sub(a).Hours()/24) + 1
	}
	lo, hi := from, to
	if start.After(lo) {
		lo = start
	}
	if end.Before(hi) {
		hi = end
	}
	return days(lo, hi), max(days(from, to), 1)
}

// LeaveEntries are the leave movements of a run's leave lines (the
// calculated accruals, and what P/leaveaccrued and
// P/bulkapplyleaverequests entered) as leave ledger entries, dated the
// run's period end: an accrual adds (a negative one is an adjustment),
// LeaveTaken subtracts for its leave request, LeaveAdjustment adds with
// its sign. The leave effect posts them at finalise beside the leave
// requests the run paid.
func LeaveEntries(ctx context.Context, q *store.Queries, run Run) ([]leave.Entry, error) {
	lines, err := q.ListPayRunLinesOfKind(ctx, store.ListPayRunLinesOfKindParams{PayRunID: run.ID, Kind: pay.KindLeave})
	if err != nil {
		return nil, err
	}
	kinds := map[string]string{"LeaveAccrued": leave.KindAccrual, "LeaveTaken": leave.KindTaken, "LeaveAdjustment": leave.KindAdjustment}
	out := make([]leave.Entry, 0, len(lines))
	for _, l := range lines {
		h, err := pay.ParseRate(l.Units)
		if err != nil {
			return nil, err
		}
		if h.IsZero() {
			continue
		}
		k, ok := kinds[l.Subtype]
		if !ok {
			k = leave.KindAccrual
		}
		if k == leave.KindAccrual && h.IsNeg() {
			k = leave.KindAdjustment
		}
		notes := l.Notes
		if !l.UserEntered {
			notes = "pay run"
		}
		out = append(out, leave.Entry{EmployeeID: l.EmployeeID, LeaveCategoryID: l.CategoryID, Kind: k, Hours: h, Date: run.PeriodEnding,
			LeaveRequestID: l.LeaveRequestID, Notes: notes})
	}
	return out, nil
}
