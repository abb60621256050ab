package pay

import (
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
)

// payoutHourly is the hourly rate a leaver's unused leave is paid at
// (terminationLines): an hourly rate as it is, otherwise a whole period's
// standard earnings at the rate r over its standard hours. ok is false
// when it cannot be known: no rate, or a salary without hours a week.
func payoutHourly(e *EmployeeRow, r rateEntry, freq string, cats *Categories) (payroll.Rate, bool) {
	if r.unit == "Hourly" {
		return r.rate, r.rate.IsPos()
	}
	std, ok := standardEarnings(withRate(e, r), freq, cats.primary(e.PrimaryPayCategoryID.Int64))
	if !ok {
		return payroll.Rate{}, false
	}
	return hourlyRate(&std, r.unit)
}

// unpricedLeave refuses a final pay that owes a balance of leave category
// lc it cannot price (Fair Work Act 2009 s 90(2), WTR 1998 reg 14,
// Employment Act s 43, Holidays Act 2003: the balance is paid at the rate
// for the employee's ordinary hours): rather than pay nothing without a
// word, the termination (or the run's calculation) is refused, naming what
// is missing.
func unpricedLeave(e *EmployeeRow, lc *categories.LeaveCategory, hours payroll.Rate) error {
	return payroll.Conflict("employee %d has %s hours of %s to pay on termination, but no hourly rate to pay it at: "+
		"set the employee's pay rate and standard hours per week (a salary's hourly rate is its pay over those hours)",
		e.ID, hours.RoundHalfUp(4).String(), lc.Name)
}
