package payschedule

import (
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

// Pay period forecasting: pure date arithmetic, no I/O.
//
// The rule (what GET B/payschedule/nextpaydates answers):
//
//   - Period ends advance by the schedule's frequency: Weekly 7 days,
//     Fortnightly 14, FourWeekly 28; Monthly 1, Quarterly 3, Annually 12
//     calendar months; HalfMonthly periods end on the 15th and on the last
//     day of the month, alternately.
//   - Calendar-month steps keep the anchor's day of the month, clamped to the
//     length of the target month (an anchor on the 31st ends on the 30th in
//     30-day months and on the 28th or 29th in February); an anchor that is
//     the last day of its month stays on the last day of every month. The
//     anchor is the first period end when known (the auto-pay initial pay
//     period ending), else the last period end — so a schedule anchored on
//     the 30th whose only known end is 28 February continues at month end.
//   - The next period runs from the day after the last period end to the
//     last period end advanced by one step.
//   - The next date paid keeps the last payment's relation to its period:
//     for calendar-month frequencies the last date paid advances by the
//     same number of months (same anchoring rule, anchored on the first date
//     paid when known); for the others it keeps the same number of days
//     after (or before) the period end. Without a last date paid, pay day is
//     the period end.
//   - A schedule that never ran forecasts its first period: the auto-pay
//     initial period ending when set (paid on the initial date paid, else on
//     the period end); else, when only a last date paid is known, that date
//     is taken as the last period end; else the period that contains today,
//     ending on the first natural boundary on or after today — the
//     business's end-of-week day for weekly-based frequencies, the 15th or
//     month end for HalfMonthly, the month end, calendar quarter end or
//     31 December for Monthly, Quarterly and Annually.

// PeriodHistory is what a forecast starts from. Zero times are unknown.
type PeriodHistory struct {
	Frequency      string
	LastPeriodEnd  time.Time
	LastDatePaid   time.Time
	FirstPeriodEnd time.Time // anchors the day of month (auto-pay initial pay period ending)
	FirstDatePaid  time.Time // anchors the pay day of month (auto-pay initial date paid)
	Today          time.Time
	EndOfWeek      time.Weekday // the business's end of week (weekly-based first periods)
}

// PeriodForecast is the next pay period and its pay day (dates at midnight).
type PeriodForecast struct {
	From, To, Paid time.Time
}

// schedStep is one pay period of a frequency: days, or calendar months.
type schedStep struct {
	days, months int
	half         bool // HalfMonthly: 15th / month end
}

func schedFrequencyStep(freq string) (schedStep, error) {
	switch freq {
	case "Weekly":
		return schedStep{days: 7}, nil
	case "Fortnightly":
		return schedStep{days: 14}, nil
	case "FourWeekly":
		return schedStep{days: 28}, nil
	case "Monthly":
		return schedStep{months: 1}, nil
	case "Quarterly":
		return schedStep{months: 3}, nil
	case "Annually":
		return schedStep{months: 12}, nil
	case "HalfMonthly":
		return schedStep{half: true}, nil
	}
	return schedStep{}, fmt.Errorf("%q is not a pay schedule frequency", freq)
}

func schedDaysIn(year int, m time.Month) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func schedIsMonthEnd(t time.Time) bool { return t.Day() == schedDaysIn(t.Year(), t.Month()) }

// schedAddMonths moves t by n calendar months (n may be negative), landing on
// the anchor's day of month clamped to the target month, or on the month
// end when the anchor is a month end.
func schedAddMonths(t time.Time, n int, anchor time.Time) time.Time {
	y, m := t.Year(), t.Month()+time.Month(n)
	first := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC) // normalises the month
	last := schedDaysIn(first.Year(), first.Month())
	day := anchor.Day()
	if schedIsMonthEnd(anchor) || day > last {
		day = last
	}
	return first.AddDate(0, 0, day-1)
}

// schedHalfMonthNext is the HalfMonthly period end after t: the 15th, or the
// month end when t is on or after the 15th, or the next 15th after a month end.
func schedHalfMonthNext(t time.Time) time.Time {
	switch {
	case schedIsMonthEnd(t):
		return time.Date(t.Year(), t.Month()+1, 15, 0, 0, 0, 0, time.UTC)
	case t.Day() < 15:
		return time.Date(t.Year(), t.Month(), 15, 0, 0, 0, 0, time.UTC)
	default:
		return time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC)
	}
}

// schedHalfMonthPrev is the HalfMonthly period end before t.
func schedHalfMonthPrev(t time.Time) time.Time {
	if t.Day() > 15 {
		return time.Date(t.Year(), t.Month(), 15, 0, 0, 0, 0, time.UTC)
	}
	return time.Date(t.Year(), t.Month(), 0, 0, 0, 0, 0, time.UTC)
}

func (s schedStep) next(t, anchor time.Time) time.Time {
	switch {
	case s.half:
		return schedHalfMonthNext(t)
	case s.months > 0:
		return schedAddMonths(t, s.months, anchor)
	}
	return t.AddDate(0, 0, s.days)
}

func (s schedStep) prev(t, anchor time.Time) time.Time {
	switch {
	case s.half:
		return schedHalfMonthPrev(t)
	case s.months > 0:
		return schedAddMonths(t, -s.months, anchor)
	}
	return t.AddDate(0, 0, -s.days)
}

// firstBoundary is the end of the period containing today for a schedule
// with no history.
func (s schedStep) firstBoundary(today time.Time, endOfWeek time.Weekday) time.Time {
	switch {
	case s.half:
		if today.Day() <= 15 {
			return time.Date(today.Year(), today.Month(), 15, 0, 0, 0, 0, time.UTC)
		}
		return time.Date(today.Year(), today.Month()+1, 0, 0, 0, 0, 0, time.UTC)
	case s.months == 1:
		return time.Date(today.Year(), today.Month()+1, 0, 0, 0, 0, 0, time.UTC)
	case s.months == 3:
		qEnd := ((int(today.Month())-1)/3 + 1) * 3
		return time.Date(today.Year(), time.Month(qEnd)+1, 0, 0, 0, 0, 0, time.UTC)
	case s.months == 12:
		return time.Date(today.Year(), time.December, 31, 0, 0, 0, 0, time.UTC)
	}
	return today.AddDate(0, 0, (int(endOfWeek)-int(today.Weekday())+7)%7)
}

// ForecastNextPeriod applies the rule above.
func ForecastNextPeriod(h PeriodHistory) (PeriodForecast, error) {
	st, err := schedFrequencyStep(h.Frequency)
	if err != nil {
		return PeriodForecast{}, err
	}
	lastEnd, lastPaid := payroll.DateOnly(h.LastPeriodEnd), payroll.DateOnly(h.LastDatePaid)
	firstEnd, firstPaid := payroll.DateOnly(h.FirstPeriodEnd), payroll.DateOnly(h.FirstDatePaid)
	if h.LastPeriodEnd.IsZero() {
		switch {
		case !h.FirstPeriodEnd.IsZero():
			f := PeriodForecast{From: st.prev(firstEnd, firstEnd).AddDate(0, 0, 1), To: firstEnd, Paid: firstEnd}
			if !h.FirstDatePaid.IsZero() {
				f.Paid = firstPaid
			}
			return f, nil
		case !h.LastDatePaid.IsZero():
			lastEnd = lastPaid
		default:
			to := st.firstBoundary(payroll.DateOnly(h.Today), h.EndOfWeek)
			return PeriodForecast{From: st.prev(to, to).AddDate(0, 0, 1), To: to, Paid: to}, nil
		}
	}
	endAnchor := lastEnd
	if !h.FirstPeriodEnd.IsZero() {
		endAnchor = firstEnd
	}
	f := PeriodForecast{From: lastEnd.AddDate(0, 0, 1), To: st.next(lastEnd, endAnchor)}
	switch {
	case h.LastDatePaid.IsZero():
		f.Paid = f.To
	case st.months > 0:
		payAnchor := lastPaid
		if !h.FirstDatePaid.IsZero() {
			payAnchor = firstPaid
		}
		f.Paid = schedAddMonths(lastPaid, st.months, payAnchor)
	default:
		f.Paid = f.To.Add(lastPaid.Sub(lastEnd))
	}
	return f, nil
}
