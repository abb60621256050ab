package payschedule

import (
	"testing"
	"time"

	"github.com/payrolld/payrolld/internal/au"
)

func schedDay(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

// Every expected date below was worked out by hand from the rule in
// dates.go (2024 and 2028 are leap years).
func TestSchedForecastNextPeriod(t *testing.T) {
	cases := []struct {
		name                string
		freq                string
		lastEnd, lastPaid   string
		firstEnd, firstPaid string
		today               string
		from, to, paid      string
	}{
		{name: "weekly, paid 3 days after", freq: "Weekly", lastEnd: "2026-11-01", lastPaid: "2026-11-04", from: "2026-11-02", to: "2026-11-08", paid: "2026-11-11"},
		{name: "fortnightly, no pay date", freq: "Fortnightly", lastEnd: "2026-10-25", from: "2026-10-26", to: "2026-11-08", paid: "2026-11-08"},
		{name: "four-weekly over new year, paid 2 days before", freq: "FourWeekly", lastEnd: "2026-12-20", lastPaid: "2026-12-18", from: "2026-12-21", to: "2027-01-17", paid: "2027-01-15"},
		{name: "monthly 31 Jan -> 28 Feb", freq: "Monthly", lastEnd: "2026-01-31", lastPaid: "2026-01-31", from: "2026-02-01", to: "2026-02-28", paid: "2026-02-28"},
		{name: "monthly 31 Jan -> 29 Feb in a leap year", freq: "Monthly", lastEnd: "2028-01-31", lastPaid: "2028-01-31", from: "2028-02-01", to: "2028-02-29", paid: "2028-02-29"},
		{name: "monthly 28 Feb month end -> 31 Mar", freq: "Monthly", lastEnd: "2026-02-28", lastPaid: "2026-02-28", from: "2026-03-01", to: "2026-03-31", paid: "2026-03-31"},
		{name: "monthly 31 Mar -> 30 Apr", freq: "Monthly", lastEnd: "2026-03-31", from: "2026-04-01", to: "2026-04-30", paid: "2026-04-30"},
		{name: "monthly anchored on the 30th after February", freq: "Monthly", lastEnd: "2026-02-28", firstEnd: "2026-01-30", from: "2026-03-01", to: "2026-03-30", paid: "2026-03-30"},
		{name: "monthly 29 Jan clamps to 28 Feb", freq: "Monthly", lastEnd: "2026-01-29", from: "2026-01-30", to: "2026-02-28", paid: "2026-02-28"},
		{name: "monthly mid-month", freq: "Monthly", lastEnd: "2026-01-15", lastPaid: "2026-01-16", from: "2026-01-16", to: "2026-02-15", paid: "2026-02-16"},
		{name: "monthly month end, paid on the 15th", freq: "Monthly", lastEnd: "2026-04-30", lastPaid: "2026-04-15", from: "2026-05-01", to: "2026-05-31", paid: "2026-05-15"},
		{name: "monthly paid 3rd of next month", freq: "Monthly", lastEnd: "2026-03-31", lastPaid: "2026-04-03", from: "2026-04-01", to: "2026-04-30", paid: "2026-05-03"},
		{name: "monthly pay day anchored on the 31st", freq: "Monthly", lastEnd: "2026-03-31", lastPaid: "2026-04-30", firstPaid: "2026-01-31", from: "2026-04-01", to: "2026-04-30", paid: "2026-05-31"},
		{name: "quarterly", freq: "Quarterly", lastEnd: "2026-03-31", from: "2026-04-01", to: "2026-06-30", paid: "2026-06-30"},
		{name: "quarterly from November month end", freq: "Quarterly", lastEnd: "2025-11-30", from: "2025-12-01", to: "2026-02-28", paid: "2026-02-28"},
		{name: "annually from 29 Feb", freq: "Annually", lastEnd: "2024-02-29", from: "2024-03-01", to: "2025-02-28", paid: "2025-02-28"},
		{name: "annually financial year", freq: "Annually", lastEnd: "2025-06-30", lastPaid: "2025-07-07", from: "2025-07-01", to: "2026-06-30", paid: "2026-07-07"},
		{name: "half-monthly 15th -> month end", freq: "HalfMonthly", lastEnd: "2026-01-15", lastPaid: "2026-01-15", from: "2026-01-16", to: "2026-01-31", paid: "2026-01-31"},
		{name: "half-monthly month end -> 15th", freq: "HalfMonthly", lastEnd: "2026-01-31", from: "2026-02-01", to: "2026-02-15", paid: "2026-02-15"},
		{name: "half-monthly 15 Feb -> 28 Feb", freq: "HalfMonthly", lastEnd: "2026-02-15", from: "2026-02-16", to: "2026-02-28", paid: "2026-02-28"},
		{name: "half-monthly 15 Feb -> 29 Feb in a leap year", freq: "HalfMonthly", lastEnd: "2028-02-15", from: "2028-02-16", to: "2028-02-29", paid: "2028-02-29"},
		{name: "half-monthly off-boundary end moves to the 15th", freq: "HalfMonthly", lastEnd: "2026-03-10", from: "2026-03-11", to: "2026-03-15", paid: "2026-03-15"},
		{name: "half-monthly paid 3 days after", freq: "HalfMonthly", lastEnd: "2026-03-31", lastPaid: "2026-04-03", from: "2026-04-01", to: "2026-04-15", paid: "2026-04-18"},
		{name: "never run: auto-pay initial period", freq: "Monthly", firstEnd: "2026-11-30", firstPaid: "2026-12-02", from: "2026-11-01", to: "2026-11-30", paid: "2026-12-02"},
		{name: "never run: initial half-monthly period", freq: "HalfMonthly", firstEnd: "2026-12-31", from: "2026-12-16", to: "2026-12-31", paid: "2026-12-31"},
		{name: "only a date paid", freq: "Fortnightly", lastPaid: "2026-10-09", from: "2026-10-10", to: "2026-10-23", paid: "2026-10-23"},
		{name: "no history weekly: next end of week", freq: "Weekly", today: "2026-11-02", from: "2026-11-02", to: "2026-11-08", paid: "2026-11-08"},
		{name: "no history weekly on the end of week", freq: "Weekly", today: "2026-11-08", from: "2026-11-02", to: "2026-11-08", paid: "2026-11-08"},
		{name: "no history fortnightly", freq: "Fortnightly", today: "2026-11-02", from: "2026-10-26", to: "2026-11-08", paid: "2026-11-08"},
		{name: "no history monthly", freq: "Monthly", today: "2026-11-02", from: "2026-11-01", to: "2026-11-30", paid: "2026-11-30"},
		{name: "no history half-monthly second half", freq: "HalfMonthly", today: "2026-02-20", from: "2026-02-16", to: "2026-02-28", paid: "2026-02-28"},
		{name: "no history quarterly", freq: "Quarterly", today: "2026-11-02", from: "2026-10-01", to: "2026-12-31", paid: "2026-12-31"},
		{name: "no history annually", freq: "Annually", today: "2026-11-02", from: "2026-01-01", to: "2026-12-31", paid: "2026-12-31"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ForecastNextPeriod(PeriodHistory{Frequency: c.freq, LastPeriodEnd: schedDay(c.lastEnd), LastDatePaid: schedDay(c.lastPaid),
				FirstPeriodEnd: schedDay(c.firstEnd), FirstDatePaid: schedDay(c.firstPaid), Today: schedDay(c.today), EndOfWeek: time.Sunday})
			if err != nil {
				t.Fatal(err)
			}
			want := PeriodForecast{From: schedDay(c.from), To: schedDay(c.to), Paid: schedDay(c.paid)}
			if !got.From.Equal(want.From) || !got.To.Equal(want.To) || !got.Paid.Equal(want.Paid) {
				t.Fatalf("got %s..%s paid %s, want %s..%s paid %s", got.From.Format(time.DateOnly), got.To.Format(time.DateOnly),
					got.Paid.Format(time.DateOnly), c.from, c.to, c.paid)
			}
		})
	}
	if _, err := ForecastNextPeriod(PeriodHistory{Frequency: "AdHoc", LastPeriodEnd: schedDay("2026-01-01")}); err == nil {
		t.Fatal("AdHoc has no next period")
	}
}

func TestSchedHumanise(t *testing.T) {
	for in, want := range map[string]string{"PaymentFile": "Payment file", "MoreLeaveThanAccrued": "More leave than accrued",
		"NINOUnknown": "NINO unknown", "ConcurrentPayRunAU": "Concurrent pay run AU"} {
		if got := schedHumanise(in); got != want {
			t.Errorf("schedHumanise(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSchedChecksums(t *testing.T) {
	// The built-in registry only holds rows whose ABN passes the checksum
	// (ParseSuperRegistry rejects others); make that visible here.
	r := au.DefaultSuperRegistry()
	if len(r.Products) == 0 || len(r.ESAs) == 0 {
		t.Fatal("empty built-in registry")
	}
	if got, _ := r.Search("Abn", "65 714 394 898"); len(got) != 2 {
		t.Fatalf("AustralianSuper products by ABN = %+v", got)
	}
	if got, _ := r.Search("", "hesta"); len(got) != 2 {
		t.Fatalf("HESTA by name = %+v", got)
	}
	if _, err := r.Search("Colour", "x"); err == nil {
		t.Fatal("unknown searchBy accepted")
	}
}
