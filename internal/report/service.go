package report

import (
	"context"
	"database/sql"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/govalues/decimal"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/record"
)

// Service computes the reports of one business.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
	// PayRuns serves the reports that are a finalised run's own outputs
	// (payslips, journal).
	PayRuns *payrun.Service
	// LeaveCategories names the leave categories and says which keep
	// balances.
	LeaveCategories record.Collection[categories.LeaveCategory, *categories.LeaveCategory]
	// PayCategoryRecords say which earnings are ordinary time earnings (the
	// OTE report; unset: all are).
	PayCategoryRecords record.Collection[categories.PayCategory, *categories.PayCategory]
}

// Filter is the query parameters the pay run reports share. Zero
// members do not filter.
type Filter struct {
	From, To          time.Time // date paid, inclusive days
	PayRunID          int64
	PayScheduleID     int64
	LocationID        int64
	EmployeeID        int64
	EmployingEntityID int64
}

// Validate checks the members that can be wrong on their own.
func (f Filter) Validate() error {
	if !f.From.IsZero() && !f.To.IsZero() && payroll.DateOnly(f.To).Before(payroll.DateOnly(f.From)) {
		return payroll.Invalid("toDate", "toDate must not be before fromDate")
	}
	for _, c := range []struct {
		name string
		v    int64
	}{{"payRunId", f.PayRunID}, {"payScheduleId", f.PayScheduleID}, {"locationId", f.LocationID}, {"employeeId", f.EmployeeID}, {"employingEntityId", f.EmployingEntityID}} {
		if c.v < 0 {
			return payroll.Invalid(c.name, "%s must not be negative", c.name)
		}
	}
	return nil
}

// Args builds one statement's bound parameters (Bind returns the
// placeholder of the next one); the report packages share it.
type Args struct{ Values []any }

func (b *Args) Bind(v any) string {
	b.Values = append(b.Values, v)
	return "$" + strconv.Itoa(len(b.Values))
}

// Days is the condition " AND col within the days from..to" (both
// inclusive, whole calendar days; a zero end is open), or "".
func (b *Args) Days(col string, from, to time.Time) string {
	var w string
	if !from.IsZero() {
		w += " AND " + col + " >= " + b.Bind(payroll.DateOnly(from))
	}
	if !to.IsZero() {
		w += " AND " + col + " < " + b.Bind(payroll.DateOnly(to).AddDate(0, 0, 1))
	}
	return w
}

// In is the condition " AND col IN (...)" over vs, bound, or "" when vs
// is empty (no filter).
func In[T any](b *Args, col string, vs []T) string {
	if len(vs) == 0 {
		return ""
	}
	in := make([]string, len(vs))
	for i, v := range vs {
		in[i] = b.Bind(v)
	}
	return " AND " + col + " IN (" + strings.Join(in, ", ") + ")"
}

// runScope is the WHERE over runFrom of the finalised pay run employees
// (pay_runs r, pay_run_employees pe, employees e) of biz that f selects
// and p may see: the restricted user's scope is in the same statement.
func (s *Service) runScope(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, b *Args) (string, error) {
	if err := f.Validate(); err != nil {
		return "", err
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return "", err
	}
	where := []string{"r.business_id = " + b.Bind(biz.ID), "r.status = " + b.Bind(payrun.StatusFinalised)}
	if !f.From.IsZero() {
		where = append(where, "r.date_paid >= "+b.Bind(payroll.DateOnly(f.From)))
	}
	if !f.To.IsZero() {
		where = append(where, "r.date_paid < "+b.Bind(payroll.DateOnly(f.To).AddDate(0, 0, 1)))
	}
	if f.PayRunID != 0 {
		where = append(where, "r.id = "+b.Bind(f.PayRunID))
	}
	if f.PayScheduleID != 0 {
		where = append(where, "r.pay_schedule_id = "+b.Bind(f.PayScheduleID))
	}
	where = append(where, employeeWhere(f, b)...)
	scope, args := sc.SQLFrom(len(b.Values) + 1)
	b.Values = append(b.Values, args...)
	where = append(where, scope)
	return " WHERE " + strings.Join(where, " AND "), nil
}

// employeeWhere is the employee filters of f over employees e.
func employeeWhere(f Filter, b *Args) []string {
	var where []string
	if f.EmployeeID != 0 {
		where = append(where, "e.id = "+b.Bind(f.EmployeeID))
	}
	if f.LocationID != 0 {
		where = append(where, "EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = e.id AND el.location_id = "+b.Bind(f.LocationID)+")")
	}
	if f.EmployingEntityID != 0 {
		where = append(where, "e.employing_entity_id = "+b.Bind(strconv.FormatInt(f.EmployingEntityID, 10)))
	}
	return where
}

// EmployeeScope is the WHERE over employees e of biz that f selects and p
// may see (reports of employees rather than pay runs).
func (s *Service) EmployeeScope(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter, b *Args) (string, error) {
	if err := f.Validate(); err != nil {
		return "", err
	}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return "", err
	}
	where := append([]string{"e.business_id = " + b.Bind(biz.ID)}, employeeWhere(f, b)...)
	scope, args := sc.SQLFrom(len(b.Values) + 1)
	b.Values = append(b.Values, args...)
	where = append(where, scope)
	return " WHERE " + strings.Join(where, " AND "), nil
}

// Query runs a statement on the reader pool and calls scan per row.
func (s *Service) Query(ctx context.Context, q string, args []any, scan func(*sql.Rows) error) error {
	rows, err := s.DB.R.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Money is an amount stored in minor units.
func Money(minor int64) payroll.Money { return payroll.MoneyFromMinor(minor) }

// Hours is hours stored in ten-thousandths.
func Hours(e4 int64) payroll.Rate {
	d, err := decimal.New(e4, 4)
	if err != nil {
		return payroll.Rate{}
	}
	return payroll.RateFromDecimal(d.Trim(0))
}

// SortStable sorts s by less, keeping equal elements in order.
func SortStable[T any](s []T, less func(a, b T) bool) {
	sort.SliceStable(s, func(i, j int) bool { return less(s[i], s[j]) })
}

// HoursE6 is hours stored in millionths (the leave ledger's).
func HoursE6(e6 int64) payroll.Rate {
	d, err := decimal.New(e6, 6)
	if err != nil {
		return payroll.Rate{}
	}
	return payroll.RateFromDecimal(d.Trim(0))
}

// RateOr is rate text s, or def when s is not a rate.
func RateOr(s, def string) payroll.Rate {
	if r, err := payroll.ParseRate(strings.TrimSpace(s)); err == nil {
		return r
	}
	return payroll.MustRate(def)
}
