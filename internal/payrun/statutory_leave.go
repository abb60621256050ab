package payrun

import (
	"context"
	"math"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/statutoryleave"
)

// statutoryCache holds a run's UK statutory pay lines by employee, read
// once per writer (one query for the whole business and period).
type statutoryCache struct {
	lines map[int64][]statutoryleave.PayLine
}

// statutoryLines are the UK statutory pay lines (SMP, SPP, SAP, ShPP,
// SPBP, SNCP, SSP) of employee e for the run's period: earnings lines
// named after the payment, one per week of leave in the period, whose
// notes say the week and days and whose external id names the period of
// leave and week (statutoryleave.LineID). They are taxable and NI-able
// earnings like any other. Nothing outside the UK, or without the
// service.
func (w *writer) statutoryLines(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow) ([]line, error) {
	if w.s.StatutoryLeave == nil || region != calc.UK {
		return nil, nil
	}
	if w.statutory == nil {
		lines, err := w.s.StatutoryLeave.PayLines(ctx, w.q, business.Business{ID: w.bizID, Region: region}, run.PeriodStarting, run.PeriodEnding, 0, math.MaxInt64)
		if err != nil {
			return nil, err
		}
		w.statutory = &statutoryCache{lines: lines}
	}
	var out []line
	for _, pl := range w.statutory.lines[e.ID] {
		units := payroll.RateFromInt(int64(pl.Days)).Div(payroll.RateFromInt(int64(pl.PerWeek)))
		l := earningsLine(category{name: pl.Kind.Name(), kind: calc.Leave}, units, payroll.RateFromDecimal(pl.WeeklyRate.Decimal()), pl.Amount, payroll.Rate{}, pl.Notes)
		l.ExternalID = pl.ExternalID
		out = append(out, l)
	}
	return out, nil
}
