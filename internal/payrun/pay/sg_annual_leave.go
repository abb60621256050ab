package pay

import (
	"context"
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

// SG annual leave on termination (Employment Act 1968 s 88A; MOM, "Annual
// leave eligibility and entitlement"; facts and sources in
// docs/reference/sg-annual-leave-completed-months.md). An employee with at
// least 3 months of service is entitled, for the year of service they
// leave in, to (completed months of that year ÷ 12) × the year's days, a
// fraction of a day under one half dropped and one half or more counted
// as a day. The ledger accrues a yearly entitlement by calendar days per
// pay run, so at the final pay the accruals of the current year of
// service are replaced by that entitlement; what was carried from earlier
// years, adjustments and leave taken stay as the ledger holds them.

// sgServiceMonthsMinimum is the service (completed months) s 88A asks
// before any annual leave.
const sgServiceMonthsMinimum = 3

// completedMonths counts the whole months of service from from to end
// (both days included): a month from the 15th is completed on the 14th of
// the next month (MOM: 14 Mar to 13 Jul = 4 completed months). A month
// starting on a day the next month lacks (31 January) runs to that month's
// last day (28 February).
func completedMonths(from, end time.Time) int {
	from, end = payroll.DateOnly(from), payroll.DateOnly(end)
	n := 0
	for {
		next := addMonthsCapped(from, n+1)
		if next.AddDate(0, 0, -1).After(end) {
			return n
		}
		n++
	}
}

// addMonthsCapped is from plus n months; a day the target month lacks
// moves to the first day of the month after it.
func addMonthsCapped(from time.Time, n int) time.Time {
	first := time.Date(from.Year(), from.Month()+time.Month(n), 1, 0, 0, 0, 0, from.Location())
	lastDay := first.AddDate(0, 1, -1).Day()
	if from.Day() > lastDay {
		return first.AddDate(0, 1, 0)
	}
	return time.Date(first.Year(), first.Month(), from.Day(), 0, 0, 0, 0, from.Location())
}

// sgAnnualDays is the days a year of annual leave category lc for employee
// e in the year of service after completed years: the employee's leave
// allowance of days a year when they have allowances, else the category's
// own days a year when it accrues by itself, by its yearly tiers when it
// has them. false: the category is not an entitlement of days a year for
// e (the ledger's balance is paid as it stands).
func (in *inputs) sgAnnualDays(e *EmployeeRow, lc *categories.LeaveCategory, years int) (payroll.Rate, bool) {
	if lc.LeaveCategoryType != "" && lc.LeaveCategoryType != "Standard" {
		return payroll.Rate{}, false
	}
	if rows := in.allowances[e.ID]; len(rows) > 0 {
		for _, a := range rows {
			if a.LeaveCategoryID != lc.ID || a.UnitType != "Days" {
				continue
			}
			u, err := payroll.ParseRate(a.Units)
			return u, err == nil && u.IsPos()
		}
		return payroll.Rate{}, false
	}
	if strings.EqualFold(e.EmploymentType, "Casual") || !lc.AutomaticallyAccrues || lc.UnitType != "Days" || !lc.Units.IsPos() {
		return payroll.Rate{}, false
	}
	return tierUnits(lc, years, true), true
}

// sgAnnualLeave puts into bal (the hours each category would pay on
// termination: the ledger as at the period's end with this run's accruals
// and less its leave) the Employment Act's entitlement for the current
// year of service in place of that year's accruals, for each annual leave
// category of days a year. It returns the notes of the lines that pay
// them out (the months counted and the days).
func (w *Writer) sgAnnualLeave(ctx context.Context, run *store.PayRun, e *EmployeeRow, in *inputs, c *calculated, bal map[int64]int64) (map[int64]string, error) {
	if !e.EndDate.Valid {
		return nil, nil
	}
	notes := map[int64]string{}
	var accrued map[int64]int64
	for _, id := range slices.Sorted(maps.Keys(in.leaveCats)) {
		lc := in.leaveCats[id]
		if lc.ExcludeFromTerminationPayout || lc.IsBalanceUntracked {
			continue
		}
		if _, ok := in.sgAnnualDays(e, &lc, 0); !ok {
			continue
		}
		if !e.StartDate.Valid {
			return nil, payroll.Conflict("employee %d has no start date: SG annual leave paid on termination (Employment Act s 88A) counts the completed months of service, so their final pay needs it", e.ID)
		}
		start, end := payroll.DateOnly(e.StartDate.Time), payroll.DateOnly(e.EndDate.Time)
		yearStart, _ := lastAnniversary(start, end)
		years := yearStart.Year() - start.Year()
		dayBefore := yearStart.AddDate(0, 0, -1)
		days, _ := in.sgAnnualDays(e, &lc, years)
		// An opening balance inside the current year of service already
		// holds part of that year's leave: the ledger stands.
		n, err := w.q.LeaveOpeningBetween(ctx, store.LeaveOpeningBetweenParams{BusinessID: w.bizID, EmployeeID: e.ID, LeaveCategoryID: id,
			AfterDate: dayBefore, ToDate: run.PeriodEnding})
		if err != nil {
			return nil, err
		}
		if n > 0 {
			continue
		}
		hpd, _ := leave.StandardHours(leave.StoredHours(e.HoursPerDay), leave.StoredHours(e.HoursPerWeek))
		if !hpd.IsPos() {
			return nil, payroll.Conflict("employee %d has no hours per day or week: SG annual leave (Employment Act s 88A) is a number of days, and the leave ledger keeps hours", e.ID)
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
		for i := range c.lines {
			if l := &c.lines[i]; l.Kind == KindLeaveAccrued && l.CategoryID == id {
				bal[id] -= hoursE6(l.units)
			}
		}
		months := completedMonths(yearStart, end)
		var entitled payroll.Rate
		if completedMonths(start, end) >= sgServiceMonthsMinimum {
			entitled = days.Mul(payroll.RateFromInt(int64(months))).Div(payroll.RateFromInt(12)).RoundHalfUp(0)
		}
		bal[id] += hoursE6(entitled.Mul(hpd)) - accrued[id]
		if completedMonths(start, end) < sgServiceMonthsMinimum {
			notes[id] = fmt.Sprintf("Unused %s paid on termination: none, under %d months of service", lc.Name, sgServiceMonthsMinimum)
		} else {
			notes[id] = fmt.Sprintf("Unused %s paid on termination: %s days a year × %d completed months of year of service %d ÷ 12 = %s days, less leave taken",
				lc.Name, days, months, years+1, entitled)
		}
	}
	return notes, nil
}
