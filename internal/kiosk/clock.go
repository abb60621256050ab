package kiosk

import (
	"context"
	"database/sql"
	"regexp"
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

// Timesheet sources of clocked lines.
const (
	SourceKiosk = "TimeAndAttendanceKiosk"
	SourceESS   = "EmployeePortal"
)

// Status returns the employee's attendance state.
func (s *Service) Status(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ Status, err error) {
	defer payroll.Wrap(&err, "attendance of employee %d", employeeID)
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return Status{}, err
	}
	return s.statusIn(ctx, biz, sc, employeeID)
}

// statusIn is Status within a decided scope.
func (s *Service) statusIn(ctx context.Context, biz business.Business, sc employee.Scope, employeeID int64) (Status, error) {
	q := s.DB.Queries()
	e, err := s.employeeIn(ctx, q, biz, sc, employeeID)
	if err != nil {
		return Status{}, err
	}
	st := Status{EmployeeID: employeeID, FirstName: e.first, Surname: e.surname, Email: e.email, Mobile: e.mobile, Status: NotClockedOn}
	if e.start.Valid {
		st.StartDate = e.start.Time
	}
	if r, err := q.GetKioskEmployee(ctx, store.GetKioskEmployeeParams{EmployeeID: employeeID, BusinessID: biz.ID}); err == nil {
		st.PinExpired = r.PinExpired
	} else if !db.IsNoRows(err) {
		return Status{}, err
	}
	sh, err := q.GetLastClockShift(ctx, store.GetLastClockShiftParams{EmployeeID: employeeID, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return st, nil
	}
	if err != nil {
		return Status{}, err
	}
	switch sh.Status {
	case ClockedOn, OnBreak:
		st.Status, st.CurrentShiftID, st.ClockOnUTC, st.RecordedUTC = sh.Status, sh.ID, sh.StartUtc.UTC(), sh.StartUtc.UTC()
		if sh.Status == OnBreak {
			bs, err := q.ListClockBreaks(ctx, sh.ID)
			if err != nil {
				return Status{}, err
			}
			for _, b := range bs {
				if !b.EndUtc.Valid {
					st.BreakStartUTC, st.RecordedUTC, st.BreakPaid = b.StartUtc.UTC(), b.StartUtc.UTC(), b.IsPaid
				}
			}
		}
	case ClockedOff:
		st.Status, st.TimesheetLineID = ClockedOff, sh.TimesheetLineID.Int64
		st.RecordedUTC = sh.EndUtc.Time.UTC()
	}
	return st, nil
}

var offsetRE = regexp.MustCompile(`^([+-])?(\d{1,2}):?(\d{2})$`)

// zone is where the action's wall clock reads: the kiosk's zone, else the
// utcOffset the device sent, else UTC.
func zone(k *Kiosk, offset string) (*time.Location, error) {
	if k != nil && (k.IanaTimeZone != "" || k.TimeZone != "") {
		return k.Location(), nil
	}
	offset = strings.TrimSpace(offset)
	if offset == "" {
		return time.UTC, nil
	}
	m := offsetRE.FindStringSubmatch(offset)
	if m == nil {
		return nil, payroll.Invalid("utcOffset", "utcOffset must look like +10:00")
	}
	h := int(m[2][0] - '0')
	if len(m[2]) == 2 {
		h = h*10 + int(m[2][1]-'0')
	}
	mins := int(m[3][0]-'0')*10 + int(m[3][1]-'0')
	secs := (h*60 + mins) * 60
	if m[1] == "-" {
		secs = -secs
	}
	if h > 14 || mins > 59 {
		return nil, payroll.Invalid("utcOffset", "utcOffset is out of range")
	}
	return time.FixedZone(offset, secs), nil
}

func wall(t time.Time, loc *time.Location) time.Time { return payroll.NewDateTime(t.In(loc)).Time }

// prepared is a clocking request resolved: the kiosk (nil for
// self-service), the UTC time and its wall clock.
type prepared struct {
	kiosk      *Kiosk
	utc, local time.Time
	loc        *time.Location
}

func (s *Service) prepare(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, a *Action) (prepared, error) {
	var pr prepared
	if a.EmployeeID <= 0 {
		return pr, payroll.Invalid("employeeId", "employeeId is required")
	}
	if a.KioskID != 0 {
		k, err := s.getKiosk(ctx, q, biz, a.KioskID)
		if err != nil {
			return pr, err
		}
		pr.kiosk = &k
		if _, _, err := s.kioskEmployee(ctx, q, biz, p, a.EmployeeID); err != nil {
			return pr, err
		}
	} else if _, err := s.visibleEmployee(ctx, q, biz, p, a.EmployeeID); err != nil {
		return pr, err
	}
	loc, err := zone(pr.kiosk, a.UTCOffset)
	if err != nil {
		return pr, err
	}
	now := s.Clock.Now().UTC()
	pr.utc, pr.loc = now, loc
	if !a.RecordedTimeUTC.IsZero() {
		// A device offline for a while sends its recorded time; one from
		// the future is a clock error.
		if a.RecordedTimeUTC.After(now.Add(5 * time.Minute)) {
			return pr, payroll.Invalid("recordedTimeUtc", "recordedTimeUtc is in the future")
		}
		pr.utc = a.RecordedTimeUTC.UTC()
	}
	pr.utc = pr.utc.Truncate(time.Second)
	pr.local = wall(pr.utc, loc)
	return pr, nil
}

func (s *Service) checkRefs(ctx context.Context, q *store.Queries, biz business.Business, a *Action, k *Kiosk) error {
	var v payroll.Validation
	for _, c := range []struct {
		id         int64
		kind, name string
	}{{a.LocationID, record.KindLocation, "locationId"}, {a.WorkTypeID, record.KindWorkType, "workTypeId"}} {
		if c.id == 0 {
			continue
		}
		if c.id < 0 {
			v.Add(c.name, "%s must be a record id", c.name)
			continue
		}
		if _, err := q.GetRecord(ctx, store.GetRecordParams{ID: c.id, BusinessID: biz.ID, Kind: c.kind}); db.IsNoRows(err) {
			v.Add(c.name, "%s %d is not a %s of this business", c.name, c.id, strings.ReplaceAll(c.kind, "_", " "))
		} else if err != nil {
			return err
		}
	}
	if k != nil && k.IsLocationRequired && a.LocationID == 0 {
		v.Add("locationId", "this kiosk requires a location")
	}
	if k != nil && k.IsWorkTypeRequired && a.WorkTypeID == 0 {
		v.Add("workTypeId", "this kiosk requires a work type")
	}
	v.MaxLen("note", a.Note, 2000)
	return v.Err()
}

func noteVisibility(v string) string {
	if strings.EqualFold(v, "Hidden") {
		return "Hidden"
	}
	return "Visible"
}

func (s *Service) addNote(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, shiftID int64, a *Action, typ string) error {
	if strings.TrimSpace(a.Note) == "" {
		return nil
	}
	author, _, err := s.party(ctx, biz, p)
	if err != nil {
		return err
	}
	_, err = s.insertNote(ctx, q, biz, p, store.ClockShift{ID: shiftID, EmployeeID: a.EmployeeID}, author, typ, noteVisibility(a.NoteVisibility),
		strings.TrimSpace(a.Note), a.IsAdminInitiated)
	return err
}

// rostered matches the shift starting at pr to the employee's published
// roster shift (within the kiosk's clock-on window) and defaults the
// action's location and work type from it; 0 when none matches.
func (s *Service) rostered(ctx context.Context, q *store.Queries, biz business.Business, a *Action, pr prepared) (int64, error) {
	if s.Roster == nil {
		return 0, nil
	}
	on := time.Hour
	if pr.kiosk != nil {
		on, _ = pr.kiosk.Windows()
	}
	sh, err := s.Roster.MatchFor(ctx, q, biz, a.EmployeeID, pr.local, on, true)
	if err != nil || sh == nil {
		return 0, err
	}
	if a.LocationID == 0 {
		a.LocationID = sh.LocationID
	}
	if a.WorkTypeID == 0 {
		a.WorkTypeID = sh.WorkTypeID
	}
	return sh.ID, nil
}

// ClockOn opens a shift for the employee (409 when one is open).
func (s *Service) ClockOn(ctx context.Context, biz business.Business, p *payroll.Principal, a Action, source string) (_ Status, err error) {
	defer payroll.Wrap(&err, "clock on employee %d", a.EmployeeID)
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		pr, err := s.prepare(ctx, q, biz, p, &a)
		if err != nil {
			return err
		}
		if a.LocationID == 0 && pr.kiosk != nil && pr.kiosk.LocationID != nil {
			a.LocationID = *pr.kiosk.LocationID
		}
		rosterID, err := s.rostered(ctx, q, biz, &a, pr)
		if err != nil {
			return err
		}
		if err := s.checkRefs(ctx, q, biz, &a, pr.kiosk); err != nil {
			return err
		}
		var kioskID sql.NullInt64
		if pr.kiosk != nil {
			// The kiosk's lock: a delete of the kiosk counting its open
			// shifts either sees this one or happened first (then 404).
			if n, err := q.LockKiosk(ctx, store.LockKioskParams{ID: pr.kiosk.ID, BusinessID: biz.ID}); err != nil {
				return err
			} else if n == 0 {
				return payroll.NotFound("kiosk")
			}
			kioskID = nullID(pr.kiosk.ID)
		}
		row, err := q.InsertClockShift(ctx, store.InsertClockShiftParams{BusinessID: biz.ID, EmployeeID: a.EmployeeID, KioskID: kioskID,
			LocationID: nullID(a.LocationID), WorkTypeID: nullID(a.WorkTypeID), ClassificationID: nullID(a.ClassificationID),
			ShiftConditionIds: idList(a.ShiftConditionIDs), DimensionValueIds: idList(a.DimensionValueIDs), RosterShiftID: nullID(rosterID),
			Status: ClockedOn, StartUtc: pr.utc, StartLocal: pr.local, Source: source, CreatedAt: s.Clock.Now().UTC()})
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("employee %d is already clocked on", a.EmployeeID)
		}
		if err != nil {
			return err
		}
		return s.addNote(ctx, q, biz, p, row.ID, &a, "ClockOn")
	})
	if err != nil {
		return Status{}, err
	}
	return s.Status(ctx, biz, p, a.EmployeeID)
}

// open reads the employee's open shift (409 when none is).
func open(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64) (store.ClockShift, error) {
	sh, err := q.GetOpenClockShift(ctx, store.GetOpenClockShiftParams{EmployeeID: employeeID, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return sh, payroll.Conflict("employee %d is not clocked on", employeeID)
	}
	return sh, err
}

// move sets the shift's state conditional on the version read.
func move(ctx context.Context, q *store.Queries, sh store.ClockShift, to string, endUTC, endLocal time.Time, line int64, now time.Time) (store.ClockShift, error) {
	p := store.SetClockShiftStatusParams{ID: sh.ID, BusinessID: sh.BusinessID, Version: sh.Version, Status: to, TimesheetLineID: nullID(line), UpdatedAt: now}
	if !endUTC.IsZero() {
		p.EndUtc, p.EndLocal = sql.NullTime{Time: endUTC, Valid: true}, sql.NullTime{Time: endLocal, Valid: true}
	}
	r, err := q.SetClockShiftStatus(ctx, p)
	if db.IsNoRows(err) {
		return r, payroll.Conflict("the shift of employee %d was changed meanwhile; try again", sh.EmployeeID)
	}
	return r, err
}

// StartBreak starts a break of the open shift (ClockedOn -> OnBreak).
func (s *Service) StartBreak(ctx context.Context, biz business.Business, p *payroll.Principal, a Action) (_ Status, err error) {
	defer payroll.Wrap(&err, "start break of employee %d", a.EmployeeID)
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		pr, err := s.prepare(ctx, q, biz, p, &a)
		if err != nil {
			return err
		}
		sh, err := open(ctx, q, biz, a.EmployeeID)
		if err != nil {
			return err
		}
		if sh.Status != ClockedOn {
			return payroll.Conflict("employee %d is already on a break", a.EmployeeID)
		}
		if pr.utc.Before(sh.StartUtc) {
			return payroll.Invalid("recordedTimeUtc", "the break cannot start before the shift")
		}
		if _, err := move(ctx, q, sh, OnBreak, time.Time{}, time.Time{}, 0, s.Clock.Now().UTC()); err != nil {
			return err
		}
		err = q.InsertClockBreak(ctx, store.InsertClockBreakParams{BusinessID: biz.ID, ShiftID: sh.ID, StartUtc: pr.utc, StartLocal: pr.local, IsPaid: a.IsPaidBreak})
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("employee %d is already on a break", a.EmployeeID)
		}
		return err
	})
	if err != nil {
		return Status{}, err
	}
	return s.Status(ctx, biz, p, a.EmployeeID)
}

// EndBreak ends the open break (OnBreak -> ClockedOn).
func (s *Service) EndBreak(ctx context.Context, biz business.Business, p *payroll.Principal, a Action) (_ Status, err error) {
	defer payroll.Wrap(&err, "end break of employee %d", a.EmployeeID)
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		pr, err := s.prepare(ctx, q, biz, p, &a)
		if err != nil {
			return err
		}
		sh, err := open(ctx, q, biz, a.EmployeeID)
		if err != nil {
			return err
		}
		if sh.Status != OnBreak {
			return payroll.Conflict("employee %d is not on a break", a.EmployeeID)
		}
		if err := endBreak(ctx, q, biz, sh, pr, a.IsPaidBreak); err != nil {
			return err
		}
		_, err = move(ctx, q, sh, ClockedOn, time.Time{}, time.Time{}, 0, s.Clock.Now().UTC())
		return err
	})
	if err != nil {
		return Status{}, err
	}
	return s.Status(ctx, biz, p, a.EmployeeID)
}

func endBreak(ctx context.Context, q *store.Queries, biz business.Business, sh store.ClockShift, pr prepared, paid bool) error {
	bs, err := q.ListClockBreaks(ctx, sh.ID)
	if err != nil {
		return err
	}
	for _, b := range bs {
		if !b.EndUtc.Valid && pr.utc.Before(b.StartUtc) {
			return payroll.Invalid("recordedTimeUtc", "the break cannot end before it starts")
		}
		if !b.EndUtc.Valid {
			paid = paid || b.IsPaid
		}
	}
	_, err = q.EndClockBreak(ctx, store.EndClockBreakParams{ShiftID: sh.ID, BusinessID: biz.ID, EndUtc: sql.NullTime{Time: pr.utc, Valid: true},
		EndLocal: sql.NullTime{Time: pr.local, Valid: true}, IsPaid: paid})
	if db.IsNoRows(err) {
		return payroll.Conflict("employee %d is not on a break", sh.EmployeeID)
	}
	return err
}

// ClockOff closes the open shift and writes its Submitted timesheet line
// in the same transaction; it returns the line.
func (s *Service) ClockOff(ctx context.Context, biz business.Business, p *payroll.Principal, a Action) (_ timesheet.Line, err error) {
	defer payroll.Wrap(&err, "clock off employee %d", a.EmployeeID)
	var line timesheet.Line
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		pr, err := s.prepare(ctx, q, biz, p, &a)
		if err != nil {
			return err
		}
		sh, err := open(ctx, q, biz, a.EmployeeID)
		if err != nil {
			return err
		}
		if pr.utc.Before(sh.StartUtc) {
			return payroll.Invalid("recordedTimeUtc", "the shift cannot end before it started")
		}
		if sh.Status == OnBreak {
			if err := endBreak(ctx, q, biz, sh, pr, a.IsPaidBreak); err != nil {
				return err
			}
		}
		if line, err = s.writeLine(ctx, q, biz, p, sh, pr.local, a.Note); err != nil {
			return err
		}
		if _, err := move(ctx, q, sh, ClockedOff, pr.utc, pr.local, line.ID, s.Clock.Now().UTC()); err != nil {
			return err
		}
		return s.addNote(ctx, q, biz, p, sh.ID, &a, "ClockOff")
	})
	return line, err
}

// writeLine writes the Submitted timesheet line of shift sh ending at
// endLocal (wall clock): its times and breaks (read from the shift)
// rounded by the business's rules, snapped to the rostered start and end
// where the rules say.
func (s *Service) writeLine(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, sh store.ClockShift, endLocal time.Time, note string) (timesheet.Line, error) {
	rules, err := s.Rounding(ctx, q, biz)
	if err != nil {
		return timesheet.Line{}, err
	}
	// The rostered shift the clock-on matched (or one matching now).
	var rosterStart, rosterEnd *time.Time
	if sh.RosterShiftID.Valid && s.Roster != nil {
		if r, err := q.GetRosterShift(ctx, store.GetRosterShiftParams{ID: sh.RosterShiftID.Int64, BusinessID: biz.ID}); err == nil {
			st, en := r.StartTime.UTC(), r.EndTime.UTC()
			rosterStart, rosterEnd = &st, &en
		} else if !db.IsNoRows(err) {
			return timesheet.Line{}, err
		}
	}
	start := rules.ShiftStart(sh.StartLocal.UTC(), rosterStart)
	end := rules.ShiftEnd(endLocal, rosterEnd)
	if !end.After(start) {
		return timesheet.Line{}, payroll.Conflict("the shift of employee %d is shorter than a minute after rounding; discard it instead", sh.EmployeeID)
	}
	in := timesheet.Input{EmployeeID: sh.EmployeeID, Start: payroll.NewDateTime(start), End: payroll.NewDateTime(end),
		SubmittedStart: payroll.NewDateTime(sh.StartLocal.UTC()), SubmittedEnd: payroll.NewDateTime(endLocal),
		ShiftConditionIDs: parseIDList(sh.ShiftConditionIds), DimensionValueIDs: parseIDList(sh.DimensionValueIds),
		Comments: strings.TrimSpace(note), Source: sh.Source, Status: timesheet.StatusSubmitted}
	if sh.LocationID.Valid {
		in.LocationID = &sh.LocationID.Int64
	}
	if sh.WorkTypeID.Valid {
		in.WorkTypeID = &sh.WorkTypeID.Int64
	}
	bs, err := q.ListClockBreaks(ctx, sh.ID)
	if err != nil {
		return timesheet.Line{}, err
	}
	for _, b := range bs {
		bst, ben := rules.BreakStart(b.StartLocal.UTC()), rules.BreakEnd(b.EndLocal.Time.UTC())
		// Rounding must not push a break outside the line or make it empty.
		if bst.Before(start) {
			bst = start
		}
		if ben.After(end) {
			ben = end
		}
		if !ben.After(bst) {
			continue
		}
		in.Breaks = append(in.Breaks, timesheet.BreakInput{Start: payroll.NewDateTime(bst), End: payroll.NewDateTime(ben),
			SubmittedStart: payroll.NewDateTime(b.StartLocal.UTC()), SubmittedEnd: payroll.NewDateTime(b.EndLocal.Time.UTC()), IsPaidBreak: b.IsPaid})
	}
	return s.Timesheets.CreateInTx(ctx, q, biz, p, in)
}

// Discard drops the open shift without a timesheet line.
func (s *Service) Discard(ctx context.Context, biz business.Business, p *payroll.Principal, a Action) (_ Status, err error) {
	defer payroll.Wrap(&err, "discard shift of employee %d", a.EmployeeID)
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		pr, err := s.prepare(ctx, q, biz, p, &a)
		if err != nil {
			return err
		}
		sh, err := open(ctx, q, biz, a.EmployeeID)
		if err != nil {
			return err
		}
		if sh.Status == OnBreak {
			if err := endBreak(ctx, q, biz, sh, pr, false); err != nil {
				return err
			}
		}
		_, err = move(ctx, q, sh, Discarded, pr.utc, pr.local, 0, s.Clock.Now().UTC())
		return err
	})
	if err != nil {
		return Status{}, err
	}
	return s.Status(ctx, biz, p, a.EmployeeID)
}
