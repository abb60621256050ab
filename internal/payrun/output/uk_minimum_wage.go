package output

import (
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// ukSalariedBelowMinimum is the minimum wage check of a UK salaried
// worker's pay reference period (National Minimum Wage Regulations 2015;
// docs/reference/uk-minimum-wage.md): the pay of the period, less salary
// given up under a salary sacrifice (the UK's pre-tax deductions, pension
// salary sacrifice included: the pay is reduced by the arrangement, GOV.UK
// "Salary sacrifice for employers") and less statutory payments (not pay
// for the work, reg 10), divided by the hours of salaried hours work of
// the period: the basic hours of the year (hoursPerWeek × 52) ÷ 52 for a
// weekly, ÷ 12 for a monthly pay reference period, × its days ÷ 365 for
// a fortnightly or four-weekly one (reg 22(2)), the basic hours × the
// days employed ÷ 365 for a joiner's or leaver's part period (NMWM08050).
// salaried is false when the rule does not apply (an hourly worker, no
// hours a week, another frequency, or statutory pay for an absence in
// the period, where reg 22(3) reduces the hours); the caller then checks
// the rate alone.
// Warning only: pay is never changed.
func ukSalariedBelowMinimum(region string, run store.PayRun, r store.PayRunEmployee, e EmployeeDetails, lines []store.PayRunLine) (string, bool, bool) {
	if region != "UK" || !e.Rate.Valid || !e.HoursPerWeek.Valid {
		return "", false, false
	}
	switch e.RateUnit {
	case "Annually", "Monthly", "Weekly", "Fixed":
	default:
		return "", false, false
	}
	hpw, err := payroll.ParseRate(e.HoursPerWeek.String)
	if err != nil || !hpw.IsPos() {
		return "", false, false
	}
	// The hours of salaried hours work of the pay reference period (reg
	// 22(2)): the basic hours of the year ÷ 52 for a week, ÷ 12 for a
	// month, × the period's days ÷ 365 for any other period (fortnightly,
	// four-weekly); for a joiner or leaver paid for part of the period,
	// the basic hours × the days employed in it ÷ 365 (HMRC NMWM08050).
	basic := hpw.Mul(payroll.RateFromInt(52))
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	part := false
	if e.StartDate.Valid && payroll.DateOnly(e.StartDate.Time).After(from) {
		from, part = payroll.DateOnly(e.StartDate.Time), true
	}
	if e.EndDate.Valid && payroll.DateOnly(e.EndDate.Time).Before(to) {
		to, part = payroll.DateOnly(e.EndDate.Time), true
	}
	days := int64(to.Sub(from).Hours()/24) + 1
	if days <= 0 {
		return "", false, false
	}
	var hours payroll.Rate
	var basis string
	switch {
	case part:
		hours = basic.Mul(payroll.RateFromInt(days)).Div(payroll.RateFromInt(365))
		basis = fmt.Sprintf("%s a week × 52 × %d days employed in the period ÷ 365", hpw.String(), days)
	case run.Frequency == "Weekly" || run.Frequency == "Monthly":
		periods := map[string]int64{"Weekly": 52, "Monthly": 12}[run.Frequency]
		hours = basic.Div(payroll.RateFromInt(periods))
		basis = fmt.Sprintf("%s a week × 52 ÷ %d", hpw.String(), periods)
	case run.Frequency == "Fortnightly" || run.Frequency == "FourWeekly":
		hours = basic.Mul(payroll.RateFromInt(days)).Div(payroll.RateFromInt(365))
		basis = fmt.Sprintf("%s a week × 52 × %d days ÷ 365", hpw.String(), days)
	default:
		return "", false, false
	}
	var statutory int64
	for _, l := range lines {
		if l.EmployeeID == r.EmployeeID && l.Kind == "earnings" && strings.HasPrefix(l.ExternalID, "statutoryleave:") {
			statutory += l.Amount
		}
	}
	if statutory != 0 {
		return "", false, false
	}
	min, ok := minimumRate(region, run.DatePaid, e)
	if !ok {
		return "", false, false
	}
	pay := r.Gross - r.PreTax
	due := payroll.MoneyFromDecimal(hours.Mul(payroll.RateFromDecimal(min.rate.Decimal())).Decimal()).Cents()
	if !money(pay).Less(due) {
		return "", false, true
	}
	how := fmt.Sprintf("gross %s", money(r.Gross).StringFixed(2))
	if r.PreTax != 0 {
		how += fmt.Sprintf(" less %s given up by salary sacrifice", money(r.PreTax).StringFixed(2))
	}
	return fmt.Sprintf("pay for the minimum wage of %s (%s) is below %s of %s an hour × %s basic hours (%s) = %s",
		money(pay).StringFixed(2), how, min.note, min.rate.StringFixed(2), hours.RoundHalfUp(2).String(), basis, due.StringFixed(2)), true, true
}
