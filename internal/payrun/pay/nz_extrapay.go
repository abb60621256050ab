package pay

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// IRD's extra-pay rule (IR, Payroll Calculations & Business Rules
// Specification 2025 V1.3 §5.11 step 3.1; docs/reference/nz-extra-pay-acc.md)
// taxes a bonus or lump sum at the rate of the band of the regular
// earnings of the pays made "in the four weeks prior to, and inclusive of
// the day on which the extra pay is paid", annualised, plus the extra pay.
// addNZRecentEarnings reads the other pays of that window for every NZ
// employee of a run with their year to date; calc/nz adds this pay's own
// regular earnings.

// nzExtraPayWindow is [from, to], the pay dates of the other runs whose
// regular earnings count: the run's pay date and the 27 days before it
// (four weeks, the day of payment included). The same window serves
// monthly pay: four weeks hold one monthly pay day (the pay, × 12), where
// a calendar month back from a month's last day would also take the
// previous month's last day.
func nzExtraPayWindow(run *store.PayRun) (from, to time.Time) {
	to = payroll.DateOnly(run.DatePaid)
	return to.AddDate(0, 0, -27), to
}

// addNZRecentEarnings sets y.nzRecent of each NZ employee paid in the
// window by another finalised run: their earnings lines less those of
// extra-pay categories (pay category type Bonus, LumpSum, ETP, ...).
func addNZRecentEarnings(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, out map[int64]*YTD) error {
	if biz.Region != calc.NZ {
		return nil
	}
	from, to := nzExtraPayWindow(run)
	rows, err := q.EarningsByCategoryPaidBetween(ctx, store.EarningsByCategoryPaidBetweenParams{BusinessID: biz.ID, PayRunID: run.ID, FromDate: from, ToDate: to})
	if err != nil || len(rows) == 0 {
		return err
	}
	extra, err := nzExtraPayCategories(ctx, q, biz.ID, true)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if extra[r.CategoryID] {
			continue
		}
		y := ytdFor(out, r.EmployeeID)
		y.nzRecent += r.Amount
	}
	return nil
}

// nzTermination is what the extra pays of an NZ termination pay (or of a
// pay after the employment ended) are taxed on from 1 April 2025 (Income
// Tax Act 2007 s RD 17 as amended; docs/reference/nz-extra-pay-on-
// termination-2025.md): the regular earnings of the last two fully paid
// pay periods before the termination pay.
type nzTermination struct {
	periods  int   // fully paid periods found, at most 2
	earnings int64 // their regular earnings
	// estimated: of the two periods just before the termination pay's,
	// those the employee was employed throughout but no run here paid
	// (pays made before this payroll held them); calc/nz takes each as
	// this pay's regular earnings, as the four-week rule does.
	estimated int
	// annual is the found periods' regular earnings each × the pays a
	// year of its own period (nzPaysAYear): a pay frequency that changed
	// before the employee left annualises each period as it was paid.
	annual int64
}

// nzPaysAYear is how many pays a year a period from start to end (both
// included) stands for: 52 for a week, 26 a fortnight, 13 four weeks, 12
// a calendar month, 4 a calendar quarter; else fallback (the run's own
// frequency's).
func nzPaysAYear(start, end time.Time, fallback int64) int64 {
	start, end = payroll.DateOnly(start), payroll.DateOnly(end)
	switch days := int(end.Sub(start).Hours()/24+0.5) + 1; {
	case days == 7:
		return 52
	case days == 14:
		return 26
	case start.AddDate(0, 1, -1).Equal(end):
		return 12
	case days == 28:
		return 13
	case start.AddDate(0, 3, -1).Equal(end):
		return 4
	}
	return fallback
}

// nzTerminationPeriods is employee e's nzTermination in run (nil: the
// employment has not ended by the end of the run's period, or not NZ).
// The periods before the termination pay are the finalised runs' periods
// that ended before the last day of employment (the termination pay's
// own period, cut short or not, holds that day); runs of one period are
// added together; a period whose regular earnings (extra-pay categories
// left out) are zero, leave without pay for instance, is not fully paid
// and is passed over (Access Group Definitiv, citing IR's Business Rules
// Specification 2026: "periods paid $0" are left out).
func nzTerminationPeriods(ctx context.Context, q *store.Queries, bizID int64, region string, run *store.PayRun, e *EmployeeRow) (*nzTermination, error) {
	if region != calc.NZ || e == nil || !e.EndDate.Valid {
		return nil, nil
	}
	end := payroll.DateOnly(e.EndDate.Time)
	if end.After(payroll.DateOnly(run.PeriodEnding)) {
		return nil, nil
	}
	rows, err := q.EmployeeEarningsByCategoryEndedBetween(ctx, store.EmployeeEarningsByCategoryEndedBetweenParams{BusinessID: bizID,
		EmployeeID: e.ID, PayRunID: run.ID, FromDate: end.AddDate(-1, 0, 0), ToDate: end.AddDate(0, 0, -1)})
	if err != nil {
		return nil, err
	}
	extra, err := nzExtraPayCategories(ctx, q, bizID, true)
	if err != nil {
		return nil, err
	}
	byPeriod := map[time.Time]int64{}
	pays := map[time.Time]int64{} // the pays a year of each period, by its end
	own := frequencies[run.Frequency].perYear
	for _, r := range rows {
		if !extra[r.CategoryID] {
			byPeriod[payroll.DateOnly(r.PeriodEnding)] += r.Amount
			pays[payroll.DateOnly(r.PeriodEnding)] = nzPaysAYear(r.PeriodStarting, r.PeriodEnding, own)
		}
	}
	ends := make([]time.Time, 0, len(byPeriod))
	for d, amt := range byPeriod {
		if amt > 0 {
			ends = append(ends, d)
		}
	}
	sort.Slice(ends, func(i, j int) bool { return ends[i].After(ends[j]) })
	t := &nzTermination{}
	for _, d := range ends[:min(2, len(ends))] {
		t.periods++
		t.earnings += byPeriod[d]
		t.annual += byPeriod[d] * pays[d]
	}
	// The two periods before this run's (when the employment ended in
	// it): one employed throughout with no run of it recorded here was
	// still paid, before this payroll; one a new employee had not started
	// was not, and stays missing (calc/nz then keeps the four-week rule).
	if !end.Before(payroll.DateOnly(run.PeriodStarting)) {
		before := payroll.DateOnly(run.PeriodStarting).AddDate(0, 0, -1)
		for k := 0; k < 2 && t.periods+t.estimated < 2; k++ {
			from := PeriodStart(run.Frequency, before)
			if e.StartDate.Valid && payroll.DateOnly(e.StartDate.Time).After(from) {
				break
			}
			if !anyPeriodEndIn(byPeriod, from, before) {
				t.estimated++
			}
			before = from.AddDate(0, 0, -1)
		}
	}
	return t, nil
}

// anyPeriodEndIn says whether a recorded period ends in [from, to].
func anyPeriodEndIn(byPeriod map[time.Time]int64, from, to time.Time) bool {
	for d := range byPeriod {
		if !d.Before(from) && !d.After(to) {
			return true
		}
	}
	return false
}

// nzExtraPayCategories are the business's pay categories whose lines are
// extra pays (NZ) or additional wages (SG): as LoadCategories classifies
// them, the kinds bonus, lump sum, back pay, unused leave and, with etp,
// ETP (the calculations' extraPay and additionalWage: an SG termination
// payment is not wages, so not an additional wage).
func nzExtraPayCategories(ctx context.Context, q *store.Queries, bizID int64, etp bool) (map[int64]bool, error) {
	types, err := categories.PayCategoryTypes(ctx, q, bizID)
	if err != nil {
		return nil, err
	}
	out := map[int64]bool{}
	for id, t := range types {
		if !etp && strings.EqualFold(t, "etp") {
			continue
		}
		k := earningKinds[strings.ToLower(t)]
		if nk, ok := nzEarningKind(t); ok {
			k = nk
		}
		switch k {
		case calc.Bonus, calc.Lumpsum, "BackPay", "UnusedLeave", "ETP":
			out[id] = true
		}
	}
	return out, nil
}

// nzEarningKind is the kind of an NZ pay category's lines where its type
// says more than earningKinds does: "BackPayment" is back pay, an extra
// pay (IRD, "Lump sum payments": lump sum payments, "also called extra
// pay", include "back pay" and "back paid holiday pay"; Income Tax Act
// 2007 s RD 7, s RD 17; calc/nz extraPay), taxed by the extra-pay rule
// rather than annualised with the period's regular pay.
func nzEarningKind(payCategoryType string) (calc.EarningKind, bool) {
	if strings.EqualFold(payCategoryType, "BackPayment") {
		return calc.BackPay, true
	}
	return "", false
}
