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
	m                      member
	model, row, create, up []int
	// modelField and rowField are model and row when each is one field
	// deep (every member today), read with Field(i), the cheaper walk.
	modelField, rowField int
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
		out[i] = fieldIndex{m: m, model: find(mt, m.Go), row: find(rt, m.Go), create: find(ct, m.Go), up: find(ut, m.Go)}
		out[i].modelField, out[i].rowField = -1, -1
		if len(out[i].model) == 1 && len(out[i].row) == 1 {
			out[i].modelField, out[i].rowField = out[i].model[0], out[i].row[0]
		}
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

// setFromColumn sets the member dst from its column c. It reads the
// sql.Null* columns field by field and writes through dst's address, so a
// row costs one allocation per non-null pointer member and no boxing: this
// runs for every employee read and every row of every employee page.
func setFromColumn(kind string, dst, c reflect.Value) {
	// sql.NullBool, NullTime, NullInt64 and NullString hold the value in
	// field 0 and Valid in field 1.
	valid := func() bool { return c.Field(1).Bool() }
	switch kind {
	case "s":
		dst.SetString(c.String())
	case "e":
		if s := c.String(); s != "" {
			*dst.Addr().Interface().(**string) = &s
		}
	case "b":
		if valid() {
			b := c.Field(0).Bool()
			*dst.Addr().Interface().(**bool) = &b
		}
	case "d":
		if valid() {
			*dst.Addr().Interface().(*payroll.DateTime) = payroll.NewDateTime(*c.Field(0).Addr().Interface().(*time.Time))
		}
	case "m":
		if valid() {
			m := payroll.MoneyFromMinor(c.Field(0).Int())
			*dst.Addr().Interface().(**payroll.Money) = &m
		}
	case "r":
		if valid() {
			if r, err := payroll.ParseRate(c.Field(0).String()); err == nil {
				*dst.Addr().Interface().(**payroll.Rate) = &r
			}
		}
	case "i":
		if valid() {
			i := c.Field(0).Int()
			*dst.Addr().Interface().(**int64) = &i
		}
	default:
		panic("employee: unknown member kind " + kind)
	}
}

// fromRow is the employee a stored row holds.
func fromRow(r store.Employee) Employee {
	e := Employee{ID: r.ID, ExternalID: r.ExternalID, Status: r.Status, DateCreated: payroll.NewDateTime(r.CreatedAt),
		BusinessID: r.BusinessID, Version: r.Version, UserID: r.UserID.Int64,
		PayScheduleID: r.PayScheduleID.Int64, PrimaryPayCategoryID: r.PrimaryPayCategoryID.Int64, PrimaryLocationID: r.PrimaryLocationID.Int64}
	mv := reflect.ValueOf(&e.Members).Elem()
	rv := reflect.ValueOf(&r).Elem()
	for i := range fields {
		f := &fields[i]
		if f.modelField >= 0 {
			setFromColumn(f.m.Kind, mv.Field(f.modelField), rv.Field(f.rowField))
		} else {
			setFromColumn(f.m.Kind, mv.FieldByIndex(f.model), rv.FieldByIndex(f.row))
		}
	}
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
