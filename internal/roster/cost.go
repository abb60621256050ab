package roster

import (
	"context"
	"sort"
	"time"

	"github.com/payrolld/payrolld/internal/agreement"
	"github.com/payrolld/payrolld/internal/award"
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
//
// A shift of an employee with an employment agreement (or a pay condition
// rule set) is costed under its rules instead, interpreted together with
// the employee's other shifts Prepare is given (the roster being read: a
// week's shifts decide its overtime), as timesheets and shift costing
// are; when the rules cannot pay it (a day without loaded award rates) it
// has no cost.
type Coster struct {
	Rates      *payrate.Service
	Agreements *agreement.Service // nil = no award interpretation
	hourly     map[payrate.DayKey]*payroll.Rate
	award      map[int64]*payroll.Money // shift id -> cost under the award
	terms      map[int64]*agreement.Terms
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
		return c.prepareAward(ctx, biz, shifts)
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
	return c.prepareAward(ctx, biz, shifts)
}

// prepareAward interprets the shifts of employees with award terms, each
// employee's together.
func (c *Coster) prepareAward(ctx context.Context, biz business.Business, shifts []Shift) error {
	if c.Agreements == nil {
		return nil
	}
	if c.award == nil {
		c.award = map[int64]*payroll.Money{}
	}
	byEmp := map[int64][]Shift{}
	var ids []int64
	var from, to time.Time
	for _, sh := range shifts {
		if sh.EmployeeID == 0 {
			continue
		}
		if _, done := c.award[sh.ID]; done && sh.ID != 0 {
			continue
		}
		if _, ok := byEmp[sh.EmployeeID]; !ok {
			ids = append(ids, sh.EmployeeID)
		}
		byEmp[sh.EmployeeID] = append(byEmp[sh.EmployeeID], sh)
		if from.IsZero() || sh.Start.Before(from) {
			from = sh.Start
		}
		if sh.End.After(to) {
			to = sh.End
		}
	}
	if len(ids) == 0 {
		return nil
	}
	if err := c.Agreements.EnsureHolidays(ctx, biz, from, to); err != nil {
		return err
	}
	ab, err := c.Agreements.Load(ctx, c.Agreements.DB.Queries(), biz)
	if err != nil || ab.Empty() {
		return err
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	terms, err := ab.TermsOf(ctx, ids)
	if err != nil {
		return err
	}
	if c.terms == nil {
		c.terms = map[int64]*agreement.Terms{}
	}
	for _, id := range ids {
		t := terms[id]
		if t == nil {
			continue
		}
		c.terms[id] = t
		list := byEmp[id]
		in := make([]award.Shift, len(list))
		locs := make([]int64, len(list))
		for i, sh := range list {
			in[i], locs[i] = award.Shift{Start: sh.Start, End: sh.End}, sh.LocationID
			for _, b := range sh.Breaks {
				in[i].Breaks = append(in[i].Breaks, award.Break{Start: b.Start, End: b.End, Paid: b.Paid})
			}
		}
		res, err := ab.Interpret(ctx, t, in, locs, time.Time{}, false)
		if err != nil {
			for _, sh := range list {
				c.award[sh.ID] = nil // the rules cannot pay it: no cost
			}
			continue
		}
		costs := make([]payroll.Money, len(list))
		for _, l := range res.Lines {
			costs[l.Shift] = costs[l.Shift].Add(l.Amount())
		}
		for i, sh := range list {
			v := costs[i]
			c.award[sh.ID] = &v
		}
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
	if v, ok := c.award[sh.ID]; ok && c.terms[sh.EmployeeID] != nil {
		return v, nil
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
