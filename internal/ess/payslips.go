package ess

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	payrunout "github.com/payrolld/payrolld/internal/payrun/output"
)

// Payslips are the employee's published payslips: one per finalised pay
// run the employee is in whose pay slips were published (on finalising
// with publishPaySlips, or later).
type Payslips struct {
	Employees *employee.Service
	Outputs   *payrunout.Outputs
}

// Payslip is EssPayslipModel's source.
type Payslip struct {
	PayRunID, EmployeeID int64
	PaySchedule          string
	DatePaid, Start, End time.Time
	NetPay               payroll.Money // net earnings plus reimbursements: what was paid (as the PDF)
	PayerName, PayerABN  string
}

const publishedPayslips = "SELECT r.id, r.date_paid, r.period_starting, r.period_ending, COALESCE(ps.name, ''), pe.net, pe.expenses FROM pay_runs r " +
	"JOIN pay_run_employees pe ON pe.pay_run_id = r.id AND pe.employee_id = $2 LEFT JOIN records ps ON ps.id = r.pay_schedule_id AND ps.business_id = r.business_id " +
	"WHERE r.business_id = $1 AND r.status = 'Finalised' AND r.pay_slips_published = TRUE"

func (s *Payslips) read(ctx context.Context, biz business.Business, employeeID int64, query string, args ...any) ([]Payslip, error) {
	rows, err := s.Employees.DB.Queries().Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Payslip{}
	for rows.Next() {
		p := Payslip{EmployeeID: employeeID, PayerName: biz.Name, PayerABN: biz.Details.ABN}
		var net, exp int64
		var name sql.NullString
		if err := rows.Scan(&p.PayRunID, &p.DatePaid, &p.Start, &p.End, &name, &net, &exp); err != nil {
			return nil, err
		}
		if biz.Details.LegalName != "" {
			p.PayerName = biz.Details.LegalName
		}
		p.PaySchedule = name.String
		p.DatePaid, p.Start, p.End = p.DatePaid.UTC(), p.Start.UTC(), p.End.UTC()
		p.NetPay = payroll.MoneyFromMinor(net + exp)
		out = append(out, p)
	}
	return out, rows.Err()
}

// List returns the employee's published payslips, latest paid first (at
// most 1000).
func (s *Payslips) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []Payslip, err error) {
	defer payroll.Wrap(&err, "payslips of employee %d", employeeID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	return s.read(ctx, biz, employeeID, publishedPayslips+" ORDER BY r.date_paid DESC, r.id DESC LIMIT 1000", biz.ID, employeeID)
}

// PDF renders the employee's published payslip of pay run payRunID (404
// when the run is not finalised, not published or does not pay them).
func (s *Payslips) PDF(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, payRunID int64) (_ payrunout.PaySlipFile, err error) {
	defer payroll.Wrap(&err, "payslip of employee %d in pay run %d", employeeID, payRunID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return payrunout.PaySlipFile{}, err
	}
	ps, err := s.read(ctx, biz, employeeID, publishedPayslips+" AND r.id = $3", biz.ID, employeeID, payRunID)
	if err != nil && !db.IsNoRows(err) {
		return payrunout.PaySlipFile{}, err
	}
	if len(ps) == 0 {
		return payrunout.PaySlipFile{}, payroll.NotFound("published payslip")
	}
	return s.Outputs.PaySlipPDF(ctx, biz, payRunID, employeeID)
}
