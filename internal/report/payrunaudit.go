package report

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun"
	"github.com/payrolld/payrolld/internal/record"
)

// The pay run spreadsheets: one run's audit workbook and the variance
// between two runs (or two sets of pay periods), from the stored run
// figures with the restricted user's scope in the same statements.

// runTotals is one employee's figures in one run or summed over runs.
type runTotals struct {
	EmployeeID                            int64
	ExternalID, FirstName, Surname, Loc   string
	Hours                                 payroll.Rate
	Gross, PreTax, Taxable, Tax, PostTax  payroll.Money
	Super, Net, Expenses, Liabilities     payroll.Money
	hoursE4                               int64
	gross, pre, taxable, tax, post, super int64
	net, exp, liab                        int64
}

func (t *runTotals) money() {
	t.Hours = Hours(t.hoursE4)
	t.Gross, t.PreTax, t.Taxable, t.Tax, t.PostTax = Money(t.gross), Money(t.pre), Money(t.taxable), Money(t.tax), Money(t.post)
	t.Super, t.Net, t.Expenses, t.Liabilities = Money(t.super), Money(t.net), Money(t.exp), Money(t.liab)
}

// totals sums the figures of the runs the where (over pay_runs r) selects
// per employee p may see.
func (s *Service) totals(ctx context.Context, biz business.Business, p *payroll.Principal, runWhere func(b *Args) string) (map[int64]*runTotals, error) {
	var b Args
	where, err := s.EmployeeScope(ctx, biz, p, Filter{}, &b)
	if err != nil {
		return nil, err
	}
	q := "SELECT e.id, e.external_id, e.first_name, e.surname, e.primary_location, CAST(SUM(pe.total_hours_e4) AS BIGINT), CAST(SUM(pe.gross) AS BIGINT), " +
		"CAST(SUM(pe.pre_tax) AS BIGINT), CAST(SUM(pe.taxable) AS BIGINT), CAST(SUM(pe.tax + pe.stsl) AS BIGINT), CAST(SUM(pe.post_tax) AS BIGINT), " +
		"CAST(SUM(pe.super_contribution) AS BIGINT), CAST(SUM(pe.net) AS BIGINT), CAST(SUM(pe.expenses) AS BIGINT), CAST(SUM(pe.liabilities) AS BIGINT)" +
		runFrom + where + " AND r.business_id = " + b.Bind(biz.ID) + " AND " + runWhere(&b) +
		" GROUP BY e.id, e.external_id, e.first_name, e.surname, e.primary_location"
	out := map[int64]*runTotals{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var t runTotals
		if err := rows.Scan(&t.EmployeeID, &t.ExternalID, &t.FirstName, &t.Surname, &t.Loc, &t.hoursE4, &t.gross, &t.pre, &t.taxable, &t.tax, &t.post,
			&t.super, &t.net, &t.exp, &t.liab); err != nil {
			return err
		}
		t.money()
		out[t.EmployeeID] = &t
		return nil
	})

	return out, err
}

// PayRunAuditQuery selects what the audit workbook shows.
type PayRunAuditQuery struct {
	PayRunID                int64
	SingleEmployeeWorksheet bool // one lines worksheet per employee
	ShowAllSummaryDetails   bool // summary rows with zero totals too
	ShowAllEmployeeDetails  bool // lines with a zero amount too
}

// PayRunAudit is the audit workbook of one pay run (any status): the run
// and its totals, the audited transitions (unlocks), each employee's
// figures and each employee's lines.
func (s *Service) PayRunAudit(ctx context.Context, biz business.Business, p *payroll.Principal, aq PayRunAuditQuery) (_ []Sheet, err error) {
	defer payroll.Wrap(&err, "pay run audit report of pay run %d", aq.PayRunID)
	var (
		status, frequency string
		start, end, paid  time.Time
		finalised         NullTime
		schedule          int64
		notation          string
	)
	err = s.DB.R.QueryRowContext(ctx, "SELECT status, frequency, period_starting, period_ending, date_paid, date_finalised, pay_schedule_id, notation FROM pay_runs WHERE business_id = $1 AND id = $2",
		biz.ID, aq.PayRunID).Scan(&status, &frequency, &start, &end, &paid, &finalised, &schedule, &notation)
	if err == sql.ErrNoRows {
		return nil, payroll.NotFound(fmt.Sprintf("pay run %d", aq.PayRunID))
	}
	if err != nil {
		return nil, err
	}
	tot, err := s.totals(ctx, biz, p, func(b *Args) string { return "r.id = " + b.Bind(aq.PayRunID) })
	if err != nil {
		return nil, err
	}
	emps := sortedTotals(tot)
	var sum runTotals
	for _, t := range emps {
		sum.hoursE4 += t.hoursE4
		sum.gross, sum.pre, sum.taxable, sum.tax, sum.post = sum.gross+t.gross, sum.pre+t.pre, sum.taxable+t.taxable, sum.tax+t.tax, sum.post+t.post
		sum.super, sum.net, sum.exp, sum.liab = sum.super+t.super, sum.net+t.net, sum.exp+t.exp, sum.liab+t.liab
	}
	sum.money()
	summary := Sheet{Name: "Summary", Header: []string{"Item", "Value"}}
	add := func(name string, v any) { summary.Rows = append(summary.Rows, []any{name, v}) }
	add("Pay Run Id", aq.PayRunID)
	add("Status", status)
	add("Pay Schedule Id", schedule)
	add("Frequency", frequency)
	add("Pay Period Starting", payroll.NewDateTime(start))
	add("Pay Period Ending", payroll.NewDateTime(end))
	add("Date Paid", payroll.NewDateTime(paid))
	add("Date Finalised", finalised.DateTime())
	add("Notation", notation)
	add("Employees", int64(len(emps)))
	for _, f := range []struct {
		name string
		v    payroll.Money
	}{{"Gross Earnings", sum.Gross}, {"Pre-tax Deductions", sum.PreTax}, {"Taxable Earnings", sum.Taxable}, {"PAYG and STSL", sum.Tax},
		{"Post-tax Deductions", sum.PostTax}, {"Net Earnings", sum.Net}, {"Super", sum.Super}, {"Expenses", sum.Expenses}, {"Employer Liabilities", sum.Liabilities}} {
		if aq.ShowAllSummaryDetails || !f.v.IsZero() {
			add(f.name, f.v)
		}
	}
	audit := Sheet{Name: "Audit Log", Header: []string{"When", "Action", "By", "Comments"}}
	err = s.Query(ctx, "SELECT created_at, action, actor, comments FROM pay_run_audit WHERE business_id = $1 AND pay_run_id = $2 ORDER BY id", []any{biz.ID, aq.PayRunID},
		func(rows *sql.Rows) error {
			var at time.Time
			var action, actor, comments string
			if err := rows.Scan(&at, &action, &actor, &comments); err != nil {
				return err
			}
			audit.Rows = append(audit.Rows, []any{payroll.NewDateTime(at), action, actor, comments})
			return nil
		})

	if err != nil {
		return nil, err
	}
	employees := Sheet{Name: "Employees", Totals: true, Header: []string{"Employee Id", "External Id", "First Name", "Surname", "Location", "Hours", "Gross", "Pre-tax Deductions",
		"Taxable", "PAYG and STSL", "Post-tax Deductions", "Net", "Super", "Expenses", "Employer Liabilities"}}
	for _, t := range emps {
		employees.Rows = append(employees.Rows, []any{t.EmployeeID, t.ExternalID, t.FirstName, t.Surname, t.Loc, t.Hours, t.Gross, t.PreTax, t.Taxable, t.Tax, t.PostTax,
			t.Net, t.Super, t.Expenses, t.Liabilities})
	}
	// Lines of the employees p may see.
	var b Args
	where, err := s.EmployeeScope(ctx, biz, p, Filter{}, &b)
	if err != nil {
		return nil, err
	}
	q := "SELECT l.employee_id, l.kind, l.category_name, l.units, l.rate, l.amount, l.notes FROM pay_run_lines l JOIN employees e ON e.id = l.employee_id" +
		where + " AND l.business_id = " + b.Bind(biz.ID) + " AND l.pay_run_id = " + b.Bind(aq.PayRunID) + " ORDER BY e.surname, e.first_name, e.id, l.kind, l.id"
	header := []string{"Employee Id", "Name", "Kind", "Category", "Units", "Rate", "Amount", "Notes"}
	lines := map[int64]*Sheet{}
	all := Sheet{Name: "Lines", Header: header}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var emp, amount int64
		var kind, cat, units, rate, notes string
		if err := rows.Scan(&emp, &kind, &cat, &units, &rate, &amount, &notes); err != nil {
			return err
		}
		if amount == 0 && !aq.ShowAllEmployeeDetails {
			return nil
		}
		t := tot[emp]
		name := ""
		if t != nil {
			name = strings.TrimSpace(t.FirstName + " " + t.Surname)
		}
		row := []any{emp, name, kind, cat, rateCell(units), rateCell(rate), Money(amount), notes}
		if !aq.SingleEmployeeWorksheet {
			all.Rows = append(all.Rows, row)
			return nil
		}
		sh := lines[emp]
		if sh == nil {
			sh = &Sheet{Name: fmt.Sprintf("%d %s", emp, name), Header: header}
			lines[emp] = sh
		}
		sh.Rows = append(sh.Rows, row)
		return nil
	})

	if err != nil {
		return nil, err
	}
	out := []Sheet{summary, audit, employees}
	if !aq.SingleEmployeeWorksheet {
		return append(out, all), nil
	}
	for _, t := range emps {
		if sh := lines[t.EmployeeID]; sh != nil {
			out = append(out, *sh)
		}
	}
	return out, nil
}

// rateCell is a stored decimal text as a number cell ("" stays empty).
func rateCell(s string) any {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	if r, err := payroll.ParseRate(strings.TrimSpace(s)); err == nil {
		return r
	}
	return s
}

func sortedTotals(m map[int64]*runTotals) []*runTotals {
	out := make([]*runTotals, 0, len(m))
	for _, t := range m {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Surname != b.Surname {
			return a.Surname < b.Surname
		}
		if a.FirstName != b.FirstName {
			return a.FirstName < b.FirstName
		}
		return a.EmployeeID < b.EmployeeID
	})
	return out
}

// PayRunVarianceQuery names the two sides compared.
type PayRunVarianceQuery struct {
	ComparisonType              string // PayRuns (default) or PayPeriods
	PayRunID1, PayRunID2        int64
	From1, To1, From2, To2      time.Time // pay period ending, inclusive days
	HighlightVariancePercentage *payroll.Rate
	OnlyShowVariances           bool
}

var comparisonTypes = []string{"PayRuns", "PayPeriods"}

// PayRunVariance compares each employee's figures in two finalised runs
// (or the finalised runs of two ranges of pay periods): both values, the
// difference and the difference as a percentage of the first, per figure.
func (s *Service) PayRunVariance(ctx context.Context, biz business.Business, p *payroll.Principal, vq PayRunVarianceQuery) (_ Sheet, err error) {
	defer payroll.Wrap(&err, "pay run variance report of business %d", biz.ID)
	ct := "PayRuns"
	if vq.ComparisonType != "" {
		var ok bool
		if ct, ok = record.Canonical(comparisonTypes, vq.ComparisonType); !ok {
			return Sheet{}, payroll.Invalid("comparisonType", "comparisonType must be PayRuns or PayPeriods")
		}
	}
	if h := vq.HighlightVariancePercentage; h != nil && h.IsNeg() {
		return Sheet{}, payroll.Invalid("highlightVariancePercentage", "highlightVariancePercentage must not be negative")
	}
	side := func(n int, run int64, from, to time.Time) (func(b *Args) string, error) {
		final := func(b *Args) string { return "r.status = " + b.Bind(payrun.StatusFinalised) }
		if ct == "PayRuns" {
			if run <= 0 {
				return nil, payroll.Invalid(fmt.Sprintf("payRunId%d", n), "payRunId%d is required with comparisonType PayRuns", n)
			}
			var st string
			err := s.DB.R.QueryRowContext(ctx, "SELECT status FROM pay_runs WHERE business_id = $1 AND id = $2", biz.ID, run).Scan(&st)
			if err == sql.ErrNoRows {
				return nil, payroll.NotFound(fmt.Sprintf("pay run %d", run))
			}
			if err != nil {
				return nil, err
			}
			if st != payrun.StatusFinalised {
				return nil, payroll.Conflict("pay run %d is not finalised: only finalised runs are compared", run)
			}
			return func(b *Args) string { return final(b) + " AND r.id = " + b.Bind(run) }, nil
		}
		if from.IsZero() || to.IsZero() {
			return nil, payroll.Invalid(fmt.Sprintf("payPeriodFrom%d", n), "payPeriodFrom%d and payPeriodTo%d are required with comparisonType PayPeriods", n, n)
		}
		if payroll.DateOnly(to).Before(payroll.DateOnly(from)) {
			return nil, payroll.Invalid(fmt.Sprintf("payPeriodTo%d", n), "payPeriodTo%d must not be before payPeriodFrom%d", n, n)
		}
		return func(b *Args) string {
			return final(b) + " AND r.period_ending >= " + b.Bind(payroll.DateOnly(from)) + " AND r.period_ending < " + b.Bind(payroll.DateOnly(to).AddDate(0, 0, 1))
		}, nil
	}
	w1, err := side(1, vq.PayRunID1, vq.From1, vq.To1)
	if err != nil {
		return Sheet{}, err
	}
	w2, err := side(2, vq.PayRunID2, vq.From2, vq.To2)
	if err != nil {
		return Sheet{}, err
	}
	t1, err := s.totals(ctx, biz, p, w1)
	if err != nil {
		return Sheet{}, err
	}
	t2, err := s.totals(ctx, biz, p, w2)
	if err != nil {
		return Sheet{}, err
	}
	union := map[int64]*runTotals{}
	for id, t := range t1 {
		union[id] = t
	}
	for id, t := range t2 {
		if union[id] == nil {
			union[id] = t
		}
	}
	figures := []struct {
		name string
		get  func(*runTotals) payroll.Money
	}{
		{"Gross", func(t *runTotals) payroll.Money { return t.Gross }},
		{"Pre-tax Deductions", func(t *runTotals) payroll.Money { return t.PreTax }},
		{"Taxable", func(t *runTotals) payroll.Money { return t.Taxable }},
		{"PAYG and STSL", func(t *runTotals) payroll.Money { return t.Tax }},
		{"Post-tax Deductions", func(t *runTotals) payroll.Money { return t.PostTax }},
		{"Net", func(t *runTotals) payroll.Money { return t.Net }},
		{"Super", func(t *runTotals) payroll.Money { return t.Super }},
		{"Expenses", func(t *runTotals) payroll.Money { return t.Expenses }},
		{"Employer Liabilities", func(t *runTotals) payroll.Money { return t.Liabilities }},
	}
	h := []string{"Employee Id", "External Id", "First Name", "Surname", "Location"}
	for _, f := range figures {
		h = append(h, f.name+" 1", f.name+" 2", f.name+" Variance", f.name+" Variance %")
	}
	h = append(h, "Highlighted")
	sh := Sheet{Name: "Pay Run Variance", Header: h}
	zero := &runTotals{}
	zero.money()
	for _, t := range sortedTotals(union) {
		a, b := t1[t.EmployeeID], t2[t.EmployeeID]
		if a == nil {
			a = zero
		}
		if b == nil {
			b = zero
		}
		row := []any{t.EmployeeID, t.ExternalID, t.FirstName, t.Surname, t.Loc}
		differs, highlight := false, false
		for _, f := range figures {
			x, y := f.get(a), f.get(b)
			d := y.Sub(x)
			var pct any // no percentage of a zero first value
			if !x.IsZero() {
				r := payroll.RateFromDecimal(d.Decimal()).Div(payroll.RateFromDecimal(x.Decimal())).Mul(payroll.RateFromInt(100)).RoundHalfUp(2)
				pct = r
				if vq.HighlightVariancePercentage != nil && payroll.RateFromDecimal(r.Decimal().Abs()).Cmp(*vq.HighlightVariancePercentage) >= 0 && !d.IsZero() {
					highlight = true
				}
			} else if !d.IsZero() && vq.HighlightVariancePercentage != nil {
				highlight = true
			}
			if !d.IsZero() {
				differs = true
			}
			row = append(row, x, y, d, pct)
		}
		if vq.OnlyShowVariances && !differs {
			continue
		}
		sh.Rows = append(sh.Rows, append(row, highlight))
	}
	return sh, nil
}
