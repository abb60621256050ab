package output

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/payrun/pay"
	"github.com/payrolld/payrolld/internal/store"
)

var warningDescriptions = map[string]string{
	"PaymentFile":                    "Payment file",
	"NegativeEarnings":               "Negative earnings",
	"PreviouslyTerminated":           "Previously terminated",
	"DuplicateEarningsLines":         "Duplicate earnings lines",
	"TaxCodeMissing":                 "Tax code missing",
	"NINOUnknown":                    "National Insurance number unknown",
	"BelowMinimumWage":               "Below minimum wage",
	"EmployeeInformation":            "Employee information",
	"ExpiredNric":                    "Expired NRIC",
	"ConcurrentPayRun":               "Concurrent pay run",
	"ConcurrentPayRunAU":             "Concurrent pay run",
	"MoreThan28DaysWithoutTfnQuoted": "More than 28 days without a TFN quoted",
	"Birthday":                       "Birthday",
	"Anniversary":                    "Work anniversary",
	"Bpay":                           "BPAY",
}

// minimumWage is an adult hourly minimum wage in force from a date.
type minimumWage struct {
	from time.Time
	rate payroll.Money
	note string
}

// minimumWages per region, newest first (reference payroll-rules files:
// AU FWC Annual Wage Review 2026; UK NLW 21+ from April 2025 and 2026; NZ
// adult minimum from 1 April 2026). UK rates for younger workers are in
// ukYouthRates.
var minimumWages = map[string][]minimumWage{
	"AU": {{time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC), payroll.MustMoney("26.44"), "the national minimum wage"}},
	"UK": {{time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), payroll.MustMoney("12.71"), "the National Living Wage (21 and over)"},
		{time.Date(2025, 4, 1, 0, 0, 0, 0, time.UTC), payroll.MustMoney("12.21"), "the National Living Wage (21 and over)"}},
	"NZ": {{time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), payroll.MustMoney("23.95"), "the adult minimum wage"}},
}

// ukYouthRates are the UK minimum rates from 1 April 2026 by age band.
var ukYouthRates = []struct {
	minAge int
	rate   payroll.Money
	note   string
}{{18, payroll.MustMoney("10.85"), "the 18 to 20 rate"}, {0, payroll.MustMoney("8.00"), "the under 18 rate"}}

// Warnings is P/warnings: what a payroll officer should look at before
// finalising, computed from the run, its employees and their accounts:
// pay that could not be calculated, negative net pay, pay with no bank
// account to go to, missing tax identifiers (TFN, tax code, NI number,
// IRD number), an expired NRIC, hourly pay below the minimum wage,
// terminated employees, duplicate earnings lines, another draft run of the
// schedule overlapping the period, UK statutory pay weeks that cannot be
// paid yet (their salary kept), UK leavers' holiday taken beyond what they
// accrued (nothing deducted: WTR 1998 reg 14(4)), AU annual leave cashed
// out below 4 weeks' balance, and birthdays and work anniversaries in the
// period.
func (o *Outputs) Warnings(ctx context.Context, biz business.Business, id int64) (_ []payrun.WarningModel, err error) {
	defer payroll.Wrap(&err, "pay run %d warnings", id)
	q := o.DB.Queries()
	run, err := o.Load(ctx, q, biz, id)
	if err != nil {
		return nil, err
	}
	ps, err := Payees(ctx, o.Service, q, biz, run, 0)
	if err != nil {
		return nil, err
	}
	lines, err := q.ListPayRunLines(ctx, run.ID)
	if err != nil {
		return nil, err
	}
	byEmp := map[int64][]store.PayRunLine{}
	for _, l := range lines {
		byEmp[l.EmployeeID] = append(byEmp[l.EmployeeID], l)
	}
	out := []payrun.WarningModel{}
	others, err := q.ListOverlappingDraftPayRuns(ctx, store.ListOverlappingDraftPayRunsParams{BusinessID: biz.ID, PayScheduleID: run.PayScheduleID,
		ID: run.ID, Starting: run.PeriodStarting, Ending: run.PeriodEnding})
	if err != nil {
		return nil, err
	}
	if len(others) > 0 && run.Status == payrun.StatusDraft {
		typ := "ConcurrentPayRun"
		if biz.Region == "AU" {
			typ = "ConcurrentPayRunAU"
		}
		ids := make([]string, len(others))
		for i, x := range others {
			ids[i] = fmt.Sprint(x)
		}
		out = append(out, warning(typ, 0, "", "another draft pay run of this pay schedule overlaps the period: "+strings.Join(ids, ", ")))
	}
	unpaid, err := o.ukUnpaidStatutory(ctx, q, biz, run) // warnings_uk.go
	if err != nil {
		return nil, err
	}
	lsl, err := o.auLSLUnpaid(ctx, q, biz, run, ps, byEmp) // warnings_au.go
	if err != nil {
		return nil, err
	}
	cashOut, err := o.auCashOutUnderFourWeeks(ctx, q, biz, run, ps, byEmp) // warnings_au.go
	if err != nil {
		return nil, err
	}
	late, err := o.auDelayedTermination(ctx, q, biz, run, ps, byEmp) // warnings_au.go
	if err != nil {
		return nil, err
	}
	benefits, err := o.ukPayrolledBenefits(ctx, q, biz, run, byEmp) // warnings_uk.go
	if err != nil {
		return nil, err
	}
	owed, err := o.ukHolidayOwed(ctx, q, biz, run, ps, byEmp) // warnings_uk.go
	if err != nil {
		return nil, err
	}
	for i := range ps {
		id := ps[i].Row.EmployeeID
		out = append(out, employeeWarnings(biz.Region, run, &ps[i], byEmp[id])...)
		for _, text := range slices.Concat(unpaid[id], lsl[id], cashOut[id], late[id], benefits[id], owed[id]) {
			out = append(out, warning("EmployeeInformation", ps[i].Row.EmployeeID, ps[i].Row.EmployeeName, text))
		}
	}
	return out, nil
}

func warning(typ string, employeeID int64, name, text string) payrun.WarningModel {
	return payrun.WarningModel{WarningType: typ, WarningTypeDescription: warningDescriptions[typ], EmployeeID: employeeID, EmployeeName: name, Warning: text}
}

// employeeWarnings are one employee's warnings, in a fixed order.
func employeeWarnings(region string, run store.PayRun, p *Payee, lines []store.PayRunLine) []payrun.WarningModel {
	var out []payrun.WarningModel
	r, e := p.Row, p.Emp
	add := func(typ, format string, args ...any) {
		out = append(out, warning(typ, r.EmployeeID, r.EmployeeName, fmt.Sprintf(format, args...)))
	}
	if r.CalcError != "" {
		add("EmployeeInformation", "pay could not be calculated: %s", r.CalcError)
	}
	if r.Net < 0 {
		add("NegativeEarnings", "net pay is %s: deductions and amounts withheld exceed earnings", money(r.Net).StringFixed(2))
	}
	if p.Paid().IsPos() {
		switch {
		case len(p.Accts) == 0:
			add("PaymentFile", "no bank account: %s will not be in the bank file", p.Paid().StringFixed(2))
		case p.Unpaid.IsPos():
			add("PaymentFile", "%s of the pay is not allocated to a bank account (no account takes the balance)", p.Unpaid.StringFixed(2))
		}
		for i, pay := range p.Pays {
			if pay.Amount.IsPos() && p.Accts[i].AccountType == "Bpay" {
				add("Bpay", "%s is paid by BPAY (biller %s), outside the bank file", pay.Amount.StringFixed(2), p.Accts[i].BSB)
			}
		}
	}
	if e.ID != 0 {
		switch region {
		case "AU":
			tfn := strings.NewReplacer(" ", "", "-", "").Replace(e.TaxFileNumber)
			switch {
			case tfn == "" || tfn == "000000000":
				add("EmployeeInformation", "no tax file number quoted: tax is withheld at the no-TFN rate")
			case tfn == "111111111" && e.StartDate.Valid && run.DatePaid.After(e.StartDate.Time.AddDate(0, 0, 28)):
				add("MoreThan28DaysWithoutTfnQuoted", "a TFN was applied for (111 111 111) more than 28 days ago: withhold at the no-TFN rate until it is quoted")
			}
		case "UK":
			if strings.TrimSpace(e.TaxCode) == "" {
				add("TaxCodeMissing", "the employee has no tax code")
			}
			if strings.TrimSpace(e.NationalInsuranceNumber) == "" {
				add("NINOUnknown", "the employee's National Insurance number is not known")
			}
		case "NZ":
			if strings.TrimSpace(e.TaxCodeDeclarationIrdNumber) == "" {
				add("EmployeeInformation", "no IRD number: PAYE applies at the non-declaration rate")
			}
		case "SG":
			if e.NationalRegistrationIdentityExpiryDate.Valid && e.NationalRegistrationIdentityExpiryDate.Time.Before(run.DatePaid) {
				add("ExpiredNric", "the employee's identity document expired on %s", e.NationalRegistrationIdentityExpiryDate.Time.Format("2006-01-02"))
			}
		}
		// A UK worker the bureau records as not entitled to the minimum
		// wage (isExemptFromMinimumWage: e.g. a company director, a
		// volunteer, a family member living at home in the family business;
		// Acas "Who gets the minimum wage", HMRC NMWM05160) gets no warning.
		exempt := region == "UK" && strings.EqualFold(strings.TrimSpace(e.IsExemptFromMinimumWage), "true")
		if w, ok, salaried := ukSalariedBelowMinimum(region, run, r, e, lines); salaried {
			if ok && !exempt {
				add("BelowMinimumWage", "%s", w)
			}
		} else if w, ok := belowMinimum(region, run.DatePaid, e); ok && !exempt {
			add("BelowMinimumWage", "%s", w)
		}
		if e.EndDate.Valid && e.EndDate.Time.Before(run.PeriodStarting) {
			add("PreviouslyTerminated", "the employee was terminated on %s, before the period", e.EndDate.Time.Format("2006-01-02"))
		}
	}
	for _, l := range lines {
		if l.Kind == pay.KindDeduction && l.Subtype == pay.SubtypeNZChildSupportOver {
			add("EmployeeInformation", "%s", l.Notes) // NZ child support typed over the protected net earnings (pay/nz_child_support.go)
		}
		if l.Kind == pay.KindEarnings && l.Subtype == pay.SubtypeNZBereavementLimited {
			add("EmployeeInformation", "%s", l.Notes) // NZ bereavement leave beyond the days one bereavement gives (pay/nz_sick_leave.go)
		}
		if l.Kind == pay.KindEarnings && strings.Contains(l.Notes, pay.LeaveRateNotHourly) {
			add("EmployeeInformation", "%s", l.Notes) // leave paid at the hourly rate: its category's deduct-from pay category is not hourly (pay/inputs.go leaveDeduction)
		}
		if region == "UK" && strings.Contains(l.Notes, pay.UKLeaveYearUnknown) && (l.Kind == pay.KindEarnings || !paidOut(lines)) {
			add("EmployeeInformation", "%s", l.Notes) // UK holiday paid as the ledger holds it, no leave year (pay/uk_holiday_leave_year.go)
		}
	}
	seen := map[string]bool{}
	dup := false
	for _, l := range lines {
		if l.Kind != pay.KindEarnings {
			continue
		}
		k := fmt.Sprint(l.CategoryID, "|", l.Units, "|", l.Rate, "|", l.Amount)
		dup = dup || seen[k]
		seen[k] = true
	}
	if dup {
		add("DuplicateEarningsLines", "two or more earnings lines have the same category, units, rate and amount")
	}
	if e.ID != 0 {
		if d, ok := inPeriod(e.DateOfBirth, run); ok {
			add("Birthday", "turns %d on %s", d.Year()-e.DateOfBirth.Time.Year(), d.Format("2006-01-02"))
		}
		if d, ok := inPeriod(e.StartDate, run); ok && d.Year() > e.StartDate.Time.Year() {
			add("Anniversary", "%d years of service on %s", d.Year()-e.StartDate.Time.Year(), d.Format("2006-01-02"))
		}
	}
	return out
}

// paidOut: an earnings line of lines pays holiday as the ledger holds it
// for want of a leave year (its accrual line then adds no second warning).
func paidOut(lines []store.PayRunLine) bool {
	for _, l := range lines {
		if l.Kind == pay.KindEarnings && strings.Contains(l.Notes, pay.UKLeaveYearUnknown) {
			return true
		}
	}
	return false
}

// inPeriod is the date's anniversary falling in the run's period, if any.
func inPeriod(t sql.NullTime, run store.PayRun) (time.Time, bool) {
	if !t.Valid {
		return time.Time{}, false
	}
	for y := run.PeriodStarting.Year(); y <= run.PeriodEnding.Year(); y++ {
		d := time.Date(y, t.Time.Month(), t.Time.Day(), 0, 0, 0, 0, time.UTC)
		if d.Month() != t.Time.Month() {
			continue // 29 February in a common year
		}
		if !d.Before(payroll.DateOnly(run.PeriodStarting)) && !d.After(payroll.DateOnly(run.PeriodEnding)) && d.After(t.Time) {
			return d, true
		}
	}
	return time.Time{}, false
}

// belowMinimum checks an hourly rate (or a weekly or annual rate over the
// employee's hours per week) against the minimum wage in force on the
// payment date.
func belowMinimum(region string, paid time.Time, e EmployeeDetails) (string, bool) {
	if !e.Rate.Valid {
		return "", false
	}
	rate, err := payroll.ParseRate(e.Rate.String)
	if err != nil || !rate.IsPos() {
		return "", false
	}
	hpw := payroll.Rate{}
	if e.HoursPerWeek.Valid {
		hpw, _ = payroll.ParseRate(e.HoursPerWeek.String)
	}
	var hourly payroll.Rate
	switch e.RateUnit {
	case "Hourly":
		hourly = rate
	case "Weekly":
		if !hpw.IsPos() {
			return "", false
		}
		hourly = rate.Div(hpw)
	case "Annually":
		if !hpw.IsPos() {
			return "", false
		}
		hourly = rate.Div(hpw.Mul(payroll.RateFromInt(52)))
	default:
		return "", false
	}
	min, found := minimumRate(region, paid, e)
	if !found {
		return "", false
	}
	h := payroll.MoneyFromDecimal(hourly.Decimal())
	if !h.Less(min.rate) {
		return "", false
	}
	return fmt.Sprintf("pay of %s an hour is below %s of %s an hour", h.Cents().StringFixed(2), min.note, min.rate.StringFixed(2)), true
}

// minimumRate is the minimum hourly rate for the employee on the day paid
// (by age for the UK from April 2026).
func minimumRate(region string, paid time.Time, e EmployeeDetails) (minimumWage, bool) {
	var min minimumWage
	found := false
	for _, m := range minimumWages[region] {
		if !paid.Before(m.from) {
			min, found = m, true
			break
		}
	}
	if !found {
		return min, false
	}
	if region == "UK" && e.DateOfBirth.Valid && !paid.Before(time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)) {
		age := paid.Year() - e.DateOfBirth.Time.Year()
		if paid.YearDay() < e.DateOfBirth.Time.YearDay() {
			age--
		}
		if age < 21 {
			for _, y := range ukYouthRates {
				if age >= y.minAge {
					min.rate, min.note = y.rate, y.note
					break
				}
			}
		}
	}
	return min, true
}
