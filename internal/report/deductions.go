package report

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// DeductionsRow is one employee's deductions in one finalised run
// (DeductionsReportExportModel).
type DeductionsRow struct {
	PayRun     string            `json:"payRun"`
	DatePaid   payroll.DateTime  `json:"datePaid"`
	EmployeeID int64             `json:"employeeId"`
	FirstName  string            `json:"firstName"`
	Surname    string            `json:"surname"`
	ExternalID string            `json:"externalId"`
	Location   string            `json:"location"`
	Amounts    []DeductionAmount `json:"amounts"`
	Note       string            `json:"note" doc:"the employee's notation in the run"`
}

// DeductionAmount is one deduction category's total in a row.
type DeductionAmount struct {
	DeductionCategoryID   int64         `json:"deductionCategoryId"`
	DeductionCategoryName string        `json:"deductionCategoryName"`
	Amount                payroll.Money `json:"amount"`
}

// DeductionsQuery is the deductions report's own options.
type DeductionsQuery struct {
	Filter
	DeductionCategoryID int64 // only this category (0 = all)
}

// Deductions lists the deductions of the selected finalised runs per run
// and employee, summed by category.
func (s *Service) Deductions(ctx context.Context, biz business.Business, p *payroll.Principal, dq DeductionsQuery) (_ []DeductionsRow, err error) {
	defer payroll.Wrap(&err, "deductions report of business %d", biz.ID)
	if dq.DeductionCategoryID < 0 {
		return nil, payroll.Invalid("deductionCategoryId", "deductionCategoryId must not be negative")
	}
	var b Args
	where, err := s.runScope(ctx, biz, p, dq.Filter, &b)
	if err != nil {
		return nil, err
	}
	if dq.DeductionCategoryID != 0 {
		where += " AND l.category_id = " + b.Bind(dq.DeductionCategoryID)
	}
	out := []DeductionsRow{}
	type key struct{ run, emp int64 }
	var last key
	q := "SELECT r.id, r.period_ending, r.date_paid, e.id, e.first_name, e.surname, e.external_id, e.primary_location, pe.notation, " +
		"l.category_id, l.category_name, CAST(SUM(l.amount) AS BIGINT)" + runFrom +
		" JOIN pay_run_lines l ON l.pay_run_id = r.id AND l.employee_id = pe.employee_id" + where + " AND l.kind = 'deduction'" +
		" GROUP BY r.id, r.period_ending, r.date_paid, e.id, e.first_name, e.surname, e.external_id, e.primary_location, pe.notation, l.category_id, l.category_name" +
		" ORDER BY r.date_paid, r.id, e.surname, e.first_name, e.id, l.category_name, l.category_id"
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var r DeductionsRow
		var a DeductionAmount
		var run, amt int64
		var ending, paid time.Time
		if err := rows.Scan(&run, &ending, &paid, &r.EmployeeID, &r.FirstName, &r.Surname, &r.ExternalID, &r.Location, &r.Note,
			&a.DeductionCategoryID, &a.DeductionCategoryName, &amt); err != nil {
			return err
		}
		a.Amount = Money(amt)
		if k := (key{run, r.EmployeeID}); k != last || len(out) == 0 {
			last = k
			r.PayRun, r.DatePaid, r.Amounts = PayRunName(run, ending), payroll.NewDateTime(paid), []DeductionAmount{}
			out = append(out, r)
		}
		out[len(out)-1].Amounts = append(out[len(out)-1].Amounts, a)
		return nil
	})

	return out, err
}
