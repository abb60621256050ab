package pay

import (
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
)

// SubtypeNZChildSupport marks an NZ standing deduction of a category
// classified ChildSupportDeduction or ChildSupportGarnishee: the amount of
// Inland Revenue's deduction notice per pay period, limited by the
// protected net earnings rate (docs/reference/nz-child-support.md).
const SubtypeNZChildSupport = "NZChildSupport"

// nzChildSupportCategory says whether deduction category c carries NZ
// child support (its classification; the enum is shared with AU).
func nzChildSupportCategory(cats *Categories, c Category) bool {
	return cats != nil && cats.Region == calc.NZ && (c.AU.Class == "ChildSupportDeduction" || c.AU.Class == "ChildSupportGarnishee")
}

// SubtypeNZChildSupportEntered marks an NZ child support deduction typed
// by hand on a run (a run deduction line of a ChildSupport* category): the
// same protected net earnings limit applies, but the typed line is the
// employer's record and is kept as typed; the part over the limit is taken
// back by a calculated line of subtype SubtypeNZChildSupportOver (a
// negative deduction of the same category) and the run warns.
const (
	SubtypeNZChildSupportEntered = "NZChildSupport.Entered"
	SubtypeNZChildSupportOver    = "NZChildSupport.OverLimit"
)

// DeductionSubtype is the subtype of a run deduction line of category c
// typed by hand: AU child support's (au_child_support.go), NZ child
// support's (SubtypeNZChildSupportEntered), or a salary sacrifice's
// (SacrificeSubtype).
func DeductionSubtype(cats *Categories, c Category) string {
	if st := auChildSupportSubtype(cats.Region, c); st != "" {
		return st
	}
	if nzChildSupportCategory(cats, c) {
		return SubtypeNZChildSupportEntered
	}
	return SacrificeSubtype(c)
}

// nzProtectedNetEarnings limits the period's child support deductions
// (lines of subtype SubtypeNZChildSupport, in order, then those typed by
// hand, SubtypeNZChildSupportEntered) so that they take at most 40% of
// the net earnings: Child Support Act 1991 s 165, the employer "shall not
// ... reduce the net earnings of the liable person in respect of any pay
// period ... below 60 percent" of them. Net earnings are the pay after
// PAYE income tax but before the ACC earners' levy and every other
// deduction (IR335; child support comes straight after PAYE, before
// student loan and KiwiSaver). The limit is rounded down to the cent, so
// the employee keeps at least 60%. A reduced calculated line says so in
// its notes; typed lines over the limit are kept and the excess taken back
// by one SubtypeNZChildSupportOver line (updated when lines already holds
// it, else returned to be stored). The shortfall is not carried to later
// pays (IRD collects it from the employee).
func nzProtectedNetEarnings(lines []line, f *figures) *line {
	net := payroll.MoneyFromMinor(f.gross - f.preTax - f.tax)
	limit := net.Mul(payroll.Percent(payroll.RateFromInt(40))).Floor(2)
	if limit.IsNeg() {
		limit = payroll.Money{}
	}
	for i := range lines {
		l := &lines[i]
		if l.Kind != KindDeduction || l.Subtype != SubtypeNZChildSupport {
			continue
		}
		amt := money(l.Amount)
		if amt.Cmp(limit) > 0 {
			cut := amt.Sub(limit)
			l.Notes = "Child support " + amt.String() + " reduced to " + limit.String() + ": protected net earnings, 60% of net earnings " +
				net.String() + " (gross less PAYE) are kept (Child Support Act 1991 s 165)"
			l.amount, l.Amount = limit, limit.MinorUnits()
			f.postTax -= cut.MinorUnits()
			amt = limit
		}
		limit = limit.Sub(amt)
	}
	var typed payroll.Money
	var first, over *line
	for i := range lines {
		l := &lines[i]
		switch {
		case l.Kind != KindDeduction:
		case l.Subtype == SubtypeNZChildSupportEntered:
			typed = typed.Add(money(l.Amount))
			if first == nil {
				first = l
			}
		case l.Subtype == SubtypeNZChildSupportOver && over == nil:
			over = l
		}
	}
	excess := typed.Sub(limit).Max(payroll.Money{})
	if excess.IsZero() && over == nil {
		return nil
	}
	back := excess.Neg()
	notes := "Child support typed " + typed.String() + " limited to " + limit.String() + ": protected net earnings, 60% of net earnings " +
		net.String() + " (gross less PAYE) are kept (Child Support Act 1991 s 165); " + excess.String() + " not deducted"
	if over != nil {
		f.postTax += back.MinorUnits() - over.Amount
		over.amount, over.Amount, over.Notes = back, back.MinorUnits(), notes
		return nil
	}
	var l line
	l.Kind, l.CategoryID, l.CategoryName, l.Subtype = KindDeduction, first.CategoryID, first.CategoryName, SubtypeNZChildSupportOver
	l.amount, l.Amount, l.Notes = back, back.MinorUnits(), notes
	f.postTax += l.Amount
	return &l
}
