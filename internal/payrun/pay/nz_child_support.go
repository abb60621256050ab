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

// nzProtectedNetEarnings limits the period's child support deductions
// (lines of subtype SubtypeNZChildSupport, in order) so that they take at
// most 40% of the net earnings: Child Support Act 1991 s 165, the
// employer "shall not ... reduce the net earnings of the liable person in
// respect of any pay period ... below 60 percent" of them. Net earnings
// are the pay after PAYE income tax but before the ACC earners' levy and
// every other deduction (IR335; child support comes straight after PAYE,
// before student loan and KiwiSaver). The limit is rounded down to the
// cent, so the employee keeps at least 60%. A reduced line says so in its
// notes; the shortfall is not carried to later pays (IRD collects it from
// the employee).
func nzProtectedNetEarnings(lines []line, f *figures) {
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
}
