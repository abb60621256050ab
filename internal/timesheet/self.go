package timesheet

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/webhook"
)

// Self-service (ESS) rules for an employee's own lines:
//
//   - a line written through self-service is always Submitted with source
//     EmployeePortal: an employee never approves their own time;
//   - the employee edits or deletes a line only while it awaits review or
//     was rejected (Missing, Submitted, Rejected); an Approved or Processed
//     line answers 409. The check is made on the line read inside the
//     write's transaction and the write is conditional on that read's
//     version, so an employee editing while a manager approves: one wins,
//     the other gets 409.
//   - members a manager owns (rate, pay category, hidden comments, external
//     id) are not the employee's to set: a new line leaves them empty, an
//     edit keeps the line's values.

// SourceEmployeePortal is the source of lines written in self-service.
const SourceEmployeePortal = "EmployeePortal"

// SelfEditable says whether self-service may still change or delete l.
func SelfEditable(l *Line) bool {
	return l.Status == StatusMissing || l.Status == StatusSubmitted || l.Status == StatusRejected
}

func selfGuard(l Line) error {
	if !SelfEditable(&l) {
		return payroll.Conflict("timesheet line %d is %s; self-service changes only lines awaiting review or rejected", l.ID, l.Status)
	}
	return nil
}

// selfInput keeps what an employee may set of in.
func selfInput(employeeID int64, in Input, old *Line) Input {
	in.EmployeeID = employeeID
	in.Status = StatusSubmitted
	in.Source = SourceEmployeePortal
	in.Rate, in.PayCategoryID, in.HiddenComments, in.ExternalID = nil, nil, "", ""
	if old != nil {
		in.Rate = old.Rate
		if old.PayCategoryID != 0 {
			id := old.PayCategoryID
			in.PayCategoryID = &id
		}
		in.HiddenComments, in.ExternalID = old.HiddenComments, old.ExternalID
		if old.Source != "" {
			in.Source = old.Source
		}
	}
	return in
}

// EmployeeLines lists the employee's lines starting on from..to (dates,
// inclusive; zero = open), oldest first, paging through List so the
// caller's scope applies as on every list.
func (s *Service) EmployeeLines(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, from, to time.Time) (_ []Line, err error) {
	defer payroll.Wrap(&err, "list employee %d's timesheet lines", employeeID)
	out := []Line{}
	for page := 1; ; page++ {
		pg, err := s.List(ctx, biz, p, ListQuery{From: from, To: to, EmployeeID: employeeID, OrderBy: "Date", CurrentPage: page, PageSize: MaxPageSize})
		if err != nil {
			return nil, err
		}
		out = append(out, pg.Items...)
		if page >= pg.PageCount || len(pg.Items) == 0 {
			return out, nil
		}
	}
}

// SelfCreate stores a line the employee submits in self-service.
func (s *Service) SelfCreate(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in Input) (Line, error) {
	return s.Create(ctx, biz, p, selfInput(employeeID, in, nil), false)
}

// SelfUpdate replaces the employee's line id with in while self-service
// may still change it (409 otherwise, see above); the line goes back to
// Submitted.
func (s *Service) SelfUpdate(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, in Input) (_ Line, err error) {
	defer payroll.Wrap(&err, "self-service update of timesheet line %d", id)
	old, err := s.Get(ctx, biz, p, id, employeeID)
	if err != nil {
		return Line{}, err
	}
	// The members kept come from this read; the guard re-checks the state
	// on the read inside the transaction, whose version the write needs.
	return s.update(ctx, biz, p, id, employeeID, selfInput(employeeID, in, &old), func(cur Line) error {
		if cur.Version != old.Version {
			return payroll.Conflict("timesheet line %d was changed meanwhile; read it again", id)
		}
		return selfGuard(cur)
	})
}

// SelfDelete removes the employee's line id while self-service may still
// change it (409 otherwise).
func (s *Service) SelfDelete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "self-service delete of timesheet line %d", id)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		l, err := s.get(ctx, q, a, id, employeeID)
		if err != nil {
			return err
		}
		if err := selfGuard(l); err != nil {
			return err
		}
		n, err := q.DeleteUnreviewedTimesheetLine(ctx, store.DeleteUnreviewedTimesheetLineParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Version: l.Version})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.Conflict("timesheet line %d was changed meanwhile (reviewed or edited); read it again", id)
		}
		return s.emit(ctx, q, &l, webhook.TimesheetDeleted)
	})
}
