package leave

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Unavailability is a time an employee cannot work (UnavailabilityModel).
// A recurring one repeats weekly on recurringDay from fromDate until
// endDate (open-ended without one).
type Unavailability struct {
	ID               int64            `json:"id"`
	EmployeeID       int64            `json:"employeeId"`
	FromDate         payroll.DateTime `json:"fromDate"`
	ToDate           payroll.DateTime `json:"toDate"`
	EndDate          payroll.DateTime `json:"endDate" nullable:"true"`
	Reason           string           `json:"reason" maxLength:"500"`
	Recurring        bool             `json:"recurring"`
	RecurringDay     *string          `json:"recurringDay" nullable:"true" enum:"Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday"`
	RecurringDays    *string          `json:"recurringDays" nullable:"true" readOnly:"true" enum:"Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday" doc:"the days as a flags enum (comma-joined names); null when not recurring"`
	RecurringDaysCsv string           `json:"recurringDaysCsv" readOnly:"true"`
	IsAllDay         bool             `json:"isAllDay" readOnly:"true"`
	ViewOnly         bool             `json:"viewOnly" readOnly:"true"`
}

var weekdays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

func fromUnavailabilityRow(r store.Unavailability) Unavailability {
	u := Unavailability{ID: r.ID, EmployeeID: r.EmployeeID, FromDate: payroll.NewDateTime(r.FromDate), ToDate: payroll.NewDateTime(r.ToDate),
		Reason: r.Reason, Recurring: r.Recurring}
	if r.EndDate.Valid {
		u.EndDate = payroll.NewDateTime(r.EndDate.Time)
	}
	if r.RecurringDay != "" {
		d := r.RecurringDay
		u.RecurringDay = &d
		u.RecurringDays = &d
		u.RecurringDaysCsv = d
	}
	// All day: from midnight to the end of a day.
	from, to := r.FromDate, r.ToDate
	u.IsAllDay = from.Equal(payroll.DateOnly(from)) && (to.Equal(payroll.DateOnly(to)) || to.Sub(payroll.DateOnly(to)) >= 24*time.Hour-time.Minute)
	return u
}

// validate checks u and returns its row values.
func (u *Unavailability) validate() error {
	var v payroll.Validation
	if u.EmployeeID <= 0 {
		v.Add("employeeId", "employeeId is required")
	}
	if u.FromDate.IsZero() {
		v.Add("fromDate", "fromDate is required")
	}
	if u.ToDate.IsZero() {
		v.Add("toDate", "toDate is required")
	}
	u.Reason = strings.TrimSpace(u.Reason)
	v.MaxLen("reason", u.Reason, 500)
	if err := v.Err(); err != nil {
		return err
	}
	if u.ToDate.Before(u.FromDate.Time) {
		return payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	if !u.EndDate.IsZero() && u.EndDate.Before(payroll.DateOnly(u.FromDate.Time)) {
		return payroll.Invalid("endDate", "endDate must not be before fromDate")
	}
	if u.RecurringDay != nil && *u.RecurringDay == "" {
		u.RecurringDay = nil
	}
	if u.RecurringDay != nil {
		d, ok := record.Canonical(weekdays, *u.RecurringDay)
		if !ok {
			return payroll.Invalid("recurringDay", "recurringDay must be a day of the week")
		}
		u.RecurringDay = &d
	}
	if u.Recurring && u.RecurringDay == nil {
		d := u.FromDate.Weekday().String()
		u.RecurringDay = &d
	}
	if !u.Recurring {
		u.RecurringDay = nil
		u.EndDate = payroll.DateTime{}
	}
	return nil
}

func nullTime(d payroll.DateTime) sql.NullTime {
	return sql.NullTime{Time: d.Time, Valid: !d.IsZero()}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// visibleEmployee is a 400 naming employeeId when the body names an
// employee p cannot see (the id is a member of the body, not the path).
func (s *Service) visibleEmployee(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) error {
	_, err := s.Employees.Visible(ctx, biz, p, id)
	if payroll.KindOf(err) == payroll.KindNotFound {
		return payroll.Invalid("employeeId", "there is no employee %d in this business", id)
	}
	return err
}

// CreateUnavailability stores an unavailability.
func (s *Service) CreateUnavailability(ctx context.Context, biz business.Business, p *payroll.Principal, u Unavailability) (_ Unavailability, err error) {
	defer payroll.Wrap(&err, "create unavailability")
	if err := u.validate(); err != nil {
		return Unavailability{}, err
	}
	if err := s.visibleEmployee(ctx, biz, p, u.EmployeeID); err != nil {
		return Unavailability{}, err
	}
	var r store.Unavailability
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		r, err = q.CreateUnavailability(ctx, store.CreateUnavailabilityParams{BusinessID: biz.ID, EmployeeID: u.EmployeeID,
			FromDate: u.FromDate.Time, ToDate: u.ToDate.Time, EndDate: nullTime(u.EndDate), Reason: u.Reason, Recurring: u.Recurring,
			RecurringDay: deref(u.RecurringDay), CreatedAt: s.Clock.Now()})
		return err
	})
	if err != nil {
		return Unavailability{}, err
	}
	return fromUnavailabilityRow(r), nil
}

// GetUnavailability is one unavailability of an employee p may see.
func (s *Service) GetUnavailability(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (_ Unavailability, err error) {
	defer payroll.Wrap(&err, "get unavailability %d", id)
	r, err := s.DB.Queries().GetUnavailability(ctx, store.GetUnavailabilityParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return Unavailability{}, payroll.NotFound("unavailability")
	}
	if err != nil {
		return Unavailability{}, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, r.EmployeeID); payroll.KindOf(err) == payroll.KindNotFound {
		return Unavailability{}, payroll.NotFound("unavailability")
	} else if err != nil {
		return Unavailability{}, err
	}
	return fromUnavailabilityRow(r), nil
}

// UpdateUnavailability changes an unavailability; members the body omits
// keep their values (patch applies the body over the current one).
func (s *Service) UpdateUnavailability(ctx context.Context, biz business.Business, p *payroll.Principal, id int64, patch func(*Unavailability) error) (_ Unavailability, err error) {
	defer payroll.Wrap(&err, "update unavailability %d", id)
	cur, err := s.GetUnavailability(ctx, biz, p, id)
	if err != nil {
		return Unavailability{}, err
	}
	u := cur
	if err := patch(&u); err != nil {
		return Unavailability{}, err
	}
	u.ID = id
	if err := u.validate(); err != nil {
		return Unavailability{}, err
	}
	if u.EmployeeID != cur.EmployeeID {
		if err := s.visibleEmployee(ctx, biz, p, u.EmployeeID); err != nil {
			return Unavailability{}, err
		}
	}
	var n int64
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		n, err = q.UpdateUnavailability(ctx, store.UpdateUnavailabilityParams{ID: id, BusinessID: biz.ID, EmployeeID: u.EmployeeID,
			FromDate: u.FromDate.Time, ToDate: u.ToDate.Time, EndDate: nullTime(u.EndDate), Reason: u.Reason, Recurring: u.Recurring,
			RecurringDay: deref(u.RecurringDay), UpdatedAt: s.Clock.Now()})
		return err
	})
	if err != nil {
		return Unavailability{}, err
	}
	if n == 0 {
		return Unavailability{}, payroll.NotFound("unavailability")
	}
	return s.GetUnavailability(ctx, biz, p, id)
}

// DeleteUnavailability removes an unavailability.
func (s *Service) DeleteUnavailability(ctx context.Context, biz business.Business, p *payroll.Principal, id int64) (err error) {
	defer payroll.Wrap(&err, "delete unavailability %d", id)
	if _, err := s.GetUnavailability(ctx, biz, p, id); err != nil {
		return err
	}
	var n int64
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		n, err = q.DeleteUnavailability(ctx, store.DeleteUnavailabilityParams{ID: id, BusinessID: biz.ID})
		return err
	})
	if err != nil {
		return err
	}
	if n == 0 {
		return payroll.NotFound("unavailability")
	}
	return nil
}

// maxUnavailabilities is the most one list answers (the list is not paged).
const maxUnavailabilities = 1000

// UnavailabilityQuery filters GET B/unavailability.
type UnavailabilityQuery struct {
	From, To          time.Time
	EmployeeID        int64
	DefaultLocationID int64 // the employee's primary location
}

// Unavailabilities lists the unavailabilities of the employees p may see
// that fall in the range (a recurring one from its start until its end
// date), filtered in SQL with the scope in the same query.
func (s *Service) Unavailabilities(ctx context.Context, biz business.Business, p *payroll.Principal, uq UnavailabilityQuery) (_ []Unavailability, err error) {
	defer payroll.Wrap(&err, "list unavailability of business %d", biz.ID)
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	args := []any{biz.ID}
	bind := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	where := []string{"u.business_id = $1"}
	if !uq.From.IsZero() {
		f := bind(payroll.DateOnly(uq.From))
		where = append(where, "(u.to_date >= "+f+" OR (u.recurring AND (u.end_date IS NULL OR u.end_date >= "+f+")))")
	}
	if !uq.To.IsZero() {
		where = append(where, "u.from_date < "+bind(payroll.DateOnly(uq.To).AddDate(0, 0, 1)))
	}
	if uq.EmployeeID != 0 {
		where = append(where, "u.employee_id = "+bind(uq.EmployeeID))
	}
	if uq.DefaultLocationID != 0 {
		where = append(where, "e.primary_location_id = "+bind(uq.DefaultLocationID))
	}
	scope, scopeArgs := sc.SQLFrom(len(args) + 1)
	args = append(args, scopeArgs...)
	where = append(where, scope)
	rows, err := s.DB.Queries().Query(ctx, `SELECT u.id, u.business_id, u.employee_id, u.from_date, u.to_date, u.end_date, u.reason, u.recurring,
		u.recurring_day, u.created_at, u.updated_at FROM unavailabilities u JOIN employees e ON e.id = u.employee_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY u.from_date, u.id LIMIT `+strconv.Itoa(maxUnavailabilities+1), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Unavailability{}
	for rows.Next() {
		var r store.Unavailability
		if err := rows.Scan(&r.ID, &r.BusinessID, &r.EmployeeID, &r.FromDate, &r.ToDate, &r.EndDate, &r.Reason, &r.Recurring,
			&r.RecurringDay, &r.CreatedAt, &r.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, fromUnavailabilityRow(r))
	}
	if len(out) > maxUnavailabilities {
		return nil, payroll.Conflict("more than %d unavailabilities match; narrow the list with fromDate/toDate, employeeId or defaultLocationId", maxUnavailabilities)
	}
	return out, rows.Err()
}

// EmployeeOfUnavailability is the employee unavailability id of biz
// belongs to (a NotFound error when biz has none such): the HTTP layer's
// access decision for operations that address it by its own id.
func (s *Service) EmployeeOfUnavailability(ctx context.Context, biz business.Business, id int64) (_ int64, err error) {
	defer payroll.Wrap(&err, "find the employee of unavailability %d", id)
	r, err := s.DB.Queries().GetUnavailability(ctx, store.GetUnavailabilityParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return 0, payroll.NotFound("unavailability")
	}
	return r.EmployeeID, err
}
