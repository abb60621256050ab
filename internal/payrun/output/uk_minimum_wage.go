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
// weekly, ÷ 12 for a monthly pay reference period (reg 22(2)). salaried
// is false when the rule does not apply (an hourly worker, no hours a
// week, a frequency other than weekly or monthly, a part period of a
// joiner or leaver, or statutory pay for an absence in the period, where
// reg 22(3) reduces the hours); the caller then checks the rate alone.
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
	periods := map[string]int64{"Weekly": 52, "Monthly": 12}[run.Frequency]
	hpw, err := payroll.ParseRate(e.HoursPerWeek.String)
	if periods == 0 || err != nil || !hpw.IsPos() {
		return "", false, false
	}
	if e.StartDate.Valid && e.StartDate.Time.After(run.PeriodStarting) || e.EndDate.Valid && e.EndDate.Time.Before(run.PeriodEnding) {
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
	hours := hpw.Mul(payroll.RateFromInt(52)).Div(payroll.RateFromInt(periods))
	due := payroll.MoneyFromDecimal(hours.Mul(payroll.RateFromDecimal(min.rate.Decimal())).Decimal()).Cents()
	if !money(pay).Less(due) {
		return "", false, true
	}
	how := fmt.Sprintf("gross %s", money(r.Gross).StringFixed(2))
	if r.PreTax != 0 {
		how += fmt.Sprintf(" less %s given up by salary sacrifice", money(r.PreTax).StringFixed(2))
	}
	return fmt.Sprintf("pay for the minimum wage of %s (%s) is below %s of %s an hour × %s basic hours (%s a week × 52 ÷ %d) = %s",
		money(pay).StringFixed(2), how, min.note, min.rate.StringFixed(2), hours.RoundHalfUp(2).String(), hpw.String(), periods, due.StringFixed(2)), true, true
}
