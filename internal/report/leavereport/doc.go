// Package leavereport is the leave reports (B/report/leavebalances,
// B/report/leavehistory, B/report/leaveliability and its preparation):
// the leave ledger summed in SQL per employee and tracked leave category,
// valued at the employee's rate, with the restricted user's scope in the
// same statement (report.Service.EmployeeScope); and the prepared leave
// liability report, computed by a background job in chunks of employees
// (jobs.go).
package leavereport

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/report"
)

// Service computes the leave reports of a business over the shared report
// plumbing.
type Service struct {
	*report.Service
	// Jobs prepares the leave liability report in the background (set by
	// NewJobs).
	Jobs *Jobs
}

// tracked is the business's leave categories that keep a balance, by id
// (the ones the leave reports show).
func (s *Service) tracked(ctx context.Context, biz business.Business) (map[int64]categories.LeaveCategory, error) {
	list, err := s.LeaveCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := map[int64]categories.LeaveCategory{}
	for _, c := range list {
		if !c.IsBalanceUntracked {
			out[c.ID] = c
		}
	}
	return out, nil
}

// unitOf is the unit a report states an employee's balance of c in: the
// category's own (leave.UnitOf, from the employee's stored hours per day
// and per week); for an employee without the hours a day or a week needs,
// hours, and the row's unitType says so (a report of the whole business
// is not refused for one employee; the balances API and the pay run are).
func unitOf(c *categories.LeaveCategory, employeeID int64, perDay, perWeek string) leave.Unit {
	d, w := leave.StandardHours(report.RateOr(perDay, "0"), report.RateOr(perWeek, "0"))
	u, err := leave.UnitOf(c, employeeID, d, w)
	if err != nil {
		return leave.HoursUnit
	}
	return u
}

// frequencies is the business's pay schedules' frequencies by id: a fixed
// rate is an amount per period of the employee's schedule.
func (s *Service) frequencies(ctx context.Context, biz business.Business) (map[int64]string, error) {
	out := map[int64]string{}
	if s.PayRuns == nil || s.PayRuns.Schedules == nil {
		return out, nil
	}
	list, err := s.PayRuns.Schedules.PaySchedules.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	for _, sc := range list {
		out[sc.ID] = sc.Frequency
	}
	return out, nil
}

// leaveRate is the hourly rate a balance is valued at: the rate the pay
// run pays leave taken at (pay.LeaveHourlyRate) for the employee's rate
// and hours on their pay schedule's frequency; an employee without a
// schedule is valued on a weekly one (the same for every rate unit but a
// fixed one, which then has no value). 0 where the run would have none.
func leaveRate(rate, unit, perWeek, perDay, freq string) payroll.Rate {
	if freq == "" && unit != "Fixed" {
		freq = "Weekly"
	}
	r, ok := pay.LeaveHourlyRate(rate, unit, perWeek, perDay, freq)
	if !ok {
		return payroll.Rate{}
	}
	return r
}

// rateInForce is the SQL of the employee's rate and rate unit in force on
// the day before end (a bound parameter): the latest pay rate schedule
// commencing before end, else the employee's own. Both leave reports
// value a balance at it.
func rateInForce(end string) string {
	latest := func(col string) string {
		return "(SELECT s." + col + " FROM employee_pay_rate_schedules s WHERE s.employee_id = e.id AND s.commencement_date < " + end +
			" ORDER BY s.commencement_date DESC LIMIT 1)"
	}
	return "COALESCE(" + latest("rate") + ", e.rate, ''), COALESCE(" + latest("rate_unit") + ", e.rate_unit)"
}

// valuation is what a balance is worth: its hours at the rate the pay run
// pays leave at, and the leave loading the pay run would add on it.
type valuation struct {
	Leave, Loading payroll.Money
}

// valueBalance values h hours of c for an employee with the rate, unit,
// hours and schedule frequency given: the leave to the cent, and its
// loading at the employee's allowance's loading when it has one, else
// the category's own (as the pay run pays loading on leave taken), to
// the cent. The balances and liability reports both use it, so they give
// the same figures for the same day.
func valueBalance(h payroll.Rate, c *categories.LeaveCategory, allowanceLoading, rate, unit, perWeek, perDay, freq string) valuation {
	v := payroll.MoneyFromDecimal(h.Mul(leaveRate(rate, unit, perWeek, perDay, freq)).Decimal()).Cents()
	l := c.LeaveLoading
	if strings.TrimSpace(allowanceLoading) != "" {
		l = report.RateOr(allowanceLoading, "0")
	}
	return valuation{Leave: v, Loading: v.Mul(payroll.Percent(l)).Cents()}
}
