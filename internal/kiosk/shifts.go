package kiosk

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/user"
)

// ShiftQuery selects clocked shifts (GetShiftsModel).
type ShiftQuery struct {
	KioskID, LocationID, EmployeeID int64
	From, To                        time.Time // UTC; zero = default
}

// MaxShiftRange bounds the span of one shifts query.
const MaxShiftRange = 92 * 24 * time.Hour

// IDName is a record named in a shift.
type IDName struct {
	ID       int64
	Name     string
	ParentID int64
}

// BreakTimes is a break of a clocked shift.
type BreakTimes struct {
	StartUTC, StartLocal time.Time
	EndUTC, EndLocal     time.Time // zero while open
	IsPaid               bool
}

// Shift is a clocked shift (AuTimeAndAttendanceShiftModel).
type Shift struct {
	ID                   int64
	Status               string
	StartUTC, StartLocal time.Time
	EndUTC, EndLocal     time.Time // zero while open
	LocationID           int64
	LocationName         string
	WorkTypeID           int64
	WorkTypeName         string
	ClassificationID     int64
	KioskID              int64
	KioskName            string
	TimesheetLineID      int64
	Employee             Status
	Breaks               []BreakTimes
	ShiftConditions      []IDName
	DimensionValues      []IDName
}

const shiftsSQL = `SELECT s.id, s.status, s.start_utc, s.start_local, s.end_utc, s.end_local, s.location_id, COALESCE(l.name, ''),
    s.work_type_id, COALESCE(w.name, ''), s.classification_id, s.kiosk_id, COALESCE(k.name, ''), s.timesheet_line_id,
    s.shift_condition_ids, s.dimension_value_ids,
    e.id, e.first_name, e.surname, e.email, e.mobile_phone, e.start_date
FROM clock_shifts s
JOIN employees e ON e.id = s.employee_id
LEFT JOIN records l ON l.id = s.location_id
LEFT JOIN records w ON w.id = s.work_type_id
LEFT JOIN kiosks k ON k.id = s.kiosk_id
WHERE s.business_id = $1 AND s.status <> 'Discarded' AND s.start_utc >= $2 AND s.start_utc <= $3`

// Shifts lists the clocked shifts (not discarded ones) starting in the
// query's range, of the employees p may see, oldest first. The range
// defaults to the 7 days up to now and spans at most MaxShiftRange.
func (s *Service) Shifts(ctx context.Context, biz business.Business, p *payroll.Principal, sq ShiftQuery) (_ []Shift, err error) {
	defer payroll.Wrap(&err, "list clocked shifts")
	now := s.Clock.Now().UTC()
	if sq.To.IsZero() {
		sq.To = now
		if !sq.From.IsZero() && sq.From.Add(7*24*time.Hour).Before(now) {
			sq.To = sq.From.Add(7 * 24 * time.Hour)
		}
	}
	if sq.From.IsZero() {
		sq.From = sq.To.Add(-7 * 24 * time.Hour)
	}
	if sq.To.Before(sq.From) {
		return nil, payroll.Invalid("toDateUtc", "toDateUtc is before fromDateUtc")
	}
	if sq.To.Sub(sq.From) > MaxShiftRange {
		return nil, payroll.Invalid("toDateUtc", "a query spans at most %d days", int(MaxShiftRange/(24*time.Hour)))
	}
	q := s.DB.Queries()
	if sq.KioskID != 0 {
		if _, err := s.getKiosk(ctx, q, biz, sq.KioskID); err != nil {
			return nil, payroll.Invalid("kioskId", "kiosk %d is not a kiosk of this business", sq.KioskID)
		}
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	args := []any{biz.ID, sq.From.UTC(), sq.To.UTC()}
	query := shiftsSQL
	for _, f := range []struct {
		col string
		v   int64
	}{{"s.kiosk_id", sq.KioskID}, {"s.location_id", sq.LocationID}, {"s.employee_id", sq.EmployeeID}} {
		if f.v != 0 {
			args = append(args, f.v)
			query += fmt.Sprintf(" AND %s = $%d", f.col, len(args))
		}
	}
	where, args := sc.SQL(args)
	rows, err := q.Query(ctx, query+" AND "+where+" ORDER BY s.start_utc, s.id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Shift{}
	for rows.Next() {
		var sh Shift
		var endUTC, endLocal, start sql.NullTime
		var loc, wt, cls, kiosk, line sql.NullInt64
		var conds, dims string
		e := &sh.Employee
		if err := rows.Scan(&sh.ID, &sh.Status, &sh.StartUTC, &sh.StartLocal, &endUTC, &endLocal, &loc, &sh.LocationName, &wt, &sh.WorkTypeName,
			&cls, &kiosk, &sh.KioskName, &line, &conds, &dims, &e.EmployeeID, &e.FirstName, &e.Surname, &e.Email, &e.Mobile, &start); err != nil {
			return nil, err
		}
		sh.StartUTC, sh.StartLocal = sh.StartUTC.UTC(), sh.StartLocal.UTC()
		sh.EndUTC, sh.EndLocal = endUTC.Time.UTC(), endLocal.Time.UTC()
		if !endUTC.Valid {
			sh.EndUTC, sh.EndLocal = time.Time{}, time.Time{}
		}
		sh.LocationID, sh.WorkTypeID, sh.ClassificationID, sh.KioskID, sh.TimesheetLineID = loc.Int64, wt.Int64, cls.Int64, kiosk.Int64, line.Int64
		e.StartDate = start.Time
		// The employee as of this shift: on it while it is open.
		e.Status = sh.Status
		switch sh.Status {
		case ClockedOn, OnBreak:
			e.CurrentShiftID, e.ClockOnUTC, e.RecordedUTC = sh.ID, sh.StartUTC, sh.StartUTC
		default:
			e.TimesheetLineID, e.RecordedUTC = sh.TimesheetLineID, sh.EndUTC
		}
		for _, id := range parseIDList(conds) {
			sh.ShiftConditions = append(sh.ShiftConditions, IDName{ID: id})
		}
		for _, id := range parseIDList(dims) {
			sh.DimensionValues = append(sh.DimensionValues, IDName{ID: id})
		}
		out = append(out, sh)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	for i := range out {
		sh := &out[i]
		bs, err := q.ListClockBreaks(ctx, sh.ID)
		if err != nil {
			return nil, err
		}
		sh.Breaks = []BreakTimes{}
		for _, b := range bs {
			bt := BreakTimes{StartUTC: b.StartUtc.UTC(), StartLocal: b.StartLocal.UTC(), IsPaid: b.IsPaid}
			if b.EndUtc.Valid {
				bt.EndUTC, bt.EndLocal = b.EndUtc.Time.UTC(), b.EndLocal.Time.UTC()
			}
			if sh.Status == OnBreak && !b.EndUtc.Valid {
				sh.Employee.BreakStartUTC, sh.Employee.RecordedUTC = bt.StartUTC, bt.StartUTC
			}
			sh.Breaks = append(sh.Breaks, bt)
		}
		for _, set := range []struct {
			items []IDName
			kind  string
		}{{sh.ShiftConditions, record.KindWorkType}, {sh.DimensionValues, record.KindDimensionValue}} {
			for j := range set.items {
				r, err := q.GetRecord(ctx, store.GetRecordParams{ID: set.items[j].ID, BusinessID: biz.ID, Kind: set.kind})
				if err == nil {
					set.items[j].Name, set.items[j].ParentID = r.Name, r.ParentID
				} else if !db.IsNoRows(err) {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// BreakSpan is a break of an added shift.
type BreakSpan struct {
	StartUTC, EndUTC time.Time
	IsPaid           bool
}

// AddShift records a complete shift the employee worked at kiosk a.KioskID
// (the kiosk forgot to clock them, or a manager enters it): from start to
// end (UTC) with breaks, stored as a clocked-off shift with its Submitted
// timesheet line, written as clock off writes it. A shift overlapping
// another of the employee's (open or closed) is a 409.
func (s *Service) AddShift(ctx context.Context, biz business.Business, p *payroll.Principal, a Action, start, end time.Time, breaks []BreakSpan) (_ Shift, err error) {
	defer payroll.Wrap(&err, "add shift of employee %d", a.EmployeeID)
	var v payroll.Validation
	if start.IsZero() {
		v.Add("recordedStartTimeUtc", "recordedStartTimeUtc is required")
	}
	if end.IsZero() {
		v.Add("recordedEndTimeUtc", "recordedEndTimeUtc is required")
	} else if !start.IsZero() && !end.After(start) {
		v.Add("recordedEndTimeUtc", "recordedEndTimeUtc must be after recordedStartTimeUtc")
	} else if end.After(s.Clock.Now().Add(5 * time.Minute)) {
		v.Add("recordedEndTimeUtc", "recordedEndTimeUtc is in the future")
	}
	start, end = start.UTC().Truncate(time.Second), end.UTC().Truncate(time.Second)
	for i, b := range breaks {
		b.StartUTC, b.EndUTC = b.StartUTC.UTC().Truncate(time.Second), b.EndUTC.UTC().Truncate(time.Second)
		breaks[i] = b
		name := fmt.Sprintf("breaks[%d]", i)
		switch {
		case b.StartUTC.IsZero() || b.EndUTC.IsZero():
			v.Add(name, "%s needs start.recordedTimeUtc and end.recordedTimeUtc", name)
		case !b.EndUTC.After(b.StartUTC):
			v.Add(name, "%s ends before it starts", name)
		case b.StartUTC.Before(start) || b.EndUTC.After(end):
			v.Add(name, "%s is outside the shift", name)
		case i > 0 && b.StartUTC.Before(breaks[i-1].EndUTC):
			v.Add(name, "%s overlaps the break before it (breaks in order, not overlapping)", name)
		}
	}
	if err := v.Err(); err != nil {
		return Shift{}, err
	}
	var id int64
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		a.RecordedTimeUTC = start
		pr, err := s.prepare(ctx, q, biz, p, &a)
		if err != nil {
			return err
		}
		if _, err := q.LockKioskEmployee(ctx, store.LockKioskEmployeeParams{EmployeeID: a.EmployeeID, BusinessID: biz.ID, UpdatedAt: s.Clock.Now().UTC()}); err != nil {
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
		var n int64
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM clock_shifts WHERE employee_id = $1 AND business_id = $2 AND status <> 'Discarded'
    AND start_utc < $3 AND (end_utc IS NULL OR end_utc > $4)`, a.EmployeeID, biz.ID, end, start).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return payroll.Conflict("employee %d has a clocked shift overlapping %s to %s UTC", a.EmployeeID, start.Format(payroll.LocalLayout), end.Format(payroll.LocalLayout))
		}
		endLocal := wall(end, pr.loc)
		var kioskID sql.NullInt64
		if pr.kiosk != nil {
			kioskID = nullID(pr.kiosk.ID)
		}
		now := s.Clock.Now().UTC()
		sh, err := q.InsertClockShift(ctx, store.InsertClockShiftParams{BusinessID: biz.ID, EmployeeID: a.EmployeeID, KioskID: kioskID,
			LocationID: nullID(a.LocationID), WorkTypeID: nullID(a.WorkTypeID), ClassificationID: nullID(a.ClassificationID),
			ShiftConditionIds: idList(a.ShiftConditionIDs), DimensionValueIds: idList(a.DimensionValueIDs), RosterShiftID: nullID(rosterID),
			Status: ClockedOff, StartUtc: pr.utc, StartLocal: pr.local, EndUtc: sql.NullTime{Time: end, Valid: true},
			EndLocal: sql.NullTime{Time: endLocal, Valid: true}, Source: SourceKiosk, CreatedAt: now})
		if err != nil {
			return err
		}
		for _, b := range breaks {
			if err := q.InsertClockBreak(ctx, store.InsertClockBreakParams{BusinessID: biz.ID, ShiftID: sh.ID, StartUtc: b.StartUTC, StartLocal: wall(b.StartUTC, pr.loc),
				EndUtc: sql.NullTime{Time: b.EndUTC, Valid: true}, EndLocal: sql.NullTime{Time: wall(b.EndUTC, pr.loc), Valid: true}, IsPaid: b.IsPaid}); err != nil {
				return err
			}
		}
		line, err := s.writeLine(ctx, q, biz, p, sh, endLocal, a.Note)
		if err != nil {
			return err
		}
		if _, err := move(ctx, q, sh, ClockedOff, end, endLocal, line.ID, now); err != nil {
			return err
		}
		id = sh.ID
		return s.addNote(ctx, q, biz, p, sh.ID, &a, "Shift")
	})
	if err != nil {
		return Shift{}, err
	}
	shifts, err := s.Shifts(ctx, biz, p, ShiftQuery{EmployeeID: a.EmployeeID, From: start, To: start})
	if err != nil {
		return Shift{}, err
	}
	for _, sh := range shifts {
		if sh.ID == id {
			return sh, nil
		}
	}
	return Shift{}, payroll.NotFound("shift")
}

// Staff lists the employees with kiosk access that kiosk kioskID serves
// (the employees linked to its location; every one when it has none), not
// terminated, that p may see, with their attendance state, by surname.
// With currentOnly an open shift at another location (and another kiosk)
// than the kiosk's shows as not clocked on.
func (s *Service) Staff(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID int64, currentOnly bool) (_ []Status, err error) {
	defer payroll.Wrap(&err, "list staff of kiosk %d", kioskID)
	q := s.DB.Queries()
	k, err := s.getKiosk(ctx, q, biz, kioskID)
	if err != nil {
		return nil, err
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	args := []any{biz.ID}
	shiftJoin := "s.employee_id = e.id AND s.status IN ('ClockedOn', 'OnBreak')"
	locFilter := ""
	if k.LocationID != nil {
		args = append(args, *k.LocationID)
		locFilter = fmt.Sprintf(" AND EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = e.id AND el.location_id = $%d)", len(args))
		if currentOnly {
			args = append(args, k.ID)
			shiftJoin += fmt.Sprintf(" AND (s.location_id = $%d OR s.kiosk_id = $%d)", len(args)-1, len(args))
		}
	}
	where, args := sc.SQL(args)
	// From the kiosk's users (kiosk_employees by business) to their
	// employees: CROSS JOIN keeps SQLite from walking every employee of
	// the business instead (it cannot tell how few kiosk users there are).
	rows, err := q.Query(ctx, `SELECT e.id, e.first_name, e.surname, e.email, e.mobile_phone, e.start_date, ke.pin_expired, s.id, s.status, s.start_utc, b.start_utc
FROM kiosk_employees ke
CROSS JOIN employees e
LEFT JOIN clock_shifts s ON `+shiftJoin+`
LEFT JOIN clock_breaks b ON b.shift_id = s.id AND b.end_utc IS NULL
WHERE ke.business_id = $1 AND ke.has_access AND e.id = ke.employee_id AND e.business_id = $1 AND e.status <> 'Terminated'`+locFilter+` AND `+where+`
ORDER BY e.surname, e.first_name, e.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Status{}
	for rows.Next() {
		var st Status
		var start, shiftStart, breakStart sql.NullTime
		var shiftID sql.NullInt64
		var shiftStatus sql.NullString
		if err := rows.Scan(&st.EmployeeID, &st.FirstName, &st.Surname, &st.Email, &st.Mobile, &start, &st.PinExpired, &shiftID, &shiftStatus, &shiftStart, &breakStart); err != nil {
			return nil, err
		}
		st.StartDate, st.Status = start.Time, NotClockedOn
		if shiftID.Valid {
			st.Status, st.CurrentShiftID, st.ClockOnUTC, st.RecordedUTC = shiftStatus.String, shiftID.Int64, shiftStart.Time.UTC(), shiftStart.Time.UTC()
			if breakStart.Valid {
				st.BreakStartUTC, st.RecordedUTC = breakStart.Time.UTC(), breakStart.Time.UTC()
			}
		}
		out = append(out, st)
	}
	return out, rows.Err()
}

// NewStaff is an employee added at a kiosk (KioskCreateEmployeeModel).
type NewStaff struct {
	FirstName, Surname, Email, Mobile, Pin string
}

// AddStaff creates an employee at kiosk kioskID, as KeyPay's kiosk does:
// first name and surname required, the kiosk's location as their primary
// location, kiosk access granted and the PIN (4 to 8 digits, optional)
// set. The kiosk must allow adding employees (canAddEmployees, else 403)
// and a restricted user needs AddEmployeeFromKiosk with access to the
// kiosk (decided by the access layer before this runs).
func (s *Service) AddStaff(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID int64, in NewStaff) (_ Status, err error) {
	defer payroll.Wrap(&err, "add staff at kiosk %d", kioskID)
	q := s.DB.Queries()
	k, err := s.getKiosk(ctx, q, biz, kioskID)
	if err != nil {
		return Status{}, err
	}
	if !k.CanAddEmployees {
		return Status{}, payroll.Forbidden("kiosk %d does not allow adding employees (canAddEmployees)", kioskID)
	}
	if in.Pin != "" && !validPin(in.Pin) {
		return Status{}, payroll.Invalid("pin", "a PIN is 4 to 8 digits")
	}
	hash := ""
	if in.Pin != "" {
		if hash, err = user.HashPassword(ctx, in.Pin); err != nil {
			return Status{}, err
		}
	}
	patch := employee.Patch{}
	set := func(member, v string) {
		if v = strings.TrimSpace(v); v != "" {
			raw, _ := json.Marshal(v)
			patch[strings.ToLower(member)] = raw
		}
	}
	set("firstName", in.FirstName)
	set("surname", in.Surname)
	set("emailAddress", in.Email)
	set("mobilePhone", in.Mobile)
	set("startDate", s.Clock.Now().UTC().Format("2006-01-02")+"T00:00:00")
	if k.LocationID != nil {
		r, err := q.GetRecord(ctx, store.GetRecordParams{ID: *k.LocationID, BusinessID: biz.ID, Kind: record.KindLocation})
		if err != nil && !db.IsNoRows(err) {
			return Status{}, err
		}
		if err == nil {
			set("primaryLocation", r.Name)
		}
	}
	res, err := s.Employees.CreateGranted(ctx, biz, patch, func(q *store.Queries, e employee.Employee) error {
		now := s.Clock.Now().UTC()
		if err := q.SetKioskAccess(ctx, store.SetKioskAccessParams{EmployeeID: e.ID, BusinessID: biz.ID, HasAccess: true, UpdatedAt: now}); err != nil {
			return err
		}
		if hash == "" {
			return nil
		}
		_, err := q.SetKioskPin(ctx, store.SetKioskPinParams{EmployeeID: e.ID, BusinessID: biz.ID, Version: 1, PinHash: hash, UpdatedAt: now})
		return err
	})
	if err != nil {
		return Status{}, err
	}
	// The new employee may be outside a restricted caller's scope (a
	// kiosk without a location, a group scope): they still see whom they
	// added.
	return s.statusIn(ctx, biz, employee.Scope{All: true}, res.ID)
}

// ResetPin sets a new temporary PIN for the employee (expired at once, so
// the kiosk asks them to choose their own; the failure count and lock are
// cleared) and sends it to them through notify: by email (via "email") or
// SMS (via "sms"), recorded in the outbox. 400 naming employeeId when the
// employee has no email address / mobile number or no kiosk access.
func (s *Service) ResetPin(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, employeeID int64, via string) (err error) {
	defer payroll.Wrap(&err, "reset kiosk PIN of employee %d", employeeID)
	if employeeID <= 0 {
		return payroll.Invalid("employeeId", "employeeId is required")
	}
	q := s.DB.Queries()
	k, err := s.getKiosk(ctx, q, biz, kioskID)
	if err != nil {
		return err
	}
	e, _, err := s.kioskEmployee(ctx, q, biz, p, employeeID)
	if err != nil {
		return err
	}
	to := strings.TrimSpace(e.email)
	if via == "sms" {
		to = strings.TrimSpace(e.mobile)
	}
	if to == "" {
		what := "an email address"
		if via == "sms" {
			what = "a mobile number"
		}
		return payroll.Invalid("employeeId", "employee %d has no %s to send the PIN to", employeeID, what)
	}
	n, err := rand.Int(rand.Reader, big.NewInt(10000))
	if err != nil {
		return err
	}
	pin := fmt.Sprintf("%04d", n.Int64())
	hash, err := user.HashPassword(ctx, pin)
	if err != nil {
		return err
	}
	if err := s.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.ResetKioskPin(ctx, store.ResetKioskPinParams{EmployeeID: employeeID, BusinessID: biz.ID, PinHash: hash, UpdatedAt: s.Clock.Now().UTC()})
		if db.IsNoRows(err) {
			return payroll.Invalid("employeeId", "employee %d has no kiosk access", employeeID)
		}
		return err
	}); err != nil {
		return err
	}
	if s.Notify != nil {
		body := fmt.Sprintf("Hi %s, your PIN for the %s kiosk was reset. Your temporary PIN is %s; the kiosk will ask you to choose a new one.", e.first, k.Name, pin)
		s.Notify.Send(ctx, "kiosk_pin_reset_"+via, to, "Your kiosk PIN was reset", body)
	}
	return nil
}
