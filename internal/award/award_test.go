package award_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/award"
)

func at(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

// shift is date from-to with unpaid breaks given as "HH:MM-HH:MM".
func shift(date, from, to string, breaks ...string) award.Shift {
	sh := award.Shift{Start: at(date + " " + from), End: at(date + " " + to)}
	if sh.End.Before(sh.Start) {
		sh.End = sh.End.Add(24 * time.Hour)
	}
	for _, b := range breaks {
		p := strings.Split(b, "-")
		sh.Breaks = append(sh.Breaks, award.Break{Start: at(date + " " + p[0]), End: at(date + " " + p[1])})
	}
	return sh
}

// want is one expected line: the shift (index), the rule, the category,
// the stretch, hours, rate and amount, each hand-derived from the award.
type want struct {
	shift                int
	rule, category, kind string
	from, to             string // HH:MM ("" for allowances per day)
	hours, rate, amount  string
}

func check(t *testing.T, rs *award.RuleSet, in award.Input, wants []want, total string) {
	t.Helper()
	res, err := rs.Interpret(in)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	sum := int64(0)
	for _, l := range res.Lines {
		from, to := l.Start.Format("15:04"), l.End.Format("15:04")
		if l.Kind == award.LineAllowance && l.Minutes == 0 {
			from, to = "", ""
		}
		got = append(got, fmt.Sprintf("%d %s | %s | %s | %s-%s | %s h @ %s = %s", l.Shift, l.Rule, l.Category, l.Kind, from, to, l.Units().String(), l.Rate().StringFixed(2), l.Amount().StringFixed(2)))
		sum += l.AmountCents
	}
	var exp []string
	for _, w := range wants {
		exp = append(exp, fmt.Sprintf("%d %s | %s | %s | %s-%s | %s h @ %s = %s", w.shift, w.rule, w.category, w.kind, w.from, w.to, w.hours, w.rate, w.amount))
	}
	if strings.Join(got, "\n") != strings.Join(exp, "\n") {
		t.Errorf("lines:\n got:\n  %s\n want:\n  %s", strings.Join(got, "\n  "), strings.Join(exp, "\n  "))
	}
	if s := fmt.Sprintf("%d.%02d", sum/100, sum%100); s != total {
		t.Errorf("total = %s, want %s", s, total)
	}
}

func ruleSet(t *testing.T, code string) *award.RuleSet {
	t.Helper()
	rs, ok := award.LibraryRuleSet(code)
	if !ok {
		_, err := award.Library()
		t.Fatalf("no rule set %s: %v", code, err)
	}
	return rs
}

// A casual Retail Employee Level 1 (adult, $27.81 an hour from 1 July 2026)
// in NSW, the week of Labour Day (Monday 5 October 2026): a public holiday,
// a 10-hour day (the one day a week that may run to 11 ordinary hours), an
// evening running past the 9 pm end of the span, a Saturday and a short
// Sunday (topped up to the 3-hour minimum engagement).
//
// Rates (cl 22.1 Table 12, cl 21.2 Table 11; casual loading included, to
// the cent): 125% 34.76; 150% 41.72; 175% 48.67; 250% 69.53.
func TestRetailCasualWeek(t *testing.T) {
	rs := ruleSet(t, "MA000004")
	in := award.Input{
		Employee: award.Employee{EmploymentType: award.Casual, Classification: "Retail Employee Level 1", DateOfBirth: at("1990-04-01 00:00")},
		Shifts: []award.Shift{
			shift("2026-10-05", "09:00", "13:00"),                // Labour Day
			shift("2026-10-06", "08:00", "18:30", "12:00-12:30"), // 10 hours
			shift("2026-10-08", "15:00", "21:30"),                // evening, past the span
			shift("2026-10-10", "09:00", "15:00", "12:00-12:30"), // Saturday
			shift("2026-10-11", "10:00", "12:00"),                // Sunday, 2 hours
		},
		Holiday: func(day time.Time, _ int) bool { return day.Equal(at("2026-10-05 00:00")) },
	}
	check(t, rs, in, []want{
		{0, "Casual public holiday", "casualPublicHoliday", "Ordinary", "09:00", "13:00", "4", "69.53", "278.12"},
		// 9.5 ordinary hours at 125% (the day runs to 10 hours: the one 11-hour day of the week).
		{1, "Casual ordinary hours", "casualOrdinary", "Ordinary", "08:00", "12:00", "4", "34.76", "139.04"},
		{1, "Casual ordinary hours", "casualOrdinary", "Ordinary", "12:30", "18:00", "5.5", "34.76", "191.18"},
		{1, "Casual weekday after 6pm", "casualEvening", "Ordinary", "18:00", "18:30", "0.5", "41.72", "20.86"},
		{2, "Casual ordinary hours", "casualOrdinary", "Ordinary", "15:00", "18:00", "3", "34.76", "104.28"},
		{2, "Casual weekday after 6pm", "casualEvening", "Ordinary", "18:00", "21:00", "3", "41.72", "125.16"},
		// After 9 pm: outside the span of ordinary hours, overtime (first 3 hours at 175%).
		{2, "Overtime (casual)", "casualOvertime175", "Overtime", "21:00", "21:30", "0.5", "48.67", "24.34"},
		{3, "Casual Saturday", "casualSaturday", "Ordinary", "09:00", "12:00", "3", "41.72", "125.16"},
		{3, "Casual Saturday", "casualSaturday", "Ordinary", "12:30", "15:00", "2.5", "41.72", "104.30"},
		{4, "Casual Sunday", "casualSunday", "Ordinary", "10:00", "12:00", "2", "48.67", "97.34"},
		{4, "Casual minimum engagement", "casualSunday", "TopUp", "12:00", "13:00", "1", "48.67", "48.67"},
	}, "1258.45")
}

// A full-time Hospitality Level 2 employee ($27.08 an hour) in the week of
// Monday 12 October 2026: a split shift on Tuesday (10:00-14:00 and
// 17:00-22:00, a 3-hour break: split shift allowance $3.69, the evening
// loading of $2.95 an hour after 7 pm) and 41 hours in the week, the last
// 3 of them overtime on Friday (first 2 hours 150% = 40.62, then 200% =
// 54.16).
func TestHospitalityFullTimeSplitShiftAndWeeklyOvertime(t *testing.T) {
	rs := ruleSet(t, "MA000009")
	in := award.Input{
		Employee: award.Employee{EmploymentType: award.FullTime, Classification: "Level 2", DateOfBirth: at("1985-02-10 00:00")},
		Shifts: []award.Shift{
			shift("2026-10-12", "08:00", "16:30", "12:00-12:30"),
			shift("2026-10-13", "10:00", "14:00"),
			shift("2026-10-13", "17:00", "22:00"),
			shift("2026-10-14", "08:00", "16:30", "12:00-12:30"),
			shift("2026-10-15", "08:00", "16:30", "12:00-12:30"),
			shift("2026-10-16", "08:00", "16:30", "12:00-12:30"),
		},
	}
	check(t, rs, in, []want{
		{0, "Ordinary hours", "ordinary", "Ordinary", "08:00", "12:00", "4", "27.08", "108.32"},
		{0, "Ordinary hours", "ordinary", "Ordinary", "12:30", "16:30", "4", "27.08", "108.32"},
		{1, "Ordinary hours", "ordinary", "Ordinary", "10:00", "14:00", "4", "27.08", "108.32"},
		{1, "Split shift allowance (break of 2 to 3 hours)", "splitShift", "Allowance", "", "", "1", "3.69", "3.69"},
		{2, "Ordinary hours", "ordinary", "Ordinary", "17:00", "19:00", "2", "27.08", "54.16"},
		{2, "Weekday evening", "evening", "Ordinary", "19:00", "22:00", "3", "30.03", "90.09"},
		{3, "Ordinary hours", "ordinary", "Ordinary", "08:00", "12:00", "4", "27.08", "108.32"},
		{3, "Ordinary hours", "ordinary", "Ordinary", "12:30", "16:30", "4", "27.08", "108.32"},
		{4, "Ordinary hours", "ordinary", "Ordinary", "08:00", "12:00", "4", "27.08", "108.32"},
		{4, "Ordinary hours", "ordinary", "Ordinary", "12:30", "16:30", "4", "27.08", "108.32"},
		// 33 ordinary hours by Thursday: 5 more are ordinary, the rest overtime.
		{5, "Ordinary hours", "ordinary", "Ordinary", "08:00", "12:00", "4", "27.08", "108.32"},
		{5, "Ordinary hours", "ordinary", "Ordinary", "12:30", "13:30", "1", "27.08", "27.08"},
		{5, "Overtime (full-time and part-time)", "overtime150", "Overtime", "13:30", "15:30", "2", "40.62", "81.24"},
		{5, "Overtime (full-time and part-time)", "overtime200", "Overtime", "15:30", "16:30", "1", "54.16", "54.16"},
	}, "1176.98")
}

// A 17-year-old full-time clerk, Level 1 Year 1: 60% of $1,024.70 = $614.82
// a week, $16.18 an hour (cl 16.4 Table 4). Monday to Wednesday 7.5 hours;
// Thursday to 7.30 pm (after 7 pm is outside the span: overtime); Friday
// passes 38 ordinary hours at 3.30 pm; Saturday morning is all overtime.
// Overtime 150% = 24.27, 200% = 32.36, the first 2 hours of each day at
// 150% (cl 21 Table 5).
func TestClerksJunior(t *testing.T) {
	rs := ruleSet(t, "MA000002")
	in := award.Input{
		Employee: award.Employee{EmploymentType: award.FullTime, Classification: "Level 1 Year 1", DateOfBirth: at("2009-03-15 00:00"),
			ServiceStart: at("2026-02-01 00:00")},
		Shifts: []award.Shift{
			shift("2026-10-19", "09:00", "17:00", "12:30-13:00"),
			shift("2026-10-20", "09:00", "17:00", "12:30-13:00"),
			shift("2026-10-21", "09:00", "17:00", "12:30-13:00"),
			shift("2026-10-22", "09:00", "19:30", "12:30-13:00"),
			shift("2026-10-23", "09:00", "17:00", "12:30-13:00"),
			shift("2026-10-24", "09:00", "12:00"),
		},
	}
	ord := func(i int, from, to, hours, amount string) want {
		return want{i, "Ordinary hours", "ordinary", "Ordinary", from, to, hours, "16.18", amount}
	}
	check(t, rs, in, []want{
		ord(0, "09:00", "12:30", "3.5", "56.63"), ord(0, "13:00", "17:00", "4", "64.72"),
		ord(1, "09:00", "12:30", "3.5", "56.63"), ord(1, "13:00", "17:00", "4", "64.72"),
		ord(2, "09:00", "12:30", "3.5", "56.63"), ord(2, "13:00", "17:00", "4", "64.72"),
		ord(3, "09:00", "12:30", "3.5", "56.63"), ord(3, "13:00", "19:00", "6", "97.08"),
		{3, "Overtime (full-time and part-time)", "overtime150", "Overtime", "19:00", "19:30", "0.5", "24.27", "12.14"},
		ord(4, "09:00", "12:30", "3.5", "56.63"), ord(4, "13:00", "15:30", "2.5", "40.45"),
		{4, "Overtime (full-time and part-time)", "overtime150", "Overtime", "15:30", "17:00", "1.5", "24.27", "36.41"},
		{5, "Overtime (full-time and part-time)", "overtime150", "Overtime", "09:00", "11:00", "2", "24.27", "48.54"},
		{5, "Overtime (full-time and part-time)", "overtime200", "Overtime", "11:00", "12:00", "1", "32.36", "32.36"},
	}, "744.29")
}

// Days no version covers are refused, saying what is missing.
func TestDaysWithoutRatesAreRefused(t *testing.T) {
	rs := ruleSet(t, "MA000004")
	emp := award.Employee{EmploymentType: award.FullTime, Classification: "Retail Employee Level 2"}
	for _, c := range []struct{ day, msg string }{
		{"2026-06-30", "before 2026-07-01 are not loaded"},
		{"2027-07-01", "after 2027-06-30 are not loaded (the Annual Wage Review 2026-27 rates and the junior step of 1 July 2027"},
	} {
		_, err := rs.Interpret(award.Input{Employee: emp, Shifts: []award.Shift{shift(c.day, "09:00", "17:00")}})
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: err = %v, want %q", c.day, err, c.msg)
		}
	}
	// A pay period starting before 1 July 2026 is paid at the old rates
	// (not loaded), even for its days in July.
	_, err := rs.Interpret(award.Input{Employee: emp, PeriodStart: at("2026-06-29 00:00"), Shifts: []award.Shift{shift("2026-07-02", "09:00", "17:00")}})
	if err == nil || !strings.Contains(err.Error(), "2026-06-29") {
		t.Errorf("period start before the version: err = %v", err)
	}
	// An unknown classification is refused by name.
	_, err = rs.Interpret(award.Input{Employee: award.Employee{EmploymentType: award.Casual, Classification: "Store manager"}, Shifts: []award.Shift{shift("2026-08-03", "09:00", "17:00")}})
	if err == nil || !strings.Contains(err.Error(), `"Store manager"`) {
		t.Errorf("unknown classification: err = %v", err)
	}
}

// The Retail junior step of 1 December 2026 (PR813655): an 18-year-old
// with more than 6 months' service goes from 70% to 75% of the Level 1
// weekly rate; one with less stays on 70%.
func TestRetailJuniorStepOnFirstDecember(t *testing.T) {
	rs := ruleSet(t, "MA000004")
	rate := func(day string, start string) int64 {
		res, err := rs.Interpret(award.Input{Employee: award.Employee{EmploymentType: award.FullTime, Classification: "Retail Employee Level 1",
			DateOfBirth: at("2008-01-10 00:00"), ServiceStart: at(start + " 00:00")}, Shifts: []award.Shift{shift(day, "09:00", "12:00")}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Lines[0].RateCents
	}
	// 1,056.80 × 70% ÷ 38 = 19.467 -> 19.47; × 75% ÷ 38 = 20.858 -> 20.86.
	for _, c := range []struct {
		day, start string
		want       int64
	}{
		{"2026-11-30", "2025-01-01", 1947}, {"2026-12-01", "2025-01-01", 2086}, {"2026-12-01", "2026-09-01", 1947},
	} {
		if got := rate(c.day, c.start); got != c.want {
			t.Errorf("%s (service from %s): rate %d, want %d", c.day, c.start, got, c.want)
		}
	}
}
