package roster

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/employee/payrate"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// Coster prices shifts at their employees' pay rates: the rate in force on
// the shift's day in the employee's primary pay category
// (payrate.Service.PrimaryRatesOn: the pay rate schedule entry commencing
// on or before it, the pay rate template, the category's loading; the one
// rate source timesheet lines and shift costing use too), converted to
// hours as timesheets are (timesheet.HourlyRate), times the shift's work
// and paid breaks, each stretch to the cent (timesheet.CostAt). A shift
// without an employee, or whose employee has no hourly equivalent (Fixed,
// no hours per week), has no cost (nil). Prepare reads the rates of a list
// of shifts in one lookup; Cost reads what Prepare did not.
type Coster struct {
	Rates  *payrate.Service
	hourly map[payrate.DayKey]*payroll.Rate
}

func shiftKey(sh Shift) payrate.DayKey {
	return payrate.DayKey{EmployeeID: sh.EmployeeID, Day: payroll.DateOnly(sh.Start)}
}

// Prepare reads the rates of the employees of shifts on the shifts' days
// that are not read yet, in one lookup.
func (c *Coster) Prepare(ctx context.Context, biz business.Business, shifts []Shift) error {
	if c.hourly == nil {
		c.hourly = map[payrate.DayKey]*payroll.Rate{}
	}
	var keys []payrate.DayKey
	for _, sh := range shifts {
		if sh.EmployeeID == 0 {
			continue
		}
		k := shiftKey(sh)
		if _, ok := c.hourly[k]; !ok {
			c.hourly[k] = nil
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	rates, err := c.Rates.PrimaryRatesOn(ctx, biz, keys)
	if err != nil {
		for _, k := range keys {
			delete(c.hourly, k)
		}
		return err
	}
	for k, dr := range rates {
		c.hourly[k] = timesheet.HourlyRate(dr.Rate, dr.Unit, dr.HoursPerWeek, dr.HoursPerDay)
	}
	return nil
}

// Cost is the cost of sh, nil when it has none.
func (c *Coster) Cost(ctx context.Context, biz business.Business, sh Shift) (*payroll.Money, error) {
	if sh.EmployeeID == 0 {
		return nil, nil
	}
	if err := c.Prepare(ctx, biz, []Shift{sh}); err != nil {
		return nil, err
	}
	hourly := c.hourly[shiftKey(sh)]
	if hourly == nil {
		return nil, nil
	}
	breaks := make([]timesheet.Break, len(sh.Breaks))
	for i, b := range sh.Breaks {
		breaks[i] = timesheet.Break{Start: b.Start, End: b.End, Paid: b.Paid}
	}
	return timesheet.CostAt(sh.Start, sh.End, breaks, *hourly).Cost, nil
}
