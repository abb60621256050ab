package report

import (
	"context"
	"database/sql"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/payrun/pay"
)

// runFrom joins the finalised runs, their employees and the employees;
// runScope gives its WHERE.
const runFrom = " FROM pay_runs r JOIN pay_run_employees pe ON pe.pay_run_id = r.id JOIN employees e ON e.id = pe.employee_id AND e.business_id = r.business_id"

// GrossToNet is one employee's pay over the selected finalised runs,
// from gross to net (AuGrossToNetResponseModel).
type GrossToNet struct {
	EmployeeID                  int64                    `json:"employeeId"`
	FirstName                   string                   `json:"firstName"`
	Surname                     string                   `json:"surname"`
	ExternalID                  string                   `json:"externalId"`
	PrimaryLocationID           int64                    `json:"primaryLocationId"`
	PrimaryLocation             string                   `json:"primaryLocation"`
	TotalHours                  payroll.Rate             `json:"totalHours"`
	GrossEarnings               map[string]payroll.Money `json:"grossEarnings" doc:"earnings by pay category name"`
	TotalGrossEarnings          payroll.Money            `json:"totalGrossEarnings"`
	TotalTaxExemptEarnings      payroll.Money            `json:"totalTaxExemptEarnings"`
	PreTaxDeductions            map[string]payroll.Money `json:"preTaxDeductions"`
	TotalPreTaxDeductions       payroll.Money            `json:"totalPreTaxDeductions"`
	TaxableEarnings             payroll.Money            `json:"taxableEarnings"`
	Payg                        payroll.Money            `json:"payg"`
	Sfss                        payroll.Money            `json:"sfss" doc:"always 0: SFSS debts are part of STSL (help) since 2019"`
	Help                        payroll.Money            `json:"help" doc:"study and training support loan repayments"`
	PostTaxDeductions           map[string]payroll.Money `json:"postTaxDeductions"`
	TotalPostTaxDeductions      payroll.Money            `json:"totalPostTaxDeductions"`
	NetEarnings                 payroll.Money            `json:"netEarnings"`
	Expenses                    map[string]payroll.Money `json:"expenses"`
	TotalExpenses               payroll.Money            `json:"totalExpenses"`
	BankPayments                payroll.Money            `json:"bankPayments" doc:"net earnings plus expenses"`
	Sgc                         payroll.Money            `json:"sgc" doc:"super guarantee"`
	EmployerContribution        payroll.Money            `json:"employerContribution" doc:"super adjustments of the runs"`
	NonRescEmployerContribution payroll.Money            `json:"nonRescEmployerContribution"`
	TotalGrossPlusSuper         payroll.Money            `json:"totalGrossPlusSuper"`

	liabilities payroll.Money // employer liabilities (detailed activity)
}

// GrossToNetQuery is the gross-to-net report's own options.
type GrossToNetQuery struct {
	Filter
	PayCategoryIDs           []int64 // only these pay categories in grossEarnings (empty = all)
	IncludeExpenses          bool    // fill the expenses breakdown
	IncludePostTaxDeductions bool    // fill the post-tax deductions breakdown
}

// GrossToNet sums the selected finalised runs per employee, with the
// breakdowns by category from the runs' lines.
func (s *Service) GrossToNet(ctx context.Context, biz business.Business, p *payroll.Principal, gq GrossToNetQuery) (_ []GrossToNet, err error) {
	defer payroll.Wrap(&err, "gross to net report of business %d", biz.ID)
	var b Args
	where, err := s.runScope(ctx, biz, p, gq.Filter, &b)
	if err != nil {
		return nil, err
	}
	out := []GrossToNet{}
	at := map[int64]int{}
	au := biz.Region == "AU"
	q := "SELECT e.id, e.first_name, e.surname, e.external_id, COALESCE(e.primary_location_id, 0), e.primary_location, " +
		"CAST(SUM(pe.total_hours_e4) AS BIGINT), CAST(SUM(pe.gross) AS BIGINT), CAST(SUM(pe.pre_tax) AS BIGINT), CAST(SUM(pe.taxable) AS BIGINT), " +
		"CAST(SUM(pe.post_tax) AS BIGINT), CAST(SUM(pe.tax) AS BIGINT), CAST(SUM(pe.stsl) AS BIGINT), CAST(SUM(pe.super_contribution) AS BIGINT), " +
		"CAST(SUM(pe.net) AS BIGINT), CAST(SUM(pe.expenses) AS BIGINT), CAST(SUM(pe.liabilities) AS BIGINT)" + runFrom + where +
		" GROUP BY e.id, e.first_name, e.surname, e.external_id, e.primary_location_id, e.primary_location ORDER BY e.surname, e.first_name, e.id"
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var g GrossToNet
		var h, gross, pre, taxable, post, tax, stsl, super, net, exp, liab int64
		if err := rows.Scan(&g.EmployeeID, &g.FirstName, &g.Surname, &g.ExternalID, &g.PrimaryLocationID, &g.PrimaryLocation,
			&h, &gross, &pre, &taxable, &post, &tax, &stsl, &super, &net, &exp, &liab); err != nil {
			return err
		}
		g.TotalHours, g.TotalGrossEarnings, g.TotalPreTaxDeductions, g.TaxableEarnings = Hours(h), Money(gross), Money(pre), Money(taxable)
		g.TotalPostTaxDeductions, g.Payg, g.Help, g.NetEarnings, g.TotalExpenses = Money(post), Money(tax-stsl), Money(stsl), Money(net), Money(exp)
		g.Sgc, g.TotalGrossPlusSuper, g.BankPayments, g.liabilities = Money(super), Money(gross+super), Money(net+exp), Money(liab)
		g.GrossEarnings, g.PreTaxDeductions, g.PostTaxDeductions, g.Expenses = map[string]payroll.Money{}, map[string]payroll.Money{}, map[string]payroll.Money{}, map[string]payroll.Money{}
		if au {
			// AU: every part of gross not withheld on but pre-tax
			// deductions (tax exempt categories, Lump Sum D and ETP
			// tax-free components, per-km car and overtime meal
			// allowances within the ATO amounts), so that gross − exempt
			// − pre-tax = taxable, as the PAYG report (auextras.go).
			g.TotalTaxExemptEarnings = Money(gross - pre - taxable)
		}
		at[g.EmployeeID] = len(out)
		out = append(out, g)
		return nil
	})

	if err != nil || len(out) == 0 {
		return out, err
	}
	// The breakdowns: the same selection's lines summed by category.
	var lb Args
	where, err = s.runScope(ctx, biz, p, gq.Filter, &lb)
	if err != nil {
		return nil, err
	}
	q = "SELECT e.id, l.kind, l.subtype, l.category_id, l.category_name, l.tax_exempt, CAST(SUM(l.amount) AS BIGINT)" + runFrom +
		" JOIN pay_run_lines l ON l.pay_run_id = r.id AND l.employee_id = pe.employee_id" + where +
		" AND l.kind IN ('earnings', 'deduction', 'expense', 'superadjustment') GROUP BY e.id, l.kind, l.subtype, l.category_id, l.category_name, l.tax_exempt"
	only := map[int64]bool{}
	for _, id := range gq.PayCategoryIDs {
		only[id] = true
	}
	add := func(m map[string]payroll.Money, k string, v int64) { m[k] = m[k].Add(Money(v)) }
	err = s.Query(ctx, q, lb.Values, func(rows *sql.Rows) error {
		var emp, cat, amt int64
		var kind, subtype, name string
		var exempt bool
		if err := rows.Scan(&emp, &kind, &subtype, &cat, &name, &exempt, &amt); err != nil {
			return err
		}
		i, ok := at[emp]
		if !ok {
			return nil
		}
		g := &out[i]
		switch kind {
		case pay.KindEarnings:
			if exempt && !au {
				g.TotalTaxExemptEarnings = g.TotalTaxExemptEarnings.Add(Money(amt))
			}
			if len(only) == 0 || only[cat] {
				add(g.GrossEarnings, name, amt)
			}
		case pay.KindDeduction:
			if exempt {
				add(g.PreTaxDeductions, name, amt)
			} else if gq.IncludePostTaxDeductions {
				add(g.PostTaxDeductions, name, amt)
			}
		case pay.KindExpense:
			if gq.IncludeExpenses {
				add(g.Expenses, name, amt)
			}
		case pay.KindSuperAdjustment:

			g.EmployerContribution = g.EmployerContribution.Add(Money(amt))
			g.Sgc = g.Sgc.Sub(Money(amt))
			switch {
			case strings.EqualFold(subtype, "SalarySacrifice"):
				add(g.PreTaxDeductions, "Salary sacrifice super", amt)
			case strings.EqualFold(subtype, "MemberVoluntary") && gq.IncludePostTaxDeductions:
				add(g.PostTaxDeductions, "Member voluntary super", amt)
			}
		}
		return nil
	})

	return out, err
}
