package pay

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// protectedEarnings is a UK standing deduction's protected earnings: the
// attachable earnings an attachment of earnings order leaves the employee
// each pay day (docs/reference/uk-attachment-of-earnings.md).
type protectedEarnings struct {
	amount       payroll.Money // the protected earnings of the period
	percent      payroll.Rate  // or a percentage of the attachable earnings
	isPercent    bool
	doNotPay     bool // preservedEarningsAmountNotReachedAction DoNotPay: all or nothing
	carryForward bool // carryForwardUnpaidDeductions: a shortfall is due later
}

// ukProtected reads a standing deduction's preserved earnings members
// (nil: the deduction preserves nothing).
func ukProtected(r *store.EmployeeRecurringInclusion) *protectedEarnings {
	if r.PreservedEarnings != "Amount" && r.PreservedEarnings != "Percentage" || !r.PreservedEarningsAmount.Valid {
		return nil
	}
	p := &protectedEarnings{doNotPay: r.PreservedEarningsAction == "DoNotPay", carryForward: r.CarryForwardUnpaid}
	v := money(r.PreservedEarningsAmount.Int64)
	if r.PreservedEarnings == "Percentage" {
		p.isPercent, p.percent = true, payroll.RateFromDecimal(v.Decimal())
	} else {
		p.amount = v
	}
	return p
}

// ukProtectedEarnings limits the period's standing deductions that
// preserve earnings (in line order, each after the ones before it), as
// the Attachment of Earnings Act 1971 Sch 3 para 5 has an employer do
// under an order not for maintenance: "if the attachable earnings exceed
// the protected earnings, deduct from the attachable earnings the amount
// of the excess or the normal deduction, whichever is the less", and
// nothing when they do not exceed them. Attachable earnings (para 3) are
// the pay after income tax, primary Class 1 NICs and pension
// contributions (and salary given up, which is not earnings); other
// deductions, student loans included, do not reduce them. A later order
// attaches what an earlier one left (para 7(b) of Part II). With the
// DoNotPay action, a deduction that cannot be made in full is not made.
// A shortfall that the deduction carries forward (a maintenance order,
// para 6) is refused: the arrears are not tracked, and deducting less
// without carrying the rest would be silently wrong.
func ukProtectedEarnings(lines []line, f *figures) {
	attachable := money(f.gross - f.preTax - f.tax - f.niEE - f.pension.deducted)
	for i := range lines {
		l := &lines[i]
		if l.Kind != KindDeduction || l.protect == nil || l.TaxExempt {
			continue
		}
		p := l.protect
		protected := p.amount
		basis := "protected earnings " + protected.String()
		if p.isPercent {
			protected = attachable.Mul(payroll.Percent(p.percent)).Cents()
			basis = fmt.Sprintf("protected earnings %s%% of the attachable earnings = %s", p.percent.String(), protected.String())
		}
		limit := attachable.Sub(protected)
		if limit.IsNeg() {
			limit = payroll.Money{}
		}
		amt := money(l.Amount)
		if amt.Cmp(limit) <= 0 {
			l.Notes = joinNotes(l.Notes, fmt.Sprintf("Attachable earnings %s (pay less income tax, employee NI and pension), %s: deducted in full (Attachment of Earnings Act 1971 Sch 3 paras 3, 5)",
				attachable.String(), basis))
			attachable = attachable.Sub(amt)
			continue
		}
		paid := limit
		if p.doNotPay {
			paid = payroll.Money{}
		}
		if p.carryForward {
			f.calcError = fmt.Sprintf("deduction %q of %s cannot be made in full: attachable earnings %s, %s; carrying the shortfall forward (carryForwardUnpaidDeductions) is not supported, so the pay is not calculated (Attachment of Earnings Act 1971 Sch 3 para 6)",
				l.CategoryName, amt.String(), attachable.String(), basis)
			return
		}
		l.Notes = joinNotes(l.Notes, fmt.Sprintf("%s reduced to %s: attachable earnings %s (pay less income tax, employee NI and pension), %s; the rest is not carried forward (Attachment of Earnings Act 1971 Sch 3 paras 3, 5)",
			amt.String(), paid.String(), attachable.String(), basis))
		f.postTax -= amt.Sub(paid).MinorUnits()
		l.amount, l.Amount = paid, paid.MinorUnits()
		attachable = attachable.Sub(paid)
	}
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
