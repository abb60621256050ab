package pay

import (
	"context"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Recalculations of one employee's pay outside a run's writer, from what
// the run holds: the explanation of a pay slip (P/payslips/{employeeId}/
// explain) and net to gross (P/nettogross).

// Explanation is an employee's statutory figures in a run recomputed
// with calc from the run's lines, the employee's settings and
// year-to-date, as the run computed them.
type Explanation struct {
	Input   *calc.Input // the calculation's input (nil when none could be formed)
	Result  calc.Result
	Err     error // why the pay could not be calculated
	Matches bool  // the recomputed figures equal the employee's row of the run
}

// employeePay is what compute reads of an employee of a run: their
// record with the NI category in force on the payment date, their lines,
// year-to-date and region records (UK pension membership, Malaysian
// statutory details).
type employeePay struct {
	e     EmployeeRow
	lines []line
	y     *YTD
	x     *extras
}

// readEmployeePay reads employee e's pay in run (standard: their row is
// on standard earnings, whose line is taken as computed when it is still
// the same).
func readEmployeePay(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, e EmployeeRow, cats *Categories, standard bool) (*employeePay, error) {
	p := &employeePay{e: e}
	if err := ukCategoryOn(ctx, q, biz.Region, biz.ID, run, &p.e); err != nil { // NI category on the payment date
		return nil, err
	}
	stored, err := q.ListPayRunLinesOfEmployee(ctx, store.ListPayRunLinesOfEmployeeParams{PayRunID: run.ID, EmployeeID: e.ID})
	if err != nil {
		return nil, err
	}
	p.lines = make([]line, 0, len(stored)+1)
	for _, sl := range stored {
		l := lineOf(sl, cats)
		if !sl.UserEntered && sl.Kind == KindEarnings && standard {
			// The standard earnings line as computed (with the period's
			// hours whatever the rate unit), when it is still the same.
			if std, ok := standardEarnings(&p.e, run.Frequency, cats.primary(p.e.PrimaryPayCategoryID.Int64)); ok && std.Amount == sl.Amount {
				std.PayRunLine = sl
				l = std
			} else if ok {
				// A joiner's or leaver's share of the period, as the run
				// cut it (its whole period's pay is the AU Schedule 7
				// normal earnings): only when it is still the same line.
				if cut, ok := employedLineAgain(biz.Region, &p.e, run, std, sl); ok {
					l = cut
				}
			}
		}
		p.lines = append(p.lines, l)
	}
	ytds, err := YearToDate(ctx, q, biz, run)
	if err != nil {
		return nil, err
	}
	p.y = ytds[e.ID]
	if p.y == nil {
		p.y = &YTD{}
	}
	p.x = &extras{}
	if p.x.pen, err = ukPensionFor(ctx, q, biz.Region, biz.ID, run, e.ID); err != nil {
		return nil, err
	}
	if p.x.my, err = myFor(ctx, q, biz.Region, biz.ID, run, e.ID); err != nil {
		return nil, err
	}
	if biz.Region == calc.AU {
		if p.x.au, err = auInputsOf(ctx, q, biz.ID, run, &p.e, cats, p.lines); err != nil {
			return nil, err
		}
	}
	if p.x.ukAwardsBefore, err = ukAwardsBefore(ctx, q, biz.ID, biz.Region, run, &p.e, cats, p.lines); err != nil {
		return nil, err
	}
	if p.x.nzESCTPriorYear, err = nzESCTPriorYear(ctx, q, biz.ID, biz.Region, run, e.ID); err != nil {
		return nil, err
	}
	if p.x.nzESCTFirst[0], p.x.nzESCTFirst[1], err = nzESCTFirstPay(ctx, q, biz.ID, biz.Region, run, e.ID); err != nil {
		return nil, err
	}
	if p.x.nzTermination, err = nzTerminationPeriods(ctx, q, biz.ID, biz.Region, run, &p.e); err != nil {
		return nil, err
	}
	return p, nil
}

// Explain recomputes employee e's statutory figures in run (row: their
// row of the run).
func Explain(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, row *store.PayRunEmployee, e EmployeeRow, cats *Categories) (Explanation, error) {
	p, err := readEmployeePay(ctx, q, biz, run, e, cats, row.StandardEarnings)
	if err != nil {
		return Explanation{}, err
	}
	var x Explanation
	x.Input, x.Result, x.Err = explainCalc(biz.Region, run, &p.e, p.lines, p.y, p.x)
	f := compute(biz.Region, run, &p.e, p.lines, p.y, p.x)
	x.Matches = f.tax == row.Tax && f.stsl == row.Stsl && f.super == row.SuperContribution && f.niEE == row.NiEmployee &&
		f.niER == row.NiEmployer && f.studentLoan == row.StudentLoan && f.pgLoan == row.PostgradLoan && f.ksEE == row.KiwisaverEmployee &&
		f.ksER == row.KiwisaverEmployer && f.esct == row.Esct && f.acc == row.AccLevy && f.cpfEE == row.CpfEmployee &&
		f.cpfER == row.CpfEmployer && f.sdl == row.Sdl && f.net == row.Net && f.calcError == row.CalcError && f.class1A == row.Class1aNic
	return x, nil
}

// NetOfGross is the net pay a new earnings line of pay category cat adds
// to employee e's pay in run for a gross (minor units), with every other
// line they have in the run, their year-to-date and the region's
// calculation (the same compute the run uses). 409 when their pay cannot
// be calculated.
func NetOfGross(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, e EmployeeRow, cats *Categories, cat Category) (func(gross int64) int64, error) {
	p, err := readEmployeePay(ctx, q, biz, run, e, cats, false)
	if err != nil {
		return nil, err
	}
	base := compute(biz.Region, run, &p.e, p.lines, p.y, p.x)
	if base.calcError != "" {
		return nil, payroll.Conflict("employee %d's pay cannot be calculated: %s", e.ID, base.calcError)
	}
	extra := line{earningKind: cat.Kind, cat: &cat}
	extra.Kind, extra.CategoryID, extra.CategoryName, extra.TaxExempt = KindEarnings, cat.ID, cat.Name, cat.TaxExempt
	return func(gross int64) int64 {
		l := extra
		l.Amount, l.amount = gross, money(gross)
		return compute(biz.Region, run, &p.e, append(p.lines[:len(p.lines):len(p.lines)], l), p.y, p.x).net - base.net
	}, nil
}

// explainCalc is the calculation's input of an employee-period and calc's
// result for it, from the same input and the same calls as compute.
func explainCalc(region string, run *store.PayRun, e *EmployeeRow, lines []line, y *YTD, x *extras) (*calc.Input, calc.Result, error) {
	in, f, _ := regionCalcInput(region, run, lines, x)
	res, err := statutory(region, run, e, &in, y, &f, x)
	return &in, res, err
}

// employedLineAgain is the standard line std cut to employee e's share of
// run's period again (employedShare), with the stored line sl's figures,
// when the cut pays what sl pays (false otherwise: a rate change inside
// the period, or a line edited since).
func employedLineAgain(region string, e *EmployeeRow, run *store.PayRun, std line, sl store.PayRunLine) (line, bool) {
	std.from, std.to = payroll.DateOnly(run.PeriodStarting), payroll.DateOnly(run.PeriodEnding)
	cut := employedShare(region, e, run, []line{std}, &mondayToFriday, nil)
	if len(cut) != 1 || cut[0].Amount != sl.Amount || !cut[0].fullPeriod.IsPos() {
		return line{}, false
	}
	l := cut[0]
	l.PayRunLine = sl
	return l, true
}
