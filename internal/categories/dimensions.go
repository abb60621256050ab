package categories

import (
	"context"
	"fmt"

	"github.com/payrolld/payrolld/internal/employeegroup"
	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Dimension is a reporting dimension (cost centre, project, ...) whose
// values earnings can be split by (ReportingDimensionApiModel).
type Dimension struct {
	record.Base
	Name       string `json:"name" maxLength:"100" required:"true"`
	ExternalID string `json:"externalId" maxLength:"50"`
	Source     string `json:"source"`
}

func (d *Dimension) RecordName() string       { return d.Name }
func (d *Dimension) RecordExternalID() string { return d.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (Dimension) RequestExample() any {
	return map[string]any{"name": "Cost centre"}
}

// Validate checks the dimension's own fields.
func (d *Dimension) Validate(v *payroll.Validation) {
	d.Source = record.WithDefault(d.Source, "None")
	v.RequiredMembers(d)
	v.MaxLen("name", d.Name, 100)
	v.MaxLen("externalId", d.ExternalID, 50)
}

// DimensionValue is one value of a dimension, available to all employees,
// to specific ones, or to those its filters select
// (ReportingDimensionValueApiModel).
type DimensionValue struct {
	record.Base
	Name                      string                 `json:"name" maxLength:"100" required:"true"`
	ExternalID                string                 `json:"externalId" maxLength:"50"`
	Source                    string                 `json:"source"`
	ReportingDimensionID      int64                  `json:"reportingDimensionId" readOnly:"true" doc:"the dimension of the path"`
	AllEmployees              bool                   `json:"allEmployees" doc:"available to every employee; default true when neither specificEmployees nor filters are given"`
	SpecificEmployees         string                 `json:"specificEmployees" doc:"comma-separated employee ids the value is available to"`
	FilterCombinationStrategy string                 `json:"filterCombinationStrategy" enum:"Or,And"`
	Filters                   []DimensionValueFilter `json:"filters"`
}

// DimensionValueFilter selects the employees a dimension value is
// available to, as an employee group filter with operator In.
type DimensionValueFilter struct {
	FilterType string `json:"filterType" enum:"Location,LocationOrParents,Employee,PaySchedule,EmploymentType,EmployingEntity,Tag"`
	Value      string `json:"value"`
}

func (d *DimensionValue) RecordName() string       { return d.Name }
func (d *DimensionValue) RecordExternalID() string { return d.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (DimensionValue) RequestExample() any {
	return map[string]any{"name": "Warehouse"}
}

// Validate checks the value's own fields and tidies the employee lists.
func (d *DimensionValue) Validate(v *payroll.Validation) {
	d.Source = record.WithDefault(d.Source, "None")
	v.RequiredMembers(d)
	v.MaxLen("name", d.Name, 100)
	v.MaxLen("externalId", d.ExternalID, 50)
	d.FilterCombinationStrategy = record.WithDefault(d.FilterCombinationStrategy, "Or")
	if d.Filters == nil {
		d.Filters = []DimensionValueFilter{}
	}
	if d.SpecificEmployees != "" {
		d.SpecificEmployees = employeegroup.TidyFilterValue(v, "specificEmployees", "specificEmployees", "Employee", d.SpecificEmployees)
	}
	for i := range d.Filters {
		f := &d.Filters[i]
		field := fmt.Sprintf("filters[%d].", i)
		f.Value = employeegroup.TidyFilterValue(v, field+"filterType", field+"value", f.FilterType, f.Value)
	}
	// A value nobody may use is never what is meant.
	if !d.AllEmployees && d.SpecificEmployees == "" && len(d.Filters) == 0 {
		d.AllEmployees = true
	}
	d.ReportingDimensionID = 0 // the parent record decides; filled on read
}

// filterSpecs are the value's filters plus specificEmployees as an
// Employee filter.
func (d *DimensionValue) filterSpecs() []employeegroup.FilterSpec {
	out := []employeegroup.FilterSpec{{Field: "specificEmployees", FilterType: "Employee", Value: d.SpecificEmployees}}
	for i, f := range d.Filters {
		out = append(out, employeegroup.FilterSpec{Field: fmt.Sprintf("filters[%d].value", i), FilterType: f.FilterType, Value: f.Value})
	}
	return out
}

// References names the records the filters select by.
func (d *DimensionValue) References() []record.Ref { return employeegroup.FilterRefs(d.filterSpecs()) }

func checkDimensionValue(ctx context.Context, q *store.Queries, bizID int64, d *DimensionValue) error {
	return employeegroup.CheckFilterEmployees(ctx, q, bizID, d.filterSpecs())
}

// decorateDimensionValues fills reportingDimensionId from the record's
// parent.
func decorateDimensionValues(ctx context.Context, q *store.Queries, bizID int64, items []DimensionValue) error {
	for i := range items {
		r, err := q.GetRecord(ctx, store.GetRecordParams{ID: items[i].ID, BusinessID: bizID, Kind: record.KindDimensionValue})
		if err != nil {
			return err
		}
		items[i].ReportingDimensionID = r.ParentID
	}
	return nil
}

// DeleteDimension deletes a dimension together with its values (as the
// reference API does); if any value is in use (e.g. by an earnings line
// split) nothing is deleted and the answer is 409.
func (c *CoreCollections) DeleteDimension(ctx context.Context, biz business.Business, id int64) error {
	return c.Dimensions.S.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := c.Dimensions.Load(ctx, q, biz.ID, 0, id); err != nil {
			return err
		}
		values, err := q.ListRecordsOfParent(ctx, store.ListRecordsOfParentParams{BusinessID: biz.ID, Kind: record.KindDimensionValue, ParentID: id})
		if err != nil {
			return err
		}
		for _, v := range values {
			if err := c.DimensionValues.DeleteInTx(ctx, q, biz.ID, v.ID); err != nil {
				return err
			}
		}
		return c.Dimensions.DeleteInTx(ctx, q, biz.ID, id)
	})
}
