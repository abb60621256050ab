package pay

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/store"
)

// IRD's extra-pay rule (IR340, docs/reference/nz-extra-pay-acc.md) taxes
// a bonus or lump sum at the rate of the employee's regular earnings of
// the four weeks before the pay period (monthly pay: the month before)
// plus the extra pay, annualised. addNZRecentEarnings reads those
// earnings for every NZ employee of a run with their year to date.

// nzExtraPayWindow is [from, to) of the period endings of the runs whose
// earnings count: the four weeks (monthly: the calendar month) before the
// run's period.
func nzExtraPayWindow(run *store.PayRun) (from, to time.Time) {
	start := run.PeriodStarting
	to = time.Date(start.Year(), start.Month(), start.Day(), 0, 0, 0, 0, time.UTC)
	if run.Frequency == "Monthly" {
		return to.AddDate(0, -1, 0), to
	}
	return to.AddDate(0, 0, -28), to
}

// addNZRecentEarnings sets y.nzRecent of each NZ employee paid in the
// window: their earnings lines less those of extra-pay categories (pay
// category type Bonus, LumpSum or ETP).
func addNZRecentEarnings(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, out map[int64]*YTD) error {
	if biz.Region != calc.NZ {
		return nil
	}
	from, to := nzExtraPayWindow(run)
	rows, err := q.NZEarningsByCategoryBetween(ctx, store.NZEarningsByCategoryBetweenParams{BusinessID: biz.ID, PayRunID: run.ID, FromDate: from, ToDate: to})
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

// addNZRedundancyPaid sets y.nzRedundancy of each NZ employee: the
// redundancy payments (pay category type ETP) of the tax year's finalised
// runs paid up to the run's date. They are in the year's gross but are not
// ACC liable earnings (IRD, "Taxing employee redundancy"; Accident
// Compensation Act 2001 s 11, what earnings as an employee do not include;
// docs/reference/nz-extra-pay-acc.md), so the year's liable earnings that
// the levy's maximum is measured against leave them out.
func addNZRedundancyPaid(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, from time.Time, out map[int64]*YTD) error {
	if biz.Region != calc.NZ {
		return nil
	}
	rows, err := q.EarningsByCategoryPaidBetween(ctx, store.EarningsByCategoryPaidBetweenParams{BusinessID: biz.ID, PayRunID: run.ID,
		FromDate: from, ToDate: run.DatePaid})
	if err != nil || len(rows) == 0 {
		return err
	}
	types, err := categories.PayCategoryTypes(ctx, q, biz.ID)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if !strings.EqualFold(types[r.CategoryID], "etp") {
			continue // not a redundancy (ETP) category
		}
		y := ytdFor(out, r.EmployeeID)
		y.nzRedundancy += r.Amount
	}
	return nil
}
