package pay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/leave"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
	"github.com/payrolld/payrolld/internal/store"
)

// NZ annual holidays on termination (Holidays Act 2003 ss 23-25; facts
// and sources in docs/reference/holiday-pay-on-termination.md). What the
// Act pays is not a balance times a rate:
//
//   - s 24: the annual holidays the employee is entitled to and has not
//     taken, at the greater of ordinary weekly pay at the end of
//     employment and average weekly earnings (the 12 months to the end of
//     the last pay period before it, ÷ 52);
//   - s 25 (s 23 within the first year): 8% of the gross earnings since
//     the employee last became entitled (since employment began), less
//     what was paid for annual holidays taken in advance.
//
// Both are extra pays for PAYE (calc/nz: the unused-leave kind).

// Subtype of the 8% line (the entitlement line is SubtypeUnusedLeave).
const SubtypeHolidayPayPercent = "HolidayPay8Percent"

// nzHolidayPayPercent is the Holidays Act's 8% (ss 23, 25).
var nzHolidayPayPercent = payroll.MustRate("0.08")

// nzAnnualHolidays says whether leave category lc holds the Holidays
// Act's annual holidays: a tracked, payable category whose entitlement is
// expressed in weeks a year (s 16: four weeks), as the NZ defaults'
// "Annual Leave" is. Other payable categories (alternative holidays) are
// paid out as a balance at the ordinary rate (terminationLines).
func nzAnnualHolidays(lc *categories.LeaveCategory) bool {
	return !lc.ExcludeFromTerminationPayout && !lc.IsBalanceUntracked &&
		(lc.LeaveCategoryType == "" || lc.LeaveCategoryType == "Standard") &&
		(lc.UnitType == "StandardWeeks" || lc.UnitType == "Weeks")
}

// lastAnniversary is the latest anniversary of start on or before end
// (the day the employee last became entitled to annual holidays, s 16);
// false within the first 12 months.
func lastAnniversary(start, end time.Time) (time.Time, bool) {
	start, end = payroll.DateOnly(start), payroll.DateOnly(end)
	years := end.Year() - start.Year()
	a := start.AddDate(years, 0, 0)
	if a.After(end) {
		years--
		a = start.AddDate(years, 0, 0)
	}
	return a, years >= 1
}

// nzHolidayPay is what the final pay pays for the annual holidays of
// category id (balance: the category's hours as at the period's end, with
// this run's accruals and less the leave it pays). kept and c hold the
// run's other lines (this period's gross earnings count in the 8%).
func (w *Writer) nzHolidayPay(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, c *calculated, kept []line, id, balance int64) error {
	lc := in.leaveCats[id]
	if !e.StartDate.Valid {
		return payroll.Conflict("employee %d has no start date: the Holidays Act final pay (ss 23-25) is worked out from the anniversary of employment", e.ID)
	}
	end := payroll.DateOnly(e.EndDate.Time)
	start := payroll.DateOnly(e.StartDate.Time)
	anniversary, entitled := lastAnniversary(start, end)
	if !entitled {
		anniversary = start // s 23: since employment began
	}
	dayBefore := anniversary.AddDate(0, 0, -1)

	// Leave: the balance as at the day before the anniversary is the
	// entitlement of completed years; leave taken since comes out of it
	// first, the rest was taken in advance.
	var entitledE6 int64
	if entitled {
		rows, err := w.q.LeaveBalancesAsAt(ctx, store.LeaveBalancesAsAtParams{BusinessID: w.bizID, EmployeeID: e.ID, EntryDate: dayBefore})
		if err != nil {
			return err
		}
		for _, r := range rows {
			if r.LeaveCategoryID == id {
				entitledE6 += r.HoursE6
			}
		}
	}
	taken, err := w.q.LeaveTakenAfter(ctx, store.LeaveTakenAfterParams{BusinessID: w.bizID, EmployeeID: e.ID, EntryDate: dayBefore})
	if err != nil {
		return err
	}
	var takenE6 int64
	for _, r := range taken {
		if r.LeaveCategoryID == id {
			takenE6 += r.HoursE6
		}
	}
	for _, src := range c.sources {
		if src.kind == SourceLeave && src.leaveCategoryID == id {
			takenE6 += src.hoursE6
		}
	}
	untakenE6 := max(entitledE6-takenE6, 0)
	advanceE6 := max(takenE6-max(entitledE6, 0), 0)

	// Gross earnings (s 14): the finalised runs' earnings since the
	// anniversary and this run's, without redundancy (ETP) payments and
	// earlier holiday pay on termination.
	excluded := func(catID int64, kind calc.EarningKind) bool {
		if c, ok := cats.ByKind[KindEarnings][catID]; ok {
			kind = c.Kind
		}
		return kind == calc.ETP
	}
	leavePayCat := int64(-1)
	if lc.TransferToPayCategoryID != nil {
		leavePayCat = *lc.TransferToPayCategoryID
	}
	var gross, leavePay payroll.Money
	since, err := w.q.EmployeeEarningsByCategoryEndedBetween(ctx, store.EmployeeEarningsByCategoryEndedBetweenParams{BusinessID: w.bizID,
		EmployeeID: e.ID, PayRunID: run.ID, FromDate: anniversary, ToDate: run.PeriodEnding})
	if err != nil {
		return err
	}
	// s 25 counts the earnings since the employee became entitled: a pay
	// period straddling the anniversary counts from it, by calendar days
	// (s 23 counts everything since employment began).
	// split is the period the anniversary falls inside, if any, with its
	// earnings and the part counted: the line's notes show the fraction.
	var split struct {
		from, to        time.Time
		amount, counted payroll.Money
	}
	part := func(amount payroll.Money, from, to time.Time) payroll.Money {
		if !entitled {
			return amount
		}
		counted := earnedSince(amount, from, to, anniversary)
		if n, d := splitDays(from, to, anniversary); n > 0 && n < d {
			split.from, split.to = from, to
			split.amount, split.counted = split.amount.Add(amount), split.counted.Add(counted)
		}
		return counted
	}
	for _, r := range since {
		if excluded(r.CategoryID, "") {
			continue
		}
		gross = gross.Add(part(payroll.MoneyFromMinor(r.Amount), r.PeriodStarting, r.PeriodEnding))
		if r.CategoryID == leavePayCat {
			leavePay = leavePay.Add(payroll.MoneyFromMinor(r.Amount))
		}
	}
	var this payroll.Money
	for _, set := range [][]line{kept, c.lines} {
		for i := range set {
			l := &set[i]
			if l.Kind != KindEarnings || excluded(l.CategoryID, l.earningKind) {
				continue
			}
			this = this.Add(l.amount)
			if l.CategoryID == leavePayCat && l.earningKind == calc.Leave {
				leavePay = leavePay.Add(l.amount)
			}
		}
	}
	// This run's pay was earned up to the last day of employment: a final
	// period cut short counts from the anniversary by the days worked of
	// it (its pay covers those days only, part-period-pay.md), not by the
	// days of the whole period.
	thisTo := payroll.DateOnly(run.PeriodEnding)
	if end.Before(thisTo) && !end.Before(payroll.DateOnly(run.PeriodStarting)) {
		thisTo = end
	}
	gross = gross.Add(part(this, run.PeriodStarting, thisTo))

	// s 24: the untaken entitlement in weeks at the greater of ordinary
	// weekly pay and average weekly earnings.
	cat, ok := Category{}, false
	if lc.TransferOnTerminationToPayCategoryID != nil {
		cat, ok = cats.ByKind[KindEarnings][*lc.TransferOnTerminationToPayCategoryID]
	}
	if !ok {
		cat = Category{Name: lc.Name + " paid on termination"}
	}
	var entitlementPay payroll.Money
	if untakenE6 > 0 {
		hours := hoursOfE6(untakenE6) // the ledger keeps hours, whatever the category's unit
		hpw := hoursPerWeek(e)
		if !hpw.IsPos() || !hours.IsPos() {
			return payroll.Conflict("employee %d has no hours per week: the annual holidays they are entitled to (Holidays Act s 24) are paid in weeks, so their final pay needs them", e.ID)
		}
		weeks := hours.Div(hpw).RoundHalfUp(4)
		owp := ordinaryWeeklyPay(in, e, run, cats)
		awe, err := w.averageWeeklyEarnings(ctx, run, e, cats)
		if err != nil {
			return err
		}
		rate := payroll.RateFromDecimal(owp.Max(awe).Decimal())
		if !rate.IsPos() {
			return payroll.Conflict("employee %d has neither a standard rate nor earnings in the 12 months before leaving: their untaken annual holidays (Holidays Act s 24) have no rate to be paid at", e.ID)
		}
		entitlementPay = lineMoney(weeks, rate)
		l := earningsLine(cat, weeks, rate, entitlementPay, payroll.Rate{},
			"Untaken annual holidays: "+weeks.String()+" weeks at the greater of ordinary weekly pay "+owp.StringFixed(2)+" and average weekly earnings "+awe.StringFixed(2)+" (Holidays Act s 24)")
		l.Subtype, l.earningKind = SubtypeUnusedLeave, calc.UnusedLeave
		c.lines = append(c.lines, l)
		gross = gross.Add(entitlementPay) // payment for annual holidays is gross earnings (s 14)
		// s 40(3): the public holidays the untaken holidays would have
		// spanned, paid at relevant daily pay (s 49); payments for public
		// holidays are gross earnings too (s 14).
		emp, err := w.q.GetEmployee(ctx, store.GetEmployeeParams{ID: e.ID, BusinessID: w.bizID})
		if err != nil {
			return err
		}
		stored, err := in.storedPublicHolidays()
		if err != nil {
			return err
		}
		if l, ok := nzPublicHolidaysAfterEnd(in.workWeekOf(e.ID), end, weeks, owp, cat, stored, nzRegionOf(emp), emp.PrimaryLocationID.Int64); ok {
			c.lines = append(c.lines, l)
			gross = gross.Add(l.amount)
		}
	}

	// s 23/25: 8% of gross earnings less the pay for holidays taken in
	// advance (valued at what was paid for the leave taken since the
	// anniversary, in proportion to its hours).
	var advance payroll.Money
	if advanceE6 > 0 && takenE6 > 0 {
		advance = leavePay.MulInt(advanceE6).DivInt(takenE6).Cents()
	}
	percent := gross.Mul(nzHolidayPayPercent).Cents().Sub(advance)
	section := "s 25: since the anniversary of " + anniversary.Format("2 January 2006")
	if !entitled {
		section = "s 23: since employment began"
	}
	if percent.IsPos() {
		notes := "8% of gross earnings " + gross.StringFixed(2) + " (" + section
		if split.amount.IsPos() {
			n, d := splitDays(split.from, split.to, anniversary)
			notes += fmt.Sprintf("; the period %s to %s, which the anniversary falls inside, counted for %d of its %d days: %s of %s",
				payroll.DateOnly(split.from).Format("2 January 2006"), payroll.DateOnly(split.to).Format("2 January 2006"), n, d,
				split.counted.StringFixed(2), split.amount.StringFixed(2))
		}
		notes += ")"
		if advance.IsPos() {
			notes += " less " + advance.StringFixed(2) + " paid for annual holidays taken in advance"
		}
		l := earningsLine(cat, one, payroll.RateFromDecimal(percent.Decimal()), percent, payroll.Rate{}, notes)
		l.Subtype, l.earningKind = SubtypeHolidayPayPercent, calc.UnusedLeave
		c.lines = append(c.lines, l)
	}
	if balance > 0 {
		// The balance is settled by this pay: taken from it on finalise.
		c.sources = append(c.sources, source{kind: SourceLeave, leaveCategoryID: id, hoursE6: balance})
	}
	return nil
}

// nzPublicHolidaysAfterEnd is the Holidays Act 2003 s 40(2)-(3) payment
// on termination (docs/reference/holiday-pay-on-termination.md): the
// untaken annual holidays (weeks) are treated as taken from the day after
// the last day of employment (end), on the employee's working days (their
// work week wd; Monday to Friday when none is stored), a public holiday
// on a working day not being part of them (s 40(1)) but extending them;
// each such public holiday is paid at relevant daily pay (s 49, s 9:
// ordinary weekly pay owp ÷ working days a week). A part day of holidays
// left at the end counts as a day taken. New Zealand's national holidays
// (s 44) with the s 45 rule for Waitangi Day, Anzac Day, Christmas and New
// Year (the weekend day for an employee who works it, else the Mondayised
// day). The holidays are the business's stored ones for the employee's
// region and location (nzHolidayDays: regional anniversary days count
// where the region is known), the national calendar for a year the
// business holds none of, and the line's notes say which. ok is false
// when no public holiday falls in the span.
func nzPublicHolidaysAfterEnd(wd *[7]bool, end time.Time, weeks payroll.Rate, owp payroll.Money, cat Category,
	stored []payschedule.PublicHoliday, region string, location int64) (line, bool) {
	if wd == nil {
		wd = &mondayToFriday
	}
	perWeek := daysIn(wd)
	if perWeek == 0 || !weeks.IsPos() || !owp.IsPos() {
		return line{}, false
	}
	days := weeks.Mul(payroll.RateFromInt(perWeek))
	need := int64(0)
	for payroll.RateFromInt(need).Less(days) {
		need++
	}
	ph, fallback := nzHolidayDays(stored, region, location, wd, end.Year(), end.Year()+2)
	var names []string
	last := end
	for d, taken := end.AddDate(0, 0, 1), int64(0); taken < need; d = d.AddDate(0, 0, 1) {
		last = d
		if !wd[d.Weekday()] {
			continue
		}
		if name, ok := ph[d]; ok {
			names = append(names, name+" "+d.Format("2 January 2006"))
			continue
		}
		taken++
	}
	if len(names) == 0 {
		return line{}, false
	}
	daily := payroll.RateFromDecimal(owp.DivInt(perWeek).Cents().Decimal())
	n := payroll.RateFromInt(int64(len(names)))
	amount := lineMoney(n, daily)
	source := "the business's public holidays"
	if region != "" {
		source += " for " + region
	} else {
		source += " (no region on the employee's record: regional anniversary days not counted)"
	}
	for _, y := range fallback {
		if end.AddDate(0, 0, 1).Year() <= y && y <= last.Year() {
			source += fmt.Sprintf("; %d: the business has no public holidays stored, the national calendar used (regional anniversary days not counted)", y)
		}
	}
	l := earningsLine(cat, n, daily, amount, payroll.Rate{}, fmt.Sprintf("Public holidays that would have fallen in the untaken annual holidays "+
		"taken from %s (%d working days): %s, at relevant daily pay %s (ordinary weekly pay %s ÷ %d working days; Holidays Act s 40(3), s 49; "+
		"%s)", end.AddDate(0, 0, 1).Format("2 January 2006"), need, strings.Join(names, ", "),
		payroll.MoneyFromDecimal(daily.Decimal()).StringFixed(2), owp.StringFixed(2), perWeek, source))
	l.Subtype, l.earningKind = SubtypeUnusedLeave, calc.UnusedLeave
	return l, true
}

// ordinaryWeeklyPay is s 8(1)'s ordinary weekly pay at the end of
// employment: what the employee receives under the agreement for an
// ordinary working week, the period's standard earnings and the payments
// that are a regular part of their pay (s 8(1)(a) productivity or
// incentive payments, commission, (b) overtime, and allowances: the
// employee's recurring earnings in force, which the agreement pays every
// period), weekly. One-off and discretionary payments (s 8(1)(d)-(g):
// bonuses, back pay, lump sums, leave pay, ETPs) are left out; employer
// super contributions are not earnings here.
func ordinaryWeeklyPay(in *inputs, e *EmployeeRow, run *store.PayRun, cats *Categories) payroll.Money {
	segs := in.segments(e, run)
	std, ok := standardEarnings(withRate(e, segs[len(segs)-1].rate), run.Frequency, cats.primary(e.PrimaryPayCategoryID.Int64))
	f, fok := frequencies[run.Frequency]
	if !ok || !fok {
		return payroll.Money{}
	}
	period := std.amount
	if in != nil {
		var regular calculated
		earningsInclusionLines(in.inclusions[e.ID], cats, &regular)
		for i := range regular.lines {
			switch l := &regular.lines[i]; l.earningKind {
			case calc.Ordinary, calc.Allowance, calc.Overtime, calc.Commission:
				period = period.Add(l.amount)
			}
		}
	}
	return period.MulInt(f.perYear).DivInt(52).Cents()
}

// averageWeeklyEarnings is s 8's average weekly earnings at the end of
// employment (s 24(2)(b)): gross earnings of the 12 months to the end of
// the last pay period before the end of employment (the last finalised
// one ending on or before it) ÷ 52, without redundancy payments.
func (w *Writer) averageWeeklyEarnings(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories) (payroll.Money, error) {
	return w.averageWeeklyEarningsOn(ctx, run, e, cats, e.EndDate.Time)
}

// averageWeeklyEarningsOn is s 5's average weekly earnings for the 12
// months to the end of the last pay period (finalised run) ending on or
// before day, ÷ 52, without redundancy payments; zero with no such run.
func (w *Writer) averageWeeklyEarningsOn(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, day time.Time) (payroll.Money, error) {
	last, err := w.q.LastFinalisedPeriodEndingOn(ctx, store.LastFinalisedPeriodEndingOnParams{BusinessID: w.bizID, EmployeeID: e.ID,
		PayRunID: run.ID, OnDate: payroll.DateOnly(day)})
	if errors.Is(err, sql.ErrNoRows) {
		return payroll.Money{}, nil
	}
	if err != nil {
		return payroll.Money{}, err
	}
	rows, err := w.q.EmployeeEarningsByCategoryEndedBetween(ctx, store.EmployeeEarningsByCategoryEndedBetweenParams{BusinessID: w.bizID,
		EmployeeID: e.ID, PayRunID: run.ID, FromDate: payroll.DateOnly(last).AddDate(-1, 0, 1), ToDate: last})
	if err != nil {
		return payroll.Money{}, err
	}
	var sum payroll.Money
	for _, r := range rows {
		if c, ok := cats.ByKind[KindEarnings][r.CategoryID]; ok && c.Kind == calc.ETP {
			continue
		}
		sum = sum.Add(payroll.MoneyFromMinor(r.Amount))
	}
	return sum.DivInt(52).Cents(), nil
}

// earnedSince is the part of a pay period's earnings amount (the period
// from to to) earned on or after day: all of it for a period starting on
// or after day, none for one ending before it, else amount × the period's
// calendar days from day ÷ its days, to the cent (Holidays Act s 25's
// "gross earnings since the employee last became entitled" for a period
// the anniversary falls inside; docs/reference/holiday-pay-on-termination.md).
func earnedSince(amount payroll.Money, from, to, day time.Time) payroll.Money {
	from, to, day = payroll.DateOnly(from), payroll.DateOnly(to), payroll.DateOnly(day)
	if !from.Before(day) {
		return amount
	}
	if to.Before(day) {
		return payroll.Money{}
	}
	after, days := splitDays(from, to, day)
	return amount.MulInt(after).DivInt(days).Cents()
}

// splitDays is the calendar days of the period from to to on or after
// day (after), and its days: the fraction earnedSince counts of a period
// day falls inside.
func splitDays(from, to, day time.Time) (after, days int64) {
	from, to, day = payroll.DateOnly(from), payroll.DateOnly(to), payroll.DateOnly(day)
	days = int64(to.Sub(from).Hours()/24) + 1
	switch {
	case !from.Before(day):
		return days, days
	case to.Before(day):
		return 0, days
	}
	return int64(to.Sub(day).Hours()/24) + 1, days
}

// hoursPerWeek and hoursPerDay are the employee's standard hours (a day:
// the week's ÷ 5 when not given).
func hoursPerWeek(e *EmployeeRow) payroll.Rate { return leave.StoredHours(e.HoursPerWeek) }
