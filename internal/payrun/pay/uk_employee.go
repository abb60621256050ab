package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/hmrcadjustment"
	"github.com/payrolld/payrolld/internal/uk/ni"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
)

// NI back calculation lines (internal/uk/ni): they add to the employee's
// and the employer's NI of the run (collectionsAfterTax).
const (
	KindNIEmployeeAdjustment = ni.KindEmployeeAdjustment
	KindNIEmployerAdjustment = ni.KindEmployerAdjustment
)

// ukCache holds what a run reads of its UK employees' own records, once
// per writer (one query each for the whole business): the NI category in
// force on the payment date (uk_ni_records), standing HMRC adjustments
// and pending NI back calculations.
type ukCache struct {
	categories map[int64]string
	hmrc       map[int64][]hmrcadjustment.RunLine
	niBack     map[int64][]ni.RunLine
	// UK workplace pension memberships in force in the run's period and
	// the employees with stored pension figures (uk_pension.go).
	pensions    map[int64]pensionmember.Member
	pensionRows map[int64]bool
}

func loadUK(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun) (*ukCache, error) {
	var c ukCache
	var err error
	if c.categories, err = ni.CategoriesOn(ctx, q, bizID, run.DatePaid); err != nil {
		return nil, err
	}
	if c.hmrc, err = hmrcadjustment.ForRun(ctx, q, bizID, run.ID, run.PeriodStarting, run.PeriodEnding); err != nil {
		return nil, err
	}
	if c.niBack, err = ni.AdjustmentsForRun(ctx, q, bizID, run.ID); err != nil {
		return nil, err
	}
	if c.pensions, err = pensionmember.ForPeriod(ctx, q, bizID, run.PeriodStarting, run.PeriodEnding); err != nil {
		return nil, err
	}
	if c.pensionRows, err = ukPensionRowsOfRun(ctx, q, run.ID); err != nil {
		return nil, err
	}
	return &c, nil
}

// ukEmployeeLines sets e's NI category to the one in force on the run's
// payment date (when the employee has NI records) and returns the lines
// of their standing HMRC adjustments and pending NI back calculations.
// Nothing outside the UK.
func (w *Writer) ukEmployeeLines(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow) ([]line, error) {
	if region != calc.UK {
		return nil, nil
	}
	if w.uk == nil {
		c, err := loadUK(ctx, w.q, w.bizID, run)
		if err != nil {
			return nil, err
		}
		w.uk = c
	}
	if cat, ok := w.uk.categories[e.ID]; ok {
		e.NationalInsuranceCategory = cat
	}
	var out []line
	for _, a := range w.uk.hmrc[e.ID] {
		var l line
		l.Kind, l.CategoryName, l.Notes, l.ExternalID = KindHMRCAdjustment, "HMRC adjustment", a.Notes, a.ExternalID
		l.amount, l.Amount = a.Amount, a.Amount.MinorUnits()
		out = append(out, l)
	}
	for _, b := range w.uk.niBack[e.ID] {
		var l line
		l.Kind, l.CategoryName, l.Notes, l.ExternalID = b.Kind, "NI back calculation", b.Notes, b.ExternalID
		l.amount, l.Amount = b.Amount, b.Amount.MinorUnits()
		out = append(out, l)
	}
	return out, nil
}

// ukCategoryOn sets e's NI category to the one in force on the run's
// payment date, for the calculations outside the writer (explain, net to
// gross).
func ukCategoryOn(ctx context.Context, q *store.Queries, region string, bizID int64, run *store.PayRun, e *EmployeeRow) error {
	if region != calc.UK {
		return nil
	}
	cats, err := ni.CategoriesOn(ctx, q, bizID, run.DatePaid)
	if cat, ok := cats[e.ID]; ok && err == nil {
		e.NationalInsuranceCategory = cat
	}
	return err
}
