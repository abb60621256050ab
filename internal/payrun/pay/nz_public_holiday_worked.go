package pay

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// nzAlternativeHolidayName is the NZ defaults' leave category holding
// alternative holidays (Holidays Act 2003 s 56), found by name: the
// reference's leave categories have no type for it.
const nzAlternativeHolidayName = "Alternative Holiday"

// nzPublicHolidaysWorked applies the Holidays Act 2003 to an employee's
// timesheets paid at their ordinary rate on a public holiday they observe
// (nzHolidayDays: the business's stored holidays for their region and
// location, Mondayised by their work week, else the national calendar):
//   - s 50(1)(a): the hours are paid at least time and a half, so a line
//     of the primary category pays the other half of the rate for them;
//   - s 56(1): when the day is an otherwise working day (their work week;
//     Monday to Friday when none is stored), they are also entitled to an
//     alternative holiday, one whole day (their hours a day) accrued to
//     the "Alternative Holiday" leave category when the business has it,
//     the line's notes saying so either way.
//
// Timesheets in other pay categories (a "Public Holiday Worked" category
// with its own loading, overtime) are the client's pricing and are left
// alone. docs/reference/nz-public-holidays-worked.md.
func (w *Writer) nzPublicHolidaysWorked(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated) error {
	if in == nil || len(in.timesheets[e.ID]) == 0 {
		return nil
	}
	primary := cats.primary(e.PrimaryPayCategoryID.Int64)
	rate, salaried := ordinaryTimesheetRate(c, primary), false
	if !rate.IsPos() {
		rate, salaried = c.salaried.hourly, true // the salary paid the hours once
	}
	if !rate.IsPos() {
		return nil
	}
	wd := in.workWeekOrWeekdays(e.ID)
	stored, err := in.storedPublicHolidays()
	if err != nil {
		return err
	}
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	ph, _ := nzHolidayDays(stored, nzRegion(e.ResidentialState, e.ResidentialCity), e.PrimaryLocationID.Int64, wd, from.Year()-1, to.Year()+1)
	// Hours worked on each public holiday, by pay category: the primary
	// category's at the ordinary rate, an overtime category's at its loaded
	// rate (s 9(1)(b)(ii): overtime pay is part of relevant daily pay, so
	// the time and a half of s 50(1)(a) applies to it too). The pay of
	// each other otherwise working day of the period, the same way: what
	// the employee is paid for a day (s 9(1)(a)).
	type part struct {
		cat         Category
		hours, rate payroll.Rate
	}
	onDay := map[time.Time][]part{}
	worked := map[time.Time]bool{}
	var days []time.Time
	dayPay, dayHours := map[time.Time]payroll.Money{}, map[time.Time]payroll.Rate{}
	for _, t := range in.timesheets[e.ID] {
		if t.LeaveCategoryID == 0 {
			worked[payroll.DateOnly(t.Start)] = true
		}
		if t.LeaveCategoryID != 0 || in.awardPaid(e.ID, t.ID) || t.Units != nil || t.Rate != nil {
			continue
		}
		cat, r := primary, rate
		if pc, ok := cats.ByKind[KindEarnings][t.PayCategoryID]; ok && pc.ID != primary.ID {
			if !nzOvertimeCategory(pc) || !pc.Hourly {
				continue
			}
			cat, r = pc, cats.loadedRate(rate, pc)
		}
		day := payroll.DateOnly(t.Start)
		h := payroll.RateFromInt(t.PaidMinutes()).Div(payroll.RateFromInt(60))
		if _, ok := ph[day]; !ok {
			if wd[day.Weekday()] {
				dayPay[day], dayHours[day] = dayPay[day].Add(lineMoney(h, r)), dayHours[day].Add(h)
			}
			continue
		}
		if _, seen := onDay[day]; !seen {
			days = append(days, day)
		}
		ps := onDay[day]
		i := slices.IndexFunc(ps, func(p part) bool { return p.cat.ID == cat.ID })
		if i < 0 {
			ps, i = append(ps, part{cat: cat, rate: r}), len(ps)
		}
		ps[i].hours = ps[i].hours.Add(h)
		onDay[day] = ps
	}
	hpd := leave.StoredHours(e.HoursPerDay)
	if !hpd.IsPos() {
		if n := daysIn(wd); n > 0 && hoursPerWeek(e).IsPos() {
			hpd = hoursPerWeek(e).Div(payroll.RateFromInt(n))
		}
	}
	// A salaried employee's pay continues on a holiday not worked (s 49
	// is already met by the salary).
	if !salaried && e.AutomaticallyApplyPublicHolidayNotWorkedEarningsLines.Valid && e.AutomaticallyApplyPublicHolidayNotWorkedEarningsLines.Bool {
		if err := w.nzPublicHolidaysNotWorked(ctx, run, e, cats, in, primary, rate, hpd, wd, ph, worked, dayPay, dayHours, c); err != nil {
			return err
		}
	}
	if !salaried {
		if err := w.nzLeaveAtDailyPay(ctx, run, e, cats, in, wd, ph, dayPay, c); err != nil { // nz_average_daily_pay.go
			return err
		}
	}
	if len(days) == 0 {
		return nil
	}
	var alt *int64
	for id, lc := range in.leaveCats {
		if strings.EqualFold(strings.TrimSpace(lc.Name), nzAlternativeHolidayName) && !lc.IsBalanceUntracked {
			alt = &id
			break
		}
	}
	for _, day := range days {
		alternative := ""
		if wd[day.Weekday()] {
			switch {
			case alt == nil:
				alternative = "; an otherwise working day, so an alternative holiday is due (s 56), but the business has no \"" + nzAlternativeHolidayName + "\" leave category to record it"
			case !hpd.IsPos():
				alternative = "; an otherwise working day, so an alternative holiday is due (s 56), not recorded: the employee has no hours per day"
			default:
				alternative = "; an otherwise working day: one alternative holiday (s 56) accrued"
				lc := in.leaveCats[*alt]
				var a line
				a.Kind, a.CategoryID, a.CategoryName = KindLeaveAccrued, lc.ID, lc.Name
				a.units, a.Units, a.Notes = hpd, hpd.RoundHalfUp(4).String(), "LeaveAccrued: alternative holiday for "+ph[day]+" "+day.Format("2 January 2006")+" worked (Holidays Act 2003 s 56)"
				c.lines = append(c.lines, a)
			}
		}
		for _, p := range onDay[day] {
			half := p.rate.Div(payroll.RateFromInt(2))
			note := "Public holiday worked, " + ph[day] + " " + day.Format("2 January 2006") + ": " + p.hours.String() +
				" hours, the other half of the rate " + p.rate.String() + " (time and a half, Holidays Act 2003 s 50(1)(a))"
			if p.cat.ID != primary.ID {
				note = "Public holiday worked, " + ph[day] + " " + day.Format("2 January 2006") + ": " + p.hours.String() + " hours of " + p.cat.Name +
					", the other half of its rate " + p.rate.String() + " (overtime pay is part of relevant daily pay, s 9(1)(b)(ii), so the time and a half of s 50(1)(a) applies to it)"
			}
			l := earningsLine(p.cat, p.hours, half, lineMoney(p.hours, half), payroll.Rate{}, note+alternative)
			alternative = ""
			c.lines = append(c.lines, l)
		}
	}
	return nil
}

// nzOvertimeCategory says whether an NZ pay category pays overtime: of the
// type Overtime, or named so (the NZ defaults' "Overtime 1.5x" and
// "Overtime 2x" are Standard categories derived from the primary one).
func nzOvertimeCategory(c Category) bool {
	return c.Kind == calc.Overtime || strings.Contains(strings.ToLower(c.Name), "overtime")
}

// publicHolidaysNotWorked pays, for an employee paid by timesheets whose
// record asks for public holiday not worked lines
// (automaticallyApplyPublicHolidayNotWorkedEarningsLines), each public
// holiday they observe in the period that would otherwise be a working
// day and on which they have no timesheet, at relevant daily pay (Holidays
// Act 2003 s 49(1); s 9(1)(a): what they would have received had they
// worked, their hours a day at the rate their timesheets were paid),
// through the pay category "Public Holiday Not Worked" (the NZ defaults')
// or, without one, the primary category. Days outside their employment
// are not paid. Relevant daily pay that varies by day (s 9A average daily
// pay) is not modelled. AU uses it for the Fair Work Act 2009 s 116 (the
// base rate for the ordinary hours of the day); law names the provision.
func publicHolidaysNotWorked(run *store.PayRun, e *EmployeeRow, cats *Categories, primary Category, rate, hpd payroll.Rate, wd *[7]bool,
	ph map[time.Time]string, worked map[time.Time]bool, law string, c *calculated) {
	holidaysNotWorkedAt(run, e, cats, primary, hpd, rate, lineMoney(hpd, rate), hpd.String()+" hours at "+rate.String(), wd, ph, worked, law, c)
}

// holidaysNotWorkedAt is publicHolidaysNotWorked paying each holiday
// amount (units hours at rate, how saying how the amount was found).
func holidaysNotWorkedAt(run *store.PayRun, e *EmployeeRow, cats *Categories, primary Category, units, rate payroll.Rate, amount payroll.Money, how string,
	wd *[7]bool, ph map[time.Time]string, worked map[time.Time]bool, law string, c *calculated) {
	cat := primary
	for _, pc := range cats.ByKind[KindEarnings] {
		if strings.EqualFold(strings.TrimSpace(pc.Name), "Public Holiday Not Worked") {
			cat = pc
			break
		}
	}
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		name, ok := ph[d]
		if !ok || !wd[d.Weekday()] || worked[d] {
			continue
		}
		if e.StartDate.Valid && d.Before(payroll.DateOnly(e.StartDate.Time)) || e.EndDate.Valid && d.After(payroll.DateOnly(e.EndDate.Time)) {
			continue
		}
		l := earningsLine(cat, units, rate, amount, units, "Public holiday not worked, "+name+" "+d.Format("2 January 2006")+
			": "+how+" (an otherwise working day; "+law+")")
		c.lines = append(c.lines, l)
	}
}
