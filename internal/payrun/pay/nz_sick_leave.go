package pay

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// NZ sick leave (Holidays Act 2003 ss 63, 65, 66; docs/reference/
// nz-sick-leave.md): no entitlement in the first 6 months of current
// continuous employment; on the day 6 months are completed the employee
// becomes entitled to 10 days (from 24 July 2021), and again on each 12
// months after that day (the sick leave anniversary); unused sick leave
// carries over to at most 20 days. It is not accrued pay run by pay run.
// The category says how many days (its units) and the most that may be
// held (its accrual cap, Limited; the NZ defaults: 10 and 20).

// nzSickLeave says whether lc is an NZ sick leave category: kept in a
// balance, days a year, named as sick leave.
func nzSickLeave(region string, lc *categories.LeaveCategory) bool {
	return region == calc.NZ && !lc.IsBalanceUntracked && lc.UnitType == "Days" && strings.Contains(strings.ToLower(lc.Name), "sick")
}

// addMonths is d plus n calendar months, the day kept where the month
// has it and else the month's last day (31 August + 6 months = 28 or 29
// February).
func addMonths(d time.Time, n int) time.Time {
	first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, n, 0)
	last := first.AddDate(0, 1, -1).Day()
	return first.AddDate(0, 0, min(d.Day(), last)-1)
}

// nzSickFirstEntitlement is the day an employee who started on start
// completes 6 months of current continuous employment (s 63(1)(a)): the
// same date 6 months on.
func nzSickFirstEntitlement(start time.Time) time.Time {
	return addMonths(payroll.DateOnly(start), 6)
}

// nzSickEntitlementIn is the entitlement date (the first, or a sick leave
// anniversary 12 months after the last, s 63(2)) in [from, to], if any.
func nzSickEntitlementIn(start, from, to time.Time) (time.Time, bool) {
	from, to = payroll.DateOnly(from), payroll.DateOnly(to)
	first := nzSickFirstEntitlement(start)
	for k := 0; ; k++ {
		d := addMonths(first, 12*k)
		if d.After(to) {
			return time.Time{}, false
		}
		if !d.Before(from) {
			return d, true
		}
	}
}

// nzBereavementLeave says whether lc is an NZ bereavement leave category:
// named as bereavement leave (the NZ defaults' "Bereavement Leave", whose
// balance is not kept: s 69 gives days per bereavement, not a yearly
// balance).
func nzBereavementLeave(region string, lc *categories.LeaveCategory) bool {
	return region == calc.NZ && strings.Contains(strings.ToLower(lc.Name), "bereavement")
}

// SubtypeNZBereavementLimited marks the earnings line of NZ bereavement
// leave whose request asked for more days than one bereavement gives
// (nzBereavementPaid): P/warnings repeats its notes.
const SubtypeNZBereavementLimited = "NZBereavement.OverLimit"

// nzBereavementDays is the most bereavement leave one bereavement gives:
// Holidays Act 2003 s 69(2)(a), 3 days on the death of a spouse or
// partner, parent, child, sibling, grandparent, grandchild or spouse's or
// partner's parent (s 69(2)(b): 1 day for another person). The request
// does not say whose death it was, so the larger limit applies.
const nzBereavementDays = 3

// nzBereavementPaid is the part of h hours of approved NZ bereavement leave
// a (one request: one bereavement) present in this run that s 69(2) pays:
// no more than 3 days of the employee's standard day over the whole
// request, less the hours earlier runs already paid (a.HoursApplied, taken
// in date order). over says some hours are beyond the limit: those are not
// bereavement leave, so unpaid unless the employer agrees to other leave.
func nzBereavementPaid(region string, e *EmployeeRow, lc *categories.LeaveCategory, a leave.Approved, h payroll.Rate) (paid payroll.Rate, over bool) {
	if !nzBereavementLeave(region, lc) {
		return h, false
	}
	hpd, _ := leave.StandardHours(leave.StoredHours(e.HoursPerDay), leave.StoredHours(e.HoursPerWeek))
	room := payroll.RateFromInt(nzBereavementDays).Mul(hpd).Sub(a.HoursApplied)
	if !room.IsPos() {
		return payroll.Rate{}, h.IsPos()
	}
	if room.Less(h) {
		return room, true
	}
	return h, false
}

// nzSickLeaveUnpaid says whether approved leave a of category lc is sick
// or bereavement leave taken before the employee's first entitlement
// (s 63(1): an employee is entitled to sick leave and bereavement leave
// only after 6 months' current continuous employment), which the Act
// does not pay: it is unpaid unless the employer agrees to pay it anyway
// (record that under another category).
func nzSickLeaveUnpaid(region string, e *EmployeeRow, lc *categories.LeaveCategory, a leave.Approved) bool {
	if !nzSickLeave(region, lc) && !nzBereavementLeave(region, lc) || !e.StartDate.Valid {
		return false
	}
	return payroll.DateOnly(a.ToDate).Before(nzSickFirstEntitlement(e.StartDate.Time))
}

// nzSickLeaveEntitlement replaces the run's pro-rata accrual of NZ sick
// leave (c's leave accrued lines of such categories) by the entitlement
// the Act gives: the category's days, in hours of the employee's standard
// day, when an entitlement date falls in the run's period, no more than
// brings the balance (as at the day before) to the category's cap. An
// employee without a start date keeps the pro-rata accrual (the dates
// cannot be known).
func (w *Writer) nzSickLeaveEntitlement(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow, in *inputs, c *calculated) error {
	if region != calc.NZ || in == nil || !e.StartDate.Valid {
		return nil
	}
	kept := c.lines[:0]
	var sick []categories.LeaveCategory
	for _, l := range c.lines {
		if lc, ok := in.leaveCats[l.CategoryID]; ok && l.Kind == KindLeaveAccrued && nzSickLeave(region, &lc) {
			sick = append(sick, lc)
			continue
		}
		kept = append(kept, l)
	}
	c.lines = kept
	if len(sick) == 0 {
		return nil
	}
	on, ok := nzSickEntitlementIn(e.StartDate.Time, run.PeriodStarting, run.PeriodEnding)
	if !ok {
		return nil
	}
	hpd, _ := leave.StandardHours(leave.StoredHours(e.HoursPerDay), leave.StoredHours(e.HoursPerWeek))
	rows, err := w.q.LeaveBalancesAsAt(ctx, store.LeaveBalancesAsAtParams{BusinessID: w.bizID, EmployeeID: e.ID, EntryDate: on.AddDate(0, 0, -1)})
	if err != nil {
		return err
	}
	bal := map[int64]int64{}
	for _, r := range rows {
		bal[r.LeaveCategoryID] += r.HoursE6
	}
	for _, lc := range sick {
		h := lc.Units.Mul(hpd)
		note := "Sick leave entitlement on " + on.Format("2 January 2006") + ": " + lc.Units.String() + " days (Holidays Act 2003 s 63)"
		if r := lc.LeaveAccrualRule; r != nil && r.CapType == "Limited" && r.UnitCap.IsPos() {
			held := payroll.RateFromInt(max(bal[lc.ID], 0)).Div(payroll.RateFromInt(1_000_000))
			if room := r.UnitCap.Mul(hpd).Sub(held); room.Less(h) {
				h = room
				note += ", to the " + r.UnitCap.String() + "-day most that may be held (s 66)"
			}
		}
		h = h.RoundHalfUp(4)
		if !h.IsPos() {
			continue
		}
		var l line
		l.Kind, l.CategoryID, l.CategoryName = KindLeaveAccrued, lc.ID, lc.Name
		l.units, l.Units, l.Notes = h, h.String(), note
		c.lines = append(c.lines, l)
	}
	return nil
}
