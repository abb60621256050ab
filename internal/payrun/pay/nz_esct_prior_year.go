package pay

import (
	"context"
	"database/sql"
	"errors"

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

// nzESCTFirstPay is the employer KiwiSaver contribution and the ESCT of an
// NZ employee's first pay of the tax year in this business (the earliest
// finalised run paid from 1 April to this run's pay date, other than this
// run, with an employer contribution of at least a dollar and ESCT): the
// rate it used stays the year's (IR's specification §5.21.5; calc/nz
// esctFirstPayRate). Zeros when there is none.
func nzESCTFirstPay(ctx context.Context, q *store.Queries, bizID int64, region string, run *store.PayRun, employeeID int64) (contribution, esct payroll.Money, err error) {
	if region != calc.NZ {
		return payroll.Money{}, payroll.Money{}, nil
	}
	from, _ := TaxYear(calc.NZ, run.DatePaid)
	r, err := q.NzEsctFirstPay(ctx, store.NzEsctFirstPayParams{BusinessID: bizID, EmployeeID: employeeID, RunID: run.ID,
		YearFrom: payroll.DateOnly(from), DatePaid: run.DatePaid})
	if errors.Is(err, sql.ErrNoRows) {
		return payroll.Money{}, payroll.Money{}, nil
	}
	if err != nil {
		return payroll.Money{}, payroll.Money{}, err
	}
	return payroll.MoneyFromMinor(r.KiwisaverEmployer), payroll.MoneyFromMinor(r.Esct), nil
}
