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

// sgPartIVLimit is the highest basic monthly salary at which Part IV of
// the Employment Act covers an employee who is not a workman (a workman:
// sgPartIVWorkmanLimit, $4,500). MOM, "Hours of work, overtime and rest
// days"; docs/reference/sg-overtime.md.
var sgPartIVLimit = payroll.RateFromInt(2600)

// sgOvertimeFloor is s 38(4)'s least overtime rate: 1.5 times the hourly
// basic rate of pay.
var sgOvertimeFloor = payroll.MustRate("1.5")

// sgOvertimeRate is the hourly rate of SG hours in pay category cat of an
// employee paid rate per unit, whose hourly basic rate is h and whose
// rate in the category (its loading) is loaded, with what the line's note
// adds. Only a category with a loading, or classified as overtime
// (payCategoryType or paymentSummaryClassification Overtime), of a
// monthly- or annually-rated employee is looked at (anything else:
// loaded, ""):
//   - basic monthly rate up to $2,600: Part IV covers the employee,
//     workman or not: at least 1.5 × h (s 38(4)); a category classified as
//     overtime whose loading pays less is raised to it (one not so
//     classified may pay something else than overtime: its loading);
//   - above $2,600 up to $4,500: covered only as a workman (then at least
//     1.5 × h); a non-workman's overtime is contractual. We do not record
//     which: the category's loading is paid on h (never below the Act for
//     a workman), the note saying so and that a rate given on the line
//     pays the contract's;
//   - above $4,500: no employee is covered by Part IV: the overtime is
//     contractual, the category's loading chosen by the client on h (the
//     Act's formula as the default of the contract), unless a rate is
//     given.
func sgOvertimeRate(rate payroll.Rate, unit string, cat Category, h, loaded payroll.Rate) (payroll.Rate, string) {
	overtime := cat.Kind == calc.Overtime // classified overtime (payCategoryType or classification Overtime)
	if !h.IsPos() || (!overtime && !h.Less(loaded)) {
		return loaded, "" // not overtime: an hourly category without a loading
	}
	monthly := rate
	switch unit {
	case "Monthly", "Fixed":
	case "Annually":
		monthly = rate.Div(payroll.RateFromInt(12))
	default:
		return loaded, ""
	}
	m := monthly.RoundHalfUp(2).String()
	switch {
	case !sgPartIVLimit.Less(monthly):
		if floor := h.Mul(sgOvertimeFloor).RoundHalfUp(4); overtime && loaded.Less(floor) {
			return floor, "; the category's loading pays " + loaded.String() + ", below 1.5 × the hourly basic rate = " + floor.String() +
				", the least for an employee covered by Part IV (basic monthly " + m + " up to 2,600; Employment Act s 38(4)): paid at " + floor.String()
		}
		return loaded, "; covered by Part IV (basic monthly " + m + " up to 2,600): at least 1.5 × the hourly basic rate (s 38(4))"
	case !sgPartIVWorkmanLimit.Less(monthly):
		return loaded, "; basic monthly " + m + " is above 2,600: Part IV covers the employee only as a workman (then at least 1.5 × the hourly basic rate, s 38(4)); " +
			"a non-workman's overtime is contractual: the category's loading is paid, a rate on the line pays the contract's"
	default:
		return loaded, "; basic monthly " + m + " is above 4,500: not covered by Part IV, the overtime is contractual: the category's loading on the Act's hourly basic rate, a rate on the line pays the contract's"
	}
}
