package p11d

import (
	"context"
	"database/sql"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
	"github.com/payrolld/payrolld/internal/uk"
	"github.com/payrolld/payrolld/internal/uk/forms"
)

// UKBenefit is a benefit in kind provided to an employee (E/benefit).
type UKBenefit struct {
	ID                     int64             `json:"id"`
	EmployeeID             int64             `json:"employeeId"`
	BenefitCategoryID      int64             `json:"benefitCategoryId"`
	BenefitCategoryName    string            `json:"benefitCategoryName"`
	BenefitType            string            `json:"benefitType" doc:"the category's"`
	PayrollingBenefit      bool              `json:"payrollingBenefit" doc:"the category's: taxed through payroll, not on the P11D"`
	StartDate              payroll.DateTime  `json:"startDate"`
	EndDate                *payroll.DateTime `json:"endDate" nullable:"true"`
	Cost                   payroll.Money     `json:"cost"`
	AmountMadeGood         payroll.Money     `json:"amountMadeGood"`
	CarListPrice           *payroll.Money    `json:"carListPrice" nullable:"true" doc:"cars only"`
	CarOptionalAccessories *payroll.Money    `json:"carOptionalAccessories" nullable:"true" doc:"cars only"`
	CarCapitalContribution *payroll.Money    `json:"carCapitalContribution" nullable:"true" doc:"cars only"`
	Notes                  string            `json:"notes"`
}

// UKBenefitInput creates or replaces a benefit.
type UKBenefitInput struct {
	BenefitCategoryID      int64            `json:"benefitCategoryId" doc:"a benefit category of the business (B/benefitcategory)"`
	StartDate              payroll.DateTime `json:"startDate" doc:"first day provided (required)"`
	EndDate                payroll.DateTime `json:"endDate" required:"false" nullable:"true" doc:"last day provided; none = still provided"`
	Cost                   payroll.Money    `json:"cost" required:"false" doc:"what the employer paid (not for cars)"`
	AmountMadeGood         payroll.Money    `json:"amountMadeGood" required:"false" doc:"what the employee paid back (for a car: payments for private use)"`
	CarListPrice           payroll.Money    `json:"carListPrice" required:"false" doc:"list price of the car when first registered (cars: required, positive)"`
	CarOptionalAccessories payroll.Money    `json:"carOptionalAccessories" required:"false"`
	CarCapitalContribution payroll.Money    `json:"carCapitalContribution" required:"false" doc:"the employee's capital contribution to the car (at most £5,000 counts)"`
	Notes                  string           `json:"notes" required:"false" maxLength:"500"`
}

// Service owns the benefits, P11D returns and the P46(Car) report.
type Service struct {
	DB        *db.DB
	Clock     payroll.Clock
	Employees *employee.Service
	UK        *uk.UKCollections // benefit categories
	Forms     *forms.Service    // the employer and employee blocks of the P11D PDF
}

var ukRegion = []string{"UK"}

func gate(biz business.Business) error {
	if !record.RegionIn(ukRegion, biz.Region) {
		return record.RegionError("benefits in kind", ukRegion, biz)
	}
	return nil
}

func money(v *payroll.Validation, field string, m payroll.Money) {
	uk.UKMoney(v, field, m)
}

func (in *UKBenefitInput) validate(cat uk.UKBenefitCategory) error {
	var v payroll.Validation
	if in.StartDate.IsZero() {
		v.Add("startDate", "startDate is required")
	}
	if !in.EndDate.IsZero() && !in.StartDate.IsZero() && payroll.DateOnly(in.EndDate.Time).Before(payroll.DateOnly(in.StartDate.Time)) {
		v.Add("endDate", "endDate must not be before startDate")
	}
	money(&v, "cost", in.Cost)
	money(&v, "amountMadeGood", in.AmountMadeGood)
	money(&v, "carListPrice", in.CarListPrice)
	money(&v, "carOptionalAccessories", in.CarOptionalAccessories)
	money(&v, "carCapitalContribution", in.CarCapitalContribution)
	if cat.BenefitType == "CarsAndCarFuel" {
		if !in.CarListPrice.IsPos() {
			v.Add("carListPrice", "carListPrice is required for a car (CarsAndCarFuel) benefit")
		}
	} else if !in.CarListPrice.IsZero() || !in.CarOptionalAccessories.IsZero() || !in.CarCapitalContribution.IsZero() {
		v.Add("carListPrice", "car members apply only to a CarsAndCarFuel benefit category")
	}
	in.Notes = strings.TrimSpace(in.Notes)
	v.MaxLen("notes", in.Notes, 500)
	return v.Err()
}

// category loads the benefit category (400 naming benefitCategoryId when
// the business has none with that id).
func (s *Service) category(ctx context.Context, q *store.Queries, biz business.Business, id int64) (uk.UKBenefitCategory, error) {
	if id <= 0 {
		return uk.UKBenefitCategory{}, payroll.Invalid("benefitCategoryId", "benefitCategoryId is required")
	}
	c, err := s.UK.BenefitCategories.Load(ctx, q, biz.ID, 0, id)
	if payroll.KindOf(err) == payroll.KindNotFound {
		return c, payroll.Invalid("benefitCategoryId", "benefitCategoryId %d is not a benefit category of the business", id)
	}
	return c, err
}

func nullDate(d payroll.DateTime) sql.NullTime {
	if d.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: payroll.DateOnly(d.Time), Valid: true}
}

func view(r store.UkEmployeeBenefit, c uk.UKBenefitCategory) UKBenefit {
	b := UKBenefit{ID: r.ID, EmployeeID: r.EmployeeID, BenefitCategoryID: r.BenefitCategoryID, BenefitCategoryName: c.Name, BenefitType: c.BenefitType,
		PayrollingBenefit: c.PayrollingBenefit, StartDate: payroll.NewDateTime(r.StartDate), Cost: payroll.MoneyFromMinor(r.Cost),
		AmountMadeGood: payroll.MoneyFromMinor(r.AmountMadeGood), Notes: r.Notes}
	if r.EndDate.Valid {
		d := payroll.NewDateTime(r.EndDate.Time)
		b.EndDate = &d
	}
	if c.BenefitType == "CarsAndCarFuel" {
		lp, acc, cc := payroll.MoneyFromMinor(r.CarListPrice), payroll.MoneyFromMinor(r.CarAccessories), payroll.MoneyFromMinor(r.CarCapitalContribution)
		b.CarListPrice, b.CarOptionalAccessories, b.CarCapitalContribution = &lp, &acc, &cc
	}
	return b
}

// categories indexes the business's benefit categories by id.
func (s *Service) categories(ctx context.Context, biz business.Business) (map[int64]uk.UKBenefitCategory, error) {
	list, err := s.UK.BenefitCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]uk.UKBenefitCategory, len(list))
	for _, c := range list {
		out[c.ID] = c
	}
	return out, nil
}

// List is the employee's benefits by start date.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []UKBenefit, err error) {
	defer payroll.Wrap(&err, "list benefits of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return nil, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	rows, err := s.DB.Queries().ListUKEmployeeBenefits(ctx, store.ListUKEmployeeBenefitsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	cats, err := s.categories(ctx, biz)
	if err != nil {
		return nil, err
	}
	out := make([]UKBenefit, 0, len(rows))
	for _, r := range rows {
		out = append(out, view(r, cats[r.BenefitCategoryID]))
	}
	return out, nil
}

// Save creates (id 0) or replaces benefit id of the employee.
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64, in UKBenefitInput) (_ UKBenefit, err error) {
	defer payroll.Wrap(&err, "save benefit of employee %d", employeeID)
	if err := gate(biz); err != nil {
		return UKBenefit{}, err
	}
	var out UKBenefit
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		cat, err := s.category(ctx, q, biz, in.BenefitCategoryID)
		if err != nil {
			return err
		}
		if err := in.validate(cat); err != nil {
			return err
		}
		now := s.Clock.Now()
		var row store.UkEmployeeBenefit
		if id == 0 {
			row, err = q.CreateUKEmployeeBenefit(ctx, store.CreateUKEmployeeBenefitParams{BusinessID: biz.ID, EmployeeID: employeeID,
				BenefitCategoryID: cat.ID, StartDate: payroll.DateOnly(in.StartDate.Time), EndDate: nullDate(in.EndDate), Cost: in.Cost.MinorUnits(),
				AmountMadeGood: in.AmountMadeGood.MinorUnits(), CarListPrice: in.CarListPrice.MinorUnits(), CarAccessories: in.CarOptionalAccessories.MinorUnits(),
				CarCapitalContribution: in.CarCapitalContribution.MinorUnits(), Notes: in.Notes, CreatedAt: now})
		} else {
			row, err = q.UpdateUKEmployeeBenefit(ctx, store.UpdateUKEmployeeBenefitParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id,
				BenefitCategoryID: cat.ID, StartDate: payroll.DateOnly(in.StartDate.Time), EndDate: nullDate(in.EndDate), Cost: in.Cost.MinorUnits(),
				AmountMadeGood: in.AmountMadeGood.MinorUnits(), CarListPrice: in.CarListPrice.MinorUnits(), CarAccessories: in.CarOptionalAccessories.MinorUnits(),
				CarCapitalContribution: in.CarCapitalContribution.MinorUnits(), Notes: in.Notes, UpdatedAt: now})
			if db.IsNoRows(err) {
				return payroll.NotFound("benefit")
			}
		}
		if err != nil {
			return err
		}
		out = view(row, cat)
		return nil
	})
	return out, err
}

// Delete removes benefit id of the employee (404 when none). P11D returns
// already built keep it until rebuilt.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete benefit %d", id)
	if err := gate(biz); err != nil {
		return err
	}
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, _ employee.Employee) error {
		n, err := q.DeleteUKEmployeeBenefit(ctx, store.DeleteUKEmployeeBenefitParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: id})
		if err == nil && n == 0 {
			return payroll.NotFound("benefit")
		}
		return err
	})
}
