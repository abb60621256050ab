package kiosk

import (
	"context"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
)

// LookupWorkType is a work type or shift condition offered at clock on.
type LookupWorkType struct {
	ID               int64
	Name, ShortCode  string
	IsLeaveType      bool
	AwardPackageID   *int64
	IsShiftCondition bool
}

// LookupDimensionValue is a reporting dimension value offered at clock on.
type LookupDimensionValue struct {
	ID, DimensionID int64
	Name            string
}

// Lookup is what the clock-on screen offers an employee
// (AuTimeAndAttendanceLookupDataModel).
type Lookup struct {
	Locations               []IDName // ParentID unused
	DefaultLocation         IDName
	WorkTypes               []LookupWorkType
	ShiftConditions         []LookupWorkType
	LocationShiftConditions map[int64][]int64
	DimensionsEnabled       bool
	Dimensions              []IDName
	DimensionValues         []LookupDimensionValue
}

// LookupData returns the choices for clocking employeeID on at kiosk
// kioskID (0 = self service). Locations: the employee's locations when the
// kiosk restricts locations for employees (or, in self service, when the
// employee has any), else every location of the business; the default
// location is the kiosk's, else the employee's primary one. Work types:
// those not mapped to shift conditions; shift conditions: those that are,
// with each location's default shift conditions. Dimension values: those
// available to every employee or named for this one, offered when the
// kiosk enables timesheet dimensions (always in self service).
func (s *Service) LookupData(ctx context.Context, biz business.Business, p *payroll.Principal, kioskID, employeeID int64) (_ Lookup, err error) {
	defer payroll.Wrap(&err, "lookup data of employee %d", employeeID)
	var k *Kiosk
	q := s.DB.Queries()
	if kioskID != 0 {
		kk, err := s.getKiosk(ctx, q, biz, kioskID)
		if err != nil {
			return Lookup{}, err
		}
		k = &kk
	}
	own, err := s.Employees.Locations(ctx, biz, p, employeeID)
	if err != nil {
		return Lookup{}, err
	}
	out := Lookup{Locations: []IDName{}, WorkTypes: []LookupWorkType{}, ShiftConditions: []LookupWorkType{}, LocationShiftConditions: map[int64][]int64{},
		Dimensions: []IDName{}, DimensionValues: []LookupDimensionValue{}, DimensionsEnabled: k == nil || k.TimesheetDimensionsEnabled}
	if s.Lookups == nil {
		return out, nil
	}
	restrict := len(own) > 0 && (k == nil || k.RestrictLocationsForEmployees)
	mine := map[int64]bool{}
	for _, id := range own {
		mine[id] = true
	}
	locs, err := s.Lookups.Locations.List(ctx, biz, 0)
	if err != nil {
		return Lookup{}, err
	}
	names := map[int64]string{}
	for _, l := range locs {
		name := l.FullyQualifiedName
		if name == "" {
			name = l.Name
		}
		names[l.ID] = name
		if restrict && !mine[l.ID] {
			continue
		}
		out.Locations = append(out.Locations, IDName{ID: l.ID, Name: name})
		if len(l.DefaultShiftConditionIDs) > 0 {
			out.LocationShiftConditions[l.ID] = l.DefaultShiftConditionIDs
		}
	}
	switch {
	case k != nil && k.LocationID != nil:
		out.DefaultLocation = IDName{ID: *k.LocationID, Name: names[*k.LocationID]}
	case len(own) > 0:
		out.DefaultLocation = IDName{ID: own[0], Name: names[own[0]]}
	}
	if s.Lookups.WorkTypes.Gate(biz) == nil {
		wts, err := s.Lookups.WorkTypes.List(ctx, biz, 0)
		if err != nil {
			return Lookup{}, err
		}
		for _, w := range wts {
			lw := LookupWorkType{ID: w.ID, Name: w.Name, ShortCode: w.ShortCode, IsLeaveType: w.MappingType == "LeaveCategory", AwardPackageID: w.AwardPackageID,
				IsShiftCondition: w.MappingType == "ShiftCondition"}
			if lw.IsShiftCondition {
				out.ShiftConditions = append(out.ShiftConditions, lw)
			} else {
				out.WorkTypes = append(out.WorkTypes, lw)
			}
		}
	}
	if !out.DimensionsEnabled || s.Lookups.Dimensions.Gate(biz) != nil {
		return out, nil
	}
	dims, err := s.Lookups.Dimensions.List(ctx, biz, 0)
	if err != nil {
		return Lookup{}, err
	}
	me := strconv.FormatInt(employeeID, 10)
	for _, d := range dims {
		out.Dimensions = append(out.Dimensions, IDName{ID: d.ID, Name: d.Name})
		vals, err := s.Lookups.DimensionValues.List(ctx, biz, d.ID)
		if err != nil {
			return Lookup{}, err
		}
		for _, v := range vals {
			ok := v.AllEmployees
			for _, id := range strings.Split(v.SpecificEmployees, ",") {
				ok = ok || strings.TrimSpace(id) == me
			}
			if ok {
				out.DimensionValues = append(out.DimensionValues, LookupDimensionValue{ID: v.ID, DimensionID: d.ID, Name: v.Name})
			}
		}
	}
	return out, nil
}
