package views

import (
	"context"
	"database/sql"
	"io"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/store"
)

// detailsChunk is how many employees Details and AllTotals read, and
// hold, at once.
var detailsChunk = 2000

// eachPage calls fn with a run's employee rows detailsChunk at a time, in
// employee id order (keyset: each page starts after the last id of the one
// before).
func eachPage(ctx context.Context, q *store.Queries, runID int64, fn func([]store.ListPayRunEmployeesAfterRow) error) error {
	for after := int64(0); ; {
		rows, err := q.ListPayRunEmployeesAfter(ctx, store.ListPayRunEmployeesAfterParams{PayRunID: runID, After: after, Lim: int32(detailsChunk)})
		if err != nil || len(rows) == 0 {
			return err
		}
		if err := fn(rows); err != nil {
			return err
		}
		if len(rows) < detailsChunk {
			return nil
		}
		after = rows[len(rows)-1].PayRunEmployee.EmployeeID
	}
}

// Details is P/details: it loads the run (so a missing or another
// business's run is a 404 before anything is written) and returns the
// writer of the answer, a payrun.DetailsModel in JSON. The writer reads
// the run detailsChunk employees at a time (their rows with dates of
// birth, then the lines of their id range) and encodes each employee's
// totals as it goes, the grand total last (it follows payRunTotals in the
// model), so a 100k run's answer (~100 MB of JSON) is never held whole:
// neither the models nor the encoded bytes. The pages are separate reads:
// a draft run recalculated while its details are written can show some
// employees before and some after, with a grand total that is the sum of
// what was shown (a finalised run does not change).
func (s *Views) Details(ctx context.Context, biz business.Business, id int64) (_ func(io.Writer) error, err error) {
	defer payroll.Wrap(&err, "pay run %d details", id)
	run, err := s.Load(ctx, s.DB.Queries(), biz, id)
	if err != nil {
		return nil, err
	}
	ote, err := s.OTEOf(ctx, biz)
	if err != nil {
		return nil, err
	}
	return func(w io.Writer) error {
		err := s.writeDetails(ctx, w, biz, run, ote)
		payroll.Wrap(&err, "pay run %d details", id)
		return err
	}, nil
}

func (s *Views) writeDetails(ctx context.Context, w io.Writer, biz business.Business, run store.PayRun, ote func(int64) bool) error {
	q := s.DB.Queries()
	out := newJSONStream(w)
	if err := out.value(`{"payRun":`, payrun.RunModel(run)); err != nil {
		return err
	}
	out.raw(`,"payRunTotals":[`)
	var g payrun.GrandTotalModel
	var hours int64
	sep := ""
	err := eachPage(ctx, q, run.ID, func(rows []store.ListPayRunEmployeesAfterRow) error {
		lo, hi := rows[0].PayRunEmployee.EmployeeID, rows[len(rows)-1].PayRunEmployee.EmployeeID
		ls, err := q.ListPayRunLinesInRange(ctx, store.ListPayRunLinesInRangeParams{PayRunID: run.ID, Lo: lo, Hi: hi})
		if err != nil {
			return err
		}
		lines := make(map[int64][]store.PayRunLine, len(rows))
		for _, l := range ls {
			lines[l.EmployeeID] = append(lines[l.EmployeeID], l)
		}
		for _, r := range rows {
			e := r.PayRunEmployee
			d := detail(biz.Region, run, e, lines[e.EmployeeID], r.DateOfBirth, ote)
			if err := out.value(sep, d); err != nil {
				return err
			}
			sep = ","
			g.NumberOfEmployees++
			hours += e.TotalHoursE4
			g.GrossEarnings = g.GrossEarnings.Add(d.GrossEarnings)
			g.NetEarnings = g.NetEarnings.Add(d.NetEarnings)
			g.TaxableEarnings = g.TaxableEarnings.Add(d.TaxableEarnings)
			g.PreTaxDeductionAmount = g.PreTaxDeductionAmount.Add(d.PreTaxDeductionAmount)
			g.PostTaxDeductionAmount = g.PostTaxDeductionAmount.Add(d.PostTaxDeductionAmount)
			g.PaygWithholdingAmount = g.PaygWithholdingAmount.Add(d.PaygWithholdingAmount)
			g.HelpAmount = g.HelpAmount.Add(d.HelpAmount)
			g.SuperContribution = g.SuperContribution.Add(d.SuperContribution)
			g.EmployerContribution = g.EmployerContribution.Add(d.EmployerContribution)
			g.EmployeeExpensesTotal = g.EmployeeExpensesTotal.Add(d.EmployeeExpensesTotal)
			g.EmployerLiabilitiesTotal = g.EmployerLiabilitiesTotal.Add(d.EmployerLiabilitiesTotal)
		}
		return nil
	})
	if err != nil {
		return err
	}
	g.TotalHours = payrun.HoursFromE4(hours)
	if err := out.value(`],"grandTotal":`, g); err != nil {
		return err
	}
	return out.end("}\n")
}

// detail is an employee's row of P/details.
func detail(region string, run store.PayRun, e store.PayRunEmployee, lines []store.PayRunLine, dob sql.NullTime, ote func(int64) bool) payrun.TotalDetailModel {
	t := payrun.TotalModel(region, run, e)
	d := payrun.TotalDetailModel{ID: e.ID, EmployeeID: e.EmployeeID, EmployeeName: e.EmployeeName, EmployeeExternalID: e.EmployeeExternalID,
		TotalHours: t.TotalHours, GrossEarnings: t.GrossEarnings, NetEarnings: t.NetEarnings, TaxableEarnings: t.TaxableEarnings,
		PreTaxDeductionAmount: t.PreTaxDeductions, PostTaxDeductionAmount: t.PostTaxDeductions, PaygWithholdingAmount: t.PaygWithheld,
		HelpAmount: t.HelpWithheld, SuperContribution: t.SuperContribution, EmployeeExpensesTotal: t.TotalEmployeeExpenses,
		EmployerLiabilitiesTotal: t.TotalEmployerLiabilities, BankPaymentsTotal: money(e.Net + e.Expenses), IsComplete: t.IsComplete,
		Notation: e.Notation, IsTermination: e.TerminationDate.Valid, TerminationDate: payrun.NullTime(e.TerminationDate)}
	d.SuperDetail = superDetail(region, run, e, lines, dob, ote)
	d.EmployerContribution = d.EmployerContributionAdjustmentsAmount
	if e.Taxable > 0 {
		d.PaygWithholdingPercent = payroll.RateFromInt(e.Tax * 100).Div(payroll.RateFromInt(e.Taxable)).RoundHalfUp(2)
	}
	return d
}
