// Package reference owns the business-scoped reference collections (pay
// categories, work types, locations, ...) and business settings documents.
//
// A resource kind costs a model type (JSON wire names, Validate), an
// optional References method naming the records it points at, and a
// Collection value; storage, existence checks of references, 409 on
// deleting a record in use, external ids and region gating are shared.
package record

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Base carries the id every record has; embed it in a model.
type Base struct {
	ID int64 `json:"id" readOnly:"true"`
}

func (b *Base) GetID() int64   { return b.ID }
func (b *Base) SetID(id int64) { b.ID = id }

// Resource is what a model implements (Base gives the id methods).
type Resource interface {
	GetID() int64
	SetID(int64)
	// Validate checks the record's own fields (references are checked by the
	// collection).
	Validate(v *payroll.Validation)
}

// Ptr is the pointer-to-model constraint of a Collection.
type Ptr[T any] interface {
	*T
	Resource
}

// Ref is a reference from a record to another record of the business.
type Ref struct {
	Field string // wire name of the referencing member, for 400s
	Kind  string // kind of the referenced record
	ID    int64  // 0 = no reference
}

// Optional model methods.
type (
	Named       interface{ RecordName() string }
	external    interface{ RecordExternalID() string }
	referencing interface{ References() []Ref }
)

// Service runs the collections' transactions.
type Service struct {
	DB    *db.DB
	Clock payroll.Clock
}

// Collection is one resource kind.
type Collection[T any, P Ptr[T]] struct {
	S      *Service
	Kind   string   // stored kind, e.g. "worktype"
	Label  string   // human name, e.g. "work type"
	Region []string // regions whose businesses have it; nil = all
	// UniqueName makes a second record with the same name (case-insensitive,
	// same parent) a 409.
	UniqueName bool
	// ParentKind, when set, makes records children of a record of that kind
	// (dimension values of a dimension, plans of a pension scheme).
	ParentKind string
	// Decorate fills computed members of loaded records (e.g. a location's
	// fully qualified name). Optional.
	Decorate func(ctx context.Context, q *store.Queries, bizID int64, items []T) error
	// Check adds rules that need the database (e.g. no cycles). Optional.
	Check func(ctx context.Context, q *store.Queries, bizID int64, v *T) error
	// AfterWrite runs in the transaction of every create and update with
	// the stored row and value, e.g. to keep a kind's typed query table
	// (locations) in step with the document. Optional.
	AfterWrite func(ctx context.Context, q *store.Queries, bizID int64, r store.Record, v *T) error
}

func (c Collection[T, P]) afterWrite(ctx context.Context, q *store.Queries, bizID int64, r store.Record, v *T) error {
	if c.AfterWrite == nil {
		return nil
	}
	return c.AfterWrite(ctx, q, bizID, r, v)
}

// RegionAllowed reports whether a business of region may use the kind.
func (c Collection[T, P]) RegionAllowed(region string) bool {
	return RegionIn(c.Region, region)
}

// RegionIn reports whether region is in list (nil list = every region).
func RegionIn(list []string, region string) bool {
	if len(list) == 0 {
		return true
	}
	for _, r := range list {
		if r == region {
			return true
		}
	}
	return false
}

// RegionError is the 400 for a region-specific operation in another region.
func RegionError(what string, regions []string, biz business.Business) error {
	return &payroll.Error{Kind: payroll.KindInvalid, Field: "region",
		Message: fmt.Sprintf("%s are available to businesses in %s; business %d is in %s", what, strings.Join(regions, ", "), biz.ID, biz.Region)}
}

func (c Collection[T, P]) Gate(biz business.Business) error {
	if !c.RegionAllowed(biz.Region) {
		return RegionError(Plural(c.Label), c.Region, biz)
	}
	return nil
}

// Plural is the English plural of a label ("work type" -> "work types").
func Plural(s string) string {
	if strings.HasSuffix(s, "y") && !strings.HasSuffix(s, "ey") {
		return s[:len(s)-1] + "ies"
	}
	if strings.HasSuffix(s, "s") {
		return s
	}
	return s + "s"
}

func (c Collection[T, P]) notFound() error { return payroll.NotFound(c.Label) }

func (c Collection[T, P]) Decode(r store.Record) (T, error) {
	var v T
	if err := json.Unmarshal([]byte(r.Data), &v); err != nil {
		return v, fmt.Errorf("decode %s %d: %w", c.Kind, r.ID, err)
	}
	P(&v).SetID(r.ID)
	return v, nil
}

// decodeAll decodes loaded rows and fills their computed members.
func (c Collection[T, P]) decodeAll(ctx context.Context, q *store.Queries, bizID int64, rows []store.Record) ([]T, error) {
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		v, err := c.Decode(r)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return c.DecorateItems(ctx, q, bizID, out)
}

func (c Collection[T, P]) DecorateItems(ctx context.Context, q *store.Queries, bizID int64, items []T) ([]T, error) {
	if c.Decorate != nil && len(items) > 0 {
		if err := c.Decorate(ctx, q, bizID, items); err != nil {
			return nil, err
		}
	}
	return items, nil
}

// MaxInMemory caps List: it loads a whole collection (the OData options
// are then applied in memory), which is for small, fixed collections (pay
// categories, work types, ...). Collections that grow with headcount page
// in SQL (see locations.Query); past this many records List is a 409
// rather than a slow, memory-hungry answer.
const MaxInMemory = 10000

// List returns the records of the business (children of parentID when the
// kind has a parent), at most MaxInMemory of them.
func (c Collection[T, P]) List(ctx context.Context, biz business.Business, parentID int64) (_ []T, err error) {
	defer payroll.Wrap(&err, "list %s of business %d", Plural(c.Label), biz.ID)
	if err := c.Gate(biz); err != nil {
		return nil, err
	}
	q := c.S.DB.Queries()
	if err := c.checkParent(ctx, q, biz.ID, parentID); err != nil {
		return nil, err
	}
	var rows []store.Record
	if c.ParentKind != "" {
		rows, err = q.ListRecordsOfParentUpTo(ctx, store.ListRecordsOfParentUpToParams{BusinessID: biz.ID, Kind: c.Kind, ParentID: parentID, Limit: MaxInMemory + 1})
	} else {
		rows, err = q.ListRecordsUpTo(ctx, store.ListRecordsUpToParams{BusinessID: biz.ID, Kind: c.Kind, Limit: MaxInMemory + 1})
	}
	if err != nil {
		return nil, err
	}
	if len(rows) > MaxInMemory {
		return nil, payroll.Conflict("the business has more than %d %s, too many to list at once", MaxInMemory, Plural(c.Label))
	}
	return c.decodeAll(ctx, q, biz.ID, rows)
}

// Get returns one record; another business's or another kind's is 404.
func (c Collection[T, P]) Get(ctx context.Context, biz business.Business, parentID, id int64) (_ T, err error) {
	defer payroll.Wrap(&err, "get %s %d", c.Label, id)
	var zero T
	if err := c.Gate(biz); err != nil {
		return zero, err
	}
	q := c.S.DB.Queries()
	v, err := c.Load(ctx, q, biz.ID, parentID, id)
	if err != nil {
		return zero, err
	}
	items, err := c.DecorateItems(ctx, q, biz.ID, []T{v})
	if err != nil {
		return zero, err
	}
	return items[0], nil
}

func (c Collection[T, P]) Load(ctx context.Context, q *store.Queries, bizID, parentID, id int64) (T, error) {
	r, err := c.loadRow(ctx, q, bizID, parentID, id)
	if err != nil {
		var zero T
		return zero, err
	}
	return c.Decode(r)
}

// loadRow reads the stored row (with its version) of one record.
func (c Collection[T, P]) loadRow(ctx context.Context, q *store.Queries, bizID, parentID, id int64) (store.Record, error) {
	r, err := q.GetRecord(ctx, store.GetRecordParams{ID: id, BusinessID: bizID, Kind: c.Kind})
	if db.IsNoRows(err) || err == nil && c.ParentKind != "" && r.ParentID != parentID {
		return store.Record{}, c.notFound()
	}
	return r, err
}

// ByExternalID returns the records with that external id.
func (c Collection[T, P]) ByExternalID(ctx context.Context, biz business.Business, ext string) (_ []T, err error) {
	defer payroll.Wrap(&err, "find %s by external id %q", c.Label, ext)
	if err := c.Gate(biz); err != nil {
		return nil, err
	}
	q := c.S.DB.Queries()
	rows, err := q.ListRecordsByExternalID(ctx, store.ListRecordsByExternalIDParams{BusinessID: biz.ID, Kind: c.Kind, ExternalID: ext})
	if err != nil {
		return nil, err
	}
	return c.decodeAll(ctx, q, biz.ID, rows)
}

func (c Collection[T, P]) checkParent(ctx context.Context, q *store.Queries, bizID, parentID int64) error {
	if c.ParentKind == "" {
		return nil
	}
	_, err := q.GetRecord(ctx, store.GetRecordParams{ID: parentID, BusinessID: bizID, Kind: c.ParentKind})
	if db.IsNoRows(err) {
		return payroll.NotFound(strings.ReplaceAll(c.ParentKind, "_", " "))
	}
	return err
}

// validate runs the model's own checks, then the reference checks.
func (c Collection[T, P]) validate(ctx context.Context, q *store.Queries, bizID, parentID, selfID int64, v *T) error {
	var val payroll.Validation
	CheckEnums(v, &val)
	P(v).Validate(&val)
	if err := val.Err(); err != nil {
		return err
	}
	if err := CheckRefs(ctx, q, bizID, refsOf(v)); err != nil {
		return err
	}
	if c.UniqueName {
		if n, ok := any(v).(Named); ok {
			rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: bizID, Kind: c.Kind, ParentID: parentID, Lower: n.RecordName()})
			if err != nil {
				return err
			}
			for _, r := range rows {
				if r.ID != selfID {
					return payroll.Conflict("a %s named %q already exists", c.Label, n.RecordName())
				}
			}
		}
	}
	if c.Check != nil {
		// A kind's own rules may span its records (a location tree without
		// cycles, one subcontractor per UTR): checked against committed
		// rows by one writer of the business's records at a time, or two
		// racing writes (A under B, B under A) could each pass. The
		// business row's lock serialises them on PostgreSQL until commit;
		// on SQLite the write transaction is already exclusive.
		if n, err := q.LockBusiness(ctx, bizID); err != nil {
			return err
		} else if n == 0 {
			return payroll.NotFound("business")
		}
		return c.Check(ctx, q, bizID, v)
	}
	return nil
}

func refsOf(v any) []Ref {
	if r, ok := v.(referencing); ok {
		return r.References()
	}
	return nil
}

// CheckRefs reports a 400 naming the field of the first reference to a
// record that is not in the business.
func CheckRefs(ctx context.Context, q *store.Queries, bizID int64, refs []Ref) error {
	for _, ref := range refs {
		if ref.ID == 0 {
			continue
		}
		_, err := q.GetRecord(ctx, store.GetRecordParams{ID: ref.ID, BusinessID: bizID, Kind: ref.Kind})
		if db.IsNoRows(err) {
			return payroll.Invalid(ref.Field, "%s %d does not exist in this business", strings.ReplaceAll(ref.Kind, "_", " "), ref.ID)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// SaveRefs replaces the references held by row (fromKind, fromID). Other
// areas call it for their own rows (an employee's location, a pay run's
// schedule) so referenced records report "in use".
func SaveRefs(ctx context.Context, q *store.Queries, bizID int64, fromKind string, fromID int64, refs []Ref) error {
	if err := q.DeleteRecordRefsFrom(ctx, store.DeleteRecordRefsFromParams{FromKind: fromKind, FromID: fromID}); err != nil {
		return err
	}
	for _, ref := range refs {
		if ref.ID == 0 {
			continue
		}
		if err := q.CreateRecordRef(ctx, store.CreateRecordRefParams{BusinessID: bizID, FromKind: fromKind, FromID: fromID,
			Field: ref.Field, ToKind: ref.Kind, ToID: ref.ID}); err != nil {
			if db.IsForeignKeyViolation(err) { // deleted since CheckRefs looked
				return payroll.Invalid(ref.Field, "%s %d does not exist in this business", strings.ReplaceAll(ref.Kind, "_", " "), ref.ID)
			}
			return err
		}
	}
	return nil
}

// uniqueKey is what the unique index compares for kinds with unique names
// (the validate pre-check gives the friendly message; the index settles
// concurrent writers).
func (c Collection[T, P]) uniqueKey(name string) sql.NullString {
	if !c.UniqueName {
		return sql.NullString{}
	}
	return sql.NullString{String: strings.ToLower(name), Valid: true}
}

// duplicate turns a unique-index violation into the 409 a client expects.
func (c Collection[T, P]) duplicate(err error, name string) error {
	if db.IsUniqueViolation(err) {
		return payroll.Conflict("a %s named %q already exists", c.Label, name)
	}
	return err
}

func columns(v any) (name, ext string) {
	if n, ok := v.(Named); ok {
		name = n.RecordName()
	}
	if e, ok := v.(external); ok {
		ext = e.RecordExternalID()
	}
	return name, ext
}

// Create validates and stores a new record.
func (c Collection[T, P]) Create(ctx context.Context, biz business.Business, parentID int64, v *T) (_ T, err error) {
	defer payroll.Wrap(&err, "create %s in business %d", c.Label, biz.ID)
	var out T
	if err := c.Gate(biz); err != nil {
		return out, err
	}
	err = c.S.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		out, err = c.CreateInTx(ctx, q, biz.ID, parentID, v)
		return err
	})
	return out, err
}

// EnsureInTx creates v (a named record) unless the business has a record
// of the kind with its name, and returns the id of the one it has or made:
// default data that running twice leaves as it is.
func (c Collection[T, P]) EnsureInTx(ctx context.Context, q *store.Queries, bizID int64, v P) (int64, error) {
	n, ok := any(v).(Named)
	if !ok {
		return 0, fmt.Errorf("record: %s has no name to ensure by", c.Kind)
	}
	rows, err := q.ListRecordsByName(ctx, store.ListRecordsByNameParams{BusinessID: bizID, Kind: c.Kind, Lower: n.RecordName()})
	if err != nil {
		return 0, err
	}
	if len(rows) > 0 {
		return rows[0].ID, nil
	}
	out, err := c.CreateInTx(ctx, q, bizID, 0, (*T)(v))
	if err != nil {
		return 0, err
	}
	return P(&out).GetID(), nil
}

// CreateInTx is Create inside the caller's transaction (bulk imports,
// default data); region gating is the caller's.
func (c Collection[T, P]) CreateInTx(ctx context.Context, q *store.Queries, bizID, parentID int64, v *T) (T, error) {
	var out T
	if err := c.checkParent(ctx, q, bizID, parentID); err != nil {
		return out, err
	}
	P(v).SetID(0) // an id in a create body names nothing
	if err := c.validate(ctx, q, bizID, parentID, 0, v); err != nil {
		return out, err
	}
	data, err := json.Marshal(v)
	if err != nil {
		return out, err
	}
	name, ext := columns(v)
	r, err := q.CreateRecord(ctx, store.CreateRecordParams{BusinessID: bizID, Kind: c.Kind, ParentID: parentID, Name: name,
		ExternalID: ext, Data: string(data), UniqueKey: c.uniqueKey(name), CreatedAt: c.S.Clock.Now()})
	if err != nil {
		return out, c.duplicate(err, name)
	}
	if err := SaveRefs(ctx, q, bizID, c.Kind, r.ID, refsOf(v)); err != nil {
		return out, err
	}
	P(v).SetID(r.ID)
	if err := c.afterWrite(ctx, q, bizID, r, v); err != nil {
		return out, err
	}
	items, err := c.decodeAll(ctx, q, bizID, []store.Record{r})
	if err != nil {
		return out, err
	}
	return items[0], nil
}

// Update applies change to the stored record (change receives the current
// value: callers merge the request onto it) and stores the result.
//
// The write is conditional on the version read (see UpdateInTx), so a
// concurrent update of the same record is never lost: the loser re-reads
// and re-applies change.
func (c Collection[T, P]) Update(ctx context.Context, biz business.Business, parentID, id int64, change func(cur *T) error) (_ T, err error) {
	defer payroll.Wrap(&err, "update %s %d", c.Label, id)
	var out T
	if err := c.Gate(biz); err != nil {
		return out, err
	}
	err = c.S.DB.InTx(ctx, func(q *store.Queries) error {
		var err error
		out, err = c.UpdateInTx(ctx, q, biz.ID, parentID, id, change)
		return err
	})
	return out, err
}

// UpdateInTx is Update inside the caller's transaction; region gating is
// the caller's. change may run more than once (once per attempt, each time
// on a freshly read value), so it must only merge onto its argument.
func (c Collection[T, P]) UpdateInTx(ctx context.Context, q *store.Queries, bizID, parentID, id int64, change func(cur *T) error) (T, error) {
	var out T
	for attempt := 1; ; attempt++ {
		row, err := c.loadRow(ctx, q, bizID, parentID, id)
		if err != nil {
			return out, err
		}
		cur, err := c.Decode(row)
		if err != nil {
			return out, err
		}
		if err := change(&cur); err != nil {
			return out, err
		}
		P(&cur).SetID(id)
		if err := c.validate(ctx, q, bizID, parentID, id, &cur); err != nil {
			return out, err
		}
		data, err := json.Marshal(&cur)
		if err != nil {
			return out, err
		}
		name, ext := columns(&cur)
		r, err := q.UpdateRecord(ctx, store.UpdateRecordParams{ID: id, BusinessID: bizID, Kind: c.Kind, Name: name, ExternalID: ext,
			Data: string(data), UniqueKey: c.uniqueKey(name), UpdatedAt: c.S.Clock.Now(), Version: row.Version})
		if db.IsNoRows(err) {
			if attempt >= MaxAttempts {
				return out, Stale(c.Label)
			}
			continue // changed (or deleted) since we read it: read again
		}
		if err != nil {
			return out, c.duplicate(err, name)
		}
		if err := SaveRefs(ctx, q, bizID, c.Kind, id, refsOf(&cur)); err != nil {
			return out, err
		}
		if err := c.afterWrite(ctx, q, bizID, r, &cur); err != nil {
			return out, err
		}
		items, err := c.decodeAll(ctx, q, bizID, []store.Record{r})
		if err != nil {
			return out, err
		}
		return items[0], nil
	}
}

// Delete removes a record; one that other rows refer to is a 409 naming
// what uses it.
func (c Collection[T, P]) Delete(ctx context.Context, biz business.Business, parentID, id int64) (err error) {
	defer payroll.Wrap(&err, "delete %s %d", c.Label, id)
	if err := c.Gate(biz); err != nil {
		return err
	}
	return c.S.DB.InTx(ctx, func(q *store.Queries) error {
		if _, err := c.Load(ctx, q, biz.ID, parentID, id); err != nil {
			return err
		}
		return c.DeleteInTx(ctx, q, biz.ID, id)
	})
}

// DeleteInTx is Delete inside the caller's transaction, without the
// existence check.
func (c Collection[T, P]) DeleteInTx(ctx context.Context, q *store.Queries, bizID, id int64) error {
	uses, err := q.ListRecordRefsTo(ctx, store.ListRecordRefsToParams{ToID: id, ToKind: c.Kind})
	if err != nil {
		return err
	}
	if len(uses) > 0 {
		parts := make([]string, len(uses))
		for i, u := range uses {
			parts[i] = fmt.Sprintf("%d %s", u.N, strings.ReplaceAll(u.FromKind, "_", " "))
		}
		return payroll.Conflict("the %s is in use (%s) and cannot be deleted", c.Label, strings.Join(parts, ", "))
	}
	if err := q.DeleteRecordRefsFrom(ctx, store.DeleteRecordRefsFromParams{FromKind: c.Kind, FromID: id}); err != nil {
		return err
	}
	_, err = q.DeleteRecord(ctx, store.DeleteRecordParams{ID: id, BusinessID: bizID, Kind: c.Kind})
	if db.IsForeignKeyViolation(err) { // referred to since the check above
		return payroll.Conflict("the %s is in use and cannot be deleted", c.Label)
	}
	return err
}
