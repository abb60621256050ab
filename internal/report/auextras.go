package report

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
	"github.com/payrolld/payrolld/internal/payrun/pay"
)

// OrdinaryTimeEarnings is one employee's ordinary time earnings of one
// pay category in one finalised run, with the super guarantee they attract
// (AuOrdinaryTimeEarningsApiModel).
type OrdinaryTimeEarnings struct {
	Super                     payroll.Money    `json:"super" doc:"the run's super guarantee shared over its OTE pay categories in proportion to their earnings (largest remainder, so the shares add up to the guarantee to the cent)"`
	SuperPercentageOfEarnings payroll.Rate     `json:"superPercentageOfEarnings" doc:"super / earnings x 100, to 2 places"`
	EmployeeID                int64            `json:"employeeId"`
	FirstName                 string           `json:"firstName"`
	Surname                   string           `json:"surname"`
	ExternalID                string           `json:"externalId"`
	PayRun                    string           `json:"payRun"`
	PayCategory               string           `json:"payCategory"`
	PayPeriodStarting         payroll.DateTime `json:"payPeriodStarting"`
	PayPeriodEnding           payroll.DateTime `json:"payPeriodEnding"`
	Earnings                  payroll.Money    `json:"earnings"`
}

// FinancialYear is the AU financial year ending 30 June of year ending
// (1 July of the year before to 30 June), as a report range.
func FinancialYear(ending int) (from, to time.Time) {
	return time.Date(ending-1, time.July, 1, 0, 0, 0, 0, time.UTC), time.Date(ending, time.June, 30, 0, 0, 0, 0, time.UTC)
}

// FinancialYearOf is the year the AU financial year of t ends in.
func FinancialYearOf(t time.Time) int {
	if t.Month() >= time.July {
		return t.Year() + 1
	}
	return t.Year()
}

// OrdinaryTimeEarnings lists the ordinary time earnings of the selected
// finalised runs per run, employee and pay category: the earnings of the
// pay categories whose type is OTE (pay.OrdinaryTime: not overtime,
// lump sums, unused leave on termination or ETPs), and the super
// guarantee of the run (the employee's contribution less the run's super
// adjustments and salary sacrificed deductions) shared over them.
func (s *Service) OrdinaryTimeEarnings(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []OrdinaryTimeEarnings, err error) {
	defer payroll.Wrap(&err, "ordinary time earnings report of business %d", biz.ID)
	notOTE := map[int64]bool{}
	if s.PayCategoryRecords.S != nil {
		cats, err := s.PayCategoryRecords.List(ctx, biz, 0)
		if err != nil {
			return nil, err
		}
		for _, c := range cats {
			if !pay.OrdinaryTime(c.PayCategoryType, c.PaymentSummaryClassification) || c.ExcludeFromQualifyingEarnings {
				notOTE[c.ID] = true
			}
		}
	}
	var b Args
	where, err := s.runScope(ctx, biz, p, f, &b)
	if err != nil {
		return nil, err
	}
	q := "SELECT r.id, r.period_starting, r.period_ending, e.id, e.first_name, e.surname, e.external_id, l.category_id, l.category_name, l.amount, " +
		"pe.super_contribution - (SELECT COALESCE(SUM(a.amount), 0) FROM pay_run_lines a WHERE a.pay_run_id = r.id AND a.employee_id = pe.employee_id AND (a.kind = 'superadjustment' OR (a.kind = 'deduction' AND a.subtype = 'SalarySacrifice')))" +
		runFrom + " JOIN pay_run_lines l ON l.pay_run_id = r.id AND l.employee_id = pe.employee_id" + where +
		" AND l.kind = 'earnings' ORDER BY r.date_paid, r.id, e.surname, e.first_name, e.id, l.category_name, l.category_id, l.id"
	type key struct{ run, emp, cat int64 }
	groups := map[key]*catAcc{}
	extra := map[key]*OrdinaryTimeEarnings{}
	var order []key
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r OrdinaryTimeEarnings
		var run, cat, amt, sg int64
		var start, end time.Time
		if err := rows.Scan(&run, &start, &end, &r.EmployeeID, &r.FirstName, &r.Surname, &r.ExternalID, &cat, &r.PayCategory, &amt, &sg); err != nil {
			return err
		}
		if notOTE[cat] {
			return nil
		}
		k := key{run, r.EmployeeID, cat}
		a, ok := groups[k]
		if !ok {
			r.PayRun, r.PayPeriodStarting, r.PayPeriodEnding = PayRunName(run, end), payroll.NewDateTime(start), payroll.NewDateTime(end)
			a = &catAcc{super: sg}
			groups[k], extra[k] = a, &r
			order = append(order, k)
		}
		a.minor += amt
		return nil
	})

	if err != nil {
		return nil, err
	}
	type er struct{ run, emp int64 }
	shares := map[er][]*catAcc{}
	var ers []er
	for _, k := range order {
		e := er{k.run, k.emp}
		if _, ok := shares[e]; !ok {
			ers = append(ers, e)
		}
		shares[e] = append(shares[e], groups[k])
	}
	for _, e := range ers {
		allocate(shares[e])
	}
	out := make([]OrdinaryTimeEarnings, 0, len(order))
	for _, k := range order {
		r, a := *extra[k], groups[k]
		r.Earnings, r.Super = Money(a.minor), a.row.SuperAmount
		if a.minor != 0 {
			r.SuperPercentageOfEarnings = r.Super.MulInt(100).Ratio(r.Earnings).RoundHalfUp(2)
		}
		out = append(out, r)
	}
	return out, nil
}

// Payg is the PAYG withholding of one location in one month
// (PaygReportExportModel).
type Payg struct {
	Location          string        `json:"location" doc:"the employees' primary location"`
	Month             string        `json:"month" doc:"the month the runs were paid in, as 2026-11"`
	GrossEarnings     payroll.Money `json:"grossEarnings"`
	TaxExemptEarnings payroll.Money `json:"taxExemptEarnings"`
	PreTaxDeductions  payroll.Money `json:"preTaxDeductions"`
	TaxableEarnings   payroll.Money `json:"taxableEarnings"`
	Payg              payroll.Money `json:"payg" doc:"withheld, including study and training support loan amounts (reported together at W2)"`
}

// PaygQuery is the PAYG report's own options.
type PaygQuery struct {
	Filter
	State string // employees whose residential state is this (empty: all)
}

// Payg sums the selected finalised runs by the employees' primary
// location and the month paid, ordered by month then location.
func (s *Service) Payg(ctx context.Context, biz business.Business, p *payroll.Principal, pq PaygQuery) (_ []Payg, err error) {
	defer payroll.Wrap(&err, "PAYG report of business %d", biz.ID)
	var b Args
	where, err := s.runScope(ctx, biz, p, pq.Filter, &b)
	if err != nil {
		return nil, err
	}
	if pq.State != "" {
		where += " AND UPPER(e.residential_state) = " + b.Bind(strings.ToUpper(pq.State))
	}
	q := "SELECT r.id, r.date_paid, e.primary_location, pe.gross, pe.pre_tax, pe.taxable, pe.tax" +
		runFrom + where + " ORDER BY r.date_paid, r.id, e.id"
	type key struct{ month, loc string }
	at := map[key]int{}
	out := []Payg{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var run, gross, pre, taxable, tax int64
		var paid time.Time
		var loc string
		if err := rows.Scan(&run, &paid, &loc, &gross, &pre, &taxable, &tax); err != nil {
			return err
		}
		// Tax exempt: every part of gross not subject to withholding but
		// pre-tax deductions, so that gross − exempt − pre-tax = taxable:
		// tax exempt categories, and also the tax-free parts the rules
		// leave out (Lump Sum D and an ETP's tax-free component, a per-km
		// car allowance within the ATO rate, overtime meal allowances
		// within the reasonable amount). Before, only the tax exempt
		// categories' lines, so the columns did not add up.
		exempt := gross - pre - taxable
		k := key{paid.UTC().Format("2006-01"), loc}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, Payg{Location: loc, Month: k.month})
		}
		g := &out[i]
		g.GrossEarnings, g.TaxExemptEarnings, g.PreTaxDeductions = g.GrossEarnings.Add(Money(gross)), g.TaxExemptEarnings.Add(Money(exempt)), g.PreTaxDeductions.Add(Money(pre))
		g.TaxableEarnings, g.Payg = g.TaxableEarnings.Add(Money(taxable)), g.Payg.Add(Money(tax))
		return nil
	})

	SortStable(out, func(x, y Payg) bool {
		if x.Month != y.Month {
			return x.Month < y.Month
		}
		return x.Location < y.Location
	})

	return out, err
}

// PayRunActivity is one employee's totals over the selected finalised
// runs (ActivityReportExportModel).
type PayRunActivity struct {
	EmployeeID            int64         `json:"employeeId"`
	LocationID            int64         `json:"locationId"`
	Location              string        `json:"location"`
	FirstName             string        `json:"firstName"`
	Surname               string        `json:"surname"`
	TotalHours            payroll.Rate  `json:"totalHours"`
	GrossEarnings         payroll.Money `json:"grossEarnings"`
	TaxableEarnings       payroll.Money `json:"taxableEarnings"`
	PaygWithholding       payroll.Money `json:"paygWithholding" doc:"including study and training support loan amounts"`
	SuperContributions    payroll.Money `json:"superContributions" doc:"super guarantee"`
	EmployerContributions payroll.Money `json:"employerContributions" doc:"the runs' super adjustments"`
	NetEarnings           payroll.Money `json:"netEarnings"`
}

// PayRunActivity is the gross-to-net figures of the selected runs in the
// activity report's shape.
func (s *Service) PayRunActivity(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []PayRunActivity, err error) {
	g2n, err := s.GrossToNet(ctx, biz, p, GrossToNetQuery{Filter: f})
	if err != nil {
		return nil, err
	}
	out := make([]PayRunActivity, len(g2n))
	for i, g := range g2n {
		out[i] = PayRunActivity{EmployeeID: g.EmployeeID, LocationID: g.PrimaryLocationID, Location: g.PrimaryLocation, FirstName: g.FirstName, Surname: g.Surname,
			TotalHours: g.TotalHours, GrossEarnings: g.TotalGrossEarnings, TaxableEarnings: g.TaxableEarnings, PaygWithholding: g.Payg.Add(g.Help),
			SuperContributions: g.Sgc, EmployerContributions: g.EmployerContribution, NetEarnings: g.NetEarnings}
	}
	return out, nil
}

// PaymentFile lists the electronic payments of one finalised run per
// employee account, as its bank file paymentFileID carries them: the
// payment history rows of the run (the restricted user's employees only)
// the Electronic payments only (not cash, cheque, manual deposit or BPAY), as the file carries them. A draft run is a 409 and an
// unknown bank file settings record a 404 (payrunout.Outputs.BankFile).
func (s *Service) PaymentFile(ctx context.Context, biz business.Business, p *payroll.Principal, payRunID, paymentFileID int64) (_ []PaymentHistoryRow, err error) {
	defer payroll.Wrap(&err, "payment file report of pay run %d", payRunID)
	if payRunID <= 0 {
		return nil, payroll.Invalid("payRunId", "payRunId is required")
	}
	if paymentFileID <= 0 {
		return nil, payroll.Invalid("paymentFileId", "paymentFileId is required (B/aba, B/bacs, B/paymentfiles)")
	}
	if _, err := payrunout.NewOutputs(s.PayRuns).BankFile(ctx, biz, payRunID, payrunout.FileBankPayment, paymentFileID); err != nil {
		return nil, err
	}
	rows, err := s.PaymentHistory(ctx, biz, p, Filter{PayRunID: payRunID})
	if err != nil {
		return nil, err
	}
	out := []PaymentHistoryRow{}
	for _, r := range rows {
		if r.AccountType == "Electronic" && r.Amount.IsPos() {
			out = append(out, r)
		}
	}
	return out, nil
}
