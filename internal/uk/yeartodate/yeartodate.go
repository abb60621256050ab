// Package yeartodate answers a UK employee's year-to-date (E/yeartodate):
// the sums over the finalised pay runs paid in a tax year (6 April to 5
// April), read with the same query the pay run's cumulative PAYE reads.
package yeartodate

import (
	"context"
	"fmt"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// YearToDate is an employee's totals of a tax year.
type YearToDate struct {
	EmployeeID                int64            `json:"employeeId"`
	TaxYear                   string           `json:"taxYear" doc:"e.g. 2026-27"`
	FromDate                  payroll.DateTime `json:"fromDate"`
	ToDate                    payroll.DateTime `json:"toDate"`
	GrossEarnings             payroll.Money    `json:"grossEarnings"`
	TaxablePay                payroll.Money    `json:"taxablePay" doc:"pay subject to PAYE"`
	PreTaxDeductions          payroll.Money    `json:"preTaxDeductions"`
	PostTaxDeductions         payroll.Money    `json:"postTaxDeductions"`
	PayeWithheld              payroll.Money    `json:"payeWithheld"`
	EmployeeNationalInsurance payroll.Money    `json:"employeeNationalInsurance"`
	EmployerNationalInsurance payroll.Money    `json:"employerNationalInsurance"`
	StudentLoan               payroll.Money    `json:"studentLoan"`
	NetEarnings               payroll.Money    `json:"netEarnings"`
	EmployeePension           payroll.Money    `json:"employeePension" doc:"workplace pension contributions taken from pay (net pay and relief at source: deducted; salary sacrifice: pay given up)"`
	EmployerPension           payroll.Money    `json:"employerPension" doc:"the employer's workplace pension contributions"`
}

// Service answers year-to-date figures.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
}

var ukRegion = []string{"UK"}

// TaxYear is the UK tax year containing d.
func TaxYear(d time.Time) (from, to time.Time, name string) {
	y := d.Year()
	if d.Before(time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)) {
		y--
	}
	from = time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)
	return from, from.AddDate(1, 0, -1), fmt.Sprintf("%d-%02d", y, (y+1)%100)
}

// Get is the year-to-date of the tax year containing day (zero = today),
// up to the end of that day.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, day time.Time) (_ YearToDate, err error) {
	defer payroll.Wrap(&err, "year to date of employee %d", employeeID)
	if !record.RegionIn(ukRegion, biz.Region) {
		return YearToDate{}, record.RegionError("UK year-to-date figures", ukRegion, biz)
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return YearToDate{}, err
	}
	if day.IsZero() {
		day = s.Clock.Now()
	}
	day = payroll.DateOnly(day)
	from, _, name := TaxYear(day)
	rows, err := s.DB.Queries().PayRunYearToDate(ctx, store.PayRunYearToDateParams{BusinessID: biz.ID, QuarterFrom: from, YearFrom: from,
		YearTo: day.AddDate(0, 0, 1).Add(-time.Nanosecond)})
	if err != nil {
		return YearToDate{}, err
	}
	out := YearToDate{EmployeeID: employeeID, TaxYear: name, FromDate: payroll.NewDateTime(from), ToDate: payroll.NewDateTime(day)}
	for _, r := range rows {
		if r.EmployeeID != employeeID {
			continue
		}
		m := payroll.MoneyFromMinor
		out.GrossEarnings, out.TaxablePay, out.PreTaxDeductions, out.PostTaxDeductions = m(r.Gross), m(r.Taxable), m(r.PreTax), m(r.PostTax)
		out.PayeWithheld, out.EmployeeNationalInsurance, out.EmployerNationalInsurance = m(r.Tax), m(r.NiEmployee), m(r.NiEmployer)
		out.StudentLoan, out.NetEarnings = m(r.StudentLoan), m(r.Net)
	}
	ee, er, err := pensionToDate(ctx, s.DB.Queries(), biz.ID, employeeID, from, day.AddDate(0, 0, 1))
	if err != nil {
		return YearToDate{}, err
	}
	out.EmployeePension, out.EmployerPension = payroll.MoneyFromMinor(ee), payroll.MoneyFromMinor(er)
	return out, nil
}

// pensionToDate sums the employee's workplace pension contributions of
// the finalised pay runs paid in [from, to), less the employee
// contributions refunded in that time to a jobholder who opted out of
// auto-enrolment (the lines of subtype UKPension.OptOutRefund and
// UKPension.OptOutRefundSacrifice, internal/payrun/pay/uk_pension_optout.go):
// an opt-out within the opt-out period makes the jobholder never a member
// (Pensions Act 2008 s 8(2)(b)), so what was deducted and given back is
// not a contribution paid (docs/reference/uk-auto-enrolment.md).
func pensionToDate(ctx context.Context, q *store.Queries, bizID, employeeID int64, from, to time.Time) (ee, er int64, err error) {
	r, err := q.UkPensionToDate(ctx, store.UkPensionToDateParams{BusinessID: bizID, EmployeeID: employeeID, DateFrom: from, DateTo: to})
	return r.Employee, r.Employer, err
}
