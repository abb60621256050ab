// Package superadjustment is an AU employee's super adjustments
// (E/superadjustment, EmployeeRecurringSuperAdjustmentModel): extra super
// contributions of a contribution type recorded against the employee
// outside a pay run. A Fixed adjustment is a contribution of amount made
// on fromDate: it counts as paid (totalAmountPaid) and the super
// contributions reports (internal/report/super.go) list it on that day.
// Percentage adjustments need a pay run's earnings, and pay runs do not
// apply them here: they are refused (400) rather than stored to do
// nothing.
package superadjustment

import (
	"context"

	"github.com/payrolld/payrolld/internal/au"
	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// ContributionTypes is the published set of contributionType.
var ContributionTypes = []string{"SuperGuarantee", "SalarySacrifice", "MemberVoluntary", "EmployerContribution", "NonRescEmployerContribution"}

// AdjustmentTypes is the published set of adjustmentType.
var AdjustmentTypes = []string{"Fixed", "PercentageGross", "PercentageOTE", "PercentageTaxableEarnings"}

// SuperAdjustment is EmployeeRecurringSuperAdjustmentModel.
type SuperAdjustment struct {
	ContributionType  string           `json:"contributionType" enum:"SuperGuarantee,SalarySacrifice,MemberVoluntary,EmployerContribution,NonRescEmployerContribution" doc:"default EmployerContribution"`
	AdjustmentType    string           `json:"adjustmentType" enum:"Fixed,PercentageGross,PercentageOTE,PercentageTaxableEarnings" doc:"only Fixed: an amount paid outside a pay run (default)"`
	ID                int64            `json:"id" readOnly:"true"`
	EmployeeID        int64            `json:"employeeId" readOnly:"true"`
	Amount            payroll.Money    `json:"amount" example:"150" doc:"the contribution, more than zero"`
	ExpiryDate        payroll.DateTime `json:"expiryDate" nullable:"true" doc:"optional; not before fromDate"`
	FromDate          payroll.DateTime `json:"fromDate" doc:"the day of the contribution (default today)"`
	MaximumAmountPaid *payroll.Money   `json:"maximumAmountPaid" nullable:"true" doc:"optional; not below amount"`
	TotalAmountPaid   payroll.Money    `json:"totalAmountPaid" readOnly:"true" doc:"what has been contributed: the amount"`
	IsActive          bool             `json:"isActive" readOnly:"true" doc:"fromDate is today or earlier and expiryDate (if any) today or later"`
	Notes             string           `json:"notes" maxLength:"4000"`
}

// Validate checks a and fills defaults (EmployerContribution, Fixed, today).
func (a *SuperAdjustment) Validate(now payroll.DateTime) error {
	var v payroll.Validation
	a.ContributionType = emprec.Enum(&v, "contributionType", a.ContributionType, ContributionTypes, "EmployerContribution")
	a.AdjustmentType = emprec.Enum(&v, "adjustmentType", a.AdjustmentType, AdjustmentTypes, "Fixed")
	if a.AdjustmentType != "" && a.AdjustmentType != "Fixed" {
		v.Add("adjustmentType", "only Fixed super adjustments can be recorded against an employee: percentages are pay run super adjustments (B/payrun/{payRunId}/superadjustments)")
	}
	if emprec.Money(&v, "amount", a.Amount, false) && !a.Amount.IsPos() {
		v.Add("amount", "amount must be more than zero")
	}
	if a.MaximumAmountPaid != nil && emprec.Money(&v, "maximumAmountPaid", *a.MaximumAmountPaid, false) && a.MaximumAmountPaid.Less(a.Amount) {
		v.Add("maximumAmountPaid", "maximumAmountPaid must not be below amount (omit it for no maximum)")
	}
	v.MaxLen("notes", a.Notes, 4000)
	emprec.DateRange(&v, &a.FromDate, &a.ExpiryDate, now)
	return v.Err()
}

// Service owns super adjustments.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

func (s *Service) wire(r store.EmployeeSuperAdjustment) SuperAdjustment {
	a := SuperAdjustment{ID: r.ID, EmployeeID: r.EmployeeID, ContributionType: r.ContributionType, AdjustmentType: r.AdjustmentType,
		Amount: payroll.MoneyFromMinor(r.Amount), FromDate: payroll.NewDateTime(r.FromDate), ExpiryDate: emprec.DateOf(r.ExpiryDate),
		MaximumAmountPaid: emprec.MoneyPtr(r.MaximumAmountPaid), TotalAmountPaid: payroll.MoneyFromMinor(r.TotalAmountPaid), Notes: r.Notes}
	today := emprec.Date(payroll.NewDateTime(s.Clock.Now()))
	a.IsActive = !r.FromDate.After(today) && (!r.ExpiryDate.Valid || !r.ExpiryDate.Time.Before(today))
	return a
}

func region(biz business.Business) error {
	if biz.Region != "AU" {
		return record.RegionError("super adjustments", au.Regions, biz)
	}
	return nil
}

// List returns the employee's adjustments, oldest first.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []SuperAdjustment, err error) {
	defer payroll.Wrap(&err, "list super adjustments of employee %d", employeeID)
	if err := region(biz); err != nil {
		return nil, err
	}
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListSuperAdjustments(ctx, store.ListSuperAdjustmentsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	out = make([]SuperAdjustment, len(rows))
	for i, r := range rows {
		out[i] = s.wire(r)
	}
	return out, nil
}

// Get returns one adjustment.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (out SuperAdjustment, err error) {
	defer payroll.Wrap(&err, "get super adjustment %d", id)
	if err := region(biz); err != nil {
		return SuperAdjustment{}, err
	}
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return SuperAdjustment{}, err
	}
	r, err := q.GetSuperAdjustment(ctx, store.GetSuperAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
	if db.IsNoRows(err) {
		return SuperAdjustment{}, payroll.NotFound("super adjustment")
	}
	if err != nil {
		return SuperAdjustment{}, err
	}
	return s.wire(r), nil
}

// Save creates (id 0) or replaces adjustment id.
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, a SuperAdjustment) (out SuperAdjustment, err error) {
	defer payroll.Wrap(&err, "save super adjustment %d of employee %d", id, employeeID)
	if err := region(biz); err != nil {
		return SuperAdjustment{}, err
	}
	if err := a.Validate(payroll.NewDateTime(s.Clock.Now())); err != nil {
		return SuperAdjustment{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		now := s.Clock.Now()
		if id == 0 {
			r, err := q.CreateSuperAdjustment(ctx, store.CreateSuperAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ContributionType: a.ContributionType,
				AdjustmentType: a.AdjustmentType, Amount: a.Amount.MinorUnits(), FromDate: a.FromDate.Time, ExpiryDate: emprec.NullDate(a.ExpiryDate),
				MaximumAmountPaid: emprec.NullMoney(a.MaximumAmountPaid), TotalAmountPaid: a.Amount.MinorUnits(), Notes: a.Notes, CreatedAt: now})
			if err != nil {
				return err
			}
			out = s.wire(r)
			return s.Employees.AuditRecord(ctx, q, e, employee.SectionRecurringTransactions, "superAdjustment", out.ID, nil, out)
		}
		old, err := q.GetSuperAdjustment(ctx, store.GetSuperAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if db.IsNoRows(err) {
			return payroll.NotFound("super adjustment")
		}
		if err != nil {
			return err
		}
		r, err := q.UpdateSuperAdjustment(ctx, store.UpdateSuperAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id, ContributionType: a.ContributionType,
			AdjustmentType: a.AdjustmentType, Amount: a.Amount.MinorUnits(), FromDate: a.FromDate.Time, ExpiryDate: emprec.NullDate(a.ExpiryDate),
			MaximumAmountPaid: emprec.NullMoney(a.MaximumAmountPaid), TotalAmountPaid: a.Amount.MinorUnits(), Notes: a.Notes, UpdatedAt: now})
		if db.IsNoRows(err) {
			return payroll.NotFound("super adjustment")
		}
		if err != nil {
			return err
		}
		out = s.wire(r)
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionRecurringTransactions, "superAdjustment", id, s.wire(old), out)
	})
	return out, err
}

// Delete removes an adjustment (and its contribution from the reports).
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete super adjustment %d", id)
	if err := region(biz); err != nil {
		return err
	}
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		old, err := q.GetSuperAdjustment(ctx, store.GetSuperAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if db.IsNoRows(err) {
			return payroll.NotFound("super adjustment")
		}
		if err != nil {
			return err
		}
		n, err := q.DeleteSuperAdjustment(ctx, store.DeleteSuperAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if err == nil && n == 0 {
			return payroll.NotFound("super adjustment")
		}
		if err != nil {
			return err
		}
		return s.Employees.AuditRecord(ctx, q, e, employee.SectionRecurringTransactions, "superAdjustment", id, s.wire(old), nil)
	})
}
