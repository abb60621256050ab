package payrate

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// RateUnits are the units a rate is expressed in.
var RateUnits = []string{"Hourly", "Annually", "Fixed", "Daily", "Monthly", "Weekly"}

// Schedule is PayRateScheduleModel: the employee's base rate from
// commencementDate on (until the next entry).
type Schedule struct {
	ID               int64            `json:"id"`
	EmployeeID       int64            `json:"employeeId"`
	Rate             payroll.Rate     `json:"rate" required:"true" example:"32.5"`
	RateUnit         string           `json:"rateUnit" enum:"Hourly,Annually,Fixed,Daily,Monthly,Weekly" required:"true" example:"Hourly"`
	CommencementDate payroll.DateTime `json:"commencementDate" required:"true" example:"2026-12-01T00:00:00"`
}

func scheduleFromRow(r store.EmployeePayRateSchedule) Schedule {
	return Schedule{ID: r.ID, EmployeeID: r.EmployeeID, Rate: emprec.RateOf(r.Rate), RateUnit: r.RateUnit, CommencementDate: payroll.NewDateTime(r.CommencementDate)}
}

func (sc *Schedule) normalise() error {
	var v payroll.Validation
	if emprec.Rate(&v, "rate", sc.Rate, payroll.Rate{}) && !sc.Rate.IsPos() {
		v.Add("rate", "rate must be more than zero")
	}
	sc.RateUnit = emprec.Enum(&v, "rateUnit", sc.RateUnit, RateUnits, "")
	if sc.RateUnit == "" && v.Err() == nil {
		v.Add("rateUnit", "rateUnit is required")
	}
	if sc.CommencementDate.IsZero() {
		v.Add("commencementDate", "commencementDate is required")
	} else if y := sc.CommencementDate.Year(); y < 1900 || y > 2200 {
		v.Add("commencementDate", "commencementDate is out of range")
	}
	return v.Err()
}

// Schedules lists the employee's rate changes by commencement date.
func (s *Service) Schedules(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []Schedule, err error) {
	defer payroll.Wrap(&err, "pay rate schedules of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListPayRateSchedules(ctx, store.ListPayRateSchedulesParams{BusinessID: biz.ID, EmployeeID: employeeID})
	out = make([]Schedule, len(rows))
	for i, r := range rows {
		out[i] = scheduleFromRow(r)
	}
	return out, err
}

// GetSchedule returns one entry.
func (s *Service) GetSchedule(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (sc Schedule, err error) {
	defer payroll.Wrap(&err, "pay rate schedule %d", id)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return Schedule{}, err
	}
	r, err := q.GetPayRateSchedule(ctx, store.GetPayRateScheduleParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return Schedule{}, payroll.NotFound("pay rate schedule")
	}
	return scheduleFromRow(r), err
}

// SaveSchedule creates (id 0) or replaces an entry. Two entries on one
// commencement date conflict (409).
func (s *Service) SaveSchedule(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, sc Schedule) (out Schedule, err error) {
	defer payroll.Wrap(&err, "save pay rate schedule %d", id)
	if err := sc.normalise(); err != nil {
		return Schedule{}, err
	}
	day := emprec.Date(sc.CommencementDate)
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		var r store.EmployeePayRateSchedule
		var err error
		var before *Schedule
		now := s.Clock.Now()
		if id != 0 {
			old, err := q.GetPayRateSchedule(ctx, store.GetPayRateScheduleParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
			if db.IsNoRows(err) {
				return payroll.NotFound("pay rate schedule")
			}
			if err != nil {
				return err
			}
			b := scheduleFromRow(old)
			before = &b
		}
		if id == 0 {
			r, err = q.CreatePayRateSchedule(ctx, store.CreatePayRateScheduleParams{BusinessID: biz.ID, EmployeeID: employeeID, Rate: sc.Rate.String(),
				RateUnit: sc.RateUnit, CommencementDate: day, CreatedAt: now})
		} else {
			r, err = q.UpdatePayRateSchedule(ctx, store.UpdatePayRateScheduleParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID, Rate: sc.Rate.String(),
				RateUnit: sc.RateUnit, CommencementDate: day, UpdatedAt: now})
			if db.IsNoRows(err) {
				return payroll.NotFound("pay rate schedule")
			}
		}
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("the employee already has a pay rate change commencing on %s", day.Format("2006-01-02"))
		}
		if err != nil {
			return err
		}
		out = scheduleFromRow(r)
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionPayRates, "payRateSchedule", out.ID, before, out)
	})
	return out, err
}

// DeleteSchedule removes an entry.
func (s *Service) DeleteSchedule(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete pay rate schedule %d", id)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		old, err := q.GetPayRateSchedule(ctx, store.GetPayRateScheduleParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
		if db.IsNoRows(err) {
			return payroll.NotFound("pay rate schedule")
		}
		if err != nil {
			return err
		}
		n, err := q.DeletePayRateSchedule(ctx, store.DeletePayRateScheduleParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
		if err == nil && n == 0 {
			return payroll.NotFound("pay rate schedule")
		}
		if err != nil {
			return err
		}
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionPayRates, "payRateSchedule", id, scheduleFromRow(old), nil)
	})
}
