package pay

import (
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// outsideEmployment adds to away (the days leave requests do not pay:
// leaveHoursPresent) the days of run's period outside employee e's
// employment: after their end date and before their start date. Leave
// booked for a day after the employee has left is not leave taken (their
// employment has ended: Fair Work Act 2009 s 90(2), WTR 1998 reg 14,
// Employment Act s 43 and Holidays Act 2003 s 23-25 pay the untaken
// balance instead), so it is neither paid as leave out of the salary for
// the days worked nor taken off the balance the final pay pays out. away
// is returned as it is when the employment covers the whole period.
func outsideEmployment(e *EmployeeRow, run *store.PayRun, away func(time.Time) bool) func(time.Time) bool {
	lo, hi := employedSpan(e, run)
	if lo.Equal(payroll.DateOnly(run.PeriodStarting)) && hi.Equal(payroll.DateOnly(run.PeriodEnding)) {
		return away
	}
	return func(d time.Time) bool {
		if d = payroll.DateOnly(d); d.Before(lo) || d.After(hi) {
			return true
		}
		return away != nil && away(d)
	}
}
