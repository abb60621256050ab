package payrun

import (
	"context"
	"database/sql"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// EventLeaveBalanceUpdated is emitted when finalising or unlocking a run
// changed leave balances (webhook name).
const EventLeaveBalanceUpdated = "LeaveEntitlementBalanceUpdated"

// LeaveBalanceEventData is the data of LeaveEntitlementBalanceUpdated.
type LeaveBalanceEventData struct {
	PayRunID  int64  `json:"payRunId"`
	Action    string `json:"action"` // Finalised or Unlocked
	Employees int    `json:"numberOfEmployees"`
}

// LeaveEffect posts a finalised run's leave to the leave ledger: the
// hours of each approved leave request it paid (Taken, against the
// request, which makes the request's hours applied) and its leave accrued
// lines (Accrual; a negative user-entered amount is an Adjustment).
// Unlock removes exactly what the run posted.
type LeaveEffect struct {
	Leave *leave.Service
	// Emit records a web hook event in the transaction (nil = none).
	Emit func(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error
}

// Finalised posts the run's leave.
func (e LeaveEffect) Finalised(ctx context.Context, q *store.Queries, run Run, _ FinaliseOptions) error {
	taken, err := q.ListPayRunSourcesOfKind(ctx, store.ListPayRunSourcesOfKindParams{PayRunID: run.ID, Kind: pay.SourceLeave})
	if err != nil {
		return err
	}
	lines, err := LeaveEntries(ctx, q, run)
	if err != nil {
		return err
	}
	entries := make([]leave.Entry, 0, len(taken)+len(lines))
	employees := map[int64]bool{}
	for _, t := range taken {
		entries = append(entries, leave.Entry{EmployeeID: t.EmployeeID, LeaveCategoryID: t.LeaveCategoryID, Kind: leave.KindTaken,
			Hours: hoursOfE6(t.HoursE6), Date: run.PeriodEnding, LeaveRequestID: t.SourceID, Notes: "pay run"})
		employees[t.EmployeeID] = true
	}
	for _, l := range lines {
		entries = append(entries, l)
		employees[l.EmployeeID] = true
	}
	if len(entries) == 0 {
		return nil
	}
	if err := e.Leave.PostPayRun(ctx, q, run.BusinessID, run.ID, entries); err != nil {
		return err
	}
	return e.emit(ctx, q, run, "Finalised", len(employees))
}

// Unlocked removes what finalising posted.
func (e LeaveEffect) Unlocked(ctx context.Context, q *store.Queries, run Run) error {
	n, err := q.CountPayRunLeaveEmployees(ctx, store.CountPayRunLeaveEmployeesParams{BusinessID: run.BusinessID, SourceID: run.ID})
	if err != nil {
		return err
	}
	if err := e.Leave.ReversePayRun(ctx, q, run.BusinessID, run.ID); err != nil || n == 0 {
		return err
	}
	return e.emit(ctx, q, run, "Unlocked", int(n))
}

func (e LeaveEffect) emit(ctx context.Context, q *store.Queries, run Run, action string, n int) error {
	if e.Emit == nil {
		return nil
	}
	return e.Emit(ctx, q, run.BusinessID, EventLeaveBalanceUpdated, LeaveBalanceEventData{PayRunID: run.ID, Action: action, Employees: n})
}

// hoursOfE6 is hours held in millionths.
func hoursOfE6(n int64) payroll.Rate {
	return payroll.RateFromDecimal(decimal.MustNew(n, 6).Trim(0))
}

// TimesheetEffect marks the timesheet lines a finalised run paid
// Processed (a line changed since the run read it is a 409: recalculate)
// and returns them to Approved when the run is unlocked.
type TimesheetEffect struct {
	Timesheets *timesheet.Service
}

// Finalised marks the run's timesheet lines processed.
func (e TimesheetEffect) Finalised(ctx context.Context, q *store.Queries, run Run, _ FinaliseOptions) error {
	return e.Timesheets.MarkPayRunProcessed(ctx, q, run.BusinessID, run.ID, pay.SourceTimesheet)
}

// Unlocked returns them to Approved.
func (e TimesheetEffect) Unlocked(ctx context.Context, q *store.Queries, run Run) error {
	return e.Timesheets.ReturnToApproved(ctx, q, run.BusinessID, run.ID)
}

// InclusionsEffect adds what a finalised run paid of each recurring
// inclusion to the inclusion's running total (one statement), refusing
// (409) when that passes an inclusion's maximum because another run paid
// it meanwhile; unlock takes the amounts back.
type InclusionsEffect struct {
	Clock payroll.Clock
}

// Finalised adds the run's amounts.
func (e InclusionsEffect) Finalised(ctx context.Context, q *store.Queries, run Run, _ FinaliseOptions) error {
	if _, err := q.AddPayRunInclusionsPaid(ctx, store.AddPayRunInclusionsPaidParams{PayRunID: run.ID, Amount: 1, UpdatedAt: e.Clock.Now()}); err != nil {
		return err
	}
	n, err := q.CountInclusionsOverMaximum(ctx, run.ID)
	if err != nil {
		return err
	}
	if n > 0 {
		return payroll.Conflict("%d recurring inclusion(s) of pay run %d would pass their maximum amount (another pay run paid them): recalculate the pay run", n, run.ID)
	}
	return nil
}

// Unlocked takes them back.
func (e InclusionsEffect) Unlocked(ctx context.Context, q *store.Queries, run Run) error {
	_, err := q.AddPayRunInclusionsPaid(ctx, store.AddPayRunInclusionsPaidParams{PayRunID: run.ID, Amount: -1, UpdatedAt: e.Clock.Now()})
	return err
}

// ExpenseEffect marks the expense requests a finalised run paid
// Processed (one that left Approved since the run was calculated is a
// 409: recalculate) and returns them to Approved when the run is
// unlocked.
type ExpenseEffect struct {
	Clock payroll.Clock
}

// Finalised marks the run's requests Processed.
func (e ExpenseEffect) Finalised(ctx context.Context, q *store.Queries, run Run, _ FinaliseOptions) error {
	want, err := q.CountPayRunExpenseSources(ctx, run.ID)
	if err != nil || want == 0 {
		return err
	}
	n, err := q.MarkExpenseRequestsProcessed(ctx, store.MarkExpenseRequestsProcessedParams{BusinessID: run.BusinessID,
		PayRunID: sql.NullInt64{Int64: run.ID, Valid: true}, DateStatusUpdated: sql.NullTime{Time: e.Clock.Now(), Valid: true}})
	if err != nil {
		return err
	}
	if n != want {
		return payroll.Conflict("%d expense request(s) of pay run %d are no longer Approved (changed, deleted or paid by another pay run): recalculate the pay run", want-n, run.ID)
	}
	return nil
}

// Unlocked returns them to Approved.
func (e ExpenseEffect) Unlocked(ctx context.Context, q *store.Queries, run Run) error {
	return q.ReturnExpenseRequestsToApproved(ctx, store.ReturnExpenseRequestsToApprovedParams{BusinessID: run.BusinessID,
		PayRunID: sql.NullInt64{Int64: run.ID, Valid: true}, DateStatusUpdated: sql.NullTime{Time: e.Clock.Now(), Valid: true}})
}

// TaxAdjustmentsEffect adds what a finalised run withheld of each
// recurring tax adjustment to its running total (one statement),
// refusing (409) when that passes a maximum because another run withheld
// it meanwhile; unlock takes the amounts back.
type TaxAdjustmentsEffect struct {
	Clock payroll.Clock
}

// Finalised adds the run's amounts.
func (e TaxAdjustmentsEffect) Finalised(ctx context.Context, q *store.Queries, run Run, _ FinaliseOptions) error {
	if _, err := q.AddPayRunTaxAdjustmentsPaid(ctx, store.AddPayRunTaxAdjustmentsPaidParams{PayRunID: run.ID, Amount: 1, UpdatedAt: e.Clock.Now()}); err != nil {
		return err
	}
	n, err := q.CountTaxAdjustmentsOverMaximum(ctx, run.ID)
	if err != nil {
		return err
	}
	if n > 0 {
		return payroll.Conflict("%d recurring tax adjustment(s) of pay run %d would pass their maximum amount (another pay run withheld them): recalculate the pay run", n, run.ID)
	}
	return nil
}

// Unlocked takes them back.
func (e TaxAdjustmentsEffect) Unlocked(ctx context.Context, q *store.Queries, run Run) error {
	_, err := q.AddPayRunTaxAdjustmentsPaid(ctx, store.AddPayRunTaxAdjustmentsPaidParams{PayRunID: run.ID, Amount: -1, UpdatedAt: e.Clock.Now()})
	return err
}
