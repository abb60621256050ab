package pay

import (
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// sgEAWeekHours: the Employment Act's hourly basic rate of pay of a
// monthly-rated employee is 12 × the monthly basic rate ÷ (52 × 44),
// whatever the contractual hours (MOM, "Overtime pay computation";
// docs/reference/sg-overtime.md).
var sgEAYearHours = payroll.RateFromInt(52 * 44)

// sgHourlyBasicRate is the hourly basic rate of pay (Employment Act 1968
// s 38(4): overtime at least 1.5 times it) of an SG employee paid rate
// per unit: monthly-rated (Monthly, or Fixed: an SG period is a month) 12
// × rate ÷ 2,288; annual rate ÷ 2,288. false for the other units (an
// hourly rate is itself the hourly basic rate; daily- and piece-rated
// employees have formulas of their own the run does not know). Outside SG
// nothing.
func sgHourlyBasicRate(region string, rate payroll.Rate, unit string) (payroll.Rate, bool) {
	if region != calc.SG || !rate.IsPos() {
		return payroll.Rate{}, false
	}
	switch unit {
	case "Monthly", "Fixed":
		return rate.Mul(payroll.RateFromInt(12)).Div(sgEAYearHours).RoundHalfUp(4), true
	case "Annually":
		return rate.Div(sgEAYearHours).RoundHalfUp(4), true
	}
	return payroll.Rate{}, false
}

// sgHourlyBasicNote explains sgHourlyBasicRate's h for a line's notes.
func sgHourlyBasicNote(rate payroll.Rate, unit string, h payroll.Rate) string {
	if unit == "Annually" {
		return "the hourly basic rate " + rate.String() + " ÷ (52 × 44) = " + h.String() + " (Employment Act s 38(4); MOM)"
	}
	return "the hourly basic rate 12 × " + rate.String() + " ÷ (52 × 44) = " + h.String() + " (Employment Act s 38(4); MOM)"
}
