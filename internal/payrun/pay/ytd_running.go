package pay

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/store"
)

// Year to date is kept as running totals (pay_run_year_to_date): per
// employee, tax year and calendar quarter, the sums of the finalised runs
// paid in them. PostYearToDate adds a run at finalise and takes it back at
// unlock, in that transaction; KeptYearToDate reads one row per employee
// and quarter instead of summing every finalised run of the year, so a
// week-52 run reads no more than a week-1 run. Finalised runs are
// immutable, so the totals stay equal to the re-summed figure
// (PayRunYearToDate), which the tests compare them with.

// dayKey is a day as yyyymmdd (the table's year_start and quarter_start).
func dayKey(t time.Time) int64 {
	return int64(t.Year())*10000 + int64(t.Month())*100 + int64(t.Day())
}

// PostYearToDate adds run's employee figures to the kept year to date
// (sign 1, at finalise) or subtracts them (sign -1, at unlock), in q's
// transaction, under the tax year and quarter of its payment date (which
// a finalised run cannot change).
func PostYearToDate(ctx context.Context, q *store.Queries, region string, run store.PayRun, sign int64) error {
	from, quarter := TaxYear(region, run.DatePaid)
	if err := q.AddPayRunYearToDate(ctx, store.AddPayRunYearToDateParams{YearStart: dayKey(from), QuarterStart: dayKey(quarter), Sign: sign,
		PayRunID: run.ID, BusinessID: run.BusinessID}); err != nil {
		return err
	}
	if sign > 0 {
		return nil
	}
	return q.DeleteEmptyYearToDate(ctx, store.DeleteEmptyYearToDateParams{BusinessID: run.BusinessID, YearStart: dayKey(from), QuarterStart: dayKey(quarter)})
}

// KeptYearToDate is every employee's year to date from the running
// totals: the finalised runs of the tax year starting from paid up to to
// (inclusive), other than runID; quarterSuperBase counts those paid on or
// after quarter (the first day of a calendar quarter, as TaxYear gives).
// It answers what PayRunYearToDate re-sums.
func KeptYearToDate(ctx context.Context, q *store.Queries, businessID, runID int64, from, quarter, to time.Time) ([]store.PayRunYearToDateRow, error) {
	rows, err := q.KeptYearToDate(ctx, store.KeptYearToDateParams{QuarterStart: dayKey(quarter), BusinessID: businessID, YearStart: dayKey(from),
		QuarterFrom: quarter, YearFrom: from, NextYearFrom: from.AddDate(1, 0, 0), YearTo: to, PayRunID: runID})
	if err != nil {
		return nil, err
	}
	out := make([]store.PayRunYearToDateRow, len(rows))
	for i, r := range rows {
		out[i] = store.PayRunYearToDateRow(r)
	}
	return out, nil
}
