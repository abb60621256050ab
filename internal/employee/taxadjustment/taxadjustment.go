// Package taxadjustment is an employee's recurring PAYG tax adjustments
// (E/taxadjustment, AU): an extra amount withheld each pay run, fixed or
// a percentage of gross or taxable earnings, from a day until an expiry
// day or until a maximum amount has been withheld. Pay runs read the
// adjustments in force (store.ListApplicableTaxAdjustments, in
// internal/payrun) and add a tax adjustment line; finalise adds what was
// withheld to the running total and unlock takes it back.
package taxadjustment

import (
	"context"
	"database/sql"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Types is the published set of adjustmentType.
var Types = []string{"Fixed", "PercentageGross", "PercentageTaxableEarnings"}

// RecurringTaxAdjustment is EmployeeRecurringTaxAdjustmentModel.
type RecurringTaxAdjustment struct {
	ID                int64            `json:"id" readOnly:"true"`
	EmployeeID        int64            `json:"employeeId" readOnly:"true"`
	AdjustmentType    string           `json:"adjustmentType" enum:"Fixed,PercentageGross,PercentageTaxableEarnings"`
	Amount            payroll.Money    `json:"amount" example:"25" doc:"an amount (Fixed) or a percentage (at most 100)"`
	FromDate          payroll.DateTime `json:"fromDate" doc:"the first day it applies (default today)"`
	ExpiryDate        payroll.DateTime `json:"expiryDate" nullable:"true"`
	MaximumAmountPaid *payroll.Money   `json:"maximumAmountPaid" nullable:"true"`
	TotalAmountPaid   payroll.Money    `json:"totalAmountPaid" readOnly:"true"`
	IsActive          bool             `json:"isActive" readOnly:"true"`
	Notes             string           `json:"notes" maxLength:"4000"`
}

// Validate checks a and fills defaults (the type Fixed, the start today).
func (a *RecurringTaxAdjustment) Validate(now payroll.DateTime) error {
	var v payroll.Validation
	a.AdjustmentType = emprec.Enum(&v, "adjustmentType", a.AdjustmentType, Types, "Fixed")
	if emprec.Money(&v, "amount", a.Amount, false) {
		if !a.Amount.IsPos() {
			v.Add("amount", "amount must be more than zero")
		} else if a.AdjustmentType != "Fixed" && payroll.MoneyFromInt(100).Less(a.Amount) {
			v.Add("amount", "amount is a percentage here and must be at most 100")
		}
	}
	if a.MaximumAmountPaid != nil && emprec.Money(&v, "maximumAmountPaid", *a.MaximumAmountPaid, false) && !a.MaximumAmountPaid.IsPos() {
		v.Add("maximumAmountPaid", "maximumAmountPaid must be more than zero (omit it for no maximum)")
	}
	v.MaxLen("notes", a.Notes, 4000)
	emprec.DateRange(&v, &a.FromDate, &a.ExpiryDate, now)
	return v.Err()
}

// Service owns recurring tax adjustments.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

func (s *Service) wire(r store.EmployeeRecurringTaxAdjustment) RecurringTaxAdjustment {
	a := RecurringTaxAdjustment{ID: r.ID, EmployeeID: r.EmployeeID, AdjustmentType: r.AdjustmentType, Amount: payroll.MoneyFromMinor(r.Amount),
		FromDate: payroll.NewDateTime(r.FromDate), ExpiryDate: emprec.DateOf(r.ExpiryDate), MaximumAmountPaid: emprec.MoneyPtr(r.MaximumAmountPaid),
		TotalAmountPaid: payroll.MoneyFromMinor(r.TotalAmountPaid), Notes: r.Notes}
	now := s.Clock.Now()
	today := emprec.Date(payroll.NewDateTime(now))
	a.IsActive = !r.FromDate.After(today) && (!r.ExpiryDate.Valid || !r.ExpiryDate.Time.Before(today)) &&
		(!r.MaximumAmountPaid.Valid || r.TotalAmountPaid < r.MaximumAmountPaid.Int64)
	return a
}

// List returns the employee's adjustments.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []RecurringTaxAdjustment, err error) {
	defer payroll.Wrap(&err, "list tax adjustments of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListTaxAdjustments(ctx, store.ListTaxAdjustmentsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	out = make([]RecurringTaxAdjustment, len(rows))
	for i, r := range rows {
		out[i] = s.wire(r)
	}
	return out, nil
}

// Get returns one adjustment.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (out RecurringTaxAdjustment, err error) {
	defer payroll.Wrap(&err, "get tax adjustment %d", id)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return RecurringTaxAdjustment{}, err
	}
	r, err := q.GetTaxAdjustment(ctx, store.GetTaxAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
	if db.IsNoRows(err) {
		return RecurringTaxAdjustment{}, payroll.NotFound("tax adjustment")
	}
	if err != nil {
		return RecurringTaxAdjustment{}, err
	}
	return s.wire(r), nil
}

func nullMoney(m *payroll.Money) sql.NullInt64 { return emprec.NullMoney(m) }

// Save creates (id 0) or replaces adjustment id; the running total is
// kept, and a maximum below it is a 409.
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, a RecurringTaxAdjustment) (out RecurringTaxAdjustment, err error) {
	defer payroll.Wrap(&err, "save tax adjustment %d of employee %d", id, employeeID)
	if err := a.Validate(payroll.NewDateTime(s.Clock.Now())); err != nil {
		return RecurringTaxAdjustment{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		now := s.Clock.Now()
		if id == 0 {
			r, err := q.CreateTaxAdjustment(ctx, store.CreateTaxAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, AdjustmentType: a.AdjustmentType,
				Amount: a.Amount.MinorUnits(), FromDate: a.FromDate.Time, ExpiryDate: emprec.NullDate(a.ExpiryDate), MaximumAmountPaid: nullMoney(a.MaximumAmountPaid),
				Notes: a.Notes, CreatedAt: now})
			if err != nil {
				return err
			}
			out = s.wire(r)
			return s.Employees.AuditRecord(ctx, q, e, employee.SectionRecurringTransactions, "taxAdjustment", out.ID, nil, out)
		}
		old, err := q.GetTaxAdjustment(ctx, store.GetTaxAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if db.IsNoRows(err) {
			return payroll.NotFound("tax adjustment")
		}
		if err != nil {
			return err
		}
		r, err := q.UpdateTaxAdjustment(ctx, store.UpdateTaxAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id, AdjustmentType: a.AdjustmentType,
			Amount: a.Amount.MinorUnits(), FromDate: a.FromDate.Time, ExpiryDate: emprec.NullDate(a.ExpiryDate), MaximumAmountPaid: nullMoney(a.MaximumAmountPaid),
			Notes: a.Notes, UpdatedAt: now})
		if db.IsNoRows(err) {
			cur, gerr := q.GetTaxAdjustment(ctx, store.GetTaxAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
			if db.IsNoRows(gerr) {
				return payroll.NotFound("tax adjustment")
			}
			if gerr != nil {
				return gerr
			}
			return payroll.Conflict("tax adjustment %d has already withheld %s, more than the new maximumAmountPaid", id, payroll.MoneyFromMinor(cur.TotalAmountPaid))
		}
		if err != nil {
			return err
		}
		out = s.wire(r)
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionRecurringTransactions, "taxAdjustment", id, s.wire(old), out)
	})
	return out, err
}

// Delete removes an adjustment (what finalised runs withheld stays in
// them).
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete tax adjustment %d", id)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		old, err := q.GetTaxAdjustment(ctx, store.GetTaxAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if db.IsNoRows(err) {
			return payroll.NotFound("tax adjustment")
		}
		if err != nil {
			return err
		}
		n, err := q.DeleteTaxAdjustment(ctx, store.DeleteTaxAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if err == nil && n == 0 {
			return payroll.NotFound("tax adjustment")
		}
		if err != nil {
			return err
		}
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionRecurringTransactions, "taxAdjustment", id, s.wire(old), nil)
	})
}
