// Package payrate is what an employee is paid per pay category: pay rate
// templates (B/payratetemplate), the employee's effective-dated base rate
// changes (E/payrateschedule), and the rates derived from them
// (E/payrate, and RateOn for pay runs).
//
// A rate is derived, never copied: the employee's base rate on a day is
// the latest schedule entry commencing on or before it, else the
// employee's own rate. A template (the employee's payRateTemplate) gives
// a rate per pay category; the employee's base rate replaces the
// template's primary rate when the employee has one and overrideTemplateRate
// is true, or the template has no rate for it. A derived pay category (one
// with a parent) is paid its parent's rate times (1 + rateLoadingPercent /
// 100) unless the template supplies its own rate. Rates convert between
// units through a year (52 weeks of hoursPerWeek hours, hoursPerDay-hour
// days, 12 months) and are rounded half up to four decimal places.
package payrate

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// TemplateCategory is one pay category's line of a template
// (PayRateTemplatePayCategoryModel).
type TemplateCategory struct {
	PayCategoryID       int64         `json:"payCategoryId"`
	PayCategoryName     string        `json:"payCategoryName" readOnly:"true"`
	UserSuppliedRate    payroll.Rate  `json:"userSuppliedRate"`
	CalculatedRate      payroll.Rate  `json:"calculatedRate" readOnly:"true"`
	StandardWeeklyHours payroll.Rate  `json:"standardWeeklyHours"`
	SuperRate           *payroll.Rate `json:"superRate" nullable:"true"`
}

// Template is AuPayRateTemplateModel.
type Template struct {
	ID                                     int64              `json:"id"`
	Name                                   string             `json:"name" maxLength:"100"`
	ExternalID                             string             `json:"externalId" maxLength:"50"`
	Source                                 string             `json:"source" maxLength:"50"`
	PrimaryPayCategoryID                   int64              `json:"primaryPayCategoryId"`
	PayCategories                          []TemplateCategory `json:"payCategories"`
	SuperThresholdAmount                   *payroll.Money     `json:"superThresholdAmount" nullable:"true"`
	MaximumQuarterlySuperContributionsBase *payroll.Money     `json:"maximumQuarterlySuperContributionsBase" nullable:"true"`
	ReapplyToLinkedEmployees               bool               `json:"reapplyToLinkedEmployees" doc:"accepted; employees' rates are derived from their template whenever they are read, so linked employees always have the template's current rates"`
}

// Service owns pay rate templates, pay rate schedules and the rates
// derived from them.
type Service struct {
	Employees     *employee.Service
	PayCategories record.Collection[categories.PayCategory, *categories.PayCategory]
	Clock         payroll.Clock
}

func templateFromRow(r store.PayRateTemplate, lines []store.PayRateTemplateCategory) Template {
	t := Template{ID: r.ID, Name: r.Name, ExternalID: r.ExternalID, Source: r.Source, PrimaryPayCategoryID: r.PrimaryPayCategoryID,
		SuperThresholdAmount: emprec.MoneyPtr(r.SuperThresholdAmount), MaximumQuarterlySuperContributionsBase: emprec.MoneyPtr(r.MaximumQuarterlySuperContributionsBase),
		PayCategories: []TemplateCategory{}}
	for _, l := range lines {
		t.PayCategories = append(t.PayCategories, TemplateCategory{PayCategoryID: l.PayCategoryID, UserSuppliedRate: emprec.RateOf(l.UserSuppliedRate),
			StandardWeeklyHours: emprec.RateOf(l.StandardWeeklyHours), SuperRate: emprec.RatePtr(l.SuperRate)})
	}
	return t
}

// decorate fills each line's category name and calculated rate.
func decorate(t *Template, cats map[int64]categories.PayCategory) {
	supplied := map[int64]payroll.Rate{}
	for _, l := range t.PayCategories {
		if !l.UserSuppliedRate.IsZero() {
			supplied[l.PayCategoryID] = l.UserSuppliedRate
		}
	}
	for i := range t.PayCategories {
		l := &t.PayCategories[i]
		l.PayCategoryName = cats[l.PayCategoryID].Name
		l.CalculatedRate = templateRate(l.PayCategoryID, t.PrimaryPayCategoryID, supplied, cats, 0)
	}
}

// templateRate is a category's rate in a template: its supplied rate, or
// (derived) its parent's times the loading, or the primary category's.
func templateRate(id, primary int64, supplied map[int64]payroll.Rate, cats map[int64]categories.PayCategory, depth int) payroll.Rate {
	if r, ok := supplied[id]; ok {
		return r
	}
	c, ok := cats[id]
	if depth > 10 || !ok {
		return payroll.Rate{}
	}
	if c.ParentID != nil && *c.ParentID != id {
		return loaded(templateRate(*c.ParentID, primary, supplied, cats, depth+1), c.RateLoadingPercent)
	}
	return payroll.Rate{}
}

// loaded is rate times (1 + loading%), four decimals half up.
func loaded(rate, loadingPercent payroll.Rate) payroll.Rate {
	return rate.Mul(payroll.RateFromInt(1).Add(payroll.Percent(loadingPercent))).RoundHalfUp(4)
}

func (s *Service) categoryMap(ctx context.Context, biz business.Business) (map[int64]categories.PayCategory, error) {
	list, err := s.PayCategories.List(ctx, biz, 0)
	if err != nil {
		return nil, err
	}
	m := make(map[int64]categories.PayCategory, len(list))
	for _, c := range list {
		m[c.ID] = c
	}
	return m, nil
}

func (t *Template) normalise(cats map[int64]categories.PayCategory) error {
	var v payroll.Validation
	t.Name = strings.TrimSpace(t.Name)
	t.ExternalID = strings.TrimSpace(t.ExternalID)
	v.Required("name", t.Name)
	v.MaxLen("name", t.Name, 100)
	v.MaxLen("externalId", t.ExternalID, 50)
	v.MaxLen("source", t.Source, 50)
	if _, ok := cats[t.PrimaryPayCategoryID]; !ok {
		v.Add("primaryPayCategoryId", "primaryPayCategoryId: there is no pay category %d in this business", t.PrimaryPayCategoryID)
	}
	if t.SuperThresholdAmount != nil {
		emprec.Money(&v, "superThresholdAmount", *t.SuperThresholdAmount, false)
	}
	if t.MaximumQuarterlySuperContributionsBase != nil {
		emprec.Money(&v, "maximumQuarterlySuperContributionsBase", *t.MaximumQuarterlySuperContributionsBase, false)
	}
	seen := map[int64]bool{}
	for i, l := range t.PayCategories {
		field := "payCategories"
		if _, ok := cats[l.PayCategoryID]; !ok {
			v.Add(field, "payCategories[%d]: there is no pay category %d in this business", i, l.PayCategoryID)
		} else if seen[l.PayCategoryID] {
			v.Add(field, "payCategories[%d]: pay category %d is listed twice", i, l.PayCategoryID)
		}
		seen[l.PayCategoryID] = true
		emprec.Rate(&v, field, l.UserSuppliedRate, payroll.Rate{})
		emprec.Rate(&v, field, l.StandardWeeklyHours, payroll.RateFromInt(168))
		if l.SuperRate != nil {
			emprec.Rate(&v, field, *l.SuperRate, payroll.RateFromInt(100))
		}
	}
	return v.Err()
}

func (s *Service) loadTemplate(ctx context.Context, q *store.Queries, biz business.Business, id int64) (Template, error) {
	r, err := q.GetPayRateTemplate(ctx, store.GetPayRateTemplateParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return Template{}, payroll.NotFound("pay rate template")
	}
	if err != nil {
		return Template{}, err
	}
	lines, err := q.ListPayRateTemplateCategoriesOf(ctx, id)
	return templateFromRow(r, lines), err
}

// Templates lists the business's templates.
func (s *Service) Templates(ctx context.Context, biz business.Business) (out []Template, err error) {
	defer payroll.Wrap(&err, "list pay rate templates")
	q := s.Employees.DB.Queries()
	rows, err := q.ListPayRateTemplates(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	lines, err := q.ListPayRateTemplateCategories(ctx, biz.ID)
	if err != nil {
		return nil, err
	}
	by := map[int64][]store.PayRateTemplateCategory{}
	for _, l := range lines {
		by[l.TemplateID] = append(by[l.TemplateID], l)
	}
	cats, err := s.categoryMap(ctx, biz)
	if err != nil {
		return nil, err
	}
	out = make([]Template, len(rows))
	for i, r := range rows {
		out[i] = templateFromRow(r, by[r.ID])
		decorate(&out[i], cats)
	}
	return out, nil
}

// Template returns one template.
func (s *Service) Template(ctx context.Context, biz business.Business, id int64) (t Template, err error) {
	defer payroll.Wrap(&err, "get pay rate template %d", id)
	t, err = s.loadTemplate(ctx, s.Employees.DB.Queries(), biz, id)
	if err != nil {
		return t, err
	}
	cats, err := s.categoryMap(ctx, biz)
	decorate(&t, cats)
	return t, err
}

// SaveTemplate creates (id 0) or replaces template id.
func (s *Service) SaveTemplate(ctx context.Context, biz business.Business, id int64, t Template) (out Template, err error) {
	defer payroll.Wrap(&err, "save pay rate template %d", id)
	cats, err := s.categoryMap(ctx, biz)
	if err != nil {
		return Template{}, err
	}
	if err := t.normalise(cats); err != nil {
		return Template{}, err
	}
	now := s.Clock.Now()
	var old Template
	err = s.Employees.DB.InTx(ctx, func(q *store.Queries) error {
		var r store.PayRateTemplate
		var err error
		if id == 0 {
			r, err = q.CreatePayRateTemplate(ctx, store.CreatePayRateTemplateParams{BusinessID: biz.ID, Name: t.Name, NameLower: strings.ToLower(t.Name),
				ExternalID: t.ExternalID, Source: t.Source, PrimaryPayCategoryID: t.PrimaryPayCategoryID, SuperThresholdAmount: emprec.NullMoney(t.SuperThresholdAmount),
				MaximumQuarterlySuperContributionsBase: emprec.NullMoney(t.MaximumQuarterlySuperContributionsBase), CreatedAt: now})
		} else {
			var lerr error
			old, lerr = s.loadTemplate(ctx, q, biz, id)
			if lerr != nil {
				return lerr
			}
			if !strings.EqualFold(old.Name, t.Name) {
				// Employees name their template; renaming one in use would
				// silently unlink them.
				n, cerr := q.CountEmployeesOnPayRateTemplate(ctx, store.CountEmployeesOnPayRateTemplateParams{BusinessID: biz.ID, PayRateTemplate: strings.ToLower(old.Name)})
				if cerr != nil {
					return cerr
				}
				if n > 0 {
					return payroll.Conflict("pay rate template %q is used by %d employee(s) and cannot be renamed", old.Name, n)
				}
			}
			r, err = q.UpdatePayRateTemplate(ctx, store.UpdatePayRateTemplateParams{ID: id, BusinessID: biz.ID, Name: t.Name, NameLower: strings.ToLower(t.Name),
				ExternalID: t.ExternalID, Source: t.Source, PrimaryPayCategoryID: t.PrimaryPayCategoryID, SuperThresholdAmount: emprec.NullMoney(t.SuperThresholdAmount),
				MaximumQuarterlySuperContributionsBase: emprec.NullMoney(t.MaximumQuarterlySuperContributionsBase), UpdatedAt: now})
			if db.IsNoRows(err) {
				return payroll.NotFound("pay rate template")
			}
		}
		if db.IsUniqueViolation(err) {
			return payroll.Conflict("a pay rate template named %q already exists", t.Name)
		}
		if db.IsForeignKeyViolation(err) {
			return payroll.Invalid("primaryPayCategoryId", "the pay category was deleted while the template was saved")
		}
		if err != nil {
			return err
		}
		if err := q.DeletePayRateTemplateCategories(ctx, r.ID); err != nil {
			return err
		}
		for i, l := range t.PayCategories {
			if err := q.AddPayRateTemplateCategory(ctx, store.AddPayRateTemplateCategoryParams{TemplateID: r.ID, PayCategoryID: l.PayCategoryID, Position: int32(i),
				UserSuppliedRate: l.UserSuppliedRate.String(), StandardWeeklyHours: l.StandardWeeklyHours.String(), SuperRate: emprec.NullRate(l.SuperRate)}); err != nil {
				if db.IsForeignKeyViolation(err) {
					return payroll.Invalid("payCategories", "pay category %d was deleted while the template was saved", l.PayCategoryID)
				}
				return err
			}
		}
		if out, err = s.loadTemplate(ctx, q, biz, r.ID); err != nil || id == 0 {
			return err
		}
		return s.auditLinked(ctx, q, biz, old, out)
	})
	decorate(&out, cats)
	return out, err
}

// auditLinked records a change of a template in the audit trail of each
// employee it gives rates to (PayRates section, payRateTemplate[id].member):
// their rates are derived from it, so changing it changes their pay.
func (s *Service) auditLinked(ctx context.Context, q *store.Queries, biz business.Business, before, after Template) error {
	rows, err := q.ListEmployeesOnPayRateTemplate(ctx, store.ListEmployeesOnPayRateTemplateParams{BusinessID: biz.ID, PayRateTemplate: strings.ToLower(after.Name)})
	if err != nil {
		return err
	}
	for _, r := range rows {
		e := employee.Employee{ID: r.ID, BusinessID: biz.ID, UserID: r.UserID.Int64}
		if err := s.Employees.AuditRecord(ctx, q, e, employee.SectionPayRates, "payRateTemplate", after.ID, before, after); err != nil {
			return err
		}
	}
	return nil
}

// DeleteTemplate removes a template no employee names (409 otherwise).
func (s *Service) DeleteTemplate(ctx context.Context, biz business.Business, id int64) (err error) {
	defer payroll.Wrap(&err, "delete pay rate template %d", id)
	return s.Employees.DB.InTx(ctx, func(q *store.Queries) error {
		t, err := s.loadTemplate(ctx, q, biz, id)
		if err != nil {
			return err
		}
		n, err := q.CountEmployeesOnPayRateTemplate(ctx, store.CountEmployeesOnPayRateTemplateParams{BusinessID: biz.ID, PayRateTemplate: strings.ToLower(t.Name)})
		if err != nil {
			return err
		}
		if n > 0 {
			return payroll.Conflict("pay rate template %q is used by %d employee(s) and cannot be deleted", t.Name, n)
		}
		_, err = q.DeletePayRateTemplate(ctx, store.DeletePayRateTemplateParams{ID: id, BusinessID: biz.ID})
		return err
	})
}

// templateNamed returns the business's template with that name (any
// case), with its lines; false when there is none.
func templateNamed(ctx context.Context, q *store.Queries, bizID int64, name string) (Template, bool, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return Template{}, false, nil
	}
	r, err := q.GetPayRateTemplateByName(ctx, store.GetPayRateTemplateByNameParams{BusinessID: bizID, NameLower: strings.ToLower(name)})
	if db.IsNoRows(err) {
		return Template{}, false, nil
	}
	if err != nil {
		return Template{}, false, err
	}
	lines, err := q.ListPayRateTemplateCategoriesOf(ctx, r.ID)
	return templateFromRow(r, lines), err == nil, err
}
