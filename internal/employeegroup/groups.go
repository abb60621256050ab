// Package employeegroup is employee groups (B/employeegroup): their
// filters, the matching of employees (the same rule package employee
// turns into SQL for a restricted user's scope) and their storage.
package employeegroup

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Employee filters are shared by employee groups and reporting dimension
// values; their types are Location, LocationOrParents, Employee,
// PaySchedule, EmploymentType, EmployingEntity and Tag. Filters of the id
// types hold record (or employee) ids; EmploymentType holds
// EmploymentTypeEnum names; Tag holds tag names. A filter's value is a
// comma-separated list of them.

// filterSpec is a filter's type and value with the member that holds the
// value, whatever model the filter is in.
type FilterSpec struct{ Field, FilterType, Value string }

// filterRecordKinds maps the filter types whose values are record ids to
// the kind of record (checked to exist in the business).
var filterRecordKinds = map[string]string{
	"Location":          record.KindLocation,
	"LocationOrParents": record.KindLocation,
	"PaySchedule":       record.KindPaySchedule,
	"EmployingEntity":   record.KindEmployingEntity,
}

// EmploymentTypes are the EmploymentTypeEnum names (all regions).
var EmploymentTypes = []string{"Unknown", "FullTime", "PartTime", "LabourHire", "SuperannuationIncomeStream", "Casual",
	"NotApplicable", "IndependentContractor", "Management", "Contract", "Intern", "Other", "Volunteer", "Seasonal", "Consultant"}

// EmployeeGroup is a named set of employees defined by filters
// (AuEmployeeGroupModel); access restrictions and reports use it.
type EmployeeGroup struct {
	record.Base
	Name                      string           `json:"name" maxLength:"100" required:"true"`
	FilterCombinationStrategy string           `json:"filterCombinationStrategy" enum:"Or,And" doc:"Or: an employee matching any filter is in the group; And: all filters. Default Or."`
	Filters                   []EmployeeFilter `json:"filters"`
}

// EmployeeFilter selects employees whose filterType value is (In) or is not
// (NotIn) one of the comma-separated values.
type EmployeeFilter struct {
	FilterType string `json:"filterType" enum:"Location,LocationOrParents,Employee,PaySchedule,EmploymentType,EmployingEntity,Tag"`
	Operator   string `json:"operator" enum:"In,NotIn" doc:"default In"`
	Value      string `json:"value" doc:"comma-separated ids (Location, LocationOrParents, Employee, PaySchedule, EmployingEntity) or names (EmploymentType, Tag)"`
}

// DetailedEmployeeGroup is a group with the employees it matches now
// (AuDetailedEmployeeGroupModel).
type DetailedEmployeeGroup struct {
	EmployeeGroup
	MatchingEmployees []MatchingEmployee `json:"matchingEmployees"`
}

// MatchingEmployee names an employee a group matches.
type MatchingEmployee struct {
	ID         int64  `json:"id"`
	ExternalID string `json:"externalId"`
	Name       string `json:"name"`
}

func (g *EmployeeGroup) RecordName() string { return g.Name }

// RequestExample is a valid create body (the OpenAPI example).
func (EmployeeGroup) RequestExample() any {
	return map[string]any{"name": "Casual staff", "filterCombinationStrategy": "Or", "filters": []any{map[string]any{"filterType": "EmploymentType", "operator": "In", "value": "Casual"}}}
}

// Validate checks the group's own fields and tidies filter values.
func (g *EmployeeGroup) Validate(v *payroll.Validation) {
	v.RequiredMembers(g)
	v.MaxLen("name", g.Name, 100)
	g.FilterCombinationStrategy = record.WithDefault(g.FilterCombinationStrategy, "Or")
	if g.Filters == nil {
		g.Filters = []EmployeeFilter{}
	}
	for i := range g.Filters {
		f := &g.Filters[i]
		f.Operator = record.WithDefault(f.Operator, "In")
		field := fmt.Sprintf("filters[%d].", i)
		f.Value = TidyFilterValue(v, field+"filterType", field+"value", f.FilterType, f.Value)
	}
}

func (g *EmployeeGroup) filterSpecs() []FilterSpec {
	out := make([]FilterSpec, len(g.Filters))
	for i, f := range g.Filters {
		out[i] = FilterSpec{fmt.Sprintf("filters[%d].value", i), f.FilterType, f.Value}
	}
	return out
}

// References names the locations, pay schedules and employing entities
// the filters select by.
func (g *EmployeeGroup) References() []record.Ref { return FilterRefs(g.filterSpecs()) }

func checkEmployeeGroup(ctx context.Context, q *store.Queries, bizID int64, g *EmployeeGroup) error {
	return CheckFilterEmployees(ctx, q, bizID, g.filterSpecs())
}

// tidyFilterValue checks a filter's type and value list and returns the
// list in canonical form ("1,2", "FullTime,Casual"); errors name typeField
// or valueField.
func TidyFilterValue(v *payroll.Validation, typeField, valueField, filterType, value string) string {
	if filterType == "" {
		v.Add(typeField, "filterType is required")
		return value
	}
	items := SplitList(value)
	if len(items) == 0 {
		v.Add(valueField, "value is required")
		return value
	}
	for i, it := range items {
		switch {
		case filterType == "EmploymentType":
			if name, ok := record.Canonical(EmploymentTypes, it); ok {
				items[i] = name
			} else {
				v.Add(valueField, "%q is not an employment type; use %s", it, strings.Join(EmploymentTypes, ", "))
			}
		case filterType == "Tag":
		default: // id types
			if id, err := strconv.ParseInt(it, 10, 64); err != nil || id <= 0 {
				v.Add(valueField, "%s must be comma-separated %s ids; %q is not an id", valueField, filterType, it)
			}
		}
	}
	return strings.Join(items, ",")
}

// filterRefs are the records the filters name.
func FilterRefs(specs []FilterSpec) []record.Ref {
	var refs []record.Ref
	for _, f := range specs {
		if kind, ok := filterRecordKinds[f.FilterType]; ok {
			for _, id := range FilterIDs(f.Value) {
				refs = append(refs, record.Ref{Field: f.Field, Kind: kind, ID: id})
			}
		}
	}
	return refs
}

// checkFilterEmployees checks that the ids of Employee filters are
// employees of the business (employees are not records, so References
// cannot).
func CheckFilterEmployees(ctx context.Context, q *store.Queries, bizID int64, specs []FilterSpec) error {
	for _, f := range specs {
		if f.FilterType != "Employee" {
			continue
		}
		for _, id := range FilterIDs(f.Value) {
			_, err := q.GetEmployee(ctx, store.GetEmployeeParams{ID: id, BusinessID: bizID})
			if db.IsNoRows(err) {
				return payroll.Invalid(f.Field, "employee %d does not exist in this business", id)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func FilterIDs(value string) []int64 {
	var ids []int64
	for _, it := range SplitList(value) {
		if id, err := strconv.ParseInt(it, 10, 64); err == nil {
			ids = append(ids, id)
		}
	}
	return ids
}

func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// GroupCandidate is an employee as employee filters see it.
type GroupCandidate struct {
	ID         int64
	ExternalID string
	Name       string
	// Values holds the employee's values per filter type (ids in decimal,
	// names for EmploymentType and Tag; LocationOrParents includes the
	// ancestors of the employee's locations). A filter type absent from
	// the map is one the employee data cannot answer: its filters match
	// no one, whatever their operator.
	Values map[string][]string
}

// Matches reports whether the filter selects the candidate.
func (f EmployeeFilter) Matches(c GroupCandidate) bool {
	have, known := c.Values[f.FilterType]
	if !known {
		return false
	}
	hit := false
	for _, want := range SplitList(f.Value) {
		for _, h := range have {
			hit = hit || strings.EqualFold(h, want)
		}
	}
	return hit != (f.Operator == "NotIn")
}

// Matches reports whether the group includes the candidate; a group
// without filters includes no one.
func (g *EmployeeGroup) Matches(c GroupCandidate) bool {
	if len(g.Filters) == 0 {
		return false
	}
	all := g.FilterCombinationStrategy == "And"
	for _, f := range g.Filters {
		if f.Matches(c) != all {
			return !all
		}
	}
	return all
}

// minimalGroupCandidates reads the candidates from the employees table as
// it is today: only the Employee filter type can be answered (employees
// have no location, pay schedule, employment type, employing entity or
// tag columns yet). The employee area replaces CoreCollections.GroupCandidates
// when it adds them.
func minimalGroupCandidates(ctx context.Context, q *store.Queries, bizID int64) ([]GroupCandidate, error) {
	rows, err := q.ListEmployeesForGroupMatching(ctx, bizID)
	if err != nil {
		return nil, err
	}
	out := make([]GroupCandidate, len(rows))
	for i, r := range rows {
		out[i] = GroupCandidate{ID: r.ID, ExternalID: r.ExternalID, Name: strings.TrimSpace(r.FirstName + " " + r.Surname),
			Values: map[string][]string{"Employee": {strconv.FormatInt(r.ID, 10)}}}
	}
	return out, nil
}

// EmployeeGroupDetail returns a group with the employees it matches.
func (c *GroupCollections) EmployeeGroupDetail(ctx context.Context, biz business.Business, id int64) (DetailedEmployeeGroup, error) {
	g, err := c.EmployeeGroups.Get(ctx, biz, 0, id)
	if err != nil {
		return DetailedEmployeeGroup{}, err
	}
	members, err := c.GroupMembers(ctx, biz, &g)
	return DetailedEmployeeGroup{EmployeeGroup: g, MatchingEmployees: members}, err
}

// GroupMembers lists the employees of the business group g matches now.
func (c *GroupCollections) GroupMembers(ctx context.Context, biz business.Business, g *EmployeeGroup) ([]MatchingEmployee, error) {
	candidates, err := c.GroupCandidates(ctx, c.EmployeeGroups.S.DB.Queries(), biz.ID)
	if err != nil {
		return nil, err
	}
	out := []MatchingEmployee{}
	for _, e := range candidates {
		if g.Matches(e) {
			out = append(out, MatchingEmployee{ID: e.ID, ExternalID: e.ExternalID, Name: e.Name})
		}
	}
	return out, nil
}

// GroupCollections holds the employee groups (saved employee filters).
type GroupCollections struct {
	EmployeeGroups record.Collection[EmployeeGroup, *EmployeeGroup]
	// GroupCandidates lists the employees employee groups are matched against.
	// The default reads the minimal employees table; the employee area
	// swaps in a reader that also fills locations, pay schedules,
	// employment types, employing entities and tags.
	GroupCandidates func(ctx context.Context, q *store.Queries, bizID int64) ([]GroupCandidate, error)
}

func NewGroupCollections(s *record.Service) *GroupCollections {
	return &GroupCollections{
		EmployeeGroups: record.Collection[EmployeeGroup, *EmployeeGroup]{S: s, Kind: record.KindEmployeeGroup, Label: "employee group", UniqueName: true,
			Check: checkEmployeeGroup},
		GroupCandidates: minimalGroupCandidates,
	}
}
