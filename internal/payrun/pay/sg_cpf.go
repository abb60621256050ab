package pay

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// CPF's additional wage ceiling (docs/reference/sg-cpf-aw-ceiling.md) is
// estimated from the year's ordinary wages: those to date, this month's
// and the months still to come; in the employee's last month of the year
// (December, or the month they leave) it is recalculated on the actual
// OW and the year's AW contributions adjusted in that month.

// sgYear sets on sg the months of the year still to come after the
// month of paid (to the leaving month for a leaver), whether this is the
// employee's last month of the year, and the AW paid earlier this year.
func sgYear(e *EmployeeRow, paid time.Time, y *YTD, sg *calc.SGEmployee) {
	sg.AWPaidYTD = money(y.sgAWPaid)
	last := 12
	if e.EndDate.Valid {
		end := payroll.DateOnly(e.EndDate.Time)
		switch {
		case end.Year() < paid.Year() || (end.Year() == paid.Year() && end.Month() <= paid.Month()):
			last = int(paid.Month()) // leaves this month (or already left: a final payment)
		case end.Year() == paid.Year():
			last = int(end.Month())
		}
	}
	sg.RemainingMonths = last - int(paid.Month())
	sg.YearEnd = sg.RemainingMonths == 0
	if sg.YearEnd {
		// The year-end recalculation prices a shortfall of CPF on earlier
		// AW at the rates of the month it was paid in: each month's age
		// band (the engine's) and residency (an SPR's year then).
		for _, am := range y.sgAWMonths {
			sg.AWMonths = append(sg.AWMonths, calc.SGAWMonth{Month: am.month, Paid: money(am.paid), Subject: money(am.subject),
				Residency: sgEmployee(e, am.month).Residency})
		}
	}
}

// sgAWMonth is an SG employee's additional wages paid in an earlier
// month of the year and the part of them subject to CPF then (minor
// units); month is the month's last day.
type sgAWMonth struct {
	month         time.Time
	paid, subject int64
}

// addSGAWPaid sets y.sgAWPaid of each SG employee: the additional wages
// (sgWagesPaidIn) of the year's finalised runs paid before the run's
// month (the month's own runs are sgMonthRuns').
func addSGAWPaid(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, from time.Time, out map[int64]*YTD) error {
	if biz.Region != calc.SG {
		return nil
	}
	month, _ := sgMonthBounds(run.DatePaid)
	// Month by month: the year-end recalculation needs each month's AW
	// and the part of them subject to CPF then (sgYear).
	for m := from; m.Before(month); m = m.AddDate(0, 1, 0) {
		to := m.AddDate(0, 1, 0)
		paid, err := sgWagesPaidIn(ctx, q, biz.ID, run.ID, m, to)
		if err != nil {
			return err
		}
		seen := false
		for id, w := range paid {
			if w.aw != 0 {
				ytdFor(out, id).sgAWPaid += w.aw
				seen = true
			}
		}
		if !seen {
			continue
		}
		rows, err := q.SgMonthRuns(ctx, store.SgMonthRunsParams{BusinessID: biz.ID, PayRunID: run.ID, MonthFrom: m, MonthTo: to, YtdTo: to})
		if err != nil {
			return err
		}
		subject := map[int64]int64{}
		for _, r := range rows {
			subject[r.EmployeeID] = r.CpfAwSubject
		}
		for id, w := range paid {
			if w.aw != 0 {
				y := ytdFor(out, id)
				y.sgAWMonths = append(y.sgAWMonths, sgAWMonth{month: to.AddDate(0, 0, -1), paid: w.aw, subject: subject[id]})
			}
		}
	}
	return nil
}

// sgEarningKind is the kind of an SG pay category's lines where its type
// says more than earningKinds does: "BackPayment", a retrospective salary
// increment, is an additional wage of the month it is paid in (CPF
// Board, "Are retrospective salary increments classified as OW or AW?":
// increments decided later and applied from an earlier month are AW; a
// payment that was due and only delayed by an administrative error stays
// an ordinary wage of the month it was due, paid through an ordinary
// category; docs/reference/sg-cpf-aw-ceiling.md).
func sgEarningKind(payCategoryType string) (calc.EarningKind, bool) {
	if strings.EqualFold(payCategoryType, "BackPayment") {
		return calc.BackPay, true
	}
	return "", false
}

// sgAWCategories are the business's pay categories whose lines are
// additional wages: types Bonus and LumpSum (earningKinds) and
// BackPayment (sgEarningKind); a termination payment (ETP) is not wages.
// types are the business's pay category types by id.
func sgAWCategories(types map[int64]string) map[int64]bool {
	out := map[int64]bool{}
	for id, t := range types {
		if strings.EqualFold(t, "etp") {
			continue
		}
		if k, ok := sgEarningKind(t); ok && k == calc.BackPay {
			out[id] = true
			continue
		}
		switch earningKinds[strings.ToLower(t)] {
		case calc.Bonus, calc.Lumpsum:
			out[id] = true
		}
	}
	return out
}

// sgCommissionPeriods sets on in's earnings the months a commission line
// is paid for (its lumpSumNumberOfPayPeriods): a commission for more than
// one month, such as a quarter's, is an additional wage (calc/sg
// commissionAW); without it, or 1, it is the month's ordinary wage.
func sgCommissionPeriods(in *calc.Input, lines []line) {
	for l, e := range earningLines(in, lines) {
		if e.Kind != calc.Commission {
			continue
		}
		if n, ok := lumpSumPeriods(l.LumpSumPeriods); ok {
			e.Periods = n
		}
	}
}

// sgCommissionAW reports whether a stored commission line of category
// type typ with lumpSumNumberOfPayPeriods periods was an additional wage
// (sgCommissionPeriods).
func sgCommissionAW(typ, periods string) bool {
	n, ok := lumpSumPeriods(periods)
	return ok && n > 1 && earningKinds[strings.ToLower(typ)] == calc.Commission
}

// sgDirectorsFees is the classification (paymentSummaryClassification) of
// a pay category of director's fees.
const sgDirectorsFees = "DirectorsFees"

// sgDirectorsFeesRefused says why an SG employee's pay with a line of a
// pay category classified DirectorsFees cannot be calculated: whether
// CPF is due on director's fees depends on whether they are wages under
// the CPF Act (s 2: remuneration due or granted in respect of employment),
// and the CPF Board's own rule was not found (its Contribute-As-You-Earn
// FAQ says only that directors' fees are taxable as employment income;
// docs/reference/sg-cpf-aw-ceiling.md, "Director's fees"). Rather than
// guess, the employee is not calculated (the run cannot be finalised)
// with a message naming what is missing.
func sgDirectorsFeesRefused(lines []line) error {
	for i := range lines {
		l := &lines[i]
		if l.Kind == KindEarnings && l.cat != nil && l.cat.AU.Class == sgDirectorsFees {
			return fmt.Errorf("sg: CPF on director's fees (pay category %q, classified DirectorsFees) is not known: the CPF Board's rule on whether "+
				"a director's fee is wages under the CPF Act was not found (docs/reference/sg-cpf-aw-ceiling.md); pay a fee that is salary under a "+
				"contract of service through an ordinary or bonus category, or pay the fee outside the pay run: %w", l.CategoryName, calc.ErrNoRules)
		}
	}
	return nil
}
