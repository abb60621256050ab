package leave

import (
	"database/sql"
	"strings"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
)

// Unit is one employee's measure of one leave category's balances: the
// ledger keeps hours (accruals, leave taken and payouts are all hours),
// and a category may keep its balances in days or weeks (leaveUnitType;
// the NZ and SG defaults use days). Every reader that shows or pays a
// balance in the category's unit converts through a Unit, so a figure is
// never read as hours in one place and as days in another.
type Unit struct {
	Name    string       // Hours, Days or Weeks
	perUnit payroll.Rate // hours in one unit
}

// unitScale is the decimal places a converted balance keeps (the
// ledger's own precision, millionths).
const unitScale = 6

var fiveDays = payroll.RateFromInt(5)

// StandardHours are an employee's hours per day and per week from those
// stored on the employee (E/standardhours keeps them there; zero when
// unset). A day without its own figure is a fifth of the week (the
// five-day week the accruals also count on); a week is never derived
// from a day.
func StandardHours(perDay, perWeek payroll.Rate) (payroll.Rate, payroll.Rate) {
	if !perDay.IsPos() && perWeek.IsPos() {
		perDay = perWeek.Div(fiveDays)
	}
	return perDay, perWeek
}

// StoredHours is an hours figure as stored on the employee row (zero when
// unset).
func StoredHours(s sql.NullString) payroll.Rate {
	var r payroll.Rate
	if s.Valid {
		r, _ = payroll.ParseRate(s.String)
	}
	return r
}

// UnitOf is the unit of category c's balances for an employee with the
// given standard hours. A category kept in days or weeks needs the hours
// of a day or a week: without them the balance cannot be stated or paid,
// and UnitOf refuses (409) naming the employee and the category.
func UnitOf(c *categories.LeaveCategory, employeeID int64, perDay, perWeek payroll.Rate) (Unit, error) {
	u, err := UnitNamed(c.LeaveUnitType, employeeID, perDay, perWeek)
	if err != nil {
		return Unit{}, payroll.Conflict("leave category %q keeps its balances in %s: %s", c.Name, strings.ToLower(c.LeaveUnitType), err.(*payroll.Error).Message)
	}
	return u, nil
}

// UnitNamed is the unit named unit (Hours, Days or Weeks; "" is hours) for
// an employee with the given standard hours, refused (409) when a day's or
// a week's hours are missing.
func UnitNamed(unit string, employeeID int64, perDay, perWeek payroll.Rate) (Unit, error) {
	switch unit {
	case "Days":
		if !perDay.IsPos() {
			return Unit{}, payroll.Conflict("employee %d has no standard hours per day (nor per week) to convert days to the hours the leave ledger holds; set the employee's standard hours", employeeID)
		}
		return Unit{Name: "Days", perUnit: perDay}, nil
	case "Weeks":
		if !perWeek.IsPos() {
			return Unit{}, payroll.Conflict("employee %d has no standard hours per week to convert weeks to the hours the leave ledger holds; set the employee's standard hours", employeeID)
		}
		return Unit{Name: "Weeks", perUnit: perWeek}, nil
	}
	return HoursUnit, nil
}

// HoursUnit is the unit of a category kept in hours.
var HoursUnit = Unit{Name: "Hours", perUnit: payroll.RateFromInt(1)}

// FromHours is hours in the unit, to six decimal places (half up).
func (u Unit) FromHours(h payroll.Rate) payroll.Rate {
	if u.Name == "Hours" || u.perUnit.IsZero() {
		return h
	}
	return h.Div(u.perUnit).RoundHalfUp(unitScale)
}

// FromHoursE6 is a ledger sum (millionths of an hour) in the unit.
func (u Unit) FromHoursE6(e6 int64) payroll.Rate { return u.FromHours(hoursOf(e6)) }

// ToHours is an amount in the unit in hours, to six decimal places (half
// up), the ledger's precision.
func (u Unit) ToHours(x payroll.Rate) payroll.Rate {
	if u.Name == "Hours" || u.perUnit.IsZero() {
		return x
	}
	return x.Mul(u.perUnit).RoundHalfUp(unitScale)
}
