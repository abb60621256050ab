package award

import (
	"strings"
	"time"
)

// Period is a span of days over which a rule set counts period
// thresholds (ShiftPeriodModel: fromDate, toDate, both inclusive).
type Period struct {
	From, To time.Time
}

var weeksOf = map[string]int64{"Weekly": 1, "Fortnightly": 2, "ThreeWeekly": 3, "FourWeekly": 4, "SixWeekly": 6, "EightWeekly": 8}

// periodStart is the first day of the rule set's period holding day.
func (rs *RuleSet) periodStart(day int64) int64 {
	from, _ := rs.periodOf(day)
	return from
}

// periodOf is the first and last day of the period holding day. Weekly
// periods end on dayOfWeekEnding; multi-week ones are anchored on
// periodEnding (a day such a period ends), else on the weeks counted from
// the first week of 1970; monthly ones end on dayOfMonthEnding (the last
// day of shorter months), calendar months on their last day.
func (rs *RuleSet) periodOf(day int64) (int64, int64) {
	end := weekdays[strings.ToLower(rs.DayOfWeekEnding)]
	switch rs.PeriodType {
	case "Monthly", "CalendarMonth":
		d := dateOf(day)
		endDay := rs.DayOfMonthEnding
		if rs.PeriodType == "CalendarMonth" || endDay == 0 {
			endDay = 31
		}
		// The period ends on the first "end day" on or after d.
		y, m := d.Year(), d.Month()
		e := monthDay(y, m, endDay)
		if d.After(e) {
			e = monthDay(y, m+1, endDay)
		}
		prev := monthDay(e.Year(), e.Month()-1, endDay)
		return dayNumber(minuteOf(prev)) + 1, dayNumber(minuteOf(e))
	}
	n := weeksOf[rs.PeriodType]
	if n <= 1 {
		w := weekStart(day, end)
		return w, w + 6
	}
	anchor := weekStart(0, end) // a week start in 1970
	if rs.PeriodEnding != "" {
		if t, err := time.Parse(time.DateOnly, rs.PeriodEnding); err == nil {
			anchor = dayNumber(minuteOf(t)) + 1
		}
	}
	length := 7 * n
	off := floorDiv(day-anchor, length)
	from := anchor + off*length
	return from, from + length - 1
}

// monthDay is day d of month m of year y, or the month's last day when it
// is shorter.
func monthDay(y int, m time.Month, d int) time.Time {
	last := time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return time.Date(y, m, min(d, last), 0, 0, 0, 0, time.UTC)
}

// ShiftPeriods lists the rule set's periods from the one holding first to
// the one holding last.
func (rs *RuleSet) ShiftPeriods(first, last time.Time) []Period {
	var out []Period
	d := dayNumber(minuteOf(first))
	stop := dayNumber(minuteOf(last))
	for {
		from, to := rs.periodOf(d)
		out = append(out, Period{From: dateOf(from), To: dateOf(to)})
		if to >= stop {
			return out
		}
		d = to + 1
	}
}
