package jobs

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payschedule"
)

func at(s string) time.Time {
	t, err := time.Parse("2006-01-02T15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

func dt(s string) payroll.DateTime { return payroll.NewDateTime(at(s)) }

// The due period is the latest whose creation time has come, each period
// shifted from the initial one by the schedule's frequency.
func TestDueAutoPayPeriod(t *testing.T) {
	weekly := &payschedule.AutoPayConfiguration{Enabled: true, InitialPayPeriodEnding: dt("2026-10-16T00:00"),
		InitialDatePaid: dt("2026-10-19T00:00"), InitialPayRunCreationDateTime: dt("2026-10-16T08:00")}
	monthEnd := &payschedule.AutoPayConfiguration{Enabled: true, InitialPayPeriodEnding: dt("2026-01-31T00:00"), InitialDatePaid: dt("2026-01-31T00:00")}
	ended := *weekly
	ended.ScheduledEndDate = dt("2026-10-25T00:00")
	paused := *weekly
	paused.Paused = true
	for _, c := range []struct {
		name, freq string
		a          *payschedule.AutoPayConfiguration
		now        string
		end, paid  string // "" = none due
	}{
		{"before the first", "Weekly", weekly, "2026-10-16T07:59", "", ""},
		{"the first at its time", "Weekly", weekly, "2026-10-16T08:00", "2026-10-16T00:00", "2026-10-19T00:00"},
		{"third week", "Weekly", weekly, "2026-11-02T09:00", "2026-10-30T00:00", "2026-11-02T00:00"},
		{"fortnightly", "Fortnightly", weekly, "2026-11-02T09:00", "2026-10-30T00:00", "2026-11-02T00:00"},
		{"fortnightly mid period", "Fortnightly", weekly, "2026-11-12T09:00", "2026-10-30T00:00", "2026-11-02T00:00"},
		{"past the scheduled end", "Weekly", &ended, "2026-11-02T09:00", "2026-10-23T00:00", "2026-10-26T00:00"},
		{"paused", "Weekly", &paused, "2026-11-02T09:00", "", ""},
		{"disabled", "Weekly", &payschedule.AutoPayConfiguration{InitialPayPeriodEnding: dt("2026-10-16T00:00")}, "2026-11-02T09:00", "", ""},
		{"month ends", "Monthly", monthEnd, "2026-03-15T00:00", "2026-02-28T00:00", "2026-02-28T00:00"},
		{"month ends in April", "Monthly", monthEnd, "2026-04-30T00:00", "2026-04-30T00:00", "2026-04-30T00:00"},
		{"quarterly", "Quarterly", monthEnd, "2026-08-01T00:00", "2026-07-31T00:00", "2026-07-31T00:00"},
		{"not calculable", "HalfMonthly", weekly, "2026-11-02T09:00", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, ok := DueAutoPayPeriod(c.freq, c.a, at(c.now))
			if c.end == "" {
				if ok {
					t.Fatalf("due %v, want none", p)
				}
				return
			}
			if !ok || !p.PeriodEnding.Equal(at(c.end)) || !p.DatePaid.Equal(at(c.paid)) {
				t.Fatalf("due %v (%v), want period ending %s paid %s", p, ok, c.end, c.paid)
			}
		})
	}
}
