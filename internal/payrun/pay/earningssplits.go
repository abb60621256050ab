package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// loadSplits reads the earnings line splits by location
// (E/earningslinesplit) of the employees in [lo, hi] (one statement).
func (in *inputs) loadSplits(ctx context.Context, q *store.Queries, bizID, lo, hi int64) error {
	rows, err := q.ListEarningsLineSplitsOfRange(ctx, store.ListEarningsLineSplitsOfRangeParams{BusinessID: bizID, EmployeeID: lo, EmployeeID_2: hi})
	if err != nil {
		return err
	}
	in.splits = map[int64][]store.ListEarningsLineSplitsOfRangeRow{}
	for _, r := range rows {
		if in.ids[r.EmployeeID] {
			in.splits[r.EmployeeID] = append(in.splits[r.EmployeeID], r)
		}
	}
	return nil
}

// share is one location's part of an earnings line.
type share struct {
	location int64
	pct      payroll.Rate // of the line, in percent
}

// shares are the employee's location shares as parts of 100: the fixed
// percentages, then the balance share's rest; what no share takes stays
// at the line's own location (location 0 = keep).
func (in *inputs) shares(employeeID int64) []share {
	if in == nil || len(in.splits[employeeID]) == 0 {
		return nil
	}
	var out []share
	var sum payroll.Rate
	var balance int64
	for _, r := range in.splits[employeeID] {
		if r.AllocateBalance {
			balance = r.LocationID
			continue
		}
		p, err := payroll.ParseRate(r.AllocatedPercentage)
		if err != nil || !p.IsPos() {
			continue
		}
		out = append(out, share{location: r.LocationID, pct: p})
		sum = sum.Add(p)
	}
	if rest := hundred.Sub(sum); rest.IsPos() {
		out = append(out, share{location: balance, pct: rest})
	}
	return out
}

// splitEarnings splits each earnings line of the employee by their
// location shares: amount, units and hours in proportion, the amount to
// the cent half up with the remainder on the last share, so the parts add
// up to the line exactly.
func (in *inputs) splitEarnings(e *EmployeeRow, out *calculated) {
	sh := in.shares(e.ID)
	if len(sh) == 0 {
		return
	}
	var lines []line
	for _, l := range out.lines {
		if l.Kind != KindEarnings || l.Amount == 0 {
			lines = append(lines, l)
			continue
		}
		total := payroll.MoneyFromMinor(l.Amount)
		units, _ := ParseRate(l.Units)
		var given payroll.Money
		var givenUnits, givenHours payroll.Rate
		var givenFull payroll.Money // the standard line's figures before leave (applyAbsence), in the same proportions
		var givenFullUnits, givenFullHours payroll.Rate
		for i, s := range sh {
			part := l
			if s.location != 0 {
				part.LocationID = s.location
			}
			f := payroll.Percent(s.pct)
			if i < len(sh)-1 {
				part.amount = total.Mul(f).Cents()
				u := units.Mul(f).RoundHalfUp(4)
				part.hours = l.hours.Mul(f).RoundHalfUp(6)
				part.fullAmount, part.fullUnits, part.fullHours = l.fullAmount.Mul(f).Cents(), l.fullUnits.Mul(f).RoundHalfUp(4), l.fullHours.Mul(f).RoundHalfUp(6)
				part.Units = u.String()
				given, givenUnits, givenHours = given.Add(part.amount), givenUnits.Add(u), givenHours.Add(part.hours)
				givenFull, givenFullUnits, givenFullHours = givenFull.Add(part.fullAmount), givenFullUnits.Add(part.fullUnits), givenFullHours.Add(part.fullHours)
			} else {
				part.amount = total.Sub(given)
				part.Units = units.Sub(givenUnits).String()
				part.hours = l.hours.Sub(givenHours)
				part.fullAmount, part.fullUnits, part.fullHours = l.fullAmount.Sub(givenFull), l.fullUnits.Sub(givenFullUnits), l.fullHours.Sub(givenFullHours)
			}
			part.units, _ = ParseRate(part.Units)
			part.Amount = part.amount.MinorUnits()
			lines = append(lines, part)
		}
	}
	out.lines = lines
}
