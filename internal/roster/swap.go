package roster

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// SwapInput is a swap as the proposer gives it (SwapShiftModel).
type SwapInput struct {
	ShiftID        int64
	FromEmployeeID int64 // 0 or the proposer
	ToEmployeeID   int64
	Note           string
}

// Swap actions of the colleague (accept, decline) and the proposer
// (cancel).
const (
	SwapActionAccept  = "accept"
	SwapActionDecline = "decline"
	SwapActionCancel  = "cancel"
)

// Candidate is a colleague who could take a shift (EssShiftSwapCandidate).
type Candidate struct {
	ID   int64
	Name string
}

// ownShift reads the employee's shift id (NotFound when it is not theirs).
func ownShift(ctx context.Context, q *store.Queries, bizID, employeeID, id int64) (Shift, error) {
	sh, err := loadShifts(ctx, q, bizID, []int64{id}, "r.employee_id = $2", []any{employeeID})
	if err != nil {
		return Shift{}, err
	}
	if len(sh) == 0 {
		return Shift{}, payroll.NotFound("roster shift")
	}
	return sh[0], nil
}

// self checks the employee is one the caller may see (NotFound else).
func (s *Service) self(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, employeeID int64) error {
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return err
	}
	ok, err := s.visible(ctx, q, a, employeeID)
	if err != nil {
		return err
	}
	if !ok {
		return payroll.NotFound("employee")
	}
	return nil
}

// ProposeSwap proposes the employee's published shift, not yet started,
// to a colleague who is a candidate for it (Candidates). A shift with an
// open swap is 409. Swaps need no manager approval: the business has no
// roster setting that asks for it.
func (s *Service) ProposeSwap(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in SwapInput) (_ Shift, err error) {
	defer payroll.Wrap(&err, "propose a swap of roster shift %d", in.ShiftID)
	var v payroll.Validation
	in.Note = strings.TrimSpace(in.Note)
	v.MaxLen("note", in.Note, 2000)
	if in.ShiftID <= 0 {
		v.Add("rosterShiftId", "rosterShiftId is required")
	}
	if in.FromEmployeeID != 0 && in.FromEmployeeID != employeeID {
		v.Add("fromEmployeeId", "fromEmployeeId must be the employee proposing the swap (%d)", employeeID)
	}
	switch {
	case in.ToEmployeeID <= 0:
		v.Add("toEmployeeId", "toEmployeeId is required")
	case in.ToEmployeeID == employeeID:
		v.Add("toEmployeeId", "a shift cannot be swapped with its own employee")
	}
	if err := v.Err(); err != nil {
		return Shift{}, err
	}
	var out Shift
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.self(ctx, q, biz, p, employeeID); err != nil {
			return err
		}
		sh, err := ownShift(ctx, q, biz.ID, employeeID, in.ShiftID)
		if err != nil {
			return err
		}
		now := s.Clock.Now().UTC()
		switch {
		case !sh.Published:
			return payroll.Conflict("roster shift %d is not published", sh.ID)
		case !sh.Start.After(now):
			return payroll.Conflict("roster shift %d has started", sh.ID)
		case sh.PendingSwap != nil:
			return payroll.Conflict("roster shift %d already has an open swap", sh.ID)
		}
		cands, err := candidates(ctx, q, biz.ID, sh)
		if err != nil {
			return err
		}
		found := false
		for _, c := range cands {
			found = found || c.ID == in.ToEmployeeID
		}
		if !found {
			return payroll.Invalid("toEmployeeId", "employee %d cannot take this shift (not a colleague at its location with its qualifications, or rostered, on leave or unavailable then)", in.ToEmployeeID)
		}
		_, err = q.InsertRosterShiftSwap(ctx, store.InsertRosterShiftSwapParams{BusinessID: biz.ID, ShiftID: sh.ID, FromEmployeeID: employeeID,
			ToEmployeeID: in.ToEmployeeID, Note: in.Note, CreatedAt: now})
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("roster shift %d already has an open swap", sh.ID)
		}
		if err != nil {
			return err
		}
		out, err = ownShift(ctx, q, biz.ID, employeeID, sh.ID)
		return err
	})
	return out, err
}

// AnswerSwaps accepts or declines (the colleague) or cancels (the
// proposer) the open swaps of shifts ids. Each closes a swap once, by one
// conditional statement: of two racing answers exactly one wins. Accepting
// hands the shift to the colleague, accepted; a swap whose shift is no
// longer the proposer's is cancelled instead. One id: no swap naming the
// employee is NotFound, a closed one 409. Several: Answer says which moved.
func (s *Service) AnswerSwaps(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, ids []int64, action string) (_ Answer, err error) {
	defer payroll.Wrap(&err, "%s shift swaps of employee %d", action, employeeID)
	var v payroll.Validation
	if len(ids) == 0 {
		v.Add("shifts", "name at least one shift")
	}
	if len(ids) > MaxPageSize {
		v.Add("shifts", "at most %d shifts at once", MaxPageSize)
	}
	if err := v.Err(); err != nil {
		return Answer{}, err
	}
	out := Answer{Done: []int64{}, Failed: []int64{}}
	// single is the answer to one id that failed: it is returned after the
	// transaction commits (a stale swap's cancellation stays).
	var single error
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.self(ctx, q, biz, p, employeeID); err != nil {
			return err
		}
		now := s.Clock.Now().UTC()
		for _, id := range ids {
			ok, err := s.answerSwap(ctx, q, biz.ID, employeeID, id, action, now)
			if err != nil && payroll.KindOf(err) != payroll.KindConflict {
				return err
			}
			if err != nil {
				single = err
			}
			if ok {
				out.Done = append(out.Done, id)
			} else {
				out.Failed = append(out.Failed, id)
			}
		}
		if len(ids) != 1 || len(out.Failed) != 1 || single != nil {
			return nil
		}
		last, err := q.LastRosterShiftSwapOf(ctx, store.LastRosterShiftSwapOfParams{BusinessID: biz.ID, ShiftID: ids[0], FromEmployeeID: employeeID})
		mine := err == nil && ((action == SwapActionCancel && last.FromEmployeeID == employeeID) || (action != SwapActionCancel && last.ToEmployeeID == employeeID))
		switch {
		case db.IsNoRows(err) || (err == nil && !mine):
			single = payroll.NotFound("shift swap")
		case err != nil:
			return err
		default:
			single = payroll.Conflict("the swap of roster shift %d is already %s", ids[0], strings.ToLower(last.Status))
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	if len(ids) == 1 && len(out.Failed) == 1 {
		return out, single
	}
	return out, nil
}

// answerSwap closes the open swap of shift id; false when there is none
// for the employee in that role (the colleague accepts or declines, the
// proposer cancels).
func (s *Service) answerSwap(ctx context.Context, q *store.Queries, bizID, employeeID, id int64, action string, now time.Time) (bool, error) {
	w, err := q.GetOpenRosterShiftSwap(ctx, store.GetOpenRosterShiftSwapParams{ShiftID: id, BusinessID: bizID})
	if db.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	status := map[string]string{SwapActionAccept: SwapAccepted, SwapActionDecline: SwapDeclined, SwapActionCancel: SwapCancelled}[action]
	if mine := (action == SwapActionCancel && w.FromEmployeeID == employeeID) || (action != SwapActionCancel && w.ToEmployeeID == employeeID); !mine || status == "" {
		return false, nil
	}
	// Conditional on the swap still being open: of two racing answers the
	// second changes nothing.
	if _, err := q.CloseRosterShiftSwap(ctx, store.CloseRosterShiftSwapParams{ID: w.ID, BusinessID: bizID, Status: status, RejectedReason: "", UpdatedAt: now}); db.IsNoRows(err) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if action != SwapActionAccept {
		return true, nil
	}
	_, err = q.TransferRosterShift(ctx, store.TransferRosterShiftParams{ID: id, BusinessID: bizID, EmployeeID: nullID(w.FromEmployeeID), EmployeeID_2: nullID(employeeID), UpdatedAt: now})
	if db.IsNoRows(err) {
		if err := q.VoidRosterShiftSwap(ctx, store.VoidRosterShiftSwapParams{ID: w.ID, RejectedReason: "the shift was reassigned before the swap was accepted", UpdatedAt: now}); err != nil {
			return false, err
		}
		return false, payroll.Conflict("roster shift %d was reassigned; its swap is cancelled", id)
	}
	return err == nil, err
}

// SwapCandidates lists the colleagues who could take the employee's shift
// id (Candidates).
func (s *Service) SwapCandidates(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ []Candidate, err error) {
	defer payroll.Wrap(&err, "swap candidates of roster shift %d", id)
	q := s.DB.Queries()
	if err := s.self(ctx, q, biz, p, employeeID); err != nil {
		return nil, err
	}
	sh, err := ownShift(ctx, q, biz.ID, employeeID, id)
	if err != nil {
		return nil, err
	}
	return candidates(ctx, q, biz.ID, sh)
}

// candidates are the business's employees, other than the shift's, not
// terminated, who work at the shift's location (primary or other
// location; any employee when the shift has none), hold every
// qualification it requires (not expired when it starts), and are not
// rostered on an overlapping shift, on approved or pending leave those
// days, or unavailable then (one-off or weekly recurring). Roles are not a
// resource of this API (the shift only keeps what its writer gave), so
// they are not matched. By name.
func candidates(ctx context.Context, q *store.Queries, bizID int64, sh Shift) ([]Candidate, error) {
	a := sqlArgs{args: []any{bizID}}
	start, end := a.add(sh.Start), a.add(sh.End)
	conds := []string{"e.business_id = $1", "e.status <> 'Terminated'", "e.id <> " + a.add(sh.EmployeeID),
		"NOT EXISTS (SELECT 1 FROM roster_shifts o WHERE o.business_id = $1 AND o.employee_id = e.id AND o.start_time < " + end + " AND o.end_time > " + start + ")",
		"NOT EXISTS (SELECT 1 FROM unavailabilities u WHERE u.business_id = $1 AND u.employee_id = e.id AND u.recurring = FALSE AND u.from_date < " + end + " AND u.to_date > " + start + ")",
		// Leave to_date is the last day, inclusive.
		"NOT EXISTS (SELECT 1 FROM leave_requests l WHERE l.business_id = $1 AND l.employee_id = e.id AND l.status IN ('Approved', 'Pending') AND l.from_date < " + end +
			" AND l.to_date > " + a.add(sh.Start.AddDate(0, 0, -1)) + ")",
	}
	if sh.LocationID != 0 {
		loc := a.add(sh.LocationID)
		conds = append(conds, "(e.primary_location_id = "+loc+" OR EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = e.id AND el.location_id = "+loc+"))")
	}
	for _, qid := range sh.QualificationIDs {
		conds = append(conds, "EXISTS (SELECT 1 FROM employee_qualifications eq WHERE eq.employee_id = e.id AND eq.qualification_id = "+a.add(qid)+
			" AND (eq.expiry_date IS NULL OR eq.expiry_date >= "+start+"))")
	}
	rows, err := q.Query(ctx, "SELECT e.id, e.first_name, e.surname FROM employees e WHERE "+strings.Join(conds, " AND ")+" ORDER BY e.first_name, e.surname, e.id LIMIT 1000", a.args...)
	if err != nil {
		return nil, err
	}
	out := []Candidate{}
	for rows.Next() {
		var c Candidate
		var first, surname string
		if err := rows.Scan(&c.ID, &first, &surname); err != nil {
			rows.Close()
			return nil, err
		}
		c.Name = strings.TrimSpace(first + " " + surname)
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return withoutRecurringUnavailable(ctx, q, bizID, sh, out)
}

// withoutRecurringUnavailable drops the candidates a weekly unavailability
// covers during the shift: on its day, from its start's time of day to its
// end's (past midnight when the end's is not later).
func withoutRecurringUnavailable(ctx context.Context, q *store.Queries, bizID int64, sh Shift, cs []Candidate) ([]Candidate, error) {
	if len(cs) == 0 {
		return cs, nil
	}
	ids := make([]int64, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	a := sqlArgs{args: []any{bizID}}
	end, start := a.add(sh.End), a.add(sh.Start.AddDate(0, 0, -1))
	rows, err := q.Query(ctx, "SELECT employee_id, from_date, to_date, recurring_day FROM unavailabilities WHERE business_id = $1 AND recurring = TRUE AND from_date < "+end+
		" AND (end_date IS NULL OR end_date >= "+start+") AND employee_id IN ("+db.IDList(ids)+")", a.args...)
	if err != nil {
		return nil, err
	}
	busy := map[int64]bool{}
	for rows.Next() {
		var emp int64
		var from, to time.Time
		var day string
		if err := rows.Scan(&emp, &from, &to, &day); err != nil {
			rows.Close()
			return nil, err
		}
		from, to = from.UTC(), to.UTC()
		tod := func(t time.Time) time.Duration { return t.Sub(t.Truncate(24 * time.Hour)) }
		for d := sh.Start.Truncate(24*time.Hour).AddDate(0, 0, -1); !d.After(sh.End); d = d.AddDate(0, 0, 1) {
			if !strings.EqualFold(d.Weekday().String(), day) {
				continue
			}
			ws, we := d.Add(tod(from)), d.Add(tod(to))
			if !we.After(ws) {
				we = we.Add(24 * time.Hour)
			}
			if ws.Before(sh.End) && we.After(sh.Start) {
				busy[emp] = true
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := cs[:0]
	for _, c := range cs {
		if !busy[c.ID] {
			out = append(out, c)
		}
	}
	return out, nil
}

// EmployeeShiftList lists the employee's published shifts overlapping the
// days from..to (inclusive), by start, at most MaxPageSize*10.
func (s *Service) EmployeeShiftList(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, from, to time.Time) (_ []Shift, err error) {
	defer payroll.Wrap(&err, "roster shifts of employee %d", employeeID)
	if to.Before(from) {
		return nil, payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	q := s.DB.Queries()
	if err := s.self(ctx, q, biz, p, employeeID); err != nil {
		return nil, err
	}
	a := sqlArgs{args: []any{biz.ID, employeeID}}
	f := payroll.DateOnly(from)
	t := payroll.DateOnly(to).AddDate(0, 0, 1)
	ids, err := scanIDs(q.Query(ctx, "SELECT r.id FROM roster_shifts r WHERE r.business_id = $1 AND r.employee_id = $2 AND r.published = TRUE AND r.start_time < "+
		a.add(t)+" AND r.end_time > "+a.add(f)+" ORDER BY r.start_time, r.id LIMIT 1000", a.args...))
	if err != nil {
		return nil, err
	}
	return loadShifts(ctx, q, biz.ID, ids, "1 = 1", nil)
}

// EmployeeShift returns a published shift of the employee, or one whose
// open swap is proposed to them (so they can see what they are asked to
// take); NotFound otherwise.
func (s *Service) EmployeeShift(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ Shift, err error) {
	defer payroll.Wrap(&err, "roster shift %d of employee %d", id, employeeID)
	q := s.DB.Queries()
	if err := s.self(ctx, q, biz, p, employeeID); err != nil {
		return Shift{}, err
	}
	sh, err := loadShifts(ctx, q, biz.ID, []int64{id}, "((r.employee_id = $2 AND r.published = TRUE) OR EXISTS (SELECT 1 FROM roster_shift_swaps w "+
		"WHERE w.shift_id = r.id AND w.status = 'Proposed' AND w.to_employee_id = $2))", []any{employeeID})
	if err != nil {
		return Shift{}, err
	}
	if len(sh) == 0 {
		return Shift{}, payroll.NotFound("roster shift")
	}
	return sh[0], nil
}
