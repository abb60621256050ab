package pay

import (
	"context"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/calc"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/store"
)

// sgMonthPaid is what an SG employee's other runs of the run's calendar
// month paid and charged (minor units). CPF, the Skills Development Levy
// and the self-help group funds are all due on the month's total wages
// (CPF Board, "How much CPF contributions to pay"; Skills Development
// Levy Act 1979 s 3(1), (1A): the levy is on "the remuneration in any
// month"; docs/reference/sg-cpf-aw-ceiling.md, sg-sdl-monthly.md,
// sg-self-help-group-funds.md), so each run works out the month's figure
// on the wages of all the month's runs and charges the difference from
// what the others charged.
//
// The month's other runs are every finalised run of the business paid in
// the calendar month, whatever its pay date against this run's and
// whatever order they were finalised in: a run finalised after a
// later-dated run of the month still sees it, so the month's total is
// right in any order.
type sgMonthPaid struct {
	ow, aw, all  int64 // ordinary and additional wages paid; all earnings but termination compensation (the SDL's wages and the funds')
	owSub, awSub int64 // wages subject to CPF
	ee, er       int64 // CPF employee and employer shares charged
	sdl          int64 // Skills Development Levy charged
	shg          map[string]int64
	// ytdOWSub and ytdAWSub are the part of owSub and awSub in runs paid
	// on or before this run's date, which the year to date holds.
	ytdOWSub, ytdAWSub int64
}

// sgMonthBounds is the calendar month of paid, [from, to).
func sgMonthBounds(paid time.Time) (from, to time.Time) {
	from = time.Date(paid.Year(), paid.Month(), 1, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(0, 1, 0)
}

// sgMonthRuns is the one reader of an SG run's month: by employee, what
// the business's other finalised runs paid in the calendar month of run
// paid (their wages classed as sgWagesPaidIn classes them) and charged
// (CPF, SDL, self-help group funds).
func sgMonthRuns(ctx context.Context, q *store.Queries, bizID int64, run *store.PayRun) (map[int64]*sgMonthPaid, error) {
	from, to := sgMonthBounds(run.DatePaid)
	out := map[int64]*sgMonthPaid{}
	of := func(id int64) *sgMonthPaid {
		if out[id] == nil {
			out[id] = &sgMonthPaid{}
		}
		return out[id]
	}
	rows, err := q.SgMonthRuns(ctx, store.SgMonthRunsParams{BusinessID: bizID, PayRunID: run.ID, MonthFrom: from, MonthTo: to, YtdTo: run.DatePaid})
	if err != nil || len(rows) == 0 {
		return out, err
	}
	for _, r := range rows {
		m := of(r.EmployeeID)
		m.owSub, m.awSub, m.ee, m.er, m.sdl = r.CpfOwSubject, r.CpfAwSubject, r.CpfEmployee, r.CpfEmployer, r.Sdl
		m.ytdOWSub, m.ytdAWSub = r.YtdOwSubject, r.YtdAwSubject
	}
	paid, err := sgWagesPaidIn(ctx, q, bizID, run.ID, from, to)
	if err != nil {
		return nil, err
	}
	for id, w := range paid {
		m := of(id)
		m.ow, m.aw, m.all = w.ow, w.aw, w.all
	}
	shg, err := q.SgSelfHelpGroupPaidIn(ctx, store.SgSelfHelpGroupPaidInParams{BusinessID: bizID, PayRunID: run.ID, MonthFrom: from, MonthTo: to})
	if err != nil {
		return nil, err
	}
	for _, r := range shg {
		m := of(r.EmployeeID)
		if m.shg == nil {
			m.shg = map[string]int64{}
		}
		m.shg[r.Subtype] += r.Amount
	}
	return out, nil
}

// addSGMonthPaid sets y.sgMonth of each SG employee (sgMonthRuns).
func addSGMonthPaid(ctx context.Context, q *store.Queries, biz business.Business, run *store.PayRun, out map[int64]*YTD) error {
	if biz.Region != calc.SG {
		return nil
	}
	month, err := sgMonthRuns(ctx, q, biz.ID, run)
	if err != nil {
		return err
	}
	for id, m := range month {
		ytdFor(out, id).sgMonth = *m
	}
	return nil
}

// sgMonth sets on sg the month's other runs and takes those the year to
// date holds out of it, which is then of the months before this one (the
// AW paid, y.sgAWPaid, is read for those months only: addSGAWPaid).
func sgMonth(y *YTD, sg *calc.SGEmployee) {
	m := y.sgMonth
	sg.MonthOWPaid, sg.MonthAWPaid = money(m.ow), money(m.aw)
	sg.MonthOWSubject, sg.MonthAWSubject = money(m.owSub), money(m.awSub)
	sg.MonthCPFEmployee, sg.MonthCPFEmployer = money(m.ee), money(m.er)
	sg.MonthRemunerationPaid, sg.MonthSDLCharged = money(m.all), money(m.sdl)
	sg.OWSubjectToCPFYTD = money(y.CpfOwSubject - m.ytdOWSub)
	sg.AWSubjectToCPFYTD = money(y.CpfAwSubject - m.ytdAWSub)
	sg.AWPaidYTD = money(y.sgAWPaid)
}

// sgWages are an employee's ordinary and additional wages paid and all
// their earnings (minor units).
type sgWages struct{ ow, aw, all int64 }

// sgWagesPaidIn is, by employee, the wages of the business's finalised
// runs other than runID paid in [from, to), classified as the engine
// does: AW by the pay category (sgAWCategories) or a commission for more
// than a month (lumpSumNumberOfPayPeriods > 1) whatever its category,
// termination payments (ETP) not wages, every other earnings line OW;
// all is every earnings line but the termination payments (the wages the
// SDL and the self-help group funds are on: compensation for the loss of
// employment is not wages, docs/reference/sg-termination-sdl-public-holiday-off-day.md).
func sgWagesPaidIn(ctx context.Context, q *store.Queries, bizID, runID int64, from, to time.Time) (map[int64]*sgWages, error) {
	rows, err := q.SgEarningsPaidIn(ctx, store.SgEarningsPaidInParams{BusinessID: bizID, PayRunID: runID, FromDate: from, ToDate: to})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	types, err := categories.PayCategoryTypes(ctx, q, bizID)
	if err != nil {
		return nil, err
	}
	aw := sgAWCategories(types)
	out := map[int64]*sgWages{}
	for _, r := range rows {
		w := out[r.EmployeeID]
		if w == nil {
			w = &sgWages{}
			out[r.EmployeeID] = w
		}
		switch {
		case aw[r.CategoryID] || sgCommissionAW(types[r.CategoryID], r.LumpSumPeriods):
			w.aw += r.Amount
		case strings.EqualFold(types[r.CategoryID], "etp") && terminationCompensation(calc.SG):
			continue // not wages: no CPF, SDL or self-help group fund (calc/sg sdl2008)
		default:
			w.ow += r.Amount
		}
		w.all += r.Amount
	}
	return out, nil
}
