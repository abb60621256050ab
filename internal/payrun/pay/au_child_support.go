package pay

import (
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/store"
)

// SubtypeAUChildSupport marks an AU deduction of a category classified
// ChildSupportDeduction: a deduction under a notice to commence child
// support deductions (Child Support (Registration and Collection) Act
// 1988 s 45; STP deduction type D), which may not leave the employee with
// less than the protected earnings amount after tax and the deduction
// (s 46). A ChildSupportGarnishee (a s 72A notice, STP type G) is
// deducted in full: the protected earnings amount does not apply to it.
// docs/reference/au-pay-rules.md §4f.
const SubtypeAUChildSupport = "AUChildSupport"

// auChildSupportSubtype is the line subtype of a deduction of category c in
// region ("" when it is not an AU s 45 child support deduction).
func auChildSupportSubtype(region string, c Category) string {
	if region == calc.AU && c.AU.Class == "ChildSupportDeduction" {
		return SubtypeAUChildSupport
	}
	return ""
}

// auProtectedEarningsGap refuses the pay of an employee with an AU s 45
// child support deduction: the protected earnings amount is a weekly rate
// prescribed for each calendar year (75% of the maximum fortnightly basic
// rate of JobSeeker Payment, partnered, no children, on 1 January), and
// the rules hold none for the calendar year of the payment date (Services
// Australia publishes it each January; the last figure found is 2024's,
// $514.50 a week). Without it the largest deduction allowed is unknown,
// so the pay is not calculated; the message names what is missing.
func auProtectedEarningsGap(run *store.PayRun, lines []line) error {
	for i := range lines {
		if l := &lines[i]; l.Kind == KindDeduction && l.Subtype == SubtypeAUChildSupport && l.Amount > 0 {
			return fmt.Errorf("AU: %s is a child support deduction (s 45 notice, Child Support (Registration and Collection) Act 1988), "+
				"limited by the protected earnings amount (s 46) for calendar year %d, which the rules do not hold (Services Australia publishes it each January); "+
				"a s 72A garnishee is classified ChildSupportGarnishee and deducted in full: %w", l.CategoryName, run.DatePaid.Year(), calc.ErrNoRules)
		}
	}
	return nil
}
