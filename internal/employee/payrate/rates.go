package payrate

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// PayRate is AuEmployeePayRateModel: what the employee is paid in one
// pay category. rate is the rate before the category's loading,
// calculatedRate after it.
type PayRate struct {
	PayCategoryID        int64         `json:"payCategoryId"`
	PayCategoryName      string        `json:"payCategoryName"`
	IsPrimaryPayCategory bool          `json:"isPrimaryPayCategory"`
	AccruesLeave         bool          `json:"accruesLeave"`
	RateUnit             string        `json:"rateUnit" enum:"Hourly,Annually,Fixed,Daily,Monthly,Weekly"`
	Rate                 payroll.Rate  `json:"rate"`
	CalculatedRate       payroll.Rate  `json:"calculatedRate"`
	HasSuperRateOverride bool          `json:"hasSuperRateOverride"`
	SuperRate            *payroll.Rate `json:"superRate" nullable:"true"`
}

// base is the employee's base rate on a day.
type base struct {
	rate         payroll.Rate
	unit         string
	set          bool
	hoursPerWeek payroll.Rate
	hoursPerDay  payroll.Rate
}

// perYear is how many of unit make a year, given the employee's hours
// (false when the hours needed are missing, or the unit is Fixed).
func (b base) perYear(unit string) (payroll.Rate, bool) {
	switch unit {
	case "Annually":
		return payroll.RateFromInt(1), true
	case "Monthly":
		return payroll.RateFromInt(12), true
	case "Weekly":
		return payroll.RateFromInt(52), true
	case "Hourly":
		if b.hoursPerWeek.IsPos() {
			return b.hoursPerWeek.Mul(payroll.RateFromInt(52)), true
		}
	case "Daily":
		if b.hoursPerWeek.IsPos() && b.hoursPerDay.IsPos() {
			return b.hoursPerWeek.Div(b.hoursPerDay).Mul(payroll.RateFromInt(52)), true
		}
	}
	return payroll.Rate{}, false
}

// convert expresses rate (per from) per to, through a year; unchanged
// (with its own unit) when the hours to convert are missing.
func (b base) convert(rate payroll.Rate, from, to string) (payroll.Rate, string) {
	if from == to || from == "" || to == "" {
		return rate, from
	}
	fy, ok1 := b.perYear(from)
	ty, ok2 := b.perYear(to)
	if !ok1 || !ok2 {
		return rate, from
	}
	return rate.Mul(fy).Div(ty).RoundHalfUp(4), to
}

// inputs is what deriving an employee's rates reads.
type inputs struct {
	emp      employee.Employee
	cats     map[int64]categories.PayCategory
	order    []int64 // category ids in list order
	tmpl     Template
	hasTmpl  bool
	base     base
	primary  int64
	override bool
}

func (s *Service) inputs(ctx context.Context, q *store.Queries, biz business.Business, e employee.Employee, day time.Time) (in inputs, err error) {
	cats, order, err := s.categories(ctx, biz)
	if err != nil {
		return in, err
	}
	tmpl, hasTmpl, err := templateNamed(ctx, q, biz.ID, e.PayRateTemplate)
	if err != nil {
		return in, err
	}
	var sched *store.EmployeePayRateSchedule
	sch, err := q.PayRateScheduleOn(ctx, store.PayRateScheduleOnParams{BusinessID: biz.ID, EmployeeID: e.ID, CommencementDate: day})
	switch {
	case err == nil:
		sched = &sch
	case !db.IsNoRows(err):
		return in, err
	}
	return assemble(e, cats, order, tmpl, hasTmpl, sched), nil
}

// categories are the business's pay categories by id, and their ids in
// list order.
func (s *Service) categories(ctx context.Context, biz business.Business) (map[int64]categories.PayCategory, []int64, error) {
	list, err := s.PayCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, nil, err
	}
	cats := make(map[int64]categories.PayCategory, len(list))
	order := make([]int64, 0, len(list))
	for _, c := range list {
		cats[c.ID] = c
		order = append(order, c.ID)
	}
	return cats, order, nil
}

// assemble is what deriving e's rates on a day needs, from what was read:
// the business's categories, e's template (hasTmpl false: none) and the
// schedule entry in force that day (nil: none).
func assemble(e employee.Employee, cats map[int64]categories.PayCategory, order []int64, tmpl Template, hasTmpl bool, sched *store.EmployeePayRateSchedule) (in inputs) {
	in.emp, in.cats, in.order, in.tmpl, in.hasTmpl = e, cats, order, tmpl, hasTmpl
	m := &e.Members
	if m.HoursPerWeek != nil {
		in.base.hoursPerWeek = *m.HoursPerWeek
	}
	if m.HoursPerDay != nil {
		in.base.hoursPerDay = *m.HoursPerDay
	}
	if m.Rate != nil {
		in.base.rate, in.base.unit, in.base.set = *m.Rate, m.RateUnit, true
	}
	if sched != nil {
		in.base.rate, in.base.unit, in.base.set = emprec.RateOf(sched.Rate), sched.RateUnit, true
	}
	in.override, _ = strconv.ParseBool(strings.TrimSpace(m.OverrideTemplateRate))
	// The primary category: the employee's, else the template's, else the
	// business's primary one.
	switch {
	case e.PrimaryPayCategoryID != 0:
		in.primary = e.PrimaryPayCategoryID
	case in.hasTmpl:
		in.primary = in.tmpl.PrimaryPayCategoryID
	default:
		for _, id := range in.order {
			if in.cats[id].IsPrimary {
				in.primary = id
				break
			}
		}
	}
	return in
}

// rateOf derives the employee's rate in category id.
func (in *inputs) rateOf(id int64, depth int) PayRate {
	pr, _ := in.rateFrom(id, depth)
	return pr
}

// rateFrom is rateOf, and whether the rate is the employee's own (or
// scheduled) base rate expressed in the category's unit.
func (in *inputs) rateFrom(id int64, depth int) (_ PayRate, fromBase bool) {
	c := in.cats[id]
	pr := PayRate{PayCategoryID: id, PayCategoryName: c.Name, IsPrimaryPayCategory: id == in.primary, AccruesLeave: c.AccruesLeave, RateUnit: c.RateUnit}
	var line *TemplateCategory
	if in.hasTmpl {
		for i := range in.tmpl.PayCategories {
			if in.tmpl.PayCategories[i].PayCategoryID == id {
				line = &in.tmpl.PayCategories[i]
			}
		}
	}
	if line != nil && line.SuperRate != nil {
		pr.HasSuperRateOverride, pr.SuperRate = true, line.SuperRate
	}
	ownRate := in.base.set && (!in.hasTmpl || in.override)
	switch {
	case line != nil && !line.UserSuppliedRate.IsZero() && !(ownRate && id == in.primary):
		// The template's rate for the category, in the category's unit.
		pr.Rate = line.UserSuppliedRate
		pr.CalculatedRate = pr.Rate
	case c.ParentID != nil && *c.ParentID != id && depth < 10 && in.cats[*c.ParentID].ID != 0:
		// Derived: the parent's rate, loaded.
		parent := in.rateOf(*c.ParentID, depth+1)
		pr.Rate, pr.RateUnit = parent.CalculatedRate, parent.RateUnit
		pr.CalculatedRate = loaded(parent.CalculatedRate, c.RateLoadingPercent)
	case in.base.set:
		// The employee's own (or scheduled) base rate, in the category's unit.
		pr.Rate, pr.RateUnit = in.base.convert(in.base.rate, in.base.unit, c.RateUnit)
		pr.CalculatedRate = pr.Rate
		fromBase = true
	case line == nil && in.hasTmpl && id != in.tmpl.PrimaryPayCategoryID:
		// Not in the template: the template's primary rate.
		p := in.rateOf(in.tmpl.PrimaryPayCategoryID, depth+1)
		pr.Rate, pr.RateUnit, pr.CalculatedRate = p.CalculatedRate, p.RateUnit, p.CalculatedRate
	}
	if pr.RateUnit == "" {
		pr.RateUnit = "Hourly"
	}
	return pr, fromBase
}

// Rates is E/payrate: the employee's rate in every pay category of the
// business, as of today.
func (s *Service) Rates(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []PayRate, err error) {
	defer payroll.Wrap(&err, "pay rates of employee %d", employeeID)
	e, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	in, err := s.inputs(ctx, q, biz, e, emprec.Date(payroll.NewDateTime(s.Clock.Now())))
	if err != nil {
		return nil, err
	}
	out = make([]PayRate, 0, len(in.order))
	for _, id := range in.order {
		out = append(out, in.rateOf(id, 0))
	}
	return out, nil
}

// RateOn is the employee's rate in pay category categoryID on day, for a
// pay run (the schedule entry in force that day, the template, the
// category's loading). A category of another business is a 404.
func (s *Service) RateOn(ctx context.Context, biz business.Business, employeeID, categoryID int64, day time.Time) (pr PayRate, err error) {
	defer payroll.Wrap(&err, "rate of employee %d in pay category %d", employeeID, categoryID)
	e, err := s.Employees.Load(ctx, biz, employeeID)
	if err != nil {
		return PayRate{}, err
	}
	q := s.Employees.DB.Queries()
	in, err := s.inputs(ctx, q, biz, e, payroll.DateOnly(day))
	if err != nil {
		return PayRate{}, err
	}
	if _, ok := in.cats[categoryID]; !ok {
		return PayRate{}, payroll.NotFound("pay category")
	}
	return in.rateOf(categoryID, 0), nil
}
