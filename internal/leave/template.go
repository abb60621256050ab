package leave

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// AllowanceTemplate is a leave allowance template (AuLeaveAllowanceTemplateModel):
// the allowances of a set of leave categories, assigned to employees.
type AllowanceTemplate struct {
	record.Base
	Name                                    string                      `json:"name" maxLength:"100"`
	ExternalID                              string                      `json:"externalId" maxLength:"50"`
	Source                                  string                      `json:"source"`
	LeaveLoadingCalculatedFromPayCategoryID *int64                      `json:"leaveLoadingCalculatedFromPayCategoryId" nullable:"true"`
	LeaveCategories                         []AllowanceTemplateCategory `json:"leaveCategories"`
	AwardID                                 *int64                      `json:"awardId" nullable:"true" doc:"awards are not available in this service: must be empty"`
	AwardName                               string                      `json:"awardName" readOnly:"true"`
	LeaveYearStart                          payroll.DateTime            `json:"leaveYearStart" nullable:"true"`
	LeaveAccrualStartDateType               string                      `json:"leaveAccrualStartDateType" enum:"EmployeeStartDate,SpecifiedDate,CalendarYear,CategorySpecificDate"`
}

// AllowanceTemplateCategory is one leave category of a template
// (AuLeaveAllowanceTemplateLeaveCategoryApiModel), the accrual rule
// flattened into members.
type AllowanceTemplateCategory struct {
	LeaveCategoryID                    int64         `json:"leaveCategoryId"`
	LeaveCategoryName                  string        `json:"leaveCategoryName" readOnly:"true"`
	Units                              payroll.Rate  `json:"units"`
	UnitType                           string        `json:"unitType" enum:"Days,Weeks,HoursPerHourWorked,HoursPerPayRun,StandardDays,StandardWeeks,DayPerCalendarDay,DayPerMonth"`
	LeaveUnitType                      string        `json:"leaveUnitType" enum:"Hours,Days,Weeks"`
	LeaveLoading                       payroll.Rate  `json:"leaveLoading"`
	ContingentPeriod                   *payroll.Rate `json:"contingentPeriod" nullable:"true"`
	EntitlementPeriod                  *payroll.Rate `json:"entitlementPeriod" nullable:"true"`
	CanApplyForLeave                   bool          `json:"canApplyForLeave"`
	AccrualRuleLeaveYearOffsetAmount   int           `json:"accrualRuleLeaveYearOffsetAmount"`
	LeaveAccrualRuleAccrualType        string        `json:"leaveAccrualRuleAccrualType" enum:"Ongoing,Yearly,BasedOnLengthOfService"`
	LeaveAccrualRuleCapType            string        `json:"leaveAccrualRuleCapType" enum:"NotLimited,Limited"`
	LeaveAccrualRuleUnitCap            payroll.Rate  `json:"leaveAccrualRuleUnitCap"`
	LeaveAccrualRuleCarryOverBehaviour string        `json:"leaveAccrualRuleCarryOverBehaviour" enum:"CarryEntireAmount,CarryHours"`
	LeaveAccrualRuleCarryOverAmount    payroll.Rate  `json:"leaveAccrualRuleCarryOverAmount"`
	LeaveAccrualRuleAccrueInAdvance    bool          `json:"leaveAccrualRuleAccrueInAdvance"`
}

func (t *AllowanceTemplate) RecordName() string       { return t.Name }
func (t *AllowanceTemplate) RecordExternalID() string { return t.ExternalID }

// Validate checks the template's own members and fills defaults.
func (t *AllowanceTemplate) Validate(v *payroll.Validation) {
	t.Name = strings.TrimSpace(t.Name)
	v.Required("name", t.Name)
	v.MaxLen("name", t.Name, 100)
	v.MaxLen("externalId", t.ExternalID, 50)
	t.LeaveAccrualStartDateType = record.WithDefault(t.LeaveAccrualStartDateType, "EmployeeStartDate")
	t.Source = record.WithDefault(t.Source, "None") // an enum: never ""
	if t.LeaveAccrualStartDateType == "SpecifiedDate" && t.LeaveYearStart.IsZero() {
		v.Add("leaveYearStart", "leaveYearStart is required when leaveAccrualStartDateType is SpecifiedDate")
	}
	if t.AwardID != nil && *t.AwardID != 0 {
		v.Add("awardId", "awards are not available in this service; leave awardId empty")
	}
	t.AwardID, t.AwardName = nil, ""
	if t.LeaveCategories == nil {
		t.LeaveCategories = []AllowanceTemplateCategory{}
	}
	seen := map[int64]bool{}
	for i := range t.LeaveCategories {
		c := &t.LeaveCategories[i]
		f := fmt.Sprintf("leaveCategories[%d].", i)
		if c.LeaveCategoryID <= 0 {
			v.Add(f+"leaveCategoryId", "leaveCategoryId is required")
		} else if seen[c.LeaveCategoryID] {
			v.Add(f+"leaveCategoryId", "leave category %d appears twice", c.LeaveCategoryID)
		}
		seen[c.LeaveCategoryID] = true
		c.LeaveCategoryName = ""
		if c.Units.IsNeg() {
			v.Add(f+"units", "units must not be negative")
		}
		if c.LeaveLoading.IsNeg() || c.LeaveLoading.Cmp(payroll.RateFromInt(100)) > 0 {
			v.Add(f+"leaveLoading", "leaveLoading must be a percentage between 0 and 100")
		}
		if c.LeaveAccrualRuleCapType == "Limited" && !c.LeaveAccrualRuleUnitCap.IsPos() {
			v.Add(f+"leaveAccrualRuleUnitCap", "leaveAccrualRuleUnitCap must be positive when the cap type is Limited")
		}
		if c.LeaveAccrualRuleCarryOverAmount.IsNeg() {
			v.Add(f+"leaveAccrualRuleCarryOverAmount", "leaveAccrualRuleCarryOverAmount must not be negative")
		}
		c.LeaveAccrualRuleAccrualType = record.WithDefault(c.LeaveAccrualRuleAccrualType, "Ongoing")
		c.LeaveAccrualRuleCapType = record.WithDefault(c.LeaveAccrualRuleCapType, "NotLimited")
		c.LeaveAccrualRuleCarryOverBehaviour = record.WithDefault(c.LeaveAccrualRuleCarryOverBehaviour, "CarryEntireAmount")
	}
}

// References names the leave categories and the leave loading pay category.
func (t *AllowanceTemplate) References() []record.Ref {
	refs := []record.Ref{{Field: "leaveLoadingCalculatedFromPayCategoryId", Kind: record.KindPayCategory, ID: record.Deref(t.LeaveLoadingCalculatedFromPayCategoryID)}}
	for _, c := range t.LeaveCategories {
		refs = append(refs, record.Ref{Field: "leaveCategories", Kind: record.KindLeaveCategory, ID: c.LeaveCategoryID})
	}
	return refs
}

// checkTemplate fills the unit types a template's category omits from
// the leave category itself (enums are never empty on the wire) and checks
// each category's allowance as assigning the template will, so a template
// stored is one every employee can be given.
func checkTemplate(ctx context.Context, q *store.Queries, bizID int64, t *AllowanceTemplate) error {
	for i := range t.LeaveCategories {
		c := &t.LeaveCategories[i]
		r, err := q.GetRecord(ctx, store.GetRecordParams{ID: c.LeaveCategoryID, BusinessID: bizID, Kind: record.KindLeaveCategory})
		if db.IsNoRows(err) {
			return payroll.Invalid(fmt.Sprintf("leaveCategories[%d].leaveCategoryId", i), "there is no leave category %d in this business", c.LeaveCategoryID)
		}
		if err != nil {
			return err
		}
		var cat categories.LeaveCategory
		if err := json.Unmarshal([]byte(r.Data), &cat); err != nil {
			return err
		}
		c.UnitType = record.WithDefault(c.UnitType, record.WithDefault(cat.UnitType, "HoursPerHourWorked"))
		c.LeaveUnitType = record.WithDefault(c.LeaveUnitType, unitOf(cat))
		a := c.allowance(cat)
		if err := checkAllowance(fmt.Sprintf("leaveCategories[%d].", i), &a, cat); err != nil {
			return err
		}
	}
	return nil
}

// decorateTemplates fills the category names and the units defaults of
// the template's categories from the categories themselves.
func decorateTemplates(ctx context.Context, q *store.Queries, bizID int64, items []AllowanceTemplate) error {
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindLeaveCategory})
	if err != nil {
		return err
	}
	names := make(map[int64]string, len(rows))
	for _, r := range rows {
		names[r.ID] = r.Name
	}
	for i := range items {
		// Templates stored before source had its default.
		items[i].Source = record.WithDefault(items[i].Source, "None")
		for j := range items[i].LeaveCategories {
			c := &items[i].LeaveCategories[j]
			c.LeaveCategoryName = names[c.LeaveCategoryID]
		}
	}
	return nil
}

// allowanceOf is the allowance a template gives for one category.
func (c AllowanceTemplateCategory) allowance(cat categories.LeaveCategory) Allowance {
	a := Allowance{LeaveCategoryID: strconv.FormatInt(c.LeaveCategoryID, 10), Units: c.Units, UnitType: c.UnitType, LeaveUnitType: c.LeaveUnitType,
		AutomaticallyAccrues: cat.AutomaticallyAccrues, CanApplyForLeave: c.CanApplyForLeave, LeaveLoading: c.LeaveLoading,
		LeaveAccrualRule: &categories.LeaveAccrualRule{LeaveYearOffsetAmount: &c.AccrualRuleLeaveYearOffsetAmount, CapType: c.LeaveAccrualRuleCapType,
			UnitCap: c.LeaveAccrualRuleUnitCap, CarryOverBehaviour: c.LeaveAccrualRuleCarryOverBehaviour, CarryOverAmount: c.LeaveAccrualRuleCarryOverAmount,
			AccrueInAdvance: c.LeaveAccrualRuleAccrueInAdvance, AccrualType: c.LeaveAccrualRuleAccrualType}}
	return a
}

// applyTemplate rewrites employee e's allowances from template t.
func (s *Service) applyTemplate(ctx context.Context, q *store.Queries, e employee.Employee, t AllowanceTemplate) error {
	ix, err := s.categoryIndex(ctx, q, e.BusinessID)
	if err != nil {
		return err
	}
	list := make([]Allowance, 0, len(t.LeaveCategories))
	for i, c := range t.LeaveCategories {
		cat, ok := ix.byID[c.LeaveCategoryID]
		if !ok {
			return payroll.Invalid(fmt.Sprintf("leaveCategories[%d].leaveCategoryId", i), "leave category %d no longer exists", c.LeaveCategoryID)
		}
		a := c.allowance(cat)
		if err := checkAllowance(fmt.Sprintf("leaveCategories[%d].", i), &a, cat); err != nil {
			return err
		}
		list = append(list, a)
	}
	return s.replaceAllowances(ctx, q, e, ix, list, t.ID)
}

// AssignTemplate makes template templateID the employee's and rewrites
// the employee's allowances from it.
func (s *Service) AssignTemplate(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, templateID int64) (err error) {
	defer payroll.Wrap(&err, "assign leave allowance template %d to employee %d", templateID, employeeID)
	if err := s.Templates.Gate(biz); err != nil {
		return err
	}
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(q *store.Queries) error {
		t, err := s.Templates.Load(ctx, q, biz.ID, 0, templateID)
		if err != nil {
			return err
		}
		if err := q.AssignLeaveTemplate(ctx, store.AssignLeaveTemplateParams{EmployeeID: employeeID, BusinessID: biz.ID, TemplateID: templateID, AssignedAt: s.Clock.Now()}); err != nil {
			return err
		}
		return s.applyTemplate(ctx, q, e, t)
	})
}

// EmployeeTemplate is the template assigned to the employee (404 when
// none is).
func (s *Service) EmployeeTemplate(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ AllowanceTemplate, err error) {
	defer payroll.Wrap(&err, "leave allowance template of employee %d", employeeID)
	if err := s.Templates.Gate(biz); err != nil {
		return AllowanceTemplate{}, err
	}
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return AllowanceTemplate{}, err
	}
	a, err := s.DB.Queries().GetLeaveTemplateAssignment(ctx, store.GetLeaveTemplateAssignmentParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if db.IsNoRows(err) {
		return AllowanceTemplate{}, payroll.NotFound("leave allowance template of the employee")
	}
	if err != nil {
		return AllowanceTemplate{}, err
	}
	return s.Templates.Get(ctx, biz, 0, a.TemplateID)
}

// ReapplyTemplate rewrites the allowances of every employee assigned to
// the template from its current content, in one transaction; it returns
// how many employees were updated.
func (s *Service) ReapplyTemplate(ctx context.Context, biz business.Business, templateID int64) (n int, err error) {
	defer payroll.Wrap(&err, "reapply leave allowance template %d", templateID)
	if err := s.Templates.Gate(biz); err != nil {
		return 0, err
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		t, err := s.Templates.Load(ctx, q, biz.ID, 0, templateID)
		if err != nil {
			return err
		}
		ids, err := q.ListLeaveTemplateEmployees(ctx, store.ListLeaveTemplateEmployeesParams{BusinessID: biz.ID, TemplateID: templateID})
		if err != nil {
			return err
		}
		for _, id := range ids {
			// A business user reapplies: the trail's channel is Api.
			if err := s.applyTemplate(ctx, q, employee.Employee{ID: id, BusinessID: biz.ID}, t); err != nil {
				return err
			}
		}
		n = len(ids)
		return nil
	})
	return n, err
}
