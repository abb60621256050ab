package pay

import (
	"context"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/store"
)

// sgMonthPaid is what an SG employee's earlier runs of the run's calendar
// month paid and charged (minor units): CPF is due on the month's total
// wages (CPF Board, "How much CPF contributions to pay";
// docs/reference/sg-cpf-aw-ceiling.md), so a second run of the month
// works out the month's CPF on the wages of all its runs and charges the
// difference from what these charged.
type sgMonthPaid struct {
	ow, aw       int64 // ordinary and additional wages paid
	owSub, awSub int64 // wages subject to CPF
	ee, er       int64 // CPF employee and employer shares charged
}

// addSGMonthPaid sets y.sgMonth of each SG employee from the business's
// finalised runs other than run paid from the first of run's month to its
// date: the same runs the year to date counts in the month (so the month
// is taken out of the year to date the AW ceiling reads), their wages as
// sgWagesPaidBetween classes them.
func addSGMonthPaid(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, out map[int64]*YTD) error {
	if biz.Region != calc.SG {
		return nil
	}
	from := time.Date(run.DatePaid.Year(), run.DatePaid.Month(), 1, 0, 0, 0, 0, time.UTC)
	cpfRows, err := q.SgCpfMonthEarlierRuns(ctx, store.SgCpfMonthEarlierRunsParams{BusinessID: biz.ID, PayRunID: run.ID, MonthFrom: from, ToDate: run.DatePaid})
	if err != nil || len(cpfRows) == 0 {
		return err
	}
	for _, r := range cpfRows {
		m := &ytdFor(out, r.EmployeeID).sgMonth
		m.owSub, m.awSub, m.ee, m.er = r.CpfOwSubject, r.CpfAwSubject, r.CpfEmployee, r.CpfEmployer
	}
	paid, err := sgWagesPaidBetween(ctx, q, biz, run, from)
	if err != nil {
		return err
	}
	for id, w := range paid {
		m := &ytdFor(out, id).sgMonth
		m.ow, m.aw = w.ow, w.aw
	}
	return nil
}

// sgMonth sets on sg the month's earlier runs and takes them out of the
// year to date, which is then of the months before this one.
func sgMonth(y *YTD, sg *calc.SGEmployee) {
	m := y.sgMonth
	sg.MonthOWPaid, sg.MonthAWPaid = money(m.ow), money(m.aw)
	sg.MonthOWSubject, sg.MonthAWSubject = money(m.owSub), money(m.awSub)
	sg.MonthCPFEmployee, sg.MonthCPFEmployer = money(m.ee), money(m.er)
	sg.OWSubjectToCPFYTD = money(y.CpfOwSubject - m.owSub)
	sg.AWSubjectToCPFYTD = money(y.CpfAwSubject - m.awSub)
	sg.AWPaidYTD = money(y.sgAWPaid - m.aw)
}
