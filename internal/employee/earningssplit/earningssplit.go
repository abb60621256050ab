// Package earningssplit is how an employee's earnings lines are split
// (E/earningslinesplit): by location, each location's share a percentage,
// and by reporting dimension values (E/earningslinesplit/dimension). Pay
// runs split each earnings line of the employee by the location shares
// (store.ListEarningsLineSplitsOfRange, in internal/payrun): the money
// exactly, the remainder to the last share.
//
// The published operations take one split per request, so the shares of
// an employee may not total more than 100 (400 naming
// allocatedPercentage); one share may allocateBalance, taking whatever the
// others leave (its own percentage is then ignored). What no share takes
// stays at the line's own location.
package earningssplit

import (
	"context"
	"sort"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/employee"
	"github.com/payrolld/payrolld/internal/emprec"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/record"
	"github.com/payrolld/payrolld/internal/store"
)

var hundred = payroll.RateFromInt(100)

// EarningsLineSplit is EarningsLineSplitApiModel.
type EarningsLineSplit struct {
	LocationID          int64        `json:"locationId"`
	LocationName        string       `json:"locationName"`
	AllocatedPercentage payroll.Rate `json:"allocatedPercentage"`
	AllocateBalance     bool         `json:"allocateBalance"`
}

// EarningsLineSplitEdit is EarningsLineSplitEditModel.
type EarningsLineSplitEdit struct {
	LocationID                 int64        `json:"locationId"`
	AllocatedPercentage        payroll.Rate `json:"allocatedPercentage"`
	AllocateBalance            bool         `json:"allocateBalance"`
	ReportingDimensionValueIDs []int64      `json:"reportingDimensionValueIds" maxItems:"50"`
}

// SplitDimensionValue is ReportingDimensionValueBaseApiModel.
type SplitDimensionValue struct {
	ID                   int64  `json:"id"`
	Name                 string `json:"name"`
	ReportingDimensionID int64  `json:"reportingDimensionId"`
}

// DimensionEarningsLineSplit is DimensionEarningsLineSplitApiModel.
type DimensionEarningsLineSplit struct {
	ID                       int64                 `json:"id"`
	ReportingDimensionValues []SplitDimensionValue `json:"reportingDimensionValues"`
	AllocatedPercentage      payroll.Rate          `json:"allocatedPercentage"`
	AllocateBalance          bool                  `json:"allocateBalance"`
}

// Service owns earnings line splits.
type Service struct {
	Employees *employee.Service
	Clock     payroll.Clock
}

func checkShare(v *payroll.Validation, e EarningsLineSplitEdit) {
	if e.AllocateBalance {
		return
	}
	if emprec.Rate(v, "allocatedPercentage", e.AllocatedPercentage, hundred) && !e.AllocatedPercentage.IsPos() {
		v.Add("allocatedPercentage", "allocatedPercentage must be more than zero (or allocateBalance set)")
	}
}

// total checks the shares sum: at most 100, one balance share.
func total(shares []EarningsLineSplitEdit) error {
	var sum payroll.Rate
	balance := 0
	for _, s := range shares {
		if s.AllocateBalance {
			balance++
			continue
		}
		sum = sum.Add(s.AllocatedPercentage)
	}
	if hundred.Less(sum) {
		return payroll.Invalid("allocatedPercentage", "allocatedPercentage: the employee's splits would total %s%%, more than 100", sum)
	}
	if balance > 1 {
		return payroll.Invalid("allocateBalance", "allocateBalance: only one split may take the balance")
	}
	return nil
}

// List returns the employee's location splits.
func (s *Service) List(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []EarningsLineSplit, err error) {
	defer payroll.Wrap(&err, "earnings line splits of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	return list(ctx, q, biz, employeeID)
}

func list(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64) ([]EarningsLineSplit, error) {
	rows, err := q.ListEarningsLineSplits(ctx, store.ListEarningsLineSplitsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	out := make([]EarningsLineSplit, len(rows))
	for i, r := range rows {
		out[i] = EarningsLineSplit{LocationID: r.LocationID, LocationName: r.LocationName, AllocatedPercentage: emprec.RateOf(r.AllocatedPercentage), AllocateBalance: r.AllocateBalance}
	}
	return out, nil
}

// Get returns the split of one location.
func (s *Service) Get(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, locationID int64) (EarningsLineSplit, error) {
	all, err := s.List(ctx, biz, p, employeeID)
	if err != nil {
		return EarningsLineSplit{}, err
	}
	for _, sp := range all {
		if sp.LocationID == locationID {
			return sp, nil
		}
	}
	return EarningsLineSplit{}, payroll.NotFound("earnings line split")
}

// audit records a change to a split (before nil: added, after nil:
// removed) in the employee's trail, PayRunDefaults section (how the
// employee's earnings are costed), kind[id] named by the location (or the
// dimension split's id).
func (s *Service) audit(ctx context.Context, q *store.Queries, e employee.Employee, kind string, id int64, before, after any) error {
	return s.Employees.AuditRecord(ctx, q, e, employee.SectionPayRunDefaults, kind, id, before, after)
}

// Save adds (create) or changes the split of e.LocationID (locationID for
// an update), under the employee's lock so the total is checked against
// the committed splits.
func (s *Service) Save(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, locationID int64, e EarningsLineSplitEdit, create bool) (out EarningsLineSplit, err error) {
	defer payroll.Wrap(&err, "save earnings line split of employee %d", employeeID)
	if !create {
		e.LocationID = locationID
	}
	var v payroll.Validation
	if e.LocationID <= 0 {
		v.Add("locationId", "locationId is required")
	}
	checkShare(&v, e)
	if err := v.Err(); err != nil {
		return EarningsLineSplit{}, err
	}
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, emp employee.Employee) error {
		if _, err := q.GetRecord(ctx, store.GetRecordParams{ID: e.LocationID, BusinessID: biz.ID, Kind: record.KindLocation}); db.IsNoRows(err) {
			if !create {
				return payroll.NotFound("location")
			}
			return payroll.Invalid("locationId", "locationId: there is no location %d in this business", e.LocationID)
		} else if err != nil {
			return err
		}
		cur, err := list(ctx, q, biz, employeeID)
		if err != nil {
			return err
		}
		shares := []EarningsLineSplitEdit{e}
		exists := false
		var before any
		for _, c := range cur {
			if c.LocationID == e.LocationID {
				exists, before = true, c
				continue
			}
			shares = append(shares, EarningsLineSplitEdit{AllocatedPercentage: c.AllocatedPercentage, AllocateBalance: c.AllocateBalance})
		}
		switch {
		case create && exists:
			return payroll.Conflict("the employee already has an earnings line split for location %d: PUT it", e.LocationID)
		case !create && !exists:
			return payroll.NotFound("earnings line split")
		}
		if err := total(shares); err != nil {
			return err
		}
		pct := e.AllocatedPercentage
		if e.AllocateBalance {
			pct = payroll.Rate{}
		}
		if create {
			err = q.CreateEarningsLineSplit(ctx, store.CreateEarningsLineSplitParams{BusinessID: biz.ID, EmployeeID: employeeID, LocationID: e.LocationID,
				AllocatedPercentage: pct.String(), AllocateBalance: e.AllocateBalance, CreatedAt: s.Clock.Now()})
			if db.IsUniqueViolation(err) {
				return payroll.Conflict("the employee already has an earnings line split for location %d", e.LocationID)
			}
		} else {
			_, err = q.UpdateEarningsLineSplit(ctx, store.UpdateEarningsLineSplitParams{BusinessID: biz.ID, EmployeeID: employeeID, LocationID: e.LocationID,
				AllocatedPercentage: pct.String(), AllocateBalance: e.AllocateBalance})
		}
		if err != nil {
			return err
		}
		all, err := list(ctx, q, biz, employeeID)
		if err != nil {
			return err
		}
		for _, sp := range all {
			if sp.LocationID == e.LocationID {
				out = sp
			}
		}
		return s.audit(ctx, q, emp, "earningsLineSplit", e.LocationID, before, out)
	})
	return out, err
}

// Delete removes the split of a location.
func (s *Service) Delete(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, locationID int64) (err error) {
	defer payroll.Wrap(&err, "delete earnings line split of employee %d", employeeID)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		cur, err := list(ctx, q, biz, employeeID)
		if err != nil {
			return err
		}
		n, err := q.DeleteEarningsLineSplit(ctx, store.DeleteEarningsLineSplitParams{BusinessID: biz.ID, EmployeeID: employeeID, LocationID: locationID})
		if err == nil && n == 0 {
			return payroll.NotFound("earnings line split")
		}
		if err != nil {
			return err
		}
		for _, c := range cur {
			if c.LocationID == locationID {
				return s.audit(ctx, q, e, "earningsLineSplit", locationID, c, nil)
			}
		}
		return nil
	})
}

// Dimensions returns the employee's dimension splits.
func (s *Service) Dimensions(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64) (out []DimensionEarningsLineSplit, err error) {
	defer payroll.Wrap(&err, "dimension splits of employee %d", employeeID)
	_, q, err := s.Employees.ReadRecords(ctx, biz, p, employeeID)
	if err != nil {
		return nil, err
	}
	return dimensions(ctx, q, biz, employeeID)
}

func dimensions(ctx context.Context, q *store.Queries, biz business.Business, employeeID int64) ([]DimensionEarningsLineSplit, error) {
	rows, err := q.ListDimensionSplits(ctx, store.ListDimensionSplitsParams{BusinessID: biz.ID, EmployeeID: employeeID})
	if err != nil {
		return nil, err
	}
	vals, err := q.ListDimensionSplitValues(ctx, employeeID)
	if err != nil {
		return nil, err
	}
	byID := map[int64][]SplitDimensionValue{}
	for _, v := range vals {
		byID[v.SplitID] = append(byID[v.SplitID], SplitDimensionValue{ID: v.DimensionValueID, Name: v.ValueName, ReportingDimensionID: v.DimensionID})
	}
	out := make([]DimensionEarningsLineSplit, len(rows))
	for i, r := range rows {
		vs := byID[r.ID]
		if vs == nil {
			vs = []SplitDimensionValue{}
		}
		out[i] = DimensionEarningsLineSplit{ID: r.ID, ReportingDimensionValues: vs, AllocatedPercentage: emprec.RateOf(r.AllocatedPercentage), AllocateBalance: r.AllocateBalance}
	}
	return out, nil
}

// sameValues: a and the split's values are the same set.
func sameValues(a []int64, vs []SplitDimensionValue) bool {
	if len(a) != len(vs) {
		return false
	}
	b := make([]int64, len(vs))
	for i, v := range vs {
		b[i] = v.ID
	}
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// SaveDimension adds (create) a split for a set of dimension values (one
// per dimension), or changes the split with exactly that set.
func (s *Service) SaveDimension(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID int64, e EarningsLineSplitEdit, create bool) (out DimensionEarningsLineSplit, err error) {
	defer payroll.Wrap(&err, "save dimension split of employee %d", employeeID)
	var v payroll.Validation
	if len(e.ReportingDimensionValueIDs) == 0 {
		v.Add("reportingDimensionValueIds", "reportingDimensionValueIds must name at least one dimension value")
	}
	checkShare(&v, e)
	if err := v.Err(); err != nil {
		return DimensionEarningsLineSplit{}, err
	}
	ids := append([]int64(nil), e.ReportingDimensionValueIDs...)
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	err = s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, emp employee.Employee) error {
		dims := map[int64]int64{}
		for _, id := range ids {
			r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: biz.ID, Kind: record.KindDimensionValue})
			if db.IsNoRows(err) {
				return payroll.Invalid("reportingDimensionValueIds", "reportingDimensionValueIds: there is no dimension value %d in this business", id)
			}
			if err != nil {
				return err
			}
			if _, dup := dims[r.ParentID]; dup {
				return payroll.Invalid("reportingDimensionValueIds", "reportingDimensionValueIds: two values of dimension %d", r.ParentID)
			}
			dims[r.ParentID] = id
		}
		cur, err := dimensions(ctx, q, biz, employeeID)
		if err != nil {
			return err
		}
		shares := []EarningsLineSplitEdit{e}
		var match int64
		var before any
		for _, c := range cur {
			if sameValues(ids, c.ReportingDimensionValues) {
				match, before = c.ID, c
				continue
			}
			shares = append(shares, EarningsLineSplitEdit{AllocatedPercentage: c.AllocatedPercentage, AllocateBalance: c.AllocateBalance})
		}
		switch {
		case create && match != 0:
			return payroll.Conflict("the employee already has a split for these dimension values: PUT it")
		case !create && match == 0:
			return payroll.NotFound("dimension earnings line split")
		}
		if err := total(shares); err != nil {
			return err
		}
		if match != 0 {
			if _, err := q.DeleteDimensionSplit(ctx, store.DeleteDimensionSplitParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: match}); err != nil {
				return err
			}
		}
		pct := e.AllocatedPercentage
		if e.AllocateBalance {
			pct = payroll.Rate{}
		}
		id, err := q.CreateDimensionSplit(ctx, store.CreateDimensionSplitParams{BusinessID: biz.ID, EmployeeID: employeeID, AllocatedPercentage: pct.String(),
			AllocateBalance: e.AllocateBalance, CreatedAt: s.Clock.Now()})
		if err != nil {
			return err
		}
		for dim, val := range dims {
			if err := q.CreateDimensionSplitValue(ctx, store.CreateDimensionSplitValueParams{SplitID: id, EmployeeID: employeeID, DimensionID: dim, DimensionValueID: val}); err != nil {
				return err
			}
		}
		all, err := dimensions(ctx, q, biz, employeeID)
		if err != nil {
			return err
		}
		for _, d := range all {
			if d.ID == id {
				out = d
			}
		}
		// A changed split is stored afresh (a new id): the trail names
		// it by the new id, with the old split's members as before.
		return s.audit(ctx, q, emp, "dimensionEarningsLineSplit", id, before, out)
	})
	return out, err
}

// DimensionByValue returns the split with value valueID of dimension
// dimensionID.
func (s *Service) DimensionByValue(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, dimensionID, valueID int64) (DimensionEarningsLineSplit, error) {
	all, err := s.Dimensions(ctx, biz, p, employeeID)
	if err != nil {
		return DimensionEarningsLineSplit{}, err
	}
	for _, d := range all {
		for _, v := range d.ReportingDimensionValues {
			if v.ID == valueID && v.ReportingDimensionID == dimensionID {
				return d, nil
			}
		}
	}
	return DimensionEarningsLineSplit{}, payroll.NotFound("dimension earnings line split")
}

// DeleteDimensionByValue removes the splits with value valueID of
// dimension dimensionID.
func (s *Service) DeleteDimensionByValue(ctx context.Context, biz business.Business, p *payroll.Principal, employeeID, dimensionID, valueID int64) (err error) {
	defer payroll.Wrap(&err, "delete dimension split of employee %d", employeeID)
	return s.Employees.WriteRecords(ctx, biz, p, employeeID, func(q *store.Queries, e employee.Employee) error {
		all, err := dimensions(ctx, q, biz, employeeID)
		if err != nil {
			return err
		}
		n := 0
		for _, d := range all {
			for _, v := range d.ReportingDimensionValues {
				if v.ID == valueID && v.ReportingDimensionID == dimensionID {
					if _, err := q.DeleteDimensionSplit(ctx, store.DeleteDimensionSplitParams{BusinessID: biz.ID, EmployeeID: employeeID, ID: d.ID}); err != nil {
						return err
					}
					if err := s.audit(ctx, q, e, "dimensionEarningsLineSplit", d.ID, d, nil); err != nil {
						return err
					}
					n++
					break
				}
			}
		}
		if n == 0 {
			return payroll.NotFound("dimension earnings line split")
		}
		return nil
	})
}
