package report

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
)

// PaymentHistoryRow is one payment of one finalised run to one of an
// employee's accounts (AuPaymentHistoryModel).
type PaymentHistoryRow struct {
	EmployeeID      int64            `json:"employeeId"`
	FirstName       string           `json:"firstName"`
	Surname         string           `json:"surname"`
	ExternalID      string           `json:"externalId"`
	DatePaid        payroll.DateTime `json:"datePaid"`
	LocationName    string           `json:"locationName"`
	BSB             string           `json:"bsb"`
	AccountName     string           `json:"accountName"`
	AccountNumber   string           `json:"accountNumber"`
	AccountType     string           `json:"accountType"`
	TaxableEarnings payroll.Money    `json:"taxableEarnings" doc:"the employee's taxable earnings in the run"`
	NetEarnings     payroll.Money    `json:"netEarnings"`
	TotalAllowances payroll.Money    `json:"totalAllowances" doc:"expenses reimbursed in the run (paid beside net)"`
	TotalDeductions payroll.Money    `json:"totalDeductions" doc:"pre-tax plus post-tax deductions"`
	Amount          payroll.Money    `json:"amount" doc:"paid to this account"`
}

// PaymentHistory lists the payments of the selected finalised runs: the
// runs' employees from SQL (filters and scope), each split over the
// employee's accounts exactly as the run's payments and bank files split
// it (payrunout.Outputs.Payments).
func (s *Service) PaymentHistory(ctx context.Context, biz business.Business, p *payroll.Principal, f Filter) (_ []PaymentHistoryRow, err error) {
	defer payroll.Wrap(&err, "payment history report of business %d", biz.ID)
	var b Args
	where, err := s.runScope(ctx, biz, p, f, &b)
	if err != nil {
		return nil, err
	}
	type runEmp struct {
		run int64
		row PaymentHistoryRow
	}
	var sel []runEmp
	q := "SELECT r.id, r.date_paid, e.id, e.first_name, e.surname, e.external_id, e.primary_location, pe.taxable, pe.net, pe.expenses, pe.pre_tax + pe.post_tax" +
		runFrom + where + " ORDER BY r.date_paid, r.id, e.surname, e.first_name, e.id"
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var x runEmp
		var paid time.Time
		var taxable, net, exp, ded int64
		if err := rows.Scan(&x.run, &paid, &x.row.EmployeeID, &x.row.FirstName, &x.row.Surname, &x.row.ExternalID, &x.row.LocationName,
			&taxable, &net, &exp, &ded); err != nil {
			return err
		}
		x.row.DatePaid = payroll.NewDateTime(paid)
		x.row.TaxableEarnings, x.row.NetEarnings, x.row.TotalAllowances, x.row.TotalDeductions = Money(taxable), Money(net), Money(exp), Money(ded)
		sel = append(sel, x)
		return nil
	})

	if err != nil {
		return nil, err
	}
	out := []PaymentHistoryRow{}
	o := payrunout.NewOutputs(s.PayRuns)
	payments := map[int64]map[int64][]payrunout.BankPaymentModel{}
	for _, x := range sel {
		byEmp, ok := payments[x.run]
		if !ok {
			list, err := o.Payments(ctx, biz, x.run)
			if err != nil {
				return nil, err
			}
			byEmp = map[int64][]payrunout.BankPaymentModel{}
			for _, pm := range list {
				byEmp[pm.EmployeeID] = append(byEmp[pm.EmployeeID], pm)
			}
			payments[x.run] = byEmp
		}
		for _, pm := range byEmp[x.row.EmployeeID] {
			r := x.row
			r.BSB, r.AccountName, r.AccountNumber, r.AccountType, r.Amount = pm.BSB, pm.AccountName, pm.AccountNumber, pm.AccountType, pm.Amount
			out = append(out, r)
		}
	}
	return out, nil
}
