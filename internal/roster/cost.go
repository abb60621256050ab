package roster

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// Coster prices shifts at their employees' pay rates: the rate in force on
// the shift's day in the employee's primary pay category (the pay rate
// schedule entry commencing on or before it, the pay rate template and the
// category's loading: payrate.RateOn), else the employee's own rate,
// converted to hours as timesheets are (timesheet.HourlyRate), times the
// shift's work and paid breaks, each stretch to the cent
// (timesheet.CostAt). A shift without an employee, or whose employee has no
// hourly equivalent (Fixed, no hours per week), has no cost (nil). It reads
// each employee and each employee's rate per day once.
type Coster struct {
	Employees *employee.Service
	Rates     *payrate.Service
	emps      map[int64]employee.Employee
	hourly    map[rateKey]*payroll.Rate
}

type rateKey struct {
	employeeID int64
	day        time.Time
}

// Cost is the cost of sh, nil when it has none.
func (c *Coster) Cost(ctx context.Context, biz business.Business, sh Shift) (*payroll.Money, error) {
	if sh.EmployeeID == 0 {
		return nil, nil
	}
	if c.emps == nil {
		c.emps, c.hourly = map[int64]employee.Employee{}, map[rateKey]*payroll.Rate{}
	}
	day := payroll.DateOnly(sh.Start)
	k := rateKey{sh.EmployeeID, day}
	hourly, ok := c.hourly[k]
	if !ok {
		e, ok := c.emps[sh.EmployeeID]
		if !ok {
			var err error
			if e, err = c.Employees.Load(ctx, biz, sh.EmployeeID); err != nil {
				return nil, err
			}
			c.emps[sh.EmployeeID] = e
		}
		m := &e.Members
		rate, unit := m.Rate, m.RateUnit
		if e.PrimaryPayCategoryID != 0 && c.Rates != nil {
			pr, err := c.Rates.RateOn(ctx, biz, e.ID, e.PrimaryPayCategoryID, day)
			if err != nil && payroll.KindOf(err) != payroll.KindNotFound {
				return nil, err
			}
			if err == nil {
				rate, unit = &pr.CalculatedRate, pr.RateUnit
			}
		}
		hourly = timesheet.HourlyRate(rate, unit, m.HoursPerWeek, m.HoursPerDay)
		c.hourly[k] = hourly
	}
	if hourly == nil {
		return nil, nil
	}
	breaks := make([]timesheet.Break, len(sh.Breaks))
	for i, b := range sh.Breaks {
		breaks[i] = timesheet.Break{Start: b.Start, End: b.End, Paid: b.Paid}
	}
	return timesheet.CostAt(sh.Start, sh.End, breaks, *hourly).Cost, nil
}
