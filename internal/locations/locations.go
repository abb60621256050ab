package locations

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/payrolld/payrolld/internal/record"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/payroll"
	"github.com/payrolld/payrolld/internal/store"
)

// Location is a place employees work, in a tree (AuLocationModel). A
// parent with children cannot be deleted (the children refer to it).
type Location struct {
	record.Base
	ParentID                     *int64  `json:"parentId"`
	Name                         string  `json:"name"`
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

// Validate checks the location's own fields.
func (l *Location) Validate(v *payroll.Validation) {
	l.Name = strings.TrimSpace(l.Name)
	v.Required("name", l.Name)
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

// locationTree is every location of a business by id.
type locationTree map[int64]struct {
	name   string
	parent int64
}

func loadLocationTree(ctx context.Context, q *store.Queries, bizID int64) (locationTree, error) {
	rows, err := q.ListRecords(ctx, store.ListRecordsParams{BusinessID: bizID, Kind: record.KindLocation})
	if err != nil {
		return nil, err
	}
	t := locationTree{}
	for _, r := range rows {
		var l struct {
			ParentID *int64 `json:"parentId"`
		}
		if err := json.Unmarshal([]byte(r.Data), &l); err != nil {
			return nil, err
		}
		t[r.ID] = struct {
			name   string
			parent int64
		}{r.Name, record.Deref(l.ParentID)}
	}
	return t, nil
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

func decorateLocations(ctx context.Context, q *store.Queries, bizID int64, items []Location) error {
	t, err := loadLocationTree(ctx, q, bizID)
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
	t, err := loadLocationTree(ctx, q, bizID)
	if err != nil {
		return err
	}
	if l.ID != 0 {
		seen := map[int64]bool{}
		for p := record.Deref(l.ParentID); p != 0 && !seen[p]; p = t[p].parent {
			if p == l.ID {
				return payroll.Invalid("parentId", "location %d is inside location %d: making it the parent would create a cycle", record.Deref(l.ParentID), l.ID)
			}
			seen[p] = true
		}
	}
	for id, n := range t {
		if id != l.ID && n.parent == record.Deref(l.ParentID) && strings.EqualFold(n.name, l.Name) {
			return payroll.Conflict("a location named %q already exists there (%s)", l.Name, t.path(id))
		}
	}
	return nil
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
	all, err := c.Locations.List(ctx, biz, 0)
	if err != nil {
		return SingleLocation{}, err
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
	return out, nil
}

// LocationCollections holds the business's locations (a tree: a location
// may have a parent).
type LocationCollections struct {
	Locations record.Collection[Location, *Location]
}

func NewLocationCollections(s *record.Service) *LocationCollections {
	return &LocationCollections{Locations: record.Collection[Location, *Location]{S: s, Kind: record.KindLocation, Label: "location",
		Decorate: decorateLocations, Check: checkLocation}}
}
