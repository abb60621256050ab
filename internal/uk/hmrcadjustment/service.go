package hmrcadjustment

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// HmrcAdjustment is a standing HMRC adjustment of an employee.
type HmrcAdjustment struct {
	ID                  int64             `json:"id"`
	EmployeeID          int64             `json:"employeeId"`
	Amount              payroll.Money     `json:"amount" doc:"added to each pay run paid within the dates (may be negative)"`
	Notes               string            `json:"notes"`
	FromDate            payroll.DateTime  `json:"fromDate" doc:"pay runs whose period ends on or after this day carry it"`
	ExpiryDate          *payroll.DateTime `json:"expiryDate" nullable:"true" doc:"pay runs whose period starts after this day do not"`
	MaximumAmountPaid   *payroll.Money    `json:"maximumAmountPaid" nullable:"true" doc:"no more is paid once finalised runs have paid this much"`
	TotalAmountPaid     payroll.Money     `json:"totalAmountPaid" doc:"what finalised pay runs have paid of it"`
	IsActive            bool              `json:"isActive" doc:"not expired and under its maximum"`
	ExternalReferenceID string            `json:"externalReferenceId"`
	Source              string            `json:"source"`
}

// HmrcAdjustmentInput creates an adjustment.
type HmrcAdjustmentInput struct {
	Amount              *payroll.Money   `json:"amount" nullable:"true" doc:"required"`
	Notes               string           `json:"notes" maxLength:"500"`
	FromDate            payroll.DateTime `json:"fromDate" nullable:"true" doc:"required"`
	ExpiryDate          payroll.DateTime `json:"expiryDate" nullable:"true"`
	MaximumAmountPaid   *payroll.Money   `json:"maximumAmountPaid" nullable:"true"`
	ExternalReferenceID string           `json:"externalReferenceId" maxLength:"50"`
	Source              string           `json:"source" maxLength:"50"`
}

// Validate checks the input (400 naming the member).
func (in *HmrcAdjustmentInput) Validate() error {
	var v payroll.Validation
	switch {
	case in.Amount == nil:
		v.Add("amount", "amount is required")
	case in.Amount.IsZero():
		v.Add("amount", "amount must not be zero")
	case !in.Amount.Equal(in.Amount.Cents()):
		v.Add("amount", "amount must be in whole pence")
	}
	if in.FromDate.IsZero() {
		v.Add("fromDate", "fromDate is required")
	}
	if !in.ExpiryDate.IsZero() && !in.FromDate.IsZero() && payroll.DateOnly(in.ExpiryDate.Time).Before(payroll.DateOnly(in.FromDate.Time)) {
		v.Add("expiryDate", "expiryDate must not be before fromDate")
	}
	if m := in.MaximumAmountPaid; m != nil {
		if !m.IsPos() || !m.Equal(m.Cents()) {
			v.Add("maximumAmountPaid", "maximumAmountPaid must be a positive amount in whole pence")
		} else if in.Amount != nil && in.Amount.IsNeg() {
			v.Add("maximumAmountPaid", "a maximum applies to positive adjustments only")
		}
	}
	in.Notes, in.ExternalReferenceID, in.Source = strings.TrimSpace(in.Notes), strings.TrimSpace(in.ExternalReferenceID), strings.TrimSpace(in.Source)
	v.MaxLen("notes", in.Notes, 500)
	v.MaxLen("externalReferenceId", in.ExternalReferenceID, 50)
	v.MaxLen("source", in.Source, 50)
	return v.Err()
}

// Service owns the standing HMRC adjustments.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service // visibility, scope and the per-employee write lock
}

var ukRegion = []string{"UK"}

func gate(biz business.Business) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError("HMRC adjustments", ukRegion, biz)
	}
	return nil
}

// LinePrefix starts the external id of a pay run line paying an
// adjustment ("hmrcadj:<id>"); the queries sum lines by it.
const LinePrefix = "hmrcadj:"

// LineID is the external id of the pay run line paying adjustment id.
func LineID(id int64) string { return fmt.Sprintf("%s%d", LinePrefix, id) }

func view(r store.ListUKHmrcAdjustmentsRow, today time.Time) HmrcAdjustment {
	a := HmrcAdjustment{ID: r.ID, EmployeeID: r.EmployeeID, Amount: payroll.MoneyFromMinor(r.Amount), Notes: r.Notes,
		FromDate: payroll.NewDateTime(r.FromDate), TotalAmountPaid: payroll.MoneyFromMinor(r.TotalPaid),
		ExternalReferenceID: r.ExternalReferenceID, Source: r.Source, IsActive: true}
	if r.ExpiryDate.Valid {
		d := payroll.NewDateTime(r.ExpiryDate.Time)
		a.ExpiryDate = &d
		if r.ExpiryDate.Time.Before(payroll.DateOnly(today)) {
			a.IsActive = false
		}
	}
	if r.MaximumAmountPaid.Valid {
		m := payroll.MoneyFromMinor(r.MaximumAmountPaid.Int64)
		a.MaximumAmountPaid = &m
		if r.TotalPaid >= r.MaximumAmountPaid.Int64 {
			a.IsActive = false
		}
	}
	return a
}

// Create records a standing adjustment; an external reference id already
// used by another of the employee's adjustments is a 409.
func (s *Service) Create(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, in HmrcAdjustmentInput) (_ HmrcAdjustment, err error) {
	defer payroll.Wrap(&err, "create HMRC adjustment of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return HmrcAdjustment{}, err
	}
	if err := in.Validate(); err != nil {
		return HmrcAdjustment{}, err
	}
	params := store.CreateUKHmrcAdjustmentParams{BusinessID: biz.ID, EmployeeID: employeeID, Amount: in.Amount.MinorUnits(), Notes: in.Notes,
		FromDate: payroll.DateOnly(in.FromDate.Time), ExternalReferenceID: in.ExternalReferenceID, Source: in.Source, CreatedAt: s.Clock.Now()}
	if !in.ExpiryDate.IsZero() {
		params.ExpiryDate = sql.NullTime{Time: payroll.DateOnly(in.ExpiryDate.Time), Valid: true}
	}
	if in.MaximumAmountPaid != nil {
		params.MaximumAmountPaid = sql.NullInt64{Int64: in.MaximumAmountPaid.MinorUnits(), Valid: true}
	}
	var id int64
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		row, err := q.CreateUKHmrcAdjustment(ctx, params)
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("the employee already has an HMRC adjustment with externalReferenceId %q", in.ExternalReferenceID)
		}
		id = row.ID
		return err
	})
	if err != nil {
		return HmrcAdjustment{}, err
	}
	return s.Get(ctx, biz, p, employeeID, id)
}

// List is the employee's adjustments, oldest first; externalReferenceID
// (non-empty) keeps the one with that reference.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, externalReferenceID string) (_ []HmrcAdjustment, err error) {
	defer payroll.Wrap(&err, "list HMRC adjustments of employee %d", employeeID)
	return s.list(ctx, biz, p, employeeID, 0, strings.TrimSpace(externalReferenceID))
}

func (s *Service) list(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, ext string) ([]HmrcAdjustment, error) {
	if err := gate(biz); err != nil {
		return nil, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().ListUKHmrcAdjustments(ctx, store.ListUKHmrcAdjustmentsParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id,
		ExternalReferenceID: ext})
	if err != nil {
		return nil, err
	}
	now := s.Clock.Now()
	out := make([]HmrcAdjustment, 0, len(rows))
	for _, r := range rows {
		out = append(out, view(r, now))
	}
	return out, nil
}

// Get is one adjustment (404 when the employee has none with that id).
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (_ HmrcAdjustment, err error) {
	defer payroll.Wrap(&err, "get HMRC adjustment %d", id)
	list, err := s.list(ctx, biz, p, employeeID, id, "")
	if err != nil {
		return HmrcAdjustment{}, err
	}
	if len(list) == 0 || id == 0 {
		return HmrcAdjustment{}, payroll.NotFound("HMRC adjustment")
	}
	return list[0], nil
}

// GetByExternalReference is the adjustment with that external reference
// id (404 when none).
func (s *Service) GetByExternalReference(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, ext string) (_ HmrcAdjustment, err error) {
	defer payroll.Wrap(&err, "get HMRC adjustment %q", ext)
	ext = strings.TrimSpace(ext)
	if ext == "" {
		return HmrcAdjustment{}, payroll.Invalid("externalReferenceId", "externalReferenceId is required")
	}
	list, err := s.list(ctx, biz, p, employeeID, 0, ext)
	if err != nil {
		return HmrcAdjustment{}, err
	}
	if len(list) == 0 {
		return HmrcAdjustment{}, payroll.NotFound("HMRC adjustment")
	}
	return list[0], nil
}

// Delete removes an adjustment; the lines finalised runs paid stay with
// those runs (the pay history is immutable), draft runs drop it when
// recalculated.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete HMRC adjustment %d", id)
	if err := gate(biz); err != nil {
		return err
	}
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		n, err := q.DeleteUKHmrcAdjustment(ctx, store.DeleteUKHmrcAdjustmentParams{ID: id, BusinessID: biz.ID, EmployeeID: employeeID})
		if err == nil && n == 0 {
			return payroll.NotFound("HMRC adjustment")
		}
		return err
	})
}

// RunLine is an adjustment a pay run pays.
type RunLine struct {
	EmployeeID int64
	Amount     payroll.Money
	Notes      string
	ExternalID string
}

// ForRun is what each employee's standing adjustments add to run payRunID
// (period [start, end]): each adjustment within its dates, capped at what
// its maximum leaves after other finalised runs.
func ForRun(ctx context.Context, q *store.Queries, bizID, payRunID int64, start, end time.Time) (map[int64][]RunLine, error) {
	rows, err := q.ListUKHmrcAdjustmentsForRun(ctx, store.ListUKHmrcAdjustmentsForRunParams{BusinessID: bizID, PayRunID: payRunID,
		PeriodEnd: end, PeriodStart: sql.NullTime{Time: payroll.DateOnly(start), Valid: true}})
	if err != nil {
		return nil, err
	}
	out := map[int64][]RunLine{}
	for _, r := range rows {
		amt := r.Amount
		if r.MaximumAmountPaid.Valid {
			amt = min(amt, r.MaximumAmountPaid.Int64-r.TotalPaid)
			if amt <= 0 {
				continue
			}
		}
		notes := r.Notes
		if notes == "" {
			notes = "Standing HMRC adjustment"
		}
		out[r.EmployeeID] = append(out[r.EmployeeID], RunLine{EmployeeID: r.EmployeeID, Amount: payroll.MoneyFromMinor(amt), Notes: notes, ExternalID: LineID(r.ID)})
	}
	return out, nil
}
