package award_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/award"
)

// fortnight is an employee's fortnight of 10 shifts: weekdays 09:00-17:30
// with a 30-minute break, evenings and a Saturday in the mix, so penalties,
// overtime and minimum engagements all fire.
func fortnight(start time.Time, n int) []award.Shift {
	out := make([]award.Shift, 0, 10)
	for d := 0; d < 14 && len(out) < 10; d++ {
		day := start.AddDate(0, 0, d)
		if day.Weekday() == time.Sunday {
			continue
		}
		from := day.Add(9 * time.Hour)
		to := day.Add(17*time.Hour + 30*time.Minute)
		if (d+n)%4 == 0 {
			to = day.Add(21*time.Hour + 30*time.Minute)
		}
		if day.Weekday() == time.Saturday {
			to = day.Add(11 * time.Hour)
		}
		out = append(out, award.Shift{Start: from, End: to, Breaks: []award.Break{{Start: day.Add(12 * time.Hour), End: day.Add(12*time.Hour + 30*time.Minute)}}})
	}
	return out
}

// BenchmarkInterpretFortnights interprets 10,000 employees' fortnights
// (100,000 shifts) per iteration under the Retail rule set, the employees
// alternating casual, full-time and part-time.
func BenchmarkInterpretFortnights(b *testing.B) {
	rs, ok := award.LibraryRuleSet("MA000004")
	if !ok {
		b.Fatal("no retail rule set")
	}
	start := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	types := []string{award.Casual, award.FullTime, award.PartTime}
	const employees = 10000
	inputs := make([]award.Input, employees)
	shifts := 0
	for i := range inputs {
		inputs[i] = award.Input{Employee: award.Employee{EmploymentType: types[i%3], Classification: "Retail Employee Level 2", StandardWeeklyMinutes: 30 * 60},
			Shifts: fortnight(start, i), PeriodStart: start}
		shifts += len(inputs[i].Shifts)
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	lines := 0
	for n := 0; n < b.N; n++ {
		lines = 0
		for i := range inputs {
			res, err := rs.Interpret(inputs[i])
			if err != nil {
				b.Fatal(err)
			}
			lines += len(res.Lines)
		}
	}
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(shifts), "shifts/op")
	b.ReportMetric(float64(lines), "lines/op")
}

// cpuTime is the process's user and system CPU time: the steadier figure
// on a shared machine than wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
