package pay

import (
	"context"
	"database/sql"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// sourceTaxAdjustment is the pay_run_sources kind of what a run withheld
// of a recurring tax adjustment (E/taxadjustment).
const sourceTaxAdjustment = "taxadjustment"

// loadTaxAdjustments reads the recurring tax adjustments in force in the
// run's period of the employees in [lo, hi] (one statement).
func (in *inputs) loadTaxAdjustments(ctx context.Context, q *store.Queries, bizID, lo, hi int64, run *store.PayRun) error {
	rows, err := q.ListApplicableTaxAdjustments(ctx, store.ListApplicableTaxAdjustmentsParams{BusinessID: bizID, EmployeeID: lo, EmployeeID_2: hi,
		ExpiryDate: sql.NullTime{Time: run.PeriodStarting, Valid: true}, FromDate: run.PeriodEnding})
	if err != nil {
		return err
	}
	in.taxAdjust = map[int64][]store.EmployeeRecurringTaxAdjustment{}
	for _, r := range rows {
		if in.ids[r.EmployeeID] {
			in.taxAdjust[r.EmployeeID] = append(in.taxAdjust[r.EmployeeID], r)
		}
	}
	return nil
}

// taxAdjustmentLines adds a tax adjustment line per recurring tax
// adjustment in force: the fixed amount, or the percentage of the pay's
// gross or taxable earnings (gross less tax-exempt earnings and pre-tax
// deductions) rounded to the cent half up, never past the adjustment's
// maximum. compute adds the lines to the tax withheld.
func (in *inputs) taxAdjustmentLines(e *EmployeeRow, kept []line, out *calculated) {
	if in == nil || len(in.taxAdjust[e.ID]) == 0 {
		return
	}
	var gross, taxable payroll.Money
	for _, set := range [][]line{kept, out.lines} {
		for i := range set {
			l := &set[i]
			amt := payroll.MoneyFromMinor(l.Amount)
			switch {
			case l.Kind == KindEarnings:
				gross = gross.Add(amt)
				if !l.TaxExempt {
					taxable = taxable.Add(amt)
				}
			case l.Kind == KindDeduction && l.TaxExempt:
				taxable = taxable.Sub(amt)
			}
		}
	}
	for _, r := range in.taxAdjust[e.ID] {
		amt := payroll.MoneyFromMinor(r.Amount)
		switch r.AdjustmentType {
		case "PercentageGross":
			amt = gross.Mul(payroll.Percent(payroll.RateFromDecimal(amt.Decimal()))).Cents()
		case "PercentageTaxableEarnings":
			amt = taxable.Mul(payroll.Percent(payroll.RateFromDecimal(amt.Decimal()))).Cents()
		}
		if r.MaximumAmountPaid.Valid {
			if left := payroll.MoneyFromMinor(r.MaximumAmountPaid.Int64 - r.TotalAmountPaid); left.Less(amt) {
				amt = left
			}
		}
		if !amt.IsPos() {
			continue
		}
		var l line
		l.Kind, l.CategoryName, l.Notes = KindTaxAdjustment, "Tax adjustment", r.Notes
		l.amount, l.Amount = amt, amt.MinorUnits()
		out.lines = append(out.lines, l)
		out.sources = append(out.sources, source{kind: sourceTaxAdjustment, id: r.ID, amount: amt.MinorUnits()})
	}
}
