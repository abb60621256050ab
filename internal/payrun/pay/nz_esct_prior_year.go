package pay

import (
	"context"
	"database/sql"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// nzESCTPriorYear is an NZ employee's ESCT rate threshold amount from the
// previous tax year (IRD, "Find the ESCT rate for each employee": an
// employee who worked for the employer for the whole previous tax year
// has the rate of that year's salary or wages plus the employer's gross
// superannuation contributions; docs/reference/nz-esct.md): the gross pay
// plus gross employer KiwiSaver of the business's finalised runs paid in
// the previous 1 April to 31 March, when the employee started on or before
// its 1 April and the business ran their payroll from then (a run whose
// period had begun within the year's first week). Zero when not known: the
// engine then estimates, as for an employee who was not there the whole
// year. A rate recorded on the employee wins over both (calc/nz).
func nzESCTPriorYear(ctx context.Context, q *store.Queries, bizID int64, region string, run *store.PayRun, employeeID int64) (payroll.Money, error) {
	if region != calc.NZ {
		return payroll.Money{}, nil
	}
	from, _ := TaxYear(calc.NZ, run.DatePaid)
	prev := from.AddDate(-1, 0, 0)
	r, err := q.NzEsctPriorYear(ctx, store.NzEsctPriorYearParams{YearBegun: prev.AddDate(0, 0, 7), BusinessID: bizID, EmployeeID: employeeID,
		EmployedBy: sql.NullTime{Time: prev, Valid: true}, YearFrom: prev, YearTo: from})
	if err != nil {
		return payroll.Money{}, err
	}
	if r.Runs == 0 || r.FromStart == 0 || r.Amount <= 0 {
		return payroll.Money{}, nil
	}
	return payroll.MoneyFromMinor(r.Amount), nil
}
