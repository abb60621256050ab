package locations

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/db"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Location is a place employees work, in a tree (AuLocationModel). A
// parent with children cannot be deleted (the children refer to it).
type Location struct {
	record.Base
	ParentID                     *int64  `json:"parentId"`
	Name                         string  `json:"name" required:"true"`
	ExternalID                   string  `json:"externalId"`
	ExternalAccountingLocationID string  `json:"externalAccountingLocationId"`
	Source                       string  `json:"source"`
	FullyQualifiedName           string  `json:"fullyQualifiedName" readOnly:"true" doc:"the names from the root down, joined by /"`
	IsGlobal                     bool    `json:"isGlobal"`
	IsRollupReportingLocation    bool    `json:"isRollupReportingLocation"`
	GeneralLedgerMappingCode     string  `json:"generalLedgerMappingCode"`
	DefaultShiftConditionIDs     []int64 `json:"defaultShiftConditionIds" doc:"work types applied to shifts here by default"`
	State                        string  `json:"state"`
	Country                      string  `json:"country"`
}

func (l *Location) RecordName() string       { return l.Name }
func (l *Location) RecordExternalID() string { return l.ExternalID }

// RequestExample is a valid create body (the OpenAPI example).
func (Location) RequestExample() any {
	return map[string]any{"name": "Melbourne office", "state": "VIC", "country": "Australia"}
}

// Validate checks the location's own fields.
func (l *Location) Validate(v *payroll.Validation) {
	l.Name = strings.TrimSpace(l.Name)
	v.RequiredMembers(l)
	v.MaxLen("name", l.Name, 100)
	v.MaxLen("externalId", l.ExternalID, 50)
	v.MaxLen("externalAccountingLocationId", l.ExternalAccountingLocationID, 50)
	v.MaxLen("generalLedgerMappingCode", l.GeneralLedgerMappingCode, 50)
	v.MaxLen("state", l.State, 50)
	v.MaxLen("country", l.Country, 100)
	if l.ParentID != nil && *l.ParentID == 0 {
		l.ParentID = nil
	}
	if l.ParentID != nil && *l.ParentID == l.ID && l.ID != 0 {
		v.Add("parentId", "a location cannot be its own parent")
	}
	if l.DefaultShiftConditionIDs == nil {
		l.DefaultShiftConditionIDs = []int64{}
	}
	l.FullyQualifiedName = "" // computed on read
}

// References names the parent and the default shift conditions.
func (l *Location) References() []record.Ref {
	refs := []record.Ref{{Field: "parentId", Kind: record.KindLocation, ID: record.Deref(l.ParentID)}}
	for _, id := range l.DefaultShiftConditionIDs {
		refs = append(refs, record.Ref{Field: "defaultShiftConditionIds", Kind: record.KindWorkType, ID: id})
	}
	return refs
}

// locationTree is locations of a business by id: name and parent (0 =
// top level); enough of the tree to name the locations it was loaded for.
type locationTree map[int64]struct {
	name   string
	parent int64
}

func (t locationTree) add(id int64, parent sql.NullInt64, name string) {
	t[id] = struct {
		name   string
		parent int64
	}{name, parent.Int64}
}

// batchTreeMax is the largest batch named through its ancestors; a larger
// one (the capped in-memory path) loads the business's whole tree.
const batchTreeMax = 200

// locationChainSQL selects the locations with the given ids and every
// location above them; %s is the list of id placeholders ($2, $3, ...).
const locationChainSQL = `WITH RECURSIVE chain(id, parent_id, name) AS (
    SELECT l.id, l.parent_id, l.name FROM locations l WHERE l.business_id = $1 AND l.id IN (%s)
    UNION
    SELECT p.id, p.parent_id, p.name FROM locations p JOIN chain c ON p.id = c.parent_id WHERE p.business_id = $1
)
SELECT id, parent_id, name FROM chain`

// loadTreeFor loads the part of the tree that names ids: the locations
// and their ancestors, in one query.
func loadTreeFor(ctx context.Context, q *store.Queries, bizID int64, ids []int64) (locationTree, error) {
	t := locationTree{}
	if len(ids) > batchTreeMax {
		rows, err := q.ListLocationTree(ctx, bizID)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			t.add(r.ID, r.ParentID, r.Name)
		}
		return t, nil
	}
	if len(ids) == 0 {
		return t, nil
	}
	ph := make([]string, len(ids))
	args := make([]any, 0, len(ids)+1)
	args = append(args, bizID)
	for i, id := range ids {
		ph[i] = "$" + strconv.Itoa(i+2)
		args = append(args, id)
	}
	rows, err := q.Query(ctx, fmt.Sprintf(locationChainSQL, strings.Join(ph, ", ")), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var parent sql.NullInt64
		var name string
		if err := rows.Scan(&id, &parent, &name); err != nil {
			return nil, err
		}
		t.add(id, parent, name)
	}
	return t, rows.Err()
}

// path is the fully qualified name of id ("Head Office/Sydney").
func (t locationTree) path(id int64) string {
	var names []string
	seen := map[int64]bool{}
	for id != 0 && !seen[id] {
		seen[id] = true
		n, ok := t[id]
		if !ok {
			break
		}
		names = append(names, n.name)
		id = n.parent
	}
	for i, j := 0, len(names)-1; i < j; i, j = i+1, j-1 {
		names[i], names[j] = names[j], names[i]
	}
	return strings.Join(names, "/")
}

// decorateLocations fills the fully qualified names of items, loading only
// their ancestors, in one query for the batch.
func decorateLocations(ctx context.Context, q *store.Queries, bizID int64, items []Location) error {
	ids := make([]int64, len(items))
	for i := range items {
		ids[i] = items[i].ID
	}
	t, err := loadTreeFor(ctx, q, bizID, ids)
	if err != nil {
		return err
	}
	for i := range items {
		items[i].FullyQualifiedName = t.path(items[i].ID)
	}
	return nil
}

// checkLocation refuses a parent that is the location itself or one of
// its descendants (a cycle), and a second child of the same parent with
// the same name (409).
func checkLocation(ctx context.Context, q *store.Queries, bizID int64, l *Location) error {
	parent := record.Deref(l.ParentID)
	if l.ID != 0 && parent != 0 {
		above, err := q.ListLocationAncestors(ctx, store.ListLocationAncestorsParams{BusinessID: bizID, ID: parent})
		if err != nil {
			return err
		}
		for _, a := range above {
			if a.ID == l.ID {
				return payroll.Invalid("parentId", "location %d is inside location %d: making it the parent would create a cycle", parent, l.ID)
			}
		}
	}
	same, err := q.ListLocationSiblingsNamed(ctx, store.ListLocationSiblingsNamedParams{BusinessID: bizID, ParentID: sql.NullInt64{Int64: parent, Valid: true}, Name: l.Name})
	if err != nil {
		return err
	}
	for _, id := range same {
		if id != l.ID {
			t, err := loadTreeFor(ctx, q, bizID, []int64{id})
			if err != nil {
				return err
			}
			return payroll.Conflict("a location named %q already exists there (%s)", l.Name, t.path(id))
		}
	}
	return nil
}

// saveLocationRow keeps the location's typed columns (the locations table
// the list queries) in step with its record.
func saveLocationRow(ctx context.Context, q *store.Queries, bizID int64, r store.Record, l *Location) error {
	var parent sql.NullInt64
	if l.ParentID != nil && *l.ParentID != 0 {
		parent = sql.NullInt64{Int64: *l.ParentID, Valid: true}
	}
	err := q.SaveLocationRow(ctx, store.SaveLocationRowParams{ID: r.ID, BusinessID: bizID, ParentID: parent, Name: l.Name,
		ExternalID: l.ExternalID, ExternalAccountingLocationID: l.ExternalAccountingLocationID, Source: l.Source,
		IsGlobal: l.IsGlobal, IsRollupReportingLocation: l.IsRollupReportingLocation,
		GeneralLedgerMappingCode: l.GeneralLedgerMappingCode, State: l.State, Country: l.Country})
	if db.IsUniqueViolation(err) {
		// A concurrent writer got the name first (locations_sibling_name);
		// checkLocation gives the same answer when it sees the other row.
		return payroll.Conflict("a location named %q already exists there", l.Name)
	}
	return err
}

// SingleLocation is a location with every location below it
// (AuSingleLocationModel), depth first.
type SingleLocation struct {
	Location
	NestedLocations []Location `json:"nestedLocations"`
}

// LocationWithNested returns a location and its descendants.
func (c *LocationCollections) LocationWithNested(ctx context.Context, biz business.Business, id int64) (SingleLocation, error) {
	loc, err := c.Locations.Get(ctx, biz, 0, id)
	if err != nil {
		return SingleLocation{}, err
	}
	q := c.Locations.S.DB.Queries()
	rows, err := q.ListLocationDescendants(ctx, store.ListLocationDescendantsParams{BusinessID: biz.ID, ParentID: sql.NullInt64{Int64: id, Valid: true}})
	if err != nil {
		return SingleLocation{}, err
	}
	all := make([]Location, 0, len(rows))
	for _, r := range rows {
		l, err := c.Locations.Decode(r)
		if err != nil {
			return SingleLocation{}, err
		}
		all = append(all, l)
	}
	children := map[int64][]Location{}
	for _, l := range all {
		children[record.Deref(l.ParentID)] = append(children[record.Deref(l.ParentID)], l)
	}
	out := SingleLocation{Location: loc, NestedLocations: []Location{}}
	seen := map[int64]bool{id: true}
	var walk func(int64)
	walk = func(p int64) {
		for _, ch := range children[p] {
			if !seen[ch.ID] {
				seen[ch.ID] = true
				out.NestedLocations = append(out.NestedLocations, ch)
				walk(ch.ID)
			}
		}
	}
	walk(id)
	out.NestedLocations, err = c.Locations.DecorateItems(ctx, q, biz.ID, out.NestedLocations)
	return out, err
}

// LocationCollections holds the business's locations (a tree: a location
// may have a parent).
type LocationCollections struct {
	Locations record.Collection[Location, *Location]
}

func NewLocationCollections(s *record.Service) *LocationCollections {
	return &LocationCollections{Locations: record.Collection[Location, *Location]{S: s, Kind: record.KindLocation, Label: "location",
		Decorate: decorateLocations, Check: checkLocation, AfterWrite: saveLocationRow}}
}
