package locations

import (
	"context"
	"strings"

	"github.com/payrolld/payrolld/internal/business"
	"github.com/payrolld/payrolld/internal/odata"
	"github.com/payrolld/payrolld/internal/store"
)

// Columns is the whitelist of location members a B/location list can
// filter and sort on in SQL: the typed columns of the locations table
// (migration 00061). fullyQualifiedName is computed, so a query on it
// takes the in-memory path (capped; see Query).
var Columns = odata.Whitelist{
	ID: "l.id",
	Columns: map[string]odata.Column{
		"id":                           {SQL: "l.id", Type: odata.ColInt},
		"parentId":                     {SQL: "l.parent_id", Type: odata.ColInt, Nullable: true},
		"name":                         {SQL: "l.name", Type: odata.ColString},
		"externalId":                   {SQL: "l.external_id", Type: odata.ColString},
		"externalAccountingLocationId": {SQL: "l.external_accounting_location_id", Type: odata.ColString},
		"source":                       {SQL: "l.source", Type: odata.ColString},
		"isGlobal":                     {SQL: "l.is_global", Type: odata.ColBool},
		"isRollupReportingLocation":    {SQL: "l.is_rollup_reporting_location", Type: odata.ColBool},
		"generalLedgerMappingCode":     {SQL: "l.general_ledger_mapping_code", Type: odata.ColString},
		"state":                        {SQL: "l.state", Type: odata.ColString},
		"country":                      {SQL: "l.country", Type: odata.ColString},
	},
	Unsupported: []string{"fullyQualifiedName", "defaultShiftConditionIds"},
}

// listLocationsSQL is the fixed part of a B/location list; Query appends
// the compiled "WHERE l.business_id = $1 AND (...) ORDER BY ... LIMIT
// OFFSET".
const listLocationsSQL = `SELECT r.id, r.data FROM locations l JOIN records r ON r.id = l.id `

// Query is GET B/location with OData: filtered, ordered and paged in SQL
// over Columns, so the cost is one page, not the business's locations.
// Errors are *odata.Error (400s), the same as the in-memory path gives for
// the same query.
func (c *LocationCollections) Query(ctx context.Context, biz business.Business, q odata.Query) ([]Location, error) {
	if err := c.Locations.Gate(biz); err != nil {
		return nil, err
	}
	if err := odata.Check[Location](q); err != nil {
		return nil, err
	}
	for _, m := range q.Members() {
		if strings.EqualFold(m, "fullyQualifiedName") {
			// Computed from the tree: filter in memory (List is capped).
			all, err := c.Locations.List(ctx, biz, 0)
			if err != nil {
				return nil, err
			}
			return odata.Apply(all, q)
		}
	}
	s, err := odata.CompileSQL(q, Columns, 2)
	if err != nil {
		return nil, err
	}
	clause, args := s.Clause("l.business_id = $1")
	db := c.Locations.S.DB.Queries()
	rows, err := db.Query(ctx, listLocationsSQL+clause, append([]any{biz.ID}, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := make([]Location, 0, s.Limit)
	for rows.Next() {
		var r store.Record
		if err := rows.Scan(&r.ID, &r.Data); err != nil {
			return nil, err
		}
		l, err := c.Locations.Decode(r)
		if err != nil {
			return nil, err
		}
		items = append(items, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return c.Locations.DecorateItems(ctx, db, biz.ID, items)
}

// WithEmployees lists, by name, the locations of biz where at least one
// employee matching pred works: pred is a predicate over employees e (an
// employee.Scope's SQL) whose placeholders are numbered after $1, the
// business id, and args are its values (args[0] the business id). The
// manager operations list the locations of the employees a restricted
// user manages with it, in one query.
func (c *LocationCollections) WithEmployees(ctx context.Context, biz business.Business, pred string, args []any) ([]Location, error) {
	if err := c.Locations.Gate(biz); err != nil {
		return nil, err
	}
	db := c.Locations.S.DB.Queries()
	rows, err := db.Query(ctx, listLocationsSQL+"WHERE l.business_id = $1 AND EXISTS (SELECT 1 FROM employee_locations el JOIN employees e ON e.id = el.employee_id "+
		"WHERE el.location_id = l.id AND e.business_id = $1 AND "+pred+") ORDER BY l.name, l.id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []Location{}
	for rows.Next() {
		var r store.Record
		if err := rows.Scan(&r.ID, &r.Data); err != nil {
			return nil, err
		}
		l, err := c.Locations.Decode(r)
		if err != nil {
			return nil, err
		}
		items = append(items, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return c.Locations.DecorateItems(ctx, db, biz.ID, items)
}
