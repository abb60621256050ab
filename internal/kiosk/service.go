package kiosk

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/locations"
	"github.com/payrolld/payrolld/internal/notify"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/roster"
	"github.com/payrolld/payrolld/internal/settings"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
	"github.com/payrolld/payrolld/internal/user"
)

// Service owns kiosks, kiosk access and PINs, and clocked shifts.
type Service struct {
	DB         *db.DB
	Clock      payroll.Clock
	Employees  *employee.Service
	Timesheets *timesheet.Service
	Roster     *roster.Service
	// Rounding reads the business's timesheet rounding rules in q.
	Rounding func(ctx context.Context, q *store.Queries, biz business.Business) (settings.TimesheetRoundingRules, error)
	// Notify sends PIN resets (email and SMS are recorded in its outbox).
	Notify *notify.Sender
	// Lookups are the business's locations, work types and dimensions
	// (lookup data of the clock-on screens).
	Lookups *Lookups
}

// Lookups are the business setup the clock-on screens list: locations,
// and work types and dimensions (categories).
type Lookups struct {
	*locations.LocationCollections
	*categories.CoreCollections
}

// PIN lock-out.
const (
	MaxPinFailures = 5
	PinLockout     = 15 * time.Minute
)

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

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

func fromRow(r store.Kiosk) (Kiosk, error) {
	k := Kiosk{ID: r.ID, BusinessID: r.BusinessID, ExternalID: r.ExternalID, Name: r.Name, TimeZone: r.TimeZone, IanaTimeZone: r.IanaTimeZone, Version: r.Version}
	if r.LocationID.Valid {
		id := r.LocationID.Int64
		k.LocationID = &id
	}
	err := json.Unmarshal([]byte(r.Settings), &k.Settings)
	return k, err
}

func (s *Service) checkKiosk(ctx context.Context, q *store.Queries, biz business.Business, k *Kiosk) error {
	var v payroll.Validation
	k.Validate(&v)
	if k.LocationID != nil {
		if _, err := q.GetRecord(ctx, store.GetRecordParams{ID: *k.LocationID, BusinessID: biz.ID, Kind: record.KindLocation}); db.IsNoRows(err) {
			v.Add("locationId", "location %d is not a location of this business", *k.LocationID)
		} else if err != nil {
			return err
		}
	}
	return v.Err()
}

func locID(k *Kiosk) sql.NullInt64 {
	if k.LocationID == nil {
		return sql.NullInt64{}
	}
	return nullID(*k.LocationID)
}

// CreateKiosk stores a new kiosk.
func (s *Service) CreateKiosk(ctx context.Context, biz business.Business, k Kiosk) (_ Kiosk, err error) {
	defer payroll.Wrap(&err, "create kiosk")
	var out Kiosk
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		if err := s.checkKiosk(ctx, q, biz, &k); err != nil {
			return err
		}
		doc, err := json.Marshal(k.Settings)
		if err != nil {
			return err
		}
		r, err := q.InsertKiosk(ctx, store.InsertKioskParams{BusinessID: biz.ID, ExternalID: k.ExternalID, LocationID: locID(&k), Name: k.Name,
			TimeZone: k.TimeZone, IanaTimeZone: k.IanaTimeZone, Settings: string(doc), CreatedAt: s.Clock.Now().UTC()})
		if err != nil {
			return err
		}
		out, err = fromRow(r)
		return err
	})
	return out, err
}

// GetKiosk returns kiosk id of the business.
func (s *Service) GetKiosk(ctx context.Context, biz business.Business, id int64) (Kiosk, error) {
	return s.getKiosk(ctx, s.DB.Queries(), biz, id)
}

func (s *Service) getKiosk(ctx context.Context, q *store.Queries, biz business.Business, id int64) (Kiosk, error) {
	r, err := q.GetKiosk(ctx, store.GetKioskParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return Kiosk{}, payroll.NotFound("kiosk")
	}
	if err != nil {
		return Kiosk{}, err
	}
	return fromRow(r)
}

// ListKiosks returns the business's kiosks (a handful per business).
func (s *Service) ListKiosks(ctx context.Context, biz business.Business) (_ []Kiosk, err error) {
	defer payroll.Wrap(&err, "list kiosks")
	rows, err := s.DB.Queries().ListKiosks(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	out := make([]Kiosk, 0, len(rows))
	for _, r := range rows {
		k, err := fromRow(r)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

// UpdateKiosk replaces kiosk id, conditional on the version read.
func (s *Service) UpdateKiosk(ctx context.Context, biz business.Business, id int64, k Kiosk) (_ Kiosk, err error) {
	defer payroll.Wrap(&err, "update kiosk %d", id)
	var out Kiosk
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		old, err := s.getKiosk(ctx, q, biz, id)
		if err != nil {
			return err
		}
		if err := s.checkKiosk(ctx, q, biz, &k); err != nil {
			return err
		}
		doc, err := json.Marshal(k.Settings)
		if err != nil {
			return err
		}
		r, err := q.UpdateKiosk(ctx, store.UpdateKioskParams{ID: id, BusinessID: biz.ID, Version: old.Version, ExternalID: k.ExternalID, LocationID: locID(&k),
			Name: k.Name, TimeZone: k.TimeZone, IanaTimeZone: k.IanaTimeZone, Settings: string(doc), UpdatedAt: s.Clock.Now().UTC()})
		if db.IsNoRows(err) {
			return payroll.Conflict("kiosk %d was changed meanwhile; read it again", id)
		}
		if err != nil {
			return err
		}
		out, err = fromRow(r)
		return err
	})
	return out, err
}

// DeleteKiosk removes a kiosk no one is clocked on at (409 otherwise);
// its past shifts keep their times and lose the kiosk.
func (s *Service) DeleteKiosk(ctx context.Context, biz business.Business, id int64) (err error) {
	defer payroll.Wrap(&err, "delete kiosk %d", id)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if n, err := q.LockKiosk(ctx, store.LockKioskParams{ID: id, BusinessID: biz.ID}); err != nil {
			return err
		} else if n == 0 {
			return payroll.NotFound("kiosk")
		}
		n, err := q.CountOpenClockShiftsOfKiosk(ctx, nullID(id))
		if err != nil {
			return err
		}
		if n > 0 {
			return payroll.Conflict("kiosk %d has %d employees clocked on; clock them off first", id, n)
		}
		_, err = q.DeleteKiosk(ctx, store.DeleteKioskParams{ID: id, BusinessID: biz.ID})
		return err
	})
}

// Clock returns the kiosk's zone and windows (for roster matching).
func (s *Service) ClockOf(ctx context.Context, biz business.Business, id int64) (*time.Location, time.Duration, time.Duration, error) {
	k, err := s.GetKiosk(ctx, biz, id)
	if err != nil {
		return nil, 0, 0, err
	}
	on, off := k.Windows()
	return k.Location(), on, off, nil
}

// employeeRow is the part of an employee the kiosk shows.
type employeeRow struct {
	first, surname, email, mobile string
	start                         sql.NullTime
}

// visibleEmployee reads employee id if p may see it (NotFound otherwise).
func (s *Service) visibleEmployee(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, id int64) (employeeRow, error) {
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return employeeRow{}, err
	}
	return s.employeeIn(ctx, q, biz, sc, id)
}

// employeeIn is visibleEmployee within a decided scope.
func (s *Service) employeeIn(ctx context.Context, q *store.Queries, biz business.Business, sc employee.Scope, id int64) (employeeRow, error) {
	where, args := sc.SQL([]any{biz.ID, id})
	var e employeeRow
	err := q.QueryRow(ctx, "SELECT e.first_name, e.surname, e.email, e.mobile_phone, e.start_date FROM employees e WHERE e.business_id = $1 AND e.id = $2 AND "+where,
		args...).Scan(&e.first, &e.surname, &e.email, &e.mobile, &e.start)
	if db.IsNoRows(err) {
		return employeeRow{}, payroll.NotFound("employee")
	}
	return e, err
}

// SetAccess grants or revokes an employee's kiosk access.
func (s *Service) SetAccess(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, grant bool) (err error) {
	defer payroll.Wrap(&err, "set kiosk access of employee %d", employeeID)
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := s.visibleEmployee(ctx, q, biz, p, employeeID); err != nil {
			return err
		}
		return q.SetKioskAccess(ctx, store.SetKioskAccessParams{EmployeeID: employeeID, BusinessID: biz.ID, HasAccess: grant, UpdatedAt: s.Clock.Now().UTC()})
	})
}

// HasAccess reports whether the employee may use the business's kiosks.
func (s *Service) HasAccess(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ bool, err error) {
	defer payroll.Wrap(&err, "kiosk access of employee %d", employeeID)
	q := s.DB.Queries()
	if _, err := s.visibleEmployee(ctx, q, biz, p, employeeID); err != nil {
		return false, err
	}
	r, err := q.GetKioskEmployee(ctx, store.GetKioskEmployeeParams{EmployeeID: employeeID, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return false, nil
	}
	return r.HasAccess, err
}

// kioskEmployee reads the employee for a kiosk action: visible to p, with
// kiosk access (404 without: the kiosk does not know them).
func (s *Service) kioskEmployee(ctx context.Context, q *store.Queries, biz business.Business, p *payroll.Principal, employeeID int64) (employeeRow, store.KioskEmployee, error) {
	e, err := s.visibleEmployee(ctx, q, biz, p, employeeID)
	if err != nil {
		return e, store.KioskEmployee{}, err
	}
	r, err := q.GetKioskEmployee(ctx, store.GetKioskEmployeeParams{EmployeeID: employeeID, BusinessID: biz.ID})
	if db.IsNoRows(err) || (err == nil && !r.HasAccess) {
		return e, r, payroll.Invalid("employeeId", "employee %d has no kiosk access", employeeID)
	}
	return e, r, err
}

func validPin(pin string) bool {
	if len(pin) < 4 || len(pin) > 8 {
		return false
	}
	for _, c := range pin {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// checkPin verifies pin against the stored hash, counting failures and
// refusing while locked (409). The attempt is counted before the hash is
// checked, in one statement (ReserveKioskPinAttempt): checking first and
// counting after would let any number of guesses sent at once be checked
// before the first failure was counted; this way at most MaxPinFailures
// are, however many arrive together. A good PIN clears the count.
func (s *Service) checkPin(ctx context.Context, biz business.Business, employeeID int64, r store.KioskEmployee, pin, member string) error {
	now := s.Clock.Now().UTC()
	locked := func(until time.Time) error {
		return payroll.Conflict("too many wrong PINs: PIN checks for employee %d are locked until %s UTC (or reset the PIN)", employeeID, until.UTC().Format(payroll.LocalLayout))
	}
	if r.LockedUntil.Valid && now.Before(r.LockedUntil.Time) {
		return locked(r.LockedUntil.Time)
	}
	if r.PinHash == "" {
		return payroll.Conflict("employee %d has no PIN yet; set one with changepin", employeeID)
	}
	// The hashing slot is taken before the attempt is counted, so a guess
	// refused because the server is busy hashing (429) costs the employee
	// no attempt.
	ctx, release, err := user.HoldHashSlot(ctx)
	if err != nil {
		return err
	}
	defer release()
	// Counted in its own transaction: the attempt must stick even though
	// the request fails.
	var n int64
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		n, err = q.ReserveKioskPinAttempt(ctx, store.ReserveKioskPinAttemptParams{EmployeeID: employeeID, BusinessID: biz.ID, FailedAttempts: MaxPinFailures,
			LockedUntil: sql.NullTime{Time: now.Add(PinLockout), Valid: true}, UpdatedAt: now})
		return err
	})
	if db.IsNoRows(err) { // a concurrent guess set the lock
		if cur, err := s.DB.Queries().GetKioskEmployee(ctx, store.GetKioskEmployeeParams{EmployeeID: employeeID, BusinessID: biz.ID}); err == nil && cur.LockedUntil.Valid {
			return locked(cur.LockedUntil.Time)
		}
		return locked(now.Add(PinLockout))
	}
	if err != nil {
		return err
	}
	ok, err := user.CheckPassword(ctx, r.PinHash, pin)
	if err != nil {
		return err
	}
	if ok {
		return s.DB.InTx(ctx, func(q *store.Queries) error {
			return q.KioskPinSucceeded(ctx, store.KioskPinSucceededParams{EmployeeID: employeeID, BusinessID: biz.ID, UpdatedAt: now})
		})
	}
	if n >= MaxPinFailures {
		return payroll.Conflict("too many wrong PINs: PIN checks for employee %d are locked for %d minutes", employeeID, int(PinLockout/time.Minute))
	}
	return payroll.Invalid(member, "the PIN is not correct (%d of %d attempts left)", MaxPinFailures-n, MaxPinFailures)
}

// CheckPin verifies an employee's PIN at a kiosk and returns their status.
func (s *Service) CheckPin(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, employeeID int64, pin string) (_ Status, err error) {
	defer payroll.Wrap(&err, "check kiosk PIN of employee %d", employeeID)
	q := s.DB.Queries()
	if _, err := s.getKiosk(ctx, q, biz, kioskID); err != nil {
		return Status{}, err
	}
	_, r, err := s.kioskEmployee(ctx, q, biz, p, employeeID)
	if err != nil {
		return Status{}, err
	}
	if err := s.checkPin(ctx, biz, employeeID, r, pin, "pin"); err != nil {
		return Status{}, err
	}
	return s.Status(ctx, biz, p, employeeID)
}

// ChangePin sets a new PIN (4 to 8 digits). With a PIN set, oldPin must
// match it (a wrong one counts towards the lock-out); the first PIN needs
// none. Conditional on the version read (409 to a concurrent change).
func (s *Service) ChangePin(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, employeeID int64, oldPin, newPin string) (err error) {
	defer payroll.Wrap(&err, "change kiosk PIN of employee %d", employeeID)
	if !validPin(newPin) {
		return payroll.Invalid("newPin", "a PIN is 4 to 8 digits")
	}
	q := s.DB.Queries()
	if _, err := s.getKiosk(ctx, q, biz, kioskID); err != nil {
		return err
	}
	_, r, err := s.kioskEmployee(ctx, q, biz, p, employeeID)
	if err != nil {
		return err
	}
	if r.PinHash != "" && !r.PinExpired {
		if err := s.checkPin(ctx, biz, employeeID, r, oldPin, "oldPin"); err != nil {
			return err
		}
		if r, err = q.GetKioskEmployee(ctx, store.GetKioskEmployeeParams{EmployeeID: employeeID, BusinessID: biz.ID}); err != nil {
			return err
		}
	}
	hash, err := user.HashPassword(ctx, newPin)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		_, err := q.SetKioskPin(ctx, store.SetKioskPinParams{EmployeeID: employeeID, BusinessID: biz.ID, Version: r.Version, PinHash: hash, UpdatedAt: s.Clock.Now().UTC()})
		if db.IsNoRows(err) {
			return payroll.Conflict("the PIN of employee %d was changed meanwhile", employeeID)
		}
		return err
	})
}

// AvailableToAllRestricted reports whether kiosk id of biz is offered to
// every restricted user with kiosk access (a NotFound error when biz has
// no such kiosk): the HTTP layer's kiosk access decision.
func (s *Service) AvailableToAllRestricted(ctx context.Context, biz business.Business, id int64) (_ bool, err error) {
	defer payroll.Wrap(&err, "kiosk %d access", id)
	k, err := s.GetKiosk(ctx, biz, id)
	return k.Settings.AvailableToAllRestrictedUsersWithKioskAccess, err
}
