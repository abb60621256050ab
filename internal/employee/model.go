package employee

import (
	"database/sql"
	"fmt"
	"reflect"
	"time"

	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Employee statuses.
const (
	StatusActive     = "Active"
	StatusTerminated = "Terminated"
	StatusIncomplete = "Incomplete"
)

// Employee is one employee of a business: the unstructured employee's
// members (all regions; a business only accepts its own region's) plus the
// state the service keeps.
type Employee struct {
	ID         int64  `json:"id"`
	ExternalID string `json:"externalId" maxLength:"50"`
	Members
	Status      string           `json:"status" enum:"Active,Terminated,Incomplete"`
	DateCreated payroll.DateTime `json:"dateCreated"`

	// Not on the wire.
	BusinessID           int64   `json:"-"`
	Version              int64   `json:"-"` // bumped by every update (conditional UPDATE)
	UserID               int64   `json:"-"` // the self-service user this employee is, 0 = none
	PayScheduleID        int64   `json:"-"` // resolved paySchedule, 0 = none
	PrimaryPayCategoryID int64   `json:"-"` // resolved primaryPayCategory
	PrimaryLocationID    int64   `json:"-"` // resolved primaryLocation
	LocationIDs          []int64 `json:"-"` // resolved locations (primary first when set); filled by loads that need it
}

// Name is "first surname".
func (e *Employee) Name() string {
	if e.FirstName == "" {
		return e.Surname
	}
	return e.FirstName + " " + e.Surname
}

// member describes one member of Members: wire name, Go field (= the
// sqlc field of store.Employee and the params structs), column, region
// ("" = every region), kind (s string, e enum, b bool, d date, m money,
// r rate, i integer) and max length.
type member struct {
	JSON, Go, Column, Region, Kind string
	MaxLen                         int
}

// fieldIndex caches, per member, the field index in Members and in the
// store structs (found by name once; a missing one panics at start, and
// TestMembersMapEveryColumn keeps them in step).
type fieldIndex struct {
	m                 member
	model, create, up []int
}

var fields = func() []fieldIndex {
	mt := reflect.TypeOf(Members{})
	rt, ct, ut := reflect.TypeOf(store.Employee{}), reflect.TypeOf(store.CreateEmployeeParams{}), reflect.TypeOf(store.UpdateEmployeeParams{})
	find := func(t reflect.Type, name string) []int {
		f, ok := t.FieldByName(name)
		if !ok {
			panic(fmt.Sprintf("employee: %s has no field %s", t, name))
		}
		return f.Index
	}
	out := make([]fieldIndex, len(memberInfo))
	for i, m := range memberInfo {
		find(rt, m.Go) // membersFromRow copies from the row's field of the same name
		out[i] = fieldIndex{m: m, model: find(mt, m.Go), create: find(ct, m.Go), up: find(ut, m.Go)}
	}
	return out
}()

// memberByJSON finds a member by wire name (case-insensitive).
var memberByJSON = func() map[string]fieldIndex {
	out := make(map[string]fieldIndex, len(fields))
	for _, f := range fields {
		out[lower(f.m.JSON)] = f
	}
	return out
}()

// toColumn converts a model value to its column value.
func toColumn(kind string, v reflect.Value) any {
	switch kind {
	case "s":
		return v.String()
	case "e":
		if v.IsNil() {
			return ""
		}
		return v.Elem().String()
	case "b":
		if v.IsNil() {
			return sql.NullBool{}
		}
		return sql.NullBool{Bool: v.Elem().Bool(), Valid: true}
	case "d":
		d := v.Interface().(payroll.DateTime)
		if d.IsZero() {
			return sql.NullTime{}
		}
		return sql.NullTime{Time: d.Time, Valid: true}
	case "m":
		if v.IsNil() {
			return sql.NullInt64{}
		}
		return sql.NullInt64{Int64: v.Interface().(*payroll.Money).MinorUnits(), Valid: true}
	case "r":
		if v.IsNil() {
			return sql.NullString{}
		}
		return sql.NullString{String: v.Interface().(*payroll.Rate).String(), Valid: true}
	case "i":
		if v.IsNil() {
			return sql.NullInt64{}
		}
		return sql.NullInt64{Int64: v.Elem().Int(), Valid: true}
	}
	panic("employee: unknown member kind " + kind)
}

// fromRow is the employee a stored row holds.
func fromRow(r store.Employee) Employee {
	e := Employee{ID: r.ID, ExternalID: r.ExternalID, Status: r.Status, DateCreated: payroll.NewDateTime(r.CreatedAt),
		BusinessID: r.BusinessID, Version: r.Version, UserID: r.UserID.Int64,
		PayScheduleID: r.PayScheduleID.Int64, PrimaryPayCategoryID: r.PrimaryPayCategoryID.Int64, PrimaryLocationID: r.PrimaryLocationID.Int64}
	membersFromRow(&e.Members, &r)
	return e
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

// createParams are the insert parameters for e.
func createParams(e *Employee, now time.Time) store.CreateEmployeeParams {
	p := store.CreateEmployeeParams{BusinessID: e.BusinessID, Status: e.Status, ExternalID: e.ExternalID,
		PayScheduleID: nullID(e.PayScheduleID), PrimaryPayCategoryID: nullID(e.PrimaryPayCategoryID), PrimaryLocationID: nullID(e.PrimaryLocationID),
		CreatedAt: now, UpdatedAt: now}
	copyMembers(&e.Members, reflect.ValueOf(&p).Elem(), func(f fieldIndex) []int { return f.create })
	return p
}

// updateParams are the conditional-update parameters for e, expecting the
// stored row to still be at e.Version.
func updateParams(e *Employee, now time.Time) store.UpdateEmployeeParams {
	p := store.UpdateEmployeeParams{ID: e.ID, BusinessID: e.BusinessID, Version: e.Version, Status: e.Status, ExternalID: e.ExternalID,
		PayScheduleID: nullID(e.PayScheduleID), PrimaryPayCategoryID: nullID(e.PrimaryPayCategoryID), PrimaryLocationID: nullID(e.PrimaryLocationID),
		UpdatedAt: now}
	copyMembers(&e.Members, reflect.ValueOf(&p).Elem(), func(f fieldIndex) []int { return f.up })
	return p
}

func copyMembers(m *Members, dst reflect.Value, idx func(fieldIndex) []int) {
	mv := reflect.ValueOf(m).Elem()
	for _, f := range fields {
		dst.FieldByIndex(idx(f)).Set(reflect.ValueOf(toColumn(f.m.Kind, mv.FieldByIndex(f.model))))
	}
}
