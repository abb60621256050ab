package timesheet

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
)

func rate(s string) *payroll.Rate {
	r := payroll.MustRate(s)
	return &r
}

func at(h, m int) payroll.DateTime {
	return payroll.NewDateTime(time.Date(2026, 11, 2, h, m, 0, 0, time.UTC))
}

// TestHourlyRate: each rate unit converts by its formula; amounts are
// compared as exact decimals.
func TestHourlyRate(t *testing.T) {
	for _, c := range []struct {
		rate, unit, hpw, hpd string
		want                 string // "" = not convertible
	}{
		{"30", "Hourly", "", "", "30"},
		{"59280", "Annually", "38", "", "30"}, // 59280 / 52 / 38
		{"4940", "Monthly", "38", "", "30"},   // 4940 x 12 / 52 / 38
		{"1140", "Weekly", "38", "", "30"},    // 1140 / 38
		{"228", "Daily", "", "7.6", "30"},     // 228 / 7.6
		{"228", "Daily", "38", "", "30"},      // 228 / (38 / 5)
		{"60000", "Annually", "", "", ""},     // no hours
		{"500", "Fixed", "38", "", ""},        // a fixed amount has no hourly rate
		{"60000", "Annually", "0", "", ""},    // zero hours
	} {
		var hpw, hpd *payroll.Rate
		if c.hpw != "" {
			hpw = rate(c.hpw)
		}
		if c.hpd != "" {
			hpd = rate(c.hpd)
		}
		got := HourlyRate(rate(c.rate), c.unit, hpw, hpd)
		switch {
		case c.want == "" && got != nil:
			t.Errorf("%s %s: got %s, want none", c.rate, c.unit, got)
		case c.want != "" && (got == nil || got.Cmp(payroll.MustRate(c.want)) != 0):
			t.Errorf("%s %s: got %v, want %s", c.rate, c.unit, got, c.want)
		}
	}
}

// TestCostVectors: durations and costs derived by hand from the formula
// cost = sum over paid stretches of minutes / 60 x base rate x (1 +
// loading / 100), each stretch to the cent half up.
func TestCostVectors(t *testing.T) {
	annual := EmployeeInfo{Rate: rate("60000"), RateUnit: "Annually", HoursPerWeek: rate("38")}
	hourly := EmployeeInfo{Rate: rate("30"), RateUnit: "Hourly"}
	for _, c := range []struct {
		name                   string
		in                     Input
		emp                    EmployeeInfo
		loading                string
		work, breaks, paidMins int64
		cost                   string // "" = no cost
	}{
		{"8h less 30m unpaid at 30 x1.5", Input{EmployeeID: 1, Start: at(9, 0), End: at(17, 0), Breaks: []BreakInput{{Start: at(12, 0), End: at(12, 30)}}},
			hourly, "50", 450, 30, 450, "337.50"},
		// 60000/52/38 = 30.364372...; stretches 60, 15 (paid), 105, 240 min:
		// 30.36 + 7.59 + 53.14 + 121.46.
		{"salaried with a paid and an unpaid break", Input{EmployeeID: 1, Start: at(9, 0), End: at(17, 0), Breaks: []BreakInput{
			{Start: at(10, 0), End: at(10, 15), IsPaidBreak: true}, {Start: at(12, 0), End: at(13, 0)}}},
			annual, "", 405, 75, 420, "212.55"},
		{"20 minutes at 31 an hour (10.333...)", Input{EmployeeID: 1, Start: at(9, 0), End: at(9, 20)}, EmployeeInfo{Rate: rate("31"), RateUnit: "Hourly"}, "", 20, 0, 20, "10.33"},
		{"rate override wins", Input{EmployeeID: 1, Start: at(9, 0), End: at(10, 0), Rate: rate("40")}, hourly, "", 60, 0, 60, "40.00"},
		{"units x override", Input{EmployeeID: 1, Start: at(9, 0), Units: rate("12"), Rate: rate("2.5")}, hourly, "", 0, 0, 0, "30.00"},
		{"units without a rate", Input{EmployeeID: 1, Start: at(9, 0), Units: rate("12")}, hourly, "", 0, 0, 0, ""},
		{"no employee rate", Input{EmployeeID: 1, Start: at(9, 0), End: at(10, 0)}, EmployeeInfo{}, "", 60, 0, 60, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var v payroll.Validation
			l := c.in.build(&v)
			if err := v.Err(); err != nil {
				t.Fatal(err)
			}
			l.Employee = c.emp
			var pc *payCategoryInfo
			if c.loading != "" {
				pc = &payCategoryInfo{Name: "Loaded", Loading: payroll.MustRate(c.loading)}
			}
			got := cost(&l, pc)
			if l.WorkMinutes != c.work || l.BreakMinutes != c.breaks || l.PaidMinutes() != c.paidMins {
				t.Errorf("minutes work %d breaks %d paid %d", l.WorkMinutes, l.BreakMinutes, l.PaidMinutes())
			}
			switch {
			case c.cost == "" && got.Cost != nil:
				t.Errorf("cost %s, want none", got.Cost)
			case c.cost != "" && (got.Cost == nil || !got.Cost.Equal(payroll.MustMoney(c.cost))):
				t.Errorf("cost %v, want %s", got.Cost, c.cost)
			}
			if got.Cost != nil {
				sum := payroll.MoneyFromInt(0)
				for _, p := range got.Data.ShiftParts {
					sum = sum.Add(p.Cost)
				}
				if !sum.Equal(*got.Cost) {
					t.Errorf("shift parts sum to %s, cost %s", sum, got.Cost)
				}
			}
		})
	}
}

// TestBuildRefusals: each bad input is refused naming its member.
func TestBuildRefusals(t *testing.T) {
	ok := Input{EmployeeID: 1, Start: at(9, 0), End: at(17, 0)}
	for _, c := range []struct {
		name   string
		mutate func(*Input)
		member string
	}{
		{"no employee", func(in *Input) { in.EmployeeID = 0 }, "employeeId"},
		{"no start", func(in *Input) { in.Start = payroll.DateTime{} }, "startTime"},
		{"no end", func(in *Input) { in.End = payroll.DateTime{} }, "endTime"},
		{"manager shape names", func(in *Input) { in.End = payroll.DateTime{}; in.StartName, in.EndName = "start", "end" }, "end"},
		{"bulk prefix", func(in *Input) { in.Prefix = "timesheets[7][2]."; in.End = at(8, 0) }, "timesheets[7][2].endTime"},
		{"overlapping breaks", func(in *Input) {
			in.Breaks = []BreakInput{{Start: at(12, 0), End: at(12, 30)}, {Start: at(12, 15), End: at(12, 45)}}
		}, "breaks[1].startTime"},
		{"breaks on a unit line", func(in *Input) { in.Units = rate("1"); in.Breaks = []BreakInput{{Start: at(12, 0), End: at(12, 30)}} }, "breaks"},
		{"rejected on create", func(in *Input) { in.Status = "rejected" }, "status"},
		{"unknown status", func(in *Input) { in.Status = "Done" }, "status"},
		{"negative rate", func(in *Input) { in.Rate = rate("-1") }, "rate"},
		{"negative id", func(in *Input) { id := int64(-3); in.LocationID = &id }, "locationId"},
	} {
		in := ok
		c.mutate(&in)
		var v payroll.Validation
		in.build(&v)
		err := v.Err()
		var pe *payroll.Error
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if e, isPE := err.(*payroll.Error); isPE {
			pe = e
		}
		if pe == nil || pe.Field != c.member && len(pe.Fields[c.member]) == 0 {
			t.Errorf("%s: %v does not name %s", c.name, err, c.member)
		}
	}
}
