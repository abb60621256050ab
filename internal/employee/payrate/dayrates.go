package payrate

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// DayKey is one employee's calendar day.
type DayKey struct {
	EmployeeID int64
	Day        time.Time // midnight (payroll.DateOnly)
}

// DayRate is what an employee is paid in their primary pay category on a
// day, with the standard hours that convert it to an hourly rate.
type DayRate struct {
	Rate         *payroll.Rate // nil: the employee has no rate (none of their own, no schedule, no template)
	Unit         string
	HoursPerWeek *payroll.Rate
	HoursPerDay  *payroll.Rate
}

// maxIn bounds an IN list (SQLite allows 32766 parameters).
const maxIn = 5000

// PrimaryRatesOn is the rate of each key's employee on the key's day in
// their primary pay category (the employee's, else their template's,
// else the business's primary one), derived as RateOn derives it: the
// pay rate schedule entry commencing on or before the day, else the
// employee's own rate; the pay rate template's rate for the category
// unless the employee overrides it; the category's loading when it is
// derived from another. Without any pay category the base rate itself
// is the answer, as it is when the category's rate is the base rate
// (given in its own unit, so that costing converts it to hours exactly,
// with the hours it is given). This is the one rate source of every costing (timesheet
// lines, shift costing, roster shifts), read with a fixed number of
// statements however many keys there are: the employees, the business's
// categories, each distinct template once, and their schedules. Keys of
// employees absent from biz are left out of the answer.
func (s *Service) PrimaryRatesOn(ctx context.Context, biz business.Business, keys []DayKey) (_ map[DayKey]DayRate, err error) {
	defer payroll.Wrap(&err, "pay rates on days")
	out := make(map[DayKey]DayRate, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	var ids []int64
	seen := map[int64]bool{}
	var last time.Time
	for _, k := range keys {
		if !seen[k.EmployeeID] {
			seen[k.EmployeeID] = true
			ids = append(ids, k.EmployeeID)
		}
		if d := payroll.DateOnly(k.Day); d.After(last) {
			last = d
		}
	}
	var emps []employee.Employee
	for rest := ids; len(rest) > 0; {
		chunk := rest[:min(len(rest), maxIn)]
		rest = rest[len(chunk):]
		got, err := s.Employees.LoadMany(ctx, biz, chunk)
		if err != nil {
			return nil, err
		}
		emps = append(emps, got...)
	}
	if len(emps) == 0 {
		return out, nil
	}
	cats, order, err := s.categories(ctx, biz)
	if err != nil {
		return nil, err
	}
	q := s.Employees.DB.Queries()
	byID := make(map[int64]employee.Employee, len(emps))
	type tmplOf struct {
		t  Template
		ok bool
	}
	tmpls := map[string]tmplOf{}
	for _, e := range emps {
		byID[e.ID] = e
		name := strings.ToLower(strings.TrimSpace(e.PayRateTemplate))
		if _, done := tmpls[name]; !done {
			t, ok, err := templateNamed(ctx, q, biz.ID, name)
			if err != nil {
				return nil, err
			}
			tmpls[name] = tmplOf{t, ok}
		}
	}
	scheds, err := schedulesUntil(ctx, q, biz.ID, ids, last)
	if err != nil {
		return nil, err
	}
	for _, k := range keys {
		e, ok := byID[k.EmployeeID]
		if !ok {
			continue
		}
		day := payroll.DateOnly(k.Day)
		var sched *store.EmployeePayRateSchedule
		for i, sc := range scheds[e.ID] { // ascending commencement
			if sc.CommencementDate.After(day) {
				break
			}
			sched = &scheds[e.ID][i]
		}
		t := tmpls[strings.ToLower(strings.TrimSpace(e.PayRateTemplate))]
		in := assemble(e, cats, order, t.t, t.ok, sched)
		dr := DayRate{HoursPerWeek: e.Members.HoursPerWeek, HoursPerDay: e.Members.HoursPerDay}
		switch {
		case !in.base.set && !in.hasTmpl:
		case in.primary == 0 || in.cats[in.primary].ID == 0:
			r := in.base.rate
			dr.Rate, dr.Unit = &r, in.base.unit
		default:
			pr, fromBase := in.rateFrom(in.primary, 0)
			dr.Rate, dr.Unit = &pr.CalculatedRate, pr.RateUnit
			if fromBase { // as given, not rounded into the category's unit
				r := in.base.rate
				dr.Rate, dr.Unit = &r, in.base.unit
			}
		}
		out[DayKey{EmployeeID: k.EmployeeID, Day: day}] = dr
	}
	return out, nil
}

// schedulesUntil are the schedule entries of the employees ids commencing
// on or before last, each employee's in ascending commencement order.
func schedulesUntil(ctx context.Context, q *store.Queries, bizID int64, ids []int64, last time.Time) (map[int64][]store.EmployeePayRateSchedule, error) {
	out := map[int64][]store.EmployeePayRateSchedule{}
	for len(ids) > 0 {
		chunk := ids
		if len(chunk) > maxIn {
			chunk = chunk[:maxIn]
		}
		ids = ids[len(chunk):]
		args := []any{bizID, last}
		ph := make([]string, len(chunk))
		for i, id := range chunk {
			args = append(args, id)
			ph[i] = "$" + strconv.Itoa(len(args))
		}
		rows, err := q.Query(ctx, "SELECT id, business_id, employee_id, rate, rate_unit, commencement_date, created_at, updated_at FROM employee_pay_rate_schedules "+
			"WHERE business_id = $1 AND commencement_date <= $2 AND employee_id IN ("+strings.Join(ph, ", ")+") ORDER BY employee_id, commencement_date, id", args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var r store.EmployeePayRateSchedule
			if err := rows.Scan(&r.ID, &r.BusinessID, &r.EmployeeID, &r.Rate, &r.RateUnit, &r.CommencementDate, &r.CreatedAt, &r.UpdatedAt); err != nil {
				rows.Close()
				return nil, err
			}
			r.CommencementDate = r.CommencementDate.UTC()
			out[r.EmployeeID] = append(out[r.EmployeeID], r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
