package payrun

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// NetToGrossRequest is NetToGrossRequest: the net pay wanted from a new
// earnings line of a pay category for one employee of the run (the
// employee's row in the run: payRunTotalId).
type NetToGrossRequest struct {
	NetAmount     *payroll.Money `json:"netAmount,omitempty" doc:"the net pay the new earnings line should add"`
	PayCategoryID int64          `json:"payCategoryId,omitempty"`
	PayRunTotalID int64          `json:"payRunTotalId,omitempty" doc:"the employee's row in the run (the id of P/totals' entry)"`
}

// NetToGrossModel is the answer of P/nettogross.
type NetToGrossModel struct {
	GrossAmount payroll.Money `json:"grossAmount"`
}

// maxGross bounds the search: no single earnings line is grossed up
// beyond this (minor units; one hundred million).
const maxGross = int64(100_000_000_00)

// NetToGross finds the gross earnings of a new line in payCategoryId that
// adds exactly netAmount to the employee's net pay, with every other line
// they have in the run, their year-to-date and the region's calculation
// (the same compute the run uses). Net is a step function of gross (tax
// is rounded), so the answer is the smallest gross in cents whose net is
// the target; when rounding skips the target cent, the smallest gross
// whose net reaches it. Nothing is stored: the caller adds the line.
func (s *Service) NetToGross(ctx context.Context, biz business.Business, id int64, req NetToGrossRequest) (_ NetToGrossModel, err error) {
	defer payroll.Wrap(&err, "pay run %d net to gross", id)
	var v payroll.Validation
	if req.NetAmount == nil || !req.NetAmount.IsPos() {
		v.Add("netAmount", "netAmount must be more than 0")
	}
	if req.PayRunTotalID <= 0 {
		v.Add("payRunTotalId", "payRunTotalId is required")
	}
	if req.PayCategoryID <= 0 {
		v.Add("payCategoryId", "payCategoryId is required")
	}
	if err := v.Err(); err != nil {
		return NetToGrossModel{}, err
	}
	q := s.DB.Queries()
	run, err := s.Load(ctx, q, biz, id)
	if err != nil {
		return NetToGrossModel{}, err
	}
	if run.Status != StatusDraft {
		return NetToGrossModel{}, payroll.Conflict("pay run %d is finalised: unlock it before adding earnings", id)
	}
	if err := pay.RegionCalculable(biz.Region); err != nil {
		return NetToGrossModel{}, err
	}
	cats, err := s.LoadCategories(ctx, biz)
	if err != nil {
		return NetToGrossModel{}, err
	}
	cat, ok := cats.ByKind[pay.KindEarnings][req.PayCategoryID]
	if !ok {
		return NetToGrossModel{}, payroll.Invalid("payCategoryId", "no pay category %d in this business", req.PayCategoryID)
	}
	row, err := q.GetPayRunEmployeeByID(ctx, store.GetPayRunEmployeeByIDParams{PayRunID: run.ID, ID: req.PayRunTotalID})
	if db.IsNoRows(err) {
		return NetToGrossModel{}, payroll.Invalid("payRunTotalId", "no employee row %d in pay run %d", req.PayRunTotalID, id)
	} else if err != nil {
		return NetToGrossModel{}, err
	}
	e := pay.EmployeeRow{ID: row.EmployeeID}
	if er, err := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: row.EmployeeID}); err == nil {
		e = pay.EmployeeRow(er)
	} else if !db.IsNoRows(err) {
		return NetToGrossModel{}, err
	}
	net, err := pay.NetOfGross(ctx, q, biz, &run, e, cats, cat)
	if err != nil {
		return NetToGrossModel{}, err
	}
	gross, err := solveGross(net, req.NetAmount.Cents().MinorUnits())
	if err != nil {
		return NetToGrossModel{}, err
	}
	return NetToGrossModel{GrossAmount: money(gross)}, nil
}

// solveGross is the smallest gross (minor units) with net(gross) ==
// target, or failing that the smallest with net(gross) >= target. net is
// non-decreasing over a run of cents between tax rounding steps and never
// gains more than the gross, so a bisection finds where it first reaches
// the target and a short scan either side finds the exact cent.
func solveGross(net func(int64) int64, target int64) (int64, error) {
	hi := target
	for net(hi) < target {
		if hi >= maxGross {
			return 0, payroll.Invalid("netAmount", "no gross up to %s gives this net", money(maxGross))
		}
		hi = min(hi*2, maxGross)
	}
	lo := int64(0) // net(0) = 0 < target
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if net(mid) >= target {
			hi = mid
		} else {
			lo = mid
		}
	}
	if net(hi) == target {
		// A smaller gross may also give it exactly when a rounding step
		// lowered net just below hi.
		best := hi
		for g := hi - 1; g >= max(0, hi-200); g-- {
			if net(g) == target {
				best = g
			}
		}
		return best, nil
	}
	for g := max(0, hi-200); g <= hi+200; g++ {
		if net(g) == target {
			return g, nil
		}
	}
	return hi, nil
}

// TerminateRequest is TerminateEmployeeRequest.
type TerminateRequest struct {
	EmployeeID        int64            `json:"employeeId,omitempty"`
	TerminationReason string           `json:"terminationReason,omitempty" maxLength:"100"`
	TerminationDate   payroll.DateTime `json:"terminationDate,omitempty" nullable:"true"`
}

// Terminate terminates an employee of a draft run in the run: the
// employee's record ends on the date for the reason (EmployeeTerminated),
// their row in the run records the termination and their pay is
// recalculated as a final pay (AU: standard earnings to the termination
// date, leave balances paid out per the leave categories' settings), in
// one transaction with an audit entry. A finalised run, or an employee
// already terminated, is 409.
func (s *Service) Terminate(ctx context.Context, biz business.Business, id int64, req TerminateRequest) (err error) {
	defer payroll.Wrap(&err, "terminate employee %d in pay run %d", req.EmployeeID, id)
	var v payroll.Validation
	if req.EmployeeID <= 0 {
		v.Add("employeeId", "employeeId is required")
	}
	if req.TerminationDate.IsZero() {
		v.Add("terminationDate", "terminationDate is required")
	}
	reason := strings.TrimSpace(req.TerminationReason)
	if c, ok := record.Canonical(employee.TerminationReasons, reason); ok {
		reason = c
	}
	v.MaxLen("terminationReason", reason, 100)
	if err := v.Err(); err != nil {
		return err
	}
	date := payroll.DateOnly(req.TerminationDate.Time)
	cats, err := s.LoadCategories(ctx, biz)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		run, err := s.Touch(ctx, q, biz, id)
		if err != nil {
			return err
		}
		if _, err := q.GetPayRunEmployee(ctx, store.GetPayRunEmployeeParams{PayRunID: run.ID, EmployeeID: req.EmployeeID}); db.IsNoRows(err) {
			return payroll.Invalid("employeeId", "employee %d is not in pay run %d", req.EmployeeID, id)
		} else if err != nil {
			return err
		}
		er, err := q.TerminateEmployeeInPayRun(ctx, store.TerminateEmployeeInPayRunParams{ID: req.EmployeeID, BusinessID: biz.ID,
			EndDate: sqlNullTime(date), TerminationReason: reason, UpdatedAt: s.Clock.Now()})
		if db.IsNoRows(err) {
			if _, gerr := q.GetEmployeeForPay(ctx, store.GetEmployeeForPayParams{BusinessID: biz.ID, ID: req.EmployeeID}); db.IsNoRows(gerr) {
				return payroll.Invalid("employeeId", "no employee %d in this business", req.EmployeeID)
			}
			return payroll.Conflict("employee %d is already terminated", req.EmployeeID)
		} else if err != nil {
			return err
		}
		if _, err := q.SetPayRunEmployeeTermination(ctx, store.SetPayRunEmployeeTerminationParams{PayRunID: run.ID, EmployeeID: req.EmployeeID,
			TerminationDate: sqlNullTime(date), TerminationReason: reason}); err != nil {
			return err
		}
		// The final pay: standard earnings to the termination date and what
		// the termination pays out (leave balances, AU).
		if err := s.recalcOne(ctx, q, biz, &run, req.EmployeeID, cats); err != nil {
			return err
		}
		if err := q.AddPayRunAudit(ctx, store.AddPayRunAuditParams{BusinessID: biz.ID, PayRunID: run.ID, Action: "EmployeeTerminated",
			Comments: fmt.Sprintf("employee %d terminated %s: %s", req.EmployeeID, date.Format("2006-01-02"), reason), Actor: Actor(ctx),
			CreatedAt: s.Clock.Now()}); err != nil {
			return err
		}
		if s.Emit == nil {
			return nil
		}
		return s.Emit(ctx, q, biz.ID, employee.EventTerminated, employee.EventData{EmployeeID: er.ID, ExternalID: er.ExternalID,
			FirstName: er.FirstName, Surname: er.Surname, Status: employee.StatusTerminated})
	})
}

// SetUIUnlockState switches whether a finalised run may be unlocked from
// the user interface (SetPayRunUIUnlockStateRequest); audited. A draft run
// is 409: the switch belongs to finalised runs.
func (s *Service) SetUIUnlockState(ctx context.Context, biz business.Business, id int64, enable bool) (err error) {
	defer payroll.Wrap(&err, "pay run %d UI unlock state", id)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		n, err := q.SetPayRunUIUnlockState(ctx, store.SetPayRunUIUnlockStateParams{ID: id, BusinessID: biz.ID, UiUnlockEnabled: enable,
			UpdatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		if n == 0 {
			if _, err := s.Load(ctx, q, biz, id); err != nil {
				return err
			}
			return payroll.Conflict("pay run %d is not finalised: the UI unlock state applies to finalised runs", id)
		}
		return q.AddPayRunAudit(ctx, store.AddPayRunAuditParams{BusinessID: biz.ID, PayRunID: id, Action: "UIUnlockState",
			Comments: "enableUIUnlock=" + strconv.FormatBool(enable), Actor: Actor(ctx), CreatedAt: s.Clock.Now()})
	})
}
