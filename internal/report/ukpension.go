package report

import (
	"context"
	"database/sql"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// PensionContributionRow is one employee's UK workplace pension
// contributions to one scheme over the selected finalised pay runs (the
// figures stored by the pay run calculation, payrun/uk_pension.go).
type PensionContributionRow struct {
	PensionSchemeID           int64         `json:"pensionSchemeId"`
	PensionSchemeName         string        `json:"pensionSchemeName"`
	ContributionPlanID        int64         `json:"pensionSchemeContributionPlanId"`
	ContributionPlanName      string        `json:"contributionPlanName"`
	EmployeeID                int64         `json:"employeeId"`
	ExternalID                string        `json:"externalId"`
	FirstName                 string        `json:"firstName"`
	Surname                   string        `json:"surname"`
	Arrangement               string        `json:"arrangement" enum:"NetPay,ReliefAtSource,SalarySacrifice" doc:"of the latest run counted"`
	PayRuns                   int64         `json:"payRuns" doc:"finalised runs counted"`
	PensionablePay            payroll.Money `json:"pensionablePay"`
	ContributionBase          payroll.Money `json:"contributionBase" doc:"qualifying earnings or pensionable pay, as the plan says"`
	EmployeeContribution      payroll.Money `json:"employeeContribution" doc:"taken from pay (relief at source: 80% of gross) or sacrificed"`
	EmployeeGrossContribution payroll.Money `json:"employeeGrossContribution" doc:"relief at source: including the 20% the scheme claims from HMRC"`
	EmployerContribution      payroll.Money `json:"employerContribution"`
	TotalContribution         payroll.Money `json:"totalContribution" doc:"employee gross + employer: what the scheme receives"`
}

var ukOnly = []string{"UK"}

// PensionContributions sums the pension contributions of the finalised
// runs f selects per scheme, plan and employee, ordered by scheme name,
// surname, first name. A restricted user sees the employees of their
// scope only; UK businesses only (400).
func (s *Service) PensionContributions(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []PensionContributionRow, err error) {
	defer payroll.Wrap(&err, "pension contributions report of business %d", biz.ID)
	if !record.RegionIn(ukOnly, biz.Region) {
		return nil, record.RegionError("the pension contributions report", ukOnly, biz)
	}
	var b Args
	where, err := s.runScope(ctx, biz, p, f, &b)
	if err != nil {
		return nil, err
	}
	q := "SELECT pp.scheme_id, pp.scheme_name, pp.plan_id, pp.plan_name, e.id, e.external_id, e.first_name, e.surname, pp.arrangement, r.date_paid, r.id," +
		" pp.pensionable_pay, pp.contribution_base, pp.employee_amount, pp.employee_gross, pp.employer_amount" + runFrom +
		" JOIN uk_pay_run_pensions pp ON pp.pay_run_id = r.id AND pp.employee_id = e.id" + where +
		" ORDER BY pp.scheme_name, pp.scheme_id, e.surname, e.first_name, e.id, pp.plan_id, r.date_paid, r.id"
	out := []PensionContributionRow{}
	type key struct{ scheme, plan, employee int64 }
	at := map[key]int{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var x PensionContributionRow
		var paid sql.NullTime
		var runID, pen, base, ee, eeG, er int64
		if err := rows.Scan(&x.PensionSchemeID, &x.PensionSchemeName, &x.ContributionPlanID, &x.ContributionPlanName, &x.EmployeeID, &x.ExternalID,
			&x.FirstName, &x.Surname, &x.Arrangement, &paid, &runID, &pen, &base, &ee, &eeG, &er); err != nil {
			return err
		}
		k := key{x.PensionSchemeID, x.ContributionPlanID, x.EmployeeID}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, x)
		}
		r := &out[i]
		r.Arrangement = x.Arrangement
		r.PayRuns++
		r.PensionablePay = r.PensionablePay.Add(Money(pen))
		r.ContributionBase = r.ContributionBase.Add(Money(base))
		r.EmployeeContribution = r.EmployeeContribution.Add(Money(ee))
		r.EmployeeGrossContribution = r.EmployeeGrossContribution.Add(Money(eeG))
		r.EmployerContribution = r.EmployerContribution.Add(Money(er))
		r.TotalContribution = r.EmployeeGrossContribution.Add(r.EmployerContribution)
		return nil
	})

	return out, err
}

// PensionContributionsSheet is the report as a worksheet.
func PensionContributionsSheet(rows []PensionContributionRow) Sheet {
	sh := Sheet{Name: "Pension contributions", Totals: true, Header: []string{"Pension scheme", "Contribution plan", "Employee id", "External id", "First name", "Surname",
		"Arrangement", "Pay runs", "Pensionable pay", "Contribution base", "Employee contribution", "Employee gross contribution", "Employer contribution", "Total contribution"}}
	for _, r := range rows {
		sh.Rows = append(sh.Rows, []any{r.PensionSchemeName, r.ContributionPlanName, r.EmployeeID, r.ExternalID, r.FirstName, r.Surname, r.Arrangement, r.PayRuns,
			r.PensionablePay, r.ContributionBase, r.EmployeeContribution, r.EmployeeGrossContribution, r.EmployerContribution, r.TotalContribution})
	}
	return sh
}
