package pay

import (
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// leaverNormalEarnings are the normal gross earnings of a full pay period
// for a leaver paid unused leave in a run that pays them nothing else (ATO
// Schedule 7, marginal rate method: the leave ÷ the pay periods in 12
// months is added to "the normal gross earnings for a full pay period";
// when the termination payment is made after the last period was paid,
// those are still a whole period's normal earnings, not nil): a whole
// period's standard earnings at the employee's rate (standardEarnings),
// zero when the employee has none (no rate or hours), so the leave alone
// is the base as before.
func leaverNormalEarnings(e *EmployeeRow, run *store.PayRun, cats *Categories) payroll.Money {
	l, ok := standardEarnings(e, run.Frequency, cats.primary(e.PrimaryPayCategoryID.Int64))
	if !ok || !l.amount.IsPos() {
		return payroll.Money{}
	}
	return l.amount
}
