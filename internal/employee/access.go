package employee

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employeegroup"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

// Scope is which employees of one business a principal may see and
// change, as a SQL predicate over the employees table (alias e), so lists
// apply it in the same query that pages them.
type Scope struct {
	// All: every employee of the business (unrestricted users, admins).
	All bool
	// Restricted: a business user limited to employee groups / locations.
	Restricted bool
	// EmployeeID: an employee principal, who sees only their own record.
	EmployeeID int64

	groups    []employeegroup.EmployeeGroup
	locations []business.LocationAccess
	children  map[int64][]int64 // location id -> child location ids
}

// sqlArgs collects bound parameters of a statement built in code; add
// returns the placeholder of the value.
type sqlArgs struct{ args []any }

func (a *sqlArgs) add(v any) string {
	a.args = append(a.args, v)
	return "$" + strconv.Itoa(len(a.args))
}

func (a *sqlArgs) list(vs []any) string {
	ph := make([]string, len(vs))
	for i, v := range vs {
		ph[i] = a.add(v)
	}
	return strings.Join(ph, ", ")
}

const sqlFalse, sqlTrue = "1 = 0", "1 = 1"

// ScopeFor decides the scope of p in biz. The HTTP layer has already
// authorised p for the business (business.WithAccess); other callers get
// the same decision from Businesses.Authorize.
func (s *Service) ScopeFor(ctx context.Context, biz business.Business, p *payroll.Principal) (Scope, error) {
	if p == nil {
		return Scope{}, nil
	}
	if p.IsSystemAdmin() {
		return Scope{All: true}, nil
	}
	if p.Kind == payroll.PrincipalBrandAdmin {
		if p.BrandID != 0 && p.BrandID == biz.BrandID {
			return Scope{All: true}, nil
		}
		return Scope{}, nil
	}
	acc, ok := business.AccessFrom(ctx)
	if !ok || acc.Business.ID != biz.ID {
		var err error
		if s.Businesses == nil {
			ok = false
		} else if acc, err = s.Businesses.Authorize(ctx, p, biz.ID); err == nil {
			ok = true
		} else if payroll.KindOf(err) != payroll.KindNotFound {
			return Scope{}, err
		}
	}
	if !ok {
		// No business access: an employee principal sees only themselves.
		r, err := s.DB.Queries().GetEmployeeOfUser(ctx, store.GetEmployeeOfUserParams{BusinessID: biz.ID, UserID: nullID(p.UserID)})
		if db.IsNoRows(err) {
			return Scope{}, nil
		}
		if err != nil {
			return Scope{}, err
		}
		return Scope{EmployeeID: r.ID}, nil
	}
	if acc.Unrestricted {
		return Scope{All: true}, nil
	}
	if acc.SelfEmployeeID != 0 {
		return Scope{EmployeeID: acc.SelfEmployeeID}, nil
	}
	sc := Scope{Restricted: true, locations: acc.Restrictions.LocationAccess}
	q := s.DB.Queries()
	for _, g := range acc.Restrictions.EmployeeGroups {
		grp, err := s.Groups.EmployeeGroups.Load(ctx, q, biz.ID, 0, g.EmployeeGroupID)
		if payroll.KindOf(err) == payroll.KindNotFound {
			continue // a deleted group grants nothing
		}
		if err != nil {
			return Scope{}, err
		}
		sc.groups = append(sc.groups, grp)
	}
	if err := sc.loadTree(ctx, q, biz.ID); err != nil {
		return Scope{}, err
	}
	return sc, nil
}

// GroupScope is the scope "members of employee group groupID" (a list
// filter by group, e.g. filter.employeeGroupId of the timesheet lists). A
// group of another business is NotFound.
func (s *Service) GroupScope(ctx context.Context, biz business.Business, groupID int64) (Scope, error) {
	q := s.DB.Queries()
	grp, err := s.Groups.EmployeeGroups.Load(ctx, q, biz.ID, 0, groupID)
	if err != nil {
		return Scope{}, err
	}
	sc := Scope{Restricted: true, groups: []employeegroup.EmployeeGroup{grp}}
	if err := sc.loadTree(ctx, q, biz.ID); err != nil {
		return Scope{}, err
	}
	return sc, nil
}

// loadTree reads the location tree when a LocationOrParents filter needs it.
func (sc *Scope) loadTree(ctx context.Context, q *store.Queries, bizID int64) error {
	if !sc.needsTree() {
		return nil
	}
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindLocation})
	if err != nil {
		return err
	}
	sc.children = map[int64][]int64{}
	for _, r := range rows {
		var l struct {
			ParentID *int64 `json:"parentId"`
		}
		if json.Unmarshal([]byte(r.Data), &l) == nil && l.ParentID != nil {
			sc.children[*l.ParentID] = append(sc.children[*l.ParentID], r.ID)
		}
	}
	return nil
}

func (sc *Scope) needsTree() bool {
	for _, l := range sc.locations {
		if l.FilterType == "LocationOrParents" {
			return true
		}
	}
	for _, g := range sc.groups {
		for _, f := range g.Filters {
			if f.FilterType == "LocationOrParents" {
				return true
			}
		}
	}
	return false
}

// descendants is ids and every location below them.
func (sc *Scope) descendants(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	var walk func(id int64)
	walk = func(id int64) {
		if seen[id] {
			return
		}
		seen[id] = true
		out = append(out, id)
		for _, c := range sc.children[id] {
			walk(c)
		}
	}
	for _, id := range ids {
		walk(id)
	}
	return out
}

// Where is the scope as a predicate over employees e, its values bound
// through a.
func (sc *Scope) where(a *sqlArgs) string {
	switch {
	case sc.All:
		return sqlTrue
	case sc.EmployeeID != 0:
		return "e.id = " + a.add(sc.EmployeeID)
	case !sc.Restricted:
		return sqlFalse
	}
	var ors []string
	for _, g := range sc.groups {
		ors = append(ors, "("+sc.groupSQL(a, &g)+")")
	}
	for _, l := range sc.locations {
		ids := l.LocationIDs
		if l.FilterType == "LocationOrParents" {
			ids = sc.descendants(ids)
		}
		ors = append(ors, inLocations(a, ids))
	}
	if len(ors) == 0 {
		return sqlFalse
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

func inLocations(a *sqlArgs, ids []int64) string {
	if len(ids) == 0 {
		return sqlFalse
	}
	return "EXISTS (SELECT 1 FROM employee_locations el WHERE el.employee_id = e.id AND el.location_id IN (" + a.list(int64s(ids)) + "))"
}

func int64s(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// groupSQL is an employee group's filters as SQL: the same meaning as
// employeegroup.EmployeeGroup.Matches over GroupCandidates (terminated employees are in
// no group), evaluated by the database.
func (sc *Scope) groupSQL(a *sqlArgs, g *employeegroup.EmployeeGroup) string {
	if len(g.Filters) == 0 {
		return sqlFalse
	}
	return "e.status <> 'Terminated' AND (" + sc.filtersSQL(a, g) + ")"
}

func (sc *Scope) filtersSQL(a *sqlArgs, g *employeegroup.EmployeeGroup) string {
	parts := make([]string, len(g.Filters))
	for i, f := range g.Filters {
		p := sc.filterSQL(a, f)
		if f.Operator == "NotIn" {
			p = "NOT (" + p + ")"
		}
		parts[i] = "(" + p + ")"
	}
	op := " OR "
	if g.FilterCombinationStrategy == "And" {
		op = " AND "
	}
	return strings.Join(parts, op)
}

func (sc *Scope) filterSQL(a *sqlArgs, f employeegroup.EmployeeFilter) string {
	items := employeegroup.SplitList(f.Value)
	switch f.FilterType {
	case "Employee":
		return "e.id IN (" + a.list(int64s(employeegroup.FilterIDs(f.Value))) + ")"
	case "Location":
		return inLocations(a, employeegroup.FilterIDs(f.Value))
	case "LocationOrParents":
		return inLocations(a, sc.descendants(employeegroup.FilterIDs(f.Value)))
	case "PaySchedule":
		return "e.pay_schedule_id IN (" + a.list(int64s(employeegroup.FilterIDs(f.Value))) + ")"
	case "EmploymentType":
		vs := make([]any, len(items))
		for i, it := range items {
			vs[i] = strings.ToLower(it)
		}
		return "LOWER(e.employment_type) IN (" + a.list(vs) + ")"
	case "EmployingEntity":
		vs := make([]any, len(items))
		for i, it := range items {
			vs[i] = it
		}
		return "e.employing_entity_id IN (" + a.list(vs) + ")"
	case "Tag":
		var ors []string
		for _, it := range items {
			ors = append(ors, "('|' || LOWER(REPLACE(e.tags, ',', '|')) || '|') LIKE "+a.add("%|"+strings.ToLower(it)+"|%"))
		}
		if len(ors) == 0 {
			return sqlFalse
		}
		return strings.Join(ors, " OR ")
	}
	return sqlFalse
}

// Visible returns employee employeeID of biz if p may see it; anything
// else (another business's employee, one outside a restricted user's
// groups and locations, another employee for an employee principal) is a
// 404. Other areas call it before touching an employee's sub-records.
func (s *Service) Visible(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (Employee, error) {
	sc, err := s.ScopeFor(ctx, biz, p)
	if err != nil {
		return Employee{}, err
	}
	return s.visibleIn(ctx, s.DB.Queries(), biz, &sc, employeeID)
}

// visibleIn is Visible with a decided scope, reading through q (a
// transaction's queries when writing).
func (s *Service) visibleIn(ctx context.Context, q *store.Queries, biz business.Business, sc *Scope, id int64) (Employee, error) {
	if !sc.All && sc.EmployeeID != id && !sc.Restricted {
		return Employee{}, payroll.NotFound("employee")
	}
	r, err := q.GetEmployee(ctx, store.GetEmployeeParams{ID: id, BusinessID: biz.ID})
	if db.IsNoRows(err) {
		return Employee{}, payroll.NotFound("employee")
	}
	if err != nil {
		return Employee{}, err
	}
	if sc.Restricted {
		ok, err := s.inScope(ctx, biz, sc, id)
		if err != nil {
			return Employee{}, err
		}
		if !ok {
			return Employee{}, payroll.NotFound("employee")
		}
	}
	return fromRow(r), nil
}

// inScope asks the database whether employee id matches the scope.
func (s *Service) inScope(ctx context.Context, biz business.Business, sc *Scope, id int64) (bool, error) {
	var a sqlArgs
	query := "SELECT COUNT(*) FROM employees e WHERE e.id = " + a.add(id) + " AND e.business_id = " + a.add(biz.ID) + " AND " + sc.where(&a)
	var n int64
	if err := s.DB.R.QueryRowContext(ctx, query, a.args...).Scan(&n); err != nil {
		return false, err
	}
	return n > 0, nil
}

// SQL is the scope as a predicate over employees aliased e, its values
// bound as placeholders numbered after args (which it returns extended):
// other areas' lists join employees e and page with the scope in the same
// statement (timesheets).
func (sc *Scope) SQL(args []any) (string, []any) {
	a := sqlArgs{args: args}
	w := sc.where(&a)
	return w, a.args
}
