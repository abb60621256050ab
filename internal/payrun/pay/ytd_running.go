package pay

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Year to date is kept as running totals (employee_year_to_date): per
// employee and tax year, the sums of the finalised runs paid in it, the
// super base also per calendar quarter (quarterSlot). PostYearToDate adds
// a run at finalise and takes it back at unlock, in that transaction;
// KeptYearToDate reads one row per employee instead of summing every
// finalised run of the year, so a week-52 run reads no more than a week-1
// run. Finalised runs are immutable, so the totals stay equal to the
// re-summed figure (PayRunYearToDate), which the tests compare them with.

// PostYearToDate adds run's employee figures to the kept year to date
// (sign 1, at finalise) or subtracts them (sign -1, at unlock), in q's
// transaction, under the tax year and quarter of its payment date (which
// a finalised run cannot change).
func PostYearToDate(ctx context.Context, q *store.Queries, region string, run store.PayRun, sign int64) error {
	from, quarter := TaxYear(region, run.DatePaid)
	if err := q.AddPayRunYearToDate(ctx, store.AddPayRunYearToDateParams{YearStart: payroll.DayKey(from), Sign: sign, Slot: quarterSlot(from, quarter),
		PayRunID: run.ID, BusinessID: run.BusinessID}); err != nil {
		return err
	}
	if sign > 0 {
		return nil
	}
	return q.DeleteEmptyYearToDate(ctx, store.DeleteEmptyYearToDateParams{BusinessID: run.BusinessID, YearStart: payroll.DayKey(from)})
}

// quarterSlot is the calendar quarter starting quarter counted from the
// one holding the tax year's first day from: 0 to 3, or 4 for 1-5 April
// at the end of a UK year (which starts on 6 April).
func quarterSlot(from, quarter time.Time) int64 {
	first := (int(from.Month()) - 1) / 3 * 3
	return int64((quarter.Year()*12 + int(quarter.Month()) - 1 - (from.Year()*12 + first)) / 3)
}

// KeptYearToDate is every employee's year to date from the running
// totals: the finalised runs of the tax year starting from paid up to to
// (inclusive), other than runID; quarterSuperBase counts those paid on or
// after quarter (the first day of a calendar quarter, as TaxYear gives).
// It answers what PayRunYearToDate re-sums: the kept rows, less the runs
// they hold that are paid after to or are runID (usually none).
func KeptYearToDate(ctx context.Context, q *store.Queries, businessID, runID int64, from, quarter, to time.Time) ([]store.PayRunYearToDateRow, error) {
	rows, err := q.KeptYearToDate(ctx, store.KeptYearToDateParams{Slot: quarterSlot(from, quarter), BusinessID: businessID, YearStart: payroll.DayKey(from)})
	if err != nil {
		return nil, err
	}
	later, err := q.YearToDateNotBefore(ctx, store.YearToDateNotBeforeParams{QuarterFrom: quarter, BusinessID: businessID, YearFrom: from,
		NextYearFrom: from.AddDate(1, 0, 0), YearTo: to, PayRunID: runID})
	if err != nil {
		return nil, err
	}
	if len(later) > 0 {
		at := make(map[int64]int, len(rows))
		for i, r := range rows {
			at[r.EmployeeID] = i
		}
		for _, l := range later {
			if i, ok := at[l.EmployeeID]; ok {
				rows[i] = subtractYearToDate(rows[i], store.KeptYearToDateRow(l))
			}
		}
	}
	out := make([]store.PayRunYearToDateRow, 0, len(rows))
	for _, r := range rows {
		if r.Runs > 0 {
			out = append(out, store.PayRunYearToDateRow{EmployeeID: r.EmployeeID, Gross: r.Gross, Taxable: r.Taxable, Tax: r.Tax, Net: r.Net,
				PreTax: r.PreTax, PostTax: r.PostTax, Stsl: r.Stsl, SuperContribution: r.SuperContribution, SuperBase: r.SuperBase,
				QuarterSuperBase: r.QuarterSuperBase, NiEmployee: r.NiEmployee, NiEmployer: r.NiEmployer, StudentLoan: r.StudentLoan,
				KiwisaverEmployee: r.KiwisaverEmployee, AccLevy: r.AccLevy, CpfEmployee: r.CpfEmployee, CpfOwSubject: r.CpfOwSubject,
				CpfAwSubject: r.CpfAwSubject})
		}
	}
	return out, nil
}

// subtractYearToDate is a less b, member by member.
func subtractYearToDate(a, b store.KeptYearToDateRow) store.KeptYearToDateRow {
	return store.KeptYearToDateRow{EmployeeID: a.EmployeeID, Runs: a.Runs - b.Runs, Gross: a.Gross - b.Gross, Taxable: a.Taxable - b.Taxable,
		Tax: a.Tax - b.Tax, Net: a.Net - b.Net, PreTax: a.PreTax - b.PreTax, PostTax: a.PostTax - b.PostTax, Stsl: a.Stsl - b.Stsl,
		SuperContribution: a.SuperContribution - b.SuperContribution, SuperBase: a.SuperBase - b.SuperBase,
		NiEmployee: a.NiEmployee - b.NiEmployee, NiEmployer: a.NiEmployer - b.NiEmployer, StudentLoan: a.StudentLoan - b.StudentLoan,
		KiwisaverEmployee: a.KiwisaverEmployee - b.KiwisaverEmployee, AccLevy: a.AccLevy - b.AccLevy, CpfEmployee: a.CpfEmployee - b.CpfEmployee,
		CpfOwSubject: a.CpfOwSubject - b.CpfOwSubject, CpfAwSubject: a.CpfAwSubject - b.CpfAwSubject,
		QuarterSuperBase: a.QuarterSuperBase - b.QuarterSuperBase}
}
