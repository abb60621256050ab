package leave

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/categories"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Allowance is how one leave category accrues for an employee
// (AuLeaveAllowanceModel). leaveCategoryId is a string on the wire: with
// leaveCategoryIdType External it is the category's externalId.
type Allowance struct {
	LeaveCategoryID      string                       `json:"leaveCategoryId"`
	LeaveCategoryName    string                       `json:"leaveCategoryName" readOnly:"true"`
	Units                payroll.Rate                 `json:"units"`
	UnitType             string                       `json:"unitType" enum:"Days,Weeks,HoursPerHourWorked,HoursPerPayRun,StandardDays,StandardWeeks,DayPerCalendarDay,DayPerMonth"`
	LeaveUnitType        string                       `json:"leaveUnitType" enum:"Hours,Days,Weeks"`
	HoursPerYear         payroll.Rate                 `json:"hoursPerYear"`
	AutomaticallyAccrues bool                         `json:"automaticallyAccrues"`
	CanApplyForLeave     bool                         `json:"canApplyForLeave"`
	LeaveLoading         payroll.Rate                 `json:"leaveLoading"`
	LeaveAccrualRule     *categories.LeaveAccrualRule `json:"leaveAccrualRule"`
}

// AllowancesRequest is the body of PUT B/leaveallowances
// (AuLeaveAllowancesRequest): allowances keyed by employee id.
type AllowancesRequest struct {
	EmployeeIDType      string                 `json:"employeeIdType" enum:"Standard,External"`
	LeaveCategoryIDType string                 `json:"leaveCategoryIdType" enum:"Standard,External"`
	LeaveAllowances     map[string][]Allowance `json:"leaveAllowances"`
}

var unitTypes = []string{"Days", "Weeks", "HoursPerHourWorked", "HoursPerPayRun", "StandardDays", "StandardWeeks", "DayPerCalendarDay", "DayPerMonth"}
var leaveUnitTypes = []string{"Hours", "Days", "Weeks"}

func fromAllowanceRow(r store.LeaveAllowance, names map[int64]string) Allowance {
	a := Allowance{LeaveCategoryID: strconv.FormatInt(r.LeaveCategoryID, 10), LeaveCategoryName: names[r.LeaveCategoryID],
		UnitType: r.UnitType, LeaveUnitType: r.LeaveUnitType, AutomaticallyAccrues: r.AutomaticallyAccrues, CanApplyForLeave: r.CanApplyForLeave}
	a.Units, _ = payroll.ParseRate(r.Units)
	a.HoursPerYear, _ = payroll.ParseRate(r.HoursPerYear)
	a.LeaveLoading, _ = payroll.ParseRate(r.LeaveLoading)
	a.LeaveAccrualRule = &categories.LeaveAccrualRule{}
	_ = json.Unmarshal([]byte(r.AccrualRule), a.LeaveAccrualRule)
	return a
}

// categoryIndex is the business's leave categories by id and external id.
type categoryIndex struct {
	byID  map[int64]categories.LeaveCategory
	byExt map[string]categories.LeaveCategory
}

func (s *Service) categoryIndex(ctx context.Context, q *store.Queries, bizID int64) (categoryIndex, error) {
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindLeaveCategory})
	if err != nil {
		return categoryIndex{}, err
	}
	ix := categoryIndex{byID: map[int64]categories.LeaveCategory{}, byExt: map[string]categories.LeaveCategory{}}
	for _, r := range rows {
		c, err := s.Categories.Decode(r)
		if err != nil {
			return categoryIndex{}, err
		}
		ix.byID[c.ID] = c
		if c.ExternalID != "" {
			ix.byExt[strings.ToLower(c.ExternalID)] = c
		}
	}
	return ix, nil
}

func (ix categoryIndex) names() map[int64]string {
	out := make(map[int64]string, len(ix.byID))
	for id, c := range ix.byID {
		out[id] = c.Name
	}
	return out
}

// resolve finds the category an allowance names.
func (ix categoryIndex) resolve(member, idType, ref string) (categories.LeaveCategory, error) {
	ref = strings.TrimSpace(ref)
	if strings.EqualFold(idType, "External") {
		if c, ok := ix.byExt[strings.ToLower(ref)]; ok && ref != "" {
			return c, nil
		}
		return categories.LeaveCategory{}, payroll.Invalid(member, "there is no leave category with externalId %q", ref)
	}
	id, err := strconv.ParseInt(ref, 10, 64)
	if c, ok := ix.byID[id]; err == nil && ok {
		return c, nil
	}
	return categories.LeaveCategory{}, payroll.Invalid(member, "there is no leave category %q in this business", ref)
}

// checkAllowance validates a, defaulting what it omits from its category.
func checkAllowance(prefix string, a *Allowance, c categories.LeaveCategory) error {
	var v payroll.Validation
	a.LeaveCategoryID, a.LeaveCategoryName = strconv.FormatInt(c.ID, 10), c.Name
	if a.UnitType == "" {
		a.UnitType = c.UnitType
	} else if u, ok := record.Canonical(unitTypes, a.UnitType); ok {
		a.UnitType = u
	} else {
		v.Add(prefix+"unitType", "unitType must be one of %s", strings.Join(unitTypes, ", "))
	}
	if a.LeaveUnitType == "" {
		a.LeaveUnitType = unitOf(c)
	} else if u, ok := record.Canonical(leaveUnitTypes, a.LeaveUnitType); ok {
		a.LeaveUnitType = u
	} else {
		v.Add(prefix+"leaveUnitType", "leaveUnitType must be one of Hours, Days, Weeks")
	}
	if a.Units.IsNeg() {
		v.Add(prefix+"units", "units must not be negative")
	}
	if a.UnitType == "HoursPerHourWorked" && a.Units.Cmp(payroll.RateFromInt(1)) > 0 {
		v.Add(prefix+"units", "units must be at most 1 hour per hour worked")
	}
	if a.HoursPerYear.IsNeg() {
		v.Add(prefix+"hoursPerYear", "hoursPerYear must not be negative")
	}
	if a.LeaveLoading.IsNeg() || a.LeaveLoading.Cmp(payroll.RateFromInt(100)) > 0 {
		v.Add(prefix+"leaveLoading", "leaveLoading must be a percentage between 0 and 100")
	}
	if a.LeaveAccrualRule == nil {
		a.LeaveAccrualRule = c.LeaveAccrualRule
	}
	if a.LeaveAccrualRule == nil {
		a.LeaveAccrualRule = &categories.LeaveAccrualRule{}
	}
	rule := *a.LeaveAccrualRule // not the category's own
	a.LeaveAccrualRule = &rule
	r := a.LeaveAccrualRule
	r.ID = 0
	if r.LeaveYearOffsetAmount == nil { // an int32 on the wire: never null
		zero := 0
		r.LeaveYearOffsetAmount = &zero
	}
	r.CapType = record.WithDefault(r.CapType, "NotLimited")
	r.CarryOverBehaviour = record.WithDefault(r.CarryOverBehaviour, "CarryEntireAmount")
	r.AccrualType = record.WithDefault(r.AccrualType, "Ongoing")
	for _, chk := range []struct {
		m, val string
		set    []string
	}{
		{"capType", r.CapType, []string{"NotLimited", "Limited"}},
		{"carryOverBehaviour", r.CarryOverBehaviour, []string{"CarryEntireAmount", "CarryHours"}},
		{"accrualType", r.AccrualType, []string{"Ongoing", "Yearly", "BasedOnLengthOfService"}},
	} {
		if _, ok := record.Canonical(chk.set, chk.val); !ok {
			v.Add(prefix+"leaveAccrualRule."+chk.m, "%s must be one of %s", chk.m, strings.Join(chk.set, ", "))
		}
	}
	if r.UnitCap.IsNeg() || r.CapType == "Limited" && !r.UnitCap.IsPos() {
		v.Add(prefix+"leaveAccrualRule.unitCap", "unitCap must be positive when capType is Limited")
	}
	if r.CarryOverAmount.IsNeg() {
		v.Add(prefix+"leaveAccrualRule.carryOverAmount", "carryOverAmount must not be negative")
	}
	return v.Err()
}

// replaceAllowances stores employee e's allowances in place of the old
// and records the change in e's audit trail: one record per leave
// category, created, changed or removed (every path that writes
// allowances comes here: E/leaveallowances, B/leaveallowances, a leave
// allowance template assigned or reapplied).
func (s *Service) replaceAllowances(ctx context.Context, q *store.Queries, e employee.Employee, ix categoryIndex, list []Allowance, templateID int64) error {
	bizID, employeeID := e.BusinessID, e.ID
	read := func() (map[string]Allowance, []string, error) {
		rows, err := q.ListLeaveAllowances(ctx, store.ListLeaveAllowancesParams{BusinessID: bizID, EmployeeID: employeeID})
		by, order := map[string]Allowance{}, []string{}
		for _, r := range rows {
			a := fromAllowanceRow(r, ix.names())
			by[a.LeaveCategoryID], order = a, append(order, a.LeaveCategoryID)
		}
		return by, order, err
	}
	before, beforeOrder, err := read()
	if err != nil {
		return err
	}
	if err := s.storeAllowances(ctx, q, bizID, employeeID, list, templateID); err != nil {
		return err
	}
	after, afterOrder, err := read()
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, id := range append(beforeOrder, afterOrder...) {
		if seen[id] {
			continue
		}
		seen[id] = true
		var bp, ap *Allowance
		if b, ok := before[id]; ok {
			bp = &b
		}
		if a, ok := after[id]; ok {
			ap = &a
		}
		n, _ := strconv.ParseInt(id, 10, 64)
		if err := s.Employees.AuditRecord(ctx, q, e, employee.SectionLeaveAllowances, "leaveAllowance", n, bp, ap); err != nil {
			return err
		}
	}
	return nil
}

// storeAllowances writes an employee's allowances in place of the old.
func (s *Service) storeAllowances(ctx context.Context, q *store.Queries, bizID, employeeID int64, list []Allowance, templateID int64) error {
	if err := q.DeleteLeaveAllowances(ctx, store.DeleteLeaveAllowancesParams{BusinessID: bizID, EmployeeID: employeeID}); err != nil {
		return err
	}
	now := s.Clock.Now()
	var refs []record.Ref
	seen := map[string]bool{}
	for i, a := range list {
		if seen[a.LeaveCategoryID] {
			return payroll.Invalid(fmt.Sprintf("[%d].leaveCategoryId", i), "leave category %s appears twice", a.LeaveCategoryID)
		}
		seen[a.LeaveCategoryID] = true
		id, _ := strconv.ParseInt(a.LeaveCategoryID, 10, 64)
		rule, _ := json.Marshal(a.LeaveAccrualRule)
		if err := q.InsertLeaveAllowance(ctx, store.InsertLeaveAllowanceParams{BusinessID: bizID, EmployeeID: employeeID, LeaveCategoryID: id,
			Units: a.Units.String(), UnitType: a.UnitType, LeaveUnitType: a.LeaveUnitType, HoursPerYear: a.HoursPerYear.String(),
			AutomaticallyAccrues: a.AutomaticallyAccrues, CanApplyForLeave: a.CanApplyForLeave, LeaveLoading: a.LeaveLoading.String(),
			AccrualRule: string(rule), TemplateID: sql.NullInt64{Int64: templateID, Valid: templateID != 0}, UpdatedAt: now}); err != nil {
			return err
		}
		refs = append(refs, record.Ref{Field: "leaveAllowances", Kind: record.KindLeaveCategory, ID: id})
	}
	// Categories an employee's allowances name cannot be deleted under them.
	return record.SaveRefs(ctx, q, bizID, "leave_allowance", employeeID, refs)
}

// Allowances lists an employee's leave allowances.
func (s *Service) Allowances(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ []Allowance, err error) {
	defer payroll.Wrap(&err, "leave allowances of employee %d", employeeID)
	if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
		return nil, err
	}
	q := s.DB.Queries()
	ix, err := s.categoryIndex(ctx, q, biz.ID)
	if err != nil {
		return nil, err
	}
	rows, err := q.ListLeaveAllowances(ctx, store.ListLeaveAllowancesParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	out := make([]Allowance, len(rows))
	for i, r := range rows {
		out[i] = fromAllowanceRow(r, ix.names())
	}
	return out, nil
}

// SetAllowances replaces an employee's leave allowances (PUT
// E/leaveallowances); leaveCategoryId is a category id.
func (s *Service) SetAllowances(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, list []Allowance) (_ []Allowance, err error) {
	defer payroll.Wrap(&err, "set leave allowances of employee %d", employeeID)
	e, err := s.Employees.Visible(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		ix, err := s.categoryIndex(ctx, q, biz.ID)
		if err != nil {
			return err
		}
		for i := range list {
			prefix := fmt.Sprintf("[%d].", i)
			c, err := ix.resolve(prefix+"leaveCategoryId", "Standard", list[i].LeaveCategoryID)
			if err != nil {
				return err
			}
			if err := checkAllowance(prefix, &list[i], c); err != nil {
				return err
			}
		}
		return s.replaceAllowances(ctx, q, e, ix, list, 0)
	})
	if err != nil {
		return nil, err
	}
	return s.Allowances(ctx, biz, p, employeeID)
}

// BusinessAllowances are the allowances of the employees p may see, keyed
// by employee id (GET B/leaveallowances); employeeID != 0 narrows it to
// one employee (GET B/leaveallowances/{employeeId}).
func (s *Service) BusinessAllowances(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (_ map[string][]Allowance, err error) {
	defer payroll.Wrap(&err, "leave allowances of business %d", biz.ID)
	out := map[string][]Allowance{}
	sc, err := s.Employees.ScopeFor(ctx, biz, p)
	if err != nil {
		return nil, err
	}
	if employeeID != 0 {
		if _, err := s.Employees.Visible(ctx, biz, p, employeeID); err != nil {
			return nil, err
		}
	}
	q := s.DB.Queries()
	ix, err := s.categoryIndex(ctx, q, biz.ID)
	if err != nil {
		return nil, err
	}
	args := []any{biz.ID}
	where := "la.business_id = $1"
	if employeeID != 0 {
		args = append(args, employeeID)
		where += " AND la.employee_id = $2"
	}
	scope, scopeArgs := sc.SQLFrom(len(args) + 1)
	query := `SELECT la.id, la.business_id, la.employee_id, la.leave_category_id, la.units, la.unit_type, la.leave_unit_type, la.hours_per_year,
		la.automatically_accrues, la.can_apply_for_leave, la.leave_loading, la.accrual_rule, la.template_id, la.updated_at
		FROM leave_allowances la JOIN employees e ON e.id = la.employee_id
		WHERE ` + where + ` AND ` + scope + ` ORDER BY la.employee_id, la.leave_category_id`
	rows, err := q.Query(ctx, query, append(args, scopeArgs...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	names := ix.names()
	for rows.Next() {
		var r store.LeaveAllowance
		if err := rows.Scan(&r.ID, &r.BusinessID, &r.EmployeeID, &r.LeaveCategoryID, &r.Units, &r.UnitType, &r.LeaveUnitType, &r.HoursPerYear,
			&r.AutomaticallyAccrues, &r.CanApplyForLeave, &r.LeaveLoading, &r.AccrualRule, &r.TemplateID, &r.UpdatedAt); err != nil {
			return nil, err
		}
		k := strconv.FormatInt(r.EmployeeID, 10)
		out[k] = append(out[k], fromAllowanceRow(r, names))
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if employeeID != 0 && out[strconv.FormatInt(employeeID, 10)] == nil {
		out[strconv.FormatInt(employeeID, 10)] = []Allowance{}
	}
	return out, nil
}

// SetBusinessAllowances replaces the allowances of each employee the
// request names (PUT B/leaveallowances), all in one transaction.
func (s *Service) SetBusinessAllowances(ctx context.Context, biz business.Business, p *payroll.Principal, req AllowancesRequest) (_ map[string][]Allowance, err error) {
	defer payroll.Wrap(&err, "set leave allowances of business %d", biz.ID)
	empType, ok := record.Canonical([]string{"Standard", "External"}, record.WithDefault(req.EmployeeIDType, "Standard"))
	if !ok {
		return nil, payroll.Invalid("employeeIdType", "employeeIdType must be Standard or External")
	}
	catType, ok := record.Canonical([]string{"Standard", "External"}, record.WithDefault(req.LeaveCategoryIDType, "Standard"))
	if !ok {
		return nil, payroll.Invalid("leaveCategoryIdType", "leaveCategoryIdType must be Standard or External")
	}
	if len(req.LeaveAllowances) == 0 {
		return nil, payroll.Invalid("leaveAllowances", "leaveAllowances must name at least one employee")
	}
	keys := make([]string, 0, len(req.LeaveAllowances))
	for k := range req.LeaveAllowances {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	// Resolve every employee (visible to p) before writing anything.
	ids := make(map[string]employee.Employee, len(keys))
	for _, k := range keys {
		member := "leaveAllowances." + k
		var emp employee.Employee
		if empType == "External" {
			e, err := s.Employees.ByExternalID(ctx, biz, p, k)
			if payroll.KindOf(err) == payroll.KindNotFound {
				return nil, payroll.Invalid(member, "there is no employee with externalId %q", k)
			}
			if err != nil {
				return nil, err
			}
			emp = e
		} else {
			n, perr := strconv.ParseInt(strings.TrimSpace(k), 10, 64)
			if perr != nil || n <= 0 {
				return nil, payroll.Invalid(member, "%q is not an employee id", k)
			}
			e, err := s.Employees.Visible(ctx, biz, p, n)
			if payroll.KindOf(err) == payroll.KindNotFound {
				return nil, payroll.Invalid(member, "there is no employee %d in this business", n)
			} else if err != nil {
				return nil, err
			}
			emp = e
		}
		ids[k] = emp
	}
	err = s.DB.InTx(ctx, func(q *store.Queries) error {
		ix, err := s.categoryIndex(ctx, q, biz.ID)
		if err != nil {
			return err
		}
		for _, k := range keys {
			list := req.LeaveAllowances[k]
			for i := range list {
				prefix := fmt.Sprintf("leaveAllowances.%s[%d].", k, i)
				c, err := ix.resolve(prefix+"leaveCategoryId", catType, list[i].LeaveCategoryID)
				if err != nil {
					return err
				}
				if err := checkAllowance(prefix, &list[i], c); err != nil {
					return err
				}
			}
			if err := s.replaceAllowances(ctx, q, ids[k], ix, list, 0); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := map[string][]Allowance{}
	for _, k := range keys {
		list, err := s.Allowances(ctx, biz, p, ids[k].ID)
		if err != nil {
			return nil, err
		}
		out[strconv.FormatInt(ids[k].ID, 10)] = list
	}
	return out, nil
}
