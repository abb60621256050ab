package timesheet

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/agreement"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/webhook"
)

// Service owns timesheet lines.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service // the restricted user's scope
	// Rates is the rate source of every costing: a line without a rate
	// of its own is priced at the employee's rate in force on its day
	// (payrate.Service.PrimaryRatesOn, as roster shifts are).
	Rates *payrate.Service
	// Agreements interprets the time of employees with an employment
	// agreement or a pay condition rule set (nil = never).
	Agreements *agreement.Service
	// Emit records a web hook event in the caller's transaction
	// (webhook.Service.Emit); nil = no events.
	Emit func(ctx context.Context, q *store.Queries, businessID int64, action string, data any) error
	// EmitEach records one event per element in a few statements
	// (webhook.Service.EmitEach), for bulk changes; nil = Emit per line.
	EmitEach func(ctx context.Context, q *store.Queries, businessID int64, action string, data []any) error
}

// EventData is the data of the timesheet events.
type EventData struct {
	ID         int64            `json:"id"`
	EmployeeID int64            `json:"employeeId"`
	Status     string           `json:"status"`
	StartTime  payroll.DateTime `json:"startTime"`
	EndTime    payroll.DateTime `json:"endTime"`
	LocationID int64            `json:"locationId,omitempty"`
	WorkTypeID int64            `json:"workTypeId,omitempty"`
	ExternalID string           `json:"externalId,omitempty"`
	ReviewedBy string           `json:"reviewedBy,omitempty"`
	Reason     string           `json:"reason,omitempty"`
}

func (s *Service) emit(ctx context.Context, q *store.Queries, l *Line, action string) error {
	if s.Emit == nil {
		return nil
	}
	return s.Emit(ctx, q, l.BusinessID, action, l.eventData())
}

// emitEach records action for every line of one business, set-based when
// the service can.
func (s *Service) emitEach(ctx context.Context, q *store.Queries, businessID int64, lines []Line, action string) error {
	if s.EmitEach == nil {
		for i := range lines {
			if err := s.emit(ctx, q, &lines[i], action); err != nil {
				return err
			}
		}
		return nil
	}
	data := make([]any, len(lines))
	for i := range lines {
		data[i] = lines[i].eventData()
	}
	return s.EmitEach(ctx, q, businessID, action, data)
}

func (l *Line) eventData() EventData {
	return EventData{ID: l.ID, EmployeeID: l.EmployeeID, Status: l.Status, StartTime: payroll.NewDateTime(l.Start),
		EndTime: payroll.NewDateTime(l.End), LocationID: l.LocationID, WorkTypeID: l.WorkTypeID, ExternalID: l.ExternalID, ReviewedBy: l.ReviewedBy,
		Reason: l.RejectionReason}
}

// access is a request's decided scope.
type access struct {
	biz   business.Business
	scope employee.Scope
	user  string
}

func (s *Service) access(ctx context.Context, biz business.Business, p *payroll.Principal) (*access, error) {
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	a := &access{biz: biz, scope: sc}
	if p != nil {
		a.user = p.Username
	}
	return a, nil
}

// scopeSQL is the scope predicate with its values bound after $1 (the
// business) and the args given.
func (a *access) scopeSQL(args []any) (string, []any) { return a.scope.SQL(args) }

// visibleEmployees returns which of ids are employees of the business the
// caller may see.
func (s *Service) visibleEmployees(ctx context.Context, q *store.Queries, a *access, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	for _, chunk := range chunks(ids, maxIn) {
		where, args := a.scopeSQL([]any{a.biz.ID})
		sa := sqlArgs{args: args}
		rows, err := q.Query(ctx, "SELECT e.id FROM employees e WHERE e.business_id = $1 AND "+where+" AND e.id IN ("+db.IDList(chunk)+")", sa.args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			out[id] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Visible are those of ids the caller may see in biz (the scope of the
// access in ctx: a restricted user's grants, possibly narrowed to one
// permission), in one query.
func (s *Service) Visible(ctx context.Context, biz business.Business, p *payroll.Principal, ids []int64) (_ map[int64]bool, err error) {
	defer payroll.Wrap(&err, "visible employees")
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	return s.visibleEmployees(ctx, s.DB.Queries(), a, ids)
}

// get reads one line the caller may see (another business's, or one of
// an employee outside a restricted user's scope, is NotFound); employeeID
// != 0 also requires the line to be that employee's (manager paths).
func (s *Service) get(ctx context.Context, q *store.Queries, a *access, id, employeeID int64) (Line, error) {
	where, args := a.scopeSQL([]any{a.biz.ID})
	lines, err := s.loadLines(ctx, q, a.biz, []int64{id}, where, args[1:])
	if err != nil {
		return Line{}, err
	}
	if len(lines) == 0 || (employeeID != 0 && lines[0].EmployeeID != employeeID) {
		return Line{}, payroll.NotFound("timesheet line")
	}
	return lines[0], nil
}

// Get returns line id (employeeID != 0: it must be that employee's).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, id, employeeID int64) (_ Line, err error) {
	defer payroll.Wrap(&err, "get timesheet line %d", id)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Line{}, err
	}
	return s.get(ctx, s.DB.Queries(), a, id, employeeID)
}

// refChecker checks that referenced records exist in the business, once
// per id per request.
type refChecker struct {
	q     *store.Queries
	bizID int64
	seen  map[string]bool
}

func (r *refChecker) exists(ctx context.Context, kind string, id int64) (bool, error) {
	key := kind + ":" + idList([]int64{id})
	if ok, done := r.seen[key]; done {
		return ok, nil
	}
	_, err := r.q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: r.bizID, Kind: kind})
	if err != nil && !db.IsNoRows(err) {
		return false, err
	}
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	r.seen[key] = err == nil
	return err == nil, nil
}

// check adds a 400 for every record l names that is not in the business.
func (r *refChecker) check(ctx context.Context, l *Line, in *Input, v *payroll.Validation) error {
	for _, c := range []struct {
		id         int64
		kind, name string
	}{{l.WorkTypeID, record.KindWorkType, "workTypeId"}, {l.LocationID, record.KindLocation, "locationId"},
		{l.PayCategoryID, record.KindPayCategory, "payCategoryId"}, {l.LeaveCategoryID, record.KindLeaveCategory, "leaveCategoryId"}} {
		if c.id == 0 {
			continue
		}
		ok, err := r.exists(ctx, c.kind, c.id)
		if err != nil {
			return err
		}
		if !ok {
			v.Add(in.name(c.name), "%s %d is not a %s of this business", c.name, c.id, strings.ReplaceAll(c.kind, "_", " "))
		}
	}
	for _, id := range l.ShiftConditionIDs {
		if ok, err := r.exists(ctx, record.KindWorkType, id); err != nil {
			return err
		} else if !ok {
			v.Add(in.name("shiftConditionIds"), "shift condition %d is not a work type of this business", id)
		}
	}
	for _, id := range l.DimensionValueIDs {
		if ok, err := r.exists(ctx, record.KindDimensionValue, id); err != nil {
			return err
		} else if !ok {
			v.Add(in.name("dimensionValueIds"), "dimension value %d is not a reporting dimension value of this business", id)
		}
	}
	return nil
}

// prepare validates in for a write by a: the line's own rules, the
// employee visible to the caller, the records it names in the business.
func (s *Service) prepare(ctx context.Context, q *store.Queries, a *access, in *Input, refs *refChecker) (Line, error) {
	var v payroll.Validation
	l := in.build(&v)
	if l.EmployeeID > 0 {
		ok, err := s.visibleEmployees(ctx, q, a, []int64{l.EmployeeID})
		if err != nil {
			return Line{}, err
		}
		if !ok[l.EmployeeID] {
			v.Add(in.name("employeeId"), "employee %d is not an employee of this business you may see", l.EmployeeID)
		}
	}
	if err := refs.check(ctx, &l, in, &v); err != nil {
		return Line{}, err
	}
	if err := v.Err(); err != nil {
		return Line{}, err
	}
	l.BusinessID = a.biz.ID
	return l, nil
}

// defaults fills what a new line takes when the writer leaves it out.
func (l *Line) defaults(a *access) {
	if l.Status == "" {
		l.Status = StatusSubmitted
	}
	if l.Status == StatusApproved {
		l.ReviewedBy = a.user
	}
	if l.SubmittedStart.IsZero() && l.Units == nil {
		l.SubmittedStart, l.SubmittedEnd = l.Start, l.End
	}
}

// insert stores a new line and its breaks and records TimesheetCreated.
func (s *Service) insert(ctx context.Context, q *store.Queries, a *access, l *Line, uniqueExternal bool, now time.Time) error {
	l.defaults(a)
	var unique store.TimesheetLine
	if uniqueExternal && l.ExternalID != "" {
		n, err := q.CountTimesheetLinesWithExternalID(ctx, store.CountTimesheetLinesWithExternalIDParams{BusinessID: a.biz.ID, ExternalID: l.ExternalID, ID: 0})
		if err != nil {
			return err
		}
		if n > 0 {
			return payroll.Conflict("a timesheet line with external id %q already exists", l.ExternalID)
		}
		unique.UniqueExternalID.String, unique.UniqueExternalID.Valid = l.ExternalID, true
	}
	row, err := q.InsertTimesheetLine(ctx, store.InsertTimesheetLineParams{BusinessID: a.biz.ID, EmployeeID: l.EmployeeID, StartTime: l.Start, EndTime: l.End,
		SubmittedStart: nullTime(l.SubmittedStart), SubmittedEnd: nullTime(l.SubmittedEnd), WorkTypeID: nullID(l.WorkTypeID), LocationID: nullID(l.LocationID),
		PayCategoryID: nullID(l.PayCategoryID), LeaveCategoryID: nullID(l.LeaveCategoryID), Units: rateText(l.Units), Rate: rateText(l.Rate),
		Comments: l.Comments, HiddenComments: l.HiddenComments, Status: l.Status, ExternalID: l.ExternalID, UniqueExternalID: unique.UniqueExternalID,
		Source: l.Source, WorkMinutes: l.WorkMinutes, BreakMinutes: l.BreakMinutes, PaidBreakMinutes: l.PaidBreakMinutes,
		ShiftConditionIds: idList(l.ShiftConditionIDs), DimensionValueIds: idList(l.DimensionValueIDs), ReviewedBy: l.ReviewedBy,
		SubmittedByUser: a.user, CreatedAt: now})
	if db.IsUniqueViolation(err) {
		return payroll.Conflict("a timesheet line with external id %q already exists", l.ExternalID)
	}
	if db.IsForeignKeyViolation(err) {
		return payroll.Conflict("a record the line refers to was deleted meanwhile; try again")
	}
	if err != nil {
		return err
	}
	l.ID, l.Version, l.CreatedAt, l.UpdatedAt = row.ID, row.Version, now, now
	if err := insertBreaks(ctx, q, a.biz.ID, l.ID, l.Breaks); err != nil {
		return err
	}
	return s.emit(ctx, q, l, webhook.TimesheetCreated)
}

func insertBreaks(ctx context.Context, q *store.Queries, bizID, lineID int64, breaks []Break) error {
	for _, b := range breaks {
		ss, se := b.SubmittedStart, b.SubmittedEnd
		if ss.IsZero() {
			ss, se = b.Start, b.End
		}
		if err := q.InsertTimesheetBreak(ctx, store.InsertTimesheetBreakParams{BusinessID: bizID, LineID: lineID, StartTime: b.Start, EndTime: b.End,
			SubmittedStart: nullTime(ss), SubmittedEnd: nullTime(se), IsPaid: b.Paid}); err != nil {
			return err
		}
	}
	return nil
}

// Create stores a new line. uniqueExternalID (enforceUniqueExternalId)
// refuses an external id another line of the business has (409).
func (s *Service) Create(ctx context.Context, biz business.Business, p *payroll.Principal, in Input, uniqueExternalID bool) (_ Line, err error) {
	defer payroll.Wrap(&err, "create timesheet line")
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Line{}, err
	}
	var out Line
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		l, err := s.prepare(ctx, q, a, &in, &refChecker{q: q, bizID: biz.ID})
		if err != nil {
			return err
		}
		if err := s.insert(ctx, q, a, &l, uniqueExternalID, s.Clock.Now().UTC()); err != nil {
			return err
		}
		out, err = s.get(ctx, q, a, l.ID, 0)
		return err
	})
	return out, err
}

// Update replaces line id with in (every member; see doc.go for the
// status rules). employeeID != 0: the line must be that employee's.
func (s *Service) Update(ctx context.Context, biz business.Business, p *payroll.Principal, id, employeeID int64, in Input) (_ Line, err error) {
	return s.update(ctx, biz, p, id, employeeID, in, nil)
}

// update is Update with guard, which (when not nil) may refuse the line as
// read inside the transaction (the version-conditional write then makes
// the check race-safe).
func (s *Service) update(ctx context.Context, biz business.Business, p *payroll.Principal, id, employeeID int64, in Input, guard func(old Line) error) (_ Line, err error) {
	defer payroll.Wrap(&err, "update timesheet line %d", id)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Line{}, err
	}
	var out Line
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		old, err := s.get(ctx, q, a, id, employeeID)
		if err != nil {
			return err
		}
		if old.IsLocked() {
			return payroll.Conflict("timesheet line %d is Processed (pay run %d) and read-only", id, old.PayRunID)
		}
		if guard != nil {
			if err := guard(old); err != nil {
				return err
			}
		}
		if in.EmployeeID == 0 {
			in.EmployeeID = old.EmployeeID
		}
		l, err := s.prepare(ctx, q, a, &in, &refChecker{q: q, bizID: biz.ID})
		if err != nil {
			return err
		}
		if l.Status == "" {
			l.Status = old.Status
			if old.Status == StatusApproved || old.Status == StatusRejected {
				// An edit of a reviewed line needs reviewing again.
				l.Status = StatusSubmitted
			}
		}
		switch {
		case l.Status == StatusApproved && old.Status == StatusApproved:
			l.ReviewedBy = old.ReviewedBy
		case l.Status == StatusApproved:
			l.ReviewedBy = a.user
		}
		if l.SubmittedStart.IsZero() {
			l.SubmittedStart, l.SubmittedEnd = old.SubmittedStart, old.SubmittedEnd
		}
		var unique store.TimesheetLine
		if r, err := q.GetTimesheetLine(ctx, store.GetTimesheetLineParams{ID: id, BusinessID: biz.ID}); err != nil {
			return err
		} else if r.UniqueExternalID.Valid && l.ExternalID != "" {
			unique.UniqueExternalID.String, unique.UniqueExternalID.Valid = l.ExternalID, true
		}
		now := s.Clock.Now().UTC()
		_, err = q.UpdateTimesheetLine(ctx, store.UpdateTimesheetLineParams{ID: id, BusinessID: biz.ID, Version: old.Version, EmployeeID: l.EmployeeID,
			StartTime: l.Start, EndTime: l.End, SubmittedStart: nullTime(l.SubmittedStart), SubmittedEnd: nullTime(l.SubmittedEnd),
			WorkTypeID: nullID(l.WorkTypeID), LocationID: nullID(l.LocationID), PayCategoryID: nullID(l.PayCategoryID), LeaveCategoryID: nullID(l.LeaveCategoryID),
			Units: rateText(l.Units), Rate: rateText(l.Rate), Comments: l.Comments, HiddenComments: l.HiddenComments, Status: l.Status,
			ExternalID: l.ExternalID, UniqueExternalID: unique.UniqueExternalID, Source: l.Source, WorkMinutes: l.WorkMinutes, BreakMinutes: l.BreakMinutes,
			PaidBreakMinutes: l.PaidBreakMinutes, ShiftConditionIds: idList(l.ShiftConditionIDs), DimensionValueIds: idList(l.DimensionValueIDs),
			ReviewedBy: l.ReviewedBy, RejectionReason: "", UpdatedAt: now})
		switch {
		case db.IsNoRows(err):
			return payroll.Conflict("timesheet line %d was changed meanwhile (or processed); read it again", id)
		case db.IsUniqueViolation(err):
			return payroll.Conflict("a timesheet line with external id %q already exists", l.ExternalID)
		case db.IsForeignKeyViolation(err):
			return payroll.Conflict("a record the line refers to was deleted meanwhile; try again")
		case err != nil:
			return err
		}
		if err := q.DeleteTimesheetBreaks(ctx, id); err != nil {
			return err
		}
		if err := insertBreaks(ctx, q, biz.ID, id, l.Breaks); err != nil {
			return err
		}
		if out, err = s.get(ctx, q, a, id, 0); err != nil {
			return err
		}
		if err := s.emit(ctx, q, &out, webhook.TimesheetUpdated); err != nil {
			return err
		}
		if out.Status == StatusApproved && old.Status != StatusApproved {
			return s.emit(ctx, q, &out, webhook.TimesheetApproved)
		}
		return nil
	})
	return out, err
}

// Approve moves a Submitted or Missing line to Approved.
func (s *Service) Approve(ctx context.Context, biz business.Business, p *payroll.Principal, id, employeeID int64) (Line, error) {
	return s.review(ctx, biz, p, id, employeeID, StatusApproved, "")
}

// Reject moves a Submitted or Missing line to Rejected, keeping the reason.
func (s *Service) Reject(ctx context.Context, biz business.Business, p *payroll.Principal, id, employeeID int64, reason string) (Line, error) {
	var v payroll.Validation
	v.MaxLen("reason", reason, 2000)
	if err := v.Err(); err != nil {
		return Line{}, err
	}
	return s.review(ctx, biz, p, id, employeeID, StatusRejected, strings.TrimSpace(reason))
}

func (s *Service) review(ctx context.Context, biz business.Business, p *payroll.Principal, id, employeeID int64, to, reason string) (_ Line, err error) {
	defer payroll.Wrap(&err, "review timesheet line %d", id)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Line{}, err
	}
	var out Line
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := s.get(ctx, q, a, id, employeeID); err != nil {
			return err
		}
		// One conditional statement: only a line awaiting review moves.
		_, err := q.ReviewTimesheetLine(ctx, store.ReviewTimesheetLineParams{ID: id, BusinessID: biz.ID, Status: to, ReviewedBy: a.user,
			RejectionReason: reason, UpdatedAt: s.Clock.Now().UTC()})
		if db.IsNoRows(err) {
			cur, gerr := q.GetTimesheetLine(ctx, store.GetTimesheetLineParams{ID: id, BusinessID: biz.ID})
			if db.IsNoRows(gerr) {
				return payroll.NotFound("timesheet line")
			}
			if gerr != nil {
				return gerr
			}
			verb := "approved"
			if to == StatusRejected {
				verb = "rejected"
			}
			return payroll.Conflict("timesheet line %d is %s; only Submitted or Missing lines can be %s", id, cur.Status, verb)
		}
		if err != nil {
			return err
		}
		if out, err = s.get(ctx, q, a, id, 0); err != nil {
			return err
		}
		ev := webhook.TimesheetApproved
		if to == StatusRejected {
			ev = webhook.TimesheetRejected
		}
		return s.emit(ctx, q, &out, ev)
	})
	return out, err
}

// Delete removes a line that is not Processed.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, id, employeeID int64) (err error) {
	defer payroll.Wrap(&err, "delete timesheet line %d", id)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		l, err := s.get(ctx, q, a, id, employeeID)
		if err != nil {
			return err
		}
		n, err := q.DeleteTimesheetLine(ctx, store.DeleteTimesheetLineParams{ID: id, BusinessID: biz.ID})
		if err != nil {
			return err
		}
		if n == 0 {
			return payroll.Conflict("timesheet line %d is Processed (pay run %d) and cannot be deleted", id, l.PayRunID)
		}
		return s.emit(ctx, q, &l, webhook.TimesheetDeleted)
	})
}

// EmployeeOfLine is the employee timesheet line id of biz belongs to (a
// NotFound error when biz has no such line): the HTTP layer's access
// decision for operations that address a line by its own id.
func (s *Service) EmployeeOfLine(ctx context.Context, biz business.Business, id int64) (_ int64, err error) {
	defer payroll.Wrap(&err, "find the employee of timesheet line %d", id)
	r, err := s.DB.Queries().GetTimesheetLine(ctx, store.GetTimesheetLineParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return 0, payroll.NotFound("timesheet line")
	}
	return r.EmployeeID, err
}
