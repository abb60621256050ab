package pay

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// UK holiday paid on termination by the leave year (Working Time
// Regulations 1998 reg 14(3)(b); docs/reference/holiday-pay-on-termination.md,
// "UK: the leave year"). A worker who leaves part-way through a leave year
// is paid in lieu of (A × B) − C: A the year's leave, B the proportion of
// the leave year expired at the termination date, C the leave taken in the
// leave year. The leave year begins (reg 13(3)) on the date a relevant
// agreement gives, else on the day employment began and each anniversary
// (1 October for employment that began on or before 1 October 1998). The
// employee's leaveAccrualStartDateType and leaveYearStart (else the
// business's) are that agreement: SpecifiedDate on leaveYearStart's day
// and month, CalendarYear on 1 January, EmployeeStartDate (the default)
// on the anniversary of the start date.
//
// The ledger accrues a yearly entitlement by calendar days per pay run,
// and only for the runs paid here, so at the final pay the accruals of the
// current leave year are replaced by A × B: the year's hours × the days of
// the leave year employed up to and including the termination date ÷ the
// days of the leave year. The final run's accrual becomes A × B less what
// earlier runs accrued in the leave year (the ledger's balance is nil
// once the payout is taken). What the ledger holds from before the leave
// year (carried over, opening balances), adjustments and the leave taken
// (C) stay as the ledger holds them.

// ukLeaveYearSettings are the leave year settings of an employee: their
// own, else the business's.
type ukLeaveYearSettings struct {
	Type      string           `json:"leaveAccrualStartDateType"`
	Specified payroll.DateTime `json:"leaveYearStart"`
}

// wtrOctober1998 is the day reg 13(3)(b)(i) counts from: employment that
// began on or before it has leave years from 1 October.
var wtrOctober1998 = time.Date(1998, 10, 1, 0, 0, 0, 0, time.UTC)

// anniversaryOnOrBefore is the last anniversary of d's day and month on or
// before end (29 February counts as 1 March in other years).
func anniversaryOnOrBefore(d, end time.Time) time.Time {
	d, end = payroll.DateOnly(d), payroll.DateOnly(end)
	a := d.AddDate(end.Year()-d.Year(), 0, 0)
	if a.After(end) {
		a = d.AddDate(end.Year()-d.Year()-1, 0, 0)
	}
	return a
}

// ukLeaveYearStart is the first day of the leave year the day end falls
// in, and how it was found.
func ukLeaveYearStart(s ukLeaveYearSettings, e *EmployeeRow, end time.Time) (time.Time, string, error) {
	switch s.Type {
	case "SpecifiedDate":
		if s.Specified.IsZero() {
			return time.Time{}, "", payroll.Conflict("employee %d's leave year starts on a specified date (leaveAccrualStartDateType SpecifiedDate) but no leaveYearStart is recorded: "+
				"their holiday paid on termination (Working Time Regulations 1998 reg 14(3)) is a proportion of the leave year", e.ID)
		}
		return anniversaryOnOrBefore(s.Specified.Time, end), "the leave year agreed (leaveYearStart " + s.Specified.Time.Format("2 January") + ")", nil
	case "CalendarYear":
		return time.Date(payroll.DateOnly(end).Year(), 1, 1, 0, 0, 0, 0, time.UTC), "the calendar year (leaveAccrualStartDateType CalendarYear)", nil
	case "", "EmployeeStartDate":
		if !e.StartDate.Valid {
			return time.Time{}, "", payroll.Conflict("employee %d has no start date: without a leave year agreed (leaveAccrualStartDateType SpecifiedDate or CalendarYear) "+
				"the leave year begins on the anniversary of the start of employment (Working Time Regulations 1998 reg 13(3)(b)), "+
				"and their holiday paid on termination (reg 14(3)) is a proportion of it", e.ID)
		}
		start := payroll.DateOnly(e.StartDate.Time)
		if !start.After(wtrOctober1998) {
			return anniversaryOnOrBefore(wtrOctober1998, end), "1 October (employment that began on or before 1 October 1998, reg 13(3)(b)(i))", nil
		}
		return anniversaryOnOrBefore(start, end), "the anniversary of the start date (reg 13(3)(b)(ii))", nil
	}
	return time.Time{}, "", payroll.Conflict("employee %d's leave year is category specific (leaveAccrualStartDateType %s), which payrolld does not keep: "+
		"record the leave year's start (SpecifiedDate and leaveYearStart) for their holiday paid on termination (Working Time Regulations 1998 reg 14(3))", e.ID, s.Type)
}

// ukYearlyHours is the hours a year of leave category lc for employee e
// (A of reg 14(3), in the ledger's unit) after completed years of
// service, with what it is in days or weeks: their leave allowance of
// days or weeks a year (or days a month) when they have allowances, else
// the category's own when it accrues by itself. false: lc is not a yearly
// entitlement of e's (its balance is paid as the ledger holds it).
func (in *inputs) ukYearlyHours(e *EmployeeRow, lc *categories.LeaveCategory, years int, hpd, hpw payroll.Rate) (payroll.Rate, string, bool) {
	if lc.LeaveCategoryType != "" && lc.LeaveCategoryType != "Standard" {
		return payroll.Rate{}, "", false
	}
	var units payroll.Rate
	var unitType string
	if rows := in.allowances[e.ID]; len(rows) > 0 {
		found := false
		for _, a := range rows {
			if a.LeaveCategoryID != lc.ID {
				continue
			}
			u, err := payroll.ParseRate(a.Units)
			if err != nil {
				return payroll.Rate{}, "", false
			}
			units, unitType, found = u, a.UnitType, true
			break
		}
		if !found {
			return payroll.Rate{}, "", false
		}
	} else {
		if !lc.AutomaticallyAccrues {
			return payroll.Rate{}, "", false
		}
		if strings.EqualFold(e.EmploymentType, "Casual") {
			// A casual accrues reg 15B's 12.07% instead (accruals: the
			// business's 12.07% category, else the yearly one at 12.07% of
			// the hours worked); reg 15E pays it as the ledger holds it.
			return payroll.Rate{}, "", false
		}
		units, unitType = lc.Units, lc.UnitType
		if unitType == "Days" || unitType == "Weeks" {
			units = tierUnits(lc, years, false)
		}
	}
	if !units.IsPos() {
		return payroll.Rate{}, "", false
	}
	switch unitType {
	case "StandardWeeks", "StandardDays":
		// A year's leave for a standard week's hours worked: a worker with
		// normal hours (not a casual, whose hours are irregular: reg 15B's
		// accrual as the ledger holds it) is entitled to the year's weeks
		// (or days) of their standard week.
		if strings.EqualFold(e.EmploymentType, "Casual") || !hpw.IsPos() {
			return payroll.Rate{}, "", false
		}
		if unitType == "StandardWeeks" {
			return units.Mul(hpw), units.String() + " weeks a year", true
		}
		return units.Mul(hpd), units.String() + " days a year", true
	case "Days":
		return units.Mul(hpd), units.String() + " days a year", true
	case "Weeks":
		return units.Mul(hpw), units.String() + " weeks a year", true
	case "DayPerMonth":
		days := units.Mul(payroll.RateFromInt(12))
		return days.Mul(hpd), days.String() + " days a year", true
	}
	return payroll.Rate{}, "", false
}

// ukHolidayLeaveYear puts into bal (the hours each category would pay on
// termination: the ledger as at the period's end with this run's accruals
// and less its leave) the leave of the current leave year by reg 14(3)
// in place of that year's accruals, for each leave category that is a
// yearly entitlement of days or weeks. It returns the notes of the lines
// that pay them out (the leave year, the days counted and the hours).
func (w *Writer) ukHolidayLeaveYear(ctx context.Context, run *store.PayRun, e *EmployeeRow, in *inputs, c *calculated, bal map[int64]int64) (map[int64]string, error) {
	if !e.EndDate.Valid {
		return nil, nil
	}
	notes := map[int64]string{}
	var settings []ukLeaveYearSettings
	var accrued map[int64]int64
	end := payroll.DateOnly(e.EndDate.Time)
	hpd, hpw := leave.StandardHours(leave.StoredHours(e.HoursPerDay), leave.StoredHours(e.HoursPerWeek))
	years := 0
	if e.StartDate.Valid && !payroll.DateOnly(e.StartDate.Time).After(end) {
		a, _ := lastAnniversary(e.StartDate.Time, end)
		years = a.Year() - payroll.DateOnly(e.StartDate.Time).Year()
	}
	for _, id := range slices.Sorted(maps.Keys(in.leaveCats)) {
		lc := in.leaveCats[id]
		if lc.ExcludeFromTerminationPayout || lc.IsBalanceUntracked {
			continue
		}
		yearly, what, ok := in.ukYearlyHours(e, &lc, years, hpd, hpw)
		if !ok {
			continue
		}
		if !yearly.IsPos() {
			return nil, payroll.Conflict("employee %d has no hours per day or week: their %s (%s) is paid on termination as hours "+
				"(Working Time Regulations 1998 reg 14(3)), and the leave ledger keeps hours", e.ID, lc.Name, what)
		}
		if settings == nil {
			s, err := w.ukLeaveYearSettings(ctx, e)
			if err != nil {
				return nil, err
			}
			settings = s
		}
		yearStart, how, missing := ukResolveLeaveYear(settings, e, end)
		if missing != "" {
			// No leave year start at all: the ledger's balance is paid as
			// it stands, and the run warns (output/warnings.go).
			note := fmt.Sprintf("Unused %s paid on termination as the leave ledger holds it: %s %s", lc.Name, UKLeaveYearUnknown, missing)
			notes[id] = note
			for i := range c.lines {
				if l := &c.lines[i]; l.Kind == KindLeaveAccrued && l.CategoryID == id && l.Subtype == "" {
					l.Notes = note
					break
				}
			}
			continue
		}
		dayBefore := yearStart.AddDate(0, 0, -1)
		// An opening balance inside the current leave year already holds
		// part of that year's leave (and the leave taken before it was
		// entered is not known here): the ledger stands.
		n, err := w.q.LeaveOpeningBetween(ctx, store.LeaveOpeningBetweenParams{BusinessID: w.bizID, EmployeeID: e.ID, LeaveCategoryID: id,
			AfterDate: dayBefore, ToDate: run.PeriodEnding})
		if err != nil {
			return nil, err
		}
		if n > 0 {
			continue
		}
		if accrued == nil {
			rows, err := w.q.LeaveAccruedBetween(ctx, store.LeaveAccruedBetweenParams{BusinessID: w.bizID, EmployeeID: e.ID,
				AfterDate: dayBefore, ToDate: run.PeriodEnding})
			if err != nil {
				return nil, err
			}
			accrued = map[int64]int64{}
			for _, r := range rows {
				accrued[r.LeaveCategoryID] = r.HoursE6
			}
		}
		from := yearStart
		if e.StartDate.Valid && payroll.DateOnly(e.StartDate.Time).After(from) {
			from = payroll.DateOnly(e.StartDate.Time)
		}
		yearDays := int64(yearStart.AddDate(1, 0, 0).Sub(yearStart).Hours()/24 + 0.5)
		var employed int64
		if !from.After(end) {
			employed = int64(end.Sub(from).Hours()/24+0.5) + 1
		}
		entitled := yearly.Mul(payroll.RateFromInt(employed)).Div(payroll.RateFromInt(yearDays)).RoundHalfUp(4)
		// This run's accrual becomes what the leave year still owes the
		// ledger (A × B less what earlier runs accrued in it; negative: an
		// adjustment), so that the balance is nil once the payout is taken.
		adjE6 := hoursE6(entitled) - accrued[id]
		var runAcc int64
		for i := range c.lines {
			if l := &c.lines[i]; l.Kind == KindLeaveAccrued && l.CategoryID == id && l.Subtype == "" {
				runAcc += hoursE6(l.units)
			}
		}
		// The greater of reg 14(3)'s (A × B) − C and the ledger's balance
		// (the lead's decision, 2 December 2026: a ledger that accrued
		// more, e.g. weekly accruals of a year's 52nd part or hours worked
		// beyond the standard week, is not cut back at the final pay).
		if reg14 := bal[id] + adjE6 - runAcc; reg14 < bal[id] {
			notes[id] = fmt.Sprintf("Unused %s paid on termination: the leave ledger's balance %s hours, more than the Working Time Regulations 1998 reg 14(3) "+
				"figure: %s (%s hours) × %d of the %d days of the leave year from %s, %s = %s hours, less leave taken in it = %s hours", lc.Name,
				hoursOfE6(bal[id]), what, yearly.RoundHalfUp(4), employed, yearDays, yearStart.Format("2 January 2006"), how, entitled, hoursOfE6(reg14))
			continue
		}
		first := -1
		for i := range c.lines {
			l := &c.lines[i]
			if l.Kind != KindLeaveAccrued || l.CategoryID != id || l.Subtype != "" {
				continue
			}
			if first < 0 {
				first = i
			} else {
				l.units, l.Units = payroll.Rate{}, "0"
			}
		}
		bal[id] += adjE6 - runAcc
		adj := hoursOfE6(adjE6)
		note := fmt.Sprintf("Leave year from %s to the termination date (Working Time Regulations 1998 reg 14(3)): %s hours less %s accrued in earlier runs",
			yearStart.Format("2 January 2006"), entitled, hoursOfE6(accrued[id]))
		switch {
		case first >= 0:
			l := &c.lines[first]
			l.units, l.Units, l.Notes = adj, adj.String(), note
		case adjE6 != 0:
			var l line
			l.Kind, l.CategoryID, l.CategoryName = KindLeaveAccrued, lc.ID, lc.Name
			l.units, l.Units, l.Notes = adj, adj.String(), note
			c.lines = append(c.lines, l)
		}
		notes[id] = fmt.Sprintf("Unused %s paid on termination (Working Time Regulations 1998 reg 14(3)): %s (%s hours) × %d of the %d days "+
			"of the leave year from %s, %s = %s hours, less leave taken in it", lc.Name, what, yearly.RoundHalfUp(4), employed, yearDays,
			yearStart.Format("2 January 2006"), how, entitled)
	}
	return notes, nil
}

// UKLeaveYearUnknown marks the notes of a UK leaver's holiday paid as the
// ledger holds it because no leave year start could be found: the pay
// run's warnings repeat those notes.
const UKLeaveYearUnknown = "no leave year start found for the Working Time Regulations 1998 reg 14(3) pro rata figure:"

// ukResolveLeaveYear is the first day of the leave year the day end falls
// in by the first of settings (the employee's, then the business's) that
// gives one, else by the start of employment (reg 13(3)(b), the default
// without a relevant agreement). missing says why none could be found
// (then the ledger is paid and the run warns: the lead's decision, 2
// December 2026).
func ukResolveLeaveYear(settings []ukLeaveYearSettings, e *EmployeeRow, end time.Time) (start time.Time, how, missing string) {
	var why []string
	for _, s := range settings {
		if s.Type == "" {
			continue
		}
		t, h, err := ukLeaveYearStart(s, e, end)
		if err == nil {
			return t, h, ""
		}
		why = append(why, err.Error())
	}
	t, h, err := ukLeaveYearStart(ukLeaveYearSettings{}, e, end)
	if err == nil {
		if len(why) > 0 {
			h += " (the agreed leave year could not be used: " + strings.Join(why, "; ") + ")"
		}
		return t, h, ""
	}
	why = append(why, err.Error())
	return time.Time{}, "", strings.Join(why, "; ")
}

// ukLeaveYearSettings reads employee e's leave year settings and the
// business's, in that order.
func (w *Writer) ukLeaveYearSettings(ctx context.Context, e *EmployeeRow) ([]ukLeaveYearSettings, error) {
	emp, err := w.q.GetEmployee(ctx, store.GetEmployeeParams{ID: e.ID, BusinessID: w.bizID})
	if err != nil {
		return nil, err
	}
	s := ukLeaveYearSettings{Type: emp.LeaveAccrualStartDateType}
	if emp.LeaveYearStart.Valid {
		s.Specified = payroll.NewDateTime(emp.LeaveYearStart.Time)
	}
	biz, err := w.q.GetBusiness(ctx, w.bizID)
	if err != nil {
		return nil, err
	}
	var d ukLeaveYearSettings
	if biz.Details != "" && json.Unmarshal([]byte(biz.Details), &d) == nil && d.Type != "" {
		if d.Type == "SpecifiedDate" && d.Specified.IsZero() {
			d.Specified = s.Specified
		}
	}
	return []ukLeaveYearSettings{s, d}, nil
}

// reg15BRate is the statutory accrual of irregular-hours and part-year
// workers (reg 15B(2): 12.07% of the hours worked in the pay period).
var reg15BRate = payroll.MustRate("0.1207")

// ukReg15BAccrual: c is the 12.07% holiday accrual of reg 15B.
func ukReg15BAccrual(c *categories.LeaveCategory) bool {
	return (c.LeaveCategoryType == "" || c.LeaveCategoryType == "Standard") && c.UnitType == "HoursPerHourWorked" && c.Units.Cmp(reg15BRate) == 0
}

// ukYearlyHoliday: c is a yearly holiday entitlement (days or weeks a
// year, whole or for a standard week's hours), the reg 13 and 13A kind.
func ukYearlyHoliday(c *categories.LeaveCategory) bool {
	if c.LeaveCategoryType != "" && c.LeaveCategoryType != "Standard" || !c.Units.IsPos() {
		return false
	}
	switch c.UnitType {
	case "Days", "Weeks", "DayPerMonth", "StandardDays", "StandardWeeks":
		return true
	}
	return false
}

// ukHolidayKinds says whether the categories that accrue by themselves
// include a yearly holiday (reg 13) and the 12.07% accrual (reg 15B).
func ukHolidayKinds(cats []categories.LeaveCategory) (reg13, reg15B bool) {
	for i := range cats {
		reg13 = reg13 || ukYearlyHoliday(&cats[i])
		reg15B = reg15B || ukReg15BAccrual(&cats[i])
	}
	return reg13, reg15B
}
