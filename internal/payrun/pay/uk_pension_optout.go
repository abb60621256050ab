package pay

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk/pensionmember"
)

// UK auto-enrolment: a jobholder who opts out within the opt-out period
// (one month from enrolment) is treated as never having been a member,
// and the employer refunds the contributions deducted from their pay, in
// the next pay run (Pensions Act 2008 s 8; The Pensions Regulator's
// detailed guidance for employers, "Opting out": the refund, less any tax
// due, within one month of the notice or in the next available payroll
// run; docs/reference/uk-auto-enrolment.md). Its tax and NI follow how the
// contributions were deducted:
//   - net pay arrangement: deducted before tax, not before NI, so the
//     refund is taxable pay and not NI-able;
//   - relief at source: deducted from net pay (80% of the gross), so the
//     refund of that 80% is added to net pay, neither taxable nor NI-able
//     (the scheme returns the 20% to HMRC);
//   - salary sacrifice: the pay given up is restored, taxable and NI-able.
// The employer's contributions come back to the employer from the scheme,
// not through payroll. None of the refund is pensionable.

// Subtypes of a UK pension refund line: not NI-able (net pay, relief at
// source) and NI-able (salary sacrifice).
const (
	SubtypeUKPensionRefund          = "UKPension.OptOutRefund"
	SubtypeUKPensionRefundSacrifice = "UKPension.OptOutRefundSacrifice"
)

// ukPensionRefund: l is a UK pension opt-out refund line; niable whether
// its amount is NI-able.
func ukPensionRefund(l *line) (refund, niable bool) {
	switch l.Subtype {
	case SubtypeUKPensionRefund:
		return true, false
	case SubtypeUKPensionRefundSacrifice:
		return true, true
	}
	return false, false
}

// ukOptOutRefundLines are the refund lines of employee e in run: when
// their auto-enrolment status is OptedOut with an opt-out date within one
// month of the enrolment date, on or before the run's period end, the
// employee contributions of the finalised runs from the enrolment date
// (by arrangement), unless a finalised run already refunded them.
func (w *Writer) ukOptOutRefundLines(ctx context.Context, region string, run *store.PayRun, e *EmployeeRow) ([]line, error) {
	if region != calc.UK {
		return nil, nil
	}
	periodEnd, runID := run.PeriodEnding, run.ID
	var status string
	var enrolled, optOut sql.NullTime
	err := w.q.QueryRow(ctx, `SELECT enrolment_status, enrolment_date, opt_out_date FROM uk_employee_pensions WHERE business_id = $1 AND employee_id = $2`,
		w.bizID, e.ID).Scan(&status, &enrolled, &optOut)
	if db.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if status != "OptedOut" || !optOut.Valid || !enrolled.Valid {
		return nil, nil
	}
	from, out := payroll.DateOnly(enrolled.Time), payroll.DateOnly(optOut.Time)
	if out.After(from.AddDate(0, 1, 0)) || payroll.DateOnly(periodEnd).Before(out) {
		return nil, nil // outside the opt-out period (nothing refunded), or not yet opted out
	}
	var done int64
	if err := w.q.QueryRow(ctx, `SELECT COUNT(*) FROM pay_run_lines l JOIN pay_runs r ON r.id = l.pay_run_id
WHERE r.business_id = $1 AND l.employee_id = $2 AND r.status = 'Finalised' AND r.id <> $3 AND l.subtype IN ($4, $5)`,
		w.bizID, e.ID, runID, SubtypeUKPensionRefund, SubtypeUKPensionRefundSacrifice).Scan(&done); err != nil {
		return nil, err
	}
	if done > 0 {
		return nil, nil
	}
	rows, err := w.q.Query(ctx, `SELECT p.arrangement, COALESCE(SUM(p.employee_amount), 0), COUNT(*) FROM uk_pay_run_pensions p JOIN pay_runs r ON r.id = p.pay_run_id
WHERE p.business_id = $1 AND p.employee_id = $2 AND r.status = 'Finalised' AND r.id <> $3 AND r.period_ending >= $4
GROUP BY p.arrangement ORDER BY p.arrangement`, w.bizID, e.ID, runID, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var lines []line
	for rows.Next() {
		var arrangement string
		var amount, runs int64
		if err := rows.Scan(&arrangement, &amount, &runs); err != nil {
			return nil, err
		}
		if amount <= 0 {
			continue
		}
		subtype, exempt, how := SubtypeUKPensionRefund, false, "net pay arrangement: taxable, not NI-able"
		switch arrangement {
		case pensionmember.ReliefAtSource:
			exempt, how = true, "relief at source: the 80% deducted from net pay, neither taxable nor NI-able"
		case pensionmember.SalarySacrifice:
			subtype, how = SubtypeUKPensionRefundSacrifice, "salary sacrifice: the pay given up, taxable and NI-able"
		}
		amt := money(amount)
		cat := Category{Name: "Pension refund (opted out)", TaxExempt: exempt}
		l := earningsLine(cat, one, payroll.RateFromDecimal(amt.Decimal()), amt, payroll.Rate{},
			fmt.Sprintf("Refund of the employee's pension contributions of %d finalised pay run(s) from %s: opted out on %s, within the one-month opt-out period (Pensions Act 2008 s 8; %s)",
				runs, from.Format("2 January 2006"), out.Format("2 January 2006"), how))
		l.Subtype, l.earningKind = subtype, calc.Ordinary
		lines = append(lines, l)
	}
	return lines, rows.Err()
}
