package pay

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// leaverNormalEarnings are the normal gross earnings of a full pay period
// for a leaver paid unused leave in a run that pays them nothing else (ATO
// Schedule 7, marginal rate method: the leave ÷ the pay periods in 12
// months is added to "the normal gross earnings for a full pay period";
// when the termination payment is made after the last period was paid,
// those are still a whole period's normal earnings, not nil): what their
// standard earnings paid for the last whole period of the schedule in
// which they were employed (the one holding their end date), at the pay
// rates in force in it, each rate for its share of the period's days as a
// rate change inside a period is paid (standardLines, the logic of
// au_leave_rate_change.go), so neither a rise that starts after they left
// nor the rate of the run's own period counts; zero when the employee has
// none (no rate or hours), so the leave alone is the base as before.
func leaverNormalEarnings(ctx context.Context, q *store.Queries, bizID int64, e *EmployeeRow, run *store.PayRun, cats *Categories) (payroll.Money, error) {
	last := lastPeriodEmployed(e, run)
	in := &inputs{ids: map[int64]bool{e.ID: true}, rates: map[int64][]rateEntry{}}
	if err := in.loadRates(ctx, q, bizID, e.ID, e.ID, last.PeriodStarting, last.PeriodEnding); err != nil {
		return payroll.Money{}, err
	}
	var total payroll.Money
	for _, l := range in.standardLines(e, last, cats.primary(e.PrimaryPayCategoryID.Int64)) {
		total = total.Add(l.amount)
	}
	if !total.IsPos() {
		return payroll.Money{}, nil
	}
	return total, nil
}

// lastPeriodEmployed is run with its period moved back by whole periods of
// its frequency to the one holding e's end date (run itself when the end
// date is in or after it, or the frequency has no fixed length).
func lastPeriodEmployed(e *EmployeeRow, run *store.PayRun) *store.PayRun {
	if !e.EndDate.Valid {
		return run
	}
	end := payroll.DateOnly(e.EndDate.Time)
	start, finish := payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	if !end.Before(start) {
		return run
	}
	// back is the period k whole periods before the run's; false for a
	// frequency without a fixed length.
	back := func(k int) (time.Time, time.Time, bool) {
		switch run.Frequency {
		case "Weekly":
			return start.AddDate(0, 0, -7*k), finish.AddDate(0, 0, -7*k), true
		case "Fortnightly":
			return start.AddDate(0, 0, -14*k), finish.AddDate(0, 0, -14*k), true
		case "FourWeekly":
			return start.AddDate(0, 0, -28*k), finish.AddDate(0, 0, -28*k), true
		case "Monthly": // calendar periods from the run's start
			return start.AddDate(0, -k, 0), start.AddDate(0, -(k-1), 0).AddDate(0, 0, -1), true
		}
		return time.Time{}, time.Time{}, false
	}
	for k := 1; k <= 1200; k++ {
		from, to, ok := back(k)
		if !ok {
			break
		}
		if !end.Before(from) && !end.After(to) {
			c := *run
			c.PeriodStarting, c.PeriodEnding = from, to
			return &c
		}
	}
	return run
}
