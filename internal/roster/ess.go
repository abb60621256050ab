package roster

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Answer is the outcome of accepting or declining several shifts.
type Answer struct {
	Done   []int64 // shifts moved
	Failed []int64 // shifts not the employee's, not published or already answered
}

// Accept accepts the employee's published, unanswered shifts ids. One id:
// a shift that is not the employee's is NotFound and one already
// answered (or unpublished) is 409. Several: each is one conditional
// statement, and Answer says which moved.
func (s *Service) Accept(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, ids []int64) (Answer, error) {
	return s.answer(ctx, biz, p, employeeID, ids, "", true)
}

// Decline declines them (each goes back to the unassigned pool).
func (s *Service) Decline(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, ids []int64, reason string) (Answer, error) {
	return s.answer(ctx, biz, p, employeeID, ids, reason, false)
}

func (s *Service) answer(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, ids []int64, reason string, accept bool) (_ Answer, err error) {
	defer payroll.Wrap(&err, "answer roster shifts of employee %d", employeeID)
	var v payroll.Validation
	v.MaxLen("reason", reason, 2000)
	if len(ids) == 0 {
		v.Add("shifts", "name at least one shift")
	}
	if len(ids) > MaxPageSize {
		v.Add("shifts", "at most %d shifts at once", MaxPageSize)
	}
	if err := v.Err(); err != nil {
		return Answer{}, err
	}
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Answer{}, err
	}
	out := Answer{Done: []int64{}, Failed: []int64{}}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if ok, err := s.visible(ctx, q, a, employeeID); err != nil {
			return err
		} else if !ok {
			return payroll.NotFound("employee")
		}
		now := s.Clock.Now().UTC()
		for _, id := range ids {
			var err error
			if accept {
				_, err = q.AcceptRosterShift(ctx, store.AcceptRosterShiftParams{ID: id, BusinessID: biz.ID, EmployeeID: nullID(employeeID), UpdatedAt: now})
			} else {
				_, err = q.DeclineRosterShift(ctx, store.DeclineRosterShiftParams{ID: id, BusinessID: biz.ID, DeclinedBy: nullID(employeeID),
					DeclineReason: strings.TrimSpace(reason), UpdatedAt: now})
			}
			switch {
			case db.IsNoRows(err):
				out.Failed = append(out.Failed, id)
			case err != nil:
				return err
			default:
				out.Done = append(out.Done, id)
			}
		}
		if len(ids) == 1 && len(out.Failed) == 1 {
			r, err := q.GetRosterShift(ctx, store.GetRosterShiftParams{ID: ids[0], BusinessID: biz.ID})
			if db.IsNoRows(err) || (err == nil && r.EmployeeID.Int64 != employeeID) {
				return payroll.NotFound("roster shift")
			}
			if err != nil {
				return err
			}
			switch {
			case !r.Published:
				return payroll.Conflict("roster shift %d is not published", ids[0])
			default:
				return payroll.Conflict("roster shift %d was already accepted", ids[0])
			}
		}
		return nil
	})
	return out, err
}

// EmployeeShifts returns the employee's published shifts of ids that exist
// (for answers).
func (s *Service) EmployeeShifts(ctx context.Context, biz business.Business, ids []int64) ([]Shift, error) {
	return loadShifts(ctx, s.DB.Queries(), biz.ID, ids, "1 = 1", nil)
}

// Counts are the employee's open roster items (EssRosterShiftCountModel).
type Counts struct {
	ProposedSwaps, PendingShifts int
}

// CountsOf counts the swaps proposed to the employee and their published
// shifts not yet accepted that have not ended (at: wall-clock now).
func (s *Service) CountsOf(ctx context.Context, biz business.Business, employeeID int64) (c Counts, err error) {
	defer payroll.Wrap(&err, "roster counts of employee %d", employeeID)
	q := s.DB.Queries()
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM roster_shift_swaps WHERE business_id = $1 AND to_employee_id = $2 AND status = 'Proposed'",
		biz.ID, employeeID).Scan(&c.ProposedSwaps); err != nil {
		return c, err
	}
	err = q.QueryRow(ctx, "SELECT COUNT(*) FROM roster_shifts WHERE business_id = $1 AND employee_id = $2 AND published = TRUE AND accepted = FALSE AND end_time > $3",
		biz.ID, employeeID, s.Clock.Now().UTC()).Scan(&c.PendingShifts)
	return c, err
}
