package timesheet

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// CreateInTx is Create inside the caller's transaction q, for areas whose
// own write produces a line (a kiosk clock-off, a roster shift stub): the
// line, its TimesheetCreated event and the caller's rows commit together.
// The same rules apply (validation, references, the caller's scope).
func (s *Service) CreateInTx(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, in Input) (_ Line, err error) {
	defer payroll.Wrap(&err, "create timesheet line")
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Line{}, err
	}
	l, err := s.prepare(ctx, q, a, &in, &refChecker{q: q, bizID: biz.ID})
	if err != nil {
		return Line{}, err
	}
	if err := s.insert(ctx, q, a, &l, false, s.Clock.Now().UTC()); err != nil {
		return Line{}, err
	}
	return s.get(ctx, q, a, l.ID, 0)
}
