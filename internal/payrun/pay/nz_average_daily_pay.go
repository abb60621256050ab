package pay

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/timesheet"
)

// nzPublicHolidaysNotWorked pays, for an NZ employee paid by timesheets
// whose record asks for public holiday not worked lines, each public
// holiday in the period that would otherwise be a working day and that
// they did not work (Holidays Act 2003 s 49: relevant daily pay or average
// daily pay), at:
//   - relevant daily pay, s 9(1)(a) "the amount of pay that the employee
//     would have received had the employee worked on the day concerned",
//     including overtime (s 9(1)(b)(ii)), when the other otherwise working
//     days they worked in the period were all paid the same (dayPay: their
//     ordinary and overtime timesheets of each day): that day's pay;
//   - average daily pay (s 9A(1)(b): "the employee's daily pay varies within
//     the pay period when the holiday or leave falls") when those days'
//     pay differs: nzAverageDailyPay. The Act leaves s 9A to the employer
//     ("may"); the reference has no member to record the choice, so the
//     statute's condition decides (the lead's decision, paydepth51);
//   - their hours a day at their timesheet rate when neither applies (no
//     other day worked in the period, or no finalised pay to average): the
//     day their agreement gives.
//
// docs/reference/nz-public-holidays-worked.md.
func (w *Writer) nzPublicHolidaysNotWorked(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, primary Category,
	rate, hpd payroll.Rate, wd *[7]bool, ph map[time.Time]string, worked map[time.Time]bool, dayPay map[time.Time]payroll.Money,
	dayHours map[time.Time]payroll.Rate, c *calculated) error {
	if !anyHolidayNotWorked(run, e, wd, ph, worked) {
		return nil
	}
	const law = "Holidays Act 2003 s 49"
	days := make([]time.Time, 0, len(dayPay))
	for d := range dayPay {
		days = append(days, d)
	}
	slices.SortFunc(days, func(a, b time.Time) int { return a.Compare(b) })
	varies := false
	for _, d := range days {
		if !dayPay[d].Equal(dayPay[days[0]]) {
			varies = true
		}
	}
	switch {
	case len(days) > 0 && !varies:
		pay, hours := dayPay[days[0]], dayHours[days[0]]
		r := rate
		if hours.IsPos() {
			r = payroll.RateFromDecimal(pay.Decimal()).Div(hours)
		}
		how := fmt.Sprintf("relevant daily pay %s, what each of the other %d working days of the period paid (%s hours, overtime included: s 9(1)(a), (b)(ii))",
			pay.StringFixed(2), len(days), hours)
		holidaysNotWorkedAt(run, e, cats, primary, hours, r, pay, how, wd, ph, worked, law, c)
		return nil
	case varies:
		adp, how, ok, err := w.nzAverageDailyPay(ctx, run, e, cats, in, wd)
		if err != nil {
			return err
		}
		if ok {
			var r payroll.Rate
			if hpd.IsPos() {
				r = payroll.RateFromDecimal(adp.Decimal()).Div(hpd)
			}
			holidaysNotWorkedAt(run, e, cats, primary, hpd, r, adp, how+"; s 9A(1)(b): the employee's daily pay varies within the pay period", wd, ph, worked, law, c)
			return nil
		}
	}
	if !hpd.IsPos() {
		return nil
	}
	how := hpd.String() + " hours at " + rate.String() + ", their hours a day at their timesheet rate (s 9(1)(a))"
	if varies {
		how += "; their daily pay varies within the period, but no finalised pay in the 52 weeks before it gives average daily pay (s 9A(2))"
	}
	holidaysNotWorkedAt(run, e, cats, primary, hpd, rate, lineMoney(hpd, rate), how, wd, ph, worked, law, c)
	return nil
}

// anyHolidayNotWorked says whether the run's period holds a public holiday
// of ph on an otherwise working day of wd, inside the employee's
// employment, without work (holidaysNotWorkedAt's days).
func anyHolidayNotWorked(run *store.PayRun, e *EmployeeRow, wd *[7]bool, ph map[time.Time]string, worked map[time.Time]bool) bool {
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		if _, ok := ph[d]; !ok || !wd[d.Weekday()] || worked[d] {
			continue
		}
		if e.StartDate.Valid && d.Before(payroll.DateOnly(e.StartDate.Time)) || e.EndDate.Valid && d.After(payroll.DateOnly(e.EndDate.Time)) {
			continue
		}
		return true
	}
	return false
}

// nzAverageDailyPay is average daily pay (Holidays Act 2003 s 9A(2)) for a
// day of the run's period: a ÷ b, where a is the employee's gross earnings
// for the 52 calendar weeks before the end of the pay period immediately
// before the calculation (the last finalised period ending before this
// run's period starts: the 364 days to its end, a period straddling their
// start counted by its days), redundancy left out as for average weekly
// earnings; and b the whole or part days during which they earned them,
// including days of paid holiday or leave and excluding any other day not
// worked: the days of worked timesheets those runs paid (Processed), the
// otherwise working days of approved leave the runs paid (not a category
// named unpaid), and the public holidays on otherwise working days without
// work from the first period paid (paid under s 49). To the cent. ok is
// false when there is no such period or no day to divide by.
func (w *Writer) nzAverageDailyPay(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, wd *[7]bool) (adp payroll.Money, how string, ok bool, err error) {
	last, err := w.q.LastFinalisedPeriodEndingOn(ctx, store.LastFinalisedPeriodEndingOnParams{BusinessID: w.bizID, EmployeeID: e.ID,
		PayRunID: run.ID, OnDate: payroll.DateOnly(run.PeriodStarting).AddDate(0, 0, -1)})
	if errors.Is(err, sql.ErrNoRows) {
		return payroll.Money{}, "", false, nil
	}
	if err != nil {
		return payroll.Money{}, "", false, err
	}
	last = payroll.DateOnly(last)
	from := last.AddDate(0, 0, -363)
	rows, err := w.q.EmployeeEarningsByCategoryEndedBetween(ctx, store.EmployeeEarningsByCategoryEndedBetweenParams{BusinessID: w.bizID,
		EmployeeID: e.ID, PayRunID: run.ID, FromDate: from, ToDate: last})
	if err != nil {
		return payroll.Money{}, "", false, err
	}
	var a payroll.Money
	first := last
	for _, r := range rows {
		if c, ok := cats.ByKind[KindEarnings][r.CategoryID]; ok && c.Kind == calc.ETP {
			continue
		}
		a = a.Add(earnedSince(payroll.MoneyFromMinor(r.Amount), r.PeriodStarting, r.PeriodEnding, from))
		if s := payroll.DateOnly(r.PeriodStarting); s.Before(first) {
			first = s
		}
	}
	if first.Before(from) {
		first = from
	}
	ts, err := w.q.ListInterpretableTimesheetLines(ctx, store.ListInterpretableTimesheetLinesParams{BusinessID: w.bizID, EmployeeID: e.ID,
		FromTime: from, BeforeTime: last.AddDate(0, 0, 1)})
	if err != nil {
		return payroll.Money{}, "", false, err
	}
	days := map[time.Time]bool{}
	for _, t := range ts {
		if t.Status == timesheet.StatusProcessed {
			days[payroll.DateOnly(t.StartTime)] = true
		}
	}
	workedDays := len(days)
	employed := func(d time.Time) bool {
		return !(e.StartDate.Valid && d.Before(payroll.DateOnly(e.StartDate.Time)) || e.EndDate.Valid && d.After(payroll.DateOnly(e.EndDate.Time)))
	}
	leaveDays := 0
	if w.s != nil && w.s.Leave != nil {
		reqs, err := w.s.Leave.ApprovedInRange(ctx, w.q, w.bizID, e.ID, e.ID, from, last)
		if err != nil {
			return payroll.Money{}, "", false, err
		}
		for _, r := range reqs {
			if lc, ok := in.leaveCats[r.LeaveCategoryID]; !r.HoursApplied.IsPos() || ok && strings.Contains(strings.ToLower(lc.Name), "unpaid") {
				continue
			}
			for d := payroll.DateOnly(r.FromDate); !d.After(payroll.DateOnly(r.ToDate)); d = d.AddDate(0, 0, 1) {
				if !d.Before(from) && !d.After(last) && wd[d.Weekday()] && !days[d] && employed(d) {
					days[d] = true
					leaveDays++
				}
			}
		}
	}
	stored, err := in.storedPublicHolidays()
	if err != nil {
		return payroll.Money{}, "", false, err
	}
	holidays := 0
	ph, _ := nzHolidayDays(stored, nzRegion(e.ResidentialState, e.ResidentialCity), e.PrimaryLocationID.Int64, wd, from.Year(), last.Year())
	for d := range ph {
		if !d.Before(first) && !d.After(last) && wd[d.Weekday()] && !days[d] && employed(d) {
			days[d] = true
			holidays++
		}
	}
	if len(days) == 0 || !a.IsPos() {
		return payroll.Money{}, "", false, nil
	}
	adp = a.DivInt(int64(len(days))).Cents()
	how = fmt.Sprintf("average daily pay %s: gross earnings %s of the 52 weeks %s to %s ÷ %d days (%d worked, %d of paid leave, %d public holidays not worked) (s 9A(2))",
		adp.StringFixed(2), a.StringFixed(2), from.Format("2 January 2006"), last.Format("2 January 2006"), len(days), workedDays, leaveDays, holidays)
	return adp, how, true, nil
}

// nzDailyPayLeave says whether lc is an NZ leave category the Act pays at
// relevant daily pay or average daily pay for each day taken: sick leave
// and bereavement leave (s 71), family violence leave (s 72G) and an
// alternative holiday (s 60).
func nzDailyPayLeave(lc *categories.LeaveCategory) bool {
	n := strings.ToLower(lc.Name)
	return strings.Contains(n, "sick") || strings.Contains(n, "bereavement") || strings.Contains(n, "family violence") ||
		strings.EqualFold(strings.TrimSpace(lc.Name), nzAlternativeHolidayName)
}

// nzLeaveAtDailyPay pays the days of sick, bereavement or family violence
// leave and alternative holidays an employee paid by timesheets takes in
// the period (leaveLines priced them at the hours asked × the hourly
// rate) "for each day" at relevant daily pay or average daily pay
// (Holidays Act 2003 s 71(1), s 72G, s 60(1)):
//   - the other otherwise working days worked in the period all paid the
//     same (dayPay, overtime included): that day's pay, s 9(1)(a), (b)(ii);
//   - their pay varies: average daily pay, s 9A(1)(b) (nzAverageDailyPay);
//   - otherwise the line stays as priced (the hours asked are the day).
//
// The days are the request's otherwise working days in the period that
// are not public holidays (a public holiday in the leave is a public
// holiday, paid as such) inside the employment. A category with two
// requests in one period, and the lines of bereavement beyond the s 69(2)
// limit, keep their pricing.
func (w *Writer) nzLeaveAtDailyPay(ctx context.Context, run *store.PayRun, e *EmployeeRow, cats *Categories, in *inputs, wd *[7]bool,
	ph map[time.Time]string, dayPay map[time.Time]payroll.Money, c *calculated) error {
	byCat := map[int64][]int{}
	for i := range c.lines {
		if l := &c.lines[i]; l.leaveCat != nil && l.earningKind == calc.Leave && l.Subtype == "" && l.amount.IsPos() && nzDailyPayLeave(l.leaveCat) {
			byCat[l.leaveCat.ID] = append(byCat[l.leaveCat.ID], i)
		}
	}
	if len(byCat) == 0 {
		return nil
	}
	reqs := map[int64][]int{}
	for i, a := range in.leave[e.ID] {
		reqs[a.LeaveCategoryID] = append(reqs[a.LeaveCategoryID], i)
	}
	var pattern payroll.Money
	varies, n := false, 0
	for _, p := range dayPay {
		if n == 0 {
			pattern = p
		} else if !p.Equal(pattern) {
			varies = true
		}
		n++
	}
	if n == 0 {
		return nil
	}
	perDay, how := pattern, fmt.Sprintf("relevant daily pay %s, what each of the other %d working days of the period paid (overtime included: s 9(1)(a), (b)(ii))", pattern.StringFixed(2), n)
	if varies {
		adp, adpHow, ok, err := w.nzAverageDailyPay(ctx, run, e, cats, in, wd)
		if err != nil || !ok {
			return err
		}
		perDay, how = adp, adpHow+"; s 9A(1)(b): the employee's daily pay varies within the pay period"
	}
	from, to := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	for id, idx := range byCat {
		if len(idx) != 1 || len(reqs[id]) != 1 {
			continue
		}
		a := in.leave[e.ID][reqs[id][0]]
		days := int64(0)
		for d := payroll.DateOnly(a.FromDate); !d.After(payroll.DateOnly(a.ToDate)); d = d.AddDate(0, 0, 1) {
			if _, holiday := ph[d]; d.Before(from) || d.After(to) || !wd[d.Weekday()] || holiday {
				continue
			}
			if e.StartDate.Valid && d.Before(payroll.DateOnly(e.StartDate.Time)) || e.EndDate.Valid && d.After(payroll.DateOnly(e.EndDate.Time)) {
				continue
			}
			days++
		}
		if days == 0 {
			continue
		}
		l := &c.lines[idx[0]]
		pay := perDay.MulInt(days)
		l.amount, l.Amount = pay, pay.MinorUnits()
		if l.units.IsPos() {
			l.rate = payroll.RateFromDecimal(pay.Decimal()).Div(l.units)
			l.Rate = l.rate.RoundHalfUp(4).String()
		}
		l.Notes = fmt.Sprintf("%s: %d days at %s", l.leaveCat.Name, days, how)
	}
	return nil
}
