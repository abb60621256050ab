package roster

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// Service owns roster shifts.
type Service struct {
	DB         *db.DB
	Clock      payroll.Clock
	Employees  *employee.Service  // the restricted user's scope
	Timesheets *timesheet.Service // stub writes lines through it
}

// sqlArgs collects bound parameters of a statement built in code.
type sqlArgs struct{ args []any }

func (a *sqlArgs) add(v any) string {
	a.args = append(a.args, v)
	return "$" + strconv.Itoa(len(a.args))
}

// access is a request's decided scope.
type access struct {
	biz   business.Business
	scope employee.Scope
	p     *payroll.Principal
}

func (s *Service) access(ctx context.Context, biz business.Business, p *payroll.Principal) (*access, error) {
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	return &access{biz: biz, scope: sc, p: p}, nil
}

// visible reports whether employee id is one of the business's the caller
// may see.
func (s *Service) visible(ctx context.Context, q *store.Queries, a *access, id int64) (bool, error) {
	where, args := a.scope.SQL([]any{a.biz.ID})
	sa := sqlArgs{args: args}
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM employees e WHERE e.business_id = $1 AND "+where+" AND e.id = "+sa.add(id), sa.args...).Scan(&n)
	return n > 0, err
}

// VisibleEmployee is NotFound unless employee id is one the caller may see.
func (s *Service) VisibleEmployee(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) error {
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return err
	}
	ok, err := s.visible(ctx, s.DB.Queries(), a, id)
	if err != nil {
		return err
	}
	if !ok {
		return payroll.NotFound("employee")
	}
	return nil
}

func (s *Service) recordExists(ctx context.Context, q *store.Queries, bizID int64, kind string, id int64) (bool, error) {
	_, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: bizID, Kind: kind})
	if db.IsNoRows(err) {
		return false, nil
	}
	return err == nil, err
}

// prepare validates in: its own rules, the employee visible to the
// caller, the records it names in the business.
func (s *Service) prepare(ctx context.Context, q *store.Queries, a *access, in *Input) (Shift, error) {
	var v payroll.Validation
	sh := in.build(&v)
	if sh.EmployeeID > 0 {
		ok, err := s.visible(ctx, q, a, sh.EmployeeID)
		if err != nil {
			return Shift{}, err
		}
		if !ok {
			v.Add("employeeId", "employee %d is not an employee of this business you may see", sh.EmployeeID)
		}
	}
	for _, c := range []struct {
		id         int64
		kind, name string
	}{{sh.LocationID, record.KindLocation, "locationId"}, {sh.WorkTypeID, record.KindWorkType, "workTypeId"}} {
		if c.id == 0 {
			continue
		}
		ok, err := s.recordExists(ctx, q, a.biz.ID, c.kind, c.id)
		if err != nil {
			return Shift{}, err
		}
		if !ok {
			v.Add(c.name, "%s %d is not a %s of this business", c.name, c.id, strings.ReplaceAll(c.kind, "_", " "))
		}
	}
	for i, id := range sh.QualificationIDs {
		if id <= 0 {
			continue
		}
		ok, err := s.recordExists(ctx, q, a.biz.ID, record.KindQualification, id)
		if err != nil {
			return Shift{}, err
		}
		if !ok {
			v.Add("qualifications["+strconv.Itoa(i)+"].id", "qualification %d is not a qualification of this business", id)
		}
	}
	if err := v.Err(); err != nil {
		return Shift{}, err
	}
	sh.BusinessID = a.biz.ID
	return sh, nil
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

func nullTime(t time.Time) sql.NullTime { return sql.NullTime{Time: t, Valid: !t.IsZero()} }

func idList(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func parseIDList(s string) []int64 {
	out := []int64{}
	for _, p := range strings.Split(s, ",") {
		if id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}

func roleCols(r *Role) (sql.NullInt64, string, string, string) {
	if r == nil {
		return sql.NullInt64{}, "", "", ""
	}
	return nullID(r.ID), r.Name, r.ClassName, r.HexColourCode
}

func insertBreaks(ctx context.Context, q *store.Queries, bizID, shiftID int64, bs []Break) error {
	for _, b := range bs {
		if err := q.InsertRosterShiftBreak(ctx, store.InsertRosterShiftBreakParams{BusinessID: bizID, ShiftID: shiftID, StartTime: b.Start, EndTime: b.End, IsPaid: b.Paid}); err != nil {
			return err
		}
	}
	return nil
}

// Create stores a new shift, published when publish is true.
func (s *Service) Create(ctx context.Context, biz business.Business, p *payroll.Principal, in Input, publish bool) (_ Shift, err error) {
	defer payroll.Wrap(&err, "create roster shift")
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Shift{}, err
	}
	var out Shift
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		sh, err := s.prepare(ctx, q, a, &in)
		if err != nil {
			return err
		}
		now := s.Clock.Now().UTC()
		var published sql.NullTime
		if publish {
			published = nullTime(now)
		}
		rid, rn, rc, rh := roleCols(sh.Role)
		row, err := q.InsertRosterShift(ctx, store.InsertRosterShiftParams{BusinessID: biz.ID, EmployeeID: nullID(sh.EmployeeID), LocationID: nullID(sh.LocationID),
			WorkTypeID: nullID(sh.WorkTypeID), ClassificationID: nullID(sh.ClassificationID), ClassificationName: sh.ClassificationName,
			RoleID: rid, RoleName: rn, RoleClassName: rc, RoleColour: rh, StartTime: sh.Start, EndTime: sh.End, Notes: sh.Notes,
			QualificationIds: idList(sh.QualificationIDs), Published: publish, DatePublished: published, Token: payroll.NewHexID(), CreatedAt: now})
		if db.IsForeignKeyViolation(err) {
			return payroll.Conflict("a record the shift refers to was deleted meanwhile; try again")
		}
		if err != nil {
			return err
		}
		if err := insertBreaks(ctx, q, biz.ID, row.ID, sh.Breaks); err != nil {
			return err
		}
		out, err = s.get(ctx, q, a, row.ID)
		return err
	})
	return out, err
}

// Update replaces shift id with in. publish: nil keeps the published
// state, true publishes, false unpublishes. Breaks: in.Breaks replaces
// them when given; clearBreaks removes them; else they are kept.
func (s *Service) Update(ctx context.Context, biz business.Business, p *payroll.Principal, id int64, in Input, publish *bool, clearBreaks bool) (_ Shift, err error) {
	defer payroll.Wrap(&err, "update roster shift %d", id)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Shift{}, err
	}
	var out Shift
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		old, err := s.get(ctx, q, a, id)
		if err != nil {
			return err
		}
		keepBreaks := in.Breaks == nil && !clearBreaks
		if keepBreaks {
			// Validate the kept breaks against the new times too.
			for _, b := range old.Breaks {
				in.Breaks = append(in.Breaks, BreakInput{Start: payroll.NewDateTime(b.Start), End: payroll.NewDateTime(b.End), IsPaidBreak: b.Paid})
			}
		}
		sh, err := s.prepare(ctx, q, a, &in)
		if err != nil {
			return err
		}
		now := s.Clock.Now().UTC()
		pub, datePub := old.Published, nullTime(old.DatePublished)
		if publish != nil {
			pub = *publish
			if pub && !old.Published {
				datePub = nullTime(now)
			}
		}
		accepted := old.Accepted && sh.EmployeeID == old.EmployeeID
		rid, rn, rc, rh := roleCols(sh.Role)
		_, err = q.UpdateRosterShift(ctx, store.UpdateRosterShiftParams{ID: id, BusinessID: biz.ID, Version: old.Version, EmployeeID: nullID(sh.EmployeeID),
			LocationID: nullID(sh.LocationID), WorkTypeID: nullID(sh.WorkTypeID), ClassificationID: nullID(sh.ClassificationID),
			ClassificationName: sh.ClassificationName, RoleID: rid, RoleName: rn, RoleClassName: rc, RoleColour: rh, StartTime: sh.Start,
			EndTime: sh.End, Notes: sh.Notes, QualificationIds: idList(sh.QualificationIDs), Published: pub, DatePublished: datePub,
			Accepted: accepted, UpdatedAt: now})
		switch {
		case db.IsNoRows(err):
			return payroll.Conflict("roster shift %d was changed meanwhile; read it again", id)
		case db.IsForeignKeyViolation(err):
			return payroll.Conflict("a record the shift refers to was deleted meanwhile; try again")
		case err != nil:
			return err
		}
		if err := q.DeleteRosterShiftBreaks(ctx, id); err != nil {
			return err
		}
		if err := insertBreaks(ctx, q, biz.ID, id, sh.Breaks); err != nil {
			return err
		}
		out, err = s.get(ctx, q, a, id)
		return err
	})
	return out, err
}

// get reads one shift the caller may see.
func (s *Service) get(ctx context.Context, q *store.Queries, a *access, id int64) (Shift, error) {
	where, args := a.scope.SQL([]any{a.biz.ID})
	out, err := loadShifts(ctx, q, a.biz.ID, []int64{id}, where, args[1:])
	if err != nil {
		return Shift{}, err
	}
	if len(out) == 0 {
		return Shift{}, payroll.NotFound("roster shift")
	}
	return out[0], nil
}

// Get returns shift id.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (_ Shift, err error) {
	defer payroll.Wrap(&err, "get roster shift %d", id)
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return Shift{}, err
	}
	return s.get(ctx, s.DB.Queries(), a, id)
}

// StubSource is the source of the lines stub writes.
const StubSource = "IntegratedRostering"

// Stub turns shift id into a Submitted timesheet line (its employee,
// times, breaks, location and work type; note as the line's comments),
// once: a second stub is 409, as is a shift without an employee.
func (s *Service) Stub(ctx context.Context, biz business.Business, p *payroll.Principal, id int64, note string) (_ timesheet.Line, err error) {
	defer payroll.Wrap(&err, "stub roster shift %d", id)
	var v payroll.Validation
	v.MaxLen("note", note, 2000)
	if err := v.Err(); err != nil {
		return timesheet.Line{}, err
	}
	a, err := s.access(ctx, biz, p)
	if err != nil {
		return timesheet.Line{}, err
	}
	var out timesheet.Line
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		sh, err := s.get(ctx, q, a, id)
		if err != nil {
			return err
		}
		if sh.EmployeeID == 0 {
			return payroll.Conflict("roster shift %d has no employee; assign it before generating its timesheet", id)
		}
		if sh.TimesheetLineID != 0 {
			return payroll.Conflict("roster shift %d already has timesheet line %d", id, sh.TimesheetLineID)
		}
		in := timesheet.Input{EmployeeID: sh.EmployeeID, Start: payroll.NewDateTime(sh.Start), End: payroll.NewDateTime(sh.End),
			Comments: strings.TrimSpace(note), Source: StubSource, ShiftConditionIDs: []int64{}, DimensionValueIDs: []int64{}}
		if sh.LocationID != 0 {
			in.LocationID = &sh.LocationID
		}
		if sh.WorkTypeID != 0 {
			in.WorkTypeID = &sh.WorkTypeID
		}
		for _, b := range sh.Breaks {
			in.Breaks = append(in.Breaks, timesheet.BreakInput{Start: payroll.NewDateTime(b.Start), End: payroll.NewDateTime(b.End), IsPaidBreak: b.Paid})
		}
		if out, err = s.Timesheets.CreateInTx(ctx, q, biz, p, in); err != nil {
			return err
		}
		_, err = q.StubRosterShift(ctx, store.StubRosterShiftParams{ID: id, BusinessID: biz.ID, TimesheetLineID: nullID(out.ID), StubNote: strings.TrimSpace(note),
			UpdatedAt: s.Clock.Now().UTC()})
		if db.IsNoRows(err) {
			return payroll.Conflict("roster shift %d already has a timesheet line", id)
		}
		return err
	})
	return out, err
}

// EmployeeOfShift is the employee roster shift id of biz is for (0 for an
// open shift; a NotFound error when biz has no such shift): the HTTP
// layer's access decision for operations that address a shift by its id.
func (s *Service) EmployeeOfShift(ctx context.Context, biz business.Business, id int64) (_ int64, err error) {
	defer payroll.Wrap(&err, "find the employee of roster shift %d", id)
	r, err := s.DB.Queries().GetRosterShift(ctx, store.GetRosterShiftParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return 0, payroll.NotFound("roster shift")
	}
	return r.EmployeeID.Int64, err
}
