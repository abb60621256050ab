package report

import (
	"context"
	"database/sql"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
)

// Inclusion is one recurring pay run inclusion of an employee
// (AuPayRunInclusionExportModel): exactly one of the category members is
// set, by the inclusion's kind.
type Inclusion struct {
	SuperContributionType     string        `json:"superContributionType"`
	SuperRate                 string        `json:"superRate"`
	TaxCode                   string        `json:"taxCode"`
	TaxRate                   string        `json:"taxRate"`
	EmployeeID                int64         `json:"employeeId"`
	FirstName                 string        `json:"firstName"`
	Surname                   string        `json:"surname"`
	ExternalID                string        `json:"externalId"`
	PrimaryLocation           string        `json:"primaryLocation"`
	Location                  string        `json:"location"`
	DeductionCategory         string        `json:"deductionCategory"`
	ExpenseCategory           string        `json:"expenseCategory"`
	EmployerLiabilityCategory string        `json:"employerLiabilityCategory"`
	PayCategory               string        `json:"payCategory"`
	TaxAdjustmentType         string        `json:"taxAdjustmentType"`
	StartDate                 string        `json:"startDate"`
	Expiry                    string        `json:"expiry" doc:"the expiry day, or the maximum amount to be paid, or empty"`
	Amount                    payroll.Money `json:"amount" doc:"an amount, or a percentage for percentage types"`
	AmountType                string        `json:"amountType"`
	Paid                      string        `json:"paid" doc:"the running total paid by finalised pay runs"`
	PreservedEarnings         string        `json:"preservedEarnings"`
	Units                     payroll.Rate  `json:"units"`
	Rate                      string        `json:"rate"`
	Total                     string        `json:"total" doc:"amount x units for additional earnings with units, else the amount"`
	Notes                     string        `json:"notes"`
}

// InclusionsQuery selects recurring inclusions.
type InclusionsQuery struct {
	Filter        // From/To: inclusions in force on some day of the range
	Status string // All (default), Active (in force today), Expired
}

var inclusionStatuses = []string{"All", "Active", "Expired"}

// PayRunInclusions lists the recurring inclusions of the employees p may
// see, filtered by status and range in SQL.
func (s *Service) PayRunInclusions(ctx context.Context, biz business.Business, p *payroll.Principal, iq InclusionsQuery) (_ []Inclusion, err error) {
	defer payroll.Wrap(&err, "pay run inclusions report of business %d", biz.ID)
	status := "All"
	if iq.Status != "" {
		var ok bool
		if status, ok = record.Canonical(inclusionStatuses, iq.Status); !ok {
			return nil, payroll.Invalid("status", "status must be All, Active or Expired")
		}
	}
	var b Args
	where, err := s.EmployeeScope(ctx, biz, p, iq.Filter, &b)
	if err != nil {
		return nil, err
	}
	where += " AND i.business_id = e.business_id"
	if !iq.From.IsZero() {
		where += " AND (i.expiry_date IS NULL OR i.expiry_date >= " + b.Bind(payroll.DateOnly(iq.From)) + ")"
	}
	if !iq.To.IsZero() {
		where += " AND i.from_date <= " + b.Bind(payroll.DateOnly(iq.To)) // from_date is a day
	}
	today := payroll.DateOnly(s.Clock.Now())
	switch status {
	case "Active":
		where += " AND i.from_date <= " + b.Bind(today) + " AND (i.expiry_date IS NULL OR i.expiry_date >= " + b.Bind(today) + ")" +
			" AND (i.maximum_amount_paid IS NULL OR i.total_amount_paid < i.maximum_amount_paid)"
	case "Expired":
		where += " AND ((i.expiry_date IS NOT NULL AND i.expiry_date < " + b.Bind(today) + ") OR (i.maximum_amount_paid IS NOT NULL AND i.total_amount_paid >= i.maximum_amount_paid))"
	}
	q := "SELECT e.id, e.first_name, e.surname, e.external_id, e.primary_location, COALESCE(loc.name, ''), i.kind, COALESCE(c.name, i.name), i.calc_type, i.amount, " +
		"COALESCE(i.units, ''), i.from_date, i.expiry_date, i.maximum_amount_paid, i.total_amount_paid, i.notes, COALESCE(i.super_rate, ''), i.preserved_earnings, i.tax_code, COALESCE(i.tax_rate, '')" +
		" FROM employee_recurring_inclusions i JOIN employees e ON e.id = i.employee_id LEFT JOIN records c ON c.id = i.category_id LEFT JOIN locations loc ON loc.id = i.location_id" +
		where + " ORDER BY e.surname, e.first_name, e.id, i.kind, i.id"
	out := []Inclusion{}
	err = s.Query(ctx, q, b.Values, func(rows *sql.Rows) error {
		var x Inclusion
		var kind, cat, units string
		var amount, total int64
		var from time.Time
		var expiry sql.NullTime
		var maximum sql.NullInt64
		if err := rows.Scan(&x.EmployeeID, &x.FirstName, &x.Surname, &x.ExternalID, &x.PrimaryLocation, &x.Location, &kind, &cat, &x.AmountType, &amount,
			&units, &from, &expiry, &maximum, &total, &x.Notes, &x.SuperRate, &x.PreservedEarnings, &x.TaxCode, &x.TaxRate); err != nil {
			return err
		}
		switch kind {
		case "deduction":
			x.DeductionCategory = cat
		case "liability":
			x.EmployerLiabilityCategory = cat
		case "earnings":
			x.PayCategory = cat
		case "expense":
			x.ExpenseCategory = cat
		}
		x.Amount, x.Paid, x.StartDate = Money(amount), Money(total).String(), payroll.NewDateTime(from).Format(payroll.LocalLayout)
		switch {
		case expiry.Valid:
			x.Expiry = payroll.NewDateTime(expiry.Time).Format(payroll.LocalLayout)
		case maximum.Valid:
			x.Expiry = Money(maximum.Int64).String()
		}
		x.Total = x.Amount.String()
		if units != "" {
			if u, err := payroll.ParseRate(units); err == nil {
				x.Units, x.Rate = u, x.Amount.String()
				x.Total = x.Amount.Mul(u).Cents().String()
			}
		}
		out = append(out, x)
		return nil
	})

	return out, err
}
